"""Measuring tracking + table reading + event inference on whole games, without a model.

Each game log is acted out as noisy detections (`ScriptedGame`), run through a `TablePipeline`
with a real referee, and the events it emits are aligned with the camera-visible ground truth:
event precision and recall, fouls caught, false fouls, questions asked, how long after a card came
to rest its event appeared, and how many frames per second the pipeline (without the detector)
processes. `python -m vision.inference_eval LOG.jsonl...` prints the figures as JSON.
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

from vision.pipeline import TablePipeline
from vision.scripted_game import ScriptConfig, ScriptedGame, TruthEvent
from vision.table_events import Verdicted

T = TypeVar("T")
CARD_EVENTS = {"trump", "attack", "throw_in", "defend", "transfer", "pass_on", "open_draw",
               "deal_card"}


HEARD_NOT_SEEN = {"declare", "pass", "draw"}


def camera_view(log: list[dict]) -> list[dict]:
    """A log as the camera's referee knows it: no hands in a podkidnoy deal, and none of what is
    said or done in the hands (declarations, passes, draws); the referee fills in the draws."""
    from referee.simulate import conceal

    return [event for event in conceal(log, keep_draws=False)
            if event.get("type") not in HEARD_NOT_SEEN]


def canonical(event: dict) -> str:
    """What must match: the notation's own fields (a camera's `deal` has no hands), cards sorted;
    not how it was told (`confirmed`: the players confirmed it against the referee's
    knowledge)."""
    kept = {k: v for k, v in event.items()
            if k not in ("hands", "foul", "frame", "time", "confirmed")}
    for key in ("cards", "table"):  # the order cards are laid in is not part of the event
        if isinstance(kept.get(key), list):
            kept[key] = sorted(kept[key])
    return json.dumps(kept, sort_keys=True)


def takes_last(items: list[T], event_of: Callable[[T], dict]) -> list[T]:
    """A take moved behind the throw-ins that follow it in its bout: the camera cannot hear when
    the defender said "I take", only see the cards go, and either order is judged the same."""
    ordered = list(items)
    i = 0
    while i < len(ordered):
        if event_of(ordered[i]).get("type") == "take":
            j = i
            while j + 1 < len(ordered) and \
                    event_of(ordered[j + 1]).get("type") in ("throw_in", "pass"):
                j += 1
            ordered.insert(j, ordered.pop(i))
            i = j
        i += 1
    return ordered


@dataclass
class GameScore:
    variant: str
    truth: int = 0
    emitted: int = 0
    matched: int = 0
    # truth events in the log of the camera's and the players' answers together
    matched_with_answers: int = 0
    fouls: int = 0
    fouls_caught: int = 0
    fouls_caught_with_answers: int = 0   # ... or refused once the players answered a question
    fouls_caught_late: int = 0   # not caught in time, but the act refused later (`_said_late`)
    false_fouls: int = 0
    questions: int = 0
    frames: int = 0
    seconds: float = 0.0
    latencies: list[float] = field(default_factory=list)
    misses: list[str] = field(default_factory=list)
    extras: list[str] = field(default_factory=list)


def score_game(events: list[dict], *, seed: int = 0, config: ScriptConfig | None = None,
               stride: int = 1) -> GameScore:
    """Acts a log out and scores the pipeline on it. With `stride` N the pipeline sees only
    every Nth frame, as when the detector cannot keep up with the camera."""
    config = config or ScriptConfig()
    events = camera_view(events)
    game = ScriptedGame(events, config, seed)
    frames = list(game.frames())[::stride]
    pipeline = TablePipeline.with_referee(events[0], seats=game.seats,
                                          frame_size=config.frame_size)
    started = time.perf_counter()
    for frame, stamp, detections in frames:
        pipeline.update(frame, stamp, detections)
    seconds = time.perf_counter() - started
    judged = [(v, v.event.frame / config.fps) for v in pipeline.verdicts[1:]]  # setup: given
    score = score_events(events[0].get("variant", "classic"), game.truth, judged,
                         fps=config.fps, questions=len(pipeline.questions))
    score.frames, score.seconds = len(frames), seconds
    return score


FOUL_WINDOW_S = 2.0  # a refused reading this close to a foul's card coming to rest catches it
FOUL_LATE_S = 6.0  # ... a refusal of that act said later than that, up to this: a late catch


def score_events(variant: str, truth: list[TruthEvent], judged: list[tuple[Verdicted, float]],
                 *, fps: float, questions: int = 0,
                 answer_verdicts: list[tuple[Verdicted, float]] = ()) -> GameScore:
    """Aligns what the pipeline emitted (each judged event with the second it came out) with
    the ground truth (events with the frame their card came to rest, at `fps`) and scores it.
    `answer_verdicts`: the events the players' answers told (not the camera's, so not scored
    as events but in `matched_with_answers`, the truth events the whole log holds); a foul
    the referee called on one (the players confirmed a reading the camera asked about,
    "misread, or a foul?") counts in `fouls_caught_with_answers` only."""
    judged = takes_last(judged, lambda said: said[0].event.event)
    truth = takes_last(truth, lambda t: t.event)
    score = GameScore(variant, truth=len(truth), emitted=len(judged), questions=questions)
    score.fouls = sum(not t.ok for t in truth)
    pairs = aligned_in_time([canonical(t.event) for t in truth], [t.frame / fps for t in truth],
                            [canonical(v.event.event) for v, _ in judged],
                            [said_at for _, said_at in judged])  # emitted index -> truth index
    for said_index, seen_index in pairs.items():
        seen, (_, said_at) = truth[seen_index], judged[said_index]
        if seen.event["type"] in CARD_EVENTS:
            score.latencies.append(said_at - seen.frame / fps)
    score.matched = len(pairs)
    score.matched_with_answers = _matched_with_answers(truth, judged, answer_verdicts, fps) \
        if answer_verdicts else score.matched
    # a foul counts as caught when the camera's referee refused a reading of the same card
    # about when it was laid, whatever it named it (a refused early attack may well be read
    # as a refused throw-in: the players see that card flagged either way)
    refused = [(v.event.event, said_at) for v, said_at in judged if not v.verdict.ok]
    truth_fouls = [(t.event, t.frame / fps) for t in truth if not t.ok]
    caught = [seen for seen in truth_fouls
              if any(_same_card_near(*seen, *said) for said in refused)]
    score.fouls_caught = len(caught)
    # refusals that caught no foul in time, each with when its reading was made
    unmatched = [(v.event.event, said_at, v.event.time) for v, said_at in judged
                 if not v.verdict.ok and not any(_same_card_near(*seen, v.event.event, said_at)
                                                 for seen in truth_fouls)]
    late = [said for said in unmatched if any(_said_late(*seen, *said) for seen in truth_fouls)]
    score.fouls_caught_late = sum(
        1 for seen in truth_fouls
        if seen not in caught and any(_said_late(*seen, *said) for said in late))
    confirmed = refused + [(v.event.event, said_at) for v, said_at in answer_verdicts
                           if not v.verdict.ok]
    score.fouls_caught_with_answers = sum(
        1 for seen in truth_fouls if any(_same_card_near(*seen, *said) for said in confirmed))
    score.false_fouls = len(unmatched) - len(late)
    score.misses = [canonical(t.event) for i, t in enumerate(truth)
                    if i not in set(pairs.values())]
    score.extras = [canonical(v.event.event) for i, (v, _) in enumerate(judged)
                    if i not in pairs]
    return score


def _matched_with_answers(truth: list[TruthEvent], judged: list[tuple[Verdicted, float]],
                          answer_verdicts: list[tuple[Verdicted, float]], fps: float) -> int:
    """How many truth events the log holds, the camera's events and those the players'
    answers told together, in the order they came out."""
    told = takes_last(sorted([*judged, *answer_verdicts], key=lambda said: said[1]),
                      lambda said: said[0].event.event)
    return len(aligned_in_time([canonical(t.event) for t in truth],
                               [t.frame / fps for t in truth],
                               [canonical(v.event.event) for v, _ in told],
                               [said_at for _, said_at in told]))


def aligned_in_time(truth: list[str], truth_times: list[float], said: list[str],
                    said_times: list[float]) -> dict[int, int]:
    """The pairs (said index -> truth index) of equal events, both in order, as many as can
    be (a longest common subsequence); among the alignments with that many, the one whose events
    were said closest in time to when they happened. A game that repeats one event (two players
    passing the last ace back and forth) has many longest alignments: a reading is paired with
    the happening it followed, not with one seconds before it that the camera missed."""
    rows, columns = len(truth) + 1, len(said) + 1
    # best[i][j]: (matches, -seconds apart) of the best alignment of truth[:i] with said[:j]
    best = [[(0, 0.0)] * columns for _ in range(rows)]
    for i in range(1, rows):
        for j in range(1, columns):
            options = [best[i - 1][j], best[i][j - 1]]
            if truth[i - 1] == said[j - 1]:
                matches, closeness = best[i - 1][j - 1]
                options.append((matches + 1,
                                closeness - abs(said_times[j - 1] - truth_times[i - 1])))
            best[i][j] = max(options)
    pairs, i, j = {}, rows - 1, columns - 1
    while i and j:
        if best[i][j] == best[i - 1][j]:
            i -= 1
        elif best[i][j] == best[i][j - 1]:
            j -= 1
        else:
            pairs[j - 1] = i - 1
            i, j = i - 1, j - 1
    return pairs


def _cards_of(event: dict) -> set[str]:
    return set(event.get("cards") or ()) | {event[k] for k in ("card",) if k in event}


def _same_card_near(seen: dict, seen_at: float, said: dict, said_at: float) -> bool:
    near = abs(said_at - seen_at) <= FOUL_WINDOW_S + 1e-9
    cards = _cards_of(seen)
    if not cards:
        return seen.get("type") == said.get("type") and near
    return bool(cards & _cards_of(said)) and near


def _said_late(seen: dict, seen_at: float, said: dict, said_at: float, read_at: float
               ) -> bool:
    """A refusal of the foul's own act (its card, read as it came to rest: `read_at` within
    `FOUL_WINDOW_S`) that came out later than that, up to `FOUL_LATE_S` (the camera told it
    once the players took the card back): the foul was caught late, not a false foul."""
    return _same_card_near(seen, seen_at, said, read_at) and said_at - seen_at <= FOUL_LATE_S


def summarize(scores: list[GameScore]) -> dict:
    truth = sum(s.truth for s in scores)
    emitted = sum(s.emitted for s in scores)
    matched = sum(s.matched for s in scores)
    fouls = sum(s.fouls for s in scores)
    latencies = sorted(x for s in scores for x in s.latencies)
    frames, seconds = sum(s.frames for s in scores), sum(s.seconds for s in scores)
    return {
        "games": len(scores),
        "precision": round(matched / emitted, 4) if emitted else 1.0,
        "recall": round(matched / truth, 4) if truth else 1.0,
        "recall_with_answers": round(sum(s.matched_with_answers for s in scores) / truth, 4)
        if truth else 1.0,
        "fouls": fouls,
        "fouls_caught": round(sum(s.fouls_caught for s in scores) / fouls, 4) if fouls else 1.0,
        "fouls_caught_with_answers": round(sum(s.fouls_caught_with_answers for s in scores)
                                           / fouls, 4) if fouls else 1.0,
        "fouls_caught_late": sum(s.fouls_caught_late for s in scores),
        "false_fouls_per_game": round(sum(s.false_fouls for s in scores) / max(len(scores), 1),
                                      4),
        "questions_per_game": round(sum(s.questions for s in scores) / max(len(scores), 1), 3),
        "latency_median_s": round(latencies[len(latencies) // 2], 3) if latencies else None,
        "latency_p95_s": round(latencies[max(len(latencies) // 2,  # never below the median
                                             int(0.95 * (len(latencies) - 1)))], 3)
        if latencies else None,
        "latency_max_s": round(latencies[-1], 3) if latencies else None,
        "pipeline_fps": round(frames / seconds, 1) if seconds else None,
    }


def load_log(path: str | Path) -> list[dict]:
    return [json.loads(line) for line in Path(path).read_text().splitlines() if line.strip()]


VARIANTS = ("classic", "transfer", "dummy", "round", "cross")


def simulated_scores(variant: str, games: int, *, fouls: float = 0.05,
                     config: ScriptConfig | None = None, stride: int = 1) -> list[GameScore]:
    """`games` simulated one-game matches of 2-4 players, each acted out and scored."""
    from referee.simulate import simulate_match

    return [score_game(simulate_match(variant, 2 + seed % 3, 36, 1, seed=seed, fouls=fouls),
                       seed=seed, config=config, stride=stride) for seed in range(games)]


ROUGH = ScriptConfig(miss_rate=0.15, occlusion_rate=0.6, jitter=4.0, stray_rate=0.05)


def main(argv: list[str] | None = None) -> int:
    """`python -m vision.inference_eval LOG.jsonl...` scores logs; `--simulate N` scores N
    simulated games per variant (with 5% injected fouls). `--rough`: noisier detections;
    `--stride K`: the pipeline sees every Kth frame of the 30 fps script."""
    args = sys.argv[1:] if argv is None else list(argv)
    config = ROUGH if "--rough" in args else None
    args = [a for a in args if a != "--rough"]
    stride = 1
    if "--stride" in args:
        at = args.index("--stride")
        stride = int(args[at + 1])
        del args[at:at + 2]
    if args[:1] == ["--simulate"] and len(args) == 2 and args[1].isdigit():
        everything = []
        for variant in VARIANTS:
            scores = simulated_scores(variant, int(args[1]), config=config, stride=stride)
            everything += scores
            print(json.dumps({"variant": variant, **summarize(scores)}), flush=True)
        print(json.dumps({"summary": True, **summarize(everything)}))
        return 0
    if not args or args[0].startswith("-"):
        print("usage: python -m vision.inference_eval LOG.jsonl... | --simulate N "
              "[--rough] [--stride K]", file=sys.stderr)
        return 2
    scores = [score_game(load_log(path), seed=i, config=config, stride=stride)
              for i, path in enumerate(args)]
    for path, score in zip(args, scores, strict=True):
        print(json.dumps({"log": str(path), **summarize([score]), "misses": score.misses,
                          "extras": score.extras}, ensure_ascii=False))
    print(json.dumps({"summary": True, **summarize(scores)}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
