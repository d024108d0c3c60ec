"""Check that the declared minimum versions are true: install exactly them, run the suite.

    python tools/check_min_versions.py                      the lower bounds of pyproject.toml
    python tools/check_min_versions.py --set constraints-pi.txt   a constraints file's set
    python tools/check_min_versions.py -- tests/scanner -x  pytest arguments after --

It makes a virtual environment in a temporary directory, installs each direct dependency of
the project (and of the extras ``./run test`` installs: ``test``, ``cluster``) pinned to its
declared lower bound (``>=X`` becomes ``==X``; a dependency without a lower bound is an
error), or the versions a constraints file names, runs ``ruff check`` and the test suite of
this checkout there, and prints JSON: the pins, what pip installed, the test counts and
``ok``. It exits 1 when anything failed, 2 on a usage error. Needs the network (PyPI) the
first time; pip's cache serves later runs.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time
import tomllib
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
EXTRAS = ("test", "cluster")  # the extras ./run test installs
# "name>=1.2" or "name[extra]>=1.2, <3"; markers (after ";") are kept as they are.
_LOWER_BOUND = re.compile(r"^\s*([A-Za-z0-9][A-Za-z0-9._-]*)(\[[^\]]*\])?\s*(.*?)\s*(;.*)?$")


class CheckError(Exception):
    """A requirement or a file this check cannot use (the message says which)."""


def declared_requirements(pyproject: Path = ROOT / "pyproject.toml") -> list[str]:
    """The project's direct dependencies and those of its tested extras, as written."""
    project = tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]
    found = list(project.get("dependencies", []))
    for extra in EXTRAS:
        found += project.get("optional-dependencies", {}).get(extra, [])
    return found


def minimum_pins(requirements: list[str]) -> dict[str, str]:
    """``{name: "name==lower"}`` for each requirement (``>=`` bounds only)."""
    pins: dict[str, str] = {}
    for requirement in requirements:
        match = _LOWER_BOUND.match(requirement)
        if not match:
            raise CheckError(f"cannot read the requirement {requirement!r}")
        name, _extras, spec, marker = match.groups()
        lower = [part.strip()[2:].strip() for part in spec.split(",")
                 if part.strip().startswith(">=")]
        if len(lower) != 1 or not lower[0]:
            raise CheckError(f"{requirement!r} declares no single lower bound (>=)")
        key = name.lower().replace("_", "-")
        pin = f"{name}=={lower[0]}" + (f" {marker}" if marker else "")
        if key in pins and pins[key] != pin:
            raise CheckError(f"{name} has two different lower bounds")
        pins[key] = pin
    return pins


def constraint_pins(path: Path) -> dict[str, str]:
    """The ``name==version`` lines of a constraints file."""
    pins: dict[str, str] = {}
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        match = re.match(r"^([A-Za-z0-9][A-Za-z0-9._-]*)\s*==\s*\S+", line)
        if not match:
            raise CheckError(f"{path}:{number}: expected NAME==VERSION, got {line!r}")
        pins[match.group(1).lower().replace("_", "-")] = line
    return pins


def _run(argv: list[str], env: dict[str, str],
         cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    # Everything the tools print goes to our stderr; only the JSON summary goes to stdout.
    return subprocess.run(argv, cwd=cwd, env=env, text=True, stdout=sys.stderr,
                          stderr=sys.stderr, check=False)


def _junit_counts(path: Path) -> dict[str, int]:
    counts = {"tests": 0, "failures": 0, "errors": 0, "skipped": 0}
    if not path.is_file():
        return counts
    root = ET.parse(path).getroot()
    for suite in ([root] if root.tag == "testsuite" else root.iter("testsuite")):
        for key in counts:
            counts[key] += int(suite.get(key, "0"))
    return counts


def check(pins: dict[str, str], pytest_args: list[str], workdir: Path) -> dict[str, object]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    venv = workdir / "venv"
    python = str(venv / "bin" / "python")
    started = time.monotonic()
    result: dict[str, object] = {"python": sys.version.split()[0], "pins": sorted(pins.values())}
    if _run([sys.executable, "-m", "venv", str(venv)], env).returncode != 0:
        raise CheckError("could not create the virtual environment")
    requirements = workdir / "pins.txt"
    requirements.write_text("\n".join(pins.values()) + "\n", encoding="utf-8")
    install = _run([python, "-m", "pip", "install", "--disable-pip-version-check", "-q",
                    "-r", str(requirements)], env)
    result["install_ok"] = install.returncode == 0
    if install.returncode != 0:
        result.update(ok=False, seconds=round(time.monotonic() - started, 1))
        return result
    freeze = subprocess.run([python, "-m", "pip", "freeze", "--disable-pip-version-check"],
                            env=env, text=True, capture_output=True, check=False)
    result["installed"] = freeze.stdout.split()
    env.update(PYTHONPATH=str(ROOT), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    lint = _run([python, "-m", "ruff", "check", "--no-cache", "."], env)
    junit = workdir / "junit.xml"
    tests = _run([python, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                  f"--junitxml={junit}", *pytest_args], env)
    counts = _junit_counts(junit)
    result.update(
        lint_ok=lint.returncode == 0,
        tests_exit=tests.returncode,
        tests=counts["tests"],
        failed=counts["failures"],
        errors=counts["errors"],
        skipped=counts["skipped"],
        ok=lint.returncode == 0 and tests.returncode == 0 and counts["tests"] > 0,
        seconds=round(time.monotonic() - started, 1),
    )
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python tools/check_min_versions.py",
        description="Install the declared minimum versions (or a constraints file's set) in "
                    "a fresh virtual environment and run the suite there; prints JSON.")
    parser.add_argument("--set", metavar="FILE", type=Path,
                        help="a constraints file (NAME==VERSION lines) instead of the minimums")
    parser.add_argument("--keep", metavar="DIR", type=Path,
                        help="make the environment in DIR and keep it (default: a temporary "
                             "directory, removed)")
    parser.add_argument("pytest_args", nargs="*", help="arguments for pytest (after --)")
    args = parser.parse_args(argv)
    try:
        pins = (constraint_pins(args.set) if args.set
                else minimum_pins(declared_requirements()))
        if args.keep:
            args.keep.mkdir(parents=True, exist_ok=True)
            result = check(pins, args.pytest_args, args.keep)
        else:
            with tempfile.TemporaryDirectory(prefix="check-min-versions-") as tmp:
                result = check(pins, args.pytest_args, Path(tmp))
    except (CheckError, OSError) as exc:
        print(f"check_min_versions: error: {exc}", file=sys.stderr)
        return 2
    result["set"] = str(args.set) if args.set else "declared minimums"
    print(json.dumps(result, indent=2))
    return 0 if result["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
