"""The pipeline's pre-check (``code_like``): frames with nothing code-like end after the first
pass, and no frame with a code loses anything to it.

Blank, noise and ramp frames, and most no-code scenes, are rejected (their ``last_steps``
end in ``precheck``); every frame of the seeded test corpus that holds a code passes, and
the pipeline's output with the pre-check equals its output without it, frame for frame.
The milliseconds saved are the benchmark's (tools/bench_scanner.py); no clock here."""

from __future__ import annotations

import numpy as np
import pytest

from scanner import synthetic
from scanner.decoders import Detection, to_gray
from scanner.pipeline import Pipeline, Region, code_like

from .test_decoders import label_picture

PER_CATEGORY = 4
SEED = 5


@pytest.fixture(scope="module")
def with_check() -> Pipeline:
    return Pipeline()


@pytest.fixture(scope="module")
def without_check() -> Pipeline:
    return Pipeline(precheck=False)


@pytest.fixture(scope="module")
def corpus() -> list[synthetic.Sample]:
    return list(synthetic.generate(PER_CATEGORY, seed=SEED, frames=2))


def _empty_frames() -> dict[str, np.ndarray]:
    rng = np.random.default_rng(17)
    shape = (480, 640)
    return {
        "black": np.zeros(shape, np.uint8),
        "grey": np.full(shape, 128, np.uint8),
        "white": np.full((*shape, 3), 255, np.uint8),
        "sensor noise": np.clip(128 + rng.normal(0, 10, shape), 0, 255).astype(np.uint8),
        "strong noise": np.clip(128 + rng.normal(0, 40, shape), 0, 255).astype(np.uint8),
        "uniform noise": rng.integers(0, 256, shape).astype(np.uint8),
        "ramp": np.tile(np.linspace(0, 255, shape[1]).astype(np.uint8), (shape[0], 1)),
    }


def _same(a: list[Detection], b: list[Detection]) -> bool:
    return [(d.text, d.center, d.backend) for d in a] == [(d.text, d.center, d.backend)
                                                          for d in b]


@pytest.mark.parametrize("name", list(_empty_frames()))
def test_blank_and_noise_frames_end_at_the_precheck(name: str, with_check: Pipeline,
                                                    without_check: Pipeline) -> None:
    frame = _empty_frames()[name]
    assert with_check.decode(frame) == []
    assert with_check.last_steps == ["zxing", "precheck"]
    # Without it the same frame costs more steps: the check is what saves them.
    assert without_check.decode(frame) == []
    assert "precheck" not in without_check.last_steps
    assert len(without_check.last_steps) > 2


def test_code_like_tells_a_code_from_text_noise_and_the_whole_frame() -> None:
    picture, boxes = label_picture(("PTCG1C.ECARD2.H12.3.E890",))
    gray = to_gray(picture)
    x0, y0, x1, y1 = (int(v) for v in boxes[0])
    assert code_like(gray, Region(x0, y0, x1, y1, score=50.0))
    # The same label's name and number under the code: thin strokes on paper.
    h, w = gray.shape
    text = Region(x0, y1 + 4, x1, h - 20, score=50.0)
    assert not code_like(gray, text)
    # A large score (a code made pale by glare or tilt) overrides the dark fraction.
    assert code_like(gray, Region(text.x0, text.y0, text.x1, text.y1, score=500.0))
    noise = np.random.default_rng(3).integers(0, 256, (480, 640)).astype(np.uint8)
    assert not code_like(noise, Region(100, 100, 200, 200, score=500.0))
    assert not code_like(gray, Region(0, 0, w, h, score=500.0))  # the whole picture


def test_most_no_code_scenes_are_rejected(with_check: Pipeline) -> None:
    """No-code scenes are labels without a code on a cluttered table: the name plates' text
    is what find_regions marks. A seeded set, large enough for its share to be steady."""
    frames = [f for s in synthetic.generate(20, seed=SEED, categories=["no_code"])
              for f in s.frames]
    rejected = 0
    for frame in frames:
        assert with_check.decode(frame) == []
        rejected += with_check.last_steps[-1] == "precheck"
    assert rejected >= len(frames) // 2, (rejected, len(frames))


def test_every_frame_with_a_code_passes(with_check: Pipeline, without_check: Pipeline,
                                        corpus: list[synthetic.Sample]) -> None:
    """Every frame of the corpus with a code that the pipeline reads anything in without the
    pre-check passes it: no hit is lost (the hard categories are read by the costly steps
    after the first pass, on exactly these frames)."""
    checked = 0
    for s in corpus:
        if not (s.expected or s.foreign):
            continue
        for frame in s.frames:
            read = without_check.decode(frame)
            with_check.decode(frame)
            if read:
                checked += 1
                assert "precheck" not in with_check.last_steps, (s.category, s.index)
    assert checked >= 0.8 * 2 * PER_CATEGORY * (len(synthetic.CATEGORIES) - 1)


def test_the_output_is_unchanged(with_check: Pipeline, without_check: Pipeline,
                                 corpus: list[synthetic.Sample]) -> None:
    for s in corpus:
        for i, frame in enumerate(s.frames):
            assert _same(with_check.decode(frame), without_check.decode(frame)), \
                (s.category, s.index, i)
    picture, _ = label_picture(("PTCG1C.ECARD2.H12.3.E890", "https://example.com/"))
    ours = with_check.decode(picture)
    assert len(ours) == 2 and _same(ours, without_check.decode(picture))


def test_code_like_works_on_any_region_inside_the_frame() -> None:
    gray = to_gray(label_picture(("PTCG1C.ECARD2.H12.3.E890",))[0])
    assert not code_like(gray, Region(5, 5, 5, 40, score=1.0))  # empty
    flat = np.full((100, 100), 90, np.uint8)
    assert not code_like(flat, Region(10, 10, 60, 60, score=1000.0))  # no contrast at all
