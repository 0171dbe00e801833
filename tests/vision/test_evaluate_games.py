"""`durak-table evaluate-games`: the live frame-dropping schedule, the per-game scoring, and one
tiny rendered game measured end to end with the truth's cards standing in for the detector."""

from __future__ import annotations

import contextlib
import io
import json
import shutil
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace

import pytest

from vision import cli_evaluate_games
from vision.detections import Detections
from vision.inference_eval import score_events, summarize
from vision.live_game_eval import TruthAnswerer, run_live_game
from vision.live_schedule import next_frame, run_live
from vision.rendered_games import expected_events
from vision.scripted_game import TruthEvent
from vision.table_events import TableEvent, Verdicted

pytest.importorskip("referee")

# -- the live schedule --------------------------------------------------------------------------


def test_a_fast_pipeline_gets_every_frame_when_it_is_captured() -> None:
    steps = run_live(5, 10.0, lambda frame: 0.01)
    assert [s.frame for s in steps] == [0, 1, 2, 3, 4]
    assert [round(s.started, 3) for s in steps] == [0.0, 0.1, 0.2, 0.3, 0.4]
    assert round(steps[-1].finished, 3) == 0.41


def test_a_slow_step_drops_the_frames_captured_meanwhile() -> None:
    took = {0: 0.25, 2: 0.05, 3: 0.31, 6: 0.01}  # seconds per frame processed, 10 fps
    steps = run_live(10, 10.0, lambda frame: took.get(frame, 0.01))
    # 0 ends at 0.25: newest is 2 (0.2); 2 ends at 0.30: 3 is there; 3 ends at 0.61: newest 6
    assert [s.frame for s in steps] == [0, 2, 3, 6, 7, 8, 9]
    assert [round(s.started, 3) for s in steps[:4]] == [0.0, 0.25, 0.3, 0.61]
    assert round(steps[3].finished, 3) == 0.62 and round(steps[4].started, 3) == 0.7


def test_next_frame_at_exact_capture_times() -> None:
    assert next_frame(0, 0.3, 10.0) == 3    # frame 3 is captured at exactly 0.3 s
    assert next_frame(5, 0.31, 10.0) == 6   # nothing newer yet: wait for the next one
    assert next_frame(0, 1 / 30, 30.0) == 1


class ScriptedFeed:
    """Frame N is the number N; its detections are `script(N)`."""

    def __init__(self, script: Callable[[int], Detections]) -> None:
        self.script = script

    def frame(self, number: int) -> int:
        return number

    def detect(self, frame: int) -> Detections:
        return self.script(frame)

    def close(self) -> None:
        pass


def two_seat_game(dealer: str, frames: int) -> tuple[dict, dict]:
    """A classic game's setup and a 640x360 10 fps video's header: Anna below, Boris above."""
    setup = {"type": "setup", "variant": "classic", "deck": 36, "seats": ["Anna", "Boris"],
             "dealer": dealer}
    header = {"fps": 10.0, "frames": frames, "size": [640, 360],
              "calibration": {"seats": {"Anna": [320, 350], "Boris": [320, 10]}}}
    return setup, header


def test_a_live_game_stamps_each_verdict_when_its_step_finished() -> None:
    """A fake clock: every detection costs 0.25 s, so at 10 fps two frames in five are seen,
    and the trump's verdict comes out a quarter second after the frame that showed it."""
    trump = Detections.from_cards([("JH", (100, 100, 160, 190), 0.9)])

    class Feed:
        def frame(self, number: int) -> int:
            return number

        def detect(self, frame: int) -> Detections:
            clock.now += 0.25
            return trump if frame >= 10 else Detections.empty()

    clock = SimpleNamespace(now=0.0)
    setup, header = two_seat_game("Anna", 40)
    run = run_live_game(Feed(), setup, header, clock=lambda: clock.now)
    assert [s.frame for s in run.steps][:5] == [0, 2, 5, 7, 10]
    assert [v.event.event["type"] for v, _ in run.judged] == ["deal", "trump"]
    (_, at), frame = run.judged[1], run.judged[1][0].event.frame
    assert at == pytest.approx(frame / 10 + 0.25)
    assert run.detector_seconds[0] == pytest.approx(0.25) and run.processed_fps < 10


