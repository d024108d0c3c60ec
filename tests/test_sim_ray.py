"""``sim --ray ADDRESS``: the same simulation as Ray tasks on a cluster gives the
single-process run's statistics (the timings aside). The cluster is a real one, started
here with ``ray start --head`` on free loopback ports and reached by its address; it is
stopped when the module's tests are done, whatever happened.

Ray is the optional extra ``cluster``, which ``./run test`` installs; a suite run without
it fails here with the command that installs it rather than skipping the cluster test.
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from handheld.sim import TIMING_KEYS

ROOT = Path(__file__).resolve().parents[1]
LEAGUE = ["--decks", "expedition", "--players", "greedy,random", "--alternate"]
# Ray on loopback only: a one-machine cluster whose addresses all stay on 127.0.0.1 (Ray
# otherwise swaps 127.0.0.1 for the machine's network address), a token of its own (Ray
# 2.5x's token authentication, given to the cluster and to the sim by environment: no
# ~/.ray/auth_token is written), no usage statistics sent anywhere.
RAY_ENV = {"RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER": "0", "RAY_USAGE_STATS_ENABLED": "0",
           "RAY_AUTH_MODE": "token", "RAY_AUTH_TOKEN": secrets.token_hex(16)}
ENV = {**os.environ, "HANDHELD_DATA": tempfile.mkdtemp(prefix="handheld-ray-test-"),
       "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "HANDHELD_BOARD": "headless",
       "PYTHONPATH": str(ROOT), **RAY_ENV}


def run(*args: str, env: dict[str, str] = ENV) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "handheld", *args], cwd=ROOT, text=True,
                          capture_output=True, timeout=180, env=env, stdin=subprocess.DEVNULL)


def results(stats: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in stats.items() if k not in TIMING_KEYS}


def free_ports(count: int) -> list[int]:
    """Ports free on loopback now (held open together, so all differ)."""
    sockets = [socket.socket() for _ in range(count)]
    try:
        for s in sockets:
            s.bind(("127.0.0.1", 0))
        return [s.getsockname()[1] for s in sockets]
    finally:
        for s in sockets:
            s.close()


def ray_command() -> str:
    """The ``ray`` command of this Python's environment."""
    try:
        import ray  # noqa: F401
    except ImportError:
        pytest.fail("Ray is not installed: pip install '.[cluster]' (./run test installs it)")
    command = Path(sys.executable).parent / "ray"
    if not command.exists():
        found = shutil.which("ray")
        assert found, "the ray command is not installed beside Ray"
        command = Path(found)
    return str(command)


@pytest.fixture(scope="module")
def ray_cluster() -> Iterator[str]:
    """A Ray head node on loopback, 2 CPUs; yields its address. Its processes share one
    process group (``ray start`` is started as a session leader), so the finaliser stops
    exactly them -- never another Ray on this machine, as ``ray stop`` would."""
    command = ray_command()
    port, dashboard, agent, agent_grpc, runtime, metrics, node, objects = free_ports(8)
    # A short folder of our own: Ray's sockets live in it (a socket path is at most 107
    # bytes) and it is removed afterwards, logs included.
    temp_dir = tempfile.mkdtemp(prefix="ray-", dir="/tmp")
    argv = [command, "start", "--head", "--node-ip-address=127.0.0.1", f"--port={port}",
            "--num-cpus=2", "--include-dashboard=false", "--disable-usage-stats",
            f"--dashboard-port={dashboard}", f"--dashboard-agent-listen-port={agent}",
            f"--dashboard-agent-grpc-port={agent_grpc}",
            f"--runtime-env-agent-port={runtime}", f"--metrics-export-port={metrics}",
            f"--node-manager-port={node}", f"--object-manager-port={objects}",
            f"--object-store-memory={100 * 1024 * 1024}", f"--temp-dir={temp_dir}"]
    started = subprocess.Popen(argv, env=ENV, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, text=True, start_new_session=True)
    group = started.pid
    try:
        output, _ = started.communicate(timeout=120)
        assert started.returncode == 0, f"ray start failed:\n{output[-3000:]}"
        yield f"127.0.0.1:{port}"
    finally:
        _stop_group(group)
        shutil.rmtree(temp_dir, ignore_errors=True)


