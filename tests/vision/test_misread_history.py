"""Which earlier readings may have been misread, when the players confirm a card the referee
knows elsewhere (G8), and how an event is renamed."""

from __future__ import annotations

import pytest
from table_scene import Scene
from test_events_inference import BOTTOM, LEFT, TOP, TWO, carry_off, play, start, sweep
from test_round_cross_and_referee import FakeVerdict

from vision.misread_history import mentions, misread_before, renamed
from vision.pipeline import TablePipeline
from vision.table_events import TableEvent

DEAL = {"type": "deal", "hands": {"QD": ["QD", "7S"]}, "faceup": {"Anna": "QD"}}


def test_renaming_reaches_every_card_of_an_event_but_no_player_name() -> None:
    assert renamed(DEAL, {"QD": "JD"}) == {"type": "deal", "hands": {"QD": ["JD", "7S"]},
                                           "faceup": {"Anna": "JD"}}
    assert renamed({"type": "open_draw", "player": "Anna", "card": "KD", "beats": "QD"},
                   {"QD": "JD"})["beats"] == "JD"
    # two cards at once, each once: no chain (7S to 7C, not on to anything 7C is renamed)
    assert renamed(DEAL, {"QD": "QH", "7S": "7C", "7C": "7H"})["hands"] == {"QD": ["QH", "7C"]}
    assert mentions(DEAL, ("7S",)) and not mentions(DEAL, ("JD", "QS"))


def snapshot(anna: list[str], discard: tuple[str, ...] = ()) -> dict:
    return {"deck": 36, "stock": 0, "discard_cards": list(discard),
            "hands": {"Anna": {"count": len(anna), "known": anna},
                      "Boris": {"count": 2, "known": []}}}


def test_a_card_of_the_player_s_known_hand_was_it_look_alikes_first_then_its_suit() -> None:
    event = {"type": "defend", "player": "Anna", "card": "JD", "on": "10D"}
    assert misread_before(snapshot(["9S", "QD", "JC"]), event) == [
        ("JC", "JD"),   # the same rank: a look-alike
        ("QD", "JD"),   # the same suit
        ("9S", "JD")]


def test_a_discarded_card_played_again_was_a_card_of_the_player_s_known_hand_played_before(
) -> None:
    """Anna took the QC; her QC defence was read 10C and discarded; now she plays the real
    10C: the referee still has her holding the QC, so that earlier 10C was her QC. Offered
    also where only her own hand may be renamed (a refusal with no question open)."""
    event = {"type": "defend", "player": "Anna", "card": "10C", "on": "9C"}
    table = snapshot(["QC", "7H"], discard=("10C", "JH"))
    for own_hand_only in (False, True):
        renamings = misread_before(table, event, own_hand_only=own_hand_only)
        assert renamings.index(("10C", "QC")) < renamings.index(("10C", "7H"))  # its suit first
    assert ("10C", "QC") not in misread_before(snapshot(["QC"]), event)  # 10C unaccounted for


def test_a_card_known_elsewhere_was_a_look_alike_nobody_accounted_for() -> None:
    event = {"type": "attack", "player": "Boris", "cards": ["AS"]}
    renamings = misread_before(snapshot(["7H"], discard=("AS", "AH")), event)
    assert ("AS", "AC") in renamings and ("AS", "AD") in renamings
    assert ("AS", "AH") not in renamings   # discarded: accounted for


def test_a_card_known_elsewhere_may_have_been_the_seven_or_eight_of_its_suit() -> None:
    """dummy-2p-seed62: Boris's 7C defence was read 8C at rest, surely (a held-out design
    draws the two alike), and discarded; Anna's real 8C was then refused (G8) as a foul. The
    8C discarded may have been the 7C nobody accounted for, and a 7C so the 8C."""
    event = {"type": "defend", "player": "Anna", "card": "8C", "on": "KH"}
    assert ("8C", "7C") in misread_before(snapshot(["7H"], discard=("8C", "QD")), event)
    lead = {"type": "attack", "player": "Boris", "cards": ["7C"]}
    assert ("7C", "8C") in misread_before(snapshot(["7H"], discard=("7C",)), lead)


