"""Tests of the camera seam: every source, the simulated camera's clock, the spec parser and
every error message. Images and clips are generated here; no camera is needed."""

from __future__ import annotations

import os
import sys
import types
from pathlib import Path
from typing import ClassVar

import cv2
import numpy as np
import pytest

from firmware_sim import camera
from firmware_sim.camera import (
    CameraUnavailable,
    FrameListSource,
    FrameSource,
    ImageFolderSource,
    Picamera2Camera,
    SimCamera,
    V4L2Camera,
    VideoFileSource,
    as_bgr,
    open_camera,
)
from firmware_sim.clock import FakeClock

W, H = 32, 24
# Far-apart BGR colours, so frames survive JPEG compression and can still be told apart.
COLOURS = [
    (0, 0, 0),
    (255, 255, 255),
    (0, 0, 255),
    (0, 255, 0),
    (255, 0, 0),
    (0, 255, 255),
    (255, 0, 255),
    (255, 255, 0),
]


def solid(i: int, w: int = W, h: int = H) -> np.ndarray:
    return np.full((h, w, 3), COLOURS[i], np.uint8)


def which(frame: np.ndarray) -> int:
    """The index of the colour nearest to the frame's mean colour."""
    mean = frame.reshape(-1, 3).mean(axis=0)
    return int(np.argmin([np.abs(mean - np.array(c)).sum() for c in COLOURS]))


def check_frame(frame: np.ndarray | None, w: int = W, h: int = H) -> np.ndarray:
    assert frame is not None
    assert frame.dtype == np.uint8
    assert frame.shape == (h, w, 3)
    return frame


def write_images(folder: Path, names: list[str]) -> Path:
    """One solid image per name; the colour is the name's position in the list."""
    folder.mkdir(parents=True, exist_ok=True)
    for i, name in enumerate(names):
        assert cv2.imwrite(str(folder / name), solid(i))
    return folder


def write_video(path: Path, count: int, fps: float = 10.0) -> Path:
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"MJPG"), fps, (W, H))
    assert writer.isOpened(), "OpenCV cannot write MJPG .avi files here"
    for i in range(count):
        writer.write(solid(i))
    writer.release()
    return path


def read_n(source: FrameSource, n: int) -> list[int | None]:
    out: list[int | None] = []
    for _ in range(n):
        frame = source.read()
        out.append(None if frame is None else which(check_frame(frame)))
    return out


def read_frames(source: FrameSource, n: int) -> list[int | None]:
    return [None if (f := source.read()) is None else which(f) for _ in range(n)]


# --- a folder of images -------------------------------------------------------------------


def test_folder_plays_in_natural_order_and_loops(tmp_path):
    folder = write_images(tmp_path / "imgs", ["f1.png", "f2.png", "f10.png"])
    with ImageFolderSource(folder) as source:
        assert source.size is None
        assert [p.name for p in source.files] == ["f1.png", "f2.png", "f10.png"]
        assert read_n(source, 7) == [0, 1, 2, 0, 1, 2, 0]
        assert source.size == (W, H)
        assert not source.ended


def test_folder_without_loop_ends_and_stays_ended(tmp_path):
    folder = write_images(tmp_path, ["a.png", "b.png"])
    source = ImageFolderSource(folder, loop=False)
    assert read_n(source, 4) == [0, 1, None, None]
    assert source.ended
    source.rewind()
    assert not source.ended
    assert read_n(source, 1) == [0]


def test_folder_ignores_other_files_and_dot_files_and_any_case_of_extension(tmp_path):
    write_images(tmp_path, ["a.PNG", "b.jpg"])
    (tmp_path / "notes.txt").write_text("not an image")
    (tmp_path / "._a.png").write_bytes(b"mac resource fork")
    (tmp_path / "sub.png").mkdir()
    source = ImageFolderSource(tmp_path, loop=False)
    assert [p.name for p in source.files] == ["a.PNG", "b.jpg"]
    assert read_n(source, 3) == [0, 1, None]
    assert source.skipped == []


