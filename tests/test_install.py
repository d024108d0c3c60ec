"""A real install: the wheel carries the assets and its commands work outside the checkout.

The slow test builds the wheel, installs it into a fresh virtual environment under a
temporary directory (its dependencies come from the environment running the tests, so
nothing is downloaded), and runs each console command from a directory that is not the
checkout, with no ``PYTHONPATH`` and no ``HANDHELD_ASSETS``: what ``pip install``, pipx
or the wheel give a player.
"""

from __future__ import annotations

import json
import os
import shutil
import site
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
COMMANDS = ("pocket-tcg", "pocket-tcg-engine", "pocket-tcg-scanner", "pocket-tcg-board")


def _tree_packages() -> set[str]:
    found = set()
    for top in ("handheld", "scanner", "firmware_sim"):
        for init in (ROOT / top).rglob("__init__.py"):
            found.add(".".join(init.parent.relative_to(ROOT).parts))
    return found


def _asset_files() -> set[str]:
    """Every asset file of the checkout, as its path inside the installed package."""
    assets = ROOT / "assets"
    return {"pocket_tcg_assets/" + p.relative_to(assets).as_posix()
            for p in assets.rglob("*")
            if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".pyc"}


def _setup_packages() -> list[str]:
    import runpy

    cwd = os.getcwd()
    os.chdir(ROOT)  # setuptools runs setup.py in the project's folder
    try:
        return runpy.run_path(str(ROOT / "setup.py"), run_name="setup_py")["packages"]()
    finally:
        os.chdir(cwd)


def test_setup_finds_every_package_of_the_tree_and_the_assets() -> None:
    found = _setup_packages()
    assert set(found) >= _tree_packages()
    assert {"pocket_tcg_assets", "pocket_tcg_assets.cards", "pocket_tcg_assets.decks",
            "pocket_tcg_assets.font"} <= set(found)
    assert not any(name.startswith(("tests", "tools")) for name in found)
    assert PYPROJECT["tool"]["setuptools"]["package-dir"]["pocket_tcg_assets"] == "assets"


def test_every_command_has_a_name_a_person_would_type() -> None:
    scripts = PYPROJECT["project"]["scripts"]
    assert set(scripts) == set(COMMANDS)
    assert scripts["pocket-tcg"] == "handheld.__main__:main"


@pytest.mark.parametrize("module", ["handheld", "handheld.engine", "scanner", "firmware_sim"])
def test_version_comes_from_the_package_metadata(module: str) -> None:
    from importlib.metadata import PackageNotFoundError, version

    try:
        expected = version("pocket-tcg-handheld")
    except PackageNotFoundError:
        expected = "(not installed)"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    r = subprocess.run([sys.executable, "-m", module, "--version"], capture_output=True,
                       text=True, timeout=60, env=env, cwd=ROOT)
    assert r.returncode == 0, r.stderr
    assert r.stdout == f"pocket-tcg-handheld {expected}\n"


def _setuptools_is_new_enough() -> bool:
    try:
        from importlib.metadata import version

        return int(version("setuptools").split(".")[0]) >= 77
    except Exception:
        return False


def _clean_env() -> dict[str, str]:
    """This environment without what would let the checkout be found by accident."""
    return {k: v for k, v in os.environ.items()
            if k not in ("PYTHONPATH", "HANDHELD_ASSETS", "HANDHELD_BOARD_CONFIG")}


def _build_wheel(tmp: Path) -> Path:
    # From a copy: building writes build/ and *.egg-info next to the sources.
    source = tmp / "source"
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(
        ".git", ".venv", "build", "dist", "*.egg-info", "__pycache__", ".*_cache",
        ".hypothesis", "out"))
    # Offline when the environment has a setuptools that reads this pyproject (./run test
    # installs one); otherwise pip fetches it into an isolated build environment.
    offline = ["--no-build-isolation"] if _setuptools_is_new_enough() else []
    out = tmp / "dist"
    r = subprocess.run([sys.executable, "-m", "pip", "wheel", str(source), "--no-deps", "-q",
                        "--disable-pip-version-check", *offline, "-w", str(out)],
                       capture_output=True, text=True, timeout=300, env=_clean_env())
    assert r.returncode == 0, r.stderr
    (wheel,) = out.glob("pocket_tcg_handheld-*.whl")
    return wheel


