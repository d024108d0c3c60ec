"""The handheld's own palette: a few inks and papers, and one colour per Energy type."""

from __future__ import annotations

Color = tuple[int, int, int]

INK: Color = (34, 32, 46)
PAPER: Color = (248, 244, 230)
SHADE: Color = (214, 206, 186)
MUTED: Color = (112, 106, 120)
WHITE: Color = (255, 255, 255)
POWER_RED: Color = (196, 52, 44)
BODY_GREEN: Color = (44, 138, 70)
ABILITY_ORANGE: Color = (206, 84, 24)  # an Ability's tag (the Black & White era)
TRAINER_BAND: Color = (196, 204, 214)
ENERGY_BAND: Color = (232, 226, 206)

# Energy types: the symbol's fill, and a light tint for the card's header band.
TYPE_FILL: dict[str, Color] = {
    "G": (74, 156, 66),
    "R": (222, 84, 44),
    "W": (52, 126, 220),
    "L": (238, 196, 36),
    "P": (150, 82, 182),
    "F": (170, 104, 58),
    "D": (70, 62, 80),
    "M": (146, 156, 168),
    "C": (226, 224, 212),
    "N": (196, 164, 60),
}
TYPE_BAND: dict[str, Color] = {
    t: (int(r + (255 - r) * 0.55), int(g + (255 - g) * 0.55), int(b + (255 - b) * 0.55))
    for t, (r, g, b) in TYPE_FILL.items()
}
# The mark drawn inside each symbol: light on dark fills, dark on light ones.
TYPE_MARK: dict[str, Color] = {t: INK if t in ("L", "C", "M") else WHITE for t in TYPE_FILL}

# The piece game's two seats: a token's frame shows its owner (warm gold, cool grey-blue).
SEAT_GOLD: Color = (226, 178, 54)
SEAT_SILVER: Color = (146, 166, 196)
SEAT_FRAME: tuple[Color, Color] = (SEAT_GOLD, SEAT_SILVER)
PIECE_SELECT: Color = (236, 60, 96)  # the outline of the piece the player has picked
