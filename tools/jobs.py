"""The tools' one way to spread work over processes: ``with job_pool(jobs) as pool`` gives a
``multiprocessing.Pool`` for more than one job, else a stand-in that maps in this process
(same ``imap`` and ``imap_unordered``), so a tool's loop is written once for both."""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable, Iterable, Iterator
from multiprocessing.pool import Pool
from typing import Any


class SerialPool:
    """``multiprocessing.Pool``'s mapping calls, run here, in order (``--jobs 1``)."""

    def __enter__(self) -> SerialPool:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def imap(self, fn: Callable[[Any], Any], items: Iterable[Any],
             chunksize: int = 1) -> Iterator[Any]:
        return map(fn, items)

    imap_unordered = imap


def job_pool(jobs: int) -> Pool | SerialPool:
    """A process pool of ``jobs`` workers, or :class:`SerialPool` for one."""
    return multiprocessing.Pool(jobs) if jobs > 1 else SerialPool()
