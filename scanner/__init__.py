"""The scanner: camera frames -> printed card codes -> card data (and code printing).

It imports nothing of the game (see DESIGN.md); the e-Reader screens in ``handheld.ui``
use it. Its decoders and frame sources arrive with the e-Reader issue.
"""