def test_a_discarded_card_was_a_look_alike_another_player_is_known_to_hold() -> None:
    """transfer-3p-seed23: Anna took the 9S, then beat with it read 9C (trumps clubs), so
    the referee has the 9C discarded and the 9S still in her hand. Vera's real 9C: the
    discarded one was Anna's 9S, held by another player than the one playing now."""
    event = {"type": "defend", "player": "Boris", "card": "9C", "on": "QD"}
    table = snapshot(["9S", "7H"], discard=("9C", "JH"))
    assert ("9C", "9S") in misread_before(table, event)
    assert ("9C", "7H") not in misread_before(table, event)  # not a look-alike
    assert ("9C", "9S") not in misread_before(table, event, own_hand_only=True)


def test_a_card_known_elsewhere_only_from_a_guess_may_have_been_any_card_unaccounted_for(
) -> None:
    """The follower guessed the AS (a defence nobody saw, told unanswered): besides its
    look-alikes, every card nobody has accounted for may have been the one played, after
    them; a card read, not guessed, is renamed to its look-alikes only."""
    event = {"type": "attack", "player": "Boris", "cards": ["AS"]}
    read = misread_before(snapshot(["7H"], discard=("AS", "AH")), event)
    guessed = misread_before(snapshot(["7H"], discard=("AS", "AH")), event, guessed={"AS"})
    assert ("AS", "KD") in guessed and ("AS", "KD") not in read
    assert guessed[:len(read)] == read    # the look-alikes first
    assert all(new not in ("AS", "AH", "7H") for _, new in guessed)   # accounted for


def test_the_turned_trump_under_the_stock_was_another_card_of_its_suit() -> None:
    """The referee has the KS as the trump under the stock: a KS played was misread there,
    as another spade nobody has accounted for (its look-alike QS first, then by rank), also
    where only the player's own hand may be renamed; once the stock is gone it was drawn."""
    table = {**snapshot([], discard=("6S",)), "variant": "classic", "trump": "KS", "stock": 5}
    event = {"type": "defend", "player": "Anna", "card": "KS", "on": "10S"}
    renamings = misread_before(table, event, own_hand_only=True)
    assert renamings[:3] == [("KS", "QS"), ("KS", "7S"), ("KS", "8S")]
    assert all(new[-1] == "S" and new not in ("6S", "KS") for _, new in renamings)
    assert misread_before({**table, "stock": 0}, event, own_hand_only=True) == []
    # round's centre trump does not lie under the stock
    assert misread_before({**table, "variant": "round"}, event, own_hand_only=True) == []


class TableOnlyReferee:
    """Accepts any event but a defence on a card that is not an attack card on its table (G8)
    and a turned trump other than the KC; keeps its table and can take events back."""

    def __init__(self) -> None:
        self.applied: list[dict] = []

    def apply(self, event: dict) -> FakeVerdict:
        attacks = [e["cards"][0] for e in self.applied if e["type"] == "attack"]
        if event["type"] == "defend" and event["on"] not in attacks \
                or event["type"] == "trump" and event["card"] != "KC":
            return FakeVerdict(False, "G8")
        self.applied.append(event)
        return FakeVerdict(True)

    def undo(self) -> bool:
        return bool(self.applied and self.applied.pop())

    def snapshot(self) -> dict:
        return {"deck": 36, "table": [{"attack": e["cards"][0], "defence": None}
                                      for e in self.applied if e["type"] == "attack"]}


