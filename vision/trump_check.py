"""The turned trump checked by the first bout (classic, transfer, dummy; part of `GameFollower`).

The first card that comes to rest after the deal is taken as the turned trump. When the camera
cannot read the trump (its index small and sideways beside the stock), that card is the first
lead, and every beat of the game would be judged with the wrong trump suit. The first bout shows
it: a card laid on the "trump" is its defence, since nobody lays a card on the trump. The
referee's past is then rewritten (`revise`):
- to a card lying still apart from the bout (read late, or misread: its suit is what counts),
  and the players are asked whether it is the trump;
- else the players are asked which card the trump is, and the bout waits for the answer (at most
  `answer_wait`). Before that, a card coming to rest apart from the bout is taken as the trump.
  Unanswered, the first reading stands, as it would have without the check.
The lead then goes to the referee and the card laid on it is its defence.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from vision.game_view import Emitted
from vision.guessed_hand_fouls import GuessedHandFouls
from vision.swept_bout import trump_under_stock, unaccounted
from vision.table_events import Question, TableEvent, card_text
from vision.table_reader import look_alikes, look_alikes_by_colour, overlap, rank_of, suit_of
from vision.tracking import CardTrack, TrackState

TRUMP_SEEN_BRIEFLY = 1.5  # s: a trump never brought in, seen less than this and then
TRUMP_UNSEEN = 1.0        # ... unseen this long before the first card after it, was none
ACROSS = 1.2              # a box this much wider than tall: a card lying across (the trump)
STILL_PATH = 0.1          # card sizes: read moving less than this, a thing lying there
CLOTH_OVERLAP = 0.5       # a reading over this much of a pattern on the cloth is that pattern
TRUMP_DOUBT_AFTER = 4     # cards read besides the trump: enough to tell how surely cards read
TRUMP_SHIFTED = 0.25      # a look-alike read over this much of the trump's box: the trump, nudged
TRUMP_SAME_BOX = 0.8      # ... over this much before the first lead: the trump read two ways
#                           (a card of its suit: over half of it)


def _lies_across(box: np.ndarray) -> bool:
    return float(box[2] - box[0]) > ACROSS * float(box[3] - box[1])


@dataclass
class TrumpAsked:
    question: Question
    lead: CardTrack | None       # the card taken as the trump, held back while the bout waits
    lying: CardTrack | None      # the card now taken as the trump, asked about


class TrumpCheck(GuessedHandFouls):
    """Checking the trump against the first bout, and settling the answer."""

    def _doubt_the_trump(self, out: list[Emitted]) -> None:
        """Once `TRUMP_DOUBT_AFTER` cards besides the turned trump have been read, the trump is
        weighed against them: read less surely than the game's cards are (`misread_margin`
        below their median), it may be a look-alike, and every beat of the game hangs on its
        suit, so the players are asked which card it is (the game goes on with it as read)."""
        view = self.view
        trump = self._last_tracks.get(view.trump or "")
        if view.trump_doubted or trump is None or view.trump_asked is not None \
                or len(self._last_tracks) <= TRUMP_DOUBT_AFTER:
            return
        view.trump_doubted = True
        if trump.confidence >= self._typical_confidence() - self.config.misread_margin \
                or trump.card in view.doubtful or self.revise is None:
            return
        text = f"Is {card_text(trump.card)} the trump? The camera read it unsurely."
        text_ru = f"{card_text(trump.card, True)} — козырь? Камера прочла её неуверенно."
        self._ask_trump(out, text, text_ru, trump.card, trump)

    def _trump_refuted(self, track: CardTrack, out: list[Emitted]) -> bool:
        """True when `track` is not played now: it lies on the card taken as the trump (that
        card was the first lead: the trump is taken from a card lying apart, or asked for,
        and `track` waits for the lead), or it comes while the bout waits for the trump (it
        is the trump if it lies apart from the bout, else it waits too)."""
        view = self.view
        asked = view.trump_asked
        if asked is not None and asked.lead is not None:
            if self._apart_from_the_bout(track, asked.lead):
                self._trump_lies_at(track, asked.lead, out)
                return True
            view.pending.append(track)
            return True
        taken = view.trump_track
        first = self._tracks.get(taken.card) if taken is not None else None
        before_the_lead = taken is not None and not view.reader.pairs and not view.lead_buffer
        if before_the_lead and self._trump_left(first, track):
            return self._trump_lies_at_instead(
                track, taken, out, f"{card_text(taken.card)} was taken as the trump but left "
                "the table before the first lead", f"{card_text(taken.card, True)} приняли за "
                "козырь, но она ушла со стола до первого хода")
        if before_the_lead and self._trump_laid_across(first or taken, track):
            view.cloth.append((first or taken).box.copy())
            view.reader.ignored.add(taken.card)   # moved from there later, a card played
            return self._trump_lies_at_instead(
                track, taken, out, f"{card_text(taken.card)} was taken as the trump, but it was "
                f"never laid there, and {card_text(track.card)} was laid across",
                f"{card_text(taken.card, True)} приняли за козырь, но её никто не клал, а "
                f"{card_text(track.card, True)} положили поперёк")
        if before_the_lead and self._trump_read_two_ways(first or taken, track):
            view.trump_read_as = track.card   # the trump read so: still the trump lying there
            return True
        if first is None or view.reader.pairs or view.lead_buffer \
                or overlap(self._extent(track), first.box) < view.reader.min_overlap:
            return False
        view.trump_track = None
        view.pending.append(track)   # the defence waits for its lead
        elsewhere = next((t for t in self._tracks.values()
                          if t is not first and t is not track and t.card not in view.reader.ignored
                          and self._apart_from_the_bout(t, first)), None)
        if elsewhere is not None:
            self._trump_lies_at(elsewhere, first, out)
            return True
        text = (f"{card_text(first.card)} was beaten, so it was the first lead, not the trump: "
                "which card is the trump?")
        text_ru = (f"{card_text(first.card, True)} побита, значит, это первый ход, а не козырь: "
                   "какая карта козырь?")
        self._ask_trump(out, text, text_ru, first.card, None, lead=first)
        return True

    def _trump_left(self, lying: CardTrack | None, track: CardTrack) -> bool:
        """The card taken as the trump (`lying`, its track), never brought in, was seen only
        briefly (`TRUMP_SEEN_BRIEFLY`) and not since, for `TRUMP_UNSEEN` and from before
        `track` came, and nobody is known to lead (`track` is no lead the game expects): that was no
        trump (something on the tablecloth read as a card before the deal, say), `track` is.
        A trump laid by the dealer's hand, seen a while, or out of sight for good (its index
        under the stock) is still there; seen as the look-alike it was read as on its own box
        (`trump_read_as`, `_trump_read_two_ways`), it was seen so long too."""
        if lying is None:
            return False
        read_as = self._last_tracks.get(self.view.trump_read_as or "")   # read two ways
        last_seen = max(lying.last_seen, read_as.last_seen if read_as is not None else 0.0)
        return lying.state is TrackState.HIDDEN \
            and not self._came_in(lying) and last_seen < track.first_seen \
            and last_seen - lying.first_seen < TRUMP_SEEN_BRIEFLY \
            and self._time - last_seen >= TRUMP_UNSEEN \
            and self.view.leader is None and self._snapshot().get("attacker") is None

    def _trump_read_two_ways(self, trump: CardTrack, track: CardTrack) -> bool:
        """`track`, a look-alike of the card taken as the trump, never brought in, read as a
        whole card on that card's own box: the trump read two ways, no card laid on it
        (dummy-2p-seed98: the 6♠ turned was read 6♣ whole from its fourth frame on, its
        index still 6♠; taken for a card beating it, the 6♠ became the first lead and the
        game went astray, 9 false fouls unanswered)."""
        return track.card in look_alikes(trump.card) and not self._came_in(track) \
            and not self._index_only(track) and overlap(track.box, trump.box) >= TRUMP_SAME_BOX

    def _trump_laid_across(self, lying: CardTrack, track: CardTrack) -> bool:
        """The card taken as the trump (`lying`) never moved from where it was first read, and
        `track`, laid before anybody is known to lead, lies across (wider than tall, as the
        turned trump lies under the stock) where `lying` does not: `track` is the trump,
        `lying` something on the tablecloth read as a card (transfer-3p-seed68: a calendar icon
        read A♦ before the deal was taken as the trump, the 6♥ laid across by the dealer for a
        lead, and every beat of the game was judged with diamonds trump)."""
        return self._path(lying) < STILL_PATH <= self._path(track) \
            and _lies_across(track.box) and not _lies_across(lying.box) \
            and self.view.leader is None and self._snapshot().get("attacker") is None

    def _on_the_cloth(self, track: CardTrack) -> bool:
        """`track`, never brought in, lies where a pattern on the tablecloth was read as a card
        before (`GameView.cloth`): read so again, it is no card played (transfer-3p-seed68: the
        calendar icon taken for the trump at first, read A♦ again mid-game, was told as Boris's
        throw-in, a take nobody made)."""
        return not self._came_in(track) and self._lies_on_the_cloth(track.box)

    def _lies_on_the_cloth(self, box: np.ndarray) -> bool:
        return any(overlap(box, spot) >= CLOTH_OVERLAP for spot in self.view.cloth)

    def _bout_cards_on_the_cloth(self) -> set[str]:
        """Bout cards the tracker moved onto a pattern on the tablecloth read as a card before
        (`GameView.cloth`), away from where they lie in the bout: that pattern read as the card
        while the card was swept off unseen, not the card itself (transfer-3p-seed68: the A♦
        swept to the discard pile, the calendar icon read A♦ at 0.92 for seconds; the bout
        stayed on the table for the camera until the next lead, which was lost, and the K♣
        beating it was told as a lead out of turn). They have left the table."""
        reader = self.view.reader
        return {card for pair in reader.pairs
                for card, box in ((pair.attack, pair.attack_box),
                                  (pair.defence, pair.defence_box))
                if card is not None and (track := self._tracks.get(card)) is not None
                and self._lies_on_the_cloth(track.box)
                and overlap(track.box, box) < reader.min_overlap}

    def _trump_lies_at_instead(self, track: CardTrack, taken: CardTrack,
                               out: list[Emitted], why: str, why_ru: str) -> bool:
        """`track`, the first card to rest after a trump that left (or one never laid there:
        `why`), is the trump: the referee's trump is rewritten and the players are asked to
        confirm. False when the referee keeps its trump (`track` is then played as it would
        have been)."""
        if self.revise is None or not self._trump_rewritten(taken.card, track):
            return False
        self.view.trump_track = track
        text = f"{why}: is {card_text(track.card)} the trump?"
        text_ru = f"{why_ru}: {card_text(track.card, True)} — козырь?"
        self._ask_trump(out, text, text_ru, track.card, track)
        return True

    def _apart_from_the_bout(self, track: CardTrack, lead: CardTrack) -> bool:
        """A card lying still apart from the first lead and the cards laid on it, and of
        another rank (not a throw-in or a transfer): where the trump lies."""
        others = [lead, *self.view.pending]
        return track.card not in {t.card for t in others} \
            and rank_of(track.card) not in {rank_of(t.card) for t in others} \
            and all(overlap(self._extent(track), t.box) < self.view.reader.min_overlap
                    for t in others)

    def _trump_lies_at(self, track: CardTrack, lead: CardTrack, out: list[Emitted]) -> None:
        """`track` is the trump, not `lead`: the referee's trump is rewritten, the players
        are asked to confirm, and `lead` leads the bout."""
        view = self.view
        asked = view.trump_asked
        if asked is not None:
            self.withdrawn.append(asked.question)
            view.trump_asked = None
        if not self._trump_rewritten(lead.card, track):
            return  # the referee keeps its trump: the first reading stands
        view.lead_buffer.append(lead)
        text = (f"{card_text(lead.card)} was beaten, so it was the first lead, not the trump: "
                f"is {card_text(track.card)} the trump?")
        text_ru = (f"{card_text(lead.card, True)} побита, значит, это первый ход, а не козырь: "
                   f"{card_text(track.card, True)} — козырь?")
        self._ask_trump(out, text, text_ru, track.card, track)

    def _trump_rewritten(self, old: str, track: CardTrack) -> bool:
        """`track` is the trump, not `old`: the referee's trump is rewritten (`revise`; False
        when it keeps its own) and the follower's trump lies where `track` does."""
        if self.revise is not None and not self.revise(
                {"type": "trump", "card": old},
                TableEvent({"type": "trump", "card": track.card}, self._frame, self._time)):
            return False
        view = self.view
        view.trump, view.trump_box, view.trump_on_table = track.card, track.box.copy(), True
        return True

    def _ask_trump(self, out: list[Emitted], text: str, text_ru: str, taken: str,
                   lying: CardTrack | None, *, lead: CardTrack | None = None) -> None:
        """Which card is the trump (the referee has `taken`): the card lying where the trump is
        guessed to be first, then every card that may be it (that card's look-alikes first);
        with the bout waiting for the answer (`lead`), the first reading last. A trump question
        asked before is withdrawn: this one is the game's now."""
        guess = [lying.card] if lying is not None else []
        guess += [card for card in self._read_where_the_trump_lies() if card not in (taken, *guess)]
        alike = look_alikes_by_colour(lying.card) if lying is not None else []
        may_be = sorted((card for card in unaccounted(self._snapshot(), list(self._tracks))
                         if card != taken and card not in guess),
                        key=lambda card: alike.index(card) if card in alike else len(alike))
        cards = [*guess, *may_be, *([taken] if lead is not None else [])]
        if self.view.trump_asked is not None:
            self.withdrawn.append(self.view.trump_asked.question)
        question = Question(text, text_ru,
                            tuple({"type": "trump", "card": card} for card in cards),
                            self._frame, self._time, since=self.view.started_at,
                            replaces={"type": "trump", "card": taken})
        self.view.trump_asked = TrumpAsked(question, lead, lying)
        out.append(question)

    def _read_where_the_trump_lies(self) -> list[str]:
        """The other codes read where the turned trump lies, never brought in and no part of
        the bout, most read first: the trump's small sideways index read as other cards now and
        then (classic-3p-seed33: a Q♥ read A♥ surely, and Q♥ twice). Seen, they are no
        unaccounted card, yet they are the likeliest answers to which card the trump is."""
        view = self.view
        if view.trump_box is None:
            return []
        there = [track for card, track in self._tracks.items()
                 if card != view.trump and card not in view.reader.cards
                 and not self._came_in(track) and overlap(track.box, view.trump_box) >= 0.5]
        return [track.card for track in sorted(there, key=lambda t: -t.confidence_sum)]

    def _trump_read_as_another(self, track: CardTrack) -> bool:
        """The players named a trump the camera never saw lie: a card of its suit that shows
        up where it lies, never brought in, apart from the bout, is that trump misread (its
        index small and sideways by the stock). Read so again, it is the trump while the
        trump lies there (`_trump_still_down`)."""
        view = self.view
        if view.trump is None or view.trump_box is not None or view.phase != "play" \
                or suit_of(track.card) != suit_of(view.trump) or self._came_in(track) \
                or any(overlap(self._extent(track), box) >= view.reader.min_overlap
                       for box in view.reader.boxes):
            return False
        view.trump_box, view.trump_on_table = track.box.copy(), True
        view.trump_read_as = track.card
        return True

    def _trump_misread_where_it_lies(self, track: CardTrack) -> bool:
        """A card of the trump's suit or one of its look-alikes, never brought in, read where
        the turned trump lies under the stock while it lies there, once the first bout has
        shown that card to be the trump: the trump's small sideways index misread (a 7D for
        the 8D; transfer-2p-seed66: the 6S read 6C now and then, told as Anna's throw-in),
        no card played. The trump lies there while the referee counts a stock (its own readings, few
        and far between, may have left the tracker: classic-3p-seed33's Q♥ read A♥). It is
        ignored, so that the card of that code, played later, comes in as a new card (the
        tracker takes it for this one moved: `misread_at_trump`). Before the first lead, a
        card laid on the card taken as the trump shows it was the lead (`_trump_refuted`)."""
        view = self.view
        lies_there = view.trump_on_table or trump_under_stock(self._snapshot()) == view.trump
        if view.trump is None or view.trump_box is None or not lies_there \
                or view.phase != "play" or view.trump_track is not None:
            return False
        alike = track.card in look_alikes(view.trump)
        if (suit_of(track.card) != suit_of(view.trump) and not alike) or self._came_in(track) \
                or overlap(view.trump_box, track.box) < (
                    TRUMP_SHIFTED if alike and self._clear_of_the_bout(track) else 0.5):
            return False
        view.reader.ignored.add(track.card)
        view.misread_at_trump.add(track.card)
        return True

    def _clear_of_the_bout(self, track: CardTrack) -> bool:
        """`track` lies on none of the bout's cards (a defence laid by the stock lies on its
        attack card: the bundled demo's K♥ on the Q♥, the K♦ trump beside them)."""
        return not any(box is not None and overlap(box, track.box) > 0.0
                       for pair in self.view.reader.pairs
                       for box in (pair.attack_box, pair.defence_box))

    def _awaiting_answer(self, out: list[Emitted] | None = None) -> bool:
        """The first bout waits for the trump at most `answer_wait` seconds; unanswered (where
        `out` is given), the first reading stands: the card taken as the trump is the trump."""
        asked = self.view.trump_asked
        if asked is None or asked.lead is None:
            return super()._awaiting_answer(out)
        if self._time - asked.question.time < self.config.answer_wait or out is None:
            return True
        self.withdrawn.append(asked.question)
        self.view.trump_asked = None
        return super()._awaiting_answer(out)

    def answered(self, question: Question, chosen: dict | None = None, *,
                 refused: bool = False) -> tuple[str, str] | None:
        """The trump named (and accepted) is the trump: a card taken as the trump now leads the
        bout, and a card lying where the trump was guessed takes its name. Any other answer
        leaves the referee's trump as it is."""
        view = self.view
        asked = view.trump_asked
        if asked is None or question is not asked.question:
            return super().answered(question, chosen, refused=refused)
        view.trump_asked = None
        if chosen is None or refused or (asked.lead is not None
                                         and chosen["card"] == asked.lead.card):
            return None   # the first reading stands
        card, renamed = chosen["card"], None
        view.trump = card
        if asked.lying is not None and asked.lying.card != card:
            renamed = (asked.lying.card, card)
            self._rename(*renamed)
        trump = self._tracks.get(card)
        view.trump_box = trump.box.copy() if trump is not None else None
        # it lies on the table only where it is seen (round-3p-seed87: the centre trump, taken
        # with the ninth card (R3), named in the main phase: Vera's Q♣ laid on the 10♣ later
        # was taken for the trump uncovered, never read, and the bout a take: 3 false fouls)
        view.trump_on_table = trump is not None
        if asked.lead is not None:
            view.lead_buffer.append(asked.lead)
        return renamed