def test_folder_skips_unreadable_files_with_reasons(tmp_path, caplog):
    write_images(tmp_path, ["1.png", "2.png", "3.png"])
    (tmp_path / "2.png").write_bytes(b"this is not a png")
    (tmp_path / "4.png").write_bytes(b"")
    source = ImageFolderSource(tmp_path)
    # Colours follow the write order: 1.png is colour 0, 3.png colour 2.
    assert read_n(source, 4) == [0, 2, 0, 2]
    reasons = {path.name: why for path, why in source.skipped}
    assert set(reasons) == {"2.png", "4.png"}
    assert "not a decodable image" in reasons["2.png"]
    assert "empty" in reasons["4.png"]
    assert [p.name for p in source.files] == ["1.png", "3.png"]
    assert "skipping 2.png" in caplog.text


def test_folder_file_vanishing_after_listing_is_skipped(tmp_path):
    write_images(tmp_path, ["1.png", "2.png"])
    source = ImageFolderSource(tmp_path, loop=False)
    (tmp_path / "1.png").unlink()
    assert read_n(source, 2) == [1, None]
    assert source.skipped == [(tmp_path / "1.png", "it disappeared")]


def test_folder_with_nothing_readable_raises(tmp_path):
    (tmp_path / "a.png").write_bytes(b"junk")
    (tmp_path / "b.jpg").write_bytes(b"junk")
    source = ImageFolderSource(tmp_path)
    with pytest.raises(CameraUnavailable, match=r"none of the 2 images could be read \(a\.png"):
        source.read()


def test_folder_errors(tmp_path):
    with pytest.raises(CameraUnavailable, match=r"the folder .*nowhere does not exist"):
        ImageFolderSource(tmp_path / "nowhere")
    (tmp_path / "clip.avi").write_bytes(b"x")
    with pytest.raises(CameraUnavailable, match="is a file, not a folder; use 'file:PATH'"):
        ImageFolderSource(tmp_path / "clip.avi")
    with pytest.raises(CameraUnavailable, match=r"no images in .* \(1 other entries\); .*\.png"):
        ImageFolderSource(tmp_path)


def test_grey_and_alpha_images_come_out_as_bgr(tmp_path):
    cv2.imwrite(str(tmp_path / "1.png"), np.full((H, W), 200, np.uint8))
    cv2.imwrite(str(tmp_path / "2.png"), np.full((H, W, 4), (10, 20, 30, 128), np.uint8))
    cv2.imwrite(str(tmp_path / "3.png"), np.full((H, W, 3), 65535, np.uint16))
    source = ImageFolderSource(tmp_path, loop=False)
    grey, alpha, deep = (check_frame(source.read()) for _ in range(3))
    assert (grey == 200).all()
    assert tuple(alpha[0, 0]) == (10, 20, 30)
    assert (deep == 255).all()


# --- a video file -------------------------------------------------------------------------


def test_video_plays_in_order_then_ends(tmp_path):
    path = write_video(tmp_path / "clip.avi", 5)
    with VideoFileSource(path) as source:
        assert source.size == (W, H)
        assert source.frame_count == 5
        assert source.fps == pytest.approx(10.0)
        assert read_n(source, 7) == [0, 1, 2, 3, 4, None, None]
        assert source.ended
    assert source.closed


def test_video_loops(tmp_path):
    path = write_video(tmp_path / "clip.avi", 3)
    source = VideoFileSource(path, loop=True)
    assert read_n(source, 8) == [0, 1, 2, 0, 1, 2, 0, 1]
    assert not source.ended
    source.close()


def test_video_errors(tmp_path):
    with pytest.raises(CameraUnavailable, match=r"clip\.avi does not exist; check the path"):
        VideoFileSource(tmp_path / "clip.avi")
    with pytest.raises(CameraUnavailable, match="is a folder, not a video file; use 'dir:PATH'"):
        VideoFileSource(tmp_path)
    (tmp_path / "fake.avi").write_bytes(b"definitely not a video" * 10)
    with pytest.raises(CameraUnavailable, match=r"could not be opened as a video|no readable"):
        VideoFileSource(tmp_path / "fake.avi")