def test_an_attack_card_misread_as_the_trump_s_code_is_renamed_from_its_play_on() -> None:
    """The KS was read as KC when Anna led it, the turned trump being the KC: the AS on it
    shows the misreading. The past is renamed from the lead on; from the first mention of
    KC (the trump) it could not be."""
    referee = TableOnlyReferee()
    pipeline = TablePipeline({"type": "setup", "variant": "classic", "deck": 36,
                              "seats": ["Anna", "Boris"], "dealer": "Boris"}, referee=referee)
    for number, event in enumerate(({"type": "deal"}, {"type": "trump", "card": "KC"},
                                    {"type": "attack", "player": "Anna", "cards": ["KC"]}), 1):
        assert pipeline._judge(TableEvent(event, number, number / 30))
    defence = TableEvent({"type": "defend", "player": "Boris", "card": "AS", "on": "KS"}, 4, 0.2)
    assert misread_before(referee.snapshot(), defence.event)[0] == ("KC", "KS")
    assert pipeline.misread_card_renamed(defence)
    assert referee.applied[1:] == [{"type": "deal"}, {"type": "trump", "card": "KC"},
                                   {"type": "attack", "player": "Anna", "cards": ["KS"]},
                                   defence.event]


def two_players_trump_turned() -> Scene:
    """Anna and Boris, classic, with a referee; the 6H turned as the trump under the stock."""
    scene = Scene(TablePipeline.with_referee(TWO), jitter=1.5)
    scene.put("6H", (1000, 600))
    scene.wait(0.6)
    return scene


def test_a_table_card_whose_code_comes_in_again_elsewhere_was_its_look_alike() -> None:
    """Anna's 9D lead was read surely as 9H, a trump (hearts), so Boris's 10D on it was
    refused (G4). Then the real 9H comes in, read surely as a whole card, while the lead's
    place reads 9D: the lead was the 9D, the 10D beat it, and the 9H is a throw-in."""
    scene = two_players_trump_turned()
    play(scene, "9H", BOTTOM, (500, 360), confidence=0.95)   # the 9D, misread
    play(scene, "10D", TOP, (515, 375))
    pipeline = scene.target
    assert [v.verdict.rule for v in pipeline.fouls] == ["G4"]
    scene.remove("9H")
    scene.put("9D", (480, 330), confidence=0.7)   # its corner index, read as itself now
    scene.index_only.add("9D")
    play(scene, "9H", BOTTOM, (620, 360), confidence=0.95)
    assert [e.event for e in pipeline.events][-3:] == [
        {"type": "attack", "player": "Anna", "cards": ["9D"]},
        {"type": "defend", "player": "Boris", "card": "10D", "on": "9D"},
        {"type": "throw_in", "player": "Anna", "cards": ["9H"]}]
    assert pipeline.fouls == []
    assert pipeline.snapshot()["table"][0] == {"attack": "9D", "defence": "10D"}


def six_of_clubs_discarded_as_spades(first_read: float, *,
                                     players_answer: bool = False) -> Scene:
    """A bout discarded (Anna's 7D beaten by the 10D), then Boris's 6C lead read 6S and Anna's
    QC on it QS, both at `first_read`, and that bout discarded too (the next tests). With
    `players_answer`, the 10D is read unsurely, asked about, and the players confirm it."""
    scene = two_players_trump_turned()
    play(scene, "7D", BOTTOM, (500, 360))
    play(scene, "10D", TOP, (515, 375), confidence=0.5 if players_answer else 0.95)
    if players_answer:
        question, = scene.target.questions
        assert scene.target.answer(question, 0).verdict.ok
    sweep(scene, "7D", "10D")
    play(scene, "6S", TOP, (500, 360), confidence=first_read)    # the 6C
    play(scene, "QS", BOTTOM, (515, 375), confidence=first_read)  # the QC
    sweep(scene, "6S", "QS")
    return scene


