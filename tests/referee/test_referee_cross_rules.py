"""C1-C8: cross durak, from the face-up piles (C1-C3) to passing cards on (C7)."""

from __future__ import annotations

from typing import Any

import pytest
from referee_scenarios import (
    DISCARD,
    assert_verdict,
    attack,
    defend,
    draw,
    judge,
    pass_on,
    played,
    setup,
    start,
    take,
    throw_in,
)

from referee.openings import pile_for
from referee.simulate import simulate_match

FACEUP = {"Anna": "9S", "Boris": "6H", "Vera": "KC"}  # dealer Vera; KC is highest: Vera first


def faceup(cards: dict[str, str] = FACEUP, dealer: str = "Vera",
           **options: Any) -> list[dict[str, Any]]:
    return [setup("cross", dealer=dealer, **options), {"type": "deal", "faceup": cards}]


def deal_card(player: str, card: str, to: str) -> dict[str, Any]:
    return {"type": "deal_card", "player": player, "card": card, "to": to}


@pytest.mark.parametrize("deal, rule", [
    ({"faceup": FACEUP}, None), ({"faceup": {"Anna": "9S", "Boris": "6H"}}, "C1"),
    ({}, "C1"), ({"table": ["6S"] * 8}, "C1"),
    ({"faceup": {"Anna": "9S", "Boris": "9S", "Vera": "KC"}}, "G8"),
])
def test_c1_one_face_up_card_each(deal: dict, rule: str | None) -> None:
    assert_verdict(judge(faceup()[:1], {"type": "deal", **deal}), rule)


@pytest.mark.parametrize("cards, dealer, first", [
    (FACEUP, "Vera", "Vera"),  # highest card
    ({"Anna": "KS", "Boris": "KH", "Vera": "6H"}, "Vera", "Anna"),  # tie: nearest from Anna
    ({"Anna": "KS", "Boris": "KH", "Vera": "6H"}, "Anna", "Boris"),  # tie: from Boris
])
def test_c2_the_highest_face_up_card_draws_first(cards: dict, dealer: str, first: str) -> None:
    events = faceup(cards, dealer=dealer)
    for player in ("Anna", "Boris", "Vera"):
        verdict = judge(events, deal_card(player, "QD", player))
        assert (verdict.ok, verdict.rule) == ((True, None) if player == first else (False, "C2"))


@pytest.mark.parametrize("card, to, rule", [
    ("10D", "Anna", None),  # onto 9S, the pile one rank lower
    ("10D", "Vera", "C3"),
    ("7D", "Boris", None),  # onto 6H
    ("QD", "Vera", None),  # no pile fits: his own
    ("QD", "Anna", "C3"),
    ("AD", "Vera", None),  # onto his own KC
    ("9S", "Vera", "G8"),  # 9S is face up already
])
def test_c3_placing_the_drawn_card(card: str, to: str, rule: str | None) -> None:
    assert_verdict(judge(faceup(), deal_card("Vera", card, to)), rule)


def test_c3_nearest_pile_clockwise_own_pile_last_and_ace_then_six() -> None:
    cards = {"Anna": "KS", "Boris": "6H", "Vera": "KC"}
    events = faceup(cards, dealer="Boris")  # tie on kings: Vera (Boris's left) first
    assert_verdict(judge(events, deal_card("Vera", "AH", "Anna")), None)
    assert_verdict(judge(events, deal_card("Vera", "AH", "Vera")), "C3")
    after = [*events, deal_card("Vera", "AH", "Anna")]
    assert_verdict(judge(after, deal_card("Anna", "6S", "Anna")), None)  # 6 follows the ace


@pytest.mark.parametrize("option, next_player, rule", [
    (False, "Vera", "C3"), (False, "Anna", None), (True, "Vera", None), (True, "Anna", "C3"),
])
def test_c3_turns_and_place_continues(option: bool, next_player: str, rule: str | None) -> None:
    events = [*faceup(place_continues=option), deal_card("Vera", "10D", "Anna")]
    assert_verdict(judge(events, deal_card(next_player, "QD", next_player)), rule)


