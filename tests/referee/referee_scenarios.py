"""Small hand-dealt games for the rule tests: every player's cards are known, so each test can
say exactly which card is where, and each rule test asserts one specific verdict."""

from __future__ import annotations

from typing import Any

from referee import Referee, Verdict

PODKIDNOY = ("classic", "transfer", "dummy")
VARIANTS = ("classic", "transfer", "dummy", "round", "cross")

# Trump clubs (9C under the stock). Anna holds the lowest trump (6C), so she leads at Boris.
HANDS = {
    "Anna": ["6C", "6S", "7S", "8D", "10H", "QS"],
    "Boris": ["6D", "8S", "9S", "JH", "KD", "AC"],
    "Vera": ["7H", "8H", "9D", "JS", "QD", "KS"],
}
DUMMY_HAND = ["7D", "9H", "10C", "JD", "QC", "KH"]


def setup(variant: str = "classic", seats: list[str] | None = None, dealer: str = "Vera",
          deck: int = 36, **options: Any) -> dict[str, Any]:
    if seats is None:
        seats = ["Anna", "dummy", "Boris", "Vera"] if variant == "dummy" else [
            "Anna", "Boris", "Vera"]
    event: dict[str, Any] = {"type": "setup", "variant": variant, "deck": deck, "seats": seats,
                             "dealer": dealer}
    if options:
        event["options"] = options
    return event


def podkidnoy_start(variant: str = "classic", hands: dict[str, list[str]] | None = None,
                    trump: str = "9C", **options: Any) -> list[dict[str, Any]]:
    """Setup, a known deal and the trump of a podkidnoy-family game (dummy seated 2nd)."""
    hands = dict(HANDS if hands is None else hands)
    if variant == "dummy" and "dummy" not in hands:
        hands["dummy"] = DUMMY_HAND
    return [setup(variant, **options), {"type": "deal", "hands": hands},
            {"type": "trump", "card": trump}]


def attack(player: str, *cards: str) -> dict[str, Any]:
    return {"type": "attack", "player": player, "cards": list(cards)}


def throw_in(player: str, *cards: str) -> dict[str, Any]:
    return {"type": "throw_in", "player": player, "cards": list(cards)}


def defend(player: str, card: str, on: str) -> dict[str, Any]:
    return {"type": "defend", "player": player, "card": card, "on": on}


def transfer(player: str, *cards: str) -> dict[str, Any]:
    return {"type": "transfer", "player": player, "cards": list(cards)}


def take(player: str) -> dict[str, Any]:
    return {"type": "take", "player": player}


def pass_(player: str) -> dict[str, Any]:
    return {"type": "pass", "player": player}


def draw(player: str, count: int) -> dict[str, Any]:
    return {"type": "draw", "player": player, "count": count}


def pass_on(player: str, card: str) -> dict[str, Any]:
    return {"type": "pass_on", "player": player, "card": card}


DISCARD: dict[str, Any] = {"type": "discard"}
NEW_GAME: dict[str, Any] = {"type": "new_game"}


def played(events: list[dict[str, Any]]) -> Referee:
    """A referee that has accepted every one of `events` (the test's premise)."""
    referee = Referee()
    for number, event in enumerate(events, start=1):
        verdict = referee.apply(event)
        assert verdict.ok, f"premise event {number} {event} refused: {verdict}"
    return referee


def judge(events: list[dict[str, Any]], event: dict[str, Any]) -> Verdict:
    """The verdict on `event` after the legal `events`."""
    return played(events).apply(event)


def assert_verdict(verdict: Verdict, rule: str | None) -> None:
    """`rule` None: legal; otherwise a foul under exactly that rule, worded in both languages."""
    if rule is None:
        assert verdict.ok, verdict
    else:
        assert (verdict.ok, verdict.rule) == (False, rule), verdict
        assert verdict.message and verdict.message_ru and verdict.message != verdict.message_ru

# Small hands for round and cross games dealt with hands (the opening/face-up phase unwatched).
# Round: trump clubs, Anna holds the lowest trump and leads at Boris (R5).
# Cross: diamonds are trump; Boris holds the lowest diamond and leads at Vera (C4).
SMALL_HANDS = {
    "Anna": ["6C", "7S", "8D", "10H"],
    "Boris": ["6D", "8S", "9S", "JH"],
    "Vera": ["7H", "8H", "9D", "JS"],
}
FIRST_BOUT = {"classic": ("Anna", "Boris"), "transfer": ("Anna", "Boris"),
              "dummy": ("Anna", "Boris"), "round": ("Anna", "Boris"),
              "cross": ("Boris", "Vera")}


def start(variant: str, hands: dict[str, list[str]] | None = None,
          **options: Any) -> list[dict[str, Any]]:
    """The events that start a game of `variant` with known hands, up to the first attack."""
    if variant in PODKIDNOY:
        return podkidnoy_start(variant, hands, **options)
    events = [setup(variant, **options),
              {"type": "deal", "hands": dict(SMALL_HANDS if hands is None else hands)}]
    if variant == "round":
        events.append({"type": "trump", "card": "9C"})
    return events


def first_attack(variant: str) -> dict[str, Any]:
    """A legal first attack of `start(variant)`: the leader's lowest non-trump."""
    leader = FIRST_BOUT[variant][0]
    card = {"Anna": "7S", "Boris": "8S"}[leader]
    return attack(leader, card)


def finished_game(variant: str, players: int = 2, seed: int = 0) -> list[dict[str, Any]]:
    """A whole simulated game (to its end), as events."""
    from referee.simulate import simulate_match
    return simulate_match(variant, players, 36, 1, seed)
