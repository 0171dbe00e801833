"""Questions nobody answers (part of `GameFollower`): the game goes on with what the referee can
accept, so that one doubtful card does not turn every later turn into a foul.

A doubtful reading waits for the players while its cards lie there, up to `doubt_wait`
seconds (an opening's turn: until the next turn is taken). Then the camera's reading is told to
the referee; refused, the first other reading of the question it accepts (a look-alike card,
another player; the card takes that name, and is remembered in `guessed`), a bout's end the
other way, or the reading once a card misread before is renamed in the referee's past. A card
the defender laid beside the bout (which does it beat?) is the first of its readings the
referee accepts when the bout closes or the next lead comes. What the referee accepts none of
is dropped, never a foul.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from vision.game_view import TURNS, Emitted, FollowerCore
from vision.swept_bout import beats_in_game, defence_events, swept_towards, unbeaten_attacks
from vision.table_events import (
    Question,
    TableEvent,
    card_text,
    laid_cards,
    played_cards,
    renamed_card,
    with_card,
)

BOUT_PLAYS = ("attack", "defend", "throw_in", "transfer", "pass_on", "take", "discard")
TAKEN_BACK_WAIT = 2.0  # s: a card carried off alone waits this long for the rest to be read again


class UnansweredDoubts(FollowerCore):
    """Settling doubtful readings and cards laid beside the bout that nobody answered."""

    def _settle_doubts(self, out: list[Emitted], *, turn_taken: bool = False,
                       asked_before: float | None = None) -> None:
        """Doubtful readings the players leave unanswered while the game goes on past them
        (their cards all left the table; with `turn_taken` a turn of the opening, as the next
        turn is taken: the referee judges turns in their order; a bout's plays `asked_before`
        a card laid beside the bout that is settled now) or for `doubt_wait` seconds,
        oldest first: the reading the camera went on with is told to the referee then, only
        asked (a reading in doubt, its cards are then known on nobody's word: `guessed`, which
        a later reading refused as known elsewhere may rename), or else the first other
        candidate it accepts (`_legal_reading`), or else the reading with a card misread
        before renamed (G8); when none is accepted, that is no foul: the cards are dropped.
        A reading refused as known elsewhere that only a card read surely, misread before,
        would explain (`Question.foul_unanswered`) is that foul instead, unless a card read
        unsurely explains it by now. The question is withdrawn. Then, once no question waits
        (the referee has caught up with the model), the model's bout is set from the
        referee's if a settled reading was not the one it went on with."""
        self._note_left_alone()
        while self._doubts:
            question = self._doubts[0]
            turn_over = turn_taken and bool(question.candidates) \
                and question.candidates[0]["type"] in TURNS
            due = asked_before is not None and self._bout_play_asked_before(question, asked_before)
            if self._time - question.time < self.config.doubt_wait and not turn_over and not due \
                    and not self._built_on_settled(question) \
                    and any(card in self._tracks for card in question.cards):
                return
            if self._taken_back_unseen(question):
                return
            self._doubts.pop(0)
            self.withdrawn.append(question)
            self.view.doubtful.difference_update(question.cards)
            if not question.candidates or self.judge is None:
                continue
            if self._no_card_played_after_all(question):
                self._ignore_while_there(question.cards)
                self._not_a_turn(question.candidates[0], list(question.cards))
                self._resync_due = True   # the model went on with the card played
                continue
            if self._taken_back_unanswered(question, out):
                continue
            reading = self._cover_as_settled(question)
            event = TableEvent(reading, question.frame, question.time)
            judged = self.judge(event, record_refusal=False)
            if judged:
                out.append(event)
                if reading is not question.candidates[0]:
                    self._resync_due = True   # the model went on with a pass-on
                if not question.waits_on_earlier:   # read in doubt: told on nobody's word
                    self.guessed.update(played_cards(event.event))
                continue
            rule = getattr(judged, "rule", None)
            if question.foul_unanswered and rule == "G8":
                if self.rename_past is None or not self.rename_past(event, True):
                    self.judge(event)   # the foul the referee said (not applied)
                    self.view.reader.ignored.update(question.cards)
                    self._resync_due = True
                out.append(event)
                continue
            legal = self._legal_reading(question, rule) or self._closed_otherwise(question) \
                or self._thrown_in_instead(question)
            if legal is not None:
                out.append(legal)
            elif rule == "G8" and self.rename_past is not None \
                    and self.rename_past(event, True):   # taken as read: misread before
                out.append(event)
                continue
            else:
                self._ignore_while_there(question.cards)
                self._not_a_turn(question.candidates[0], list(question.cards))
            self._resync_due = True
        if self._resync_due:
            self._resync_due = False
            self.resync()

    def _cover_as_settled(self, question: Question) -> dict:
        """The question's first reading; a cross pass-on read while the card it covers was in
        question, which beats that card as the earlier questions were settled, is its defence
        (a cover that beats is a defence, C5: cross-3p-seed101, unanswered: Boris's 6♣ lead
        read 6♠, Vera's 7♣ on it asked as a pass-on; the lead settled as 6♣, the 7♣ passed on
        to Anna all the same, the discard refused, and every lead after it out of turn)."""
        first = question.candidates[0]
        if first["type"] != "pass_on" or not question.waits_on_earlier:
            return first
        snapshot = self._snapshot()
        unbeaten = unbeaten_attacks(snapshot)
        if len(unbeaten) == 1 and beats_in_game(snapshot, first["card"], unbeaten[0]):
            return defence_events(first["player"], unbeaten[0], [first["card"]])[0]
        return first

    def _no_card_played_after_all(self, question: Question) -> bool:
        """What the question's card turned out to be by the time nobody answered: a card read
        two ways, no card played (`LayoutPhases`: a layout card's look-alike, or a bout card's)."""
        return False

    def _taken_back_unanswered(self, question: Question, out: list[Emitted]) -> bool:
        """The question's one card was taken back by the player it was read from, alone, the
        rest of the bout staying (`_taken_back_alone`): a foul the players saw, not a misreading
        (a misread card stays where it was laid), and the card it lay on is unbeaten again
        (dummy-3p-seed52: Anna's 7♠ on the 6♦, the 7♠ known in the discard pile, asked about;
        she took it back and beat the 6♦ with the 9♦, but unanswered the 7♣ it might have been
        was told, and every turn after it was out of step). The reading the camera asked
        about is told as that foul when the referee refuses it; a reading it accepts was a
        foul the camera cannot name (a card misread): it leaves the log, nothing is told."""
        first = question.candidates[0]
        if len(question.cards) != 1:
            return False
        if first["type"] == "attack" and list(self.view.reader.cards) == list(question.cards):
            alone = self._lead_carried_back(question.cards[0], first.get("player"))
        elif question.cards[0] in self.view.reader.cards:
            alone = self._taken_back_alone(question.cards[0], first.get("player"))
        else:   # its bout closed since, the cards there are another bout's (classic-3p-seed72:
            # Anna's 7♠ on the 9♣, swept to her first as she took, settled as Boris's next lead
            # lay there, was "taken back alone" from it): as it was when the card left
            alone = self._left_alone.get(id(question), False)
        if not alone:
            return False
        self.view.reader.remove(question.cards[0])
        event = TableEvent(first, question.frame, question.time)
        if not self.judge(event):
            out.append(event)   # refused: a foul, not applied
        elif self.revise is None or not self.revise(first, None):
            self._resync_due = True
        return True

    def _lead_carried_back(self, card: str, leader: str | None) -> bool:
        """A lead asked about, alone on the table, gone, seen carried back towards its leader:
        taken back (dummy-3p-seed95 rendered again: Anna's 7♣ led out of the discard pile,
        G8, asked about and taken back; unanswered, the 7♠ it might have been was told, and
        the bout it opened never closed: 18 false fouls)."""
        track = self._last_tracks.get(card)
        return leader is not None and track is not None and card not in self._tracks \
            and swept_towards([track], self.seats, leader, self.discard_way) is True

    def _note_left_alone(self) -> None:
        """A waiting question's one card has just left the table while its bout lies there
        still: whether it was taken back alone (`_taken_back_alone`) is noted then, for a
        question settled once the bout has closed, when the cards there are another bout's
        (classic-3p-seed74: Anna's 7♥ thrown in, a P3 foul, taken back while the bout lay;
        its question was settled after Vera took the bout). Notes of questions no longer
        waiting are forgotten."""
        waiting = {id(question) for question in self._doubts}
        self._left_alone = {key: alone for key, alone in self._left_alone.items()
                            if key in waiting}
        for question in self._doubts:
            if len(question.cards) != 1 or id(question) in self._left_alone \
                    or not question.candidates:
                continue
            card = question.cards[0]
            if card not in self._tracks and card in self.view.reader.cards:
                self._left_alone[id(question)] = self._taken_back_alone(
                    card, question.candidates[0].get("player"))

    def _taken_back_unseen(self, question: Question) -> bool:
        """The question's one card was carried off towards its player while the rest of the
        bout, still there, has not been read since (a hand over it): taken back, or swept first
        by a take? Reading the rest again where it lay, or seeing it swept too, tells; the
        question waits for that, at most `TAKEN_BACK_WAIT` after the card was last seen
        (dummy-3p-seed54: Vera's Q♣ on the 7♠, a foul, taken back; the 7♠ under it was read
        again 1 s later, and settled at once the Q♣ was told on a 7♣, every turn after it out
        of step)."""
        if len(question.cards) != 1 or not question.candidates:
            return False
        card = question.cards[0]
        others = self._carried_off_alone(card, question.candidates[0].get("player"))
        track = self._last_tracks.get(card)
        return others is not None and track is not None \
            and self._time - track.last_seen < TAKEN_BACK_WAIT \
            and all(other.last_seen <= track.last_seen for other in others)

    def _built_on_settled(self, question: Question) -> bool:
        """In doubt only because of the questions before it (it built on a card then in
        question, or the referee refused it while one was open), and no card is in question
        now but those of the questions still waiting (this one, and those after it): what it
        waited on is settled, so it is too."""
        if not question.waits_on_earlier:
            return False
        waiting = {card for asked in self._doubts for card in asked.cards}
        return not (self.view.doubtful - waiting)

    def _closed_otherwise(self, question: Question) -> TableEvent | None:
        """A bout's end read as a discard (a take) that the referee refuses once the readings
        before it were settled: its cards left all the same, so the bout closed the other way,
        told when the referee accepts that (as `_closed_as_the_referee_can` does at once)."""
        read = question.candidates[0]
        defender = self._snapshot().get("defender")
        if read["type"] == "discard" and defender is not None:
            other = {"type": "take", "player": defender}
        elif read["type"] == "take":
            other = {"type": "discard"}
        else:
            return None
        return self._accepted(other, question)

    def _thrown_in_instead(self, question: Question) -> TableEvent | None:
        """A defence read from a player who does not defend, refused with each other reading:
        his throw-in, told when the referee accepts it (classic-3p-seed74: Anna's A♠ thrown
        in beside Vera's A♦ was read as beating Anna's 7♥, a throw-in she had taken back; the
        7♥ settled as that foul, the A♠ was dropped and Vera's take told as a discard)."""
        read = question.candidates[0]
        player = read.get("player")
        if read["type"] != "defend" or player in (None, self._snapshot().get("defender")):
            return None
        return self._accepted({"type": "throw_in", "player": player, "cards": [read["card"]]},
                              question)

    def _legal_reading(self, question: Question, refused_as: str | None = None
                       ) -> TableEvent | None:
        """The first of a question's other candidates (a look-alike card, another player) that
        the referee accepts, told to it, when the reading the camera went on with is refused
        and nobody answered: the players would not have played a foul the camera cannot see
        for sure. A card read as its look-alike is renamed (`renamed`, for the tracker too).
        Failing that, the first the referee accepts once a card it refers to, misread before
        (G8: known elsewhere, or an attack card read as its look-alike), is renamed in the
        referee's past (`rename_past`). A defence on another attack card than the reading's is
        taken so only when that card itself was read in doubt or unsurely (`_read_unsurely`;
        renaming a card read surely on a guess would be a guess on a guess). Where the
        camera saw the card brought in from the reading's own player's seat
        (`_seen_brought_by`), the reading itself, refused as `refused_as` G8 and accepted with
        a card misread before renamed, comes before another player's reading of it. A defence
        read surely comes first as read on a code read where its card lay when asked
        (`Question.read_under`), with that card renamed in the referee's past: the card read
        two ways was misread, not the one read surely."""
        guess = question.candidates[0]
        covered = self._covered_by(guess)
        target = self._last_tracks.get(covered or "")
        sure_target = target is None or self._read_surely(target)
        known_elsewhere = []
        seen_brought = self._seen_brought_by(guess)
        other_players = []
        under = [candidate for candidate in question.settling[1:]   # `Question.read_under`
                 if candidate.get("card") == guess.get("card")
                 and candidate.get("on") in question.read_under]
        for candidate in [*under, *(other for other in question.settling[1:]
                                    if other not in under)]:
            if self._covered_by(candidate) != covered and sure_target and candidate not in under:
                continue   # an attack card read surely misread too: only the players may say
            if seen_brought and {**candidate, "player": guess.get("player")} == guess:
                other_players.append(candidate)   # after the reading with the past renamed
                continue
            event = TableEvent(candidate, question.frame, question.time)
            judged = self.judge(event, record_refusal=False)
            if judged:
                renamed = renamed_card(guess, candidate)
                if renamed is not None:
                    self._renamed_or_swapped(*renamed)
                swapped = self.swapped_on_table(guess, candidate)
                if swapped is not None:
                    self._swap(*swapped)
                return event
            if candidate in under:   # the card it lies on, read so there, misread before?
                if self.rename_past is not None and self.rename_past(event, True):
                    return event
                continue
            if getattr(judged, "rule", None) == "G8":
                known_elsewhere.append(event)
        if other_players:
            read = TableEvent(guess, question.frame, question.time)
            if refused_as == "G8" and self.rename_past is not None \
                    and self.rename_past(read, True):
                return read
            for candidate in other_players:
                event = TableEvent(candidate, question.frame, question.time)
                if self.judge(event, record_refusal=False):
                    return event
        for event in known_elsewhere:   # accepted once a card misread before is renamed
            if self.rename_past is not None and self.rename_past(event, True):
                return event
        return None

    def _renamed_or_swapped(self, old: str, new: str) -> None:
        """Card `old` is `new` on nobody's word (`_rename_unasked`); where another card is
        tracked as `new` on the table, the two were each read as the other (one design's
        suits misread both ways): swapped, and the questions still waiting ask about that
        card by its own name (transfer-3p-seed95: Boris's 10♣ defence read 10♠, Anna's 10♠
        thrown in read 10♣; the defence settled as the 10♣ took the place of the throw-in's
        track, and the throw-in, asked about as the 10♣, was lost: a take guessed, 8 false
        fouls). A card renamed is beaten by its new name in the defences still asked about
        (cross-3p-seed95: Boris's 7♠ lead read 8♠, asked about, the 10♠ beating it asked as
        beating the 8♠; the lead settled as the 7♠, the 10♠ on the 8♠ was refused and dropped,
        the bout a take nobody made: 30 false fouls after)."""
        lying = self._tracks.get(new)
        if lying is None or lying is self._tracks.get(old):
            self._rename_unasked(old, new)
            self._doubts = [beating_renamed(question, old, new) for question in self._doubts]
            return
        self._swap(old, new)
        self.guessed.add(new)
        self._doubts = [question if new not in question.cards else replace(
            question, cards=tuple(old if card == new else card for card in question.cards),
            candidates=tuple(with_card(candidate, new, old) if new in played_cards(candidate)
                             else candidate for candidate in question.candidates))
                        for question in self._doubts]

    def _seen_brought_by(self, reading: dict) -> bool:
        """The reading's one card was seen brought in clearly from its player's seat: another
        player's reading of it would be a guess against what the camera saw."""
        cards = laid_cards(reading)
        track = self._last_tracks.get(cards[0]) if len(cards) == 1 else None
        if track is None or reading.get("player") is None:
            return False
        seen, clear = self._direction_choice(track, self._seated)
        return clear and seen == reading["player"]

    def _settle_unanswered(self, out: list[Emitted], *, swept_only: bool = False) -> None:
        """Before the game goes on, a question it cannot go on without is settled by the
        best legal guess. Here (unless `swept_only`: the bout goes on): a card the defender
        laid beside the bout, asked about (which does it beat?), is the first of its readings
        the referee accepts, and the model's bout is then the referee's (once doubtful readings
        still waiting are settled: till then the referee's bout is behind); none accepted, it
        stays out."""
        if swept_only or not self._laid_beside or self.judge is None:
            return
        asked, self._laid_beside = self._laid_beside, []
        self.withdrawn += asked
        for question in asked:
            if self._tell_first_accepted(question.settling, question, out):
                continue
            if any(self._bout_play_asked_before(doubt, question.time) for doubt in self._doubts):
                # what it may lie on is settled first: the game goes on past it too
                self._settle_doubts(out, asked_before=question.time)
            self._tell_first_accepted(self._defences_on_referees_bout(question), question, out)
        self.resync_when_caught_up()

    @staticmethod
    def _bout_play_asked_before(question: Question, time: float) -> bool:
        """`question` asks about a play of the bout (not the trump, not an opening's turn),
        asked before `time`."""
        return question.time < time and bool(question.candidates) \
            and question.candidates[0]["type"] in BOUT_PLAYS

    def _accepted(self, reading: dict, question: Question) -> TableEvent | None:
        """`reading` as an event at `question`'s moment, if the referee accepts it (judged,
        not recorded: told by whoever calls this)."""
        event = TableEvent(reading, question.frame, question.time)
        return event if self.judge(event, record_refusal=False) else None

    def _tell_first_accepted(self, readings: Iterable[dict], question: Question,
                             out: list[Emitted]) -> bool:
        """The first of `readings` of `question` the referee accepts is told; False if none."""
        event = next(filter(None, (self._accepted(reading, question) for reading in readings)),
                     None)
        if event is not None:
            out.append(event)
        return event is not None

    def _defences_on_referees_bout(self, question: Question) -> list[dict]:
        """A card laid beside the bout, asked about when the camera's bout was not yet the
        referee's (an attack card still in question, read as another card that a reading
        since taken as a defence lay on): defences on each unbeaten attack card of the
        referee's bout, settled since, that the card beats and the question did not offer
        (round-3p-seed73: Vera's 7♠ lead, read 8♠ then 7♠ where it lay, was taken as Anna's
        7♠ on the 8♠; her 10♠ on it was asked about as a defence on the 6♦ or a throw-in,
        neither accepted, and the bout never closed)."""
        player = question.candidates[0].get("player") if question.candidates else None
        if len(question.cards) != 1 or player is None:
            return []
        card = question.cards[0]
        offered = {candidate.get("on") for candidate in question.candidates}
        snapshot = self._snapshot()
        return [{"type": "defend", "player": player, "card": card, "on": attack}
                for attack in unbeaten_attacks(snapshot)
                if attack not in offered and beats_in_game(snapshot, card, attack)]


def beating_renamed(question: Question, old: str, new: str) -> Question:
    """The question with its defences of card `old` beating it as `new` (renamed), in its
    wording too."""
    if not any(candidate.get("on") == old for candidate in question.candidates):
        return question
    return replace(
        question,
        text=question.text.replace(card_text(old), card_text(new)),
        text_ru=question.text_ru.replace(card_text(old, True), card_text(new, True)),
        candidates=tuple({**candidate, "on": new} if candidate.get("on") == old else candidate
                         for candidate in question.candidates))
