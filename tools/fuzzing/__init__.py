"""The project's own fuzz suite (``python tools/fuzz.py``), one module per area.

Each area module defines ``NAME``, ``SHORT`` (attempts in ``./run test``), ``LONG`` (the
long run's goal) and ``run(result, attempts, rng)``, which makes ``attempts`` hostile
inputs for one interface and records every failure in ``result`` (see :mod:`.core`).
A failure is a traceback past the interface's boundary, a hang, an ``InternalError``,
memory above 1 GB, a file changed that should not be, or a false card accepted.
"""
