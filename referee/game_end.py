"""The end of a game: the fool (G6), a draw (G7), the dummy never the fool (D7), the winners
with `play_for_winner` (R8); and the outcome record a game leaves in the match."""

from __future__ import annotations

from typing import Any

from .seating import seat_of
from .state import TableState
from .verdicts import Foul

UNFINISHED = {"fool": None, "draw": False, "finished": False}


def finish_game(state: TableState, fool: int | None, winners: tuple[int, ...] = ()) -> None:
    rules = state.rules
    outcome: dict[str, Any] = {"fool": None if fool is None else rules.seats[fool],
                               "draw": fool is None and not winners, "finished": True}
    if rules.options["play_for_winner"]:
        outcome["winners"] = [rules.seats[s] for s in winners]
    state.games = [*state.games[:-1], outcome]
    state.last_fool = fool
    state.phase = "finished"
    state.leader = state.defender = None


def told_outcome(state: TableState, fool: str | None, draw: bool | None,
                 winners: tuple[str, ...] | None) -> tuple[int | None, tuple[int, ...]] | None:
    """The players' word on how a game ended (a `new_game`'s `fool`, `draw` or `winners`):
    the fool's seat (None: nobody) and the winners' seats, or None when they said nothing. Only
    persons count (D7); `winners` only with `play_for_winner` (R8), `fool` only without it."""
    if fool is None and not draw and winners is None:
        return None
    rules = state.rules
    for_winner = rules.options["play_for_winner"]
    if fool is not None and for_winner:
        raise Foul("R8", "This match plays for the winner: say who went out (\"winners\") or "
                   "that it was a draw.",
                   "Здесь играют на выигрыш: укажите, кто вышел (\"winners\"), или ничью.")
    if winners is not None and not for_winner:
        raise Foul("G6", "A game ends with a fool (\"fool\") or a draw, not with winners.",
                   "Игра кончается дураком (\"fool\") или ничьей, а не победителями.")
    seats = [seat_of(state, name) for name in ([fool] if fool is not None else winners or ())]
    if any(seat not in rules.persons for seat in seats):
        raise Foul("D7", "The dummy is never the fool and never wins.",
                   "Болван не бывает ни дураком, ни победителем.")
    if fool is not None:
        return seats[0], ()
    if set(seats) >= set(rules.persons):
        return None, ()   # everybody out at once: a draw (R8)
    return None, tuple(sorted(set(seats)))


def end_as_told(state: TableState, told: tuple[int | None, tuple[int, ...]]) -> None:
    """The game ends as the players say (`told_outcome`), over whatever the referee saw: a game
    the camera lost, or one finished off the record. Marked `told` in the match's record."""
    finish_game(state, *told)
    state.games[-1]["told"] = True


def check_game_end(state: TableState) -> None:
    """G6/G7/D7/R8: once nothing can be drawn, the game ends when at most one person holds cards
    (with `play_for_winner`: when someone has run out)."""
    if state.stock or state.phase != "play" or state.table:
        return
    rules = state.rules
    holders = [seat for seat in rules.persons if state.counts[seat]]
    if rules.options["play_for_winner"]:
        empty = tuple(seat for seat in rules.persons if not state.counts[seat])
        if empty:
            # everybody out at once is a draw (R8: "in a 2-player game both at once")
            finish_game(state, None, () if len(empty) == len(rules.persons) else empty)
        return
    if len(holders) <= 1:
        finish_game(state, holders[0] if holders else None)
