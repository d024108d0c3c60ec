"""The e-Tools of the e-Reader era, as table-side utilities and inside matches: the coin
flipper with its statistics (``coins``) and the battle timer (``timer``).

Pure logic: the clock and the randomness are injected, nothing here draws or reads a file;
the screens are in ``handheld.ui.scenes.etools`` and the saves keep the statistics.
"""
