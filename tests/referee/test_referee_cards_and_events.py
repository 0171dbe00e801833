"""Cards (G1, G4, C5, names) and the notation: every event parses and prints back the same."""

from __future__ import annotations

import json

import pytest

from referee import Card, CardCodeError, EventFormatError, Referee, parse_event
from referee.cards import beats, cross_beats, deck, next_rank
from referee.events import EVENT_TYPES


@pytest.mark.parametrize("code", ["10H", "QS", "6C", "AD", "2S", "JH", "KC"])
def test_card_codes_round_trip(code: str) -> None:
    card = Card.parse(code)
    assert str(card) == code and Card(card.rank, card.suit) is card


@pytest.mark.parametrize("code", ["1H", "10X", "", "Q", "QSS", "qs", "11H", None, 10])
def test_bad_card_codes(code: object) -> None:
    with pytest.raises(CardCodeError):
        Card.parse(code)  # type: ignore[arg-type]


def test_russian_and_english_names() -> None:
    assert [Card.parse(c).ru for c in ("JS", "QH", "KD", "AC", "10H")] == [
        "В♠", "Д♥", "К♦", "Т♣", "10♥"]
    assert Card.parse("QS").name_en == "queen of spades"


def test_decks() -> None:
    assert len(deck(36)) == 36 and len(deck(52)) == 52
    assert min(c.rank for c in deck(36)) == 6 and len(set(deck(52))) == 52
    assert next_rank(14, 36) == 6 and next_rank(14, 52) == 2 and next_rank(9, 36) == 10


@pytest.mark.parametrize("attack, defence, trump, expected", [
    ("7S", "9S", "H", True), ("9S", "7S", "H", False), ("9S", "6H", "H", True),
    ("9H", "10H", "H", True), ("9H", "AS", "H", False), ("9S", "AD", "H", False),
])
def test_g4_beats(attack: str, defence: str, trump: str, expected: bool) -> None:
    assert beats(Card.parse(attack), Card.parse(defence), trump) is expected


@pytest.mark.parametrize("attack, defence, expected", [
    ("AS", "6D", True), ("AH", "6D", True), ("6C", "AD", False), ("6C", "7C", True),
    ("7D", "6D", False), ("7D", "8D", True), ("7D", "AC", False), ("7S", "8S", True),
])
def test_c5_cross_beats(attack: str, defence: str, expected: bool) -> None:
    assert cross_beats(Card.parse(attack), Card.parse(defence)) is expected


EXAMPLES = [
    {"type": "setup", "variant": "dummy", "deck": 36, "seats": ["A", "dummy", "B"],
     "dealer": "A", "options": {"active_dummy": True, "first_move": "from_under"}},
    {"type": "new_game"},
    {"type": "deal"},
    {"type": "deal", "hands": {"A": ["6S", "7S"], "B": []}},
    {"type": "deal", "faceup": {"A": "6S", "B": "KC"}},
    {"type": "deal", "table": ["6S", "7H", "8C", "9D", "10S", "JH", "QC", "KD"]},
    {"type": "trump", "card": "9C"},
    {"type": "declare", "player": "A", "lowest_trump": "6C"},
    {"type": "declare", "player": "dummy", "no_trump": True},
    {"type": "attack", "player": "A", "cards": ["6S", "6H"]},
    {"type": "throw_in", "player": "dummy", "cards": ["6D"]},
    {"type": "defend", "player": "B", "card": "7S", "on": "6S"},
    {"type": "transfer", "player": "B", "cards": ["6C"]},
    {"type": "pass", "player": "A"},
    {"type": "take", "player": "B"},
    {"type": "pass_on", "player": "B", "card": "QS"},
    {"type": "discard"},
    {"type": "draw", "player": "A", "count": 2},
    {"type": "draw", "player": "A", "cards": ["8S", "9S"]},
    {"type": "draw", "player": "A", "count": 1, "cards": ["8S"]},
    {"type": "open_draw", "player": "A", "card": "8S", "beats": "7S"},
    {"type": "open_draw", "player": "A", "card": "8S"},
    {"type": "deal_card", "player": "A", "card": "8S", "to": "B"},
    {"type": "attack", "player": "A", "cards": ["6S"], "foul": "P7", "ts": 12.5},
]


@pytest.mark.parametrize("data", EXAMPLES, ids=lambda d: d["type"])
def test_every_event_round_trips(data: dict) -> None:
    event = parse_event(data)
    assert event.to_dict() == data
    assert parse_event(event.to_json()) == event
    assert json.loads(event.to_json()) == data


def test_every_event_type_has_an_example() -> None:
    assert {data["type"] for data in EXAMPLES} == set(EVENT_TYPES)


@pytest.mark.parametrize("line", [
    "not json", "[1, 2]", '{"no": "type"}', '{"type": "castle"}',
    '{"type": "attack", "player": "A"}', '{"type": "attack", "player": "A", "cards": []}',
    '{"type": "attack", "player": "A", "cards": ["1H"]}',
    '{"type": "attack", "player": 3, "cards": ["6H"]}',
    '{"type": "defend", "player": "A", "card": "6H"}',
    '{"type": "setup", "variant": "classic", "deck": "36", "seats": ["A", "B"], "dealer": "A"}',
    '{"type": "declare", "player": "A"}',
    '{"type": "declare", "player": "A", "lowest_trump": "6C", "no_trump": true}',
    '{"type": "draw", "player": "A"}', '{"type": "draw", "player": "A", "count": -1}',
    '{"type": "draw", "player": "A", "count": 2, "cards": ["6S"]}',
    '{"type": "deal", "hands": ["6S"]}', '{"type": "trump", "card": true}',
])
def test_malformed_events(line: str) -> None:
    with pytest.raises(EventFormatError):
        parse_event(line)
    verdict = Referee().apply(line)
    assert (verdict.ok, verdict.rule) == (False, "FORMAT") and verdict.message_ru