def _fresh_venv(where: Path, wheel: Path) -> Path:
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(where)], check=True,
                   timeout=120, env=_clean_env())
    bin_dir = where / "bin"
    r = subprocess.run([sys.executable, "-m", "pip", "--python", str(bin_dir / "python"),
                        "install", "--no-deps", "-q", "--disable-pip-version-check",
                        str(wheel)], capture_output=True, text=True, timeout=300,
                       env=_clean_env())
    assert r.returncode == 0, r.stderr
    # Then the dependencies: this environment's site-packages, after the venv's own (a
    # plain path in a .pth file, so an editable install of the checkout found there is not
    # activated; written after the install, so pip never sees that one either).
    (site_dir,) = where.glob("lib/python3*/site-packages")
    (site_dir / "test-deps.pth").write_text(
        "\n".join(site.getsitepackages()) + "\n", encoding="utf-8")
    return bin_dir


@pytest.mark.slow
def test_the_wheel_installs_a_working_game_outside_the_checkout(tmp_path: Path) -> None:
    wheel = _build_wheel(tmp_path)
    with zipfile.ZipFile(wheel) as zf:
        names = set(zf.namelist())
    missing = _asset_files() - names
    assert not missing, f"the wheel lacks {sorted(missing)[:5]}"
    inits = {package.replace(".", "/") + "/__init__.py" for package in _tree_packages()}
    assert not inits - names, f"the wheel lacks packages {sorted(inits - names)}"
    assert any(n.endswith(".dist-info/licenses/LICENSE") for n in names)
    entry_points = next(n for n in names if n.endswith(".dist-info/entry_points.txt"))
    with zipfile.ZipFile(wheel) as zf:
        assert all(c in zf.read(entry_points).decode() for c in COMMANDS)

    bin_dir = _fresh_venv(tmp_path / "venv", wheel)
    away = tmp_path / "elsewhere"  # not the checkout: nothing can be found by accident
    away.mkdir()
    env = _clean_env()
    env.update(HANDHELD_DATA=str(tmp_path / "data"), SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy", XDG_CONFIG_HOME=str(tmp_path / "config"))

    def run(*argv: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
        r = subprocess.run([str(bin_dir / argv[0]), *argv[1:]], cwd=away, env=env,
                           input=stdin, capture_output=True, text=True, timeout=120)
        assert r.returncode == 0, (argv, r.stderr[-2000:])
        assert "Traceback" not in r.stderr, r.stderr
        return r

    version = run("pocket-tcg", "--version").stdout
    assert version.startswith("pocket-tcg-handheld ") and "not installed" not in version
    for command in COMMANDS[1:]:
        assert run(command, "--version").stdout == version

    where = run("python", "-c", "import handheld, handheld.assets as a; "
                "print(handheld.__file__); print(a.assets_dir())").stdout.splitlines()
    assert all(str(tmp_path / "venv") in line for line in where), where

    # The headless screen: the font, the cards and the decks, drawn.
    shot = away / "shot.png"
    run("pocket-tcg", "--headless", "--demo", "--frames", "120", "--screenshot", str(shot))
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    # The readable log demo, the card pool, the engine protocol.
    assert "The match took" in run("pocket-tcg", "demo", "--seed", "3").stdout
    coverage = json.loads(run("pocket-tcg", "cards", "--coverage", "--set", "platinum",
                              "--json").stdout)
    assert coverage["implemented"] == coverage["total"] > 0
    lines = run("pocket-tcg-engine", stdin='{"cmd": "hello"}\n'
                '{"cmd": "new", "decks": ["blazing_quake", "tidal_mind"], "seed": 3, '
                '"auto_chance": true}\n').stdout.splitlines()
    hello, new = (json.loads(line) for line in lines)
    assert hello["ok"] and "blazing_quake" in hello["decks"]
    assert new["ok"], new
    # The scanner's catalog reads the same assets: print a code, then read it back.
    sheet = away / "sheet.png"
    run("pocket-tcg-scanner", "sheet", "--cards", "ecard1-1", "--out", str(sheet))
    decoded = run("pocket-tcg-scanner", "decode", str(sheet), "--json").stdout
    assert "ecard1-1" in decoded
    run("pocket-tcg-board", "panels")

    # packaging/: the systemd unit's ExecStart (its checkout's .venv being this one) and the
    # desktop entry's Exec, as they are, on the headless board for a few frames.
    from tests.test_packaging import desktop_command, unit_command

    _, unit_argv = unit_command()
    for argv in (unit_argv, desktop_command()):
        run(Path(argv[0]).name, *argv[1:], "--board", "headless", "--frames", "30")