@pytest.mark.parametrize(("first_read", "asked"), [(0.7, True), (0.95, False)])
def test_a_discarded_card_read_unsurely_then_played_again_was_a_suit_misread(
        first_read: float, asked: bool) -> None:
    """Boris's 6C lead was read 6S at 0.7 (less surely than the game's cards), Anna's QC on it
    QS, and the bout was discarded. Anna then leads the real 6S, read surely: the referee
    knows a 6S discarded (G8), but that one was read unsurely: misread before, or a foul?
    Confirmed, the past is renamed, the 6C and the QC that beat it too (a design whose clubs
    read as spades), and the lead is accepted. Had the discarded 6S been read as surely as the
    game's cards, the lead is a foul."""
    scene = six_of_clubs_discarded_as_spades(first_read)
    play(scene, "6S", BOTTOM, (520, 350), confidence=0.95)
    pipeline = scene.target
    if not asked:
        assert [v.verdict.rule for v in pipeline.fouls] == ["G8"]
        return
    question, = pipeline.questions
    assert "Misread before" in question.text and pipeline.fouls == []
    assert pipeline.answer(question, 0).verdict.ok
    assert sorted(pipeline.snapshot()["discard_cards"]) == ["10D", "6C", "7D", "QC"]
    assert pipeline.fouls == []

@pytest.mark.parametrize("answered", [True, False])
def test_at_a_table_that_answers_a_sure_reading_played_again_is_asked_misread_or_foul(
        answered: bool) -> None:
    """classic-2p-seed60 (a design whose clubs read as spades): as above, the 6C and the QC
    read surely as 6S and QS and discarded. Where the players have answered a question before
    (the 10D, read unsurely), the real 6S led is asked about, not called a foul: only they can
    tell a misreading from a card taken from the discard. Confirmed, the past is renamed;
    left unanswered, it is the foul the referee said, once the question is settled."""
    scene = six_of_clubs_discarded_as_spades(0.95, players_answer=True)
    play(scene, "6S", BOTTOM, (520, 350), confidence=0.95)
    pipeline = scene.target
    question, = pipeline.questions
    assert "Misread before" in question.text and pipeline.fouls == []
    assert {"type": "attack", "player": "Anna", "cards": ["6S"], "foul": "G8"} \
        in question.candidates
    if answered:
        assert pipeline.answer(question, 0).verdict.ok
        assert sorted(pipeline.snapshot()["discard_cards"]) == ["10D", "6C", "7D", "QC"]
        assert pipeline.fouls == []
        return
    scene.wait(pipeline.follower.config.doubt_wait + 1.0)
    assert question in pipeline.follower.withdrawn
    assert [v.verdict.rule for v in pipeline.fouls] == ["G8"]
    assert "6S" not in [pair["attack"] for pair in pipeline.snapshot()["table"]]


def test_a_card_misread_before_is_judged_as_when_asked_though_the_card_asked_about_left_since(
) -> None:
    """As above, the discarded 6S read unsurely; Anna's 6S lead, read surely, is asked about
    (misread before?), Boris beats it with the 9S and the bout is swept before anyone answers.
    Settled unanswered, it is taken as read: the 6S discarded before, read unsurely, was the
    6C. That is the 6S gone before the question, not the lead read surely that has left the
    table since (classic-2p-seed51: the bout was dropped and the next lead judged a foul)."""
    scene = six_of_clubs_discarded_as_spades(0.7)
    play(scene, "6S", BOTTOM, (520, 350), confidence=0.95)
    pipeline = scene.target
    question, = pipeline.questions
    assert "Misread before" in question.text
    play(scene, "9S", TOP, (535, 365))
    sweep(scene, "6S", "9S")
    assert question in pipeline.follower.withdrawn
    assert sorted(pipeline.snapshot()["discard_cards"]) == [
        "10D", "6C", "6S", "7D", "9S", "QC"]
    assert pipeline.fouls == []


