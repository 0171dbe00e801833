"""Typed events of the game notation (EVENTS.md): parse from a dict or a JSON line, print back.

`parse_event(data).to_dict() == data` for every well-formed event, unknown extra fields
included (they are kept in `extra`, e.g. the simulator's `"foul"` mark). Anything else raises
EventFormatError, which `Referee.apply` turns into a FORMAT verdict.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, fields
from typing import Any, ClassVar

from .cards import Card, CardCodeError


class EventFormatError(ValueError):
    """A line that is not valid JSON or not a known, well-formed event."""


# Field kinds, each with a parser (JSON value -> typed value) and a printer (back to JSON).
def _name(value: Any) -> str:
    if not isinstance(value, str) or not value:
        raise EventFormatError(f"expected a non-empty name, got {value!r}")
    return value


def _card(value: Any) -> Card:
    try:
        return Card.parse(value)
    except CardCodeError as error:
        raise EventFormatError(str(error)) from None


def _cards(value: Any) -> tuple[Card, ...]:
    if not isinstance(value, list) or not value:
        raise EventFormatError(f"expected a non-empty list of card codes, got {value!r}")
    return tuple(_card(code) for code in value)


def _cards_or_empty(value: Any) -> tuple[Card, ...]:
    if isinstance(value, list) and not value:
        return ()
    return _cards(value)


def _count(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise EventFormatError(f"expected a count (0 or more), got {value!r}")
    return value


def _flag(value: Any) -> bool:
    if not isinstance(value, bool):
        raise EventFormatError(f"expected true or false, got {value!r}")
    return value


def _names(value: Any) -> tuple[str, ...]:
    if not isinstance(value, list) or not value:
        raise EventFormatError(f"expected a list of names, got {value!r}")
    return tuple(_name(name) for name in value)


def _hands(value: Any) -> dict[str, tuple[Card, ...]]:
    if not isinstance(value, dict):
        raise EventFormatError(f"expected {{name: [cards]}}, got {value!r}")
    return {_name(name): _cards_or_empty(cards) for name, cards in value.items()}


def _counts(value: Any) -> dict[str, int]:
    if not isinstance(value, dict):
        raise EventFormatError(f"expected {{name: count}}, got {value!r}")
    return {_name(name): _count(count) for name, count in value.items()}


def _faceup(value: Any) -> dict[str, Card]:
    if not isinstance(value, dict) or not value:
        raise EventFormatError(f"expected {{name: card}}, got {value!r}")
    return {_name(name): _card(card) for name, card in value.items()}


def _options(value: Any) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise EventFormatError(f"expected an options object, got {value!r}")
    return dict(value)


def _print(value: Any) -> Any:
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, tuple):
        return [_print(item) for item in value]
    if isinstance(value, dict):
        return {key: _print(item) for key, item in value.items()}
    return value


@dataclass(frozen=True, slots=True)
class Event:
    """Base of all events. Subclasses declare `type` and their fields, in notation order."""

    type: ClassVar[str] = ""
    # field name -> (parser, required); filled in by @_event
    spec: ClassVar[dict[str, tuple[Any, bool]]] = {}

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"type": self.type}
        for name in self.spec:
            value = getattr(self, name)
            if value is not None:
                data[name] = _print(value)
        if self.extra:  # type: ignore[attr-defined]  # None when no unknown fields came
            data.update(self.extra)  # type: ignore[attr-defined]
        return data

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False)


EVENT_TYPES: dict[str, type[Event]] = {}


def _event(type_name: str, **spec: tuple[Any, bool]):  # noqa: ANN202 - class decorator
    def register(cls: type[Event]) -> type[Event]:
        cls.type = type_name
        cls.spec = spec
        declared = [f.name for f in fields(cls) if f.name != "extra"]
        assert declared == list(spec), (type_name, declared)
        EVENT_TYPES[type_name] = cls
        return cls
    return register


@_event("setup", variant=(_name, True), deck=(_count, True), seats=(_names, True),
        dealer=(_name, True), options=(_options, False))
@dataclass(frozen=True, slots=True)
class Setup(Event):
    variant: str
    deck: int
    seats: tuple[str, ...]
    dealer: str
    options: dict[str, Any] | None = None
    extra: dict[str, Any] | None = None


@_event("new_game", fool=(_name, False), draw=(_flag, False), winners=(_names, False))
@dataclass(frozen=True, slots=True)
class NewGame(Event):
    # the players' word on how the game before ended (one of them, or none: the referee's)
    fool: str | None = None
    draw: bool | None = None
    winners: tuple[str, ...] | None = None
    extra: dict[str, Any] | None = None


@_event("deal", hands=(_hands, False), faceup=(_faceup, False), table=(_cards, False),
        unseen=(_counts, False))
@dataclass(frozen=True, slots=True)
class Deal(Event):
    hands: dict[str, tuple[Card, ...]] | None = None
    faceup: dict[str, Card] | None = None
    table: tuple[Card, ...] | None = None
    # round/cross with `hands`: how many more cards each hand holds that nobody saw
    unseen: dict[str, int] | None = None
    extra: dict[str, Any] | None = None


@_event("trump", card=(_card, True))
@dataclass(frozen=True, slots=True)
class Trump(Event):
    card: Card
    extra: dict[str, Any] | None = None


@_event("declare", player=(_name, True), lowest_trump=(_card, False), no_trump=(_flag, False))
@dataclass(frozen=True, slots=True)
class Declare(Event):
    player: str
    lowest_trump: Card | None = None
    no_trump: bool | None = None
    extra: dict[str, Any] | None = None


@_event("attack", player=(_name, True), cards=(_cards, True))
@dataclass(frozen=True, slots=True)
class Attack(Event):
    player: str
    cards: tuple[Card, ...]
    extra: dict[str, Any] | None = None


@_event("throw_in", player=(_name, True), cards=(_cards, True))
@dataclass(frozen=True, slots=True)
class ThrowIn(Event):
    player: str
    cards: tuple[Card, ...]
    extra: dict[str, Any] | None = None


@_event("defend", player=(_name, True), card=(_card, True), on=(_card, True))
@dataclass(frozen=True, slots=True)
class Defend(Event):
    player: str
    card: Card
    on: Card
    extra: dict[str, Any] | None = None


@_event("transfer", player=(_name, True), cards=(_cards, True))
@dataclass(frozen=True, slots=True)
class Transfer(Event):
    player: str
    cards: tuple[Card, ...]
    extra: dict[str, Any] | None = None


@_event("pass", player=(_name, True))
@dataclass(frozen=True, slots=True)
class Pass(Event):
    player: str
    extra: dict[str, Any] | None = None


@_event("take", player=(_name, True))
@dataclass(frozen=True, slots=True)
class Take(Event):
    player: str
    extra: dict[str, Any] | None = None


@_event("pass_on", player=(_name, True), card=(_card, True))
@dataclass(frozen=True, slots=True)
class PassOn(Event):
    player: str
    card: Card
    extra: dict[str, Any] | None = None


@_event("discard")
@dataclass(frozen=True, slots=True)
class Discard(Event):
    extra: dict[str, Any] | None = None


@_event("draw", player=(_name, True), count=(_count, False), cards=(_cards, False))
@dataclass(frozen=True, slots=True)
class Draw(Event):
    player: str
    count: int | None = None
    cards: tuple[Card, ...] | None = None
    extra: dict[str, Any] | None = None

    @property
    def size(self) -> int:
        return len(self.cards) if self.cards is not None else int(self.count or 0)


@_event("open_draw", player=(_name, True), card=(_card, True), beats=(_card, False))
@dataclass(frozen=True, slots=True)
class OpenDraw(Event):
    player: str
    card: Card
    beats: Card | None = None
    extra: dict[str, Any] | None = None


@_event("deal_card", player=(_name, True), card=(_card, True), to=(_name, True))
@dataclass(frozen=True, slots=True)
class DealCard(Event):
    player: str
    card: Card
    to: str
    extra: dict[str, Any] | None = None


def parse_event(data: Any) -> Event:
    """An Event from a dict (one parsed JSON line), a JSON string, or an Event (returned as is)."""
    if isinstance(data, Event):
        return data
    if isinstance(data, (str, bytes)):
        try:
            data = json.loads(data)
        except (ValueError, RecursionError) as error:
            raise EventFormatError(f"not valid JSON: {error}") from None
    if not isinstance(data, dict):
        raise EventFormatError("an event is a JSON object with a \"type\"")
    type_name = data.get("type")
    cls = EVENT_TYPES.get(type_name) if isinstance(type_name, str) else None
    if cls is None:
        raise EventFormatError(f"unknown event type {type_name!r}")
    values: dict[str, Any] = {}
    for name, (parse, required) in cls.spec.items():
        if name in data and data[name] is not None:
            try:
                values[name] = parse(data[name])
            except EventFormatError as error:
                raise EventFormatError(f"{type_name}: field {name!r}: {error}") from None
        elif required:
            raise EventFormatError(f"{type_name}: missing field {name!r}")
    extra = {key: value for key, value in data.items() if key != "type" and key not in cls.spec}
    _check_alternatives(type_name, values)
    return cls(**values, extra=extra or None)


def _check_alternatives(type_name: str, values: dict[str, Any]) -> None:
    """Fields that only make sense together or alone."""
    if type_name == "declare":
        if ("lowest_trump" in values) == bool(values.get("no_trump")):
            raise EventFormatError("declare: give either \"lowest_trump\" or \"no_trump\": true")
    elif type_name == "new_game":
        if len(values) > 1:
            raise EventFormatError("new_game: give at most one of \"fool\", \"draw\" and "
                                   "\"winners\"")
        if values.get("draw") is False:
            raise EventFormatError("new_game: \"draw\" is true or left out")
    elif type_name == "draw":
        if "count" not in values and "cards" not in values:
            raise EventFormatError("draw: give \"count\" or \"cards\"")
        if "count" in values and "cards" in values and values["count"] != len(values["cards"]):
            raise EventFormatError("draw: \"count\" and the number of \"cards\" differ")
