"""The end of a game: the fool (G6), a draw (G7), the dummy never the fool (D7), the winners
with `play_for_winner` (R8); and the outcome record a game leaves in the match."""

from __future__ import annotations

from typing import Any

from .state import TableState

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
