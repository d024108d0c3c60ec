"""Every command shown in README.md and docs/ works as shown.

A doc that shows a command promises it works, so this test finds every command in the
docs (shell blocks, ``$`` lines, inline ``python -m ...`` spans, Python blocks, the protocol
transcript) and runs it. Each command must match one rule of :data:`RULES`; a command no
rule knows fails the test, so a new command in a doc is covered the day it is written.

Runs are made small where a doc shows a long benchmark (``--games 10000`` runs 4 games;
the flags and the code path are the same). Synopsis lines (``IMAGE...``, ``0|clip.mp4``,
``[--json]``) are checked against the command's ``--help``: every flag they show exists.
Commands for a Raspberry Pi's administration (``sudo systemctl ...``) are listed but not
run, and ``./run test`` / pytest are this suite itself.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
COMMAND_START = re.compile(
    r"^(?:[A-Z_]+=\S*\s+)*(?:\.venv/bin/python|python3?|\./run|sudo|pip|pipx|pocket-tcg\S*)"
    r"(?=\s|$)")
# An inline `span` is a command only when it runs something of ours.
INLINE_COMMAND = re.compile(
    r"^(?:\.venv/bin/python|python3?) (?:-m \S|tools/)|^\./run (?:play|test)"
    r"|^pocket-tcg(?:-engine|-scanner|-board)?(?:\s|$)")
PLACEHOLDER = re.compile(r"\.\.\.|\||\[|\]|<[a-z]+>|(?:^|\s)(?:IMAGE|SPEC|MINUTES|FRAME|PATH|N|S|"
                         r"DIR|NAME|FILE)(?:\s|$)")


@dataclass
class DocCommand:
    doc: str
    line: int
    text: str
    inline: bool = False  # a `span` in a sentence; bare, it names the command (--help)

    @property
    def id(self) -> str:
        return f"{self.doc}:{self.line}"


def _strip_comment(line: str) -> str:
    """A shell line without its trailing ``# comment`` (outside quotes)."""
    try:
        lexer = shlex.shlex(line, posix=True, punctuation_chars=False)
        lexer.whitespace_split = True
        lexer.commenters = "#"
        words = list(lexer)
    except ValueError:
        return line.strip()
    return shlex.join(words) if words else ""


def documented_commands() -> list[DocCommand]:
    found: list[DocCommand] = []
    for doc in DOCS:
        name = str(doc.relative_to(ROOT))
        lines = doc.read_text(encoding="utf-8").splitlines()
        fence: str | None = None
        for number, raw in enumerate(lines, 1):
            stripped = raw.strip()
            if stripped.startswith("```"):
                fence = None if fence is not None else stripped[3:].strip()
                continue
            if fence is not None:
                if fence in ("sh", "bash", "console", "", "text"):
                    text = stripped[2:] if stripped.startswith("$ ") else stripped
                    if COMMAND_START.match(text):
                        found.append(DocCommand(name, number, _strip_comment(text)))
                continue
            for span in re.findall(r"`([^`]+)`", raw):
                if INLINE_COMMAND.match(span.strip()):
                    found.append(DocCommand(name, number, span.strip(), inline=True))
    return found


# ------------------------------------------------------------------ what a rule does


@dataclass
class Rule:
    pattern: str
    kind: str  # run | synopsis | not_run
    why: str = ""
    shrink: dict[str, str] = field(default_factory=dict)  # flag -> smaller value
    extra: list[str] = field(default_factory=list)  # flags appended to make a run small
    ok_codes: tuple[int, ...] = (0,)
    stdin: str | None = None
    json_out: bool = False

    def matches(self, text: str) -> bool:
        return re.search(self.pattern, text) is not None


