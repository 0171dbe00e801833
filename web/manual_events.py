"""Turns the manual-control form (an action, a player, clicked cards) into a notation event."""

from __future__ import annotations

import json
from typing import Any

from .cards import is_card_code

MAX_RAW_EVENT = 4096
CARD_ACTIONS = {"attack", "throw_in", "transfer"}
PLAYER_ACTIONS = {"pass", "take"}
PLAIN_ACTIONS = {"discard", "new_game", "deal"}
ONE_CARD_ACTIONS = {"defend", "pass_on", "open_draw", "deal_card", "trump"}
ACTIONS = (CARD_ACTIONS | PLAYER_ACTIONS | PLAIN_ACTIONS | ONE_CARD_ACTIONS
           | {"draw", "declare"})


class EventInputError(ValueError):
    """The form does not make an event; the message says what is missing."""


def build_event(action: str, player: str, cards: list[str], on: str, to: str, count: str,
                no_trump: bool, snapshot: dict[str, Any]) -> dict[str, Any]:
    if action not in ACTIONS:
        raise EventInputError(f"Unknown action {action!r}.")
    deck = int(snapshot.get("deck") or 52)
    for code in cards:
        if not is_card_code(code, deck):
            raise EventInputError(f"{code!r} is not a card of a {deck}-card deck.")
    if len(set(cards)) != len(cards):
        raise EventInputError("A card was chosen twice.")
    event: dict[str, Any] = {"type": action}
    if action in PLAIN_ACTIONS:
        return event
    if action != "trump":
        event["player"] = _seat(player, snapshot, "player")
    if action in PLAYER_ACTIONS:
        return event
    if action in CARD_ACTIONS:
        if not cards:
            raise EventInputError("Click the cards first.")
        event["cards"] = cards
    elif action == "draw":
        if cards:
            event["cards"] = cards
        else:
            event["count"] = _count(count)
    elif action == "declare":
        if no_trump:
            event["no_trump"] = True
        else:
            event["lowest_trump"] = _one_card(cards)
    else:
        event["card"] = _one_card(cards)
        if action == "defend":
            if not is_card_code(on, deck):
                raise EventInputError("Choose the table card the defence beats.")
            event["on"] = on
        elif action == "open_draw" and on:
            if not is_card_code(on, deck):
                raise EventInputError(f"{on!r} is not a card.")
            event["beats"] = on
        elif action == "deal_card":
            event["to"] = _seat(to, snapshot, "pile")
    return event


def parse_raw_event(text: str) -> dict[str, Any]:
    """An event typed as one JSON line (any event of EVENTS.md)."""
    if len(text) > MAX_RAW_EVENT:
        raise EventInputError("That event is too long.")
    try:
        event = json.loads(text)
    except json.JSONDecodeError as error:
        raise EventInputError(f"Not valid JSON: {error.msg} at column {error.colno}.") from None
    if not isinstance(event, dict) or not isinstance(event.get("type"), str):
        raise EventInputError('An event is a JSON object with a "type", e.g. {"type": "discard"}.')
    return event


def _seat(name: str, snapshot: dict[str, Any], what: str) -> str:
    if name not in (snapshot.get("seats") or []):
        raise EventInputError(f"Choose the {what}: {name!r} is not at this table.")
    return name


def _one_card(cards: list[str]) -> str:
    if len(cards) != 1:
        raise EventInputError("Click exactly one card for this action.")
    return cards[0]


def _count(text: str) -> int:
    if not text.strip().isdigit() or not 0 < int(text) <= 52:
        raise EventInputError("Give the number of cards drawn (1-52), or click them.")
    return int(text)
