"""A simulation on a Ray cluster (``python -m handheld sim --ray [ADDRESS]``): the games of
a :class:`~handheld.sim.SimSpec` in chunks, one Ray task per chunk, each returning the
:class:`~handheld.sim.Tally` of its games. Since a game depends only on its index, the
merged tallies are those of the single-process run (the timings aside), as with ``--jobs``.

Ray (https://www.ray.io) is an optional extra (``pip install '.[cluster]'``), never a
dependency of the handheld: it is imported only here, only when asked for. Every machine of
a cluster needs this project installed at the same version (Ray sends the task's function
and arguments, not the code it imports).
"""

from __future__ import annotations

import logging
import socket
import time
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .engine import CardPool
    from .sim import Progress, SimSpec, Tally

INSTALL_HINT = "Ray is not installed: pip install '.[cluster]'"
# Chunks per CPU of the cluster: enough for a live progress bar and an even finish (a slow
# node takes fewer), few enough that a task's overhead (milliseconds) is nothing beside its
# games.
CHUNKS_PER_CPU = 4
MAX_CHUNK = 500


class ClusterError(RuntimeError):
    """Ray is missing, or the cluster cannot be reached or started; the message says which
    in one line."""


def _import_ray() -> Any:
    try:
        import ray
    except ImportError:
        raise ClusterError(INSTALL_HINT) from None
    return ray


def _play_chunk_task(spec: SimSpec, start: int, stop: int, step: int) -> tuple[str, Tally]:
    """A Ray task: games ``range(start, stop, step)`` of ``spec``, counted in the worker (which
    keeps its card pool for the next chunk, as a ``--jobs`` worker does), with the worker's
    node and process id (process ids repeat across machines)."""
    import ray

    from .sim import _play_chunk

    pid, tally = _play_chunk(spec, range(start, stop, step))
    return f"{ray.get_runtime_context().get_node_id()}:{pid}", tally


def check_reachable(address: str, timeout: float = 5.0) -> None:
    """Refuse at once a ``host:port`` where nothing listens: Ray itself retries such an
    address for minutes before it gives up. Other forms (``auto``, ``ray://``) go to Ray."""
    host, colon, port = address.rpartition(":")
    if not colon or "://" in address or not port.isdigit():
        return
    try:
        with socket.create_connection((host.strip("[]"), int(port)), timeout=timeout):
            pass
    except (OSError, ValueError, OverflowError) as exc:
        reason = getattr(exc, "strerror", None) or str(exc) or type(exc).__name__
        raise ClusterError(f"no Ray cluster answers at {address} ({reason}); start one with "
                           "'ray start --head' there, or leave out the address for a local "
                           "Ray") from None


def chunks(indices: range, cpus: int) -> list[range]:
    """``indices`` cut into consecutive slices for about ``CHUNKS_PER_CPU`` tasks per CPU."""
    size = max(1, min(MAX_CHUNK, len(indices) // max(1, cpus * CHUNKS_PER_CPU)))
    return [indices[k:k + size] for k in range(0, len(indices), size)]


def play_games_on_ray(spec: SimSpec, indices: range, *, address: str | None = None,
                      progress: Progress | None = None, pool: CardPool | None = None
                      ) -> tuple[Tally, dict[str, Any]]:
    """Play the games ``indices`` of ``spec`` as Ray tasks and count them: on the cluster at
    ``address`` (``host:port``, ``ray://host:port`` or ``auto``), or without one on a Ray
    started here for this run and stopped after it. Returns the tally (its ``seconds`` is the
    wall time, its ``processes`` the worker processes that played) and what the run was
    (address, tasks, the cluster's CPUs) for the statistics' ``run``.

    ``pool`` is not sent: a pool's scripts are closures, which do not pickle, so each worker
    loads the default card pool once."""
    from .sim import Tally

    del pool  # (see above: every worker has its own)
    ray = _import_ray()
    if address:
        check_reachable(address)
    t0 = time.perf_counter()
    try:
        # Ray's own INFO lines ("Started a local Ray instance") would mix with the progress
        # bar; warnings and errors still show.
        context = ray.init(address=address, logging_level=logging.WARNING,
                           include_dashboard=False if address is None else None,
                           configure_logging=True, log_to_driver=True)
    except (ConnectionError, RuntimeError, ValueError, OSError) as exc:
        where = f"the Ray cluster at {address}" if address else "a local Ray"
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise ClusterError(f"cannot start or reach {where}: {first}") from None
    try:
        cpus = int(ray.cluster_resources().get("CPU", 1))
        parts = chunks(indices, cpus)
        task = ray.remote(num_cpus=1, max_retries=2)(_play_chunk_task)
        pending = [task.remote(spec, p.start, p.stop, p.step) for p in parts]
        total = Tally(processes=0)
        workers: set[str] = set()
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                worker, part = ray.get(ref)
                workers.add(worker)
                total.merge(part)
                total.processes -= part.processes  # counted below, by distinct workers
                if progress is not None:
                    progress.update(total.played,
                                    f"errors {total.errors}" if total.errors else "")
        total.seconds = time.perf_counter() - t0
        total.processes = len(workers)
        run = {"ray": address or "local", "tasks": len(parts), "cluster_cpus": cpus,
               "ray_version": ray.__version__}
        del context
        return total, run
    finally:
        ray.shutdown()