@pytest.mark.parametrize("misread", ["7S", "6S"])
def test_a_refused_card_read_otherwise_on_its_way_in_is_asked_about_at_once(
        misread: str) -> None:
    """Boris's 7C, brought in onto Anna's 6C lead (read unsurely on its way, 0.8), is read
    surely as 7S (or 6S, no look-alike) as it lands: refused as read (G4, it cannot beat the
    6C), but read two ways as it came to rest, so asked at once, the 7C right after the
    reading (classic-2p-seed28 was a foul until the 7C was read there again). Named, the
    7C beats the 6C: no foul, one defence in the log."""
    scene = two_players_trump_turned()
    play(scene, "6C", BOTTOM, (500, 360), confidence=0.95)
    scene.slide("7C", TOP, (515, 375), confidence=0.8)
    scene.remove("7C")
    scene.put(misread, (515, 375), confidence=0.95)
    scene.wait(0.4)
    pipeline = scene.target
    [question] = pipeline.questions
    defence = {"type": "defend", "player": "Boris", "card": "7C", "on": "6C"}
    assert question.candidates[:2] == ({**defence, "card": misread}, defence)
    assert pipeline.answer(question, 1).verdict.ok
    assert pipeline.fouls == []
    assert [e.event for e in pipeline.events][-2:] == [
        {"type": "attack", "player": "Anna", "cards": ["6C"]}, defence]


def test_an_answer_not_in_the_log_is_returned_as_it_is() -> None:
    """`refusal_was_misread` looks the answer's verdict up in the log; one not there comes
    back unchanged, and the log is left as it was."""
    from vision.table_events import Question, Verdicted

    scene = Scene(TablePipeline.with_referee(TWO), jitter=1.5)
    pipeline = scene.target
    before = list(pipeline.verdicts)
    outside = Verdicted(TableEvent({"type": "deal"}, 1, 0.1), pipeline.verdicts[0].verdict)
    question = Question("?", "?", ({"type": "deal"},), 1, 0.1)
    assert pipeline.refusal_was_misread(outside, question) is outside
    assert pipeline.verdicts == before


def king_of_spades_led_as_king_of_clubs() -> Scene:
    """Anna beat with the K♣ and the K♠ and took them; later her K♠ lead was read K♣ (surely)
    and Boris took it, her Q♠ thrown in on it refused (P3) (the next two tests)."""
    scene = two_players_trump_turned()
    play(scene, "7S", BOTTOM, (500, 360))
    play(scene, "9S", TOP, (515, 375))
    sweep(scene, "7S", "9S")
    play(scene, "QC", TOP, (500, 360))
    play(scene, "KC", BOTTOM, (515, 375))
    play(scene, "QS", TOP, (620, 360))
    play(scene, "KS", BOTTOM, (635, 375))
    play(scene, "KD", TOP, (740, 360))       # Anna does not beat it: she takes them all
    sweep(scene, "QC", "KC", "QS", "KS", "KD")
    play(scene, "7D", TOP, (500, 360))
    play(scene, "10D", BOTTOM, (515, 375))
    sweep(scene, "7D", "10D")
    play(scene, "KC", BOTTOM, (500, 360), confidence=0.95)   # her K♠, misread
    play(scene, "QS", BOTTOM, (620, 360))    # thrown in: P3
    sweep(scene, "KC", "QS")                 # Boris takes the lead
    return scene