# --- the simulated camera ------------------------------------------------------------------


def test_sim_shows_the_frame_of_the_current_tick_once(tmp_path):
    folder = write_images(tmp_path, ["a.png", "b.png", "c.png"])
    clock = FakeClock(5_000)  # time counts from the camera's creation, not from zero
    with SimCamera(folder, fps=10, clock=clock) as cam:
        assert which(check_frame(cam.read())) == 0
        assert cam.read() is None  # same tick: nothing new
        clock.advance(99)
        assert cam.read() is None
        clock.advance(1)  # 100 ms = tick 1
        assert which(check_frame(cam.read())) == 1
        clock.advance(100)
        assert which(check_frame(cam.read())) == 2
        assert cam.length is None  # not yet past the end
        clock.advance(100)  # tick 3 wraps to the first frame
        assert which(check_frame(cam.read())) == 0
        assert cam.length == 3
        assert cam.size == (W, H)


def test_sim_tick_boundaries_at_fifteen_fps():
    clock = FakeClock()
    cam = SimCamera([solid(0), solid(1)], fps=15, clock=clock)
    assert cam.read() is not None
    clock.advance(66)  # 66 * 15 / 1000 = 0.99: still tick 0
    assert cam.read() is None
    assert cam.tick == 0
    clock.advance(1)  # 1.005: tick 1
    assert cam.tick == 1
    assert which(check_frame(cam.read())) == 1


def test_sim_slow_reader_loses_frames_and_wraps_by_modulo(tmp_path):
    folder = write_images(tmp_path, ["a.png", "b.png", "c.png"])
    clock = FakeClock()
    cam = SimCamera(folder, fps=10, clock=clock)
    clock.advance(200)  # first read at tick 2: frames 0 and 1 were never seen
    assert which(check_frame(cam.read())) == 2
    clock.advance(2_900)  # tick 31 -> 31 % 3 = 1, learnt on the way
    assert which(check_frame(cam.read())) == 1
    assert cam.length == 3
    clock.advance(300)  # tick 34: a whole loop later the same picture, but a new frame
    assert which(check_frame(cam.read())) == 1
    clock.advance(100)
    assert which(check_frame(cam.read())) == 2


def test_sim_first_read_long_after_start_finds_the_right_frame():
    clock = FakeClock()
    cam = SimCamera([solid(i) for i in range(4)], fps=10, clock=clock)
    clock.advance(1_000_000)  # tick 10000 -> 10000 % 4 = 0
    assert which(check_frame(cam.read())) == 0
    clock.advance(300)
    assert which(check_frame(cam.read())) == 3


def test_sim_single_image_repeats_once_per_tick():
    clock = FakeClock()
    cam = SimCamera([solid(5)], fps=2, clock=clock)
    seen = []
    for _ in range(6):
        frame = cam.read()
        seen.append(None if frame is None else which(frame))
        if frame is not None:
            frame[:] = 0  # drawing on a frame must not change what the camera shows next
        clock.advance(250)
    assert seen == [5, None, 5, None, 5, None]


def test_sim_restart_and_frames_are_copies():
    clock = FakeClock()
    cam = SimCamera([solid(0), solid(1), solid(2)], fps=10, clock=clock)
    clock.advance(150)
    first = check_frame(cam.read())
    assert which(first) == 1
    first[:] = 0  # drawing on a frame must not change the clip
    cam.restart()
    assert which(check_frame(cam.read())) == 0
    clock.advance(100)
    assert which(check_frame(cam.read())) == 1


