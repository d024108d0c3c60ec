"""A short run of the button-mashing soak (tools/soak_ui.py; the benchmark runs 100,000
frames): random buttons across every scene, the Legend Pieces ones among them, and not one
exception."""

from __future__ import annotations

from pathlib import Path

from tools import soak_ui


def test_short_soak_has_no_exception(tmp_path: Path) -> None:
    soak = soak_ui.soak
    # Every start at least once (42 of them and the title: 43 visits), in about the time
    # the run took before the piece game's starts were added (6000 frames of 200).
    result = soak(43 * 180, seed=7, visit=180, data_dir=tmp_path)
    assert result["exceptions"] == 0, result["errors"]
    # Every kind of start was visited, and the mashing went deeper from there.
    assert result["scenes_visited"] >= 12
    for scene in ("DuelScene", "DeckEditorScene", "AlbumScene", "SettingsScene",
                  "CoinFlipperScene", "TimerScene", "ChessClockScene", "EReaderMenuScene",
                  "ScanScene", "ScanReviewScene", "CollectionScene", "CardInfoScene",
                  "DictionaryScene", "EGamesMenuScene", "PiecesScene", "PiecesRulesScene",
                  "PiecesLinkSetupScene", "LadderScene", "OpponentScene", "BoostersScene",
                  "BoosterRevealScene", "TutorialScene", "DeckSummaryScene",
                  "RecordsScene"):
        assert scene in result["frames_per_scene"]
