"""Image files from outside (``scanner.images``): regular files only, bounded bytes, the
header's declared size checked before anything is decoded, every decoder failure a
specific ImageFileError; and the decode command's batch going on past each bad image."""

from __future__ import annotations

import json
import os
import signal
import struct
import sys
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import cv2
import numpy as np
import pytest

from scanner import images
from scanner.__main__ import main
from scanner.codes import encode_card
from scanner.decoders import MAX_PICTURE_PIXELS, BadImage, to_gray
from scanner.images import ImageFileError, declared_size, read_image_file
from tools.fuzzing.scanner import lying_size, png_chunk

from .test_decoders import label_picture

EXTENSIONS = (".png", ".jpg", ".bmp", ".tiff", ".webp", ".ppm")


@contextmanager
def no_hang(seconds: int = 5) -> Iterator[None]:
    """Fail (instead of hanging the suite) when the body blocks."""
    def on_alarm(signum: int, frame: object) -> None:
        raise AssertionError(f"blocked for {seconds} s")

    old = signal.signal(signal.SIGALRM, on_alarm)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def lying_png(width: int, height: int) -> bytes:
    """A tiny, well-formed PNG whose header claims ``width`` x ``height``."""
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", ihdr)
            + png_chunk(b"IDAT", zlib.compress(b"\0" * 20_000, 9)) + png_chunk(b"IEND", b""))


def encoded(ext: str, width: int = 40, height: int = 30) -> bytes:
    picture = np.zeros((height, width, 3), np.uint8)
    picture[::3, ::2] = 200
    ok, buf = cv2.imencode(ext, picture)
    assert ok
    return buf.tobytes()


