"""Which cards a player may have played unseen: the cards nobody has accounted for."""

from __future__ import annotations

import numpy as np
import pytest

from vision.seats import SeatMap
from vision.swept_bout import (
    DiscardWay,
    beats_in_game,
    breaks_the_rule_too,
    possible_beaters,
    swept_towards,
    unaccounted,
)
from vision.tracking import CardTrack


def test_the_turned_trump_is_accounted_for_only_where_it_lies_under_the_stock() -> None:
    """Classic: the KS lies under the stock, so it cannot have beaten the 10S. Round: the
    centre trump may have been taken into a hand with the ninth card (R3), so it may have."""
    table = {"deck": 36, "stock": 5, "trump": "KS", "trump_suit": "S", "defender": "Anna",
             "discard_cards": ["QS"], "hands": {"Anna": {"count": 4, "known": []}}}
    classic = possible_beaters("10S", {**table, "variant": "classic"})
    round_game = possible_beaters("10S", {**table, "variant": "round"})
    assert "KS" not in classic and "QS" not in classic and "JS" in classic
    assert round_game == [*classic[:classic.index("AS")], "KS", "AS"]


def test_a_beater_known_in_the_defender_s_hand_comes_before_the_others_after_the_hinted() -> None:
    """Anna took the QS earlier (the referee knows it in her hand): of the cards that may have
    beaten the 10S unseen, a card read where it lay (hinted) comes first, then the QS, then the
    rest by rank, trumps last (transfer-2p-seed98: the JS guessed instead of her QS)."""
    snapshot = {"variant": "classic", "deck": 36, "stock": 5, "trump": "8D", "trump_suit": "D",
                "defender": "Anna", "discard_cards": [],
                "hands": {"Anna": {"count": 5, "known": ["QS", "7C"]}}}
    beaters = possible_beaters("10S", snapshot)
    assert beaters[:3] == ["QS", "JS", "KS"] and beaters[-1][-1] == "D"
    assert possible_beaters("10S", snapshot, hinted=["AS"])[:2] == ["AS", "QS"]


@pytest.mark.parametrize(("counts", "drawn"), [((5, 8, 5), True), ((6, 8, 5), False)])
def test_the_turned_trump_is_in_a_hand_once_the_draw_up_owed_takes_the_whole_stock(
        counts: tuple[int, int, int], drawn: bool) -> None:
    """The referee draws up lazily, when the next bout starts. Two cards left and two owed
    (Anna and Vera hold 5): the trump 7C goes into a hand before the next lead, even if the
    camera still has it lying where it lay (classic-3p-seed63: Anna led it unseen, and Boris's
    8C on it was asked about without it). One owed: it still lies under the stock."""
    snapshot = {"variant": "classic", "deck": 36, "stock": 2, "trump": "7C", "trump_suit": "C",
                "next": "Vera draws up", "out": [],
                "hands": {name: {"count": count, "known": []}
                          for name, count in zip(("Anna", "Boris", "Vera"), counts, strict=True)}}
    assert ("7C" in unaccounted(snapshot, ["7C"], "Anna")) is drawn
    assert "8C" in unaccounted(snapshot, ["7C"], "Anna")


@pytest.mark.parametrize(("anna", "taken", "drawn"), [(3, 1, True), (5, 1, False), (5, 0, False),
                                                   (4, 0, True)])
def test_the_turned_trump_is_in_a_hand_once_a_take_declared_leaves_the_draw_up_the_stock(
        anna: int, taken: int, drawn: bool) -> None:
    """Boris has declared a take; his bout (the 8D and `taken` cards more) still lies there,
    and the draw-up comes once it goes to him. Two cards left: Anna's owed draw takes the
    trump 9D when she holds 4 or fewer (classic-2p-seed75: Anna led it, the last card she
    drew, after Boris took; it was never offered). Boris's count gets the bout's cards: he
    holds 5, and with the 8D he owes none, so Anna holding 5 leaves the trump there."""
    table = [{"attack": "8D", "defence": None}] + [{"attack": "QC", "defence": None}] * taken
    snapshot = {"variant": "classic", "deck": 36, "stock": 2, "trump": "9D", "trump_suit": "D",
                "next": "Boris takes; others may throw in, then draw-up", "out": [],
                "took": True, "defender": "Boris", "table": table,
                "hands": {"Anna": {"count": anna, "known": []},
                          "Boris": {"count": 5, "known": []}}}
    assert ("9D" in unaccounted(snapshot, ["9D"], "Anna")) is drawn


def carried(card: str, lay: tuple[float, float], to: tuple[float, float]) -> CardTrack:
    """A card placed at `lay` (a 90x100 box) last read carried to `to`."""
    def box(x: float, y: float) -> np.ndarray:
        return np.array([x - 45, y - 50, x + 45, y + 50], np.float32)
    track = CardTrack(card, box(*lay), box(*lay), 0.0, 1.0, 0.0, anchor=box(*lay))
    track.placed_box, track.carry_box = box(*lay), box(*to)
    return track


@pytest.mark.parametrize(("discard", "towards"), [
    (None, False),                 # 16 degrees off Boris's seat: outside its cone
    ((804.0, 407.0), True),        # ... but the discard pile is off to the right
    ((560.0, 18.0), False),        # ... a discard pile straight that way is where it went
])
def test_a_card_swept_nearer_a_seat_than_anywhere_else_went_there_once_the_pile_is_known(
        discard: tuple[float, float] | None, towards: bool) -> None:
    """classic-2p-seed49: Boris took; the cards went up towards his seat, 16 and 20 degrees
    off, and were counted as swept elsewhere (a discard; every lead after was out of turn).
    Here the one swept 16 degrees off."""
    seats = SeatMap(("Anna", "Boris"), ((640.0, 702.0), (640.0, 18.0)))
    cards = [carried("9D", (581, 284), (571, 119))]
    pile = None if discard is None else DiscardWay(np.array(discard))
    assert swept_towards(cards, seats, "Boris", pile) is towards
    assert swept_towards(cards, seats, "Anna", pile) is False


