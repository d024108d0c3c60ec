"""The scanner fuzz area notices what it is there to find: a file reader that crashes, and
a code reader that accepts what the printer never wrote (a false card)."""

from __future__ import annotations

import random
import struct
from pathlib import Path

import pytest

from scanner import __main__ as cli
from scanner import reading
from scanner.codes import CardCode, CodeError, encode_card, encode_deck, parse
from tools.fuzzing import core
from tools.fuzzing import scanner as area


def test_a_file_reader_that_crashes_is_a_failure(monkeypatch: pytest.MonkeyPatch) -> None:
    def crashing(path: Path) -> None:
        raise struct.error("unpack requires a buffer of 4 bytes")

    monkeypatch.setattr(cli, "load_image", crashing)
    result = core.AreaResult("scanner")
    area.run(result, 12, random.Random(3))
    assert result.by_kind.get("traceback", 0) >= 12
    assert "struct.error" in result.failures[0].detail


def test_a_lenient_code_reader_is_a_false_accept(monkeypatch: pytest.MonkeyPatch) -> None:
    real = reading.parse

    def lenient(text: object) -> object:
        # The bug of issue 11: '.01' and '.1' read as counts of 1, with a right checksum.
        try:
            return real(text)
        except CodeError:
            body = str(text).rpartition(".")[0].split(".")
            if body[0] == "PTCG1C" and len(body) >= 3 and body[2].strip("0").isdigit():
                return CardCode(body[1].lower(), body[2].lstrip("0"), 1)
            raise

    monkeypatch.setattr(reading, "parse", lenient)
    result = core.AreaResult("scanner")
    area.run(result, 300, random.Random(5))
    assert result.by_kind.get("false_accept", 0) >= 1, result.as_dict()
    assert set(result.by_kind) == {"false_accept"}


def test_the_mutations_hit_the_family() -> None:
    """The code mutations are what the issue names: counts written .1/.01/.099, leading
    zeros, case, whitespace, separators, with a right checksum; all are refused."""
    rng = random.Random(11)
    seen = {area._mutate_code(rng, code) for code in area._valid_codes() for _ in range(300)}
    for text in seen:  # accepted only as printed
        try:
            code = parse(text)
        except CodeError:
            continue
        assert isinstance(code, CardCode) or code.entries, text
        assert text == (encode_card(code.card_id, code.count) if isinstance(code, CardCode)
                        else encode_deck(code.name, code.cards))
    assert any(t.startswith("PTCG1C.ECARD1.33.01.") for t in seen)
    assert any(t.startswith("PTCG1C.ECARD1.33.1.") for t in seen)
    assert any(" " in t or "\t" in t for t in seen)


def test_the_pictures_it_damages_are_read_when_whole(tmp_path: Path) -> None:
    """Its base pictures really carry codes, so the false-accept check has cards to check."""
    from scanner.catalog import Catalog

    catalog = Catalog.from_assets()
    decoder = cli.make_decoder("pipeline", catalog)
    codes = set(area.picture_codes())
    for ext, data in area._pictures().items():
        path = tmp_path / f"p{ext}"
        path.write_bytes(data)
        _, readings = area._decode_file(path, decoder, catalog)
        assert {r.text for r in readings} == codes, ext
        assert sum(r.ok for r in readings) == 3  # the URL is not a card