def test_a_png_claiming_65535_squared_is_refused_before_decoding(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "bomb.png"
    path.write_bytes(lying_png(65535, 65535))
    assert path.stat().st_size < 2000

    def must_not_decode(*args: object) -> None:
        raise AssertionError("decoded a picture whose header is over the limit")

    monkeypatch.setattr(images.cv2, "imdecode", must_not_decode)
    with pytest.raises(ImageFileError, match=r"too large \(65535x65535 pixels"):
        read_image_file(path)


@pytest.mark.parametrize("ext", EXTENSIONS)
def test_every_format_header_is_read(ext: str) -> None:
    kinds = {".png": "PNG", ".jpg": "JPEG", ".bmp": "BMP", ".tiff": "TIFF", ".webp": "WebP",
             ".ppm": "PNM"}
    assert declared_size(encoded(ext, 41, 29)) == (kinds[ext], 41, 29)


@pytest.mark.parametrize("ext", EXTENSIONS)
def test_every_format_lying_about_its_size_is_refused_unread(
        ext: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    big = 16384 if ext == ".webp" else 20000  # WebP's header holds at most 14 bits
    data = lying_size(encoded(ext), ext, big, big)
    assert declared_size(data)[1:] == (big, big)
    path = tmp_path / f"lie{ext}"
    path.write_bytes(data)
    monkeypatch.setattr(images.cv2, "imdecode", lambda *a: pytest.fail("decoded it"))
    with pytest.raises(ImageFileError, match="too large"):
        read_image_file(path)


@pytest.mark.parametrize("ext", EXTENSIONS)
def test_every_format_reads_back(ext: str, tmp_path: Path) -> None:
    path = tmp_path / f"ok{ext}"
    path.write_bytes(encoded(ext, 41, 29))
    assert read_image_file(path).shape == (29, 41, 3)


def test_special_files_are_refused_without_reading_or_hanging(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.png"
    os.mkfifo(fifo)
    with no_hang():
        with pytest.raises(ImageFileError, match=r"pipe \(FIFO\)"):
            read_image_file(fifo)
        with pytest.raises(ImageFileError, match="device"):
            read_image_file("/dev/zero")
        with pytest.raises(ImageFileError, match="folder"):
            read_image_file(tmp_path)
        with pytest.raises(ImageFileError, match="no such file"):
            read_image_file(tmp_path / "gone.png")


def test_empty_oversized_and_foreign_files(tmp_path: Path) -> None:
    empty = tmp_path / "empty.png"
    empty.write_bytes(b"")
    with pytest.raises(ImageFileError, match="the file is empty"):
        read_image_file(empty)
    sparse = tmp_path / "sparse.png"
    with sparse.open("wb") as f:
        f.truncate(images.MAX_IMAGE_BYTES + 1)  # no disk used
    with pytest.raises(ImageFileError, match="too large"):
        read_image_file(sparse)
    gif = tmp_path / "anim.gif"
    gif.write_bytes(b"GIF89a" + bytes(40))
    with pytest.raises(ImageFileError, match="not an image this program can read"):
        read_image_file(gif)


@pytest.mark.parametrize("ext", [".png", ".jpg", ".webp", ".tiff"])
def test_truncated_and_corrupted_images(ext: str, tmp_path: Path) -> None:
    data = encoded(ext, 200, 150)
    for i, damaged in enumerate([data[: len(data) // 2], data[:40],
                                 data[:30] + bytes(len(data) - 30)]):
        path = tmp_path / f"bad{i}{ext}"
        path.write_bytes(damaged)
        try:
            picture = read_image_file(path)
        except ImageFileError as exc:
            assert str(exc) and "\n" not in str(exc)
        else:  # some decoders return what they could read of a cut-off file
            assert picture.shape[:2] == (150, 200)


def test_a_decoder_exception_becomes_an_image_file_error(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "x.png"
    path.write_bytes(encoded(".png"))

    def broken(*args: object) -> None:
        raise cv2.error("OpenCV(5.0.0) error: (-215:Assertion failed) size.width>0")

    monkeypatch.setattr(images.cv2, "imdecode", broken)
    with pytest.raises(ImageFileError, match=r"a damaged PNG \(the decoder failed"):
        read_image_file(path)


def test_frames_over_the_pixel_limit_are_refused() -> None:
    side = int(MAX_PICTURE_PIXELS ** 0.5) + 2
    huge = np.broadcast_to(np.uint8(0), (side, side))  # no memory behind it
    with pytest.raises(BadImage, match="too large"):
        to_gray(huge)


def test_a_batch_goes_on_past_every_bad_image(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    picture, _ = label_picture((encode_card("ecard1-33"),))
    good = tmp_path / "good.png"
    assert cv2.imwrite(str(good), picture)
    bomb = tmp_path / "bomb.png"
    bomb.write_bytes(lying_png(65535, 65535))
    fifo = tmp_path / "pipe.png"
    os.mkfifo(fifo)
    crash = tmp_path / "crash.png"
    crash.write_bytes(good.read_bytes())
    real_read, real_decode = images.read_file_bytes, images.cv2.imdecode
    reading: list[str] = []

    def read(path: Path) -> bytes:
        reading.append(str(path))
        return real_read(path)

    def decode(buf: np.ndarray, flags: int) -> np.ndarray:
        if reading[-1].endswith("crash.png"):
            raise cv2.error("OpenCV(5.0.0) error: (-4:Insufficient memory) Failed to allocate")
        return real_decode(buf, flags)

    monkeypatch.setattr(images, "read_file_bytes", read)
    monkeypatch.setattr(images.cv2, "imdecode", decode)
    argv = ["decode", str(good), str(bomb), "/dev/zero", str(fifo), str(crash), str(good),
            "--json"]
    with no_hang(60):
        code = main(argv)
    out = capsys.readouterr()
    assert code == 1
    assert "4 of 6 images could not be read" in out.err
    report = json.loads(out.out)["images"]
    assert [("error" in e) for e in report] == [False, True, True, True, True, False]
    assert report[0]["codes"][0]["card"]["id"] == "ecard1-33"
    assert report[5]["codes"] == report[0]["codes"]
    assert "65535x65535" in report[1]["error"]
    assert report[4]["error"].startswith("a damaged PNG (the decoder failed")


def test_a_png_chunk_longer_than_the_file_is_refused_unread(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Found by the fuzz suite: OpenCV allocates what a chunk's length says (2 GB here).
    ihdr = struct.pack(">IIBBBBB", 64, 65535, 8, 3, 0, 0, 1)
    data = (b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", ihdr)
            + struct.pack(">I", 0x7FFFFFFF) + b"IDAT" + bytes(20))
    path = tmp_path / "chunk.png"
    path.write_bytes(data)
    monkeypatch.setattr(images.cv2, "imdecode", lambda *a: pytest.fail("decoded it"))
    with pytest.raises(ImageFileError, match="a chunk runs past the end of the file"):
        read_image_file(path)


@pytest.mark.parametrize("data", [b"II*\x00", b"MM\x00*\x00\x00", b"BM\x00",
                                  b"\xff\xd8\xff\xe0\x00", b"RIFF\x00\x00\x00\x00WEBPVP8X",
                                  b"\x89PNG\r\n\x1a\n\x00"])
def test_headers_cut_short_are_refused(data: bytes) -> None:
    with pytest.raises(ImageFileError, match="damaged"):
        images.decode_image(data)


def test_decoders_print_nothing_of_their_own(tmp_path: Path,
                                             capfd: pytest.CaptureFixture[str]) -> None:
    """libpng, libjpeg and OpenCV write lines of their own for a damaged file; the command
    line reports it in one line of its own."""
    data = encoded(".jpg", 300, 200)
    path = tmp_path / "cut.jpg"
    path.write_bytes(data[: len(data) * 2 // 3])
    try:
        read_image_file(path)
    except ImageFileError:
        pass
    png = encoded(".png", 300, 200)
    (tmp_path / "bad.png").write_bytes(png[:40] + bytes(60) + png[100:])
    with pytest.raises(ImageFileError):
        read_image_file(tmp_path / "bad.png")
    assert capfd.readouterr().err == ""
    print("still", file=sys.stderr)  # standard error is back afterwards
    assert capfd.readouterr().err == "still\n"


def _tiled_tiff(width: int, height: int, tile_w: int, tile_h: int) -> bytes:
    entries = [(256, 4, width), (257, 4, height), (258, 3, 8), (259, 3, 1), (262, 3, 2),
               (277, 3, 4), (284, 3, 1), (322, 4, tile_w), (323, 4, tile_h), (324, 4, 200),
               (325, 4, 64)]
    ifd = struct.pack("<H", len(entries)) + b"".join(
        struct.pack("<HHI", tag, kind, 1)
        + (struct.pack("<HH", value, 0) if kind == 3 else struct.pack("<I", value))
        for tag, kind, value in entries) + struct.pack("<I", 0)
    head = b"II*\x00" + struct.pack("<I", 8) + ifd
    return head + bytes(264 - len(head) + 64)


def test_a_tiff_tile_larger_than_its_picture_is_refused_unread(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # A 300-byte file whose tiles of 16000 x 16000 made OpenCV allocate 1 GB.
    path = tmp_path / "tile.tiff"
    path.write_bytes(_tiled_tiff(64, 64, 16000, 16000))
    real = images.cv2.imdecode
    monkeypatch.setattr(images.cv2, "imdecode", lambda *a: pytest.fail("decoded it"))
    with pytest.raises(ImageFileError, match="tiles of 16000x16000 in a picture of 64x64"):
        read_image_file(path)
    monkeypatch.setattr(images.cv2, "imdecode", real)
    path.write_bytes(_tiled_tiff(40, 40, 48, 48))  # tiles may pass the edge up to 16 pixels
    assert declared_size(path.read_bytes()) == ("TIFF", 40, 40)


def test_a_jpeg_of_thousands_of_scans_is_refused_unread(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    ok, buf = cv2.imencode(".jpg", np.zeros((64, 64, 3), np.uint8),
                           [cv2.IMWRITE_JPEG_PROGRESSIVE, 1])
    data = buf.tobytes()
    assert ok and 1 < data.count(b"\xff\xda") <= images.MAX_JPEG_SCANS
    assert read_image_file(_write(tmp_path / "progressive.jpg", data)).shape == (64, 64, 3)
    last_scan = data.rindex(b"\xff\xda")
    bomb = data[:last_scan] + data[last_scan:-2] * 5000 + b"\xff\xd9"
    monkeypatch.setattr(images.cv2, "imdecode", lambda *a: pytest.fail("decoded it"))
    with pytest.raises(ImageFileError, match=r"a damaged JPEG \(5,0\d\d scans; at most 100\)"):
        read_image_file(_write(tmp_path / "scans.jpg", bomb))


def _write(path: Path, data: bytes) -> Path:
    path.write_bytes(data)
    return path


@pytest.mark.parametrize("api", ["utils.logging", "top level", "none"])
def test_decoders_are_quiet_with_every_opencv_logging_api(monkeypatch, api: str) -> None:
    """OpenCV 5 has cv2.utils.logging, 4.x (the Pi's tested set) cv2.getLogLevel: both, or
    neither, must work (a missing one raised AttributeError on every image)."""
    from types import SimpleNamespace

    from scanner import images

    calls: list[int] = []
    logging = SimpleNamespace(getLogLevel=lambda: 3, setLogLevel=calls.append)
    fake = SimpleNamespace(utils=SimpleNamespace())
    if api == "utils.logging":
        fake.utils.logging = logging
    elif api == "top level":
        fake.getLogLevel, fake.setLogLevel = logging.getLogLevel, logging.setLogLevel
    monkeypatch.setattr(images, "cv2", fake)
    with images._quiet_decoders():
        pass
    assert calls == ([] if api == "none" else [0, 3])
