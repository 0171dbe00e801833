"""A defence the camera never read: asked about instead of guessed (part of `GameFollower`).

Two things show that a defence was laid but not read, where the follower would otherwise guess
a take the referee then holds the players to (every later turn going wrong):
- the bout is swept away from the defender with an attack card unbeaten (`vision.swept_bout`):
  the model goes on as after a discard;
- a card is thrown in on an unbeaten lead (without `early_throw_in` that means "I take") while
  the lead card is covered (not read this frame, or read together with a code that lies nowhere
  on the table): the model goes on as after a take, and the throw-in waits for the answer.
The players are asked which card beat it, or whether he took. A named defence is judged and the
bout goes on from it (a discard closes it, if it was swept); a take, or no answer before the
game goes on without one, is a take, as it would have been without the question.
"""

from __future__ import annotations

from vision.game_view import Emitted
from vision.layout_phases import LayoutPhases
from vision.swept_bout import (
    SWEPT_TO_DISCARD,
    missed_defence_question,
    possible_beaters,
    swept_towards,
)
from vision.table_events import Question, TableEvent
from vision.tracking import TrackState


class MissedDefences(LayoutPhases):
    """Asking about a defence the camera missed, and settling the answer."""

    def _ask_after_sweep(self, out: list[Emitted]) -> bool:
        """The bout's cards were carried away from the defender while the referee's bout has
        exactly one attack card unbeaten: asked, and the model closes the bout as a discard.
        False (nothing asked) when the sweep was not seen or went to the defender."""
        view = self.view
        defender = self._snapshot().get("defender") or view.defender
        bout = [self._last_tracks[card] for card in view.reader.cards if card in self._last_tracks]
        if defender is None or swept_towards(bout, self.seats, defender) is not False:
            return False
        if not self._ask_missed_defence(out, None, defender, swept=True):
            return False
        self._close_bout(took=False)
        return True

    def _ask_before_throw_in(self, out: list[Emitted]) -> bool:
        """A throw-in comes on an unbeaten lead whose card is covered: asked, and the model
        goes on as after a take (its guess) while the throw-in waits for the answer."""
        view = self.view
        leads = [pair.attack for pair in view.reader.pairs if pair.lead and pair.defence is None]
        if len(leads) != 1 or not self._covered(leads[0]) or view.defender is None:
            return False
        if not self._ask_missed_defence(out, leads[0], view.defender, swept=False):
            return False
        view.took = True
        return True

    def _awaiting_answer(self, out: list[Emitted] | None = None) -> bool:
        """Cards laid on a bout wait while the players are asked what beat its lead, up to
        `answer_wait` seconds. An overdue question is settled as a take where `out` is given
        (False: the cards go on); without `out` it is still awaited."""
        question = self._missed_defence
        if question is None or self._missed_after_sweep:
            return False
        if self._time - question.time < self.config.answer_wait:
            return True
        if out is not None:
            self._settle_unanswered(out)
        return out is None

    def _covered(self, card: str) -> bool:
        """Not read in this frame, or read beside a code that lies nowhere on the table (a card
        laid over it, read as something else)."""
        track = self._tracks.get(card)
        return track is None or track.state is TrackState.HIDDEN \
            or bool(track.together - set(self._tracks))

    def _ask_missed_defence(self, out: list[Emitted], target: str | None, defender: str, *,
                            swept: bool) -> bool:
        """Asks which card beat `target` (None: the referee's one unbeaten attack card). False
        without a referee, while another question is open, outside the variants whose bouts
        are swept, or when no card can have beaten it."""
        view = self.view
        if self.judge is None or view.doubtful or self.variant not in SWEPT_TO_DISCARD:
            return False
        snapshot = self._snapshot()
        unbeaten = [entry["attack"] for entry in snapshot.get("table") or ()
                    if entry.get("defence") is None]
        if len(unbeaten) != 1 or target not in (None, unbeaten[0]):
            return False
        track = self._last_tracks.get(unbeaten[0])
        hinted = track.together | set(track.rivals) if track is not None else set()
        beaters = possible_beaters(unbeaten[0], snapshot, self._tracks, hinted)
        if not beaters:
            return False
        cards = view.reader.cards if swept else [unbeaten[0]]
        question = missed_defence_question(unbeaten[0], defender, beaters, cards, self._frame,
                                           self._time, swept,
                                           track.placed_at if track is not None else None)
        out.append(question)
        self._missed_defence, self._missed_after_sweep = question, swept
        view.doubtful.update(question.cards)
        return True

    def answered(self, question: Question, chosen: dict | None = None, *,
                 refused: bool = False) -> tuple[str, str] | None:
        """A missed defence named (and accepted) is the bout's: a swept bout closes with a
        discard, a bout still there goes on beaten. A take, or no answer the referee took, is
        a take. Other questions as `GameView.answered` says."""
        if question is not self._missed_defence:
            return super().answered(question, chosen, refused=refused)
        self._missed_defence = None
        self.view.doubtful.difference_update(question.cards)
        take = question.candidates[0]
        if chosen is not None and chosen["type"] == "defend" and not refused:
            if self._missed_after_sweep:
                self._judge_late({"type": "discard"}, question)
            else:
                self._beaten_unseen(chosen["on"], chosen["card"])
            return None
        if chosen != take or refused:
            self._judge_late(take, question)
        self._took(take["player"])
        return None

    def _beaten_unseen(self, attack: str, defence: str) -> None:
        """The model's bout gets the defence the players named, lying on its attack card."""
        view = self.view
        view.took = False
        pair = view.reader.pair_of(attack)
        if pair is not None:
            pair.defence, pair.defence_box = defence, pair.attack_box.copy()

    def _took(self, defender: str) -> None:
        """The model after the defender's take: a swept bout's next lead is his left
        neighbour's; a bout still there is his to take when it closes."""
        if not self._missed_after_sweep:
            self.view.took = True
        elif self.view.leader == defender:
            self.view.leader = self._next_seat(defender)

    def _settle_unanswered(self, out: list[Emitted], *, swept_only: bool = False) -> None:
        """The game goes on while the players have not answered (the next lead; with
        `swept_only` any event, for a question about a swept bout; the bout's sweep for one
        asked before a throw-in): it is a take, told to the referee now, as if no question
        had been asked; the question is withdrawn."""
        question = self._missed_defence
        if question is None or (swept_only and not self._missed_after_sweep):
            return
        self._missed_defence = None
        self.withdrawn.append(question)
        self.view.doubtful.difference_update(question.cards)
        take = question.candidates[0]
        table_event = TableEvent(take, self._frame, self._time)
        if self.judge is not None and self.judge(table_event):
            out.append(table_event)
        self._took(take["player"])

    def _judge_late(self, event: dict, question: Question) -> bool:
        """An event the camera saw, judged once the players answered (kept in `late_events`)."""
        table_event = TableEvent(event, question.frame, question.time)
        self.late_events.append(table_event)
        return bool(self.judge(table_event))
