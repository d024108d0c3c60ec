"""./run, piece by piece: its functions are sourced into bash with fake system commands.

Running ./run itself would install the world; these tests call its functions in a throwaway
directory instead, with fake ``apt-get``, ``dpkg-query``, ``sudo``, ``runuser`` and pythons
on the PATH that record what they were asked.
"""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RUN = ROOT / "run"


def fake(bin_dir: Path, name: str, body: str) -> Path:
    """An executable ``name`` in ``bin_dir`` running the bash ``body``."""
    bin_dir.mkdir(parents=True, exist_ok=True)
    path = bin_dir / name
    path.write_text("#!/usr/bin/env bash\n" + body + "\n", encoding="utf-8")
    path.chmod(path.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    return path


def bash(script: str, cwd: Path, env: dict[str, str] | None = None,
         fakes: Path | None = None) -> subprocess.CompletedProcess[str]:
    """``source ./run`` (functions only), then ``script``, in ``cwd``."""
    full_env = {**os.environ, **(env or {})}
    if fakes is not None:
        full_env["PATH"] = f"{fakes}{os.pathsep}{full_env['PATH']}"
    return subprocess.run(["bash", "-c", f"source {RUN}; {script}"], cwd=cwd, env=full_env,
                          capture_output=True, text=True, timeout=120)


def test_the_script_parses_and_shellcheck_finds_nothing() -> None:
    assert subprocess.run(["bash", "-n", str(RUN)], capture_output=True).returncode == 0
    assert shutil.which("shellcheck"), "shellcheck is missing: ./run test installs it"
    r = subprocess.run(["shellcheck", str(RUN), str(ROOT / ".ci" / "run")],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stdout


def test_usage_errors_exit_2_with_the_two_commands(tmp_path: Path) -> None:
    r = subprocess.run([str(RUN), "plya"], capture_output=True, text=True, cwd=tmp_path)
    assert r.returncode == 2 and r.stdout == ""
    assert "./run play" in r.stderr and "./run test" in r.stderr


def test_a_half_made_venv_is_made_again(tmp_path: Path) -> None:
    venv = tmp_path / ".venv"
    # What a failed "python3 -m venv" leaves: a python without pip.
    fake(venv / "bin", "python", 'if [[ "$*" == *pip* ]]; then '
                                 'echo "No module named pip" >&2; exit 1; fi; exit 0')
    r = bash(f"ensure_venv {sys.executable} .venv", tmp_path)
    assert r.returncode == 0, r.stderr
    assert "incomplete" in r.stderr and r.stdout == ""
    check = subprocess.run([str(venv / "bin" / "python"), "-m", "pip", "--version"],
                           capture_output=True, text=True)
    assert check.returncode == 0, check.stderr
    again = bash(f"ensure_venv {sys.executable} .venv", tmp_path)
    assert again.returncode == 0 and again.stderr == ""  # a good one is kept as it is


def test_a_failed_venv_leaves_nothing_behind_and_says_what_to_install(tmp_path: Path) -> None:
    broken_python = fake(tmp_path / "bin", "python3",
                         'mkdir -p "$3/bin"; echo "ensurepip is not available" >&2; exit 1')
    r = bash(f"ensure_venv {broken_python} .venv", tmp_path)
    assert r.returncode == 1
    assert "apt-get install python3-venv" in r.stderr
    assert not (tmp_path / ".venv").exists()


def _project(tmp_path: Path) -> Path:
    for name in ("pyproject.toml", "constraints.txt", "constraints-pi.txt"):
        shutil.copy(ROOT / name, tmp_path / name)
    log = tmp_path / "pip.log"
    # A venv python whose pip prints on stdout, as pip does on a first install.
    fake(tmp_path / ".venv" / "bin", "python",
         f'echo "$@" >> {log}; echo "Collecting pygame-ce"; echo "Python 3.11.2"')
    return log


def test_python_packages_install_quietly_once_with_the_tested_set(tmp_path: Path) -> None:
    log = _project(tmp_path)
    r = bash("install_python_packages .venv play", tmp_path)
    assert r.returncode == 0, r.stderr
    assert r.stdout == ""  # "./run play ... --json" prints only the game's JSON
    install = [line for line in log.read_text().splitlines() if " -e " in line]
    assert install == ["-m pip install --disable-pip-version-check -c constraints.txt -e ."]
    log.write_text("")
    assert bash("install_python_packages .venv play", tmp_path).returncode == 0
    assert " -e " not in log.read_text()  # done: the second run starts at once
    bash("install_python_packages .venv test", tmp_path)
    # test adds its tools and the extras the suite tests (Ray, for sim --ray)
    assert "-c constraints.txt -e .[test,cluster]" in log.read_text()
    (tmp_path / ".venv" / ".installed-play").unlink()
    log.write_text("")
    bash("install_python_packages .venv play", tmp_path)
    assert " -e " not in log.read_text()  # the test install serves play too


def test_a_pi_keeps_the_systems_numpy(tmp_path: Path) -> None:
    _project(tmp_path)
    model = tmp_path / "model"
    model.write_text("Raspberry Pi 5 Model B Rev 1.0\0")
    system_python = fake(tmp_path / "sys", "python3", "echo 1.24.2")
    env = {"PI_MODEL_FILE": str(model), "SYSTEM_PYTHON": str(system_python)}
    r = bash("constraints_file .venv", tmp_path, env)
    assert r.stdout.strip() == ".venv/constraints-pi.txt"
    pins = (tmp_path / ".venv" / "constraints-pi.txt").read_text().splitlines()
    assert "numpy==1.24.2" in pins
    assert "opencv-python-headless==4.11.0.86" in pins
    fake(tmp_path / "sys", "python3", "echo 2.2.4")  # a later Raspberry Pi OS
    bash("constraints_file .venv", tmp_path, env)
    assert "numpy==2.2.4" in (tmp_path / ".venv" / "constraints-pi.txt").read_text()
    desktop = bash("constraints_file .venv", tmp_path, {"PI_MODEL_FILE": str(tmp_path / "no")})
    assert desktop.stdout.strip() == "constraints.txt"


def _apt_fakes(tmp_path: Path, installed: str = "", failing: str = "") -> tuple[Path, Path]:
    """Fake dpkg-query (only ``installed`` are installed), apt-get (logs; fails to install
    ``failing``) and sudo (runs its command)."""
    bin_dir, log = tmp_path / "fakes", tmp_path / "apt.log"
    fake(bin_dir, "dpkg-query",
         f'for p in {installed or "none"}; do [ "${{!#}}" = "$p" ] && '
         'echo -n "install ok installed" && exit 0; done; exit 1')
    fail = f'[[ " $* " == *" {failing} "* ]] && exit 100' if failing else "true"
    fake(bin_dir, "apt-get", f'echo "$*" >> {log}; {fail}; exit 0')
    fake(bin_dir, "sudo", '[ "$1" = -n ] && shift; exec "$@"')
    return bin_dir, log


def test_pi_packages_go_in_a_call_of_their_own_that_may_fail(tmp_path: Path) -> None:
    fakes, log = _apt_fakes(tmp_path, failing="python3-picamera2")
    model = tmp_path / "model"
    model.write_text("Raspberry Pi 4 Model B\0")
    r = bash("install_system_packages; echo done", tmp_path, {"PI_MODEL_FILE": str(model)},
             fakes)
    assert r.returncode == 0 and r.stdout == "done\n", r.stderr
    installs = [line for line in log.read_text().splitlines() if line.startswith("install")]
    assert installs == [
        "install -y -q --no-install-recommends python3 python3-venv libzbar0",
        "install -y -q --no-install-recommends python3-lgpio python3-picamera2",
    ]
    assert "keyboard and USB cameras only" in r.stderr


def test_a_desktop_installs_no_pi_packages_and_nothing_twice(tmp_path: Path) -> None:
    fakes, log = _apt_fakes(tmp_path, installed="python3 python3-venv")
    no_pi = {"PI_MODEL_FILE": str(tmp_path / "none")}
    r = bash("install_system_packages", tmp_path, no_pi, fakes)
    assert r.returncode == 0 and "could not" not in r.stderr, r.stderr
    installs = [line for line in log.read_text().splitlines() if line.startswith("install")]
    assert installs == ["install -y -q --no-install-recommends libzbar0"]


def test_files_of_roots_in_a_users_tree_are_refused_with_the_fix(tmp_path: Path) -> None:
    (tmp_path / ".venv").mkdir()
    (tmp_path / ".venv" / "file").write_text("x")
    if os.geteuid() == 0:
        # Root's files here; a fake "id" makes the script believe it runs as a user.
        fakes = tmp_path / "fakes"
        fake(fakes, "id", 'if [ "$1" = -u ]; then echo 1000; elif [ "$1" = -un ]; then '
                          'echo pi; else exec /usr/bin/id "$@"; fi')
        r = bash("check_ownership", tmp_path, fakes=fakes)
        assert r.returncode == 1
        assert "belongs to root" in r.stderr and f"sudo chown -R pi: {tmp_path}" in r.stderr
    else:
        assert bash("check_ownership", tmp_path).returncode == 0  # a user's own tree


def test_root_in_a_users_tree_continues_as_that_user(tmp_path: Path) -> None:
    """Run as root in a tree that uid 1000 ("pi") owns: only apt runs as root, the rest is
    handed to the owner. ``id`` and ``stat`` are faked, so the test means the same as root
    (CI) and as a user."""
    tree = tmp_path / "tree"
    tree.mkdir()
    shutil.copy(RUN, tree / "run")
    fakes, _ = _apt_fakes(tmp_path, installed="python3 python3-venv libzbar0")
    log = tmp_path / "runuser.log"
    fake(fakes, "runuser", f'echo "$*" > {log}')
    fake(fakes, "id", 'case "$*" in "-u") echo 0 ;; "-nu 1000") echo pi ;; '
                      '*) exec /usr/bin/id "$@" ;; esac')
    fake(fakes, "stat", 'if [ "$*" = "-c %u ." ]; then echo 1000; else exec /usr/bin/stat "$@"; fi')
    env = {**os.environ, "PATH": f"{fakes}{os.pathsep}{os.environ['PATH']}",
           "PI_MODEL_FILE": str(tmp_path / "none")}
    env.pop("RUN_AS_OWNER", None)
    r = subprocess.run([str(tree / "run"), "play", "--version"], cwd=tmp_path, env=env,
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    assert "continuing as pi" in r.stderr
    assert log.read_text().split() == ["-u", "pi", "--", "env", "RUN_AS_OWNER=1",
                                       str(tree / "run"), "play", "--version"]
    assert not (tree / ".venv").exists()  # root made nothing in the tree


def test_the_tests_run_on_every_core_the_memory_can_hold(tmp_path: Path) -> None:
    """One worker per core, at most one per 512 MB of free memory, at least one."""
    bin_dir = tmp_path / "bin"
    fake(bin_dir, "nproc", "echo 4")
    path = f"{bin_dir}:{os.environ['PATH']}"

    def workers(meminfo: str | None) -> str:
        info = tmp_path / "meminfo"
        if meminfo is None:
            info.unlink(missing_ok=True)
        else:
            info.write_text(f"MemTotal: 8000000 kB\n{meminfo}\nMemFree: 1 kB\n")
        r = bash("test_workers", tmp_path, {"PATH": path, "MEMINFO_FILE": str(info)})
        return r.stdout.strip()

    assert workers("MemAvailable: 7000000 kB") == "4"  # plenty: every core
    assert workers("MemAvailable: 1600000 kB") == "3"  # a Pi 4 with 2 GB, busy
    assert workers("MemAvailable: 300000 kB") == "1"  # never none
    assert workers(None) == "4"  # no meminfo to read: the cores decide
