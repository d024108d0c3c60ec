"""``python -m scanner``: decode (text and JSON, bad and foreign codes, files that are not
images), scan end to end from a folder, a video file and a replayed camera with the
tracker's counts in the summary, sheets, backends, and every bad command line."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import cv2
import numpy as np
import pytest

from scanner import synthetic
from scanner.__main__ import main, source_spec
from scanner.codes import encode_card

from .test_decoders import label_picture

ROOT = Path(__file__).resolve().parents[2]
ALAKAZAM = encode_card("ecard1-33")
TAMPERED = "PTCG1C.ECARD1.34.EB65"
URL = "https://example.com/p/1"


@pytest.fixture(scope="module")
def codes_png(tmp_path_factory: pytest.TempPathFactory) -> Path:
    picture, _ = label_picture((ALAKAZAM, TAMPERED, URL))
    path = tmp_path_factory.mktemp("decode") / "codes.png"
    assert cv2.imwrite(str(path), picture)
    return path


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv)
    out = capsys.readouterr()
    return code, out.out, out.err


def test_decode_json(codes_png: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    not_image = tmp_path / "notes.png"
    not_image.write_text("not a picture")
    code, out, err = run(["decode", str(codes_png), str(not_image), str(tmp_path / "gone.jpg"),
                          "--json"], capsys)
    assert code == 1
    assert "2 of 3 images could not be read" in err
    report = json.loads(out)
    assert report["backend"] == "pipeline"
    first, second, third = report["images"]
    height, width = cv2.imread(str(codes_png)).shape[:2]
    assert first["image"] == str(codes_png) and first["size"] == [width, height]
    by_text = {c["text"]: c for c in first["codes"]}
    assert set(by_text) == {ALAKAZAM, TAMPERED, URL}
    card = by_text[ALAKAZAM]
    assert card["valid"] and card["format"] == "QRCode"
    assert card["backend"].startswith("pipeline:")
    assert card["card"] == {"id": "ecard1-33", "name": "Alakazam", "number": "33",
                            "set": "Expedition", "count": 1}
    assert len(card["position"]) == 4 and all(len(p) == 2 for p in card["position"])
    assert by_text[TAMPERED]["reason"] == "the checksum does not match (a damaged or misread " \
                                          "code)"
    assert by_text[URL]["reason"] == "not a Pocket TCG code (another kind of QR code)"
    assert not by_text[URL]["valid"] and "card" not in by_text[URL]
    assert second == {"image": str(not_image), "error": "it is not an image this program can "
                      "read (corrupt, or not PNG, JPEG, BMP, TIFF, WebP or PNM)"}
    assert third == {"image": str(tmp_path / "gone.jpg"), "error": "no such file"}


def test_decode_text(codes_png: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["decode", str(codes_png), str(tmp_path), "--backend", "zbar"], capsys)
    assert code == 1
    assert f"{codes_png}: 3 codes" in out
    assert f"'{ALAKAZAM}'  QRCode at (" in out and "[zbar]" in out
    assert "card ecard1-33 Alakazam (EXP 33) x1" in out
    assert "rejected: the checksum does not match" in out
    assert f"{tmp_path}: error: it is a folder, not an image" in out


def test_decode_a_tiny_picture(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    tiny = tmp_path / "tiny.png"
    cv2.imwrite(str(tiny), np.zeros((4, 4, 3), np.uint8))
    code, out, _ = run(["decode", str(tiny)], capsys)
    assert code == 1 and out == f"{tiny}: error: a picture of 4x4 is too small to read\n"


def test_decode_all_good_exits_0(codes_png: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["decode", str(codes_png)], capsys)[0] == 0


def write_scene(folder: Path) -> list[np.ndarray]:
    """A little film: card A held (3 frames), a foreign code (2), card B (2), nothing (3),
    card A again (2): A counts twice (it left the view), B once, the foreign code never."""
    a = synthetic.make_sample(synthetic.category("clean"), 0, seed=21, frames=3)
    b = synthetic.make_sample(synthetic.category("rotation"), 1, seed=21, frames=2)
    foreign = synthetic.make_sample(synthetic.category("foreign"), 0, seed=21, frames=2)
    empty = synthetic.make_sample(synthetic.category("no_code"), 0, seed=21, frames=3)
    again = synthetic.make_sample(synthetic.category("clean"), 0, seed=21, frames=2)
    film = a.frames + foreign.frames + b.frames + empty.frames + again.frames
    folder.mkdir()
    for i, frame in enumerate(film):
        cv2.imwrite(str(folder / f"frame{i}.png"), frame)
    (folder / "frame99.png").write_bytes(b"broken")  # skipped, reported, not fatal
    return film


@pytest.fixture(scope="module")
def film(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[np.ndarray]]:
    folder = tmp_path_factory.mktemp("scan") / "frames"
    return folder, write_scene(folder)


def check_summary(summary: dict, frames: int) -> None:
    assert summary["frames"] == frames and summary["ended"] == "end of source"
    a = synthetic.make_sample(synthetic.category("clean"), 0, seed=21, frames=1).expected[0]
    b = synthetic.make_sample(synthetic.category("rotation"), 1, seed=21, frames=1).expected[0]
    assert summary["accepted"] == 3
    cards = summary["cards"]
    assert sum(c["scans"] for c in cards.values()) == 3
    from scanner.codes import parse

    card_a, card_b = parse(a), parse(b)
    assert cards[card_a.card_id]["scans"] == 2  # type: ignore[union-attr]
    assert cards[card_a.card_id]["copies"] == 2 * card_a.count  # type: ignore[union-attr]
    assert cards[card_b.card_id]["scans"] == 1  # type: ignore[union-attr]
    assert summary["copies"] == 2 * card_a.count + card_b.count  # type: ignore[union-attr]
    assert len(summary["rejected"]) == 1 and summary["rejected"][0]["reason"]


def test_scan_a_folder(film: tuple[Path, list[np.ndarray]],
                       capsys: pytest.CaptureFixture[str]) -> None:
    folder, frames = film
    code, out, err = run(["scan", "--source", str(folder), "--json", "--no-preview"], capsys)
    assert code == 0
    summary = json.loads(out)
    assert summary["source"] == f"dir:{folder}"
    check_summary(summary, len(frames))
    assert summary["skipped"][0]["file"].endswith("frame99.png")
    assert "accepted +" in err  # the running count, on stderr with --json


def test_scan_text_running_count(film: tuple[Path, list[np.ndarray]],
                                 capsys: pytest.CaptureFixture[str],
                                 monkeypatch: pytest.MonkeyPatch) -> None:
    folder, frames = film
    monkeypatch.delenv("DISPLAY", raising=False)  # no display: no preview, no failure
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    monkeypatch.delenv("SDL_VIDEODRIVER", raising=False)
    code, out, _ = run(["scan", "--source", str(folder)], capsys)
    assert code == 0
    lines = out.splitlines()
    assert [ln.split(":")[0] for ln in lines if ": rejected " in ln] == ["frame 4"]
    assert [ln.split(":")[0] for ln in lines if "accepted +" in ln] == [
        "frame 2", "frame 7", "frame 12"]
    assert lines[-2].startswith(f"{len(frames)} frame(s) from dir:{folder}; accepted 3 code(s)")


def test_scan_shows_a_preview_where_there_is_a_display(
        film: tuple[Path, list[np.ndarray]], capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    from firmware_sim.preview import PreviewWindow

    folder, frames = film
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")  # SDL's off-screen display
    shown: list[int] = []
    real_show = PreviewWindow.show

    def show(self: PreviewWindow, frame: np.ndarray, shapes: object = (),
             status: str = "") -> bool:
        shown.append(len(shapes))  # type: ignore[arg-type]
        return real_show(self, frame, shapes, status)  # type: ignore[arg-type]

    monkeypatch.setattr(PreviewWindow, "show", show)
    code, _, _ = run(["scan", "--source", str(folder)], capsys)
    assert code == 0
    assert len(shown) == len(frames) and max(shown) >= 1  # every frame, codes outlined


@pytest.mark.parametrize(("fourcc", "suffix"), [("mp4v", ".mp4"), ("MJPG", ".avi")])
def test_scan_a_video_file(film: tuple[Path, list[np.ndarray]], tmp_path: Path,
                           capsys: pytest.CaptureFixture[str], fourcc: str, suffix: str) -> None:
    _, frames = film
    video = tmp_path / f"scan{suffix}"
    writer = cv2.VideoWriter(str(video), cv2.VideoWriter_fourcc(*fourcc), 15, (640, 480))
    assert writer.isOpened(), f"OpenCV cannot write {fourcc} video here"
    for frame in frames:
        writer.write(frame)
    writer.release()
    code, out, _ = run(["scan", "--source", str(video), "--json", "--no-preview"], capsys)
    assert code == 0
    summary = json.loads(out)
    assert summary["source"] == f"file:{video}"
    check_summary(summary, len(frames))


def test_scan_a_replayed_camera_until_max_frames(film: tuple[Path, list[np.ndarray]],
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    folder, _ = film
    code, out, _ = run(["scan", "--source", f"sim:{folder}@500", "--max-frames", "4",
                        "--json", "--no-preview"], capsys)
    assert code == 0
    summary = json.loads(out)
    assert summary["frames"] == 4 and summary["ended"] == "stopped"


def test_source_specs(tmp_path: Path) -> None:
    video = tmp_path / "clip.mp4"
    video.write_bytes(b"x")
    assert source_spec("0") == "v4l2:0"
    assert source_spec("2") == "v4l2:2"
    assert source_spec(str(video)) == f"file:{video}"
    assert source_spec(str(tmp_path)) == f"dir:{tmp_path}"
    assert source_spec("sim:cards/@15") == "sim:cards/@15"
    assert source_spec("picamera2") == "picamera2"
    with pytest.raises(ValueError, match="not a camera number, an existing file or folder"):
        source_spec("nowhere.mp4")


def test_source_specs_refuse_what_would_block_or_crash(tmp_path: Path) -> None:
    fifo = tmp_path / "clip.mp4"
    os.mkfifo(fifo)
    for spec in (str(fifo), f"file:{fifo}", f"sim:{fifo}@5", f"dir:{fifo}"):
        with pytest.raises(ValueError, match="is not a video file or a folder of images"):
            source_spec(spec)
    for spec in ("~nobody_at_all_here/clip.mp4", "y" * 5000, "99999"):
        with pytest.raises(ValueError) as exc:
            source_spec(spec)
        assert len(str(exc.value)) < 400
    assert source_spec("/dev/null") == "v4l2:/dev/null"  # a device: the camera says if it is one


def test_missing_camera_is_an_error_not_a_crash(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["scan", "--source", "v4l2:97", "--no-preview"], capsys)
    assert code == 1 and "camera v4l2:97: /dev/video97 does not exist" in err


@pytest.mark.parametrize(("argv", "message"), [
    ([], "the following arguments are required: COMMAND"),
    (["decode"], "the following arguments are required: IMAGE"),
    (["decode", "x.png", "--backend", "quagga"], "argument --backend: invalid choice"),
    (["scan"], "the following arguments are required: --source"),
    (["scan", "--source", "nowhere.mp4"], "argument --source: 'nowhere.mp4' is not a camera "
                                          "number, an existing file or folder"),
    (["scan", "--source", "0", "--max-frames", "0"], "--max-frames: must be 1 or more, not 0"),
    (["scan", "--source", "0", "--confirm", "two"], "--confirm: must be a whole number"),
    (["scan", "--source", "0", "--forget", "9" * 5000], "--forget: must be at most 999999999"),
    (["scan", "--source", "0", "--max-frames", "-3"], "--max-frames: must be 1 or more"),
    (["scan", "--source", "0", "--max-frames", "1e3"], "--max-frames: must be a whole number"),
    (["scan", "--source", "/dev/zero/x"], "is not a camera number"),
    (["decode", "x.png", "--backend"], "expected one argument"),
    (["sheet", "--cards", "ecard1-1", "--out", "s.png", "--dpi", "x"], "--dpi: must be a whole"),
    (["sheet", "--cards", "ecard1-1", "--out", "s.png", "--paper"], "expected one argument"),
    (["sheet", "--cards", "ecard1-1", "--out", "s.png", "--paper", "A4"], "invalid choice"),
    (["frobnicate"], "invalid choice: 'frobnicate'"),
    (["sheet", "--cards", "ecard1-1"], "the following arguments are required: --out"),
])
def test_bad_arguments_exit_2(argv: list[str], message: str,
                              capsys: pytest.CaptureFixture[str]) -> None:
    try:
        code = main(argv)
    except SystemExit as exc:
        code = exc.code  # type: ignore[assignment]
    assert code == 2
    assert message in capsys.readouterr().err


def test_sheet_then_decode(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "sheet.png"
    code, printed, _ = run(["sheet", "--cards", "ecard1-1,ecard1-25:3", "--out", str(out)],
                           capsys)
    assert code == 0 and printed.split() == [str(out)]
    code, printed, _ = run(["decode", str(out), "--json"], capsys)
    cards = sorted((c["card"]["id"], c["card"]["count"])
                   for c in json.loads(printed)["images"][0]["codes"])
    assert code == 0 and cards == [("ecard1-1", 1), ("ecard1-25", 3)]


def test_a_code_by_printed_number_decodes_as_the_card(tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    picture, _ = label_picture(("PTCG1C.ECARD2.H12.3.E890",))  # as docs/CARD_CODES.md shows
    path = tmp_path / "holo.png"
    assert cv2.imwrite(str(path), picture)
    code, out, _ = run(["decode", str(path), "--json"], capsys)
    card = json.loads(out)["images"][0]["codes"][0]["card"]
    assert code == 0 and card == {"id": "ecard2-162", "name": card["name"], "number": "H12",
                                  "set": "Aquapolis", "count": 3}


def test_a_damaged_catalog_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    damaged = tmp_path / "assets"
    (damaged / "cards").mkdir(parents=True)
    (damaged / "cards" / "x.json").write_text("{")
    monkeypatch.setenv("HANDHELD_ASSETS", str(damaged))
    code, _, err = run(["scan", "--source", str(tmp_path), "--no-preview"], capsys)
    code2, _, err2 = run(["decode", str(tmp_path)], capsys)
    for c, e in ((code, err), (code2, err2)):
        assert c == 1 and e.count("\n") == 1
        assert "the card catalog cannot be read: the card file x.json cannot be read" in e


def test_backends(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["backends"], capsys)
    assert code == 0
    assert out.splitlines() == ["zxing: available", "zbar: available", "opencv: available",
                                "opencv-aruco: available",
                                "pipeline: available (uses zxing, zbar, opencv-aruco)"]
    code, out, _ = run(["backends", "--json"], capsys)
    assert json.loads(out)["zbar"] == {"available": True}


def test_module_entry_point(codes_png: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-m", "scanner", "decode", str(codes_png), "--json"],
                          capture_output=True, text=True, cwd=ROOT, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    assert len(json.loads(done.stdout)["images"][0]["codes"]) == 3
    helped = subprocess.run([sys.executable, "-m", "scanner", "--help"], capture_output=True,
                            text=True, cwd=ROOT, env=env, timeout=120)
    assert helped.returncode == 0
    assert all(c in helped.stdout for c in ("decode", "scan", "sheet", "backends"))


HUGE = "9" * 5000
FLAG_VALUES = {  # each flag that takes a value: wrong, negative, huge, empty
    ("scan", "--source"): ["nowhere.mp4", "-1", HUGE, "", "~nobody_here/x", "sim:x@-1",
                           "file:/dev/zero", "v4l2:" + HUGE],
    ("scan", "--max-frames"): ["x", "-1", "0", HUGE, "", "1.5", "nan"],
    ("scan", "--confirm"): ["x", "-1", "0", HUGE, "", "inf"],
    ("scan", "--forget"): ["x", "-5", "0", HUGE, "", "1e9"],
    ("scan", "--backend"): ["x", "", "-1"],
    ("decode", "--backend"): ["x", "", HUGE],
    ("sheet", "--cards"): ["x", "-1", HUGE, "", "ecard1-1:-1", "ecard1-1:" + HUGE, ",,,"],
    ("sheet", "--deck"): ["x", "-1", HUGE, "", "/dev/zero", "/"],
    ("sheet", "--out"): ["x", "-1.png", HUGE + ".png", "", "/", "/dev/null", "/proc/x.pdf"],
    ("sheet", "--paper"): ["x", "-1", HUGE, ""],
    ("sheet", "--dpi"): ["x", "-1", "0", HUGE, "", "300.5", "nan"],
}
BASE = {"scan": ["scan", "--source", "v4l2:97", "--no-preview", "--max-frames", "1"],
        "decode": ["decode", "/dev/null"],
        "sheet": ["sheet", "--cards", "ecard1-1", "--out", "/nonexistent/s.png"]}


def _without(argv: list[str], flag: str) -> list[str]:
    out = list(argv)
    if flag in out:
        i = out.index(flag)
        del out[i:i + 2]
        if flag == "--cards":
            out = out[:i]  # --cards and --deck exclude each other
            out += ["--out", "/nonexistent/s.png"]
    return out


@pytest.mark.parametrize(("command", "flag"), sorted(FLAG_VALUES))
def test_every_flag_wrong_missing_negative_huge(command: str, flag: str, tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str],
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """No value of any flag gets past the command line as a traceback: exit 1 or 2 with one
    line of error (argparse's usage line aside), and nothing written."""
    monkeypatch.chdir(tmp_path)
    base = _without(BASE[command], flag)
    if command == "sheet" and flag == "--deck":
        base = ["sheet", "--out", "/nonexistent/s.png"]
    for value in [*FLAG_VALUES[(command, flag)], None]:  # None: the flag with no value
        argv = [*base, flag] + ([] if value is None else [value])
        try:
            code = main(argv)
        except SystemExit as exc:
            code = exc.code  # type: ignore[assignment]
        err = capsys.readouterr().err
        assert code in (1, 2), (argv[-2:], code, err[-300:])
        lines = [line for line in err.splitlines() if not line.startswith(("usage:", " "))]
        errors = [line for line in lines if "error" in line]
        assert len(errors) == 1 and "Traceback" not in err, (argv[-2:], err[-500:])
    assert list(tmp_path.iterdir()) == []
