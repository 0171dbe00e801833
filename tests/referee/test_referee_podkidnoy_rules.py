"""P1-P8: the podkidnoy core in classic, transfer and dummy (the dummy seated after Anna and
skipped as defender, so the same bouts are played in all three)."""

from __future__ import annotations

import pytest
from referee_scenarios import (
    DISCARD,
    HANDS,
    NEW_GAME,
    PODKIDNOY,
    assert_verdict,
    attack,
    defend,
    draw,
    judge,
    pass_,
    played,
    podkidnoy_start,
    setup,
    take,
    throw_in,
    transfer,
)

ALL_SIX = {  # 6 hands of 6 from 36 cards: no stock (P1)
    "A": ["6S", "7S", "8S", "9S", "10S", "JS"], "B": ["QS", "KS", "AS", "6H", "7H", "8H"],
    "C": ["9H", "10H", "JH", "QH", "KH", "AH"], "D": ["6D", "7D", "8D", "9D", "10D", "JD"],
    "E": ["QD", "KD", "AD", "6C", "7C", "8C"], "F": ["9C", "10C", "JC", "QC", "KC", "AC"],
}


@pytest.mark.parametrize("variant", PODKIDNOY)
def test_p1_six_cards_to_each_hand(variant: str) -> None:
    events = podkidnoy_start(variant)
    assert_verdict(judge(events[:1], events[1]), None)
    short = {**events[1]["hands"], "Anna": HANDS["Anna"][:5]}
    assert_verdict(judge(events[:1], {"type": "deal", "hands": short}), "P1")
    assert_verdict(judge(events[:1], {"type": "trump", "card": "9C"}), "P1")  # before the deal
    assert_verdict(judge(events, {"type": "trump", "card": "9C"}), "P1")  # turned twice
    assert_verdict(judge(events[:1], {"type": "deal", "faceup": {"Anna": "6S"}}), "P1")


@pytest.mark.parametrize("trump, rule", [("AC", None), ("9S", "G8")])
def test_p1_no_stock_left_the_trump_stays_in_the_dealers_hand(trump: str, rule: str | None) -> None:
    events = [setup("classic", seats=list(ALL_SIX), dealer="F"), {"type": "deal", "hands": ALL_SIX}]
    referee = played(events)
    assert_verdict(referee.apply({"type": "trump", "card": trump}), rule)
    if rule is None:
        snap = referee.snapshot()
        assert snap["stock"] == 0 and "AC" in snap["hands"]["F"]["known"]


@pytest.mark.parametrize("variant", PODKIDNOY)
@pytest.mark.parametrize("cards, lead_group, rule", [
    (["7S"], False, None), (["6S", "6C"], False, "P2"), (["6S", "6C"], True, None),
    (["6S", "7S"], True, "P2"),
])
def test_p2_lead_one_card_or_a_group_of_one_rank(variant: str, cards: list[str], lead_group: bool,
                                                 rule: str | None) -> None:
    events = podkidnoy_start(variant, lead_group=lead_group)
    assert_verdict(judge(events, attack("Anna", *cards)), rule)


@pytest.mark.parametrize("variant", PODKIDNOY)
@pytest.mark.parametrize("player, rule", [("Boris", None), ("Vera", "P2"), ("Anna", "P2")])
def test_p2_only_the_left_neighbour_defends(variant: str, player: str, rule: str | None) -> None:
    card = {"Boris": "8S", "Vera": "JS", "Anna": "QS"}[player]
    events = [*podkidnoy_start(variant), attack("Anna", "7S")]
    assert_verdict(judge(events, defend(player, card, "7S")), rule)


@pytest.mark.parametrize("variant", PODKIDNOY)
def test_p3_throw_in_ranks_on_the_table_after_the_lead_is_beaten(variant: str) -> None:
    events = [*podkidnoy_start(variant), attack("Anna", "7S")]
    assert_verdict(judge(events, throw_in("Vera", "7H")), "P3")  # lead not beaten yet
    events.append(defend("Boris", "8S", "7S"))
    assert_verdict(judge(events, throw_in("Vera", "7H")), None)  # rank 7 on the table
    assert_verdict(judge(events, throw_in("Vera", "8H")), None)  # rank 8 (the defence card)
    assert_verdict(judge(events, throw_in("Vera", "9D")), "P3")  # no 9 on the table
    assert_verdict(judge(events, throw_in("Anna", "6S")), "P3")
    assert_verdict(judge(events, throw_in("Boris", "9S")), "P3")  # the defender himself


