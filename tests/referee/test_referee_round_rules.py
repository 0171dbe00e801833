"""R1-R8: round durak, from the watched opening (R1-R4) to one-to-one defence (R5-R8)."""

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
    pass_,
    played,
    setup,
    start,
    take,
    throw_in,
    transfer,
)

from referee.cards import Card, deck

TABLE = ["6S", "7H", "8C", "9D", "10S", "JH", "QC", "KD"]
OPENING = [setup("round"), {"type": "deal", "table": TABLE}, {"type": "trump", "card": "6D"}]


def open_draw(player: str, card: str, beats: str | None = None) -> dict[str, Any]:
    event = {"type": "open_draw", "player": player, "card": card}
    if beats:
        event["beats"] = beats
    return event


@pytest.mark.parametrize("deal, rule", [
    ({"table": TABLE}, None), ({"table": TABLE[:7]}, "R1"), ({}, "R1"),
    ({"table": [*TABLE[:7], "6S"]}, "G8"), ({"faceup": {"Anna": "6S"}}, "R1"),
])
def test_r1_eight_cards_face_up(deal: dict, rule: str | None) -> None:
    assert_verdict(judge(OPENING[:1], {"type": "deal", **deal}), rule)


def test_r1_the_centre_trump_is_not_a_table_card() -> None:
    assert_verdict(judge(OPENING, open_draw("Anna", "7S", beats="6D")), "G8")


@pytest.mark.parametrize("event, rule", [
    (open_draw("Anna", "7S", beats="6S"), None),  # the dealer's left neighbour starts
    (open_draw("Boris", "7S", beats="6S"), "R2"),  # not his turn
    (open_draw("Anna", "6H"), None),  # beats nothing: laid beside the others
    (open_draw("Anna", "8H"), "R2"),  # beats 7H: must beat
    (open_draw("Anna", "8H", beats="8C"), "G4"),  # does not beat 8C
    (open_draw("Anna", "7D", beats="10S"), None),  # a trump beats any other suit
    (open_draw("Anna", "6S"), "G8"),  # 6S is on the table
    (attack("Anna", "7S"), "R2"),  # the opening is still on
])
def test_r2_the_opening_turn(event: dict, rule: str | None) -> None:
    assert_verdict(judge(OPENING, event), rule)


def test_r2_open_draw_only_in_round() -> None:
    assert_verdict(judge(start("classic"), open_draw("Anna", "7D")), "R2")


def test_r3_beating_the_ninth_card_takes_the_table_and_the_centre() -> None:
    events = [*OPENING, open_draw("Anna", "7S", beats="6S"), open_draw("Boris", "8H", beats="7H"),
              open_draw("Vera", "6H")]  # 6H beats nothing: the ninth card
    referee = played([*events, open_draw("Anna", "9H", beats="6H")])
    snap = referee.snapshot()
    assert snap["phase"] == "play" and snap["open_table"] == []
    rest = {"8C", "9D", "10S", "JH", "QC", "KD"}
    assert set(snap["hands"]["Anna"]["known"]) == {*rest, "7S", "6S", "9H", "6H", "6D"}
    assert snap["out"] == ["Vera"]  # R4: no cards when the main phase starts
    # beating another card keeps the opening going
    referee = played([*events, open_draw("Anna", "9C", beats="8C")])
    assert referee.snapshot()["phase"] == "opening"


@pytest.mark.parametrize("option, beats, phase", [(True, "6D", "finished"),
                                                  (True, "6S", "opening"),
                                                  (False, "6D", None)])
def test_r3_ninth_card_centre_option(option: bool, beats: str, phase: str | None) -> None:
    events = [setup("round", ninth_card_centre=option), *OPENING[1:]]
    verdict = judge(events, open_draw("Anna", "7D", beats=beats))
    if phase is None:
        assert_verdict(verdict, "G8")  # without the option the centre cannot be beaten
        return
    assert verdict.ok
    referee = played([*events, open_draw("Anna", "7D", beats=beats)])
    assert referee.snapshot()["phase"] == phase
    if phase == "finished":  # Anna took all: the others hold nothing, she is the fool
        assert referee.outcomes()[0]["fool"] == "Anna"


