"""tools/bench_scanner.py runs end to end on a tiny set and prints its JSON (its figures are
measured by running it, never asserted: no clock in the tests)."""

from __future__ import annotations

import json

import pytest

from tools import bench_scanner


def test_bench_smoke(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench_scanner.main(["--per-category", "1", "--seed", "3", "--categories",
                               "clean,small,no_code", "--backends", "pipeline,zxing",
                               "--jobs", "1"]) == 0
    captured = capsys.readouterr()
    assert "bench_scanner: 3/3 scenes" in captured.err
    result = json.loads(captured.out)
    assert result["frames_per_decoder"] == 6
    assert set(result["decoders"]) == {"pipeline", "zxing"}
    pipe = result["decoders"]["pipeline"]
    assert set(pipe["rate"]) == {"clean", "small"}
    assert {"median", "p95", "easy", "hard", "negative"} <= set(pipe["ms"])
    assert pipe["false_accepts"] == 0 and pipe["negative_scenes_accepting"] == 0
    targets = result["targets"]
    assert {"easy_rate", "hard_margin", "median_ms", "false_accepts", "all_met"} <= set(targets)
    assert targets["hard_margin"]["best_raw"] == "zxing"
    assert targets["judged"] is False  # one scene per category: not held against targets
    # The pipeline without its pre-check ran on the same frames: before and after, one run.
    pre = result["precheck"]
    assert set(pre["empty_frame_ms_median"]) == {"before", "after", "ratio"}
    assert pre["empty_frame_ms_median"]["before"] > 0 and pre["code_frame_ms_median"]["after"] > 0
    assert pre["hits_kept"] is True and pre["code_frames_ended_by_precheck"] == 0
    assert pre["rates"]["easy"] == {"before": 1.0, "after": 1.0}
    assert 0.0 <= pre["empty_frames_ended_by_precheck"] <= 1.0


def test_bench_without_the_before_run(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench_scanner.main(["--per-category", "1", "--categories", "clean",
                               "--backends", "pipeline", "--jobs", "1", "--no-before"]) == 0
    assert "precheck" not in json.loads(capsys.readouterr().out)


def test_bench_bad_arguments(capsys: pytest.CaptureFixture[str]) -> None:
    for argv, message in ((["--per-category", "0"], "must be from 1 to 100000, not 0"),
                          (["--categories", "nope"], "unknown category 'nope'"),
                          (["--backends", "quagga"], "unknown decoder 'quagga'")):
        with pytest.raises(SystemExit) as exc:
            bench_scanner.main(argv)
        assert exc.value.code == 2 and message in capsys.readouterr().err
