#!/usr/bin/env python3
"""Measure the scanner's decoders on a seeded synthetic set of 640x480 camera frames.

Usage::

    python tools/bench_scanner.py [--per-category N] [--seed S] [--categories a,b]
                                  [--backends pipeline,zxing,...] [--jobs J]
                                  [--no-before]

Generates ``N`` scenes of every category of ``scanner.synthetic`` (printed labels filmed
under perspective, rotation, blur, motion blur, noise, low light, glare, JPEG compression,
occlusion and small size; several codes, no code, other people's codes), two consecutive
frames each, and runs the pipeline and every raw backend (``make_decoder`` defaults) side
by side on the same frames, one decoder at a time, in this process. Scenes are generated
in chunks by ``J`` worker processes, which are idle while the decoders are timed.

Prints JSON: per decoder, the decode rate of every category (the fraction of the codes in
view that a frame read), the easy and hard aggregates, the rate of codes *accepted* (read,
valid and known in both frames: the tracker's two-frame rule), milliseconds per frame
(median, 95th percentile, per difficulty), the steps that read the codes, and false
accepts: a card accepted through parse + catalog + tracker whose text is not one of the
codes in view (and how many of the no-code and foreign-code scenes accepted anything). Then
the issue's targets and whether they are met: the pipeline reads >= 99.5% of the easy
categories, beats the best raw backend by >= 25 points on the hard ones, takes <= 8 ms per
frame at the median, and accepts no false card. Progress goes to standard error.

With the pipeline among the decoders, the same frames also go through the pipeline without
its pre-check (``Pipeline(precheck=False)``, the scanner before it had one), and
``precheck`` compares the two in this one run: the median milliseconds of a frame with no
code (the ``no_code`` category) and of a frame with a code (the easy and hard categories),
before and after, their ratios, the share of no-code frames the pre-check ended, and the
decode and accept rates before and after (which must be equal: ``hits_kept``). ``--no-before``
leaves the "before" run out.
"""

from __future__ import annotations

import json
import os
import platform
import statistics
import sys
import time
from collections import Counter
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import cv2
import numpy as np

from handheld.cliargs import Parser, bounded_int, seed
from scanner import synthetic
from scanner.catalog import Catalog
from scanner.decoders import BACKENDS, BackendUnavailable, Decoder, make_decoder
from scanner.pipeline import Pipeline
from scanner.reading import interpret
from scanner.tracker import Tracker

TARGET_EASY = 0.995
TARGET_MARGIN = 0.25
TARGET_MEDIAN_MS = 8.0
CHUNK = 24  # scenes generated per round


def _make(job: tuple[str, int, int]) -> synthetic.Sample:
    name, index, seed = job
    return synthetic.make_sample(synthetic.category(name), index, seed)


def samples(per_category: int, seed: int, categories: Sequence[str],
            jobs: int) -> Iterator[list[synthetic.Sample]]:
    """The scenes in chunks, in a fixed order (each scene depends only on seed, category
    and index, so the chunking and the workers change nothing)."""
    todo = [(c, i, seed) for c in categories for i in range(per_category)]
    if jobs <= 1:
        for start in range(0, len(todo), CHUNK):
            yield [_make(j) for j in todo[start:start + CHUNK]]
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for start in range(0, len(todo), CHUNK):
            yield list(pool.map(_make, todo[start:start + CHUNK]))


class Stats:
    """One decoder's results."""

    def __init__(self) -> None:
        self.rate: dict[str, list[float]] = {}  # category -> per-frame fraction read
        self.accepted: dict[str, list[float]] = {}  # category -> per-scene fraction accepted
        self.ms: dict[str, list[float]] = {}  # difficulty -> per-frame milliseconds
        self.ms_category: dict[str, list[float]] = {}  # category -> per-frame milliseconds
        self.false_accepts: list[dict[str, str]] = []
        self.negative_scenes_accepting = 0
        self.steps: Counter[str] = Counter()
        self.prechecked: Counter[str] = Counter()  # category -> frames ended by the pre-check

    def summary(self, difficulty: dict[str, str]) -> dict[str, Any]:
        def mean(values: Sequence[float]) -> float:
            return round(float(np.mean(values)), 4) if values else float("nan")

        def pooled(table: dict[str, list[float]], level: str) -> float:
            cats = [c for c in table if difficulty[c] == level]
            # Each category weighs the same in an aggregate, whatever its number of codes.
            return round(float(np.mean([np.mean(table[c]) for c in cats])), 4) if cats \
                else float("nan")

        every = [v for values in self.ms.values() for v in values]
        return {
            "rate": {c: mean(v) for c, v in self.rate.items()},
            "easy": pooled(self.rate, "easy"),
            "hard": pooled(self.rate, "hard"),
            "accepted": {"easy": pooled(self.accepted, "easy"),
                         "hard": pooled(self.accepted, "hard")},
            "ms": {
                "median": _round(statistics.median(every)),
                "p95": _round(float(np.percentile(every, 95))),
                "max": _round(max(every)),
                **{level: {"median": _round(statistics.median(v)),
                           "p95": _round(float(np.percentile(v, 95)))}
                   for level, v in self.ms.items()},
                "median_by_category": {c: _round(statistics.median(v))
                                       for c, v in self.ms_category.items()},
            },
            "false_accepts": len(self.false_accepts),
            "false_accept_texts": self.false_accepts[:10],
            "negative_scenes_accepting": self.negative_scenes_accepting,
            **({"read_by": dict(self.steps.most_common())} if self.steps else {}),
        }