def test_a_card_played_twice_misread_only_the_second_time_is_renamed_from_that_play() -> None:
    """When Anna leads the real K♣ (read unsurely: asked) and the players confirm it, the
    past is renamed from her K♠ lead read K♣, not from her K♣ defence (her K♠ defence would
    clash), and as the K♠, not the Q♣: with a Q♣ led, her Q♠ would have been no foul
    (classic-3p-seed40: a false G8)."""
    scene = king_of_spades_led_as_king_of_clubs()
    play(scene, "KC", BOTTOM, (500, 360), confidence=0.7)    # the real K♣, read unsurely
    pipeline = scene.target
    attack = {"type": "attack", "player": "Anna", "cards": ["KC"]}
    [question] = [q for q in pipeline.questions if attack in q.candidates]
    assert pipeline.answer(question, question.candidates.index(attack)).verdict.ok
    assert [v.verdict.rule for v in pipeline.fouls] == ["P3"]
    told = [e.event for e in pipeline.events]
    assert {"type": "attack", "player": "Anna", "cards": ["KS"]} in told
    assert {"type": "defend", "player": "Anna", "card": "KC", "on": "QC"} in told
    assert "KS" in pipeline.snapshot()["hands"]["Boris"]["known"]


def test_a_discarded_card_read_surely_until_covered_then_played_again_is_a_foul() -> None:
    """classic-3p-seed44: Anna's Q♣ was read surely until the card beating it covered all but
    its index, read unsurely from then on (over all its readings, among the game's least sure
    cards); discarded, it was played again: a foul (G8). Read surely at best (`peak_mean`),
    it was that card, not a misreading of another: no question whether it was misread."""
    scene = two_players_trump_turned()
    play(scene, "QS", BOTTOM, (500, 360), confidence=0.95)
    scene.wait(0.5)
    play(scene, "KS", TOP, (515, 375))
    scene.index_only.add("QS")               # covered: only its index shows, read unsurely
    scene.confidence["QS"] = 0.6
    scene.wait(2.0)
    sweep(scene, "QS", "KS")
    scene.index_only.discard("QS")
    play(scene, "QS", TOP, (500, 360), confidence=0.95)   # Boris leads it again
    pipeline = scene.target
    assert [v.verdict.rule for v in pipeline.fouls] == ["G8"]
    assert pipeline.questions == []


def test_a_sure_reading_of_a_card_played_twice_is_a_foul_not_renamed_unasked() -> None:
    """The same, with Anna's real K♣ read surely: the referee refuses it (G8, in Boris's
    hand) and only a renaming from her later play of it would explain it. Nobody confirmed
    the reading, so nobody could call it a foul instead (`as_a_foul`): a foul, no question
    (classic-2p-seed45: a G8 foul so became a question, and unanswered a renaming)."""
    scene = king_of_spades_led_as_king_of_clubs()
    play(scene, "KC", BOTTOM, (500, 360), confidence=0.95)
    pipeline = scene.target
    assert [v.verdict.rule for v in pipeline.fouls] == ["P3", "G8"]
    assert pipeline.questions == []


@pytest.mark.parametrize(("taken_read", "asked"), [(0.97, False), (0.72, True)])
def test_a_card_read_surely_is_not_renamed_as_one_of_another_rank_and_suit(
        taken_read: float, asked: bool) -> None:
    """transfer-3p-seed46: Boris took Anna's K♥; Anna took Boris's 7♠. Anna's K♥ defence,
    read surely, is refused (G8: Boris holds it). Only a renaming of her 7♠ explains it,
    another rank and suit: read surely, the 7♠ was no misreading, so the refusal is a foul
    (the 7♠ was once renamed K♥ so, and the game went wrong). Read unsurely, it may have
    been: the players are asked whether the camera misread a card before."""
    scene = two_players_trump_turned()
    play(scene, "KH", BOTTOM, (500, 360))
    sweep(scene, "KH")                       # Boris does not beat it: he takes it
    play(scene, "6D", BOTTOM, (500, 360))
    play(scene, "9D", TOP, (515, 375))
    sweep(scene, "6D", "9D")                 # beaten: Boris leads
    play(scene, "7S", TOP, (500, 360), confidence=taken_read)
    sweep(scene, "7S")                       # Anna takes it
    play(scene, "8C", TOP, (500, 360))
    play(scene, "KH", BOTTOM, (515, 375), confidence=0.97)
    pipeline = scene.target
    assert "7S" in pipeline.snapshot()["hands"]["Anna"]["known"]
    if asked:
        [question] = pipeline.questions
        assert "Misread before" in question.text
        assert pipeline.fouls == []
    else:
        assert pipeline.questions == []
        assert [v.verdict.rule for v in pipeline.fouls] == ["G8"]


