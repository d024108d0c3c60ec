"""The project's fuzz suite: hostile inputs at every door; prints JSON.

    .venv/bin/python tools/fuzz.py                 # the long run: every area at its goal
    .venv/bin/python tools/fuzz.py --short         # the short run (part of ./run test)
    .venv/bin/python tools/fuzz.py --area protocol --attempts 2000 --seed 7

Each area runs in a fresh process (so that its memory is its own and a crash cannot hide
another area's results), with progress on stderr. The JSON lists attempts, failures by
kind and the first failures in full per area; the exit code is 1 when any area failed,
2 for a usage error. Areas live in ``tools/fuzzing/`` (see its ``__init__``).
"""

from __future__ import annotations

import argparse
import importlib
import json
import pkgutil
import random
import sys
import time
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from handheld.cliargs import Parser, bounded_float, bounded_int, seed  # noqa: E402
from tools.fuzzing import core  # noqa: E402


def area_modules() -> dict[str, ModuleType]:
    """Every area module of tools/fuzzing, by its NAME."""
    import tools.fuzzing as package

    out: dict[str, ModuleType] = {}
    for info in pkgutil.iter_modules(package.__path__):
        if info.name == "core" or info.name.startswith("_"):
            continue
        module = importlib.import_module(f"tools.fuzzing.{info.name}")
        if hasattr(module, "run") and hasattr(module, "NAME"):
            out[module.NAME] = module
    return dict(sorted(out.items()))


def run_area(name: str, attempts: int, seed: int) -> dict[str, Any]:
    """Run one area here, in this process, and return its result as a dict."""
    module = area_modules()[name]
    result = core.AreaResult(name)
    start = time.perf_counter()
    try:
        module.run(result, attempts, random.Random(seed))
    except Exception as exc:  # the area's own harness broke: that is a finding too
        import traceback

        result.fail("traceback", "fuzz area crashed: " + "".join(
            traceback.format_exception(exc))[-2000:], name)
    result.seconds = time.perf_counter() - start
    result.peak_rss_mb = core.peak_rss_mb()
    if result.peak_rss_mb > core.MEMORY_LIMIT_MB:
        result.fail("memory", f"peak RSS {result.peak_rss_mb:.0f} MB", name)
    return result.as_dict()


def run_in_child(name: str, attempts: int, seed: int, timeout: float) -> dict[str, Any]:
    done = core.run_command(core.python(str(Path(__file__).resolve()), "--child", name,
                                        "--attempts", str(attempts), "--seed", str(seed)),
                            timeout=timeout)
    if done.returncode is None:
        return {"area": name, "attempts": attempts, "failures": 1, "by_kind": {"hang": 1},
                "seconds": round(done.seconds, 2), "peak_rss_mb": None,
                "examples": [{"kind": "hang", "detail": f"area still running after "
                              f"{timeout:g} s", "sample": name}]}
    try:
        out: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
        return out
    except (ValueError, IndexError):
        return {"area": name, "attempts": 0, "failures": 1, "by_kind": {"traceback": 1},
                "seconds": round(done.seconds, 2), "peak_rss_mb": None,
                "examples": [{"kind": "traceback", "detail": done.stderr[-2000:],
                              "sample": name}]}


def main(argv: list[str] | None = None) -> int:
    modules = area_modules()
    parser = Parser(prog="tools/fuzz.py", description=__doc__.splitlines()[0])
    parser.add_argument("--short", action="store_true",
                        help="each area's short run (as in ./run test) instead of its goal")
    parser.add_argument("--area", action="append", choices=sorted(modules), metavar="AREA",
                        help=f"only this area (repeatable): {', '.join(modules)}")
    parser.add_argument("--skip-area", action="append", choices=sorted(modules),
                        metavar="AREA", default=[],
                        help="every area (or every --area) but this one (repeatable)")
    parser.add_argument("--attempts", type=bounded_int(1, 10_000_000, "attempts"), metavar="N",
                        help="attempts per area instead of the short or long count")
    parser.add_argument("--seed", type=seed, default=1)
    parser.add_argument("--timeout", type=bounded_float(1.0, 86_400.0, "timeout"),
                        default=3600.0, metavar="S",
                        help="an area still running after S seconds is a hang (default 3600)")
    parser.add_argument("--child", metavar="AREA", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        if args.child not in modules:
            parser.error(f"unknown area {args.child!r}")
        print(json.dumps(run_area(args.child, args.attempts or 1, args.seed)))
        return 0
    names = [n for n in args.area or modules if n not in args.skip_area]
    if not names:
        parser.error("--skip-area leaves no area to run")
    results = []
    start = time.perf_counter()
    for i, name in enumerate(names, 1):
        module = modules[name]
        attempts = args.attempts or (module.SHORT if args.short else module.LONG)
        print(f"[{i}/{len(names)}] {name}: {attempts} attempts ...", file=sys.stderr,
              flush=True)
        res = run_in_child(name, attempts, args.seed, args.timeout)
        print(f"[{i}/{len(names)}] {name}: {res['attempts']} attempts, {res['failures']} "
              f"failures, {res['seconds']} s", file=sys.stderr, flush=True)
        results.append(res)
    failures = sum(r["failures"] for r in results)
    print(json.dumps({"seed": args.seed, "mode": "short" if args.short else "long",
                      "seconds": round(time.perf_counter() - start, 1),
                      "attempts": sum(r["attempts"] for r in results),
                      "failures": failures, "areas": results}, indent=2))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
