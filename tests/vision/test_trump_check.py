"""The turned trump checked by the first bout: a card beaten was the first lead, not the trump."""

from __future__ import annotations

from table_scene import Scene
from test_events_inference import BOTTOM, TOP, TWO, events, play, questions, sweep

from vision.pipeline import TablePipeline
from vision.table_events import Question

STOCK = (1000, 600)   # where the turned trump lies, sideways under the stock


def trump_unread() -> tuple[Scene, Question]:
    """The trump lies under the stock unread; Anna's lead is taken as the trump until Boris
    beats it."""
    scene = Scene(TablePipeline.with_referee(TWO), jitter=1.5)
    scene.wait(0.6)
    play(scene, "7S", BOTTOM, (500, 360))
    assert events(scene) == [{"type": "deal"}, {"type": "trump", "card": "7S"}]
    play(scene, "9S", TOP, (515, 375))       # laid on the "trump": it was a lead
    asked = [q for q in questions(scene) if q.candidates[0]["type"] == "trump"]
    assert len(asked) == 1
    return scene, asked[0]


def test_a_card_beaten_in_the_first_bout_was_the_lead_and_the_players_name_the_trump() -> None:
    scene, question = trump_unread()
    pipeline = scene.target
    assert {"type": "trump", "card": "6H"} in question.candidates
    assert {"type": "trump", "card": "7S"} not in question.candidates[:-1]
    assert question.since == 0.0              # the trump was turned at the deal
    assert len(events(scene)) == 2            # the bout waits for the trump
    pipeline.answer(question, question.candidates.index({"type": "trump", "card": "6H"}))
    scene.wait(0.3)
    assert pipeline.snapshot()["trump"] == "6H"
    assert [e.event for e in pipeline.events][-3:] == [
        {"type": "trump", "card": "6H"},
        {"type": "attack", "player": "Anna", "cards": ["7S"]},
        {"type": "defend", "player": "Boris", "card": "9S", "on": "7S"}]
    assert pipeline.fouls == []
    play(scene, "9D", BOTTOM, (640, 360))    # thrown in, and beaten by a small trump:
    play(scene, "7H", TOP, (655, 375))       # legal with hearts trumps, not with spades
    assert events(scene)[-1] == {"type": "defend", "player": "Boris", "card": "7H", "on": "9D"}
    assert pipeline.fouls == []


def test_unanswered_a_card_coming_to_rest_apart_from_the_bout_is_taken_as_the_trump() -> None:
    scene, question = trump_unread()
    pipeline = scene.target
    scene.put("6H", STOCK)                   # the trump read at last, beside the stock
    scene.wait(0.6)
    assert pipeline.snapshot()["trump"] == "6H"
    assert [e.event for e in pipeline.events][-2:] == [
        {"type": "attack", "player": "Anna", "cards": ["7S"]},
        {"type": "defend", "player": "Boris", "card": "9S", "on": "7S"}]
    assert pipeline.fouls == []
    confirm = pipeline.questions[-1]
    assert question not in pipeline.questions and confirm.candidates[0] == {
        "type": "trump", "card": "6H"}
    # the players say the card beside the stock is the 8H: it takes that name
    pipeline.answer(confirm, confirm.candidates.index({"type": "trump", "card": "8H"}))
    assert pipeline.snapshot()["trump"] == "8H"
    assert "8H" in {track.card for track in pipeline.tracker.on_table()}
    assert pipeline.fouls == []


def test_unanswered_and_nothing_else_read_the_first_reading_stands() -> None:
    scene, question = trump_unread()
    pipeline = scene.target
    scene.wait(5.5)
    assert question not in pipeline.questions
    assert pipeline.snapshot()["trump"] == "7S"
    assert events(scene)[-1]["cards"] == ["9S"]   # read as before: Boris's lead


def test_the_first_lead_laid_apart_from_the_trump_leaves_it_the_trump() -> None:
    scene = Scene(TablePipeline.with_referee(TWO), jitter=1.5)
    scene.put("6H", STOCK)
    scene.wait(0.6)
    play(scene, "7S", BOTTOM, (500, 360))
    play(scene, "9S", TOP, (515, 375))
    scene.remove("7S", "9S")
    scene.wait(3.5)
    play(scene, "8H", TOP, (980, 590))       # a later card laid on the trump asks nothing of it
    assert not [q for q in questions(scene) if q.candidates[0]["type"] == "trump"]
    assert scene.target.snapshot()["trump"] == "6H"


