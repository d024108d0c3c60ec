"""The systemd unit and the .desktop file in packaging/: their commands start the game.

The slow install test (tests/test_install.py) runs both commands from a real install; these
check, quickly, that each names an installed command with arguments the game accepts.
"""

from __future__ import annotations

import configparser
import re
import shlex
import tomllib
from pathlib import Path

import pytest

from handheld.__main__ import build_parser

ROOT = Path(__file__).resolve().parents[1]
UNIT = ROOT / "packaging" / "pocket-tcg.service"
DESKTOP = ROOT / "packaging" / "pocket-tcg.desktop"
SCRIPTS = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"][
    "scripts"]


def read_ini(path: Path) -> configparser.ConfigParser:
    # systemd and desktop entries are INI-like; keys keep their case.
    parser = configparser.ConfigParser(interpolation=None, strict=False)
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    parser.read_string(path.read_text(encoding="utf-8"))
    return parser


def unit_command() -> tuple[Path, list[str]]:
    """The unit's working directory and ExecStart, split as systemd splits it."""
    service = read_ini(UNIT)["Service"]
    return Path(service["WorkingDirectory"]), shlex.split(service["ExecStart"])


def desktop_command() -> list[str]:
    return shlex.split(read_ini(DESKTOP)["Desktop Entry"]["Exec"])


def test_the_unit_runs_the_game_installed_in_its_checkout() -> None:
    workdir, argv = unit_command()
    program = Path(argv[0])
    assert program.parent == workdir / ".venv" / "bin"  # what ./run play makes
    assert SCRIPTS[program.name] == "handheld.__main__:main"
    build_parser().parse_args(argv[1:])  # arguments the game accepts (not "play")
    service = read_ini(UNIT)["Service"]
    assert service["Restart"] == "on-failure" and float(service["RestartSec"]) > 0
    unit = read_ini(UNIT)["Unit"]
    assert int(unit["StartLimitBurst"]) > 0  # a broken game does not restart forever


def test_the_desktop_entry_runs_the_installed_game() -> None:
    entry = read_ini(DESKTOP)["Desktop Entry"]
    assert entry["Type"] == "Application" and entry["Terminal"] == "false"
    argv = desktop_command()
    assert SCRIPTS[argv[0]] == "handheld.__main__:main"
    build_parser().parse_args(argv[1:])


@pytest.mark.parametrize("doc", ["docs/HARDWARE.md", "docs/INSTALL.md", "README.md"])
def test_the_docs_show_the_shipped_unit_not_a_copy_of_their_own(doc: str) -> None:
    text = (ROOT / doc).read_text(encoding="utf-8")
    _, argv = unit_command()
    for shown in re.findall(r"^\s*ExecStart=(.*)$", text, flags=re.M):
        assert shlex.split(shown) == argv, f"{doc} shows ExecStart={shown}"
