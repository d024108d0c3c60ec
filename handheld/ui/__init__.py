"""The screen: pygame-ce drawing on a 240x160 surface (the only package that draws).

So far it holds the pixel font, the palette and the card page; the scenes (title, duel,
deck builder, album) are built on them.
"""

import os

# pygame prints a banner on import unless told not to; the CLI's output must stay clean.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