def test_a_refusal_read_by_turns_with_the_card_the_players_name_there_is_withdrawn() -> None:
    """dummy-2p-seed55: the dummy's 7♣ thrown in was read by turns as 8♣, surely (refused as
    a throw-in, P3: no 8 on the table), and as 7♣, unsurely (asked about). The players named
    the 7♣ thrown in, yet the 8♣ foul stayed: the same card, read two ways where it lay (each
    code the other's rival), so the answer takes the refusal's place in the log."""
    from vision.table_events import Question, Verdicted

    scene = two_players_trump_turned()
    scene.slide("7C", BOTTOM, (640, 360), confidence=0.7)
    for _ in range(6):
        for code, confidence in (("8C", 0.97), ("7C", 0.67)):
            scene.remove("7C", "8C")
            scene.put(code, (640, 360), confidence=confidence)
            scene.wait(0.1)
    pipeline = scene.target
    assert "8C" in pipeline.follower.last_track("7C").rivals
    frame, time = scene.frame, scene.time
    read = TableEvent({"type": "throw_in", "player": "Anna", "cards": ["8C"]}, frame, time)
    named = {"type": "throw_in", "player": "Anna", "cards": ["7C"]}
    answered = Verdicted(TableEvent(named, frame, time), FakeVerdict(True))
    pipeline.verdicts += [Verdicted(read, FakeVerdict(False, "P3")), answered]
    question = Question("?", "?", (named,), frame, time, ("7C",))
    told = pipeline.refusal_was_misread(answered, question)
    assert told.event.event == named and told.event.was is read
    assert pipeline.verdicts[-1] is told
    assert not any(v.event is read for v in pipeline.verdicts)


def test_a_card_read_as_another_code_on_its_way_is_renamed_from_its_later_play() -> None:
    """cross-2p-seed75: Boris placed the 8♦ on his pile; later his 6♦ defence was read 6♦
    coming in and 8♦ at rest, and told so; his real 8♦ led after it was a false G8, no
    question, as the 8♦'s first play could not be renamed. Here Boris takes the 8♣ and the
    7♣, then beats the 6♣ with the 8♣, read 8♣ on its way and 7♣ at rest; his 7♣ led next,
    read surely, is asked about ("misread before?"), and named as read it renames that
    defence, not Anna's 7♣ lead: no foul."""
    from referee import Referee

    scene = start(referee=Referee())
    pipeline = scene.target
    for card in ("8C", "7C"):                     # led by Anna, taken by Boris
        play(scene, card, BOTTOM, (500, 360))
        carry_off(scene, TOP, card)
        scene.wait(1.0)
    play(scene, "6C", BOTTOM, (500, 360))
    for y in (140, 220, 300):                     # Boris's 8C on its way in, read 8C
        scene.put("8C", (515, y))
        scene.step()
        scene.remove("8C")
    scene.put("7C", (515, 375))                   # and 7C where it lies
    scene.wait(1.0)
    carry_off(scene, LEFT, "6C", "7C")
    scene.wait(1.0)
    play(scene, "7C", TOP, (500, 360))            # Boris leads his 7C
    [question] = pipeline.questions
    assert "Misread before" in question.text and pipeline.fouls == []
    lead = {"type": "attack", "player": "Boris", "cards": ["7C"]}
    assert question.candidates[0] == lead and pipeline.answer(question, 0).verdict.ok
    accepted = [v.event.event for v in pipeline.verdicts if v.verdict.ok]
    assert accepted[-5:] == [
        {"type": "take", "player": "Boris"},
        {"type": "attack", "player": "Anna", "cards": ["6C"]},
        {"type": "defend", "player": "Boris", "card": "8C", "on": "6C"},
        {"type": "discard"}, lead]
    assert pipeline.fouls == []