def test_the_players_answer_questions_from_the_truth_and_their_events_are_not_the_camera_s(
        ) -> None:
    """A trump read with low confidence is a question; the truth-answering players pick it,
    the referee judges it, but the camera did not say it on its own."""
    trump = Detections.from_cards([("JH", (100, 100, 160, 190), 0.4)])
    feed = ScriptedFeed(lambda frame: trump if frame >= 10 else Detections.empty())
    setup, header = two_seat_game("Anna", 40)
    answerer = TruthAnswerer([TruthEvent({"type": "deal"}, True, 10),
                              TruthEvent({"type": "trump", "card": "JH"}, True, 11)], 10.0)
    run = run_live_game(feed, setup, header, step_cost=0.01, answer=answerer)
    assert (run.questions, run.answered) == (1, 1)
    assert [v.event.event["type"] for v, _ in run.judged] == ["deal"]  # the trump: answered
    nobody = run_live_game(feed, setup, header, step_cost=0.01,
                           answer=TruthAnswerer([], 10.0))  # no such event: "none of them"
    assert (nobody.questions, nobody.answered) == (1, 0)


def test_an_answer_in_place_of_an_accepted_event_is_the_players_and_the_rest_the_camera_s(
        ) -> None:
    """The trump under the stock is never read: Anna's lead is taken as the trump until Boris
    beats it; the players name the trump, which takes the place of the camera's in the
    referee's past. The lead and the defence judged after it are still the camera's."""
    defence = ("9S", (310, 160, 370, 250), 0.9)

    def table(frame: int) -> Detections:
        rise = 30 * max(0, 14 - frame)   # slid in from Anna's side of the table
        lead = ("7S", (300, 150 + rise, 360, 240 + rise), 0.9)
        return Detections.from_cards([lead] if frame < 30 else [lead, defence]) \
            if frame >= 10 else Detections.empty()

    setup, header = two_seat_game("Boris", 50)
    answerer = TruthAnswerer([TruthEvent({"type": "deal"}, True, 5),
                              TruthEvent({"type": "trump", "card": "6H"}, True, 6),
                              TruthEvent({"type": "attack", "player": "Anna", "cards": ["7S"]},
                                         True, 10),
                              TruthEvent({"type": "defend", "player": "Boris", "card": "9S",
                                          "on": "7S"}, True, 30)], 10.0)
    run = run_live_game(ScriptedFeed(table), setup, header, step_cost=0.01, answer=answerer)
    assert (run.questions, run.answered) == (1, 1)
    assert [v.event.event for v, _ in run.judged] == [
        {"type": "deal"}, {"type": "attack", "player": "Anna", "cards": ["7S"]},
        {"type": "defend", "player": "Boris", "card": "9S", "on": "7S"}]


def test_the_players_answer_about_the_moment_a_question_asks_about() -> None:
    from vision.table_events import Question

    defence = {"type": "defend", "player": "Boris", "card": "9S", "on": "7S"}
    truth = [TruthEvent(defence, True, 100)]                  # 10 s at 10 fps
    take = {"type": "take", "player": "Boris"}
    late = Question("?", "?", (take, defence), frame=150, time=15.0)
    assert TruthAnswerer(truth, 10.0, window=3.0)(late) is None      # 5 s before: not "now"
    about_the_bout = Question("?", "?", (take, defence), frame=150, time=15.0, since=9.0)
    assert TruthAnswerer(truth, 10.0, window=3.0)(about_the_bout) == 1
    before_it = Question("?", "?", (take, defence), frame=150, time=15.0, since=11.0)
    assert TruthAnswerer(truth, 10.0, window=3.0)(before_it) is None