def test_sim_replays_a_video(tmp_path):
    path = write_video(tmp_path / "clip.avi", 4)
    clock = FakeClock()
    cam = SimCamera(path, fps=20, clock=clock)
    seen = []
    for _ in range(10):
        seen.append(which(check_frame(cam.read())))
        clock.advance(50)
    assert seen == [0, 1, 2, 3, 0, 1, 2, 3, 0, 1]
    assert cam.length == 4
    assert "4 frames at 20 fps" in cam.describe()
    cam.close()


def test_sim_errors():
    with pytest.raises(CameraUnavailable, match=r"nothing does not exist; give a folder"):
        SimCamera(Path("/nonexistent/nothing"), fps=10, clock=FakeClock())
    for bad in (0, -1, float("nan"), float("inf")):
        with pytest.raises(ValueError, match="fps must be a positive number"):
            SimCamera([solid(0)], fps=bad, clock=FakeClock())
    with pytest.raises(TypeError, match="rewind"):
        SimCamera(_NoRewind(), fps=10, clock=FakeClock())


class _NoRewind:
    name = "live"
    size = None
    ended = False

    def read(self) -> None:
        return None

    def close(self) -> None:
        pass

    def describe(self) -> str:
        return "live"

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        pass


def test_sim_closes_the_source_it_wraps():
    inner = FrameListSource([solid(0)])
    with SimCamera(inner, fps=10, clock=FakeClock()) as cam:
        assert cam.name == "sim:frames@10"
    assert inner.closed


# --- frames in memory, and the shared behaviour ---------------------------------------------


def test_frame_list_source_loops_and_validates():
    source = FrameListSource([solid(0), np.full((H, W), 9, np.uint8)], loop=True)
    assert read_n(source, 3) == [0, 0, 0]  # a grey 9 is nearest to black
    once = FrameListSource([solid(0)], loop=True)
    check_frame(once.read())[:] = 255  # drawing on a frame must not change the script
    assert which(check_frame(once.read())) == 0
    with pytest.raises(CameraUnavailable, match="the list of frames is empty"):
        FrameListSource([])
    with pytest.raises(ValueError, match=r"give a list of frames .*not \(24, 32, 3\)"):
        FrameListSource(solid(0))
    assert read_n(FrameListSource(np.stack([solid(1), solid(2)])), 2) == [1, 2]
    with pytest.raises(ValueError, match="must be uint8"):
        FrameListSource([np.zeros((H, W, 3), np.float32)])
    with pytest.raises(ValueError, match="not \\(4, 4, 2\\)"):
        as_bgr(np.zeros((4, 4, 2), np.uint8))
    with pytest.raises(ValueError, match="empty frame"):
        as_bgr(np.zeros((0, 4, 3), np.uint8))


def test_every_source_is_a_frame_source_and_closes(tmp_path):
    folder = write_images(tmp_path / "imgs", ["a.png"])
    video = write_video(tmp_path / "clip.avi", 2)
    sources = [
        ImageFolderSource(folder),
        VideoFileSource(video),
        FrameListSource([solid(0)]),
        SimCamera(folder, fps=10, clock=FakeClock()),
    ]
    for source in sources:
        assert isinstance(source, FrameSource)
        with source as same:
            assert same is source
            assert same.read() is not None
            assert source.describe().startswith(source.name)
        source.close()  # closing twice is harmless
        with pytest.raises(CameraUnavailable, match="it has been closed; open it again"):
            source.read()


# --- V4L2 -----------------------------------------------------------------------------------


@pytest.mark.parametrize("device", [99, "99", "/dev/video99"])
def test_v4l2_missing_device_raises(device):
    with pytest.raises(CameraUnavailable, match=r"/dev/video99 does not exist; plug a camera in"):
        V4L2Camera(device)


def test_v4l2_on_a_device_that_is_no_camera_raises():
    # /dev/null is a real device node, so this goes all the way into OpenCV's V4L2 backend.
    with pytest.raises(CameraUnavailable, match="/dev/null could not be opened as a V4L2 camera"):
        V4L2Camera("/dev/null")