def test_r4_stock_runs_out_the_next_player_takes_the_table() -> None:
    table = ["AS", "AH", "AD", "KS", "KH", "KD", "QS", "QH"]
    rest = [c for c in deck(36) if str(c) not in table and str(c) != "6C"]
    clubs = sorted((c for c in rest if c.suit == "C"), key=lambda c: c.rank)
    others = sorted((c for c in rest if c.suit != "C"), key=lambda c: (c.suit, -c.rank))
    events = [setup("round"), {"type": "deal", "table": table}, {"type": "trump", "card": "6C"}]
    seats = ["Anna", "Boris", "Vera"]
    laid: list[Card] = []
    for turn, card in enumerate(others + clubs):
        player = seats[turn % 3]
        if card.suit == "C":  # a trump beats any laid card; keep clear of the ninth (laid[0])
            target = laid.pop()
            events.append(open_draw(player, str(card), beats=str(target)))
        else:
            laid.append(card)
            events.append(open_draw(player, str(card)))
    referee = played(events)
    snap = referee.snapshot()
    assert snap["phase"] == "play" and snap["stock"] == 0 and snap["open_table"] == []
    next_player = seats[len(others + clubs) % 3]
    assert set(map(str, laid)) <= set(snap["hands"][next_player]["known"])
    assert all("6C" not in hand["known"] for hand in snap["hands"].values())  # out of play
    assert sum(hand["count"] for hand in snap["hands"].values()) == 36 - 1


@pytest.mark.parametrize("cards, rule", [
    (["7S"], None), (["7S", "8D"], "R5"), (["6C", "7S", "8D"], "R5"),
])
def test_r5_attack_shapes(cards: list[str], rule: str | None) -> None:
    assert_verdict(judge(start("round"), attack("Anna", *cards)), rule)


PAIRS = {"Anna": ["6C", "6S", "7S", "7H", "8D", "9H"], "Boris": ["8S", "9S", "JH", "QH", "KD"],
         "Vera": ["10H", "10S"]}


@pytest.mark.parametrize("cards, rule", [
    (["6S", "6C", "8D"], None),  # a pair and any card
    (["6S", "6C", "7S", "7H", "8D"], None),  # two pairs and any card
    (["6S", "6C", "7S", "7H"], "R5"),  # 4 cards is no shape
    (["6S", "7S", "8D"], "R5"),  # no pair
])
def test_r5_pairs(cards: list[str], rule: str | None) -> None:
    assert_verdict(judge(start("round", hands=PAIRS), attack("Anna", *cards)), rule)


def test_r5_never_more_cards_than_the_defender_holds() -> None:
    hands = {**PAIRS, "Boris": ["8S", "9S"]}
    assert_verdict(judge(start("round", hands=hands), attack("Anna", "6S", "6C", "8D")), "R5")


@pytest.mark.parametrize("player, rule", [("Anna", None), ("Boris", "R5"), ("Vera", "R5")])
def test_r5_lowest_trump_leads_every_game(player: str, rule: str | None) -> None:
    card = {"Anna": "7S", "Boris": "8S", "Vera": "7H"}[player]
    assert_verdict(judge(start("round"), attack(player, card)), rule)


@pytest.mark.parametrize("defences, rule", [
    ([], "R6"),  # could beat 7S with 8S or 9S
    ([("8S", "7S")], None),  # beat the one he could
])
def test_r6_beat_as_many_as_a_pairing_allows(defences: list, rule: str | None) -> None:
    hands = {"Anna": ["6C", "7S", "7H", "8D"], "Boris": ["8S", "9S", "JD"],
             "Vera": ["10H", "10S"]}
    events = [*start("round", hands=hands), attack("Anna", "7S", "7H", "8D")]
    events += [defend("Boris", card, on) for card, on in defences]
    # Boris can beat 7S (8S or 9S) and 8D (JD): two; JD also beats 7H? no (hearts, trump C)
    if rule is None:
        events.append(defend("Boris", "JD", "8D"))
    assert_verdict(judge(events, take("Boris")), rule)


