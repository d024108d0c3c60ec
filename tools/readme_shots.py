"""The README's screenshots, made from the golden screenshots of the tests.

    python tools/readme_shots.py            write docs/screenshots/*.png
    python tools/readme_shots.py --check    exit 1 when one is missing or differs

Each chosen golden (tests/ui/goldens/NAME.png, the native 240x160 screen the tests
compare pixel for pixel) is scaled x3 by repeating pixels (nearest neighbour: the pixel
font stays sharp) into docs/screenshots/NAME.png. The goldens are the truth: after they are
regenerated, run this and commit both; tests/test_readme_shots.py checks they agree.
"""

from __future__ import annotations

import argparse
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
    ("ladder", "The ladder"),
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
    if args.check and stale:
        print(f"stale screenshots: {', '.join(stale)} (run python tools/readme_shots.py)",
              file=sys.stderr)
        return 1
    print(f"{len(CHOSEN)} screenshots, {len(stale)} {'stale' if args.check else 'written'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
