"""Decoder backends: each reads generated labels and camera frames, every code of a picture
with its position; pictures they cannot take are refused with BadImage; make_decoder and
available_backends name the backends and say why one cannot load."""

from __future__ import annotations

import importlib

import cv2
import numpy as np
import pytest

from scanner import decoders, synthetic
from scanner.codes import encode_card, encode_deck
from scanner.decoders import (
    BACKENDS,
    BackendUnavailable,
    BadImage,
    Decoder,
    Detection,
    ZXingDecoder,
    available_backends,
    make_decoder,
    to_gray,
)

TEXTS = (encode_card("ecard1-33"), encode_card("ecard1-56", 2))


def label_picture(texts: tuple[str, ...], module: int = 6) -> tuple[np.ndarray, list[tuple]]:
    """Labels side by side on a grey table, and each code's box (x0, y0, x1, y1)."""
    labels = [synthetic.make_label(t, "Charizard", "EXP 33", module=module) for t in texts]
    height = max(lab.shape[0] for lab, _ in labels)
    width = sum(lab.shape[1] for lab, _ in labels) + 20 * (len(labels) + 1)
    canvas = np.full((height + 40, width, 3), 200, np.uint8)
    boxes = []
    x = 20
    for lab, (x0, y0, x1, y1) in labels:
        canvas[20:20 + lab.shape[0], x:x + lab.shape[1]] = lab
        boxes.append((x + x0, 20 + y0, x + x1, 20 + y1))
        x += lab.shape[1] + 20
    return canvas, boxes


@pytest.mark.parametrize("name", BACKENDS)
def test_each_backend_reads_every_code_with_its_position(name: str) -> None:
    picture, boxes = label_picture(TEXTS)
    decoder = make_decoder(name)
    assert isinstance(decoder, Decoder) and decoder.name == name
    found = {d.text: d for d in decoder.decode(picture)}
    assert set(found) == set(TEXTS)
    for text, (x0, y0, x1, y1) in zip(TEXTS, boxes, strict=True):
        d = found[text]
        assert d.format == "QRCode" and d.backend == name
        # Top-left, top-right, bottom-right, bottom-left, each within 3 px of the truth.
        truth = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
        for (x, y), (tx, ty) in zip(d.corners, truth, strict=True):
            assert abs(x - tx) <= 3 and abs(y - ty) <= 3, (name, d.corners, truth)
        assert d.center == pytest.approx(((x0 + x1) / 2, (y0 + y1) / 2), abs=2)


@pytest.mark.parametrize("name", BACKENDS)
def test_each_backend_takes_grey_and_bgr(name: str) -> None:
    picture, _ = label_picture(TEXTS[:1])
    decoder = make_decoder(name)
    grey = cv2.cvtColor(picture, cv2.COLOR_BGR2GRAY)
    bgra = cv2.cvtColor(picture, cv2.COLOR_BGR2BGRA)
    for image in (picture, grey, grey[:, :, None], bgra):
        assert [d.text for d in decoder.decode(image)] == [TEXTS[0]]


@pytest.fixture(scope="module")
def clean_frames() -> list[synthetic.Sample]:
    return [synthetic.make_sample(synthetic.category("clean"), i, seed=11, frames=1)
            for i in range(3)]


@pytest.mark.parametrize("name", ["zxing", "zbar", "opencv-aruco"])
def test_backends_read_camera_frames(name: str, clean_frames: list[synthetic.Sample]) -> None:
    decoder = make_decoder(name)
    read = sum(set(s.expected) <= {d.text for d in decoder.decode(s.frames[0])}
               for s in clean_frames)
    assert read >= 2, name  # OpenCV's plain detector is weaker: measured by the benchmark


def test_a_deck_code_reads_back() -> None:
    deck = encode_deck("Blaze", ["ecard1-98"] * 4 + ["ecard1-73"] * 3 + ["ecard1-161"] * 14)
    picture, _ = label_picture((deck,), module=4)
    for name in BACKENDS:
        assert [d.text for d in make_decoder(name).decode(picture)] == [deck], name


