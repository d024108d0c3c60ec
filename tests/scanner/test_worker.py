"""The background reader: one frame at a time, busy frames dropped, each result once,
errors raised in the caller's thread."""

from __future__ import annotations

import threading

import pytest

from scanner.codes import encode_card
from scanner.pipeline import Pipeline
from scanner.synthetic import make_label
from scanner.worker import BackgroundReader


def test_a_frame_is_read_in_the_background_and_its_result_given_once() -> None:
    pipeline = Pipeline()
    label, _ = make_label(encode_card("ecard1-1"), "Alakazam", module=4)
    reader = BackgroundReader(pipeline.read)
    try:
        assert reader.offer(label)
        readings = reader.wait(timeout=30)
        assert readings is not None and [r.code.card_id for r in readings] == ["ecard1-1"]
        assert reader.poll() is None  # given once
        assert reader.decoded == 1
    finally:
        reader.close()


def test_frames_offered_while_busy_are_dropped() -> None:
    release = threading.Event()

    def slow(frame: object) -> list:
        release.wait(timeout=10)
        return []

    reader = BackgroundReader(slow)
    try:
        assert reader.offer("first")
        assert not reader.offer("second") and reader.dropped == 1
        assert reader.busy
        release.set()
        assert reader.wait(timeout=10) == []
        assert not reader.busy
        assert reader.offer("third")  # idle again
        assert reader.wait(timeout=10) == []
        assert reader.decoded == 2
    finally:
        reader.close()


def test_a_decoder_error_is_raised_by_poll() -> None:
    def broken(frame: object) -> list:
        raise ValueError("bad picture")

    reader = BackgroundReader(broken)
    try:
        reader.offer("x")
        with pytest.raises(ValueError, match="bad picture"):
            reader.wait(timeout=10)
        assert reader.offer("y")  # it goes on working
    finally:
        reader.close()
    with pytest.raises(RuntimeError, match="closed"):
        reader.offer("z")