def test_v4l2_node_checks(tmp_path, monkeypatch):
    plain = tmp_path / "video0"
    plain.write_bytes(b"")
    with pytest.raises(CameraUnavailable, match="is not a device node; for a recorded clip"):
        V4L2Camera(str(plain))
    with pytest.raises(CameraUnavailable, match="a device index must be 0 or more"):
        V4L2Camera(-1)
    with pytest.raises(CameraUnavailable, match="width must be a positive number of pixels"):
        V4L2Camera(0, width=0)
    monkeypatch.setattr(camera.os, "access", lambda *_: False)
    with pytest.raises(CameraUnavailable, match="no permission to open /dev/null; add this user"):
        V4L2Camera("/dev/null")


class FakeCapture:
    """Stands in for cv2.VideoCapture: a script of read results."""

    instances: ClassVar[list[FakeCapture]] = []
    next_script: ClassVar[list[np.ndarray | None]] = []

    def __init__(self, device, api) -> None:
        self.device, self.api = device, api
        self.props: dict[int, float] = {}
        self.script: list[np.ndarray | None] = list(FakeCapture.next_script)
        self.released = False
        FakeCapture.instances.append(self)

    def isOpened(self) -> bool:
        return True

    def set(self, prop: int, value: float) -> bool:
        self.props[prop] = value
        return True

    def read(self):
        frame = self.script.pop(0) if self.script else None
        return frame is not None, frame

    def release(self) -> None:
        self.released = True


@pytest.fixture
def fake_capture(monkeypatch):
    FakeCapture.instances = []
    monkeypatch.setattr(camera.cv2, "VideoCapture", FakeCapture)
    return FakeCapture


def test_v4l2_reads_frames_and_asks_for_the_size(fake_capture):
    fake_capture.next_script = [solid(1, 64, 48), solid(2, 64, 48), None, solid(3, 64, 48)]
    cam = V4L2Camera("/dev/null", width=64, height=48)
    capture = fake_capture.instances[0]
    assert capture.api == cv2.CAP_V4L2
    assert capture.props == {cv2.CAP_PROP_FRAME_WIDTH: 64, cv2.CAP_PROP_FRAME_HEIGHT: 48}
    assert cam.size == (64, 48)
    assert read_frames(cam, 4) == [1, 2, None, 3]  # one dropped grab is not yet a failure
    cam.close()
    assert capture.released


def test_v4l2_that_stops_delivering_raises_instead_of_none_forever(fake_capture):
    fake_capture.next_script = [solid(0)]
    cam = V4L2Camera("/dev/null")
    assert read_frames(cam, 3) == [0, None, None]
    with pytest.raises(CameraUnavailable, match=r"stopped delivering frames \(3 failed reads"):
        cam.read()


def test_v4l2_node_that_opens_but_never_films_raises(fake_capture):
    fake_capture.next_script = []
    with pytest.raises(CameraUnavailable, match=r"opened but delivered no frame; .*metadata node"):
        V4L2Camera("/dev/null")
    assert fake_capture.instances[0].released


# --- Picamera2 --------------------------------------------------------------------------------


def test_picamera2_not_installed(monkeypatch):
    monkeypatch.setitem(sys.modules, "picamera2", None)  # makes the import fail
    with pytest.raises(CameraUnavailable, match=r"picamera2 package is not installed.*apt install"):
        Picamera2Camera()
    with pytest.raises(CameraUnavailable, match="camera picamera2: the picamera2 package"):
        open_camera("picamera2")


def fake_picamera2(monkeypatch, fail: Exception | None = None) -> list:
    made: list = []

    class Picamera2:
        def __init__(self) -> None:
            if fail is not None:
                raise fail
            self.calls: list[str] = []
            made.append(self)

        def create_preview_configuration(self, main: dict) -> dict:
            self.main = main
            return {"main": main}

        def configure(self, config: dict) -> None:
            self.calls.append("configure")

        def start(self) -> None:
            self.calls.append("start")

        def capture_array(self, stream: str) -> np.ndarray:
            w, h = self.main["size"]
            return np.full((h, w, 4), (255, 0, 0, 0), np.uint8)  # XBGR8888-style: 4 bytes

        def stop(self) -> None:
            self.calls.append("stop")

        def close(self) -> None:
            self.calls.append("close")

    monkeypatch.setitem(sys.modules, "picamera2", types.SimpleNamespace(Picamera2=Picamera2))
    return made


