"""G1-G10, the rules common to every variant, each broken and kept in each variant."""

from __future__ import annotations

import pytest
from referee_scenarios import (
    DISCARD,
    FIRST_BOUT,
    NEW_GAME,
    PODKIDNOY,
    VARIANTS,
    assert_verdict,
    attack,
    defend,
    finished_game,
    first_attack,
    judge,
    pass_,
    played,
    setup,
    start,
    take,
)

from referee import Referee


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("deck, rule", [(36, None), (52, None), (40, "G1"), (32, "G1")])
def test_g1_deck_of_36_or_52(variant: str, deck: int, rule: str | None) -> None:
    assert_verdict(Referee().apply(setup(variant, deck=deck)), rule)


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("change, rule", [
    ({}, None),
    ({"seats": ["Anna"], "dealer": "Anna"}, "G2"),
    ({"seats": ["A", "B", "C", "D", "E", "F", "G"], "dealer": "A"}, "G2"),
    ({"seats": ["Anna", "Anna", "Vera"]}, "G2"),
    ({"dealer": "Nobody"}, "G2"),
])
def test_g2_seats_and_dealer(variant: str, change: dict, rule: str | None) -> None:
    event = setup(variant)
    if variant == "dummy" and "seats" in change:
        change = {**change, "seats": [*change["seats"], "dummy"]}
    assert_verdict(Referee().apply({**event, **change}), rule)


@pytest.mark.parametrize("seats, dealer, rule", [
    (["Anna", "dummy", "Boris"], "Anna", None),
    (["Anna", "Boris"], "Anna", "G2"),  # dummy seat missing
    (["Anna", "dummy", "Boris", "dummy"], "Anna", "G2"),  # doubled
    (["Anna", "dummy", "Boris"], "dummy", "G2"),  # named as dealer
    (["A", "B", "C", "D", "E", "F", "dummy"], "A", "D1"),  # 42 cards from 36
])
def test_g2_d1_dummy_seat(seats: list[str], dealer: str, rule: str | None) -> None:
    assert_verdict(Referee().apply(setup("dummy", seats=seats, dealer=dealer)), rule)


@pytest.mark.parametrize("variant", ["classic", "transfer", "round", "cross"])
def test_g2_dummy_seat_only_in_the_dummy_variant(variant: str) -> None:
    event = setup(variant, seats=["Anna", "dummy", "Boris"], dealer="Anna")
    assert_verdict(Referee().apply(event), "G2")


@pytest.mark.parametrize("variant", VARIANTS)
def test_g2_a_player_not_at_the_table(variant: str) -> None:
    assert_verdict(judge(start(variant), attack("Zoe", "7S")), "G2")
    assert_verdict(judge(start(variant), first_attack(variant)), None)


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("seed", [1, 2])
def test_g3_dealer_is_the_last_fool_or_stays(variant: str, seed: int) -> None:
    from referee.simulate import simulate_match
    referee = Referee()
    dealer, fool = None, None
    for event in simulate_match(variant, 3, 36, 3, seed):
        assert referee.apply(event).ok
        if event["type"] == "new_game":
            expected = fool if fool is not None else dealer
            assert referee.snapshot()["dealer"] == expected
        snap = referee.snapshot()
        dealer = snap["dealer"]
        fool = snap["games"][-1]["fool"] if snap["phase"] == "finished" else None


@pytest.mark.parametrize("variant, card, rule", [
    ("classic", "8S", None), ("classic", "AC", None), ("classic", "6D", "G4"),
    ("transfer", "9S", None), ("transfer", "KD", "G4"),
    ("dummy", "8S", None), ("dummy", "6D", "G4"),
    ("round", "8S", None), ("round", "6D", "G4"),
])
def test_g4_beat_higher_same_suit_or_trump(variant: str, card: str, rule: str | None) -> None:
    events = [*start(variant), attack("Anna", "7S")]
    assert_verdict(judge(events, defend("Boris", card, "7S")), rule)


