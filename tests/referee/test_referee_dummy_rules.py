"""D1-D7: durak with a dummy. Seats: Anna, dummy, Boris, Vera (dealer); the dummy sits on
Anna's left, so Anna's attacks go past it to Boris unless the dummy is active."""

from __future__ import annotations

import pytest
from referee_scenarios import (
    DISCARD,
    DUMMY_HAND,
    HANDS,
    NEW_GAME,
    assert_verdict,
    attack,
    defend,
    draw,
    judge,
    played,
    podkidnoy_start,
    throw_in,
)

from referee import Referee
from referee.simulate import simulate_match


def test_d1_the_dummy_gets_six_cards_too() -> None:
    events = podkidnoy_start("dummy")
    assert_verdict(judge(events[:1], events[1]), None)
    short = {**events[1]["hands"], "dummy": DUMMY_HAND[:5]}
    assert_verdict(judge(events[:1], {"type": "deal", "hands": short}), "D1")
    assert played(events).snapshot()["stock"] == 36 - 4 * 6


LOW_TRUMP_WITH_DUMMY = {**HANDS, "Anna": ["7C", "6S", "7S", "8D", "10H", "QS"],
                        "dummy": ["6C", "7D", "9H", "JD", "QC", "KH"]}


@pytest.mark.parametrize("active, player, card, rule", [
    (False, "Vera", "7H", None),  # the dealer leads for the dummy's lowest trump
    (False, "Anna", "7S", "G5"),
    (False, "dummy", "7D", "D3"),  # a passive dummy never leads
    (True, "dummy", "7D", None),  # active: the dummy leads (played by the dealer)
    (True, "Vera", "7H", "G5"),
])
def test_d2_the_dummys_lowest_trump(active: bool, player: str, card: str,
                                    rule: str | None) -> None:
    events = podkidnoy_start("dummy", hands=LOW_TRUMP_WITH_DUMMY, active_dummy=active)
    assert_verdict(judge(events, attack(player, card)), rule)


def test_d2_under_g5_the_dummy_seat_is_skipped() -> None:
    for seed in range(6):
        log = simulate_match("dummy", 3, 36, 2, seed)
        start = next(i for i, e in enumerate(log) if e["type"] == "new_game")
        first = next(i for i in range(start, len(log)) if log[i]["type"] == "attack")
        referee = played(log[:first])
        fool = referee.outcomes()[0]["fool"]
        seats = referee.snapshot()["seats"]
        persons = [s for s in seats if s != "dummy"]
        leader = persons[(persons.index(fool) - 1) % len(persons)]  # "under": fool's right
        assert log[first]["player"] == leader
        other = next(p for p in persons if p != leader and referee.snapshot()["hands"][p]["known"])
        card = referee.snapshot()["hands"][other]["known"][0]
        assert_verdict(referee.apply(attack(other, card)), "G5")


@pytest.mark.parametrize("active, defender, rule", [
    (False, "Boris", None), (False, "dummy", "D3"), (True, "dummy", None), (True, "Boris", "P2"),
])
def test_d3_the_passive_dummy_never_defends(active: bool, defender: str,
                                            rule: str | None) -> None:
    card = {"Boris": "8S", "dummy": "JS"}[defender]
    hands = {**HANDS, "dummy": ["JS", "7D", "9H", "JD", "QC", "KH"],
             "Vera": ["7H", "8H", "9D", "10C", "QD", "KS"]}
    events = [*podkidnoy_start("dummy", hands=hands, active_dummy=active), attack("Anna", "7S")]
    assert_verdict(judge(events, defend(defender, card, "7S")), rule)


def test_d3_who_plays_the_active_dummys_defence_does_not_throw_in_against_it() -> None:
    hands = {**HANDS, "dummy": ["JS", "7D", "9H", "JD", "QC", "KH"],
             "Vera": ["7H", "8H", "9D", "10C", "QD", "KS"]}
    events = [*podkidnoy_start("dummy", hands=hands, active_dummy=True), attack("Anna", "7S"),
              defend("dummy", "JS", "7S")]
    # Boris sits on the dummy's left: he plays its defence
    hands_boris = {"Boris": "JH"}  # a jack is on the table; Boris holds JH
    assert_verdict(judge(events, throw_in("Boris", hands_boris["Boris"])), "D3")
    assert_verdict(judge(events, throw_in("Vera", "7H")), None)


