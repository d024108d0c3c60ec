"""The catalog: a card named by its id or by the number printed on it (ecard2-H12 is
ecard2-162), in any case; codes judged against it; damaged card files refused clearly."""

from __future__ import annotations

from pathlib import Path

import pytest

from scanner.catalog import CardInfo, Catalog, CatalogError
from scanner.codes import CardCode, DeckCode, crc16, encode_card, encode_deck, parse
from scanner.decoders import Detection
from scanner.reading import judge

CORNERS = ((0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0))


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return Catalog.from_assets()


def qr(text: str) -> Detection:
    return Detection(text, "QRCode", CORNERS, "test")


def test_every_printed_number_names_its_card(catalog: Catalog) -> None:
    differing = {cid: info.number for cid, info in catalog.cards.items()
                 if cid.rpartition("-")[2] != info.number}
    assert len(differing) >= 64  # Aquapolis and Skyridge: H1-H32 each
    for cid, number in differing.items():
        set_code = cid.rpartition("-")[0]
        assert catalog.resolve(f"{set_code}-{number}") == cid
        assert catalog.resolve(f"{set_code.upper()}-{number.lower()}") == cid
        assert catalog.resolve(cid) == cid
    assert catalog.resolve("ecard2-H12") == "ecard2-162"
    assert catalog.resolve("ecard1-H12") is None  # Expedition prints no H numbers
    assert catalog.resolve("ecard2-H33") is None


def test_an_alias_never_hides_an_id_or_names_two_cards() -> None:
    cards = {"s1-1": CardInfo("s1-1", "A", "2", "S", "S"),   # prints 2: another card's id
             "s1-2": CardInfo("s1-2", "B", "2", "S", "S"),
             "s1-3": CardInfo("s1-3", "C", "X9", "S", "S"),  # X9 printed twice
             "s1-4": CardInfo("s1-4", "D", "X9", "S", "S")}
    catalog = Catalog(cards)
    assert catalog.resolve("s1-2") == "s1-2"
    assert catalog.resolve("s1-X9") is None


def test_a_code_by_printed_number_is_kept_under_the_id(catalog: Catalog) -> None:
    documented = "PTCG1C.ECARD2.H12.3.E890"  # docs/CARD_CODES.md
    assert crc16(documented.rpartition(".")[0]) == "E890"
    reading = judge(qr(documented), catalog)
    assert reading.ok and reading.code == CardCode("ecard2", "162", 3)
    assert reading.as_dict(catalog)["card"]["number"] == "H12"
    printed = judge(qr(encode_card("ecard2-162", 3)), catalog)
    assert printed.ok and printed.code == reading.code


def test_a_deck_naming_one_card_by_both_numbers_is_refused(catalog: Catalog) -> None:
    twice = judge(qr(encode_deck("", ["ecard2-H12", "ecard2-162"])), catalog)
    assert not twice.ok and "are the same card, listed twice" in twice.reason
    fine = judge(qr(encode_deck("Holo", ["ecard2-H12"] * 2 + ["ecard1-1"])), catalog)
    assert fine.ok and isinstance(fine.code, DeckCode)
    assert fine.code.entries == (("ecard2-162", 2), ("ecard1-1", 1))


def test_unknown_cards_are_named(catalog: Catalog) -> None:
    reading = judge(qr(encode_card("ecard9-1")), catalog)
    assert reading.reason == "no card ecard9-1 in this game's sets"
    assert isinstance(parse(encode_card("ecard9-1")), CardCode)


@pytest.mark.parametrize("content", ["{", '{"set": {}}', "[]", '{"set": {"name": "x", "abbr": '
                                     '"y"}, "cards": [{"id": 1}]}', "\udcff"])
def test_damaged_card_files_are_one_clear_error(tmp_path: Path, content: str) -> None:
    (tmp_path / "cards").mkdir()
    (tmp_path / "cards" / "bad.json").write_bytes(content.encode("utf-8", "surrogateescape"))
    with pytest.raises(CatalogError, match=r"the card file bad\.json cannot be read"):
        Catalog.from_assets(tmp_path)
    with pytest.raises(CatalogError, match="no card files"):
        Catalog.from_assets(tmp_path / "nowhere")
    assert len(Catalog.from_assets().cards) > 1000  # the real assets still load