RULES = [
    Rule(r"^sudo |^pip |^pipx ", "not_run", "system administration on a Raspberry Pi"),
    Rule(r"^\./run test|-m pytest", "not_run", "the test suite itself"),
    Rule(r"^\./run play$", "not_run", "the newcomer's command: it opens the game for good; "
         "its headless form below is run"),
    Rule(r"tools/bench_ui\.py", "run", shrink={},
         extra=["--frames", "20", "--scan-frames", "20", "--launches", "1"],
         ok_codes=(0, 1), json_out=True),
    Rule(r"tools/bench_scanner\.py", "run", shrink={"--per-category": "1"},
         extra=["--backends", "pipeline,zxing"], ok_codes=(0, 1), json_out=True),
    Rule(r"tools/bench_assets\.py", "run", extra=["--repeats", "2"], json_out=True),
    Rule(r"tools/bench_engine\.py", "run", shrink={"--rounds": "1"}, extra=["--games", "10"],
         json_out=True),
    Rule(r"tools/bench_eras\.py", "run", shrink={"--games": "8", "--greedy-games": "2"},
         json_out=True),
    Rule(r"tools/bench_search\.py", "run", shrink={"--games": "1", "--positions": "1"},
         extra=["--eras", "expedition", "--iterations", "2"], json_out=True),
    Rule(r"tools/bench_speed\.py", "run",
         shrink={"--rounds": "1", "--games": "10", "--greedy-games": "10",
                 "--clone-games": "1", "--baseline-ref": "HEAD"},
         extra=["--rounds", "1", "--games", "10", "--greedy-games", "10", "--clone-games", "1"],
         json_out=True),
    # Written in the run's folder, never over the package's weights.
    Rule(r"tools/fit_leaf\.py", "run", shrink={"--games": "2", "--out": "leaf_weights.py"}),
    Rule(r"tools/bench_clone\.py", "run",
         shrink={"--games": "1", "--points": "3", "--calls": "2"}, json_out=True),
    Rule(r"tools/torture_saves\.py", "run", shrink={"--kills": "2"}, json_out=True),
    Rule(r"tools/soak_ui\.py", "run", shrink={"--frames": "240", "--visit": "60"},
         json_out=True),
    # Every area but the command lines, whose short run (each command's --help read
    # afresh, some 30 processes) tests/tools/test_fuzz.py makes already.
    Rule(r"tools/fuzz\.py", "run", json_out=True,
         extra=["--attempts", "3", "--skip-area", "cli"]),
    Rule(r"tools/check_min_versions\.py", "not_run", "builds a venv from PyPI (minutes)"),
    Rule(r"tools/build_assets\.py", "run", extra=["--check"], ok_codes=(0, 2)),
    Rule(r"-m handheld sim\b.*--ray", "not_run", "needs a Ray cluster: tests/test_sim_ray.py "
         "starts one and runs sim --ray against it"),
    Rule(r"-m handheld sim\b", "run", shrink={"--games": "4"}),
    Rule(r"-m handheld doctor\b", "run", shrink={"--games": "2"}, extra=["--games", "2"]),
    Rule(r"-m handheld\.engine\b", "run",
         stdin='{"cmd": "hello", "id": 1}\n{"cmd": "quit"}\n'),
    Rule(r"-m firmware_sim buttons(?!.*--script)", "run", extra=["--seconds", "1"],
         ok_codes=(0, 1, 2), stdin=""),
    Rule(r"-m firmware_sim battery", "run", ok_codes=(0, 1)),
    Rule(r"--window-screenshot", "run", ok_codes=(0,)),
    Rule(r".", "run"),
]


def rule_for(text: str) -> Rule:
    if PLACEHOLDER.search(text):
        return Rule("", "synopsis")
    return next(r for r in RULES if r.matches(text))


def _argv(text: str, rule: Rule, python: str) -> tuple[list[str], dict[str, str]]:
    """The argv and environment of a documented command, made small by its rule."""
    words = shlex.split(text)
    env: dict[str, str] = {}
    while words and re.fullmatch(r"[A-Z_]+=.*", words[0]):
        key, _, value = words.pop(0).partition("=")
        env[key] = value
    if words[:2] == ["./run", "play"]:
        words = [python, "-m", "handheld", *words[2:]]
    elif words[0] in (".venv/bin/python", "python", "python3"):
        words[0] = python
    elif words[0].startswith("pocket-tcg"):
        words[:1] = _entry_point(words[0], python)
    words = [str(ROOT / w) if w.startswith("tools/") else w for w in words]
    for flag, small in rule.shrink.items():
        if flag in words:
            words[words.index(flag) + 1] = small
    extra = [w for w in rule.extra]
    for i in range(0, len(extra), 2):
        if extra[i] in words:
            continue
        words += extra[i:i + 2]
    return words, env