def _stop_group(group: int) -> None:
    """SIGTERM to the cluster's process group, SIGKILL to what is left after 3 s (Ray's
    GCS server and raylet may outlive a SIGTERM; nothing of a finished test needs them)."""
    for sig, wait in ((signal.SIGTERM, 3.0), (signal.SIGKILL, 5.0)):
        try:
            os.killpg(group, sig)
        except ProcessLookupError:
            return
        deadline = time.monotonic() + wait
        while time.monotonic() < deadline:
            if not _alive(group):
                return
            time.sleep(0.2)


def _alive(group: int) -> bool:
    """Whether any process of the group still runs (zombies waiting for their parent to
    collect them do not count: they hold no port and no memory)."""
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[2]) == group and fields[0] != "Z":
            return True
    return False


@pytest.mark.slow
def test_sim_on_a_ray_cluster_equals_the_single_process_run(ray_cluster: str) -> None:
    one = run("sim", *LEAGUE, "--games", "30", "--seed", "7", "--json")
    assert one.returncode == 0, one.stderr
    on_ray = run("sim", *LEAGUE, "--games", "30", "--seed", "7", "--json", "--progress",
                 "--ray", ray_cluster)
    assert on_ray.returncode == 0, on_ray.stderr[-3000:]
    single, spread = json.loads(one.stdout), json.loads(on_ray.stdout)
    assert single["completed"] == 30 and single["errors"] == 0
    assert results(spread) == results(single)
    run_info = spread["run"]
    assert run_info["ray"] == ray_cluster and run_info["cluster_cpus"] == 2
    assert run_info["tasks"] > 2 and run_info["processes"] >= 1  # chunks, as Ray tasks
    assert "30/30 games" in on_ray.stderr  # the progress bar counts the finished tasks


@pytest.mark.slow
def test_pieces_on_a_ray_cluster_too(ray_cluster: str) -> None:
    common = ["sim", "--game", "pieces", "--players", "greedy,random", "--alternate",
              "--games", "12", "--seed", "3", "--json"]
    one, on_ray = run(*common), run(*common, "--ray", ray_cluster)
    assert one.returncode == on_ray.returncode == 0, one.stderr + on_ray.stderr[-3000:]
    assert results(json.loads(on_ray.stdout)) == results(json.loads(one.stdout))


def test_without_ray_the_sim_says_how_to_install_it(tmp_path: Path) -> None:
    (tmp_path / "ray").mkdir()  # a ray that cannot be imported, first on the path
    (tmp_path / "ray" / "__init__.py").write_text("raise ImportError('No module named ray')\n")
    env = {**ENV, "PYTHONPATH": f"{tmp_path}{os.pathsep}{ROOT}"}
    r = run("sim", "--games", "2", "--ray", env=env)
    assert r.returncode == 2, r.stderr
    assert r.stderr.strip() == "error: Ray is not installed: pip install '.[cluster]'"


def test_the_handheld_never_imports_ray() -> None:
    code = ("import sys, handheld.__main__, handheld.sim, handheld.cluster; "
            "from handheld.__main__ import build_parser; "
            "build_parser().parse_args(['sim', '--ray']); "
            "print(sorted(m for m in sys.modules if m == 'ray' or m.startswith('ray.')))")
    r = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=ENV, text=True,
                       capture_output=True, timeout=60)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "[]"


@pytest.mark.parametrize(("args", "text"), [
    (["--ray", "127.0.0.1:{free}"], "no Ray cluster answers at 127.0.0.1:"),
    (["--ray", "two words"], "expected a Ray address"),
    (["--ray", ""], "expected a Ray address"),  # only a bare --ray (or local) starts one
    (["--ray", "127.0.0.1:70000"], "expected a Ray address"),
    (["--ray", "127.0.0.1:6379", "--jobs", "2"], "--jobs is for one machine"),
    (["--ray", "127.0.0.1:6379", "--shard", "1/2"], "--shard splits a run"),
])
def test_bad_ray_arguments_are_refused_in_one_line(args: list[str], text: str) -> None:
    args = [a.replace("{free}", str(free_ports(1)[0])) for a in args]
    r = run("sim", "--games", "2", *args)
    assert r.returncode == 2, (r.returncode, r.stderr[-500:])
    assert text in r.stderr and "Traceback" not in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1, r.stderr
