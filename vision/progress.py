"""A one-line progress bar on stderr (a newline per 5% when stderr is not a terminal)."""

from __future__ import annotations

import sys
import time


class ProgressBar:
    def __init__(self, total: int, label: str) -> None:
        self.total, self.label = max(1, total), label
        self.done = 0
        self.start = time.monotonic()
        self.interactive = sys.stderr.isatty()
        self.last_step = -1

    def advance(self, count: int = 1) -> None:
        self.done += count
        step = self.done * 20 // self.total
        if self.interactive or step != self.last_step:
            self.last_step = step
            self.draw()

    def draw(self) -> None:
        elapsed = time.monotonic() - self.start
        rate = self.done / elapsed if elapsed > 0 else 0.0
        left = (self.total - self.done) / rate if rate > 0 else 0.0
        bar = "#" * (self.done * 30 // self.total)
        line = (f"{self.label} [{bar:<30}] {self.done}/{self.total} "
                f"{rate:.1f}/s, {left:.0f}s left")
        print(("\r" + line) if self.interactive else line, end="" if self.interactive else "\n",
              file=sys.stderr, flush=True)

    def close(self) -> None:
        if self.interactive:
            print(file=sys.stderr)
