"""`durak-table check LOG.jsonl`: judge a game log, one verdict line per event, then a summary.

Blank lines are ignored (no verdict line), as JSON Lines readers usually do; line numbers still
count them, so a verdict's `line` is the line of the file. Exit 0: every event legal; 1: fouls
or FORMAT lines; 2: the log cannot be judged (missing file, no playable setup).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable
from typing import TextIO

from .engine import Referee


def judge_lines(lines: Iterable[str], out: TextIO, err: TextIO) -> int:
    referee = Referee()
    fouls = 0
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        verdict = referee.apply(line)
        _print(out, number, verdict.to_dict())
        if verdict.ok:
            continue
        fouls += 1
        if referee.state.rules is None:  # a refused setup, or events before any setup
            err.write(f"durak-table check: line {number}: the match cannot start: "
                      f"{verdict.message}\n")
            return 2
    if referee.state.rules is None:
        err.write("durak-table check: the log has no setup, so there is nothing to judge\n")
        return 2
    summary = {"summary": True, "games": referee.outcomes(), "fouls": fouls}
    out.write(json.dumps(summary, ensure_ascii=False) + "\n")
    return 1 if fouls else 0


def _print(out: TextIO, number: int, verdict: dict[str, object]) -> None:
    out.write(json.dumps({"line": number, **verdict}, ensure_ascii=False) + "\n")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="durak-table check",
        description="Judge a Durak game log (JSON Lines, docs/EVENTS.md): one verdict per "
                    "event, then a summary. Exit 0: all legal, 1: fouls, 2: cannot be judged.")
    parser.add_argument("log", help="the log file, or - for standard input")
    args = parser.parse_args(argv)
    if args.log == "-":
        return judge_lines(sys.stdin, sys.stdout, sys.stderr)
    try:
        with open(args.log, encoding="utf-8-sig", errors="replace") as log:
            return judge_lines(log, sys.stdout, sys.stderr)
    except OSError as error:
        print(f"durak-table check: cannot read {args.log}: {error.strerror or error}",
              file=sys.stderr)
        return 2
