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
    for spaced in (f"  {code}", f"{code} ", f"{code}\n", code.replace(".", ". ", 1)):
        with pytest.raises(CodeError):  # the printer writes no whitespace
            parse(spaced)
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


@pytest.mark.parametrize(("body", "reason"), [
    # The copy counts: right checksum, not the printer's form.
    ("PTCG1C.ECARD1.33.1", "a copy count of 1 is written"),
    ("PTCG1C.ECARD1.33.01", "written '01'; the game writes 1"),
    ("PTCG1C.ECARD1.33.099", "written '099'; the game writes 99"),
    ("PTCG1C.ECARD1.33.002", "written '002'; the game writes 2"),
    ("PTCG1C.ECARD1.033", "leading zero; the game writes 33"),
    ("PTCG1C.ECARD2.H012", "leading zero; the game writes H12"),
    ("PTCG1C.ECARD1.0033.2", "leading zero"),
    ("PTCG1D.-.ECARD1:98*04", "written '04'; the game writes 4"),
    ("PTCG1D.-.ECARD1:098*4", "leading zero"),
    # Sets split in two sections, where the printer groups a set's cards in one.
    ("PTCG1D.-.ECARD1:1*1.ECARD2:2*1.ECARD1:3*1",
     r"the game writes it 'PTCG1D\.-\.ECARD1:1\*1\+3\*1\.ECARD2:2\*1\."),
    # A name in Base32 whose unused bits are set: the same bytes, another text.
    ("PTCG1D.IJWB.ECARD1:1*1", "the game writes it 'PTCG1D.IJWA."),
])
def test_only_the_printers_form_is_accepted(body: str, reason: str) -> None:
    with pytest.raises(CodeError, match=reason):
        parse(signed(body))


def test_every_code_the_printer_writes_is_read_back_unchanged() -> None:
    for card_id in ("ecard1-1", "ecard2-H12", "col1-SL10", "bw1-100"):
        for count in (1, 2, 9, 10, 99):
            code = encode_card(card_id, count)
            assert encode_card(parse(code).card_id, parse(code).count) == code  # type: ignore
    deck = encode_deck("Quaké", ["ecard1-98", "ecard2-1", "ecard1-3", "ecard2-1"])
    parsed = parse(deck)
    assert isinstance(parsed, DeckCode) and encode_deck(parsed.name, parsed.cards) == deck


def test_encoding_refuses_what_it_cannot_carry() -> None:
    with pytest.raises(CodeError, match="not a card id"):
        encode_card("nothing")
    with pytest.raises(CodeError, match="1 to 99"):
        encode_card("ecard1-1", 100)
    with pytest.raises(CodeError, match="at most 60"):
        encode_deck("x", ["ecard1-1"] * 61)
    with pytest.raises(CodeError, match="at least one card"):
        encode_deck("x", [])
    with pytest.raises(CodeError, match="name is too long"):
        encode_deck("x" * 51, ["ecard1-1"])
    assert parse(encode_deck("x" * 50, ["ecard1-1"])).name == "x" * 50  # type: ignore


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
    body, _, check = mutated.rpartition(".")
    assert crc16(body) == check and isinstance(result, (CardCode, DeckCode))
    # ... and is exactly what the printer writes for what it names (one text per card).
    printed = encode_card(result.card_id, result.count) if isinstance(result, CardCode) \
        else encode_deck(result.name, result.cards)
    assert printed == mutated


@settings(max_examples=1000, deadline=None)
@given(st.sampled_from(["PTCG1C.ECARD1.33.{}", "PTCG1C.ECARD2.H12.{}",
                        "PTCG1D.-.ECARD1:98*{}"]),
       st.text(alphabet="0123456789.+- ", min_size=1, max_size=5))
def test_resigned_counts_are_accepted_only_as_printed(template: str, count: str) -> None:
    # Every spelling of a count, with a checksum recomputed so that only the form is wrong.
    text = signed(template.format(count))
    try:
        result = parse(text)
    except CodeError:
        return
    n = result.count if isinstance(result, CardCode) else result.entries[0][1]
    assert count == str(n) and n >= 1 and (n > 1 or isinstance(result, DeckCode))
