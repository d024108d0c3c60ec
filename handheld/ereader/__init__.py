"""The e-Reader's card screens as data: the Pokédex entry, the Data screen's facts and each
era's legality, the Card screen's tips, and the evolution chart.

Pure Python over the assets and the engine's card definitions; the screens in
``handheld.ui.scenes.card_info`` draw these and never compute them. The e-Reader's
scanning side lives in the ``scanner`` package.
"""