@pytest.mark.parametrize("table, foul, named", [
    (["6H", "8H"], False, 1),    # the table did hold the 6H: the camera misread it
    (["6D", "8H"], True, 0),     # it held the 6D: the draw beside it was the foul
])
def test_the_players_name_the_layout_misread_only_where_the_table_held_those_cards(
        table: list[str], foul: bool, named: int) -> None:
    from vision.table_events import Question

    drawn = {"type": "open_draw", "player": "Anna", "card": "7D"}
    truth = [TruthEvent({"type": "deal", "table": table}, True, 20),
             TruthEvent({**drawn, "foul": "R2"} if foul else drawn, not foul, 100)]
    asked = Question("?", "?", ({**drawn, "foul": "R2"},
                                {**drawn, "table_misread": {"6D": "6H"}}), frame=101, time=10.1)
    assert TruthAnswerer(truth, 10.0)(asked) == named


@pytest.mark.parametrize("trump, named", [("8C", 1), ("8S", 0)])
def test_the_players_name_the_trump_misread_only_where_the_trump_was_that_card(
        trump: str, named: int) -> None:
    """They see the centre trump as they see the layout: the 8S named misread for the 8C only
    where the trump turned was the 8C."""
    from vision.table_events import Question

    drawn = {"type": "open_draw", "player": "Anna", "card": "6S"}
    truth = [TruthEvent({"type": "deal", "table": ["7S", "8H"]}, True, 20),
             TruthEvent({"type": "trump", "card": trump}, True, 25),
             TruthEvent({**drawn, "foul": "R2"} if named == 0 else drawn, named == 1, 100)]
    asked = Question("?", "?", ({**drawn, "foul": "R2"},
                                {**drawn, "table_misread": {"8S": "8C"}}), frame=101, time=10.1)
    assert TruthAnswerer(truth, 10.0)(asked) == named


def test_asked_which_card_beat_a_card_that_was_beaten_then_taken_the_players_name_it() -> None:
    """dummy-2p-seed88: Anna beat the 9C with the AC, the dummy threw in the AH and she took.
    Asked "which card beat 9C, or did Anna take?", they name the AC, not the take that came
    nearer the question: the 9C was beaten (naming the take, the AH was refused, P3)."""
    from vision.table_events import Question

    defence = {"type": "defend", "player": "Anna", "card": "AC", "on": "9C"}
    take = {"type": "take", "player": "Anna"}
    truth = [TruthEvent(defence, True, 171), TruthEvent({"type": "throw_in", "player": "dummy",
                                                         "cards": ["AH"]}, True, 181),
             TruthEvent(take, True, 190)]
    asked = Question("?", "?", (take, defence), frame=192, time=19.2)
    assert TruthAnswerer(truth, 10.0, window=3.0)(asked) == 1


def test_the_players_say_whether_a_card_known_elsewhere_was_a_foul_or_misread_before() -> None:
    """Asked about a lead the referee refuses (G8), the players pick "as read, a foul" where
    the truth marks it a foul, and "as read" alone where it was legal."""
    from vision.table_events import Question

    lead = {"type": "attack", "player": "Vera", "cards": ["QC"]}
    asked = Question("?", "?", (lead, {**lead, "cards": ["QS"]}, {**lead, "foul": "G8"}),
                     frame=100, time=10.0, offered_only=1)
    foul = TruthAnswerer([TruthEvent({**lead, "foul": "G8"}, False, 100)], 10.0)
    legal = TruthAnswerer([TruthEvent(lead, True, 100)], 10.0)
    assert (foul(asked), legal(asked)) == (2, 0)


def test_offered_only_as_a_foul_the_players_say_none_where_it_was_legal() -> None:
    """Asked whether Anna's lead on hands the camera guessed was a foul (C6), offered only as
    that foul: the players name it where it was one, and none where it was legal (the camera
    had lost the game's step; before, the foul was picked all the same)."""
    from vision.table_events import Question

    lead = {"type": "attack", "player": "Anna", "cards": ["6S"]}
    asked = Question("?", "?", ({**lead, "foul": "C6"},), frame=100, time=10.0, offered_only=1)
    foul = TruthAnswerer([TruthEvent({**lead, "foul": "C6"}, False, 100)], 10.0)
    legal = TruthAnswerer([TruthEvent(lead, True, 100)], 10.0)
    assert (foul(asked), legal(asked)) == (0, None)


