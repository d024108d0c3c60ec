"""tools/check_min_versions.py's reading of requirements, and the two constraints files."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.version import Version

from tools.check_min_versions import (
    CheckError,
    constraint_pins,
    declared_requirements,
    minimum_pins,
)

ROOT = Path(__file__).resolve().parents[2]


def test_every_declared_dependency_is_pinned_to_its_lower_bound() -> None:
    declared = declared_requirements()
    pins = minimum_pins(declared)
    assert len(pins) == len(declared)
    assert pins["zxing-cpp"] == "zxing-cpp==3.0"  # the code needs 3.0's API
    assert pins["numpy"] == "numpy==1.24.2"  # Raspberry Pi OS Bookworm's
    assert "pytest" in pins  # the test extra too


@pytest.mark.parametrize("requirement", ["foo", "foo<2", "foo>=1,>=2", "foo>=", "foo ==1"])
def test_a_requirement_without_one_lower_bound_is_refused(requirement: str) -> None:
    with pytest.raises(CheckError, match="lower bound"):
        minimum_pins([requirement])


def test_upper_bounds_extras_and_markers_are_read() -> None:
    pins = minimum_pins(["Foo_Bar[x]>=1.2, <3 ; python_version >= '3.11'"])
    assert pins == {"foo-bar": "Foo_Bar==1.2 ; python_version >= '3.11'"}


def test_a_constraints_file_holds_only_exact_pins(tmp_path: Path) -> None:
    bad = tmp_path / "c.txt"
    bad.write_text("# a comment\nfoo==1.0\nbar>=2\n")
    with pytest.raises(CheckError, match=r"c\.txt:3"):
        constraint_pins(bad)


@pytest.mark.parametrize("name", ["constraints.txt", "constraints-pi.txt"])
def test_the_tested_sets_pin_every_dependency_within_its_declared_range(name: str) -> None:
    pins = {key: Version(line.split("==")[1].strip())
            for key, line in constraint_pins(ROOT / name).items()}
    for text in declared_requirements():
        requirement = Requirement(text)
        key = requirement.name.lower().replace("_", "-")
        assert key in pins, f"{name} does not pin {requirement.name}"
        assert requirement.specifier.contains(pins[key], prereleases=True), (name, text)


def test_the_pi_set_differs_only_where_the_pis_camera_stack_needs_it() -> None:
    desktop = constraint_pins(ROOT / "constraints.txt")
    pi = constraint_pins(ROOT / "constraints-pi.txt")
    assert desktop.keys() == pi.keys()
    assert {k for k in pi if pi[k] != desktop[k]} <= {"numpy", "opencv-python-headless"}
    assert Version(pi["numpy"].split("==")[1]) < Version("2")
    # opencv-python-headless 4.12 and later require numpy 2.
    assert Version(pi["opencv-python-headless"].split("==")[1]) < Version("4.12")


def test_a_missing_constraints_file_is_one_line_and_exit_2(tmp_path: Path) -> None:
    r = subprocess.run([sys.executable, str(ROOT / "tools" / "check_min_versions.py"),
                        "--set", str(tmp_path / "missing.txt")],
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr.startswith("check_min_versions: error:") and r.stderr.count("\n") == 1