def _round(value: float) -> float:
    return round(float(value), 2)


def run_sample(decoder: Decoder, sample: synthetic.Sample, catalog: Catalog,
               stats: Stats) -> None:
    tracker = Tracker()
    expected = set(sample.expected)
    accepted: set[str] = set()
    for frame in sample.frames:
        start = time.perf_counter()
        detections = decoder.decode(frame)
        ms = (time.perf_counter() - start) * 1000.0
        stats.ms.setdefault(sample.difficulty, []).append(ms)
        stats.ms_category.setdefault(sample.category, []).append(ms)
        readings = interpret(detections, catalog)
        texts = {d.text for d in detections}
        if expected:
            stats.rate.setdefault(sample.category, []).append(
                len(expected & texts) / len(expected))
        if isinstance(decoder, Pipeline):
            stats.steps.update(d.backend for d in detections if d.text in expected)
            if decoder.last_steps[-1:] == ["precheck"]:
                stats.prechecked[sample.category] += 1
        for r in tracker.update(readings).accepted:
            accepted.add(r.text)
            if r.text not in expected:
                stats.false_accepts.append({"category": sample.category, "text": r.text})
    if expected:
        stats.accepted.setdefault(sample.category, []).append(
            len(expected & accepted) / len(expected))
    elif accepted:
        stats.negative_scenes_accepting += 1


# Below this many scenes per category a rate is too coarse to hold against a target.
MIN_JUDGED_PER_CATEGORY = 50


def main(argv: list[str] | None = None) -> int:
    parser = Parser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--per-category", type=bounded_int(1, 100_000, "scenes per category"),
                        default=100, metavar="N",
                        help="scenes per category (default 100; two frames each)")
    parser.add_argument("--seed", type=seed, default=0, help="seed of the set (default 0)")
    parser.add_argument("--categories", default="", metavar="A,B",
                        help="only these categories (default all)")
    parser.add_argument("--backends", default=",".join(("pipeline", *BACKENDS)),
                        metavar="A,B", help="decoders to run (default pipeline and every raw "
                                            "backend)")
    parser.add_argument("--no-before", action="store_true",
                        help="do not also run the pipeline without its pre-check")
    parser.add_argument("--jobs", type=bounded_int(1, 64, "jobs"),
                        default=min(2, os.cpu_count() or 1),
                        help="processes generating scenes (default: up to 2)")
    args = parser.parse_args(argv)
    try:
        cats = [synthetic.category(c.strip()).name for c in args.categories.split(",")
                if c.strip()] or list(synthetic.CATEGORY_NAMES)
    except ValueError as exc:
        parser.error(str(exc))
    difficulty = {c.name: c.difficulty for c in synthetic.CATEGORIES}
    catalog = Catalog.from_assets()
    decoders: dict[str, Decoder] = {}
    notes: list[str] = []
    for name in [b.strip() for b in args.backends.split(",") if b.strip()]:
        try:
            decoders[name] = Pipeline(catalog=catalog) if name == "pipeline" \
                else make_decoder(name)
        except BackendUnavailable as exc:
            notes.append(f"{name}: {exc}")
            print(f"bench_scanner: skipping {name}: {exc}", file=sys.stderr)
        except ValueError as exc:
            parser.error(str(exc))
    if not decoders:
        print("bench_scanner: no decoder can run", file=sys.stderr)
        return 2
    notes += [n for d in decoders.values() for n in getattr(d, "notes", [])]
    # The "before" of the pre-check: timed and counted like the others, reported apart.
    before: Pipeline | None = Pipeline(catalog=catalog, precheck=False) \
        if "pipeline" in decoders and not args.no_before else None
    before_stats = Stats()
    stats = {name: Stats() for name in decoders}
    total = len(cats) * args.per_category
    done = 0
    load_before = os.getloadavg()
    began = time.perf_counter()
    for chunk in samples(args.per_category, args.seed, cats, args.jobs):
        for name, decoder in decoders.items():
            for sample in chunk:
                run_sample(decoder, sample, catalog, stats[name])
            if name == "pipeline" and before is not None:
                for sample in chunk:
                    run_sample(before, sample, catalog, before_stats)
        done += len(chunk)
        print(f"bench_scanner: {done}/{total} scenes ({chunk[-1].category}), "
              f"{time.perf_counter() - began:.0f} s", file=sys.stderr, flush=True)
    summaries = {name: s.summary(difficulty) for name, s in stats.items()}
    result: dict[str, Any] = {
        "command": "python tools/bench_scanner.py " + " ".join(
            sys.argv[1:] if argv is None else argv),
        "seed": args.seed,
        "per_category": args.per_category,
        "frames_per_decoder": 2 * total,
        "machine": {"cpus": os.cpu_count(), "python": platform.python_version(),
                    "opencv": cv2.__version__, "load_average_before": load_before,
                    "load_average_after": os.getloadavg()},
        "categories": {c: difficulty[c] for c in cats},
        "decoders": summaries,
        "notes": notes,
    }
    if before is not None:
        result["precheck"] = precheck_report(before_stats, stats["pipeline"], difficulty)
    judged = "pipeline" in summaries and args.per_category >= MIN_JUDGED_PER_CATEGORY
    if "pipeline" in summaries:
        result["targets"] = targets(summaries)
        result["targets"]["judged"] = judged  # too few scenes say little about a rate
    print(json.dumps(result, indent=2))
    if judged and not result["targets"]["all_met"]:
        print("bench_scanner: a target was missed (see \"targets\")", file=sys.stderr)
        return 1
    return 0