def test_the_players_name_the_card_just_laid_before_one_still_to_come() -> None:
    """Asked at 19.9 s who led the 7C: Vera laid it at 18.6 s, and Anna, who takes it, leads
    it again at 21.1 s, a little nearer in time. The players name what they just saw."""
    from vision.table_events import Question

    vera, anna = ({"type": "attack", "player": name, "cards": ["7C"]} for name in ("Vera", "Anna"))
    truth = [TruthEvent(vera, True, 186), TruthEvent(anna, True, 211)]
    asked = Question("?", "?", (anna, vera), frame=199, time=19.9)
    assert TruthAnswerer(truth, 10.0, window=3.0)(asked) == 1


def test_the_players_never_name_what_has_not_happened_yet() -> None:
    """Asked at 10 s about a pass-on Boris makes only at 12.9 s (cross-3p-seed48: a 9♥
    defence read as a pass-on was so answered with his later 9♠): none of them happened yet.
    A card the camera asks about as it comes to rest, a moment before the log's time for it,
    is named."""
    from vision.table_events import Question

    pass_on = {"type": "pass_on", "player": "Boris", "card": "9S"}
    asked = Question("?", "?", ({**pass_on, "card": "9H"}, pass_on), frame=100, time=10.0)
    assert TruthAnswerer([TruthEvent(pass_on, True, 129)], 10.0)(asked) is None
    assert TruthAnswerer([TruthEvent(pass_on, True, 103)], 10.0)(asked) == 1


def test_the_players_name_a_missed_bout_by_the_card_that_beat_its_lead() -> None:
    """Asked which bout the camera missed, the players pick the lead with the card that beat
    it then, over the same lead beaten by another card or by the card the camera read last
    (the lead alone); a lead taken by a player only where he took it."""
    from vision.table_events import Question

    lead = {"type": "attack", "player": "Anna", "cards": ["QC"]}
    truth = [TruthEvent(lead, True, 100),
             TruthEvent({"type": "defend", "player": "Boris", "card": "QD", "on": "QC"}, True,
                        110), TruthEvent({"type": "discard"}, True, 120)]
    asked = Question("?", "?", (lead, {**lead, "beaten_by": "KC"}, {**lead, "beaten_by": "QD"}),
                     frame=130, time=13.0, since=9.0)
    assert TruthAnswerer(truth, 10.0)(asked) == 2
    beaten_by_another = Question("?", "?", (lead, {**lead, "beaten_by": "KC"}), frame=130,
                                 time=13.0, since=9.0)
    assert TruthAnswerer(truth, 10.0)(beaten_by_another) == 0
    # asked whether Boris took that lead: he beat it, so none of them (dummy-3p-seed67: "did
    # Anna lead a card that Boris took?" was answered with her Q♣ lead, which he beat)
    taken = Question("?", "?", ({**lead, "taken_by": "Boris"},), frame=130, time=13.0, since=9.0)
    assert TruthAnswerer(truth, 10.0)(taken) is None
    took = [TruthEvent(lead, True, 100), TruthEvent({"type": "take", "player": "Boris"}, True,
                                                    110)]
    assert TruthAnswerer(took, 10.0)(taken) == 0


def test_players_name_a_foul_they_saw_however_the_camera_took_the_act() -> None:
    """cross-2p-seed47: Boris laid the 9♠, a card of Anna's hand, on her J♥: a defence, a
    foul (G8). The camera asked whether he passed it on, "as read, a foul" among the
    answers: the players pick that (the card and the foul are what they saw). Had it been
    no foul, none of the pass-ons happened."""
    from vision.table_events import Question

    pass_on = {"type": "pass_on", "player": "Boris", "card": "9S"}
    asked = Question("?", "?", (pass_on, {**pass_on, "card": "9C"}, {**pass_on, "foul": "G8"}),
                     frame=100, time=10.0)
    defence = {"type": "defend", "player": "Boris", "card": "9S", "on": "JH"}
    assert TruthAnswerer([TruthEvent({**defence, "foul": "G8"}, False, 98)], 10.0)(asked) == 2
    assert TruthAnswerer([TruthEvent(defence, True, 98)], 10.0)(asked) is None