def test_the_named_trump_read_as_a_look_alike_where_it_lies_is_the_trump_not_a_card_played(
        ) -> None:
    """The players named the 6H; the camera reads the card by the stock as a KH, there all
    along (never brought in), on and off: it is the trump, however often it shows up."""
    scene, question = trump_unread()
    pipeline = scene.target
    pipeline.answer(question, question.candidates.index({"type": "trump", "card": "6H"}))
    scene.wait(0.3)
    told = len(pipeline.events)
    scene.put("KH", STOCK)
    scene.wait(1.0)
    scene.hidden.add("KH")                   # a hand over the stock for a while
    scene.wait(4.0)
    scene.hidden.discard("KH")
    scene.wait(1.0)
    assert len(pipeline.events) == told and pipeline.questions == [] and pipeline.fouls == []
    play(scene, "9H", BOTTOM, (640, 360))    # a heart brought in is played as any card
    assert events(scene)[-1] == {"type": "throw_in", "player": "Anna", "cards": ["9H"]}


def test_the_trump_read_as_its_look_alike_on_its_own_box_is_the_trump_not_a_card_laid_on_it(
) -> None:
    """The 6S turned is read 6S, then 6C whole on its own box (never brought in; its index
    still 6S a while), then the stock covers it: the trump read two ways, not a card beating
    it, nor one seen too briefly to be the trump, so the 6S stays the trump and Anna's QC is
    the first lead (dummy-2p-seed98: the 6♠ became the first lead, the Q♣
    the trump, and 9 false fouls followed unanswered)."""
    scene = Scene(TablePipeline.with_referee(TWO), jitter=1.5)
    pipeline = scene.target
    scene.put("6S", STOCK)
    scene.wait(0.6)
    scene.index_only.add("6S")               # its index still read 6S a while
    scene.put("6C", STOCK)
    scene.wait(0.3)
    scene.remove("6S")
    scene.wait(0.8)
    scene.remove("6C")                       # the stock laid over it
    scene.wait(1.0)
    play(scene, "QC", BOTTOM, (500, 360))
    play(scene, "KC", TOP, (515, 375))
    assert events(scene) == [{"type": "deal"}, {"type": "trump", "card": "6S"},
                             {"type": "attack", "player": "Anna", "cards": ["QC"]},
                             {"type": "defend", "player": "Boris", "card": "KC", "on": "QC"}]
    assert pipeline.questions == [] and pipeline.fouls == []


def first_bout(scene: Scene, confidence: float) -> None:
    """Anna leads the 6D, Boris beats it with the 9D, Anna throws in the 9H, Boris beats it
    with the KH: four cards besides the trump, each read with `confidence`."""
    for card, seat, at in (("6D", BOTTOM, (500, 360)), ("9D", TOP, (515, 375)),
                           ("9H", BOTTOM, (640, 360)), ("KH", TOP, (655, 375))):
        play(scene, card, seat, at, confidence=confidence)


def test_a_trump_read_less_surely_than_the_game_s_cards_is_asked_about() -> None:
    """transfer-2p-seed24: the turned 7C, its clubs like spades in that design, read 7S at
    0.8, the game's cards at 0.97. The game goes on with the 7S; once four cards besides it
    are read, the players are asked, the reading first, then its look-alike of the same
    colour. Named the 7C, the trump is clubs from the deal on, and the real 7S, played later,
    is a card of the bout, not the trump seen again."""
    scene = Scene(TablePipeline.with_referee(TWO), jitter=1.5)
    scene.put("7S", STOCK, confidence=0.8)
    scene.wait(0.6)
    pipeline = scene.target
    first_bout(scene, 0.97)
    assert pipeline.snapshot()["trump"] == "7S"
    [question] = pipeline.questions
    assert [c["card"] for c in question.candidates[:2]] == ["7S", "7C"]
    pipeline.answer(question, 1)
    assert pipeline.snapshot()["trump"] == "7C"
    assert {"type": "trump", "card": "7C"} in [e.event for e in pipeline.events]
    sweep(scene, "6D", "9D", "9H", "KH")
    play(scene, "6S", TOP, (500, 360), confidence=0.97)
    play(scene, "7S", BOTTOM, (515, 375), confidence=0.97)
    assert events(scene)[-1] == {"type": "defend", "player": "Anna", "card": "7S", "on": "6S"}
    assert pipeline.fouls == []