def _entry_point(name: str, python: str) -> list[str]:
    """An installed command of pyproject's [project.scripts]: its script beside ``python``
    where pip made one, else the same function run by ``python`` (a checkout tested
    without installing, as tools/check_min_versions.py does)."""
    import tomllib

    script = Path(python).parent / name
    if script.exists():
        return [str(script)]
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["scripts"]
    module, _, function = scripts[name].partition(":")
    return [python, "-c", f"import sys; from {module} import {function}; "
                          f"sys.argv[0] = {name!r}; sys.exit({function}())"]


# ------------------------------------------------------------------ the workspace


@pytest.fixture(scope="module")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, object]]:
    """A folder to run in (outputs land there), saves with a profile and a deck called
    "My deck" (for the export example), and photos of printed codes (for decode)."""
    work = tmp_path_factory.mktemp("docs-run")
    data = tmp_path_factory.mktemp("docs-data")
    env = {**os.environ, "HANDHELD_DATA": str(data), "SDL_VIDEODRIVER": "dummy",
           "SDL_AUDIODRIVER": "dummy", "HANDHELD_BOARD": "headless",
           "PYTHONPATH": str(ROOT)}
    env.pop("DISPLAY", None)
    from firmware_sim.storage import DirStorage
    from handheld.cards import load_deck
    from handheld.save import open_saves

    opened = open_saves(DirStorage(data))
    profile = opened.saves.create_profile("Player")
    opened.saves.save_deck(profile.id, "My deck", load_deck("blazing_quake"))
    opened.saves.close()
    made = subprocess.run([sys.executable, "-m", "scanner", "sheet", "--cards",
                           "ecard1-1,ecard1-25", "--out", "photo.png"], cwd=work, env=env,
                          capture_output=True, text=True, timeout=120)
    assert made.returncode == 0, made.stderr
    import cv2

    cv2.imwrite(str(work / "photo.jpg"), cv2.imread(str(work / "photo.png")))
    yield {"dir": work, "env": env}


COMMANDS = documented_commands()


def test_the_docs_show_commands() -> None:
    """The extractor finds the commands the README promises (it cannot silently find none)."""
    texts = [c.text for c in COMMANDS]
    assert "./run play" in " ".join(texts) and len(COMMANDS) > 30


@pytest.mark.parametrize("command", COMMANDS, ids=[c.id for c in COMMANDS])
def test_documented_command_works(command: DocCommand, workspace: dict[str, object],
                                  request: pytest.FixtureRequest) -> None:
    rule = rule_for(command.text)
    if command.inline and _is_bare(command.text):
        rule = Rule("", "synopsis")  # a command named in a sentence: it exists (--help)
    if rule.kind == "not_run":
        assert rule.why, command
        return
    words, extra_env = _argv(command.text, rule, sys.executable)
    env = {**workspace["env"], **extra_env}  # type: ignore[dict-item]
    if rule.kind == "synopsis":
        _check_synopsis(words, env)
        return
    if "--window-screenshot" in words:
        display = request.getfixturevalue("xvfb")
        env.update(DISPLAY=display, SDL_VIDEODRIVER="x11")
    done = subprocess.run(words, cwd=workspace["dir"], env=env, capture_output=True,
                          text=True, timeout=300, input=rule.stdin,
                          stdin=None if rule.stdin is not None else subprocess.DEVNULL)
    shown = f"{command.id}: {' '.join(words)}\n{done.stderr[-1500:]}"
    assert "Traceback (most recent call last)" not in done.stderr + done.stdout, shown
    assert done.returncode in rule.ok_codes, shown
    if rule.json_out:
        json.loads(done.stdout)  # a benchmark prints JSON even when a target is missed


def _is_bare(text: str) -> bool:
    """A command with no arguments of its own: ``pocket-tcg-board``, ``python -m scanner``."""
    words = shlex.split(text)
    return len(words) == 1 or (len(words) == 3 and words[1] == "-m")