# -- scoring one game ---------------------------------------------------------------------------

DEAL = {"type": "deal"}
TRUMP = {"type": "trump", "card": "JH"}
ATTACK = {"type": "attack", "player": "Anna", "cards": ["6H"]}
BAD_DEFENCE = {"type": "defend", "player": "Boris", "card": "6D", "on": "6H"}
STRAY = {"type": "throw_in", "player": "Anna", "cards": ["9S"]}
TRUTH = [TruthEvent(DEAL, True, 10), TruthEvent(TRUMP, True, 30), TruthEvent(ATTACK, True, 90),
         TruthEvent({**BAD_DEFENCE, "foul": "G4"}, False, 150)]


def said(event: dict, at: float, ok: bool = True) -> tuple[Verdicted, float]:
    return Verdicted(TableEvent(event, round(at * 30), at), SimpleNamespace(ok=ok)), at


def test_a_game_is_scored_against_its_truth() -> None:
    judged = [said(DEAL, 0.5), said(TRUMP, 1.3), said(ATTACK, 3.4),
              said(BAD_DEFENCE, 5.2, ok=False), said(STRAY, 10.0, ok=False)]
    score = score_events("classic", TRUTH, judged, fps=30.0, questions=2)
    assert (score.truth, score.emitted, score.matched) == (4, 5, 4)
    assert (score.fouls, score.fouls_caught, score.false_fouls, score.questions) == (1, 1, 1, 2)
    assert sorted(round(x, 3) for x in score.latencies) == [0.2, 0.3, 0.4]  # cards only
    assert score.misses == [] and score.extras == [json.dumps(STRAY, sort_keys=True)]
    figures = summarize([score])
    assert (figures["precision"], figures["recall"]) == (0.8, 1.0)
    assert figures["latency_median_s"] == 0.3 and figures["latency_p95_s"] == 0.3


def test_the_latency_p95_is_never_below_the_median_of_few_events() -> None:
    judged = [said(DEAL, 0.5), said(TRUMP, 1.2), said(ATTACK, 3.9)]
    figures = summarize([score_events("classic", TRUTH[:3], judged, fps=30.0)])
    assert (figures["latency_median_s"], figures["latency_p95_s"]) == (0.9, 0.9)


def test_a_foul_refused_too_late_or_missed_is_not_caught() -> None:
    late = [said(DEAL, 0.5), said(TRUMP, 1.3), said(ATTACK, 3.4),
            said(BAD_DEFENCE, 7.5, ok=False)]  # 2.5 s after the card came to rest
    score = score_events("classic", TRUTH, late, fps=30.0)
    assert (score.matched, score.fouls_caught, score.false_fouls) == (4, 0, 1)
    missed = score_events("classic", TRUTH, late[:3], fps=30.0)
    assert (missed.matched, missed.fouls_caught, missed.false_fouls) == (3, 0, 0)
    assert len(missed.misses) == 1 and '"defend"' in missed.misses[0]


@pytest.mark.parametrize("said_at, late, false", [(7.6, 1, 0), (11.5, 0, 1)])
def test_a_foul_read_in_time_and_refused_later_is_a_late_catch_not_a_false_foul(
        said_at: float, late: int, false: int) -> None:
    """The 6D read as it came to rest (5.3 s) and refused once it was taken back (7.6 s,
    2.6 s after it lay there): not caught in time, but no false foul either; refused 6.5 s
    after, that is too late to be the same foul."""
    read = Verdicted(TableEvent(BAD_DEFENCE, round(5.3 * 30), 5.3), SimpleNamespace(ok=False))
    judged = [said(DEAL, 0.5), said(TRUMP, 1.3), said(ATTACK, 3.4), (read, said_at)]
    score = score_events("classic", TRUTH, judged, fps=30.0)
    assert (score.fouls_caught, score.fouls_caught_late, score.false_fouls) == (0, late, false)
    assert summarize([score])["fouls_caught_late"] == late