BOUT3 = [*podkidnoy_start("dummy"), attack("Anna", "7S"), defend("Boris", "8S", "7S"), DISCARD,
         attack("Boris", "9S"), defend("Vera", "JS", "9S"), DISCARD,
         attack("Vera", "9D"), defend("Anna", "6C", "9D")]


@pytest.mark.parametrize("bout_leader, rule", [(False, "D5"), (True, None)])
def test_d4_d5_the_dummy_never_throws_in_against_its_controller(bout_leader: bool,
                                                                 rule: str | None) -> None:
    events = list(BOUT3)
    if bout_leader:
        events[0] = {**events[0], "options": {"bout_leader": True}}
    # Anna led the first bout, so she handles the dummy (D4); with bout_leader Vera does now
    assert_verdict(judge(events, throw_in("dummy", "9H")), rule)


def test_d5_the_dummy_throws_in_against_others() -> None:
    events = [*podkidnoy_start("dummy"), attack("Anna", "7S"), defend("Boris", "8S", "7S")]
    assert_verdict(judge(events, throw_in("dummy", "7D")), None)
    assert_verdict(judge(events, throw_in("dummy", "9H")), "P3")


def test_d6_the_dummy_draws_in_its_place() -> None:
    events = [*podkidnoy_start("dummy"), attack("Anna", "7S"), defend("Boris", "8S", "7S"),
              throw_in("dummy", "7D"), defend("Boris", "KD", "7D"), DISCARD, draw("Anna", 1)]
    assert_verdict(judge(events, draw("Boris", 2)), "P6")
    assert_verdict(judge(events, draw("dummy", 1)), None)
    referee = played([*events, draw("dummy", 1), draw("Boris", 2)])
    assert referee.snapshot()["hands"]["dummy"]["count"] == 6


@pytest.mark.parametrize("seed", range(4))
def test_d7_the_dummy_is_never_the_fool(seed: int) -> None:
    referee = Referee()
    for event in simulate_match("dummy", 2, 36, 3, seed):
        assert referee.apply(event).ok
        snap = referee.snapshot()
        if snap["phase"] == "finished":
            holders = [p for p, h in snap["hands"].items() if h["count"] and p != "dummy"]
            assert len(holders) <= 1 and snap["games"][-1]["fool"] != "dummy"
            assert holders == ([snap["games"][-1]["fool"]] if snap["games"][-1]["fool"] else [])
    assert_verdict(referee.apply(NEW_GAME), None)


def test_d4_control_passes_on_when_the_controller_goes_out() -> None:
    seats = ["Anna", "dummy", "Boris", "Vera", "Oleg", "Ivan"]  # 36 cards: no stock
    events = [{"type": "setup", "variant": "dummy", "deck": 36, "seats": seats,
               "dealer": "Ivan", "options": {"lead_group": True}},
              {"type": "deal"}, {"type": "trump", "card": "AC"},
              {"type": "declare", "player": "Anna", "lowest_trump": "6C"},
              {"type": "declare", "player": "Ivan", "lowest_trump": "AC"}]
    events += [{"type": "declare", "player": p, "no_trump": True}
               for p in ("dummy", "Boris", "Vera", "Oleg")]
    events += [attack("Anna", "6S", "6H", "6D", "6C"), defend("Boris", "7S", "6S"),
               {"type": "take", "player": "Boris"}, throw_in("Anna", "7H", "7D")]
    # Anna, who led the first bout and so handles the dummy, is out now
    events += [attack("Vera", "8S"), defend("Oleg", "9S", "8S"), DISCARD,
               attack("Oleg", "8H"), defend("Ivan", "9H", "8H"), DISCARD,
               attack("Ivan", "10S"), defend("Boris", "JS", "10S")]
    referee = played(events)
    assert "Anna" in referee.snapshot()["out"]
    assert_verdict(referee.apply({"type": "pass", "player": "Anna"}), "G9")  # out players
    assert_verdict(referee.apply(throw_in("dummy", "10H")), "D5")  # Boris controls it now
    assert_verdict(referee.apply(throw_in("Vera", "10H")), None)
