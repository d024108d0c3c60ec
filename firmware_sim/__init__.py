"""The hardware seam: the board's interfaces (buttons, display, power, storage, camera,
link), each with a simulated implementation and a Raspberry Pi one, and the board that
picks them (``firmware_sim.board.make_board``). It imports nothing of the game.

See docs/HARDWARE.md, and ``python -m firmware_sim --help``.
"""

import os

# pygame prints a banner on import unless told not to; command output must stay clean.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
