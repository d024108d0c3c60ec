"""Command lines: every flag of every command the project ships, with wrong, missing,
negative and huge values.

The flags are read from each command's own ``--help`` (and each subcommand's), so a flag
added tomorrow is fuzzed tomorrow. One attempt runs one command with one flag given one
hostile value (or no value at all), in a scratch folder with scratch saves. A failure is a
traceback, an exit code other than 0, 1 or 2, or a hang. Commands that run long by design
get small-run flags (the fuzzed flag replaces its own small value), so a value that is
wrongly accepted shows as a quick run, not as a benchmark.
"""

from __future__ import annotations

import random
import re
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from .core import ROOT, AreaResult, judge_command, python, run_command

NAME = "cli"
SHORT = 12
LONG = 5_000  # more than there are combinations: the long run tries every one

# The project's commands: how to start each one.
COMMANDS: dict[str, list[str]] = {
    "handheld": python("-m", "handheld"),
    "handheld.engine": python("-m", "handheld.engine"),
    "scanner": python("-m", "scanner"),
    "scanner.sheet": python("-m", "scanner.sheet"),
    "firmware_sim": python("-m", "firmware_sim"),
    **{f"tools/{p.name}": python(str(p)) for p in sorted((ROOT / "tools").glob("*.py"))
       if p.name not in ("__init__.py", "check_min_versions.py")
       and '__name__ == "__main__"' in p.read_text(encoding="utf-8")},
}
# Small runs for commands that are long by design (flag -> value).
SMALL: dict[str, list[str]] = {
    "handheld": ["--frames", "2"],
    "handheld sim": ["--games", "2"],
    "handheld doctor": ["blazing_quake", "--games", "2"],  # DECK, then 2 games per opponent
    "tools/bench_ui.py": ["--frames", "10", "--scan-frames", "10", "--launches", "1"],
    "tools/bench_scanner.py": ["--per-category", "1", "--backends", "pipeline",
                               "--categories", "clean"],
    "tools/bench_assets.py": ["--repeats", "1"],
    "tools/bench_eras.py": ["--games", "2", "--greedy-games", "2"],
    "tools/bench_engine.py": ["--rounds", "1", "--games", "10"],
    "tools/bench_clone.py": ["--games", "1", "--points", "2", "--calls", "1"],
    "tools/bench_speed.py": ["--rounds", "1", "--games", "10", "--greedy-games", "10",
                             "--clone-games", "1"],
    "tools/bench_search.py": ["--games", "1", "--levels", "normal", "--eras", "expedition",
                              "--iterations", "1", "--positions", "1"],
    "tools/soak_ui.py": ["--frames", "60", "--visit", "30"],
    "tools/fit_leaf.py": ["--games", "2"],
    "tools/torture_saves.py": ["--kills", "1"],
    # Never the project's own assets folder: a wrongly accepted --shared writes here.
    "tools/build_assets.py": ["--out", "assets-out"],
    "tools/fuzz.py": ["--attempts", "1", "--area", "deck_files"],
    # The data commands' files: standard input (empty) and output, never a real file.
    "handheld collection export": ["-"],
    "handheld collection import": ["-"],
    "handheld decks export": ["Nope", "-"],
    "handheld decks import": ["-"],
    "firmware_sim buttons": ["--seconds", "1", "--script", "A@10-50"],
    "firmware_sim battery": ["--simulate", "1"],
}
# Flags that would step outside the scratch folder or are the harness's own.
SKIP_FLAGS = {"--help", "-h", "--child", "--version"}

# Missing, wrong (type, text, paths that are not files), zero and negative, huge.
HOSTILE_VALUES = [
    None, "", "abc", "é☃,:", "/dev/zero", ".", "nonexistent/x.png", "n" * 300 + ".png", "0", "-1",
    "-99999999999999999999", "9" * 5000, "1e308", "inf", "nan",
]
# Two commands at a time: the machine has two cores.
PARALLEL = 2
TIMEOUT = 120.0


@dataclass(frozen=True)
class Option:
    command: str  # a COMMANDS key
    sub: str | None  # a subcommand, or None
    flag: str
    takes_value: bool