def precheck_report(before: Stats, after: Stats, difficulty: dict[str, str]) -> dict[str, Any]:
    """The pipeline without and with its pre-check, on the same frames of one run."""
    def median_ms(stats: Stats, categories: Sequence[str]) -> float | None:
        values = [v for c in categories for v in stats.ms_category.get(c, [])]
        return _round(statistics.median(values)) if values else None

    def compare(categories: Sequence[str]) -> dict[str, float | None]:
        was, now = median_ms(before, categories), median_ms(after, categories)
        return {"before": was, "after": now,
                "ratio": round(was / now, 2) if was is not None and now else None}

    coded = [c for c in after.ms_category if difficulty[c] in ("easy", "hard")]
    was, now = before.summary(difficulty), after.summary(difficulty)
    rates = {key: {"before": pick(was), "after": pick(now)} for key, pick in (
        ("easy", lambda s: s["easy"]), ("hard", lambda s: s["hard"]),
        ("accepted_easy", lambda s: s["accepted"]["easy"]),
        ("accepted_hard", lambda s: s["accepted"]["hard"]))}
    empty_frames = len(after.ms_category.get("no_code", []))
    return {
        "empty_frame_ms_median": compare(["no_code"]),
        "code_frame_ms_median": compare(coded),
        "all_frames_ms_median": {"before": was["ms"]["median"], "after": now["ms"]["median"]},
        "empty_frames_ended_by_precheck": round(after.prechecked["no_code"] / empty_frames, 4)
        if empty_frames else None,
        "code_frames_ended_by_precheck": sum(after.prechecked[c] for c in coded),
        "rates": rates,
        # NaN (a difficulty with no scene in the run) counts as equal to itself here.
        "hits_kept": json.dumps(was["rate"]) == json.dumps(now["rate"])
        and json.dumps(rates) == json.dumps({k: {"before": v["after"], "after": v["after"]}
                                             for k, v in rates.items()}),
        "false_accepts": {"before": was["false_accepts"], "after": now["false_accepts"]},
    }


def targets(summaries: dict[str, dict[str, Any]]) -> dict[str, Any]:
    pipe = summaries["pipeline"]
    raw = {n: s for n, s in summaries.items() if n != "pipeline"}
    out: dict[str, Any] = {
        "easy_rate": {"target": f">= {TARGET_EASY}", "value": pipe["easy"],
                      "met": pipe["easy"] >= TARGET_EASY},
        "median_ms": {"target": f"<= {TARGET_MEDIAN_MS}", "value": pipe["ms"]["median"],
                      "met": pipe["ms"]["median"] <= TARGET_MEDIAN_MS},
        "false_accepts": {"target": 0, "value": pipe["false_accepts"],
                          "negative_scenes_accepting": pipe["negative_scenes_accepting"],
                          "met": pipe["false_accepts"] == 0
                          and pipe["negative_scenes_accepting"] == 0},
    }
    if raw:
        best = max(raw, key=lambda n: raw[n]["hard"])
        margin = round(pipe["hard"] - raw[best]["hard"], 4)
        out["hard_margin"] = {"target": f">= {TARGET_MARGIN}", "pipeline": pipe["hard"],
                              "best_raw": best, "best_raw_hard": raw[best]["hard"],
                              "value": margin, "met": margin >= TARGET_MARGIN}
    out["all_met"] = all(t["met"] for t in out.values() if isinstance(t, dict))
    return out


if __name__ == "__main__":
    sys.exit(main())