def test_a_card_swept_along_the_way_bouts_went_to_the_discard_pile_went_there() -> None:
    """dummy-3p-seed111: the discard pile lies right of the table, towards Vera's seat. Four
    cards of two beaten bouts were swept there, 15 to 32 degrees below her direction, and
    lost from sight a third of the way. Her next bout, beaten, was swept off too: its Q♦
    went 14 degrees below her direction, nearer her seat than where the swept cards were
    lost, but along the way one of them went: a discard, not her take (unanswered, a take
    with a throw-in nobody saw, 13 false fouls after it). A card carried at her seat went
    there."""
    seats = SeatMap(("Anna", "dummy", "Boris", "Vera"),
                    ((640.0, 702.0), (32.0, 360.0), (640.0, 18.0), (1248.0, 360.0)))
    swept = [(np.array(lay), np.array(way)) for lay, way in (
        ((574.0, 287.0), (157.0, 42.0)), ((598.0, 308.0), (156.0, 84.0)),
        ((578.0, 290.0), (201.0, 71.0)), ((607.0, 306.0), (184.0, 113.0)))]
    queen = [carried("QD", (577, 283), (679, 309))]
    assert swept_towards(queen, seats, "Vera", DiscardWay(DiscardWay.of(swept).end)) is True
    assert swept_towards(queen, seats, "Vera", DiscardWay.of(swept)) is False
    taken = [carried("QD", (577, 283), (877, 321))]
    assert swept_towards(taken, seats, "Vera", DiscardWay.of(swept)) is True
    assert DiscardWay.of([]) is None


def test_a_card_swept_towards_where_the_swept_cards_ways_lead_went_to_the_discard_pile(
) -> None:
    """dummy-3p-seed109: the discard pile lies at the bottom right, beyond where the cards
    swept there were lost from sight (under the hand, about a third of the way). A beaten
    bout laid at the table's left edge was swept right to it: 16 degrees off where the swept
    cards were lost and off each of their ways, 15 degrees off Vera's seat on the right, so
    it was counted her take (asked). Towards where their ways lead on to, it went to the
    pile; a card carried from the table's middle straight at her seat went to her."""
    seats = SeatMap(("Anna", "dummy", "Boris", "Vera"),
                    ((640.0, 702.0), (32.0, 360.0), (640.0, 18.0), (1248.0, 360.0)))
    swept = [(np.array(lay), np.array(way)) for lay, way in (
        ((589.0, 285.0), (164.0, 99.0)), ((716.0, 307.0), (142.0, 128.0)),
        ((610.0, 311.0), (147.0, 81.0)), ((582.0, 287.0), (163.0, 82.0)),
        ((604.0, 313.0), (193.0, 103.0)), ((603.0, 317.0), (192.0, 100.0)))]
    pile = DiscardWay.of(swept)
    lost_there = DiscardWay(pile.end, pile.ways)
    discarded = [carried("JD", (224, 459), (496, 502))]
    assert swept_towards(discarded, seats, "Vera", lost_there) is True
    assert swept_towards(discarded, seats, "Vera", pile) is False
    taken = [carried("JD", (577, 283), (877, 321))]
    assert swept_towards(taken, seats, "Vera", pile) is True


def test_a_card_beats_another_by_the_referee_s_trump_and_variant() -> None:
    """Diamonds trump: a 6♦ beats the A♣ in classic, not in cross (C5: clubs are not beaten by
    diamonds); the 7♣ beats the 6♣ in both, and nothing beats without a suit or trump to."""
    classic = {"trump_suit": "D", "variant": "classic"}
    cross = {"trump_suit": "D", "variant": "cross"}
    assert beats_in_game(classic, "6D", "AC") is True
    assert beats_in_game(cross, "6D", "AC") is False
    assert beats_in_game(cross, "6D", "AS") is True
    assert beats_in_game(classic, "7C", "6C") and beats_in_game(cross, "7C", "6C")
    assert beats_in_game({"trump_suit": "H", "variant": "classic"}, "6D", "AC") is False


def test_a_look_alike_reading_breaks_the_rule_too_unless_it_keeps_it() -> None:
    """A reading of another card mends a refusal only where that card keeps the rule."""
    snapshot = {"variant": "classic", "trump_suit": "H",
                "table": [{"attack": "7S", "defence": "9S"}, {"attack": "8D", "defence": None}]}
    thrown = {"type": "throw_in", "player": "Anna", "cards": ["JC"]}
    assert breaks_the_rule_too(snapshot, thrown, {**thrown, "cards": ["JS"]}, "P3")
    assert not breaks_the_rule_too(snapshot, thrown, {**thrown, "cards": ["9C"]}, "P3")
    # a throw-in of a rank on the table was refused for something else: no card mends that
    in_rank = {**thrown, "cards": ["7C"]}
    assert breaks_the_rule_too(snapshot, in_rank, {**thrown, "cards": ["9C"]}, "P3")
    defence = {"type": "defend", "player": "Boris", "card": "7D", "on": "8D"}
    assert breaks_the_rule_too(snapshot, defence, {**defence, "card": "7C"}, "G4")
    assert not breaks_the_rule_too(snapshot, defence, {**defence, "card": "7H"}, "G4")   # a trump
    assert not breaks_the_rule_too(snapshot, defence, {**defence, "card": "7C"}, "G8")
