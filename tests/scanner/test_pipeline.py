"""The decoder pipeline on generated camera frames: every category read at least as well as
its floor, several codes in a frame all read, nothing where there is no code, other people's
codes and bad payloads rejected with their reasons, the step that read each code named,
positions in frame pixels, and missing backends skipped with a note.

Decode rates and milliseconds at a statistically useful size are the benchmark's
(tools/bench_scanner.py): these are small seeded sets with floors well under what it
measures, and no clock is asserted."""

from __future__ import annotations

import math

import cv2
import numpy as np
import pytest

from scanner import pipeline as pipeline_module
from scanner import synthetic
from scanner.catalog import Catalog
from scanner.codes import CardCode, DeckCode, crc16, encode_card, encode_deck
from scanner.decoders import BackendUnavailable, Decoder, Detection, make_decoder
from scanner.pipeline import (
    NOT_OURS,
    STEPS,
    Pipeline,
    deblur_motion,
    find_regions,
    judge,
    motion_estimate,
)

from .test_decoders import label_picture

PER_CATEGORY = 4
SEED = 5


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return Catalog.from_assets()


@pytest.fixture(scope="module")
def pipe(catalog: Catalog) -> Pipeline:
    return Pipeline(catalog=catalog)


@pytest.fixture(scope="module")
def scenes() -> dict[str, list[synthetic.Sample]]:
    out: dict[str, list[synthetic.Sample]] = {}
    for s in synthetic.generate(PER_CATEGORY, seed=SEED, frames=1):
        out.setdefault(s.category, []).append(s)
    return out


def read_rate(decoder: Decoder, samples: list[synthetic.Sample]) -> float:
    fractions = []
    for s in samples:
        texts = {d.text for d in decoder.decode(s.frames[0])}
        fractions.append(len(set(s.expected) & texts) / len(s.expected))
    return sum(fractions) / len(fractions)


def test_the_generator_covers_every_condition() -> None:
    names = set(synthetic.CATEGORY_NAMES)
    assert {"clean", "rotation", "perspective", "blur", "motion_blur", "noise", "low_light",
            "dark", "glare", "jpeg", "occlusion", "small", "multi", "no_code",
            "foreign"} <= names
    kinds = {c.difficulty for c in synthetic.CATEGORIES}
    assert kinds == {"easy", "hard", "negative"}
    a = synthetic.make_sample(synthetic.category("glare"), 3, seed=1)
    b = synthetic.make_sample(synthetic.category("glare"), 3, seed=1)
    assert a.expected == b.expected and all(
        np.array_equal(x, y) for x, y in zip(a.frames, b.frames, strict=True))
    assert a.frames[0].shape == (480, 640, 3) and len(a.frames) == 2
    assert not np.array_equal(a.frames[0], a.frames[1])  # noise and a little hand shake


def test_easy_categories(pipe: Pipeline, scenes: dict[str, list[synthetic.Sample]]) -> None:
    easy = [c.name for c in synthetic.CATEGORIES if c.difficulty == "easy"]
    rates = {c: read_rate(pipe, scenes[c]) for c in easy}
    assert all(r >= 0.75 for r in rates.values()), rates
    assert sum(rates.values()) / len(rates) >= 0.95, rates


def test_hard_categories_beat_the_raw_backend(
        pipe: Pipeline, scenes: dict[str, list[synthetic.Sample]]) -> None:
    hard = [c.name for c in synthetic.CATEGORIES if c.difficulty == "hard"]
    ours = {c: read_rate(pipe, scenes[c]) for c in hard}
    raw = make_decoder("zxing")
    theirs = {c: read_rate(raw, scenes[c]) for c in hard}
    mean_ours = sum(ours.values()) / len(ours)
    mean_theirs = sum(theirs.values()) / len(theirs)
    assert mean_ours >= 0.6, ours
    assert mean_ours >= mean_theirs + 0.15, (ours, theirs)


def test_negative_scenes_give_no_card(pipe: Pipeline,
                                      scenes: dict[str, list[synthetic.Sample]]) -> None:
    for s in scenes["no_code"]:
        assert pipe.decode(s.frames[0]) == []
    for s in scenes["foreign"]:
        assert not any(r.ok for r in pipe.read(s.frames[0]))