@pytest.mark.parametrize("variant", PODKIDNOY)
@pytest.mark.parametrize("card, rule", [("AC", None), ("8S", "G4"), ("KD", "G4")])
def test_g4_a_trump_only_by_a_higher_trump(variant: str, card: str, rule: str | None) -> None:
    events = [*start(variant), attack("Anna", "6C")]
    assert_verdict(judge(events, defend("Boris", card, "6C")), rule)


@pytest.mark.parametrize("variant", PODKIDNOY)
@pytest.mark.parametrize("player, rule", [("Anna", None), ("Boris", "G5"), ("Vera", "G5")])
def test_g5_lowest_trump_leads(variant: str, player: str, rule: str | None) -> None:
    card = {"Anna": "7S", "Boris": "8S", "Vera": "7H"}[player]
    assert_verdict(judge(start(variant), attack(player, card)), rule)


HIDDEN = [setup("classic"), {"type": "deal"}, {"type": "trump", "card": "9C"}]


@pytest.mark.parametrize("declarations, player, ok, judged, rule", [
    # all declared: judged from the declarations
    ([("Anna", "6C"), ("Boris", "AC"), ("Vera", None)], "Anna", True, True, None),
    ([("Anna", "6C"), ("Boris", "AC"), ("Vera", None)], "Boris", False, True, "G5"),
    # nobody declared: not judged, but accepted
    ([], "Boris", True, False, None),
    # Vera declared a lower trump than Anna's declared one, Boris silent: Anna provably wrong
    ([("Anna", "8C"), ("Vera", "7C")], "Anna", False, True, "G5"),
    # everybody without trumps: lots decide, any leader
    ([("Anna", None), ("Boris", None), ("Vera", None)], "Vera", True, True, None),
])
def test_g5_from_declarations_when_hands_are_unseen(declarations: list, player: str, ok: bool,
                                                    judged: bool, rule: str | None) -> None:
    events = list(HIDDEN)
    for name, card in declarations:
        events.append({"type": "declare", "player": name, "lowest_trump": card} if card
                      else {"type": "declare", "player": name, "no_trump": True})
    verdict = judge(events, attack(player, "7S"))
    assert (verdict.ok, verdict.judged, verdict.rule) == (ok, judged, rule), verdict
    if not judged:
        assert "not judged" in verdict.message and "не проверено" in verdict.message_ru


@pytest.mark.parametrize("player, declare, rule", [
    ("Anna", {"lowest_trump": "6C"}, None),
    ("Boris", {"lowest_trump": "AC"}, None),  # his only trump
    ("Anna", {"lowest_trump": "AC"}, "G8"),  # AC is in Boris's hand
    ("Anna", {"lowest_trump": "7S"}, "G5"),  # not a trump
    ("Anna", {"no_trump": True}, "G5"),  # Anna is known to hold 6C
    ("Vera", {"lowest_trump": "7C"}, "G8"),  # Vera's hand is known and has no 7C
])
def test_g5_a_declaration_checked_against_the_known_hand(player: str, declare: dict,
                                                         rule: str | None) -> None:
    event = {"type": "declare", "player": player, **declare}
    assert_verdict(judge(start("classic"), event), rule)


@pytest.mark.parametrize("option, leader", [(False, None), (True, "Vera")])
def test_g5_nobody_holds_a_trump(option: bool, leader: str | None) -> None:
    hands = {"Anna": ["7S", "8S", "9S", "10S", "JS", "QS"],
             "Boris": ["7H", "8H", "9H", "10H", "JH", "QH"],
             "Vera": ["6S", "7D", "8D", "9D", "10D", "JD"]}
    events = start("classic", hands=hands, trump="6C", no_trump_lowest_card=option)
    for player, card in (("Anna", "7S"), ("Boris", "7H"), ("Vera", "6S")):
        verdict = judge(events, attack(player, card))
        assert verdict.ok == (leader is None or player == leader), (player, verdict)
        if not verdict.ok:
            assert verdict.rule == "G5"


