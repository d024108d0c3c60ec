"""Card and deck codes: round trips, every rejection with its reason, and fuzzing of the
reader (random text, random bytes, mutated valid codes: a CodeError or a valid code,
never anything else)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scanner.codes import (
    MAX_LENGTH,
    CardCode,
    CodeError,
    DeckCode,
    crc16,
    encode_card,
    encode_deck,
    parse,
)


def test_card_round_trip() -> None:
    assert encode_card("ecard1-33") == "PTCG1C.ECARD1.33.EB65"
    assert parse("PTCG1C.ECARD1.33.EB65") == CardCode("ecard1", "33", 1)
    code = encode_card("ecard2-H12", 3)
    assert parse(code) == CardCode("ecard2", "H12", 3)
    assert parse(code).card_id == "ecard2-H12"
    assert parse(f"  {code}\n") == CardCode("ecard2", "H12", 3)  # whitespace around is fine
    assert parse(code.encode()) == CardCode("ecard2", "H12", 3)


def test_deck_round_trip() -> None:
    cards = ["ecard1-98"] * 4 + ["ecard2-1"] * 2 + ["ecard1-161"] * 14
    code = encode_deck("Blazing Quaké", cards)
    deck = parse(code)
    assert isinstance(deck, DeckCode) and deck.name == "Blazing Quaké"
    assert sorted(deck.cards) == sorted(cards) and deck.size == 20
    # Grouped by set, in the order each set first appears.
    assert deck.entries == (("ecard1-98", 4), ("ecard1-161", 14), ("ecard2-1", 2))
    assert parse(encode_deck("", ["ecard1-1"])).name == ""
    sixty = [f"ecard1-{n}" for n in range(1, 61)]
    assert len(encode_deck("All sixty", sixty)) < MAX_LENGTH
    assert set(encode_deck("x", sixty)) <= set("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ .:*+-$%/")


@pytest.mark.parametrize(("text", "reason"), [
    ("https://example.com", "another kind of QR code"),
    ("PTCG", "no format version"),
    ("PTCG2C.ECARD1.33.0000", "this game reads format 1"),
    ("PTCG1C.ECARD1.33", "no checksum"),
    ("PTCG1C.ECARD1.34.EB65", "checksum does not match"),
    ("x" * (MAX_LENGTH + 1), "too long"),
    (42, "a code is text"),
    (b"\xff\xfe", "not plain text"),
])
def test_rejections_say_why(text: object, reason: str) -> None:
    with pytest.raises(CodeError, match=reason):
        parse(text)


def signed(body: str) -> str:
    return f"{body}.{crc16(body)}"


@pytest.mark.parametrize(("body", "reason"), [
    ("PTCG1X.ECARD1.33", "unknown kind"),
    ("PTCG1C.ECARD1", "a set, a number"),
    ("PTCG1C.E-1.33", "not a set code"),
    ("PTCG1C.ECARD1.33X", "not a card number"),
    ("PTCG1C.ECARD1.33.0", "between 1 and 99"),
    ("PTCG1C.ECARD1.33.ABC", "must be a number"),
    ("PTCG1D.-", "at least one set"),
    ("PTCG1D.ab.ECARD1:1*1", "not Base32"),
    ("PTCG1D.-.ECARD1", "SET:NUMBER"),
    ("PTCG1D.-.ECARD1:1", "NUMBER\\*COUNT"),
    ("PTCG1D.-.ECARD1:1*1+1*2", "listed twice"),
    ("PTCG1D.-.ECARD1:1*61", "between 1 and 60"),
    ("PTCG1D.-.ECARD1:1*40+2*40", "at most 60"),
])
def test_well_signed_but_wrong_fields_are_refused(body: str, reason: str) -> None:
    with pytest.raises(CodeError, match=reason):
        parse(signed(body))


def test_encoding_refuses_what_it_cannot_carry() -> None:
    with pytest.raises(CodeError, match="not a card id"):
        encode_card("nothing")
    with pytest.raises(CodeError, match="1 to 99"):
        encode_card("ecard1-1", 100)
    with pytest.raises(CodeError, match="at most 60"):
        encode_deck("x", ["ecard1-1"] * 61)
    with pytest.raises(CodeError, match="at least one card"):
        encode_deck("x", [])


def _check(text: object) -> None:
    try:
        result = parse(text)
    except CodeError:
        return
    assert isinstance(result, (CardCode, DeckCode))


@settings(max_examples=2000, deadline=None)
@given(st.one_of(st.text(max_size=200), st.binary(max_size=200),
                 st.text(alphabet="PTCG1CD.:*+-0123456789ABCDEFXYZ", max_size=80)))
def test_random_input_is_rejected_cleanly(text: object) -> None:
    _check(text)


VALID = [encode_card("ecard1-33"), encode_card("ecard2-H12", 4),
         encode_deck("Deck", ["ecard1-98"] * 4 + ["ecard1-161"] * 10)]


@settings(max_examples=2000, deadline=None)
@given(st.sampled_from(VALID), st.lists(st.tuples(st.integers(0, 200),
                                                    st.sampled_from(list(".:*+-0A9Z\x00é"))),
                                          min_size=1, max_size=4), st.integers(0, 3))
def test_mutated_codes_are_rejected_or_still_valid(code: str, edits: list, mode: int) -> None:
    chars = list(code)
    for pos, ch in edits:
        pos %= len(chars) + 1
        if mode == 0:
            chars.insert(pos, ch)
        elif mode == 1 and chars:
            chars[pos % len(chars)] = ch
        elif chars:
            del chars[pos % len(chars)]
    mutated = "".join(chars)
    try:
        result = parse(mutated)
    except CodeError:
        return
    # A mutation that still parses must carry a correct checksum: the CRC caught nothing
    # only because the text is, again, a valid code.
    body, _, check = mutated.strip().rpartition(".")
    assert crc16(body) == check and isinstance(result, (CardCode, DeckCode))
