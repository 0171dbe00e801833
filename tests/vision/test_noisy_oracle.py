"""`--noisy-oracle`: the truth's cards with detector-like errors, reproducible from a seed."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np

from vision.noisy_oracle import NoisyOracleFeed, OracleNoise, look_alike, noisy_frames


def cards_file(tmp_path: Path, frames: int = 300) -> Path:
    path = tmp_path / "game.cards.jsonl"
    card = {"card": "6S", "box": [100.0, 100.0, 160.0, 190.0], "visible": 1.0,
            "indices": [[100, 100, 110, 115]]}
    hidden = {**card, "card": "KD", "indices": []}  # no index shows: a detector cannot name it
    path.write_text("".join(json.dumps({"frame": i, "cards": [card, hidden]}) + "\n"
                            for i in range(frames)))
    return path


def readings(feed: NoisyOracleFeed) -> list:
    return [(d.cards, d.xyxy.tolist(), d.confidence.tolist())
            for d in (feed.detect(feed.frame(i)) for i in range(len(feed.frames)))]


def test_the_same_seed_gives_the_same_errors_and_another_seed_others(tmp_path: Path) -> None:
    path = cards_file(tmp_path)
    first = readings(NoisyOracleFeed(path, OracleNoise(), 0))
    assert first == readings(NoisyOracleFeed(path, OracleNoise(), 0))
    assert first != readings(NoisyOracleFeed(path, OracleNoise(), 1))


def test_readings_are_dropped_jittered_and_flicker_to_look_alikes(tmp_path: Path) -> None:
    lines = [json.loads(line) for line in cards_file(tmp_path).read_text().splitlines()]
    noise = OracleNoise(misread=0.0, flicker=0.05)
    frames = noisy_frames(lines, noise, np.random.default_rng(3))
    read = [r for frame in frames for r in frame]
    assert all(code != "KD" for code, _, _ in read)      # never a card whose index is hidden
    assert 0.8 * len(lines) < len(read) < 0.97 * len(lines)   # about `drop` missed
    others = [(code, conf) for code, _, conf in read if code != "6S"]
    assert others and {code for code, _ in others} <= {"6C", "6D", "6H", "9S"}
    assert max(conf for _, conf in others) <= noise.flicker_confidence[1]
    assert len({tuple(box) for _, box, _ in read}) > 1   # boxes jitter


def test_a_steady_misreading_names_a_look_alike_all_game_at_low_confidence(
        tmp_path: Path) -> None:
    lines = [json.loads(line) for line in cards_file(tmp_path).read_text().splitlines()]
    noise = OracleNoise(misread=1.0, flicker=0.0, drop=0.0)
    read = [r for frame in noisy_frames(lines, noise, np.random.default_rng(0)) for r in frame]
    assert len({code for code, _, _ in read}) == 1 and read[0][0] != "6S"
    assert all(conf <= noise.misread_confidence[1] for _, _, conf in read)


def test_look_alikes() -> None:
    rng = np.random.default_rng(0)
    assert {look_alike("QH", rng) for _ in range(50)} == {"KH", "QC", "QD", "QS"}
    assert {look_alike("7C", rng) for _ in range(50)} == {"7D", "7H", "7S"}  # fixed noise
    assert {look_alike("10C", rng) for _ in range(50)} == {"10D", "10H", "10S"}