@pytest.mark.parametrize("variant", VARIANTS)
def test_g6_g7_no_bout_after_the_game_and_no_new_game_before_its_end(variant: str) -> None:
    events = finished_game(variant, players=2, seed=3)
    referee = played(events)
    outcome = referee.outcomes()[-1]
    assert outcome["finished"]
    rule = "G6" if outcome["fool"] else "G7"
    seats = referee.snapshot()["seats"]
    assert_verdict(referee.apply(attack(seats[0], "7S")), rule)
    assert_verdict(referee.apply(NEW_GAME), None)
    assert_verdict(judge(start(variant), NEW_GAME), "G6")


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("word, outcome, dealer", [
    ({"fool": "Boris"}, {"fool": "Boris", "draw": False}, "Boris"),
    ({"draw": True}, {"fool": None, "draw": True}, "Vera"),
])
def test_g6_the_players_end_a_game_the_referee_could_not(
        variant: str, word: dict, outcome: dict, dealer: str) -> None:
    referee = played(start(variant))
    assert_verdict(referee.apply({"type": "new_game", **word}), None)
    assert referee.outcomes() == [{**outcome, "finished": True, "told": True},
                                  {"fool": None, "draw": False, "finished": False}]
    snapshot = referee.snapshot()
    assert (snapshot["game"], snapshot["phase"], snapshot["dealer"]) == (2, "deal", dealer)


@pytest.mark.parametrize("variant", VARIANTS)
def test_g6_the_players_word_stands_over_a_game_the_referee_ended(variant: str) -> None:
    referee = played(finished_game(variant, players=2, seed=3))
    seen = referee.outcomes()[-1]
    other = next(name for name in referee.snapshot()["seats"]
                 if name not in (seen["fool"], "dummy"))
    assert_verdict(referee.apply({"type": "new_game", "fool": other}), None)
    assert referee.outcomes()[-2] == {"fool": other, "draw": False, "finished": True,
                                      "told": True}


@pytest.mark.parametrize("events, word, rule", [
    (start("classic"), {"fool": "Gleb"}, "G2"),
    (start("dummy"), {"fool": "dummy"}, "D7"),
    (start("classic"), {"winners": ["Anna"]}, "G6"),
    (start("round", play_for_winner=True), {"fool": "Anna"}, "R8"),
    ([setup("classic")], {"fool": "Anna"}, "G6"),   # nothing dealt: no game to end
    (start("classic"), {"draw": False}, "FORMAT"),
    (start("classic"), {"draw": True, "fool": "Anna"}, "FORMAT"),
])
def test_g6_the_players_word_on_a_game_refused(events: list, word: dict, rule: str) -> None:
    referee = played(events)
    assert_verdict(referee.apply({"type": "new_game", **word}), rule)
    assert referee.snapshot()["game"] == 1 and not referee.outcomes()[0]["finished"]


@pytest.mark.parametrize("winners, outcome", [
    (["Vera", "Anna"], {"draw": False, "winners": ["Anna", "Vera"]}),
    (["Vera", "Anna", "Boris"], {"draw": True, "winners": []}),   # everybody out: a draw
])
def test_r8_the_players_name_the_winners_when_playing_for_the_winner(
        winners: list, outcome: dict) -> None:
    referee = played(start("round", play_for_winner=True))
    assert_verdict(referee.apply({"type": "new_game", "winners": winners}), None)
    assert referee.outcomes()[0] == {"fool": None, **outcome, "finished": True, "told": True}


@pytest.mark.parametrize("variant", ["round", "cross"])
def test_g7_last_cards_leave_together_is_a_draw(variant: str) -> None:
    hands = {"Anna": ["7S"], "Boris": ["8S"], "Vera": []}
    events = [*start(variant, hands=hands), attack("Anna", "7S"), defend("Boris", "8S", "7S")]
    referee = played([*events, DISCARD])
    assert referee.outcomes() == [{"fool": None, "draw": True, "finished": True}]
    assert_verdict(referee.apply(attack("Anna", "7S")), "G7")


