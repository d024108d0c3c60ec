#!/usr/bin/env python3
"""Time cold loads of the committed assets through ``handheld.assets``.

Usage::

    python tools/bench_assets.py [--repeats N]

Prints JSON: the median milliseconds over N loads (the loader's cache cleared before each) of
every set, of all sets together (``load_all_cards``) and of the Pokédex.
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from handheld import assets
from handheld.cliargs import Parser, bounded_int


def median_ms(fn: Callable[[], Any], repeats: int) -> float:
    samples = []
    for _ in range(repeats):
        assets.clear_cache()
        start = time.perf_counter()
        fn()
        samples.append((time.perf_counter() - start) * 1000.0)
    assets.clear_cache()
    return round(statistics.median(samples), 3)


def main(argv: list[str] | None = None) -> int:
    parser = Parser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeats", type=bounded_int(1, 10_000, "repeats"), default=20,
                        help="loads per measure (default 20)")
    args = parser.parse_args(argv)
    try:
        result = {
            "set_load_ms": {
                slug: median_ms(partial(assets.load_set, slug), args.repeats)
                for slug in assets.available_sets()
            },
            "all_sets_ms": median_ms(assets.load_all_cards, args.repeats),
            "pokedex_ms": median_ms(assets.load_pokedex, args.repeats),
        }
    except assets.AssetError as exc:
        print(f"bench_assets: {exc}", file=sys.stderr)
        return 2
    print(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