@pytest.mark.parametrize("variant", PODKIDNOY)
def test_p3_throw_in_after_a_take_and_with_early_throw_in(variant: str) -> None:
    events = [*podkidnoy_start(variant), attack("Anna", "7S")]
    assert_verdict(judge([*events, take("Boris")], throw_in("Vera", "7H")), None)
    early = [*podkidnoy_start(variant, early_throw_in=True), attack("Anna", "7S")]
    assert_verdict(judge(early, throw_in("Vera", "7H")), None)


@pytest.mark.parametrize("variant", PODKIDNOY)
def test_p3_a_seat_that_passed_waits_for_a_new_card(variant: str) -> None:
    events = [*podkidnoy_start(variant), attack("Anna", "7S"), defend("Boris", "8S", "7S"),
              pass_("Vera")]
    assert_verdict(judge(events, throw_in("Vera", "7H")), "P3")
    events += [throw_in("Anna", "8D"), defend("Boris", "KD", "8D")]  # new cards: Vera may again
    assert_verdict(judge(events, throw_in("Vera", "8H")), None)
    assert_verdict(judge(events, pass_("Boris")), "P3")  # the defender does not pass


SIXES = {"Anna": ["6C", "6S", "6H", "6D", "7S", "7H"],
         "Boris": ["8C", "9C", "10C", "JC", "QC", "AC"],
         "Vera": ["7D", "8S", "8H", "8D", "9S", "9H"],
         "dummy": ["10S", "JS", "QS", "KS", "AS", "10H"]}


@pytest.mark.parametrize("variant", PODKIDNOY)
@pytest.mark.parametrize("first_bout_5, rule", [(False, None), (True, "P4")])
def test_p4_at_most_six_or_five_in_the_first_bout(variant: str, first_bout_5: bool,
                                                  rule: str | None) -> None:
    hands = {name: cards for name, cards in SIXES.items() if variant == "dummy" or name != "dummy"}
    events = [*podkidnoy_start(variant, hands=hands, trump="KC", first_bout_5=first_bout_5,
                               lead_group=True), attack("Anna", "6S", "6H", "6D"),
              defend("Boris", "8C", "6S"), take("Boris"), throw_in("Anna", "6C"),
              throw_in("Vera", "8S")]
    assert_verdict(judge(events, throw_in("Vera", "8H")), rule)  # the 6th attack card
    if rule is None:
        assert_verdict(judge([*events, throw_in("Vera", "8H")], throw_in("Vera", "8D")), "P4")


def test_p4_not_more_than_the_defender_held_when_the_bout_began() -> None:
    # six players, no stock (P1), hands unseen: Boris threw in during bout 1, so he defends
    # bout 2 holding 5 cards, and bout 2 holds at most 5 attack cards
    seats = ["Anna", "Boris", "Vera", "Oleg", "Ivan", "Lena"]
    events = [setup("classic", seats=seats, dealer="Lena", lead_group=True), {"type": "deal"},
              {"type": "trump", "card": "AC"}]
    events += [{"type": "declare", "player": name, "no_trump": True} for name in seats[:5]]
    events += [{"type": "declare", "player": "Lena", "lowest_trump": "AC"},
               attack("Lena", "7S"), defend("Anna", "8S", "7S"), throw_in("Boris", "7H"),
               defend("Anna", "9H", "7H"), DISCARD,
               attack("Anna", "6D"), defend("Boris", "7D", "6D"), throw_in("Vera", "6S"),
               defend("Boris", "10S", "6S"), throw_in("Oleg", "10H"), take("Boris"),
               throw_in("Ivan", "7C"),
               throw_in("Lena", "10C")]
    referee = played(events)
    assert len(referee.snapshot()["table"]) == 5
    assert_verdict(referee.apply(throw_in("Vera", "6H")), "P4")