def test_picamera2_delivers_bgr_frames(monkeypatch):
    made = fake_picamera2(monkeypatch)
    with open_camera("picamera2:320x240") as cam:
        assert made[0].main == {"size": (320, 240), "format": "RGB888"}
        assert cam.size == (320, 240)
        frame = check_frame(cam.read(), 320, 240)
        assert which(frame) == 4  # blue, in B, G, R order
    assert made[0].calls == ["configure", "start", "stop", "close"]


def test_picamera2_without_a_camera(monkeypatch):
    fake_picamera2(monkeypatch, fail=IndexError("list index out of range"))
    with pytest.raises(CameraUnavailable, match=r"no camera could be started \(IndexError: list"):
        Picamera2Camera((640, 480))


# --- specs ----------------------------------------------------------------------------------


def test_open_camera_file_dir_and_sim(tmp_path):
    folder = write_images(tmp_path / "cards", ["a.png", "b.png"])
    video = write_video(tmp_path / "clip.avi", 2)
    with open_camera(f"dir:{folder}") as source:
        assert isinstance(source, ImageFolderSource)
        assert source.loop
    with open_camera(f"  file:{video} ") as source:
        assert isinstance(source, VideoFileSource)
        assert not source.loop
    clock = FakeClock()
    with open_camera(f"sim:{folder}@4", clock=clock) as source:
        assert isinstance(source, SimCamera)
        assert source.fps == 4
        assert source.clock is clock
        assert read_frames(source, 1) == [0]
        clock.advance(250)
        assert read_frames(source, 1) == [1]
    with open_camera(f"sim:{video}") as source:
        assert isinstance(source, SimCamera)
        assert source.fps == camera.DEFAULT_SIM_FPS


def test_sim_played_once_ends_after_the_last_frame_period(tmp_path):
    clock = FakeClock()
    cam = SimCamera([solid(0), solid(1), solid(2)], fps=10, clock=clock, loop=False)
    seen = []
    for _ in range(8):
        frame = cam.read()
        seen.append(None if frame is None else which(frame))
        clock.advance(50)
    assert seen == [0, None, 1, None, 2, None, None, None]
    assert cam.ended and cam.length == 3 and "once" in cam.describe()
    clock.advance(10_000)
    assert cam.read() is None and cam.ended  # never again, however long it is read
    cam.restart()
    assert not cam.ended and which(check_frame(cam.read())) == 0


def test_sim_played_once_ends_for_a_reader_that_comes_late():
    clock = FakeClock()
    cam = SimCamera([solid(0), solid(1)], fps=10, clock=clock, loop=False)
    clock.advance(5_000)  # first read long after the clip ended: no wrap-around
    assert cam.read() is None and cam.ended


def test_open_camera_once_paces_recordings_on_the_clock(tmp_path):
    folder = write_images(tmp_path / "cards", ["a.png", "b.png"])
    video = write_video(tmp_path / "clip.avi", 3, fps=20)
    clock = FakeClock()
    with open_camera(f"file:{video}", clock, once=True) as source:
        assert isinstance(source, SimCamera) and not source.looping
        assert source.fps == 20  # the clip's own rate, from its container
        assert source.name == f"file:{video}@20"
        seen = []
        while not source.ended:
            frame = source.read()
            seen.append(None if frame is None else which(frame))
            clock.advance(25)  # two reads per clip frame
        assert seen == [0, None, 1, None, 2, None, None]
    with open_camera(f"dir:{folder}", clock, once=True) as source:
        assert isinstance(source, SimCamera) and source.fps == camera.DEFAULT_SIM_FPS
        assert read_frames(source, 1) == [0] and source.read() is None
        clock.advance(1000 / camera.DEFAULT_SIM_FPS)
        assert read_frames(source, 1) == [1]
        clock.advance(1000 / camera.DEFAULT_SIM_FPS)
        assert source.read() is None and source.ended
    with open_camera(f"sim:{folder}@10", clock, once=True) as source:
        assert isinstance(source, SimCamera) and not source.looping and source.fps == 10