@pytest.mark.parametrize("variant", ["round", "cross"])
def test_g6_the_last_player_with_cards_is_the_fool(variant: str) -> None:
    hands = {"Anna": ["7S"], "Boris": ["8S", "6H"], "Vera": []}
    events = [*start(variant, hands=hands), attack("Anna", "7S"), defend("Boris", "8S", "7S")]
    assert played([*events, DISCARD]).outcomes()[-1] == {
        "fool": "Boris", "draw": False, "finished": True}


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("card, rule", [
    ("own", None),
    ("10S", "G8"),  # Vera's/unknown... see below
    ("2S", "G8"),  # not in a 36-card deck
])
def test_g8_card_not_where_it_should_be(variant: str, card: str, rule: str | None) -> None:
    leader, _ = FIRST_BOUT[variant]
    own = first_attack(variant)
    if card == "own":
        event = own
    elif card == "10S":
        foreign = "JS"  # in Vera's known hand in every start()
        event = attack(leader, foreign)
    else:
        event = attack(leader, card)
    assert_verdict(judge(start(variant), event), rule)


@pytest.mark.parametrize("variant", VARIANTS)
def test_g8_a_discarded_card_seen_again(variant: str) -> None:
    leader, defender = FIRST_BOUT[variant]
    events = [*start(variant), first_attack(variant)]
    lead = first_attack(variant)["cards"][0]
    beat = {"7S": "8S", "8S": "JS"}[lead]
    events += [defend(defender, beat, lead), DISCARD]
    assert_verdict(judge(events, attack(defender, beat)), "G8")


@pytest.mark.parametrize("variant", PODKIDNOY)
def test_g8_a_card_dealt_twice(variant: str) -> None:
    hands = {"Anna": ["6C", "6S", "7S", "8D", "10H", "QS"],
             "Boris": ["6C", "8S", "9S", "JH", "KD", "AC"]}
    events = start(variant)
    assert_verdict(judge(events[:1], {"type": "deal", "hands": hands}), "G8")


def test_g8_unknown_hands_allow_unseen_cards_only() -> None:
    events = [*HIDDEN, {"type": "declare", "player": "Anna", "lowest_trump": "6C"},
              {"type": "declare", "player": "Boris", "no_trump": True},
              {"type": "declare", "player": "Vera", "no_trump": True}]
    assert_verdict(judge(events, attack("Anna", "JD")), None)  # unseen: may be hers
    assert_verdict(judge(events, attack("Anna", "9C")), "G8")  # the trump under the stock


def test_g8_a_play_the_players_confirmed_gives_up_a_hand_the_referee_knew() -> None:
    """Anna's hand is known (dealt face up): a card nobody saw is refused from it (G8), but
    confirmed by the players it is accepted, not judged, and her hand is no longer known (its
    count stays); a card known in another hand is refused however confirmed."""
    events = start("classic")
    leader, _ = FIRST_BOUT["classic"]
    unseen = attack(leader, "JD")
    assert_verdict(judge(events, unseen), "G8")
    referee = played(events)
    verdict = referee.apply({**unseen, "confirmed": True})
    assert verdict.ok and not verdict.judged and "G8 not judged" in verdict.message
    hand = referee.snapshot()["hands"][leader]
    assert hand == {"count": 5, "known": []}
    assert referee.events[-1].to_dict()["confirmed"] is True
    assert_verdict(judge(events, {**attack(leader, "JS"), "confirmed": True}), "G8")  # Vera's


@pytest.mark.parametrize("variant", ["round", "cross"])
def test_g9_an_out_player_is_skipped_as_defender(variant: str) -> None:
    hands = {"Anna": ["7S", "9H"], "Boris": ["8S"], "Vera": ["10S", "QH"]}
    events = [*start(variant, hands=hands), attack("Anna", "7S"), defend("Boris", "8S", "7S"),
              DISCARD]
    # Boris is out; Anna leads again? No: the defender leads (R7/C6) but he is out (G9), so
    # the next player with cards, Vera, leads at Anna.
    assert_verdict(judge(events, attack("Boris", "8S")), "G8")
    assert_verdict(judge(events, attack("Vera", "10S")), None)
    referee = played([*events, attack("Vera", "10S")])
    assert referee.snapshot()["defender"] == "Anna"
    assert "Boris" in referee.snapshot()["out"]


