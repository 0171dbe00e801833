"""A bout card the camera never read: asked about instead of guessed (part of `GameFollower`).

Three things show that a card was laid but not read, where the follower would otherwise guess
how the bout closed and the referee would hold the players to that guess (every later turn
going wrong, P7: the wrong player leads):
- the bout is swept away from the defender with an attack card unbeaten (`vision.swept_bout`):
  a defence was missed; the model goes on as after a discard;
- the bout is swept to the defender with every attack card beaten: a card thrown in and not
  beaten was missed; the model goes on as after a take;
- a card is thrown in on an unbeaten lead (without `early_throw_in` that means "I take") while
  the lead card is covered (not read this frame, or read beside a code that lies nowhere on
  the table): a defence was missed, or he took; the throw-in waits for the answer.
The players are asked which card it was. A named card is judged and the bout goes on from it
(a swept bout then closes: a discard after a defence, a take after a throw-in); the other
answer, or no answer before the game goes on without one, is what the referee can accept
without it, as it would have been without the question.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from vision.game_view import Emitted
from vision.missed_turn import MissedTurns
from vision.swept_bout import (
    SWEPT_TO_DISCARD,
    DiscardWay,
    beats_in_game,
    carried_ways,
    misread_target_beaters,
    missed_defence_question,
    missed_throw_in_question,
    possible_beaters,
    possible_throw_ins,
    swept_towards,
    unbeaten_attacks,
)
from vision.table_events import Question, TableEvent, played_cards
from vision.tracking import CardTrack, TrackState


@dataclass
class MissedCardQuestion:
    question: Question
    defender: str
    swept: bool  # asked once the bout's cards had gone (else: before a throw-in, bout there)
    hinted: bool = False  # the first card offered was read where the unbeaten card lay

    @property
    def fallback(self) -> dict:
        """What the referee can accept without the missed card (the first candidate)."""
        return self.question.candidates[0]


class MissedCards(MissedTurns):
    """Asking about a bout card the camera missed, and settling the answer."""

    def _ask_after_sweep(self, out: list[Emitted], beaten: bool) -> bool:
        """The bout's cards are gone: swept away from the defender with a card unbeaten (a
        missed defence), or to him with every card beaten (a missed throw-in). Asked, and the
        model closes the bout as the sweep shows; a missed defence hinted by a card read where
        the unbeaten card lay (`_hinted_defence_swept`) is told at once, a guess, as nobody
        answering would have it (transfer-2p-seed96: Anna's Q♣ on the Q♥, read only on its
        way, was asked about, and the players named it). False (nothing asked) otherwise."""
        view = self.view
        defender = self._snapshot().get("defender") or view.defender
        towards = self._swept_towards(defender) if defender else None
        if towards is None or towards is not beaten or not self._may_ask():
            return False
        asked = self._ask_throw_in(defender) if beaten else self._ask_defence(None, defender,
                                                                              swept=True)
        if asked is None:
            return False
        if not (self._hinted_defence_swept(asked)
                and self._guessed_instead(asked, out, hinted_only=True)):
            self._open(out, asked)
        self._close_bout(took=beaten)
        return True

    def _swept_towards(self, player: str) -> bool | None:
        """The bout's cards were seen carried towards `player` (True), all elsewhere (False),
        or not far enough to tell (None)."""
        return swept_towards(self._bout_tracks(), self.seats, player, self.discard_way)

    def _bout_tracks(self) -> list[CardTrack]:
        return [self._last_tracks[card] for card in self.view.reader.cards
                if card in self._last_tracks]

    def _learn_discard_way(self, defender: str | None) -> None:
        """A bout closed as a discard, its cards seen carried away from the defender: where
        they lay and the way they went (`_discard_sweeps`) show the way to the discard pile."""
        if defender is None or self._swept_towards(defender) is not False:
            return
        self._discard_sweeps += carried_ways(self._bout_tracks())

    @property
    def discard_way(self) -> DiscardWay | None:
        """The way to the discard pile, None before a bout was seen swept there."""
        return DiscardWay.of(self._discard_sweeps)

    def _ask_before_throw_in(self, out: list[Emitted]) -> bool:
        """A throw-in comes on an unbeaten lead whose card is covered: asked, and the model
        goes on as after a take (its guess) while the throw-in waits for the answer."""
        view = self.view
        leads = [pair.attack for pair in view.reader.pairs if pair.lead and pair.defence is None]
        if len(leads) != 1 or not self._covered(leads[0]) or view.defender is None \
                or not self._may_ask():
            return False
        asked = self._ask_defence(leads[0], view.defender, swept=False)
        if asked is None:
            return False
        self._open(out, asked)
        view.took = True
        return True

    def _ask_missed_defence(self, out: list[Emitted]) -> bool:
        """The bout's cards are gone and the referee can close it neither way (a cross bout
        ends only beaten): which card beat its one unbeaten card? Asked, and the model closes
        the bout as a discard. False (nothing asked) when that is not the referee's bout."""
        defender = self._snapshot().get("defender")
        if self.judge is None or self.view.doubtful or defender is None:
            return False
        asked = self._ask_defence(None, defender, swept=True)
        if asked is None:
            return False
        self._open(out, asked)
        self._close_bout(took=False)
        return True

    def _may_ask(self) -> bool:
        return self.judge is not None and not self.view.doubtful \
            and self.variant in SWEPT_TO_DISCARD

    def _covered(self, card: str) -> bool:
        """Not read in this frame, or read beside a code that lies nowhere on the table (a card
        laid over it, read as something else)."""
        track = self._tracks.get(card)
        return track is None or track.state is TrackState.HIDDEN \
            or bool(track.together - set(self._tracks))

    def _ask_defence(self, target: str | None, defender: str, *,
                     swept: bool) -> MissedCardQuestion | None:
        """Which card beat `target` (None: the referee's one unbeaten attack card)? None when
        the referee's bout has not exactly that one unbeaten or no card can have beaten it."""
        snapshot = self._snapshot()
        unbeaten = unbeaten_attacks(snapshot)
        if len(unbeaten) != 1 or target not in (None, unbeaten[0]):
            return None
        hinted = self._hints_at(unbeaten[0], self._asked_since([unbeaten[0]]))
        beaters = possible_beaters(unbeaten[0], snapshot, self._tracks, hinted)
        misread = misread_target_beaters(unbeaten[0], snapshot, self._tracks, hinted)
        if not beaters and misread is None:
            return None
        cards = self.view.reader.cards if swept else [unbeaten[0]]
        question = missed_defence_question(unbeaten[0], defender, beaters, cards, self._frame,
                                           self._time, swept, self._asked_since(cards), misread)
        return MissedCardQuestion(question, defender, swept,
                                  hinted=bool(beaters) and beaters[0] in hinted)

    def _ask_throw_in(self, defender: str) -> MissedCardQuestion | None:
        """Which card was thrown in and not beaten (the bout went to the defender)? None when
        the referee's bout is not all beaten or no card may have been thrown in."""
        snapshot = self._snapshot()
        if not snapshot.get("table") or unbeaten_attacks(snapshot):
            return None
        candidates = self._unseen_throw_ins(snapshot, defender)
        if not candidates:
            return None
        cards = self.view.reader.cards
        question = missed_throw_in_question(defender, candidates, cards, self._frame, self._time,
                                            self._asked_since(cards))
        return MissedCardQuestion(question, defender, swept=True)

    def _asked_since(self, cards: list[str]) -> float:
        """What a question about the bout asks about: the time since its first card was laid,
        or since the last bout closed if that was earlier (its lead read late or by another
        name), or if no card of it was read under its own name."""
        since = self._bout_since(cards)
        return self.view.closed_at if since is None else min(since, self.view.closed_at)

    def _open(self, out: list[Emitted], asked: MissedCardQuestion) -> None:
        out.append(asked.question)
        self._missed = asked
        self.view.doubtful.update(asked.question.cards)

    def _awaiting_answer(self, out: list[Emitted] | None = None) -> bool:
        """Cards laid on a bout wait while the players are asked what beat its lead, up to
        `answer_wait` seconds. An overdue question is settled where `out` is given (False:
        the cards go on); without `out` it is still awaited."""
        asked = self._missed
        if asked is None or asked.swept:
            return False
        if self._time - asked.question.time < self.config.answer_wait:
            return True
        if out is not None:
            self._settle_unanswered(out)
        return out is None

    def _missed_throw_ins_under(self, track: CardTrack, defender: str) -> list[dict]:
        """A card the defender laid beside a bout whose every card is beaten: the throw-ins
        (P3) that may have come unseen and that it beats, for the players to name (classic-
        3p-seed62: Anna's 7♣ thrown in was never read, Boris's K♣ on it was asked about with
        only his own throw-in offered; unnamed, both hands were a card out, and the last stock
        card, the trump, was drawn by the wrong player: 4 false fouls)."""
        snapshot = self._snapshot()
        if self.variant not in ("classic", "transfer", "dummy") or unbeaten_attacks(snapshot):
            return []
        return [event for event in self._unseen_throw_ins(snapshot, defender)
                if beats_in_game(snapshot, track.card, event["cards"][0])]

    def _unseen_throw_ins(self, snapshot: dict, defender: str) -> list[dict]:
        """The throw-ins (P3) any player but `defender` may have made unseen, of cards that lie
        nowhere on the table now (`possible_throw_ins`)."""
        throwers = [n for n in self._seated if n != defender]
        return possible_throw_ins(snapshot, throwers, self._tracks)

    def _beaten_beside(self, question: Question, chosen: dict, refused: bool) -> bool:
        """The players named a throw-in the camera missed for a card laid beside the bout
        (`_missed_throw_ins_under`), and the referee accepted it: the card laid beside is
        judged as its defence, and the model's bout gets both, where that card lies. False
        for any other answer."""
        card = question.cards[0] if len(question.cards) == 1 else None
        if refused or chosen is None or chosen.get("type") != "throw_in" or card is None \
                or card in chosen["cards"] or question.candidates[0].get("player") is None \
                or not any(asked is question for asked in self._laid_beside):
            return False
        view = self.view
        self._laid_beside = [asked for asked in self._laid_beside if asked is not question]
        view.doubtful.difference_update(question.cards)
        defence = {"type": "defend", "player": question.candidates[0]["player"], "card": card,
                   "on": chosen["cards"][0]}
        track = self._tracks.get(card)
        if not self._judge_late(defence, question) or track is None:
            self.resync()
            return True
        view.reader.ignored.discard(card)
        view.reader.add_attack(chosen["cards"][0], track.box)
        view.reader.add_defence(card, track.box, chosen["cards"][0])
        return True

    def answered(self, question: Question, chosen: dict | None = None, *,
                 refused: bool = False) -> tuple[str, str] | None:
        """The missed card named (and accepted) is the bout's: a swept bout then closes (a
        discard after a defence, a take after a throw-in); a bout still there goes on beaten.
        Any other answer is the fallback. A throw-in named for a card laid beside the bout:
        `_beaten_beside`. Other questions as `GameView.answered` says."""
        if self._beaten_beside(question, chosen, refused):
            return None
        asked = self._missed
        if asked is None or question is not asked.question:
            return super().answered(question, chosen, refused=refused)
        self._missed = None
        self.view.doubtful.difference_update(question.cards)
        if chosen is not None and chosen != asked.fallback and not refused:
            self._bout_closed_by(asked, chosen, lambda event: self._judge_late(event, question))
            return None
        if chosen != asked.fallback or refused:
            self._judge_late(asked.fallback, question)
        self._fell_back(asked)
        return None

    def _bout_closed_by(self, asked: MissedCardQuestion, named: dict,
                        tell: Callable[[dict], object]) -> None:
        """The missed card `named` is the bout's: a take follows a throw-in and a discard a
        defence of a swept bout (each given to `tell`); a bout still there goes on beaten."""
        if named["type"] == "throw_in":
            tell({"type": "take", "player": asked.defender})
        elif asked.swept:
            tell({"type": "discard"})
        else:
            self._beaten_unseen(named["on"], named["card"])

    def _beaten_unseen(self, attack: str, defence: str) -> None:
        """The model's bout gets the defence the players named, lying on its attack card."""
        view = self.view
        view.took = False
        pair = view.reader.pair_of(attack)
        if pair is not None:
            pair.defence, pair.defence_box = defence, pair.attack_box.copy()

    def _fell_back(self, asked: MissedCardQuestion) -> None:
        """The model after the fallback: a take of a bout still there is the defender's when
        it closes; a swept bout's next lead is the defender's after a discard, his left
        neighbour's after a take."""
        view = self.view
        if not asked.swept:
            view.took = True
        elif asked.fallback["type"] == "take":
            if view.leader == asked.defender:
                view.leader = self._next_seat(asked.defender)
        else:
            view.leader = asked.defender

    def _settle_unanswered(self, out: list[Emitted], *, swept_only: bool = False) -> None:
        """The game goes on while the players have not answered (the next lead; with
        `swept_only` any event, for a question about a swept bout; the bout's sweep or
        `answer_wait` for one asked before a throw-in): the fallback is told to the referee
        now, as if no question had been asked, and the question is withdrawn."""
        super()._settle_unanswered(out, swept_only=swept_only)
        asked = self._missed
        if asked is None or (swept_only and not asked.swept):
            return
        self._missed = None
        self.withdrawn.append(asked.question)
        self.view.doubtful.difference_update(asked.question.cards)
        table_event = TableEvent(asked.fallback, self._frame, self._time)
        if self.judge is not None:
            if (self._next_lead_refutes(asked) or self._hinted_defence_swept(asked)) \
                    and self._guessed_instead(asked, out):
                return
            if self.judge(table_event, record_refusal=False):
                out.append(table_event)
            elif self._guessed_instead(asked, out):
                return
            else:
                self.judge(table_event)   # refused: kept, a foul
        self._fell_back(asked)

    def _next_lead_refutes(self, asked: MissedCardQuestion) -> bool:
        """A swept bout's question is settled as the next lead comes, clearly from a seat that
        the fallback does not give the lead: the defender's after a take (he leads after a
        discard only: a defence was missed; dummy-3p-seed27, unanswered, the take told and his
        lead out of turn sent the game astray), the one after him after a discard (he leads
        after a take: a card thrown in was missed)."""
        lead = self.view.lead_buffer
        if not asked.swept or not lead:
            return False
        seen, clear = self._direction_choice(lead[0], self._seated)
        if not clear:
            return False
        if asked.fallback.get("type") == "take":
            return seen == asked.defender
        after_take = self._next_seat(asked.defender)
        return asked.fallback.get("type") == "discard" and seen == after_take != asked.defender

    @staticmethod
    def _hinted_defence_swept(asked: MissedCardQuestion) -> bool:
        """A bout swept to the discard pile whose unbeaten card had a card read where it lay
        (on its way in, or beside it: `hinted`): that card beat it, nobody answering, rather
        than the take the camera did not see (dummy-3p-seed76: Vera's 8♦ laid on the 6♥, read
        only on its way, then the bout swept off; unanswered, the take told gave her the bout
        and every later lead was out of turn: 17 false fouls)."""
        return asked.swept and asked.hinted and asked.fallback.get("type") == "take"

    def _guessed_instead(self, asked: MissedCardQuestion, out: list[Emitted], *,
                         hinted_only: bool = False) -> bool:
        """The referee refuses the fallback (cross: a take while his known hand could beat the
        card, C7): the first other card the question offered that the referee accepts is told
        instead, a guess (`guessed`), and the bout closes after it as after an answer
        (`_bout_closed_by`). `hinted_only`: only the card offered first, the one read where the
        unbeaten card lay (`hinted`). False when it accepts none."""
        for candidate in asked.question.settling[1:2 if hinted_only else None]:
            table_event = TableEvent(candidate, self._frame, self._time)
            if not self.judge(table_event, record_refusal=False):
                continue
            out.append(table_event)
            self.guessed.update(played_cards(candidate))
            self._bout_closed_by(asked, candidate, lambda event: self._told_now(event, out))
            return True
        return False

    def _told_now(self, event: dict, out: list[Emitted]) -> None:
        """`event` judged now; accepted, it goes out."""
        table_event = TableEvent(event, self._frame, self._time)
        if self.judge(table_event):
            out.append(table_event)