@pytest.mark.parametrize("variant", PODKIDNOY)
def test_p5_bout_ends_with_discard_or_take(variant: str) -> None:
    events = [*podkidnoy_start(variant), attack("Anna", "7S")]
    assert_verdict(judge(events, DISCARD), "P5")  # 7S not beaten
    assert_verdict(judge(events, attack("Anna", "6S")), "P5")  # the bout is open
    beaten = [*events, defend("Boris", "8S", "7S")]
    assert_verdict(judge(beaten, attack("Boris", "9S")), "P5")  # beaten but not discarded
    assert_verdict(judge(beaten, DISCARD), None)
    assert_verdict(judge(beaten, take("Boris")), "P5")  # nothing unbeaten to take
    took = [*events, take("Boris")]
    assert_verdict(judge(took, DISCARD), "P5")  # he took: not the discard pile
    assert_verdict(judge(took, defend("Boris", "8S", "7S")), "P5")  # no beating after a take
    assert_verdict(judge(took, take("Boris")), "P5")


@pytest.mark.parametrize("variant", PODKIDNOY)
def test_p5_the_table_goes_to_the_taker_at_the_next_attack(variant: str) -> None:
    events = [*podkidnoy_start(variant), attack("Anna", "7S"), take("Boris"),
              throw_in("Vera", "7H"), attack("Vera", "JS")]
    snap = played(events).snapshot()
    assert snap["hands"]["Boris"]["count"] == 8
    assert {"7S", "7H"} <= set(snap["hands"]["Boris"]["known"])


@pytest.mark.parametrize("variant", PODKIDNOY)
def test_p6_draw_up_in_order_leader_first(variant: str) -> None:
    events = [*podkidnoy_start(variant), attack("Anna", "7S"), defend("Boris", "8S", "7S"),
              throw_in("Vera", "7H"), defend("Boris", "JH", "7H"), DISCARD]
    # Anna (leader) first, then clockwise: (dummy full), Boris, Vera
    assert_verdict(judge(events, draw("Boris", 2)), "P6")
    assert_verdict(judge(events, draw("Anna", 2)), "P6")  # she needs exactly 1
    assert_verdict(judge(events, draw("Anna", 1)), None)
    events.append(draw("Anna", 1))
    assert_verdict(judge(events, draw("Vera", 1)), "P6")
    events += [draw("Boris", 2), draw("Vera", 1)]
    assert_verdict(judge(events, draw("Vera", 1)), "P6")  # nobody needs cards now
    referee = played(events)
    assert [referee.snapshot()["hands"][n]["count"] for n in ("Anna", "Boris", "Vera")] == [6] * 3


@pytest.mark.parametrize("variant", PODKIDNOY)
def test_p6_defender_last_option(variant: str) -> None:
    events = [*podkidnoy_start(variant, defender_last=True), attack("Anna", "7S"),
              defend("Boris", "8S", "7S"), throw_in("Vera", "7H"), defend("Boris", "JH", "7H"),
              DISCARD, draw("Anna", 1)]
    assert_verdict(judge(events, draw("Boris", 2)), "P6")
    assert_verdict(judge(events, draw("Vera", 1)), None)


@pytest.mark.parametrize("variant", PODKIDNOY)
def test_p6_draws_left_out_are_filled_in(variant: str) -> None:
    events = [*podkidnoy_start(variant), attack("Anna", "7S"), defend("Boris", "8S", "7S"),
              DISCARD]
    stock = played(events).snapshot()["stock"]
    snap = played([*events, attack("Boris", "9S")]).snapshot()
    assert snap["hands"]["Anna"]["count"] == 6 and snap["hands"]["Boris"]["count"] == 5
    assert snap["stock"] == stock - 2


@pytest.mark.parametrize("variant", PODKIDNOY)
@pytest.mark.parametrize("after, leader, other", [
    ("discard", "Boris", "Anna"),  # the defender leads
    ("take", "Vera", "Anna"),  # the defender's left neighbour leads
])
def test_p7_next_bout(variant: str, after: str, leader: str, other: str) -> None:
    events = [*podkidnoy_start(variant), attack("Anna", "7S")]
    events += [defend("Boris", "8S", "7S"), DISCARD] if after == "discard" else [take("Boris")]
    card = {"Boris": "9S", "Vera": "JS"}[leader]
    assert_verdict(judge(events, attack(leader, card)), None)
    assert_verdict(judge(events, attack(other, "QS")), "P7")


