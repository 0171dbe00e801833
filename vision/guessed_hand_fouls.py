"""A foul on hands the camera guessed, put to the players (cross; part of `GameFollower`).

Where cross's face-up deal went partly unseen, the camera guesses the hands
(`MissedTurns._hands_taken_with_placings_unseen`) and follows the bouts with them. A foul the
referee finds on such hands may be the camera's own step lost (a card in the wrong hand, a lead
misread) as well as the player's. Told as a foul, the first one ended what the camera told of
the game (`astray`), a real foul too: cross-3p-seed109's Anna led the 6♠ out of turn (C6), the
camera said so, and the 60 events of the game after it were lost.

At a table whose players answer questions (`players_answer`), such a foul is asked about
instead ("as read, a foul?"): named, it is that foul (the players' answer judges it) and the
camera follows the game on; "none", the camera lost the game's step and tells nothing more of
it (`astray`, as before). Unanswered for `doubt_wait` seconds, or where nobody answers, it is
the foul the camera read, and the game goes astray after it, as before (`ASTRAY_FOULS`).
"""

from __future__ import annotations

from vision.game_view import Emitted
from vision.missed_cards import MissedCards
from vision.table_events import Question, TableEvent, describe_event


class GuessedHandFouls(MissedCards):
    """Asking whether a foul on guessed hands was one, and settling the answer."""

    _foul_asked: tuple[Question, TableEvent] | None = None

    def _ask_foul_on_guessed_hands(self, table_event: TableEvent, judged: object,
                                   cards: list[str], out: list[Emitted]) -> bool:
        """A reading the referee refuses (`judged`) while the bouts follow hands the camera
        guessed, at a table whose players answer: asked whether it is that foul. True when
        asked (the card is refused either way: the model goes on without it)."""
        view = self.view
        if view.fouls_before_guessed_hands is None or view.phase != "play" \
                or not self.players_answer or self._foul_asked is not None:
            return False
        event, rule = table_event.event, getattr(judged, "rule", None)
        question = Question(
            f"{describe_event(event)}? ({judged.message} The camera guessed the hands after a "
            f"deal it did not see whole: a foul ({rule}), or did the camera lose the game's "
            "step?)",
            f"{describe_event(event, russian=True)}? ({judged.message_ru} Камера угадала руки "
            f"после раздачи, которую видела не всю: нарушение ({rule}), или камера сбилась?)",
            ({**event, "foul": rule},), table_event.frame, table_event.time, tuple(cards),
            offered_only=1)
        self._foul_asked = (question, table_event)
        view.doubtful.update(cards)
        out.append(question)
        return True

    def _settle_doubts(self, out: list[Emitted], *, turn_taken: bool = False,
                       asked_before: float | None = None) -> None:
        """Also the foul asked about on guessed hands, unanswered for `doubt_wait` seconds:
        the foul the camera read (the game then goes astray: `_astray_after_guessed_hands`)."""
        super()._settle_doubts(out, turn_taken=turn_taken, asked_before=asked_before)
        if self._foul_asked is None:
            return
        question, table_event = self._foul_asked
        if self._time - question.time < self.config.doubt_wait:
            return
        self._foul_asked = None
        self.withdrawn.append(question)
        self.view.doubtful.difference_update(question.cards)
        if self.judge is None:
            return
        if self.judge(table_event):   # accepted by now: the model takes the referee's bout
            self.resync()
        out.append(table_event)

    def _withdraw_open_questions(self) -> None:
        """A new game: the foul asked about is the last game's (`GameFollower` withdraws the
        rest)."""
        super()._withdraw_open_questions()
        if self._foul_asked is not None:
            self.withdrawn.append(self._foul_asked[0])
            self._foul_asked = None

    def answered(self, question: Question, chosen: dict | None = None, *,
                 refused: bool = False) -> tuple[str, str] | None:
        """The foul asked about on guessed hands: named, the players' answer was that foul
        and the camera follows on; none, the camera lost the game's step (`astray`)."""
        asked = self._foul_asked
        if asked is None or question is not asked[0]:
            return super().answered(question, chosen, refused=refused)
        self._foul_asked = None
        renamed = super().answered(question, chosen, refused=refused)
        if chosen is None and self.view.phase == "play":
            self.view.phase = "astray"
        return renamed