def test_every_code_of_a_multi_code_frame(pipe: Pipeline,
                                          scenes: dict[str, list[synthetic.Sample]]) -> None:
    for s in scenes["multi"]:
        assert len(s.expected) >= 2
        detections = pipe.decode(s.frames[0])
        assert sorted(d.text for d in detections) == sorted(s.expected)
        # Each where the generator put it.
        for text, quad in zip(s.expected, s.quads, strict=True):
            d = next(d for d in detections if d.text == text)
            cx, cy = np.mean(quad, axis=0)
            assert math.hypot(d.center[0] - cx, d.center[1] - cy) < 4


def test_the_same_code_twice_is_two_labels(pipe: Pipeline) -> None:
    text = encode_card("ecard1-33")
    picture, boxes = label_picture((text, encode_card("ecard1-56"), text))
    detections = pipe.decode(picture)
    assert sorted(d.text for d in detections) == sorted([text, text, encode_card("ecard1-56")])
    centres = sorted(d.center[0] for d in detections if d.text == text)
    assert centres == pytest.approx([(boxes[0][0] + boxes[0][2]) / 2,
                                     (boxes[2][0] + boxes[2][2]) / 2], abs=2)


def test_harder_steps_are_named_and_positions_are_in_the_frame(
        pipe: Pipeline, scenes: dict[str, list[synthetic.Sample]]) -> None:
    names = {"pipeline:zxing"} | {f"pipeline:{s.name}" for s in STEPS}
    later = []
    for cat in ("motion_blur", "dark", "glare", "steep", "combined"):
        for s in scenes[cat]:
            for d in pipe.decode(s.frames[0]):
                assert d.backend in names
                if d.backend != "pipeline:zxing":
                    later.append(d.backend)
                    assert d.text in s.expected
                    # Mapped back from the crop and its scaling: within 3 px of the truth.
                    cx, cy = np.mean(s.quads[0], axis=0)
                    assert math.hypot(d.center[0] - cx, d.center[1] - cy) < 3, (cat, d)
    assert "pipeline:zxing/motion" in later  # the smear undone
    assert len(set(later)) >= 3, later


def test_cheap_path_first(pipe: Pipeline, scenes: dict[str, list[synthetic.Sample]]) -> None:
    pipe.decode(scenes["clean"][0].frames[0])
    assert pipe.last_steps == ["zxing"]
    pipe.decode(scenes["no_code"][0].frames[0])
    assert pipe.last_steps[0] == "zxing" and len(pipe.last_steps) > 3


def test_foreign_code_rejected_with_reason(pipe: Pipeline) -> None:
    picture, _ = label_picture(("https://example.com/p/1", encode_card("ecard1-33")))
    readings = {r.text: r for r in pipe.read(picture)}
    url = readings["https://example.com/p/1"]
    assert url.code is None and not url.ok
    assert url.reason == "not a Pocket TCG code (another kind of QR code)"
    card = readings[encode_card("ecard1-33")]
    assert card.ok and card.code == CardCode("ecard1", "33") and card.reason == ""


@pytest.mark.parametrize(("text", "reason"), [
    # A digit changed after the checksum was made (a damaged or hand-made code).
    ("PTCG1C.ECARD1.34.EB65", "the checksum does not match (a damaged or misread code)"),
    ("PTCG1C.ECARD1.33", "the code has no checksum (cut off or misread)"),
    ("PTCG2C.ECARD1.33." + crc16("PTCG2C.ECARD1.33"),
     "a code of format 2; this game reads format 1 (a newer game made it)"),
])
def test_bad_payload_gives_the_parser_reason(pipe: Pipeline, text: str, reason: str) -> None:
    picture, _ = label_picture((text,))
    (reading,) = pipe.read(picture)
    assert reading.text == text and reading.code is None and reading.reason == reason


def test_unknown_card_gives_the_catalog_reason(pipe: Pipeline) -> None:
    body = "PTCG1C.ZZ12.7"
    picture, _ = label_picture((f"{body}.{crc16(body)}",))
    (reading,) = pipe.read(picture)
    assert reading.code == CardCode("zz12", "7") and not reading.ok
    assert reading.reason == "no card zz12-7 in this game's sets"


def test_deck_reading(pipe: Pipeline, catalog: Catalog) -> None:
    code = encode_deck("Blaze", ["ecard1-98"] * 4 + ["ecard1-161"] * 14)
    picture, _ = label_picture((code,), module=4)
    (reading,) = pipe.read(picture)
    assert isinstance(reading.code, DeckCode) and reading.ok
    as_dict = reading.as_dict(catalog)
    assert as_dict["deck"]["name"] == "Blaze" and as_dict["deck"]["size"] == 18
    assert as_dict["deck"]["cards"][0] == {"id": "ecard1-98", "name": "Charmander",
                                           "count": 4}