def test_a_foul_the_referee_called_once_the_players_confirmed_it_is_counted_apart() -> None:
    """The camera asked about the 6D (misread, or a foul?) and the players said it was laid
    as read: the referee's refusal of their answer catches the foul with answers only, and
    their answer is not one of the camera's events; an answer the referee accepted catches
    nothing."""
    judged = [said(DEAL, 0.5), said(TRUMP, 1.3), said(ATTACK, 3.4)]
    score = score_events("classic", TRUTH, judged, fps=30.0,
                         answer_verdicts=[said(BAD_DEFENCE, 5.4, ok=False)])
    assert (score.fouls_caught, score.fouls_caught_with_answers) == (0, 1)
    assert (score.emitted, score.matched, score.false_fouls) == (3, 3, 0)
    assert summarize([score])["fouls_caught_with_answers"] == 1.0
    accepted = score_events("classic", TRUTH, judged, fps=30.0,
                            answer_verdicts=[said(BAD_DEFENCE, 5.4)])
    assert accepted.fouls_caught_with_answers == 0


def test_an_event_the_players_named_counts_in_the_recall_with_answers_only() -> None:
    """The camera missed the 6D defence and asked; the players named it: the log then holds
    every truth event, so the recall with answers is 1.0 while the camera's own stays 0.75;
    nobody answering, both are 0.75."""
    judged = [said(DEAL, 0.5), said(TRUMP, 1.3), said(ATTACK, 3.4)]
    answered = score_events("classic", TRUTH, judged, fps=30.0,
                            answer_verdicts=[said(BAD_DEFENCE, 5.4, ok=False)])
    assert (answered.matched, answered.matched_with_answers) == (3, 4)
    figures = summarize([answered])
    assert (figures["recall"], figures["recall_with_answers"]) == (0.75, 1.0)
    alone = summarize([score_events("classic", TRUTH, judged, fps=30.0)])
    assert (alone["recall"], alone["recall_with_answers"]) == (0.75, 0.75)
    wrong = score_events("classic", TRUTH, judged, fps=30.0,
                         answer_verdicts=[said(ATTACK, 5.4)])   # not what happened then
    assert wrong.matched_with_answers == 3


def test_what_is_said_or_done_in_the_hands_is_not_expected_of_the_camera() -> None:
    """A video rendered from a whole simulated log (the demo) has declarations, draws and
    passes in its truth: the camera cannot see them and is not scored on them."""
    logged = [{"type": "setup"}, {"type": "deal"}, TRUMP,
              {"type": "declare", "player": "Anna", "lowest_trump": "6H"}, ATTACK,
              {"type": "pass", "player": "Boris"}, {"type": "draw", "player": "Anna",
                                                    "cards": ["7S"]}, BAD_DEFENCE]
    entries = [{"line": n + 1, "event": event, "legal": event is not BAD_DEFENCE,
                "visible": True, "frame": 10 * n} for n, event in enumerate(logged)]
    assert [t.event for t in expected_events(entries)] == [{"type": "deal"}, TRUMP, ATTACK,
                                                           BAD_DEFENCE]
    assert [t.frame for t in expected_events(entries)] == [10, 20, 40, 70]


def test_a_repeated_event_is_paired_with_the_happening_it_followed() -> None:
    """Anna and Vera pass the last ace back and forth; the camera missed the first round of
    it: what it said is paired with the second, not with the one 4 s before it."""
    anna, vera = ({"type": "attack", "player": name, "cards": ["AS"]} for name in ("Anna", "Vera"))
    vera_takes, anna_takes = ({"type": "take", "player": name} for name in ("Vera", "Anna"))
    truth = [TruthEvent(event, True, 30 * (second + 1)) for second, event in
             enumerate([anna, vera_takes, vera, anna_takes, anna, vera_takes])]
    score = score_events("round", truth, [said(anna, 5.3), said(vera_takes, 6.3)], fps=30.0)
    assert score.matched == 2 and [round(x, 3) for x in score.latencies] == [0.3]
    assert score.misses[0] == json.dumps(anna, sort_keys=True)


# -- end to end ---------------------------------------------------------------------------------

