"""A missing or broken optional library is a reason on the screen, never a crash.

On Raspberry Pi OS, picamera2 (and its simplejpeg) are built on the system's numpy 1.24:
with another numpy in the virtual environment their import raises ``ValueError: numpy.dtype
size changed``, not ImportError. These tests put such broken libraries first on the path.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from firmware_sim.camera import CameraUnavailable, Picamera2Camera
from firmware_sim.gpio import GpioButtons, GpioUnavailable
from scanner.decoders import BackendUnavailable, available_backends, make_decoder

ROOT = Path(__file__).resolve().parents[1]
ABI_ERROR = ("numpy.dtype size changed, may indicate binary incompatibility. "
             "Expected 96 from C header, got 88 from PyObject")


def broken_package(where: Path, name: str, error: str = f"ValueError({ABI_ERROR!r})") -> Path:
    """A package ``name`` whose import raises ``error`` (Python source of an exception)."""
    package = where / name
    package.mkdir(parents=True)
    (package / "__init__.py").write_text(f"raise {error}\n", encoding="utf-8")
    return where


@pytest.fixture
def broken(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """Make the named top-level packages broken for this test (restored afterwards)."""

    def make(*names: str, error: str = f"ValueError({ABI_ERROR!r})") -> None:
        for name in names:
            broken_package(tmp_path, name, error)
            for loaded in [m for m in sys.modules if m == name or m.startswith(name + ".")]:
                monkeypatch.delitem(sys.modules, loaded)
        monkeypatch.syspath_prepend(str(tmp_path))

    return make


def test_a_decoder_library_built_for_another_numpy_is_a_reason(broken) -> None:
    broken("pyzbar")
    with pytest.raises(BackendUnavailable, match=r"ValueError: numpy\.dtype size changed"):
        make_decoder("zbar")
    status = available_backends()
    assert "numpy.dtype size changed" in status["zbar"]
    assert status["opencv"] == ""  # the others still load


def test_a_decoder_library_that_fails_to_load_its_shared_library_is_a_reason(broken) -> None:
    broken("zxingcpp", error="OSError('libzxing.so: cannot open shared object file')")
    with pytest.raises(BackendUnavailable, match=r"zxing-cpp backend cannot load.*OSError"):
        make_decoder("zxing")


def test_a_broken_picamera2_is_a_camera_problem_with_the_fix(broken) -> None:
    broken("picamera2")
    with pytest.raises(CameraUnavailable) as caught:
        Picamera2Camera()
    message = str(caught.value)
    assert "cannot load (ValueError: numpy.dtype size changed" in message
    assert "constraints-pi.txt" in message


def test_a_broken_gpiozero_is_no_gpio_not_a_crash(broken) -> None:
    broken("gpiozero", error="RuntimeError('lgpio: cannot open gpiochip')")
    with pytest.raises(GpioUnavailable, match=r"gpiozero cannot load.*RuntimeError"):
        GpioButtons()


def test_a_pin_driver_that_fails_is_no_gpio_not_a_crash() -> None:
    class FailingFactory:
        def __getattr__(self, name: str) -> object:
            raise RuntimeError("GPIO busy")

    with pytest.raises(GpioUnavailable, match="GPIO pins cannot be used"):
        GpioButtons(pin_factory=FailingFactory())


def test_a_broken_opencv_leaves_the_game_playable_and_the_scan_screen_says_why(
        tmp_path: Path) -> None:
    # A fresh process: OpenCV is imported at module level, once.
    broken_package(tmp_path / "lib", "cv2", error="ImportError('numpy.core.multiarray failed "
                                                  "to import')")
    script = textwrap.dedent("""
        from firmware_sim.camera import CameraUnavailable, open_camera
        try:
            open_camera("dir:/nonexistent")
        except CameraUnavailable as exc:
            print("camera:", exc)
        from handheld.ui.app import Handheld
        from handheld.ui.scenes.scan import ScanScene
        h = Handheld(headless=True, data_dir=DATA, seed=1)
        scan = ScanScene(h)
        h.scenes.push(scan)
        h.tick(5)
        print("scan:", scan.problem)
        h.close()
    """).replace("DATA", repr(str(tmp_path / "data")))
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path / "lib"), str(ROOT)]),
           "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    r = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                       timeout=120, env=env, cwd=tmp_path)
    assert r.returncode == 0, r.stderr[-2000:]
    assert ("camera: camera 'dir:/nonexistent': OpenCV cannot load (ImportError: numpy.core"
            in r.stdout)
    assert "scan: the scanner cannot load (ImportError: numpy.core" in r.stdout
