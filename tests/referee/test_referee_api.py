"""The public API of docs/referee-api.md: apply, undo, events, snapshot, outcomes."""

from __future__ import annotations

import pytest
from referee_scenarios import DISCARD, attack, defend, played, podkidnoy_start, start

from referee import Card, Event, EventFormatError, Referee, Verdict, parse_event

SNAPSHOT_KEYS = {"variant", "deck", "seats", "dealer", "options", "game", "phase", "trump",
                 "trump_suit", "stock", "discard", "hands", "attacker", "defender", "table",
                 "took", "out", "next", "score", "games"}


def test_exports() -> None:
    assert all((Referee, Verdict, Card, parse_event, EventFormatError, Event))


def test_apply_takes_dicts_json_and_events() -> None:
    events = podkidnoy_start("classic")
    referee = Referee()
    assert referee.apply(events[0]).ok
    assert referee.apply(parse_event(events[1]).to_json()).ok
    assert referee.apply(parse_event(events[2])).ok
    assert [e.type for e in referee.events] == ["setup", "deal", "trump"]


def test_an_illegal_event_is_not_applied_and_undo_takes_back() -> None:
    referee = played([*podkidnoy_start("classic"), attack("Anna", "7S")])
    before = referee.snapshot()
    assert not referee.apply(defend("Boris", "6D", "7S")).ok
    assert referee.snapshot() == before and len(referee.events) == 4
    assert referee.apply(defend("Boris", "8S", "7S")).ok
    assert referee.undo() and referee.snapshot() == before
    while referee.undo():
        pass
    assert referee.events == [] and referee.snapshot()["phase"] == "setup"
    assert referee.undo() is False


def test_snapshot_keys_and_values() -> None:
    empty = Referee().snapshot()
    assert SNAPSHOT_KEYS <= set(empty) and empty["variant"] is None
    referee = played([*podkidnoy_start("dummy"), attack("Anna", "7S")])
    snap = referee.snapshot()
    assert SNAPSHOT_KEYS <= set(snap)
    assert snap["phase"] == "play" and snap["trump"] == "9C" and snap["trump_suit"] == "C"
    assert snap["attacker"] == "Anna" and snap["defender"] == "Boris"
    assert snap["table"] == [{"attack": "7S", "defence": None}]
    assert snap["hands"]["Anna"] == {"count": 5, "known": ["6S", "6C", "8D", "10H", "QS"]}
    assert snap["hands"]["dummy"]["count"] == 6 and snap["stock"] == 12
    assert snap["next"] == "Boris beats or takes"
    assert set(snap["score"]) == {"Anna", "Boris", "Vera"}


def test_snapshot_piles_and_open_table() -> None:
    cross = played([{"type": "setup", "variant": "cross", "deck": 36, "seats": ["A", "B"],
                     "dealer": "A"}, {"type": "deal", "faceup": {"A": "6S", "B": "KC"}}])
    assert cross.snapshot()["piles"] == {"A": ["6S"], "B": ["KC"]}
    assert cross.snapshot()["phase"] == "faceup"
    rnd = played([{"type": "setup", "variant": "round", "deck": 36, "seats": ["A", "B"],
                   "dealer": "A"}, {"type": "deal", "table": ["6S", "7H", "8C", "9D", "10S",
                                                              "JH", "QC", "KD"]},
                  {"type": "trump", "card": "8S"}])
    assert len(rnd.snapshot()["open_table"]) == 8
    # who draws next: C2 the highest face-up card (KC); R2 the dealer's left neighbour
    assert cross.snapshot()["turn"] == "B" and rnd.snapshot()["turn"] == "B"
    assert "turn" not in played(podkidnoy_start("classic")).snapshot()



def test_snapshot_names_who_leads_between_bouts() -> None:
    referee = played([*podkidnoy_start("classic"), attack("Anna", "7S"),
                      defend("Boris", "8S", "7S")])
    assert "leads" not in referee.snapshot()            # a bout is on
    assert referee.apply(DISCARD).ok
    assert referee.snapshot()["leads"] == ["Boris"]     # P7: the defender beat it all


def test_outcomes_and_score() -> None:
    hands = {"Anna": ["7S"], "Boris": ["8S", "6H"], "Vera": []}
    referee = played([*start("cross", hands=hands), attack("Anna", "7S"),
                      defend("Boris", "8S", "7S"), DISCARD])
    assert referee.outcomes() == [{"fool": "Boris", "draw": False, "finished": True}]
    score = referee.snapshot()["score"]
    assert score["Boris"] == {"fools": 1, "wins": 0, "draws": 0}
    assert score["Anna"]["wins"] == 1


@pytest.mark.parametrize("garbage", [
    None, 17, [], {}, "", "{}", '{"type": null}', {"type": "attack", "player": None,
                                                  "cards": None},
    {"type": "setup", "variant": "classic", "deck": 36, "seats": [1, 2], "dealer": "A"},
    {"type": "setup", "variant": "classic", "deck": 36, "seats": ["A", "B"], "dealer": "A",
     "options": {"lead_group": "yes"}},
    {"type": "setup", "variant": "classic", "deck": 36, "seats": ["A", "B"], "dealer": "A",
     "options": {"first_move": "sideways"}},
    {"type": "setup", "variant": "poker", "deck": 36, "seats": ["A", "B"], "dealer": "A"},
])
def test_nothing_a_player_sends_raises(garbage: object) -> None:
    referee = played(podkidnoy_start("classic"))
    verdict = referee.apply(garbage)  # type: ignore[arg-type]
    assert not verdict.ok and verdict.rule in ("FORMAT", "G2")
    fresh = Referee().apply(garbage)  # type: ignore[arg-type]
    assert not fresh.ok


@pytest.mark.parametrize("event", [
    {"type": "attack", "player": "Anna", "cards": ["7S"]},
    {"type": "new_game"}, {"type": "discard"}, {"type": "trump", "card": "6C"},
    {"type": "deal"}, {"type": "draw", "player": "A", "count": 1},
])
def test_events_before_a_setup(event: dict) -> None:
    verdict = Referee().apply(event)
    assert (verdict.ok, verdict.rule) == (False, "G2")


def test_a_second_setup_is_refused() -> None:
    referee = played(podkidnoy_start("classic"))
    assert referee.apply(podkidnoy_start("classic")[0]).rule == "G2"
