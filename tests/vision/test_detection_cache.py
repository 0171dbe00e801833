from pathlib import Path

import numpy as np

from vision.detection_cache import CachedFeed, cache_key
from vision.detections import Detections


class CountingFeed:
    """Frame N's detections: one card whose box moves with N; counts the detector's calls."""

    def __init__(self) -> None:
        self.detected, self.closed = [], False

    def frame(self, number: int) -> int:
        return number

    def detect(self, frame: int) -> Detections:
        self.detected.append(frame)
        return Detections.from_cards([("QS", (frame, 2.25, frame + 40, 60), 0.875)])

    def close(self) -> None:
        self.closed = True


def run(feed: CachedFeed, frames: list[int]) -> list[Detections]:
    answers = [feed.detect(feed.frame(number)) for number in frames]
    feed.close()
    return answers


def test_second_run_answers_from_the_file_without_the_detector(tmp_path: Path):
    path = tmp_path / "game.detections-k.jsonl"
    first_inner = CountingFeed()
    first = run(CachedFeed(first_inner, path), [0, 3, 7])
    second_inner = CountingFeed()
    second = run(CachedFeed(second_inner, path), [0, 3, 7, 9])
    assert first_inner.detected == [0, 3, 7]
    assert second_inner.detected == [9]            # only the frame not seen before
    assert second_inner.closed
    for a, b in zip(first, second[:3], strict=True):
        assert a.cards == b.cards
        np.testing.assert_allclose(a.xyxy, b.xyxy, atol=0.05)
        np.testing.assert_allclose(a.confidence, b.confidence, atol=1e-4)
    assert len(path.read_text().splitlines()) == 4


class FineFeed(CountingFeed):
    """Detections finer than the file keeps them (boxes to 0.1 px, confidences to 4 places)."""

    def detect(self, frame: int) -> Detections:
        self.detected.append(frame)
        return Detections.from_cards([("QS", (frame + 0.0437, 2.2537, frame + 40.06, 60), 0.87654)])


def test_the_first_run_answers_exactly_what_a_later_run_reads_from_the_file(tmp_path: Path):
    """A fresh run and a run from the file must feed the pipeline the same numbers, or one
    threshold crossed by a rounding moves an event (the demo: one lead told 0.14 s later)."""
    path = tmp_path / "game.detections-k.jsonl"
    first = run(CachedFeed(FineFeed(), path), [0, 5])
    second = run(CachedFeed(FineFeed(), path), [0, 5])
    for a, b in zip(first, second, strict=True):
        assert np.array_equal(a.xyxy, b.xyxy) and np.array_equal(a.confidence, b.confidence)
    assert float(first[1].xyxy[0, 1]) == np.float32(2.3)


def test_a_line_cut_short_by_a_crash_is_detected_again(tmp_path: Path):
    path = tmp_path / "game.detections-k.jsonl"
    run(CachedFeed(CountingFeed(), path), [1, 2])
    path.write_text(path.read_text()[:-20])       # the last line is cut
    inner = CountingFeed()
    again = run(CachedFeed(inner, path), [1, 2])
    assert inner.detected == [2]
    assert again[1].cards == ("QS",)


def test_key_changes_with_a_model_file_and_an_option(tmp_path: Path):
    model = tmp_path / "m.onnx"
    model.write_bytes(b"one")
    before = cache_key(model, 640, 0.65)
    assert cache_key(model, 640, 0.65) == before
    assert cache_key(model, 640, 0.6) != before
    model.write_bytes(b"two")
    assert cache_key(model, 640, 0.65) != before


def test_a_file_written_for_another_video_is_set_aside_and_detected_afresh(tmp_path: Path):
    path = tmp_path / "game.detections-k.jsonl"
    run(CachedFeed(CountingFeed(), path, source="video-a"), [0, 1])
    inner = CountingFeed()
    run(CachedFeed(inner, path, source="video-b"), [0, 1])   # the video was rendered again
    assert inner.detected == [0, 1]
    assert path.with_suffix(".stale.jsonl").exists()          # the old answers are kept aside
    again = CountingFeed()
    run(CachedFeed(again, path, source="video-b"), [0, 1])
    assert again.detected == []
    legacy = tmp_path / "old.detections-k.jsonl"
    run(CachedFeed(CountingFeed(), legacy), [5])               # written without its source
    trusting = CountingFeed()
    run(CachedFeed(trusting, legacy, source="video-a"), [5])
    assert trusting.detected == []


class Video:
    """Frames decoded in order, as `VideoFeed` decodes them: frame N's image is N."""

    def __init__(self) -> None:
        self.position = -1

    def frame(self, number: int) -> int:
        self.position = number
        return number

    def detect(self, frame: int) -> Detections:
        return Detections.empty()

    def close(self) -> None:
        pass


def test_a_kept_frames_pixels_are_decoded_only_when_asked_and_in_order(tmp_path: Path):
    path = tmp_path / "game.detections-k.jsonl"
    run(CachedFeed(CountingFeed(), path), [0, 3, 7])
    video = Video()
    feed = CachedFeed(video, path)
    assert feed.image(feed.frame(0)) == 0
    kept = feed.frame(7)
    assert video.position == 0                    # a kept frame is not decoded unless asked
    assert feed.image(kept) == 7
    assert feed.image(feed.frame(3)) is None      # the video is past it: no pixels
