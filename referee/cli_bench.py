"""`durak-table bench`: how fast the referee judges, per variant, on one core.

Logs are simulated first (timed apart), then judged by fresh Referees: events per second from
parsed events (the camera loop's case), from JSON lines (the `check` case), and whole games
per second; the simulator's own speed is reported beside them.
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

from .engine import Referee
from .events import parse_event
from .simulate import simulate_match
from .variants import VARIANTS


def _rate(work: int, run: Any, seconds: float) -> float:
    """Work units per CPU second of `run()`: the best of repeated runs over `seconds`.

    CPU time of this process, not wall time, so other jobs on the machine (a detector
    training) do not show in the figure; the best run filters cache and scheduler noise."""
    best, spent = 0.0, 0.0
    while spent < seconds:
        start = time.process_time()
        run()
        elapsed = max(time.process_time() - start, 1e-9)
        spent += elapsed
        best = max(best, work / elapsed)
    return best


def bench_variant(variant: str, players: int, deck: int, matches: int, games: int,
                  seconds: float) -> dict[str, Any]:
    start = time.perf_counter()
    logs = [simulate_match(variant, players, deck, games, seed) for seed in range(matches)]
    simulate_seconds = time.perf_counter() - start
    events = [[parse_event(data) for data in log] for log in logs]
    lines = [[json.dumps(data) for data in log] for log in logs]
    count = sum(map(len, logs))

    def judge(logs_: list[list[Any]]) -> None:
        for log in logs_:
            referee = Referee()
            for event in log:
                referee.apply(event)

    return {
        "variant": variant, "players": players, "deck": deck, "games": matches * games,
        "events": count,
        "events_per_s": round(_rate(count, lambda: judge(events), seconds)),
        "json_lines_per_s": round(_rate(count, lambda: judge(lines), seconds)),
        "games_per_s": round(_rate(matches * games, lambda: judge(events), seconds), 1),
        "simulated_games_per_s": round(matches * games / simulate_seconds, 1),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="durak-table bench",
        description="Events judged per second and games per second, per variant, one core.")
    parser.add_argument("--variants", nargs="+", choices=sorted(VARIANTS),
                        default=list(VARIANTS))
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--deck", type=int, choices=(36, 52), default=36)
    parser.add_argument("--matches", type=int, default=20, help="simulated matches per variant")
    parser.add_argument("--games", type=int, default=3, help="games per match")
    parser.add_argument("--seconds", type=float, default=1.0, help="time per measurement")
    parser.add_argument("--json", action="store_true", help="one JSON object per variant")
    args = parser.parse_args(argv)
    if not args.json:
        print(f"{'variant':<9} {'events/s':>10} {'lines/s':>10} {'games/s':>9} "
              f"{'sim games/s':>11} {'events':>7}")
    for variant in args.variants:
        players = min(args.players, 5) if variant == "dummy" else args.players
        row = bench_variant(variant, players, args.deck, args.matches, args.games,
                            args.seconds)
        if args.json:
            print(json.dumps(row))
        else:
            print(f"{variant:<9} {row['events_per_s']:>10,} {row['json_lines_per_s']:>10,} "
                  f"{row['games_per_s']:>9,} {row['simulated_games_per_s']:>11,} "
                  f"{row['events']:>7}")
    return 0
