"""Whole games acted out as detections (no model): the inference measured end to end."""

from __future__ import annotations

from pathlib import Path

import pytest

from vision.inference_eval import (
    VARIANTS,
    canonical,
    load_log,
    score_game,
    simulated_scores,
    summarize,
)
from vision.scripted_game import ScriptConfig, ScriptedGame

pytest.importorskip("referee")
EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
# logs whose opening a camera can watch (cross.jsonl deals hands nobody saw)
WATCHABLE = ["classic", "transfer", "dummy", "round", "cross-faceup"]


@pytest.mark.parametrize("name", WATCHABLE)
def test_example_games_are_read_exactly_with_their_fouls(name: str) -> None:
    score = score_game(load_log(EXAMPLES / f"{name}.jsonl"), seed=3)
    assert score.misses == [] and score.extras == []
    assert score.fouls >= 1 and score.fouls_caught == score.fouls and score.false_fouls == 0
    assert score.questions == 0
    assert max(score.latencies) <= 0.5 or name == "round"  # round waits for 1/3/5-card attacks


def test_rough_detections_still_read_almost_every_event() -> None:
    rough = ScriptConfig(miss_rate=0.15, occlusion_rate=0.6, jitter=4.0, stray_rate=0.05)
    scores = [score_game(load_log(EXAMPLES / f"{name}.jsonl"), seed=seed, config=rough)
              for name in WATCHABLE for seed in range(2)]
    summary = summarize(scores)
    assert summary["precision"] >= 0.97 and summary["recall"] >= 0.97
    assert summary["false_fouls_per_game"] <= 0.1


def test_the_script_keeps_the_ground_truth_with_frames() -> None:
    game = ScriptedGame(load_log(EXAMPLES / "classic.jsonl"))
    frames = list(game.frames())
    assert [t.event["type"] for t in game.truth][:3] == ["deal", "trump", "attack"]
    assert all(0 <= t.frame < len(frames) for t in game.truth)
    assert sum(not t.ok for t in game.truth) == 1


def test_the_game_s_last_card_thrown_in_on_a_taken_bout_lands_before_the_bout_goes() -> None:
    """As in the rendered games (test_render_game): the 6C, Anna's last card thrown in on
    the 6D Vera took, lands while the 6D still lies there; then both go."""
    from referee.simulate import simulate_match

    log = simulate_match("transfer", 3, 36, 1, seed=5)   # ends: 6D led, Vera takes, 6C in
    config = ScriptConfig(miss_rate=0.0, stray_rate=0.0, occlusion_rate=0.0)
    game = ScriptedGame(log, config)
    frames = list(game.frames())
    landed = game.truth[-1]
    assert landed.event == log[-1] and landed.ok
    _, _, detections = frames[landed.frame]
    assert {"6C", "6D"} <= set(detections.cards)


def test_a_lead_out_of_turn_after_a_take_comes_once_the_taken_bout_is_gathered() -> None:
    """As in the rendered games (test_render_game): Anna's 6H led out of turn after her take
    lies beside the bout, as Vera throws in next; led again, it lies alone, the bout
    gathered, as Boris leads next."""
    from referee import Referee
    from referee.simulate import simulate_match

    log = simulate_match("classic", 3, 36, 1, seed=5, fouls=0.1)
    referee = Referee()
    for event in log[:69]:
        referee.apply(event)
    bout = {card for pair in referee.snapshot()["table"]
            for card in (pair["attack"], pair["defence"]) if card}
    config = ScriptConfig(miss_rate=0.0, stray_rate=0.0, occlusion_rate=0.0)
    game = ScriptedGame(log, config)
    frames = list(game.frames())
    beside, alone = ([truth.frame for truth in game.truth if truth.event is log[index]][0]
                     for index in (69, 71))
    assert bout <= set(frames[beside][2].cards)
    assert "6H" in frames[alone][2].cards and not bout & set(frames[alone][2].cards)


def test_canonical_ignores_hands_order_and_tags() -> None:
    assert canonical({"type": "attack", "player": "A", "cards": ["7S", "7D"], "frame": 3}) == \
        canonical({"type": "attack", "player": "A", "cards": ["7D", "7S"]})
    assert canonical({"type": "deal", "hands": {"A": ["7S"]}}) == canonical({"type": "deal"})
    assert canonical({"type": "attack", "player": "A", "cards": ["7S"], "confirmed": True}) \
        == canonical({"type": "attack", "player": "A", "cards": ["7S"]})


@pytest.mark.parametrize("variant", VARIANTS)
def test_simulated_games_with_injected_fouls(variant: str) -> None:
    pytest.importorskip("referee.simulate")
    summary = summarize(simulated_scores(variant, 2))
    assert summary["precision"] >= 0.95 and summary["recall"] >= 0.95
    assert summary["false_fouls_per_game"] <= 0.5