def test_r6_the_unbeaten_cards_go_to_the_defender_the_rest_to_discard() -> None:
    hands = {"Anna": ["6C", "7S", "7H", "8D"], "Boris": ["8S", "9S", "JD"],
             "Vera": ["10H", "10S"]}
    referee = played([*start("round", hands=hands), attack("Anna", "7S", "7H", "8D"),
                      defend("Boris", "8S", "7S"), defend("Boris", "JD", "8D"), take("Boris")])
    snap = referee.snapshot()
    assert snap["hands"]["Boris"]["known"] == ["7H", "9S"] and snap["discard"] == 4
    assert snap["table"] == []


@pytest.mark.parametrize("event, rule", [
    (throw_in("Vera", "10S"), "R6"), (pass_("Vera"), "R6"), (draw("Anna", 1), "R6"),
    (transfer("Boris", "7H"), "P8"),
])
def test_r6_no_throw_ins_no_drawing(event: dict, rule: str) -> None:
    hands = {"Anna": ["6C", "7S", "8D"], "Boris": ["7H", "8S", "9S"], "Vera": ["10H", "10S"]}
    events = [*start("round", hands=hands), attack("Anna", "7S")]
    if event["type"] == "draw":
        events += [defend("Boris", "8S", "7S"), DISCARD]
    assert_verdict(judge(events, event), rule)


@pytest.mark.parametrize("end, leader, other", [("discard", "Boris", "Anna"),
                                                ("take", "Boris", "Vera")])
def test_r7_the_defender_leads_next(end: str, leader: str, other: str) -> None:
    events = [*start("round"), attack("Anna", "7S")]
    if end == "discard":
        events += [defend("Boris", "8S", "7S"), DISCARD]
        card = "9S"
    else:
        hands = {"Anna": ["6C", "7S", "8D", "10H"], "Boris": ["6D", "6S", "9H", "JH"],
                 "Vera": ["7H", "8H", "9D", "JS"]}
        events = [*start("round", hands=hands), attack("Anna", "7S"), take("Boris")]
        card = "6S"
    assert_verdict(judge(events, attack(leader, card)), None)
    assert_verdict(judge(events, attack(other, {"Anna": "8D", "Vera": "7H"}[other])), "R7")


@pytest.mark.parametrize("hands, outcome", [
    ({"Anna": ["7S"], "Boris": ["8S", "6H"], "Vera": ["9H"]},
     {"fool": None, "draw": False, "finished": True, "winners": ["Anna"]}),
    ({"Anna": ["7S"], "Boris": ["8S"], "Vera": []},
     {"fool": None, "draw": True, "finished": True, "winners": []}),
])
def test_r8_play_for_winner(hands: dict, outcome: dict) -> None:
    seats = ["Anna", "Boris"] if not hands["Vera"] else ["Anna", "Boris", "Vera"]
    hands = {name: cards for name, cards in hands.items() if name in seats}
    events = [setup("round", seats=seats, dealer="Boris", play_for_winner=True),
              {"type": "deal", "hands": hands}, {"type": "trump", "card": "9C"},
              attack("Anna", "7S"), defend("Boris", "8S", "7S"), DISCARD]
    referee = played(events)
    assert referee.outcomes() == [outcome]
    score = referee.snapshot()["score"]
    if outcome["winners"]:
        assert score["Anna"]["wins"] == 1 and score["Boris"]["fools"] == 1
    else:
        assert score["Anna"]["draws"] == 1


def test_r5_four_of_a_kind_counts_as_two_pairs() -> None:
    hands = {"Anna": ["6C", "7S", "7H", "7D", "7C"], "Boris": ["8S", "9S", "JH", "QH", "KD"],
             "Vera": ["10H", "10S"]}
    events = start("round", hands=hands)
    assert_verdict(judge(events, attack("Anna", "7S", "7H", "7D", "7C", "6C")), None)
    assert_verdict(judge(events, attack("Anna", "7S", "7H", "7D")), None)  # a pair + a seven