def test_a_trump_read_about_as_surely_as_the_game_s_cards_is_not_asked_about() -> None:
    scene = Scene(TablePipeline.with_referee(TWO), jitter=1.5)
    scene.put("7S", STOCK, confidence=0.85)
    scene.wait(0.6)
    first_bout(scene, 0.9)
    assert scene.target.questions == [] and scene.target.fouls == []


def test_a_trump_asked_about_and_confirmed_stays_the_camera_s_reading() -> None:
    """Confirmed as read, the trump is not told again: the event in the log is still the one
    the camera read at the deal (so it counts as the camera's), and the referee's past is
    untouched."""
    scene = Scene(TablePipeline.with_referee(TWO), jitter=1.5)
    scene.put("7S", STOCK, confidence=0.8)
    scene.wait(0.6)
    pipeline = scene.target
    read = next(e for e in pipeline.events if e.event["type"] == "trump")
    first_bout(scene, 0.97)
    verdicts = list(pipeline.verdicts)
    [question] = pipeline.questions
    pipeline.answer(question, 0)
    assert [e for e in pipeline.events if e.event["type"] == "trump"] == [read]
    assert next(e for e in pipeline.events if e.event["type"] == "trump") is read
    assert pipeline.verdicts == verdicts and pipeline.snapshot()["trump"] == "7S"


def test_a_code_read_where_the_trump_lies_is_offered_next_to_the_trump_read() -> None:
    """classic-3p-seed33: the turned Q♥ read A♥ (0.8), and Q♥ now and then where it lies.
    Asked which card the trump is, the players find that Q♥ second, after the reading,
    though the camera has seen it (seen cards are no unaccounted ones); named, it is the
    trump."""
    scene = Scene(TablePipeline.with_referee(TWO), jitter=1.5)
    scene.put("AH", STOCK, confidence=0.8)
    scene.wait(0.6)
    pipeline = scene.target
    play(scene, "6D", BOTTOM, (500, 360), confidence=0.97)
    play(scene, "9D", TOP, (515, 375), confidence=0.97)
    scene.remove("AH")                       # the trump read the other way for a while
    scene.put("QH", STOCK, confidence=0.7)
    scene.wait(0.6)
    scene.remove("QH")
    scene.put("AH", STOCK, confidence=0.8)
    play(scene, "9H", BOTTOM, (640, 360), confidence=0.97)
    play(scene, "KH", TOP, (655, 375), confidence=0.97)
    [question] = pipeline.questions
    assert [c["card"] for c in question.candidates[:2]] == ["AH", "QH"]
    pipeline.answer(question, 1)
    assert pipeline.snapshot()["trump"] == "QH" and pipeline.fouls == []


THREE = {"type": "setup", "variant": "classic", "deck": 36, "seats": ["Anna", "Boris", "Vera"],
         "dealer": "Vera"}
BORIS, VERA = (90, 180), (1190, 180)


def test_a_trump_misread_where_it_lies_after_its_own_readings_left_is_no_card_played() -> None:
    """classic-3p-seed33: the turned trump's own readings stopped (its track left the
    tracker) while the stock still lay on it; then its index was read as the 9♥, a card of
    its suit, where it lies. No card was played: the referee counts a stock, so the trump
    lies there still. When the real 9♥ comes, carried in from Vera's seat, it is her
    throw-in (the tracker took it for the misread card moved: it came from where it was
    first seen carried, not from the stock)."""
    scene = Scene(TablePipeline.with_referee(THREE), jitter=1.5)
    scene.put("6H", STOCK)
    scene.wait(0.6)
    pipeline = scene.target
    play(scene, "7S", BOTTOM, (500, 360))
    play(scene, "9S", BORIS, (515, 375))
    scene.remove("6H")
    scene.wait(3.5)                          # gone from the tracker, under the stock still
    scene.put("9H", STOCK, confidence=0.8)
    scene.wait(0.6)
    assert events(scene)[-1] == {"type": "defend", "player": "Boris", "card": "9S", "on": "7S"}
    scene.remove("9H")
    scene.slide("9H", VERA, (640, 360))
    scene.wait(1.0)
    assert events(scene)[-1] == {"type": "throw_in", "player": "Vera", "cards": ["9H"]}
    assert pipeline.fouls == []