@pytest.mark.parametrize("name", BACKENDS)
def test_nothing_in_a_blank_picture(name: str) -> None:
    assert make_decoder(name).decode(np.full((120, 160), 230, np.uint8)) == []


@pytest.mark.parametrize(("image", "message"), [
    ([[0, 0], [0, 0]], "a picture is a numpy array, not list"),
    (np.zeros((50, 50), np.float32), "pictures must be uint8, not float32"),
    (np.zeros((50, 50, 2), np.uint8), "not (50, 50, 2)"),
    (np.zeros((5, 50), np.uint8), "a picture of 50x5 is too small to read"),
    (np.zeros((2, 50, 50, 3), np.uint8), "not (2, 50, 50, 3)"),
])
def test_bad_images_are_refused(image: object, message: str) -> None:
    with pytest.raises(BadImage, match=message.replace("(", r"\(").replace(")", r"\)")):
        to_gray(image)  # type: ignore[arg-type]
    for name in BACKENDS:
        with pytest.raises(BadImage):
            make_decoder(name).decode(image)  # type: ignore[arg-type]


def test_make_decoder_names_and_errors() -> None:
    assert make_decoder("ZXing-CPP").name == "zxing"
    assert make_decoder("pyzbar").name == "zbar"
    assert make_decoder("opencv_aruco").name == "opencv-aruco"
    with pytest.raises(ValueError, match="unknown decoder 'quagga'; one of zxing, zbar, "
                                         "opencv, opencv-aruco"):
        make_decoder("quagga")
    with pytest.raises(ValueError, match="unknown binarizer 'Otsu'"):
        ZXingDecoder(binarizer="Otsu")
    with pytest.raises(ValueError, match="unknown barcode formats"):
        ZXingDecoder(formats="NoSuchCode")


def test_available_backends_here() -> None:
    assert available_backends() == {name: "" for name in BACKENDS}


def test_a_missing_library_is_reported_not_raised(monkeypatch: pytest.MonkeyPatch) -> None:
    real = importlib.import_module

    def without_zbar(name: str, *args: object) -> object:
        if name.startswith("pyzbar"):
            raise ImportError("Unable to find zbar shared library")
        return real(name, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(decoders.importlib, "import_module", without_zbar)
    with pytest.raises(BackendUnavailable, match="apt install libzbar0"):
        make_decoder("zbar")
    status = available_backends()
    assert "Unable to find zbar shared library" in status["zbar"]
    assert status["zxing"] == "" and status["opencv"] == ""


def test_zxing_hints_where_a_symbol_did_not_decode() -> None:
    label, (x0, y0, x1, _) = synthetic.make_label(TEXTS[0], "X", module=8)
    side = x1 - x0
    damaged = label.copy()  # the data area blotted out, the finder patterns intact
    cv2.rectangle(damaged, (int(x0 + 0.3 * side), int(y0 + 0.3 * side)),
                  (int(x0 + 0.8 * side), int(y0 + 0.8 * side)), (128, 128, 128), -1)
    read, hints = ZXingDecoder(fast=True).decode_with_hints(damaged)
    assert read == [] and len(hints) == 1
    hx = [p[0] for p in hints[0]]
    assert min(hx) == pytest.approx(x0, abs=side * 0.1)
    assert max(hx) == pytest.approx(x1, abs=side * 0.1)
    assert ZXingDecoder(fast=True).decode_with_hints(label) == (
        ZXingDecoder(fast=True).decode(label), [])


def test_detection_helpers() -> None:
    d = Detection("T", "QRCode", ((0, 0), (10, 0), (10, 10), (0, 10)), "zxing")
    assert d.center == (5.0, 5.0)
    moved = d.mapped(lambda p: (p[0] + 100, p[1] * 2), "pipeline:zxing/upscale")
    assert moved.corners == ((100, 0), (110, 0), (110, 20), (100, 20))
    assert moved.backend == "pipeline:zxing/upscale" and d.backend == "zxing"
    assert d.as_dict() == {"text": "T", "format": "QRCode", "backend": "zxing",
                           "position": [[0, 0], [10, 0], [10, 10], [0, 10]]}