def test_other_symbologies_are_not_ours(catalog: Catalog) -> None:
    d = Detection("PTCG1C.ECARD1.33.EB65", "DataMatrix", ((0, 0), (1, 0), (1, 1), (0, 1)),
                  "zxing")
    reading = judge(d, catalog)
    assert reading.code is None and reading.reason.startswith(NOT_OURS)
    assert "DataMatrix" in reading.reason


def test_missing_backends_are_skipped_with_a_note(monkeypatch: pytest.MonkeyPatch) -> None:
    def unavailable(*args: object, **kwargs: object) -> None:
        raise BackendUnavailable("the pyzbar backend cannot load (no libzbar)")

    monkeypatch.setattr(pipeline_module, "ZBarDecoder", unavailable)
    pipe = Pipeline()
    assert pipe.backends == ["zxing", "opencv-aruco"]
    assert pipe.notes == ["pipeline: skipping zbar: the pyzbar backend cannot load "
                          "(no libzbar)"]
    assert "zbar" not in [s.decoder for s in pipe.steps]
    picture, _ = label_picture((encode_card("ecard1-33"),))
    assert [d.text for d in pipe.decode(picture)] == [encode_card("ecard1-33")]
    # With nothing at all left, the pipeline says so.
    monkeypatch.setattr(pipeline_module, "ZXingDecoder", unavailable)
    with pytest.raises(BackendUnavailable, match="no decoder backend can load"):
        Pipeline(backends=("zbar",))


def test_without_zxing_another_backend_leads(monkeypatch: pytest.MonkeyPatch) -> None:
    def unavailable(*args: object, **kwargs: object) -> None:
        raise BackendUnavailable("the zxing-cpp backend cannot load")

    monkeypatch.setattr(pipeline_module, "ZXingDecoder", unavailable)
    pipe = Pipeline()
    picture, _ = label_picture((encode_card("ecard1-33"),))
    (d,) = pipe.decode(picture)
    assert d.backend == "pipeline:zbar" and pipe.last_steps == ["zbar"]


def test_pipeline_is_a_decoder_and_checks_its_arguments() -> None:
    pipe = Pipeline()
    assert isinstance(pipe, Decoder) and pipe.name == "pipeline"
    with pytest.raises(ValueError, match="unknown backend 'zxing2'"):
        Pipeline(backends=("zxing2",))
    with pytest.raises(ValueError, match="unknown pipeline steps"):
        Pipeline(steps=("zxing/magic",))
    only = Pipeline(steps=("zxing/upscale",))
    assert [s.name for s in only.steps] == ["zxing/upscale"]


def test_regions_find_the_code(scenes: dict[str, list[synthetic.Sample]]) -> None:
    for cat in ("small", "dark", "motion_blur"):
        for s in scenes[cat]:
            regions = find_regions(cv2.cvtColor(s.frames[0], cv2.COLOR_BGR2GRAY))
            cx, cy = np.mean(s.quads[0], axis=0)
            assert regions and regions[0].contains((cx, cy)), (cat, regions)


def test_motion_estimate_and_deblur() -> None:
    picture, _ = label_picture((encode_card("ecard1-33"),), module=5)
    grey = cv2.cvtColor(picture, cv2.COLOR_BGR2GRAY)
    length, angle = 11, 30.0
    kernel = np.zeros((15, 15), np.float32)
    c = 7
    for t in np.linspace(-length / 2, length / 2, 60):
        kernel[round(c + math.sin(math.radians(angle)) * t),
               round(c + math.cos(math.radians(angle)) * t)] += 1
    smeared = cv2.filter2D(grey, -1, kernel / kernel.sum())
    est_angle, est_length, anisotropy = motion_estimate(smeared)
    assert anisotropy < 0.6
    assert abs((est_angle - angle + 90) % 180 - 90) < 10
    assert abs(est_length - length) <= 2
    assert make_decoder("zxing").decode(smeared) == []
    sharp = deblur_motion(smeared, est_length, est_angle)
    assert [d.text for d in make_decoder("zxing").decode(sharp)] == [encode_card("ecard1-33")]
