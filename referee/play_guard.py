"""Who may act in the main phase: the game is in its bouts, the player sits at the table."""

from __future__ import annotations

from .events import Attack, Defend, Draw, Pass, PassOn, Take, ThrowIn, Transfer
from .seating import seat_of
from .state import TableState
from .verdicts import Foul


def require_rules(state: TableState) -> None:
    if state.rules is None:
        raise Foul("G2", "No match has been set up: the first event is a setup.",
                   "Партия не начата: первым событием должна быть раскладка (setup).")


def require_play(state: TableState) -> None:
    """The game is in its main phase; otherwise say what comes first."""
    require_rules(state)
    phase = state.phase
    if phase == "play":
        return
    variant = state.rules.variant
    if phase == "finished":
        outcome = state.games[-1]
        if outcome["fool"] is not None:
            raise Foul("G6", f"The game is over: {outcome['fool']} is the fool. Start a new game.",
                       f"Игра окончена: {outcome['fool']} — дурак. Начните новую игру.")
        raise Foul("G7", "The game is over. Start a new game.",
                   "Игра окончена. Начните новую игру.")
    if phase == "deal":
        raise Foul(variant.deal_rule, "Deal the cards and turn the trump first.",
                   "Сначала сдайте карты и откройте козырь.")
    if phase == "opening":
        raise Foul("R2", "The opening is still on: players draw from the stock (open_draw).",
                   "Ещё идёт открытие: игроки тянут карты из колоды (open_draw).")
    raise Foul("C3", "The face-up phase is still on: players draw and place cards (deal_card).",
               "Ещё идёт раскладка: игроки тянут и кладут карты (deal_card).")


def acting_seat(state: TableState, event: Attack | ThrowIn | Defend | Transfer | Pass | Take
                | PassOn | Draw) -> int:
    """The seat of the event's player, in a game that is in its main phase."""
    require_rules(state)
    seat = seat_of(state, event.player)
    require_play(state)
    return seat


def seat_name(state: TableState, seat: int | None) -> str:
    return "nobody" if seat is None else state.rules.seats[seat]


def attack_limit(state: TableState, first_bout: bool) -> int:
    """P4: never more than 6 attack cards (5 in the first bout with `first_bout_5`)."""
    return 5 if first_bout and state.rules.options["first_bout_5"] else 6