def test_c3_an_empty_stock_turns_piles_into_hands() -> None:
    events = faceup()
    referee = played(events)
    stock = [card for card in referee.state.rules.cards if card not in referee.state.where]
    for card in stock:
        state = referee.state
        seat = state.turn
        target = pile_for(state, seat, card)
        assert referee.apply(deal_card(state.rules.seats[seat], str(card),
                                       state.rules.seats[target])).ok
    snap = referee.snapshot()
    assert snap["phase"] == "play" and snap["stock"] == 0
    assert sum(hand["count"] for hand in snap["hands"].values()) == 36
    assert all(len(hand["known"]) == hand["count"] for hand in snap["hands"].values())
    assert_verdict(referee.apply(draw("Anna", 1)), "C3")


def test_c3_hands_given_before_the_stock_ran_out_end_the_face_up_phase() -> None:
    """The face-up phase not watched to its end (a camera lost it): the hands the players
    give take the piles' place; the piles' cards not in them are out of play, a card in
    one hand cannot be played from another, and the bouts begin (C4 on the hands given)."""
    events = [*faceup(), deal_card("Vera", "10D", "Anna"), deal_card("Anna", "QD", "Anna")]
    hands = {"Anna": ["9S", "10D", "QD", "7S"], "Boris": ["6H", "8S", "6D"], "Vera": ["KC"]}
    referee = played([*events, {"type": "deal", "hands": hands}])
    snap = referee.snapshot()
    assert snap["phase"] == "play" and snap["stock"] == 0 and snap["piles"] == {}
    assert {name: hand["count"] for name, hand in snap["hands"].items()} \
        == {"Anna": 4, "Boris": 3, "Vera": 1}
    assert_verdict(judge([*events, {"type": "deal", "hands": hands}], attack("Anna", "7S")),
                   "C4")                        # Boris holds the lowest diamond (6D)
    assert_verdict(referee.apply(attack("Boris", "10D")), "G8")   # it is in Anna's hand
    assert_verdict(referee.apply(attack("Boris", "6D")), None)


def test_c3_hands_given_with_unseen_cards_hold_any_card_no_one_saw() -> None:
    """Hands given with `unseen` counts (placings a camera lost): a hand with unseen cards
    may play any card nobody saw; a hand known whole may not (G8); the counts include them."""
    events = [*faceup(), deal_card("Vera", "10D", "Anna")]
    hands = {"Anna": ["9S", "10D"], "Boris": ["6H", "6D"], "Vera": ["KC"]}
    referee = played([*events, {"type": "deal", "hands": hands, "unseen": {"Vera": 2}}])
    snap = referee.snapshot()
    assert {name: hand["count"] for name, hand in snap["hands"].items()} \
        == {"Anna": 2, "Boris": 2, "Vera": 3}
    after = [*events, {"type": "deal", "hands": hands, "unseen": {"Vera": 2}},
             attack("Boris", "6D")]
    assert_verdict(judge(after, defend("Vera", "AD", "6D")), None)       # one of her unseen
    assert_verdict(judge(after, defend("Vera", "KD", "6D")), None)
    passed = [*after, pass_on("Vera", "7S")]                  # 7S unseen too: on to Anna
    assert_verdict(judge(passed, defend("Anna", "AS", "7S")), "G8")      # her hand is known
    assert_verdict(judge(passed, defend("Anna", "9S", "7S")), None)
    assert_verdict(judge([*passed, defend("Anna", "9S", "7S")], attack("Anna", "AH")), "G8")


@pytest.mark.parametrize("unseen, rule", [({"Vera": 40}, "C1"), ({"Vera": -1}, "FORMAT"),
                                          ({"Olga": 1}, "G2")])
def test_c3_unseen_cards_are_counted_within_the_deck(unseen: dict, rule: str) -> None:
    hands = {"Anna": ["9S"], "Boris": ["6H"], "Vera": ["KC"]}
    assert_verdict(judge(faceup(), {"type": "deal", "hands": hands, "unseen": unseen}), rule)


def test_c3_hands_are_not_given_twice() -> None:
    hands = {"Anna": ["9S"], "Boris": ["6H"], "Vera": ["KC"]}
    events = [*faceup(), {"type": "deal", "hands": hands}]
    assert_verdict(judge(events, {"type": "deal", "hands": hands}), "C1")


@pytest.mark.parametrize("player, card, rule", [("Boris", "8S", None), ("Anna", "7S", "C4"),
                                                ("Vera", "7H", "C4")])
