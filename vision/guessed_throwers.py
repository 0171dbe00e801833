"""Throw-ins told as a player's by guess, given to another when he plays on (part of
`GameFollower`).

A throw-in whose way in the camera did not see (first read where it lies, a hand over it) is
told as the expected thrower's. When that guess was wrong, the referee counts his hand one card
short: with the stock gone he may run out of cards on paper while he still holds one, and the
card he then plays, clearly brought in from his seat, is given to someone else and judged out of
turn (dummy-3p-seed76: the dummy's Q♣ thrown in during a take, told as Vera's; her last card led
after a bout she beat was told as Anna's, three false fouls after it; dummy-3p-seed67 likewise).
So a card clearly brought in from the seat of a player the referee holds out takes the last
guessed throw-in of his back: the referee's past is rewritten with it as another thrower's, the
one with the most cards in hand then (most likely to hold it) first, whoever the replay
accepts.
"""

from __future__ import annotations

from dataclasses import dataclass

from vision.open_lead import OpenLeads
from vision.table_events import TableEvent
from vision.tracking import CardTrack


@dataclass(frozen=True)
class GuessedThrow:
    """A throw-in told as `event["player"]`'s without seeing where it came from."""

    event: dict
    others: tuple[str, ...]   # the other throwers it may have come from, likeliest first
    frame: int
    time: float


class GuessedThrowers(OpenLeads):
    """Remembering guessed throwers and giving their throw-ins to others when they play on."""

    def _remember_guessed_throw(self, event: dict, others: list[str]) -> None:
        """`event`, a throw-in, was told as its player's by guess; `others` may have thrown
        it, ordered here by the cards they hold now (the likeliest first)."""
        hands = self._snapshot().get("hands") or {}
        held = {name: (hands.get(name) or {}).get("count") or 0 for name in others}
        likeliest = tuple(sorted(others, key=lambda name: -held[name]))
        self.view.throws_guessed.append(GuessedThrow(event, likeliest, self._frame, self._time))

    def _out_player_plays_on(self, track: CardTrack) -> bool:
        """`track` came clearly from the seat of a player the referee holds out: his last
        guessed throw-in becomes another thrower's in the referee's past. True when it did."""
        out = self._out()
        if not out or not self.view.throws_guessed or self.revise is None:
            return False
        seen, clear = self._direction_choice(track, self.seat_names)
        if not clear or seen not in out:
            return False
        guessed = next((throw for throw in reversed(self.view.throws_guessed)
                        if throw.event["player"] == seen), None)
        if guessed is None:
            return False
        for other in guessed.others:
            instead = {**guessed.event, "player": other}
            if self.revise(guessed.event, TableEvent(instead, guessed.frame, guessed.time)):
                self.view.throws_guessed.remove(guessed)
                return True
        return False
