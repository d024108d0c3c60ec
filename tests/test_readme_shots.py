"""The README's screenshots are the goldens, x3 pixel for pixel: every image the README
shows exists, the README's section is the tool's, and each file is what
tools/readme_shots.py makes from its golden today (a regenerated golden without its
screenshot fails here)."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
from PIL import Image

from tools.readme_shots import CHOSEN, GOLDENS, ROOT, SCALE, SHOTS, differs, readme_section
from tools.readme_shots import main as readme_shots


def test_every_image_of_the_readme_exists() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    images = re.findall(r"!\[[^\]]*\]\(([^)]+)\)", readme)
    assert len(images) >= len(CHOSEN)
    missing = [i for i in images if not (ROOT / i).is_file()]
    assert missing == []


def test_the_readme_shows_the_tools_screenshots() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = re.search(r"<!-- screenshots: [^>]*-->\n(.*?)\n<!-- /screenshots -->", readme,
                        re.S)
    assert section is not None and section.group(1) == readme_section()


def test_each_screenshot_is_its_golden_scaled_by_three() -> None:
    assert readme_shots(["--check"]) == 0
    for name, _ in CHOSEN:
        with Image.open(GOLDENS / f"{name}.png") as g, Image.open(SHOTS / f"{name}.png") as s:
            golden, shot = np.asarray(g.convert("RGB")), np.asarray(s.convert("RGB"))
        assert shot.shape == (golden.shape[0] * SCALE, golden.shape[1] * SCALE, 3)
        for dy in range(SCALE):  # every pixel repeated: no smoothing of the pixel font
            for dx in range(SCALE):
                assert np.array_equal(shot[dy::SCALE, dx::SCALE], golden), name


def test_a_stale_screenshot_is_found(tmp_path: Path) -> None:
    name = CHOSEN[0][0]
    with Image.open(SHOTS / f"{name}.png") as s:
        pixels = np.asarray(s.convert("RGB")).copy()
    expected = Image.fromarray(pixels)
    pixels[5, 5] = 255 - pixels[5, 5]
    stale = tmp_path / "stale.png"
    Image.fromarray(pixels).save(stale)
    assert differs(expected, stale) and differs(expected, tmp_path / "missing.png")
    assert not differs(expected, SHOTS / f"{name}.png")