def test_a_bout_card_s_code_brought_in_clear_of_it_where_a_look_alike_lies_renames_it() -> None:
    """transfer-3p-seed88: Vera's K♣ lead, read K♣ on its way, K♠ at rest, was told as K♠;
    read K♣ where it lay from then on (the tracker's K♣, K♠ its rival there). Her real K♠,
    thrown in from her seat clear of the lead, is a card of its own: the lead was the K♣,
    and the K♠ is told (it was taken for the lead seen again: her hand a card too many and
    the stock a card too few to the end of the game)."""
    from referee import Referee

    scene = start(referee=Referee())
    scene.slide("KS", BOTTOM, (500, 360), confidence=0.7)   # Anna's K♣ lead, read K♠
    scene.wait(1.0)
    scene.remove("KS")
    for step in range(6):                                   # K♣ and K♠ by turns, then K♣
        scene.step(extra=[("KS", (500, 360), 0.7) if step % 2 else ("KC", (500, 360), 0.95)])
    scene.put("KC", (500, 360), confidence=0.95)
    scene.wait(0.6)
    play(scene, "7H", TOP, (515, 375))
    play(scene, "KS", BOTTOM, (660, 360))                  # her real K♠ thrown in
    scene.wait(1.0)
    pipeline = scene.target
    assert [v.event.event for v in pipeline.verdicts[3:]] == [
        {"type": "attack", "player": "Anna", "cards": ["KC"]},
        {"type": "defend", "player": "Boris", "card": "7H", "on": "KC"},
        {"type": "throw_in", "player": "Anna", "cards": ["KS"]}]
    assert pipeline.fouls == [] and pipeline.questions == []


def test_a_foul_the_players_named_keeps_its_card_when_an_earlier_reading_is_renamed() -> None:
    """Anna's 7♠ lead was read 7♣ and discarded so. Her 7♣ laid on Boris's 8♣ later, refused
    (G8: "in the discard pile"), the players named as read, a foul. When Boris's 7♣ lead is
    then confirmed and the past renamed (the first 7♣ was the 7♠), that foul keeps the card the
    players named: it was renamed too, a 7♠ nobody laid, and the 7♣ foul was lost
    (dummy-3p-seed76: Anna's 7♦ on her own A♥ became a 7♣, a false foul, and the 7♦ foul
    uncaught)."""
    pipeline = TablePipeline.with_referee(TWO)

    def tell(event: dict, *, named: bool = False) -> TableEvent:
        told = TableEvent(event, len(pipeline.events) + 1, float(len(pipeline.events)),
                          named=named)
        pipeline.events.append(told)
        pipeline._judge(told)
        return told

    for event in ({"type": "deal"}, {"type": "trump", "card": "6H"},
                  {"type": "attack", "player": "Anna", "cards": ["7C"]},
                  {"type": "defend", "player": "Boris", "card": "9C", "on": "7C"},
                  {"type": "discard"}, {"type": "attack", "player": "Boris", "cards": ["8C"]}):
        tell(event)
    foul = {"type": "defend", "player": "Anna", "card": "7C", "on": "8C"}
    tell(foul, named=True)
    tell({"type": "take", "player": "Anna"})
    lead = {"type": "attack", "player": "Boris", "cards": ["7C"]}
    confirmed = TableEvent(lead, len(pipeline.events) + 1, 99.0)
    assert pipeline.rename_in_history("7C", "7S", confirmed)
    assert pipeline.verdicts[-1].event.event == lead and pipeline.verdicts[-1].verdict.ok
    assert {"type": "attack", "player": "Anna", "cards": ["7S"]} in [
        e.event for e in pipeline.events]
    assert [v.event.event for v in pipeline.fouls] == [foul]
