"""The game's data: card sets, the Pokédex, the glossary, ready-made decks and the font.

Installed, this folder is the package ``pocket_tcg_assets`` (see pyproject.toml); the game
and the scanner find it through ``importlib.resources`` (``handheld.assets.assets_dir``,
``scanner.catalog.assets_dir``), or here, in a checkout. There is no code in it.
"""