_OPTION = re.compile(r"^\s{2,}(-{1,2}[\w-]+)(?:[ =]([A-Z][\w.\-]*|\{[^}]*\}))?(?:, (--[\w-]+)"
                     r"(?:[ =]([A-Z][\w.\-]*|\{[^}]*\}))?)?")


def _help(argv: list[str], env: dict[str, str]) -> str:
    done = run_command([*argv, "--help"], timeout=60, env=env)
    return done.stdout if done.returncode == 0 else ""


def discover(env: dict[str, str]) -> list[Option]:
    """Every option of every command and subcommand, from their ``--help``."""
    found: list[Option] = []
    for name, argv in COMMANDS.items():
        text = _help(argv, env)
        subs: list[str | None] = [None]
        choices = re.search(r"^\s+\{([\w,-]+)\}", text, re.M)
        if choices:
            subs += choices.group(1).split(",")
        elif re.search(r"^\s+COMMAND\s*$", text, re.M):  # subcommands under a metavar
            listed = text.split("COMMAND", 2)[-1].split("\noptions:")[0]
            subs += re.findall(r"^ {4}(\w[\w-]*)\s", listed, re.M)
        for sub in subs:  # grows with the actions of subcommands (saves check, ...)
            page = text if sub is None else _help([*argv, *sub.split()], env)
            if sub is not None and " " not in sub and re.search(r"^\s+ACTION\s*$", page, re.M):
                listed = page.split("ACTION", 2)[-1].split("\noptions:")[0]
                subs += [f"{sub} {action}"
                         for action in re.findall(r"^ {4}(\w[\w-]*)\s", listed, re.M)]
            for line in page.splitlines():
                m = _OPTION.match(line)
                if not m:
                    continue
                flag = m.group(3) or m.group(1)
                if flag in SKIP_FLAGS or not flag.startswith("--"):
                    continue
                found.append(Option(name, sub, flag, bool(m.group(2) or m.group(4))))
    return sorted(set(found), key=lambda o: (o.command, o.sub or "", o.flag))


def _argv(option: Option, value: str | None) -> list[str]:
    base = list(COMMANDS[option.command])
    key = option.command if option.sub is None else f"{option.command} {option.sub}"
    small = list(SMALL.get(key, []))
    if option.flag in small:  # the fuzzed flag replaces its own small value
        i = small.index(option.flag)
        del small[i:i + 2]
    parts = option.sub.split() if option.sub else []
    if option.takes_value:
        tail = [option.flag] if value is None else [option.flag, value]
    else:
        tail = [option.flag] + ([] if value is None else [value])
    return [*base, *parts, *small, *tail]


def _timeout(argv: list[str]) -> float:
    """bench_ui plays a whole duel for its memory figure whatever its flags: give it time."""
    return 3 * TIMEOUT if any(a.endswith("bench_ui.py") for a in argv) else TIMEOUT


def run(result: AreaResult, attempts: int, rng: random.Random) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        scratch = Path(tmp)
        env = {"HANDHELD_DATA": str(scratch / "data"), "HANDHELD_BOARD": "headless",
               "HANDHELD_BOARD_CONFIG": str(scratch / "no-board.toml"),
               "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "DISPLAY": ""}
        options = discover(env)
        if not options:
            result.fail("traceback", "no options were discovered from any --help", "discover")
            return
        combos = [(o, v) for o in options
                  for v in (HOSTILE_VALUES if o.takes_value else [None, "extra"])]
        rng.shuffle(combos)
        chosen = combos if attempts >= len(combos) else combos[:attempts]
        argvs = [_argv(option, value) for option, value in chosen]
        with ThreadPoolExecutor(PARALLEL) as pool:
            runs = pool.map(lambda argv: run_command(argv, timeout=_timeout(argv), stdin=b"",
                                                     env=env, cwd=scratch), argvs)
            for i, (argv, done) in enumerate(zip(argvs, runs, strict=True), 1):
                judge_command(result, argv, done, timeout=_timeout(argv))
                if i % 50 == 0:
                    print(f"cli: {i}/{len(argvs)} commands", flush=True, file=sys.stderr)