@pytest.mark.parametrize("variant, rule", [("classic", "P8"), ("dummy", "P8"),
                                           ("transfer", None)])
def test_p8_transfer_only_in_the_transfer_variant(variant: str, rule: str | None) -> None:
    hands = {**HANDS, "Boris": ["7C", "8S", "9S", "JH", "KD", "AC"]}
    events = [*podkidnoy_start(variant, hands=hands), attack("Anna", "7S")]
    assert_verdict(judge(events, transfer("Boris", "7C")), rule)


def test_p8_transfer_rules() -> None:
    hands = {"Anna": ["6C", "6S", "7S", "8D", "10H", "QS"],
             "Boris": ["7D", "8S", "9S", "JH", "KD", "AC"],
             "Vera": ["7H", "8H", "9D", "JS", "QD", "KS"]}
    events = [*podkidnoy_start("transfer", hands=hands), attack("Anna", "7S")]
    assert_verdict(judge(events, transfer("Boris", "8S")), "P8")  # another rank
    assert_verdict(judge(events, transfer("Vera", "7H")), "P8")  # not the defender
    moved = [*events, transfer("Boris", "7D")]
    referee = played(moved)
    assert referee.snapshot()["defender"] == "Vera"
    assert_verdict(referee.apply(transfer("Vera", "7H")), None)  # on to Anna, who holds 5 >= 3
    assert referee.snapshot()["defender"] == "Anna"
    beaten = [*moved, defend("Vera", "JS", "7S")]
    assert_verdict(judge(beaten, transfer("Vera", "7H")), "P8")  # a card is beaten already
    # P6 place: after the transfers, the bout's leader Anna still draws first
    referee = played([*moved, transfer("Vera", "7H"), defend("Anna", "8D", "7D"),
                      defend("Anna", "QS", "7S"), defend("Anna", "6C", "7H"), DISCARD])
    assert_verdict(referee.apply(draw("Boris", 1)), "P6")
    assert_verdict(referee.apply(draw("Anna", 4)), None)


@pytest.mark.parametrize("lead, rule", [(["6S", "6H"], None), (["6S", "6H", "6C"], "P8")])
def test_p8_the_new_defender_must_hold_enough_cards(lead: list[str], rule: str | None) -> None:
    # two players: a transfer goes back to Anna, who must hold as many cards as the attack
    hands = {"Anna": ["6C", "6S", "6H", "7S", "8S", "9S"],
             "Boris": ["6D", "7D", "8D", "9D", "10D", "JD"]}
    events = [setup("transfer", seats=["Anna", "Boris"], dealer="Boris", lead_group=True),
              {"type": "deal", "hands": hands}, {"type": "trump", "card": "9C"},
              attack("Anna", *lead)]
    assert_verdict(judge(events, transfer("Boris", "6D")), rule)


@pytest.mark.parametrize("variant", PODKIDNOY)
def test_new_game_closes_a_declared_take(variant: str) -> None:
    assert_verdict(judge([*podkidnoy_start(variant), attack("Anna", "7S"), take("Boris")],
                         NEW_GAME), "G6")


@pytest.mark.parametrize("variant", PODKIDNOY)
def test_g7_a_podkidnoy_draw_game(variant: str) -> None:
    from referee.simulate import simulate_match
    for seed in range(400):  # draws are rare: the first simulated one (seed 8 to 40 today)
        referee = played(simulate_match(variant, 2, 36, 1, seed))
        if referee.outcomes()[0]["draw"]:
            break
    assert referee.outcomes() == [{"fool": None, "draw": True, "finished": True}]
    assert all(hand["count"] == 0 for name, hand in referee.snapshot()["hands"].items()
               if name != "dummy")  # the last cards left at the same moment
    assert_verdict(referee.apply(attack("Anna", "6S")), "G7")
    assert_verdict(referee.apply(NEW_GAME), None)