TINY = ["--games", "1", "--variants", "round", "--players", "2", "--fouls", "0.1",
        "--size", "320", "240", "--oracle"]


@pytest.fixture(scope="module")
def rendered(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[dict]]:
    """Round, seed 0, 2 players: deal, trump, three open draws and one refused (R2) draw,
    rendered at 320x240 and measured once with the truth's cards. Steps cost a fixed 0 ms
    rather than the wall clock, so a loaded machine cannot make the run drop frames."""
    folder = tmp_path_factory.mktemp("evaluate-games")
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        assert cli_evaluate_games.main([*TINY, "--out", str(folder), "--step-ms", "0"]) == 0
    return folder, [json.loads(line) for line in out.getvalue().splitlines()]


def test_a_tiny_rendered_game_is_read_exactly_in_oracle_mode(rendered) -> None:
    folder, lines = rendered
    game, overall = lines[0], lines[-1]
    assert (game["variant"], game["seed"], game["truth_events"], game["emitted"]) == \
        ("round", 0, 6, 6)
    assert game["precision"] == game["recall"] == 1.0 and game["misses"] == []
    assert (game["fouls_injected"], game["fouls_caught_count"], game["false_fouls"]) == (1, 1, 0)
    assert game["processed_fraction"] == 1.0 and game["keeps_up"]
    assert game["latency_median_s"] <= 0.5 and game["render_s"] is not None
    assert overall["variant"] == "all" and all(overall["meets"].values())
    results = json.loads((folder / "results.json").read_text())
    assert results["overall"]["recall"] == 1.0 and len(results["games"]) == 1


