"""Many codes in one picture: a sheet of a hundred labels and more is read whole (zxing-cpp
alone misses most codes above about fifty), and a code seen but not readable is counted,
never silently dropped."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest
import zxingcpp

from scanner.__main__ import main
from scanner.codes import encode_card
from scanner.pipeline import Pipeline


def crowded_sheet(count: int, columns: int, module_px: int,
                  damaged: frozenset[int] = frozenset()) -> tuple[np.ndarray, list[str]]:
    """``count`` card codes in a grid, each with its quiet zone; the codes at ``damaged``
    have their data scribbled over (finder patterns kept: a symbol seen, not readable)."""
    codes = [encode_card(f"ecard1-{i + 1}", 1 + i % 5) for i in range(count)]
    rng = np.random.default_rng(7)
    tiles = []
    for i, text in enumerate(codes):
        barcode = zxingcpp.create_barcode(text, zxingcpp.BarcodeFormat.QRCode, ec_level="H")
        tile = np.asarray(barcode.to_image(scale=module_px, add_quiet_zones=True)).copy()
        if i in damaged:
            side, margin = tile.shape[0], 13 * module_px
            inner = tile[margin:side - margin, 4 * module_px:side - 4 * module_px]
            inner[:] = rng.integers(0, 2, inner.shape) * 255
        tiles.append(tile)
    side = max(t.shape[0] for t in tiles)
    rows = -(-count // columns)
    sheet = np.full((rows * side, columns * side), 255, np.uint8)
    for i, tile in enumerate(tiles):
        r, c = divmod(i, columns)
        sheet[r * side:r * side + tile.shape[0], c * side:c * side + tile.shape[1]] = tile
    return sheet, codes


@pytest.mark.parametrize(("count", "columns", "module_px"), [(120, 12, 4), (300, 20, 2)])
def test_every_code_of_a_crowded_sheet_is_read(count: int, columns: int, module_px: int) -> None:
    sheet, codes = crowded_sheet(count, columns, module_px)
    pipeline = Pipeline()
    found = pipeline.decode(sheet)
    assert sorted(d.text for d in found) == sorted(codes)  # each once, none missed
    assert "zxing/tiles" in pipeline.last_steps and pipeline.last_unread == []


def test_a_few_codes_are_not_tiled() -> None:
    sheet, codes = crowded_sheet(9, 3, 4)
    pipeline = Pipeline()
    assert sorted(d.text for d in pipeline.decode(sheet)) == sorted(codes)
    assert pipeline.last_steps == ["zxing"]


def test_codes_seen_but_not_read_are_counted() -> None:
    damaged = frozenset({5, 29, 53, 77, 101})
    sheet, codes = crowded_sheet(120, 12, 4, damaged)
    pipeline = Pipeline()
    read = {d.text for d in pipeline.decode(sheet)}
    assert read == {c for i, c in enumerate(codes) if i not in damaged}
    assert len(pipeline.last_unread) == len(damaged)


def test_decode_says_how_many_were_not_read(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    sheet, _ = crowded_sheet(120, 12, 4, frozenset({3, 60}))
    path = tmp_path / "sheet.png"
    assert cv2.imwrite(str(path), sheet)
    assert main(["decode", str(path)]) == 0
    out = capsys.readouterr().out
    assert f"{path}: 118 codes" in out and "2 more codes seen but not read" in out
    assert main(["decode", str(path), "--json"]) == 0
    image = json.loads(capsys.readouterr().out)["images"][0]
    assert len(image["codes"]) == 118 and image["unread"] == 2
