"""The referee: applies events to the table state and answers each with a Verdict.

`apply` judges an event on a fresh clone of the state; a legal event makes the clone the new
state and pushes the old one on the undo stack, an illegal one is dropped with the clone. So a
foul never leaves a half-applied event behind, and `undo` is a pop.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import bout_end, bouts, game_flow, openings
from .conservation import give_up_hand_for_confirmed
from .events import (
    Attack,
    Deal,
    DealCard,
    Declare,
    Defend,
    Discard,
    Draw,
    Event,
    EventFormatError,
    NewGame,
    OpenDraw,
    Pass,
    PassOn,
    Setup,
    Take,
    ThrowIn,
    Transfer,
    Trump,
    parse_event,
)
from .snapshot import snapshot
from .state import TableState
from .verdicts import LEGAL, Foul, Verdict

Handler = Callable[[TableState, Any], "Verdict | None"]

HANDLERS: dict[type[Event], Handler] = {
    Setup: game_flow.apply_setup,
    NewGame: game_flow.apply_new_game,
    Deal: game_flow.apply_deal,
    Trump: game_flow.apply_trump,
    Declare: game_flow.apply_declare,
    Attack: bouts.apply_attack,
    ThrowIn: bouts.apply_throw_in,
    Defend: bouts.apply_defend,
    Transfer: bouts.apply_transfer,
    Pass: bouts.apply_pass,
    Take: bouts.apply_take,
    PassOn: bouts.apply_pass_on,
    Discard: bout_end.apply_discard,
    Draw: bout_end.apply_draw,
    OpenDraw: openings.apply_open_draw,
    DealCard: openings.apply_deal_card,
}


class Referee:
    """One match, judged event by event. See docs/referee-api.md."""

    def __init__(self) -> None:
        self.state = TableState()
        self.events: list[Event] = []
        self._history: list[TableState] = []

    def apply(self, event: Event | dict[str, Any] | str) -> Verdict:
        """Judge one event; apply it if legal. Never raises on what a player can send."""
        if not isinstance(event, Event):
            try:
                event = parse_event(event)
            except EventFormatError as error:
                return Verdict.foul("FORMAT", f"Not a valid event: {error}",
                                    f"Это не событие записи игры: {error}")
        state = self.state.clone()
        given_up = give_up_hand_for_confirmed(state, event)
        try:
            verdict = HANDLERS[type(event)](state, event)
        except Foul as foul:
            return foul.verdict
        except Exception as error:  # noqa: BLE001 - a bug must not stop a live game
            return Verdict.foul("FORMAT", f"The referee could not judge this event ({error!r}).",
                                f"Судья не смог оценить это событие ({error!r}).")
        self._history.append(self.state)
        self.state = state
        self.events.append(event)
        if given_up is not None:
            also = verdict is not None and not verdict.judged
            return Verdict.not_judged(
                f"G8 not judged: the players confirmed it; {given_up}'s hand, as the referee "
                "knew it, is given up." + (f" {verdict.message}" if also else ""),
                f"G8 не проверено: игроки подтвердили ход; рука {given_up}, как её знал "
                "судья, больше не считается известной." + (f" {verdict.message_ru}" if also
                                                             else ""))
        return verdict or LEGAL

    def undo(self) -> bool:
        """Take back the last applied event; False when there is none."""
        if not self._history:
            return False
        self.state = self._history.pop()
        self.events.pop()
        return True

    def outcomes(self) -> list[dict[str, Any]]:
        return [dict(outcome, winners=list(outcome["winners"])) if "winners" in outcome
                else dict(outcome) for outcome in bout_end.outcomes_after_draw_up(self.state)]

    def snapshot(self) -> dict[str, Any]:
        return snapshot(self)