def test_a_rerun_reuses_the_render_and_a_slow_step_drops_frames(rendered, capsys) -> None:
    folder, first = rendered
    assert cli_evaluate_games.main([*TINY, "--out", str(folder), "--step-ms", "100"]) == 0
    game = json.loads(capsys.readouterr().out.splitlines()[0])
    assert game["render_s"] is None and game["frames"] == first[0]["frames"]
    assert game["frames_processed"] == -(-game["frames"] // 3)  # 100 ms a frame: every third
    assert game["processed_fps"] == 10.0 and game["recall"] == 1.0
    assert game["latency_median_s"] > first[0]["latency_median_s"]  # the steps' 100 ms on top


def test_bad_options_and_a_missing_model_exit_2(tmp_path: Path, capsys) -> None:
    assert cli_evaluate_games.main(["--games", "0", "--oracle", "--out", str(tmp_path)]) == 2
    assert cli_evaluate_games.main(["--out", str(tmp_path), "--model",
                                    str(tmp_path / "none.onnx")]) == 2
    err = capsys.readouterr().err
    assert "none.onnx" in err and "Traceback" not in err


def test_a_broken_render_in_the_folder_exits_2(rendered, tmp_path: Path, capsys) -> None:
    folder = shutil.copytree(rendered[0], tmp_path / "copy")
    (folder / "round-2p-seed0.cards.jsonl").write_text("{not json\n")
    assert cli_evaluate_games.main([*TINY, "--out", str(folder)]) == 2
    err = capsys.readouterr().err
    assert "not valid JSON" in err and "Traceback" not in err


def test_a_game_rendered_before_is_scored_by_its_stem(rendered, tmp_path: Path, capsys) -> None:
    folder, first = rendered
    stem = folder / "round-2p-seed0"
    assert cli_evaluate_games.main(["--rendered", str(stem), "--oracle",
                                    "--out", str(tmp_path)]) == 0
    game = json.loads(capsys.readouterr().out.splitlines()[0])
    assert (game["variant"], game["players"], game["truth_events"]) == ("round", 2, 6)
    assert game["recall"] == first[0]["recall"] == 1.0 and game["render_s"] is None
    results = json.loads((tmp_path / "results.json").read_text())
    assert results["settings"]["variants"] == ["round"]
    assert results["settings"]["rendered"] == [str(stem)]
    assert not list(tmp_path.glob("*.mp4"))          # nothing rendered


def test_the_results_go_to_a_folder_not_made_yet_and_never_onto_a_folder(
        rendered, tmp_path: Path, capsys) -> None:
    stem = rendered[0] / "round-2p-seed0"
    results = tmp_path / "new" / "deeper" / "round.json"
    assert cli_evaluate_games.main(["--rendered", str(stem), "--oracle", "--out", str(tmp_path),
                                    "--results", str(results)]) == 0
    assert json.loads(results.read_text())["overall"]["recall"] == 1.0
    capsys.readouterr()
    assert cli_evaluate_games.main(["--rendered", str(stem), "--oracle", "--out", str(tmp_path),
                                    "--results", str(tmp_path / "new")]) == 2
    captured = capsys.readouterr()
    assert "is a folder" in captured.err and captured.out == ""   # refused before any game


def test_a_rendered_stem_without_its_truth_exits_2(tmp_path: Path, capsys) -> None:
    (tmp_path / "game.mp4").write_bytes(b"")
    (tmp_path / "game.jsonl").write_text('{"type": "setup", "variant": "classic"}\n')
    assert cli_evaluate_games.main(["--rendered", str(tmp_path / "game"), "--oracle",
                                    "--out", str(tmp_path / "out")]) == 2
    err = capsys.readouterr().err
    assert "game.truth.jsonl" in err and "Traceback" not in err


def test_a_game_list_names_the_games_to_render_and_score(rendered, tmp_path: Path,
                                                          capsys) -> None:
    folder, first = rendered
    games = tmp_path / "games.txt"
    games.write_text("# the tiny game\nround-2p-seed0   # rendered by the fixture\n\n")
    assert cli_evaluate_games.main(["--game-list", str(games), "--size", "320", "240",
                                    "--fouls", "0.1", "--oracle", "--step-ms", "0",
                                    "--out", str(folder),
                                    "--results", str(tmp_path / "results.json")]) == 0
    game = json.loads(capsys.readouterr().out.splitlines()[0])
    assert (game["variant"], game["players"], game["seed"]) == ("round", 2, 0)
    assert game["render_s"] is None and game["recall"] == first[0]["recall"] == 1.0
    settings = json.loads((tmp_path / "results.json").read_text())["settings"]
    assert settings["variants"] == ["round"] and settings["game_list"] == str(games)


@pytest.mark.parametrize(("text", "says"), [
    ("round-2p-seed0\nrond-2p-seed1\n", "games.txt:2: 'rond-2p-seed1' is not a game's name"),
    ("cross-5p-seed3\n", "games.txt:1: 'cross-5p-seed3'"),
    ("dummy-3p-seed7\ndummy-3p-seed7\n", "games.txt:2: dummy-3p-seed7 is named twice"),
    ("# nothing\n", "names no game"),
])
def test_a_bad_game_list_exits_2_saying_which_line(text: str, says: str, tmp_path: Path,
                                                   capsys) -> None:
    games = tmp_path / "games.txt"
    games.write_text(text)
    assert cli_evaluate_games.main(["--game-list", str(games), "--oracle",
                                    "--out", str(tmp_path / "out")]) == 2
    err = capsys.readouterr().err
    assert says in err and "Traceback" not in err
    assert not list((tmp_path / "out").glob("*.mp4"))


def test_a_game_list_that_is_not_there_exits_2_before_the_detector_loads(
        tmp_path: Path, capsys) -> None:
    assert cli_evaluate_games.main(["--game-list", str(tmp_path / "none.txt"),
                                    "--out", str(tmp_path / "out"),
                                    "--model", str(tmp_path / "no-model.onnx")]) == 2
    err = capsys.readouterr().err
    assert "none.txt: no such file" in err and "no-model.onnx" not in err


def test_the_committed_game_list_names_20_games_a_variant() -> None:
    from vision.inference_eval import VARIANTS
    from vision.rendered_games import read_game_list

    specs = read_game_list(Path(__file__).parents[2] / "datasets" / "evaluation-games.txt")
    assert sorted(spec.variant for spec in specs) == sorted(VARIANTS * 20)
    assert all(2 <= spec.players <= 3 for spec in specs)