def test_open_camera_sim_path_with_an_at_sign(tmp_path):
    folder = write_images(tmp_path / "me@home", ["a.png"])
    with open_camera(f"sim:{folder}", clock=FakeClock()) as source:
        assert source.fps == camera.DEFAULT_SIM_FPS
    with open_camera(f"sim:{folder}@30", clock=FakeClock()) as source:
        assert source.fps == 30


def test_open_camera_v4l2_specs():
    with pytest.raises(CameraUnavailable, match="camera v4l2:99: /dev/video99 does not exist"):
        open_camera("v4l2:99")
    with pytest.raises(CameraUnavailable, match="v4l2:/dev/video99: /dev/video99 does not exist"):
        open_camera("v4l2:/dev/video99@640x480")
    with pytest.raises(CameraUnavailable, match="'big' is not a size; write it as WIDTHxHEIGHT"):
        open_camera("v4l2:0@big")


@pytest.mark.parametrize(
    ("spec", "device", "props"),
    [
        ("v4l2", 0, {}),
        ("v4l2:", 0, {}),
        ("v4l2:2", 2, {}),
        ("v4l2:/dev/video2@640x480", "/dev/video2", {3: 640, 4: 480}),
    ],
)
def test_open_camera_v4l2_parses_device_and_size(fake_capture, monkeypatch, spec, device, props):
    monkeypatch.setattr(V4L2Camera, "_check_node", lambda self, node: None)
    fake_capture.next_script = [solid(0)]
    with open_camera(spec) as cam:
        capture = fake_capture.instances[0]
        assert capture.device == device
        assert capture.props == props
        assert cam.name == f"v4l2:{device}"


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("", r"camera '': the spec is empty; a camera spec is one of"),
        ("   ", r"the spec is empty"),
        ("webcam:0", r"camera 'webcam:0': unknown kind 'webcam'; a camera spec is one of"),
        ("file:", r"'file:' needs a path after the colon"),
        ("dir:  ", r"'dir:' needs a path after the colon"),
        ("sim:", r"'sim:' needs a path after the colon"),
        ("sim:cards@abc", r"the frame rate 'abc' is not a positive number; write it after '@'"),
        ("sim:cards@0", r"the frame rate '0' is not a positive number"),
        ("sim:cards@-5", r"the frame rate '-5' is not a positive number"),
        ("sim:cards@nan", r"the frame rate 'nan' is not a positive number"),
        ("picamera2:wide", r"'wide' is not a size"),
        ("picamera2:0x480", r"'0x480' is not a size"),
    ],
)
def test_open_camera_bad_specs(spec, message):
    with pytest.raises(CameraUnavailable, match=message):
        open_camera(spec)


def test_open_camera_missing_paths(tmp_path):
    missing = tmp_path / "gone"
    with pytest.raises(CameraUnavailable, match=r"gone does not exist; check the path"):
        open_camera(f"file:{missing}")
    with pytest.raises(CameraUnavailable, match=r"the folder .*gone does not exist"):
        open_camera(f"dir:{missing}")
    with pytest.raises(CameraUnavailable, match=r"gone does not exist; give a folder of images"):
        open_camera(f"sim:{missing}@15")


def test_open_camera_bare_path_suggests_a_kind(tmp_path):
    with pytest.raises(
        CameraUnavailable, match=r"a path needs a kind in front; did you mean 'dir:"
    ):
        open_camera(str(tmp_path))
    clip = tmp_path / "clip.avi"
    clip.write_bytes(b"x")
    with pytest.raises(CameraUnavailable, match=r"did you mean 'file:"):
        open_camera(str(clip))