def test_c4_lowest_diamond_leads_the_first_game(player: str, card: str, rule: str | None) -> None:
    assert_verdict(judge(start("cross"), attack(player, card)), rule)


@pytest.mark.parametrize("first_move", ["under", "from_under"])
def test_c4_later_games_follow_g5(first_move: str) -> None:
    for seed in range(5):
        log = simulate_match("cross", 3, 36, 2, seed, options={"first_move": first_move})
        start_of_game_2 = next(i for i, e in enumerate(log) if e["type"] == "new_game")
        first = next(i for i in range(start_of_game_2, len(log)) if log[i]["type"] == "attack")
        referee = played(log[:first])
        fool = referee.outcomes()[0]["fool"]
        seats = referee.snapshot()["seats"]
        step = -1 if first_move == "under" else 1
        leader = seats[(seats.index(fool) + step) % 3]
        assert log[first]["player"] == leader
        other = next(p for p in seats if p != leader)
        card = referee.snapshot()["hands"][other]["known"][0]
        assert_verdict(referee.apply(attack(other, card)), "G5")


@pytest.mark.parametrize("lead, defence, rule", [
    ("8S", "9D", None),  # a diamond beats a spade
    ("8H", "7D", None),  # ... and a heart
    ("8C", "9D", "C5"),  # ... but not a club
    ("8C", "9C", None),  # a club only by a higher club
    ("9D", "10D", None),  # a diamond only by a higher diamond
    ("9D", "AS", "C5"),
    ("8H", "7H", "C5"),
])
def test_c5_cross_trumps(lead: str, defence: str, rule: str | None) -> None:
    hands = {"Anna": ["7S"], "Boris": ["6D", lead], "Vera": [defence, "QH"]}
    events = [*start("cross", hands=hands), attack("Boris", lead)]
    assert_verdict(judge(events, defend("Vera", defence, lead)), rule)


def test_c6_one_card_attacks_then_the_beater_leads() -> None:
    assert_verdict(judge(start("cross"), attack("Boris", "8S", "9S")), "C6")
    events = [*start("cross"), attack("Boris", "8S")]
    assert_verdict(judge(events, throw_in("Anna", "7S")), "C6")
    beaten = [*events, defend("Vera", "JS", "8S")]
    assert_verdict(judge(beaten, attack("Vera", "7H")), "C6")  # discard first
    done = [*beaten, DISCARD]
    assert_verdict(judge(done, attack("Vera", "7H")), None)
    assert_verdict(judge(done, attack("Boris", "9S")), "C6")


def test_c7_passing_on_a_card_he_cannot_beat() -> None:
    hands = {"Anna": ["6C", "7S", "QS"], "Boris": ["6D", "8C"], "Vera": ["7H", "9S", "JS"]}
    events = [*start("cross", hands=hands), attack("Boris", "8C")]
    assert_verdict(judge(events, take("Vera")), "C7")  # no takes in cross
    assert_verdict(judge(events, pass_on("Anna", "7S")), "C6")  # not the defender
    referee = played([*events, pass_on("Vera", "9S")])
    snap = referee.snapshot()
    assert snap["defender"] == "Anna" and snap["table"] == [{"attack": "9S", "defence": None}]
    assert "8C" in snap["hands"]["Vera"]["known"]
    assert_verdict(referee.apply(pass_on("Anna", "6C")), "C7")  # QS beats 9S
    assert_verdict(referee.apply(defend("Anna", "QS", "9S")), None)
    # beaten, nothing is left to pass on (hypothesis found a beaten pair lost that way)
    verdict = referee.apply(pass_on("Anna", "6C"))
    assert_verdict(verdict, "C7")
    assert "QS already beats 9S" in verdict.message
    assert referee.snapshot()["table"] == [{"attack": "9S", "defence": "QS"}]


def test_c7_the_card_travels_to_the_attacker_too() -> None:
    hands = {"Anna": [], "Boris": ["6D", "8C", "JS"], "Vera": ["7H", "9S"]}
    events = [*start("cross", hands=hands), attack("Boris", "8C"), pass_on("Vera", "9S")]
    snap = played(events).snapshot()
    assert snap["defender"] == "Boris"  # Anna holds nothing: Boris, the attacker, must beat
    assert_verdict(judge(events, defend("Boris", "JS", "9S")), None)