def _check_synopsis(words: list[str], env: dict[str, str]) -> None:
    """Every ``--flag`` a synopsis line shows is in the command's ``--help``."""
    flags = [w.strip("[]") for w in words if w.strip("[]").startswith("--")]
    flags = [f.split("=")[0] for f in flags]
    head = words[:3] if len(words) > 2 and words[1] in ("-m", "-c") else words[:1]
    for w in words[len(head):]:
        if w.startswith("-") or PLACEHOLDER.search(f" {w} "):
            break
        head.append(w)
    helped = subprocess.run([*head, "--help"], env=env, capture_output=True, text=True,
                            timeout=120, stdin=subprocess.DEVNULL)
    assert helped.returncode == 0, helped.stderr
    for flag in flags:
        assert flag in helped.stdout, f"{' '.join(head)} --help does not know {flag}"


PYTHON_BLOCK_MARK = "<!-- fragment -->"


def python_blocks() -> list[tuple[str, int, str, bool]]:
    """Every ```python block: (doc, line, code, is_fragment). A block right after a
    ``<!-- fragment -->`` line is only compiled (it is a piece of a larger file)."""
    out = []
    for doc in DOCS:
        lines = doc.read_text(encoding="utf-8").splitlines()
        i = 0
        while i < len(lines):
            if lines[i].strip() == "```python":
                start = i
                body: list[str] = []
                i += 1
                while i < len(lines) and lines[i].strip() != "```":
                    body.append(lines[i])
                    i += 1
                indent = min((len(b) - len(b.lstrip()) for b in body if b.strip()), default=0)
                code = "\n".join(b[indent:] for b in body)
                fragment = start > 0 and lines[start - 1].strip() == PYTHON_BLOCK_MARK
                out.append((str(doc.relative_to(ROOT)), start + 1, code, fragment))
            i += 1
    return out


BLOCKS = python_blocks()


@pytest.mark.parametrize(("doc", "line", "code", "fragment"), BLOCKS,
                         ids=[f"{b[0]}:{b[1]}" for b in BLOCKS])
def test_documented_python_runs(doc: str, line: int, code: str, fragment: bool,
                                workspace: dict[str, object]) -> None:
    if fragment:
        # A piece of a dict or a function body: it must at least be Python.
        try:
            compile(code, f"{doc}:{line}", "exec")
        except SyntaxError:
            compile("{\n" + code + "\n}", f"{doc}:{line}", "eval")
        return
    done = subprocess.run([sys.executable, "-c", code], cwd=workspace["dir"],
                          env=workspace["env"], capture_output=True, text=True,  # type: ignore[arg-type]
                          timeout=300, stdin=subprocess.DEVNULL)
    assert done.returncode == 0, f"{doc}:{line}\n{done.stderr[-2000:]}"


def test_the_protocol_transcript_replays() -> None:
    """docs/PROTOCOL.md's transcript: the requests (``>`` lines) sent to the engine get
    replies whose ``ok`` and error type are the ones the doc shows (``<`` lines)."""
    text = (ROOT / "docs" / "PROTOCOL.md").read_text(encoding="utf-8")
    blocks = [b for b in re.findall(r"```text\n(.*?)```", text, re.S) if b.startswith("> ")]
    assert blocks, "PROTOCOL.md has no transcript (a text block of > and < lines)"
    requests, replies = [], []
    for entry in re.split(r"\n(?=[<>] )", blocks[0].strip()):
        body = " ".join(line.strip() for line in entry[2:].splitlines())
        (requests if entry.startswith(">") else replies).append(body)
    done = subprocess.run([sys.executable, "-m", "handheld.engine"], cwd=ROOT,
                          input="\n".join(requests) + "\n", capture_output=True, text=True,
                          timeout=120, env={**os.environ, "PYTHONPATH": str(ROOT)})
    got = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(got) == len(requests) == len(replies)
    for shown, reply in zip(replies, got, strict=True):
        assert f'"ok": {"true" if reply["ok"] else "false"}' in shown, (shown, reply)
        if not reply["ok"]:
            assert f'"type": "{reply["error"]["type"]}"' in shown, (shown, reply)


def test_every_rule_is_used() -> None:
    """A rule no documented command needs is dead weight (or a command was dropped)."""
    used = {id(rule_for(c.text)) for c in COMMANDS}
    unused = [r.pattern for r in RULES if id(r) not in used and r.pattern != "."]
    optional = {r"tools/fuzz\.py", r"tools/check_min_versions\.py", r"tools/build_assets\.py",
                r"^\./run play$", r"^sudo |^pip |^pipx "}
    assert not [u for u in unused if u not in optional], unused

