"""The tracker's rules: two consecutive frames to accept, once while in view (a missed frame
or two tolerated), counted again after leaving, invalid codes never accepted and reported
once per visit."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scanner.catalog import Catalog
from scanner.codes import crc16, encode_card
from scanner.decoders import Detection
from scanner.reading import Reading, judge
from scanner.tracker import ACCEPTED, PENDING, REJECTED, Tracker

CATALOG = Catalog.from_assets()
ALAKAZAM = encode_card("ecard1-33")
MEWTWO = encode_card("ecard1-56", 2)
TAMPERED = "PTCG1C.ECARD1.34.EB65"
URL = "https://example.com/"


def read(text: str, x: float = 0.0) -> Reading:
    corners = ((x, 0.0), (x + 10, 0.0), (x + 10, 10.0), (x, 10.0))
    return judge(Detection(text, "QRCode", corners, "test"), CATALOG)


def frames(tracker: Tracker, *seen: tuple[str, ...]) -> list[list[str]]:
    """Runs frames (each the texts read in it); the texts accepted at each frame."""
    return [[r.text for r in tracker.update([read(t) for t in texts]).accepted]
            for texts in seen]


def test_two_consecutive_frames_to_accept() -> None:
    t = Tracker()
    assert frames(t, (ALAKAZAM,), (ALAKAZAM,)) == [[], [ALAKAZAM]]
    assert t.counts[ALAKAZAM] == 1 and t.accepted_total == 1


def test_one_frame_is_not_enough_and_gaps_start_again() -> None:
    t = Tracker()
    assert frames(t, (ALAKAZAM,), (), (ALAKAZAM,), (), (ALAKAZAM,)) == [[]] * 5
    assert t.accepted_total == 0
    assert frames(t, (ALAKAZAM,)) == [[ALAKAZAM]]  # now two in a row


def test_not_counted_again_while_in_view() -> None:
    t = Tracker()
    seen = [(ALAKAZAM,)] * 30
    accepted = frames(t, *seen)
    assert accepted[1] == [ALAKAZAM] and sum(len(a) for a in accepted) == 1


def test_a_missed_frame_or_two_while_held_does_not_count_twice() -> None:
    t = Tracker(forget=3)
    accepted = frames(t, (ALAKAZAM,), (ALAKAZAM,), (), (ALAKAZAM,), (), (), (ALAKAZAM,),
                      (ALAKAZAM,))
    assert sum(len(a) for a in accepted) == 1


def test_counted_again_after_leaving_the_view() -> None:
    t = Tracker(forget=3)
    accepted = frames(t, (ALAKAZAM,), (ALAKAZAM,), (), (), (), (ALAKAZAM,), (ALAKAZAM,))
    assert accepted == [[], [ALAKAZAM], [], [], [], [], [ALAKAZAM]]
    assert t.counts[ALAKAZAM] == 2


def test_several_cards_at_once_each_on_its_own() -> None:
    t = Tracker()
    accepted = frames(t, (ALAKAZAM,), (ALAKAZAM, MEWTWO), (MEWTWO, ALAKAZAM), (MEWTWO,))
    assert accepted == [[], [ALAKAZAM], [MEWTWO], []]


def test_the_same_code_twice_in_a_frame_is_one_card() -> None:
    t = Tracker()
    for _ in range(3):
        update = t.update([read(ALAKAZAM, 0), read(ALAKAZAM, 100)])
    assert t.accepted_total == 1 and len(update.in_view) == 1


@pytest.mark.parametrize("text", [TAMPERED, URL, "PTCG1C.ZZ12.7." + "0000"])
def test_invalid_codes_never_accepted_reported_once_per_visit(text: str) -> None:
    t = Tracker(forget=2)
    updates = [t.update([read(text)]) for _ in range(10)]
    assert all(u.accepted == [] for u in updates) and t.accepted_total == 0
    assert [len(u.rejected) for u in updates] == [1] + [0] * 9
    assert updates[0].rejected[0].reason  # the reason, for the screen
    assert all(u.in_view[0].status == REJECTED for u in updates)
    t.update([])  # one frame away: still the same visit
    assert t.update([read(text)]).rejected == []
    t.update([])
    t.update([])  # gone for two frames: a new visit reports again
    assert len(t.update([read(text)]).rejected) == 1


def test_unknown_card_is_invalid() -> None:
    body = "PTCG1C.ZZ12.7"
    reading = read(f"{body}.{crc16(body)}")
    assert reading.code is not None and not reading.ok
    t = Tracker()
    assert [t.update([reading]).accepted for _ in range(3)] == [[], [], []]


def test_in_view_for_drawing() -> None:
    t = Tracker()
    first = t.update([read(ALAKAZAM), read(URL, 50)])
    assert [(s.reading.text, s.status, s.frames) for s in first.in_view] == [
        (ALAKAZAM, PENDING, 1), (URL, REJECTED, 1)]
    second = t.update([read(ALAKAZAM)])
    assert [(s.reading.text, s.status, s.frames) for s in second.in_view] == [
        (ALAKAZAM, ACCEPTED, 2)]
    assert t.update([]).in_view == []


def test_confirm_and_forget_are_configurable() -> None:
    t = Tracker(confirm=3, forget=1)
    assert frames(t, (ALAKAZAM,), (ALAKAZAM,), (ALAKAZAM,), (), (ALAKAZAM,), (ALAKAZAM,),
                  (ALAKAZAM,)) == [[], [], [ALAKAZAM], [], [], [], [ALAKAZAM]]
    with pytest.raises(ValueError, match="confirm must be 1 or more"):
        Tracker(confirm=0)
    with pytest.raises(ValueError, match="forget must be 1 or more"):
        Tracker(forget=0)


def test_reset_forgets_the_view_not_the_counts() -> None:
    t = Tracker()
    frames(t, (ALAKAZAM,), (ALAKAZAM,))
    t.reset()
    assert frames(t, (ALAKAZAM,), (ALAKAZAM,)) == [[], [ALAKAZAM]]
    assert t.counts[ALAKAZAM] == 2


def test_pure_logic_without_opencv() -> None:
    code = "import sys, scanner.tracker; print(sorted({'cv2', 'numpy'} & set(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd=Path(__file__).resolve().parents[2])
    assert out.stdout.strip() == "[]"


@settings(max_examples=200, deadline=None)
@given(st.lists(st.lists(st.sampled_from([ALAKAZAM, MEWTWO, TAMPERED, URL]), max_size=4),
                max_size=40))
def test_invariants(stream: list[list[str]]) -> None:
    """Whatever the frames: invalid codes never accepted; an acceptance always follows two
    frames in a row with the code; a code is never accepted twice in one visit."""
    t = Tracker(confirm=2, forget=3)
    last_seen: dict[str, int] = {}
    last_accept: dict[str, int] = {}
    for i, texts in enumerate(stream):
        update = t.update([read(x) for x in texts])
        for r in update.accepted:
            assert r.ok and r.text in (ALAKAZAM, MEWTWO)
            assert i > 0 and r.text in stream[i - 1]
            if r.text in last_accept:
                # It was away for at least 3 frames since it was last counted.
                gaps = [j for j in range(last_accept[r.text] + 1, i)
                        if r.text not in stream[j]]
                assert any(all(r.text not in stream[k] for k in range(j, j + 3))
                           for j in gaps if j + 3 <= i)
            last_accept[r.text] = i
        for x in texts:
            last_seen[x] = i
