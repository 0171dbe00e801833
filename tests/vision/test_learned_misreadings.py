"""The suit misreadings the players name, and the questions they settle later."""

from __future__ import annotations

from vision.learned_misreadings import LearnedMisreadings
from vision.table_events import Question


def question(*candidates: dict) -> Question:
    return Question("?", "?", candidates, frame=1, time=0.1)


DEFENCE = {"type": "defend", "player": "Boris", "card": "QS", "on": "9C"}


def test_a_suit_named_misread_is_learnt_and_names_the_card_read_so_later() -> None:
    learnt = LearnedMisreadings()
    assert learnt.likely("QS") is None
    learnt.learn("JS", "JC")          # the J♠ asked about was the J♣
    learnt.learn("8S", "9S")          # a rank misreading: not learnt
    assert learnt.likely("QS") == "QC" and learnt.likely("8S") == "8C"
    assert learnt.likely("QC") is None and learnt.likely("QH") is None


def test_a_misreading_named_both_ways_names_nothing() -> None:
    learnt = LearnedMisreadings()
    learnt.learn("JS", "JC")
    learnt.learn("7C", "7S")          # the other way round too: the reader is not biased
    assert learnt.likely("QS") is None and learnt.likely("QC") is None


def test_the_question_s_candidate_a_learnt_misreading_names_is_chosen() -> None:
    learnt = LearnedMisreadings()
    club = {**DEFENCE, "card": "QC"}
    asked = question(DEFENCE, {**DEFENCE, "card": "QH"}, club)
    assert learnt.choice(asked) is None
    learnt.learn("JS", "JC")
    assert learnt.choice(asked) == 2
    assert learnt.choice(question(DEFENCE, {**DEFENCE, "card": "QH"})) is None   # not offered
    two = {"type": "attack", "player": "Anna", "cards": ["QS", "QD"]}
    assert learnt.choice(question(two, {**two, "cards": ["QC", "QD"]})) is None   # one card only


def test_a_pass_on_whose_card_beats_as_the_suit_learnt_is_settled_as_that_defence() -> None:
    # cross-3p-seed109: Anna's 8♣ laid on the 7♣, read 8♠ (it beats nothing: a pass-on)
    learnt = LearnedMisreadings()
    learnt.learn("7S", "7C")
    pass_on = {"type": "pass_on", "player": "Anna", "card": "8S"}
    beating = {"type": "defend", "player": "Anna", "card": "8C", "on": "7C"}
    asked = question(pass_on, {**pass_on, "card": "8C"}, {**pass_on, "card": "8D"}, beating)
    assert learnt.choice(asked) == 3
    assert learnt.choice(question(pass_on, {**pass_on, "card": "8C"})) == 1   # none offered
    others = question(pass_on, {**pass_on, "card": "8C"}, {**beating, "player": "Vera"})
    assert learnt.choice(others) == 1   # another player's defence is no reading of this card
