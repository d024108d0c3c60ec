"""Simulation at scale: ``sim --jobs N`` plays the games in N processes, ``sim --shard I/N``
plays a share of them, and ``sim merge`` adds the shards up. A game depends only on its
index, so all of these give the single-process run's statistics (the timings aside); bad
arguments and bad shard files are refused in one line with exit status 2."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import pytest

from handheld.cards import default_pool, load_deck, resolve_deck_set
from handheld.sim import (
    TIMING_KEYS,
    ShardError,
    Tally,
    card_spec,
    merge_shards,
    piece_spec,
    play_games,
    run_shard,
    run_sim,
    shard_indices,
    statistics_of,
)

ROOT = Path(__file__).resolve().parents[1]
ENV = {**os.environ, "HANDHELD_DATA": tempfile.mkdtemp(prefix="handheld-scale-test-"),
       "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "HANDHELD_BOARD": "headless",
       "PYTHONPATH": str(ROOT)}
# A league (every ordered pair of decks), players swapping decks, a greedy and a random
# player: every part of a game's setup that hangs on its index.
LEAGUE = ["--decks", "expedition", "--players", "greedy,random", "--alternate"]


def run(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "handheld", *args], cwd=cwd, text=True,
                          capture_output=True, timeout=300, env=ENV)


def results(stats: dict[str, Any]) -> dict[str, Any]:
    """The statistics the games decide (not the clock, not how the run was split)."""
    return {k: v for k, v in stats.items() if k not in TIMING_KEYS}


def test_sim_jobs_2_equals_sim_on_the_same_seeds() -> None:
    one = run("sim", *LEAGUE, "--games", "30", "--seed", "7", "--json")
    two = run("sim", *LEAGUE, "--games", "30", "--seed", "7", "--json", "--jobs", "2",
              "--progress")
    assert one.returncode == two.returncode == 0, one.stderr + two.stderr
    single, spread = json.loads(one.stdout), json.loads(two.stdout)
    assert single["completed"] == 30 and sum(single["wins"].values()) == 30
    assert results(spread) == results(single)
    assert single["run"] == {"jobs": 1, "processes": 1}
    # Really spread: two worker processes played (not this one alone).
    assert spread["run"] == {"jobs": 2, "processes": 2}
    assert spread["games_per_second"] > 0  # measured and reported, never asserted
    assert "30/30 games" in two.stderr  # the progress bar still counts every game


def test_jobs_give_the_same_tally_for_pieces_too() -> None:
    spec = piece_spec(["greedy", "random"], 20, 3, alternate=True)
    alone = play_games(spec, range(20))
    spread = play_games(spec, range(20), jobs=3)
    assert results(statistics_of(spec, spread, 20)) == results(statistics_of(spec, alone, 20))
    assert spread.processes >= 2


def test_shards_split_the_games_once_each() -> None:
    shares = [shard_indices(25, (i, 4)) for i in range(1, 5)]
    assert sorted(i for share in shares for i in share) == list(range(25))
    assert [len(s) for s in shares] == [7, 6, 6, 6]
    assert shard_indices(25, None) == range(25)
    with pytest.raises(ValueError, match="from 1 to 2"):
        shard_indices(25, (3, 2))


def test_merged_shards_give_the_whole_runs_statistics() -> None:
    pool = default_pool()
    names = resolve_deck_set("expedition")
    decks = [load_deck(n) for n in names]
    whole = run_sim(pool, decks, ["greedy", "random"], 25, seed=11, alternate=True,
                    deck_names=names, era="expedition")
    spec = card_spec(decks, ["greedy", "random"], 25, 11, alternate=True, deck_names=names,
                     era="expedition")
    # Through JSON text, as the files carry them; in any order.
    files = [(f"part{i}.json", json.loads(json.dumps(run_shard(spec, (i, 3), pool=pool))))
             for i in (3, 1, 2)]
    parts = [f[1]["statistics"] for f in files]
    assert sorted(p["games"] for p in parts) == [8, 8, 9]
    assert results(parts[0]) != results(whole)  # a shard alone is not the run
    merged = merge_shards(files)
    assert results(merged) == results(whole)
    assert merged["run"] == {"merged_shards": 3, "processes": 3}


def test_merging_keeps_the_first_error_samples_by_game() -> None:
    """The whole run keeps its first errors; merged shards must keep the same ones."""
    shards = [Tally(), Tally()]
    for i in range(30):
        try:
            raise RuntimeError(f"game {i}")
        except RuntimeError as exc:
            shards[i % 2].add_error(i, 100 + i, False, exc)
    merged = Tally()
    for part in reversed(shards):
        merged.merge(part)
    assert merged.errors == merged.played == 30
    assert [e["game"] for e in merged.error_samples] == list(range(10))


def test_a_tally_survives_json_and_refuses_damage() -> None:
    spec = piece_spec(["random", "random"], 6, 1)
    tally = play_games(spec, range(6))
    again = Tally.from_json(json.loads(json.dumps(tally.to_json())))
    assert again == tally
    damaged = tally.to_json()
    damaged["turns"] = {"many": 3}
    with pytest.raises(ValueError, match="turns"):
        Tally.from_json(damaged)
    damaged = tally.to_json()
    damaged["played"] += 1  # games that are neither results nor errors
    with pytest.raises(ValueError, match="add up"):
        Tally.from_json(damaged)


def shard_file(spec: Any, index: int, count: int) -> tuple[str, Any]:
    return f"s{index}.json", json.loads(json.dumps(run_shard(spec, (index, count))))


@pytest.mark.parametrize(("damage", "message"), [
    (lambda f: f.update(format="something else"), "not a sim shard file"),
    (lambda f: f.update(version=99), "version 99"),
    (lambda f: f["shard"].update(index=5), "shard number is damaged"),
    (lambda f: f["settings"].update(games="ten"), "settings are damaged"),
    (lambda f: f["settings"].update(seed=2), "other settings"),
    (lambda f: f["tally"].pop("wins"), "expected fields"),
    (lambda f: f["tally"]["results"].update(extra=1), "add up"),
])
def test_merge_refuses_a_damaged_or_foreign_shard(damage: Any, message: str) -> None:
    spec = piece_spec(["random", "random"], 6, 1)
    first, second = shard_file(spec, 1, 2), shard_file(spec, 2, 2)
    damage(second[1])
    with pytest.raises(ShardError, match=message):
        merge_shards([first, second])


def test_merge_refuses_missing_repeated_and_miscounted_shards() -> None:
    spec = piece_spec(["random", "random"], 6, 1)
    first, second = shard_file(spec, 1, 2), shard_file(spec, 2, 2)
    with pytest.raises(ShardError, match="2 of 2 missing"):
        merge_shards([first])
    with pytest.raises(ShardError, match="again"):
        merge_shards([first, first, second])
    with pytest.raises(ShardError, match="a shard of 3"):
        merge_shards([first, shard_file(spec, 2, 3)])
    longer = shard_file(piece_spec(["random", "random"], 7, 1), 2, 2)
    with pytest.raises(ShardError, match="games differ"):
        merge_shards([first, longer])
    with pytest.raises(ShardError, match="no shard files"):
        merge_shards([])


def test_sim_shard_files_merge_on_the_command_line(tmp_path: Path) -> None:
    common = [*LEAGUE, "--games", "14", "--seed", "2"]
    whole = run("sim", *common, "--json")
    assert whole.returncode == 0, whole.stderr
    first = run("sim", *common, "--shard", "1/2", "--out", "one.json", cwd=tmp_path)
    second = run("sim", *common, "--shard", "2/2", "--jobs", "2", cwd=tmp_path)
    assert first.returncode == second.returncode == 0, first.stderr + second.stderr
    assert "7 games" in first.stdout  # --out: the file gets the JSON, the screen a summary
    (tmp_path / "two.json").write_text(second.stdout)  # no --out: the shard file printed
    merged = run("sim", "merge", "two.json", "one.json", "--json", "--out", "all.json",
                 cwd=tmp_path)
    assert merged.returncode == 0, merged.stderr
    assert results(json.loads(merged.stdout)) == results(json.loads(whole.stdout))
    assert json.loads((tmp_path / "all.json").read_text()) == json.loads(merged.stdout)


def one_line_error(r: subprocess.CompletedProcess[str], text: str) -> None:
    assert r.returncode == 2, (r.returncode, r.stderr[-500:])
    assert text in r.stderr, r.stderr[-500:]
    assert "Traceback" not in r.stderr + r.stdout
    assert len(r.stderr.strip().splitlines()) == 1, r.stderr


@pytest.mark.parametrize(("args", "text"), [
    (["sim", "--jobs", "0"], "jobs must be from 1 to 256, not 0"),
    (["sim", "--jobs", "two"], "jobs must be a whole number"),
    (["sim", "--shard", "3/2"], "the shard index I must be from 1 to 2, not 3"),
    (["sim", "--shard", "0/2"], "the shard index I must be from 1 to 2, not 0"),
    (["sim", "--shard", "1/0"], "the shard count N must be from 1"),
    (["sim", "--shard", "half"], "expected I/N"),
    (["sim", "--out", "stats.txt"], "must end in .json"),
    (["sim", "merge"], "the following arguments are required: FILE"),
    (["sim", "merge", "no_such_shard.json"], "no_such_shard.json: no such file"),
])
def test_bad_scale_arguments_are_refused_in_one_line(args: list[str], text: str) -> None:
    one_line_error(run(*args), text)


def test_merge_refuses_bad_files_in_one_line(tmp_path: Path) -> None:
    (tmp_path / "broken.json").write_text('{"format": ')
    (tmp_path / "foreign.json").write_text(json.dumps({"games": 10}))
    (tmp_path / "binary.json").write_bytes(b"\xff\xfe\x00")
    one_line_error(run("sim", "merge", "broken.json", cwd=tmp_path), "broken.json: not JSON")
    one_line_error(run("sim", "merge", "binary.json", cwd=tmp_path), "binary.json: not JSON")
    one_line_error(run("sim", "merge", "foreign.json", cwd=tmp_path),
                   "foreign.json: not a sim shard file")
    one_line_error(run("sim", "merge", ".", cwd=tmp_path), ".: not a regular file")
    made = [run("sim", "--game", "pieces", "--games", "4", "--shard", "1/2", "--out", "p.json",
                cwd=tmp_path),
            run("sim", "--games", "4", "--shard", "2/2", "--out", "c.json", cwd=tmp_path)]
    assert all(r.returncode == 0 for r in made), [r.stderr for r in made]
    one_line_error(run("sim", "merge", "p.json", "c.json", cwd=tmp_path),
                   "c.json: a shard of other settings than p.json")