# ------------------------------------------------------------------ background capture


class _SlowSource:
    """A camera whose read blocks like a driver's, numbering its frames; optionally it
    fails or ends after some frames."""

    name = "slow"

    def __init__(self, frames: int = 10**9, fail_after: int | None = None,
                 delay: float = 0.01) -> None:
        import threading

        self.count = 0
        self.frames = frames
        self.fail_after = fail_after
        self.delay = delay
        self.ended = False
        self.closed = False
        self.gate = threading.Event()
        self.gate.set()

    @property
    def size(self):
        return (4, 4)

    def read(self):
        import time

        self.gate.wait()
        time.sleep(self.delay)
        if self.fail_after is not None and self.count >= self.fail_after:
            raise CameraUnavailable(self.name, "unplugged")
        if self.count >= self.frames:
            self.ended = True
            return None
        self.count += 1
        return np.full((4, 4, 3), self.count % 256, np.uint8)

    def close(self) -> None:
        self.closed = True

    def describe(self) -> str:
        return self.name


def _wait_for(predicate, timeout: float = 10.0) -> None:
    import time

    end = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < end, "timed out"
        time.sleep(0.002)


def test_a_background_camera_never_blocks_and_gives_the_newest_frame() -> None:
    from firmware_sim.camera import BackgroundCamera

    source = _SlowSource()
    source.gate.clear()  # the driver has no frame yet
    camera = BackgroundCamera(source)
    try:
        assert camera.read() is None  # returns at once although the source blocks
        source.gate.set()
        _wait_for(lambda: camera.captured >= 3)
        frame = camera.read()
        assert frame is not None
        assert int(frame[0, 0, 0]) >= 2  # the newest (or the one before), not the first
        again = camera.read()
        assert again is None or int(again[0, 0, 0]) > int(frame[0, 0, 0])  # never twice
        assert camera.size == (4, 4)
    finally:
        camera.close()
    assert source.closed  # it owns the source


def test_a_background_camera_reports_the_failure_and_the_end() -> None:
    from firmware_sim.camera import BackgroundCamera

    failing = BackgroundCamera(_SlowSource(fail_after=2, delay=0.001))
    try:
        _wait_for(lambda: failing.captured == 2)
        _wait_for(lambda: failing._error is not None)
        assert failing.read() is not None  # the last good frame first
        with pytest.raises(CameraUnavailable, match="unplugged"):
            failing.read()
    finally:
        failing.close()
    ending = BackgroundCamera(_SlowSource(frames=1, delay=0.001))
    try:
        _wait_for(lambda: ending._source_ended)
        assert not ending.ended  # a frame is still waiting
        assert ending.read() is not None
        assert ending.read() is None and ending.ended
    finally:
        ending.close()


def test_a_folder_skips_picture_bombs_and_never_opens_a_fifo(tmp_path: Path) -> None:
    import struct
    import zlib

    from firmware_sim.camera import ImageFolderSource
    from tools.fuzzing.scanner import png_chunk as chunk

    header = struct.pack(">IIBBBBB", 65535, 65535, 8, 2, 0, 0, 0)
    (tmp_path / "1-bomb.png").write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
                                          + chunk(b"IDAT", zlib.compress(b"\0" * 64))
                                          + chunk(b"IEND", b""))
    os.mkfifo(tmp_path / "2-pipe.png")
    cv2.imwrite(str(tmp_path / "3-good.png"), np.full((40, 60, 3), 200, np.uint8))
    source = ImageFolderSource(tmp_path, loop=False)
    assert [p.name for p in source.files] == ["1-bomb.png", "3-good.png"]
    frame = source.read()
    assert frame is not None and frame.shape[:2] == (40, 60)
    assert [(p.name, why) for p, why in source.skipped] == [
        ("1-bomb.png", "it is too large a picture, or damaged")]
