"""The README's screenshots, made from the golden screenshots of the tests.

    python tools/readme_shots.py            write docs/screenshots/*.png and the README's list
    python tools/readme_shots.py --check    exit 1 when one is missing or differs

Each chosen golden (tests/ui/goldens/NAME.png, the native 240x160 screen the tests
compare pixel for pixel) is scaled x3 by repeating pixels (nearest neighbour: the pixel
font stays sharp) into docs/screenshots/NAME.png, and the README's section between its
screenshot markers lists them with their captions. The goldens are the truth: after they are
regenerated, run this and commit both; tests/test_readme_shots.py checks they agree.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

import numpy as np
from PIL import Image

ROOT = Path(__file__).resolve().parent.parent
GOLDENS = ROOT / "tests" / "ui" / "goldens"
SHOTS = ROOT / "docs" / "screenshots"
SCALE = 3
# The main screens, in the order the README shows them, with their captions.
CHOSEN: tuple[tuple[str, str], ...] = (
    ("title", "Title"),
    ("main_menu", "Main menu"),
    ("duel_board", "A duel"),
    ("hand", "The hand"),
    ("card_page", "A card's page"),
    ("album", "The album"),
    ("tutorial", "The tutorial"),
    ("ladder", "The ladder"),
    ("booster_reveal", "Opening a booster pack"),
    ("scan", "Scanning a card code"),
    ("coin_flipper", "The coin flipper"),
    ("pieces_board_mid_game", "Legend Pieces"),
    ("link_join_found", "Joining a friend found on the network"),
    ("settings", "Settings"),
)


def upscaled(golden: Path, scale: int = SCALE) -> Image.Image:
    """``golden`` scaled by ``scale`` with every pixel repeated (no smoothing)."""
    with Image.open(golden) as im:
        pixels = np.asarray(im.convert("RGB"))
    return Image.fromarray(pixels.repeat(scale, axis=0).repeat(scale, axis=1))


def differs(expected: Image.Image, path: Path) -> bool:
    if not path.is_file():
        return True
    with Image.open(path) as im:
        return np.asarray(im.convert("RGB")).tobytes() != np.asarray(expected).tobytes() \
            or im.size != expected.size


def readme_section() -> str:
    """The Markdown that shows them (what the README holds between its markers)."""
    return "\n".join(f"![{caption}](docs/screenshots/{name}.png)" for name, caption in CHOSEN)


# The README's section of screenshots, between its two markers (the tool rewrites it).
_SECTION = re.compile(r"(<!-- screenshots: [^>]*-->\n)(.*?)(\n<!-- /screenshots -->)", re.S)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true",
                        help="write nothing: exit 1 when a screenshot is missing or differs")
    args = parser.parse_args(argv)
    stale = []
    for name, _ in CHOSEN:
        shot = upscaled(GOLDENS / f"{name}.png")
        target = SHOTS / f"{name}.png"
        if not differs(shot, target):
            continue
        stale.append(name)
        if not args.check:
            SHOTS.mkdir(parents=True, exist_ok=True)
            shot.save(target, optimize=True)
    readme = ROOT / "README.md"
    text = readme.read_text(encoding="utf-8")
    shown = _SECTION.sub(lambda m: m.group(1) + readme_section() + m.group(3), text, count=1)
    if shown != text:
        stale.append("README.md")
        if not args.check:
            readme.write_text(shown, encoding="utf-8")
    if args.check and stale:
        print(f"stale screenshots: {', '.join(stale)} (run python tools/readme_shots.py)",
              file=sys.stderr)
        return 1
    print(f"{len(CHOSEN)} screenshots, {len(stale)} {'stale' if args.check else 'written'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
