"""`durak-table simulate`: play whole matches with computer players and write them as logs."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from .rules import BOOL_OPTIONS
from .simulate import simulate_match
from .variants import VARIANTS


def _options(text: str) -> dict[str, object]:
    try:
        options = json.loads(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(f"not JSON: {error}") from None
    if not isinstance(options, dict):
        raise argparse.ArgumentTypeError("options are a JSON object")
    return options


def _fraction(text: str) -> float:
    value = float(text)
    if not 0.0 <= value <= 1.0:
        raise argparse.ArgumentTypeError("a fraction between 0 and 1")
    return value


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="durak-table simulate",
        description="Play whole matches with simple computer players and write the event log "
                    "(JSON Lines). With --fouls, that fraction of moves is first tried as an "
                    "illegal move marked \"foul\": \"<rule id>\". Same seed, same log.")
    parser.add_argument("--variant", choices=sorted(VARIANTS), default="classic")
    parser.add_argument("--players", type=int, default=3, help="people at the table (2-6)")
    parser.add_argument("--deck", type=int, choices=(36, 52), default=36)
    parser.add_argument("--games", type=int, default=1, help="games in the match")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--fouls", type=_fraction, default=0.0,
                        help="fraction of decisions that first get an illegal move (0-1)")
    parser.add_argument("--options", type=_options, default=None,
                        help=f"setup options as JSON, e.g. '{{\"lead_group\": true}}'; "
                             f"names: first_move, {', '.join(BOOL_OPTIONS)}")
    parser.add_argument("--out", help="a .jsonl file, or a directory to write a named log into "
                        "(default: standard output)")
    args = parser.parse_args(argv)
    limit = 5 if args.variant == "dummy" else 6
    if not 2 <= args.players <= limit or args.games < 1:
        parser.error(f"--players is 2..{limit} for {args.variant}, --games at least 1")
    if args.variant == "dummy" and args.deck == 36 and args.players > 5:
        parser.error("the dummy variant seats at most 5 players with 36 cards (D1)")
    log = simulate_match(args.variant, args.players, args.deck, args.games, args.seed,
                         fouls=args.fouls, options=args.options)
    text = "".join(json.dumps(event, ensure_ascii=False) + "\n" for event in log)
    if args.out is None:
        sys.stdout.write(text)
        return 0
    out = Path(args.out)
    if out.is_dir() or args.out.endswith(("/", "\\")):
        out.mkdir(parents=True, exist_ok=True)
        out = out / (f"{args.variant}-{args.players}p-{args.deck}-seed{args.seed}"
                     f"{'-fouls' if args.fouls else ''}.jsonl")
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(text, encoding="utf-8")
    print(f"wrote {len(log)} events of {args.games} game(s) to {out}", file=sys.stderr)
    return 0
