"""The hardware seam: the board's interfaces (buttons, display, power, storage, camera,
link) with a simulated board and Raspberry Pi backends. Its implementations arrive with
the hardware issue.
"""