def test_g9_an_out_player_does_not_pass() -> None:
    hands = {"Anna": ["7S"], "Boris": ["8S", "9S"], "Vera": ["10S", "QH"]}
    events = [*start("round", hands=hands), attack("Anna", "7S")]
    assert_verdict(judge(events, pass_("Anna")), "R6")  # no passes in round durak at all
    referee = played(start("classic"))
    assert_verdict(referee.apply(pass_("Vera")), "P3")  # no bout open


@pytest.mark.parametrize("variant", PODKIDNOY)
def test_g10_g8_comes_before_whose_turn(variant: str) -> None:
    # Boris is not the leader AND plays Vera's card: G8 is reported
    assert_verdict(judge(start(variant), attack("Boris", "JS")), "G8")


@pytest.mark.parametrize("variant", PODKIDNOY)
def test_g10_whose_turn_comes_before_the_act(variant: str) -> None:
    # Boris is not the leader AND leads two cards of different ranks: the turn (G5) first
    assert_verdict(judge(start(variant), attack("Boris", "8S", "JH")), "G5")
    # Vera defends instead of Boris, with a card that does not beat: P2 before G4
    events = [*start(variant), attack("Anna", "7S")]
    assert_verdict(judge(events, defend("Vera", "7H", "7S")), "P2")


def test_g10_who_acts_before_the_act_in_round_and_cross() -> None:
    assert_verdict(judge(start("round"), attack("Vera", "7H", "8H")), "R5")
    events = [*start("round"), attack("Anna", "7S")]
    assert_verdict(judge(events, take("Vera")), "R6")
    assert_verdict(judge(start("cross"), attack("Anna", "7S", "10H")), "C4")


@pytest.mark.parametrize("variant", ["classic", "transfer"])
def test_g9_an_out_player_does_not_pass_or_play(variant: str) -> None:
    seats = ["Anna", "Boris", "Vera", "Oleg", "Ivan", "Lena"]  # 36 cards: no stock (P1)
    events = [{"type": "setup", "variant": variant, "deck": 36, "seats": seats,
               "dealer": "Lena", "options": {"lead_group": True}},
              {"type": "deal"}, {"type": "trump", "card": "AC"},
              {"type": "declare", "player": "Anna", "lowest_trump": "6C"},
              {"type": "declare", "player": "Lena", "lowest_trump": "AC"}]
    events += [{"type": "declare", "player": p, "no_trump": True} for p in seats[1:5]]
    events += [attack("Anna", "6S", "6H", "6D", "6C"), defend("Boris", "7S", "6S"),
               take("Boris"), {"type": "throw_in", "player": "Anna", "cards": ["7H", "7D"]},
               attack("Vera", "8S")]
    referee = played(events)
    assert referee.snapshot()["out"] == ["Anna"]
    assert_verdict(referee.apply(pass_("Anna")), "G9")
    assert_verdict(referee.apply(pass_("Ivan")), None)
    assert referee.snapshot()["defender"] == "Oleg"


@pytest.mark.parametrize("variant", PODKIDNOY)
def test_g10_g8_before_an_open_bout_and_before_a_late_declaration(variant: str) -> None:
    events = [*start(variant), attack("Anna", "7S")]
    assert_verdict(judge(events, attack("Vera", "8S")), "G8")  # 8S is Boris's; bout open
    assert_verdict(judge(events, attack("Vera", "JS")), "P5")  # her own card; bout open
    late = {"type": "declare", "player": "Vera", "lowest_trump": "AC"}  # Boris holds AC
    assert_verdict(judge(events, late), "G8")
