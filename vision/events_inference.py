"""Event inference: from cards arriving on and leaving the table to events in EVENTS.md notation.

`GameFollower.update(tracker_update, table)` reads what the tracker reports (cards placed, gone,
moved) against a small model of the game (`GameView`: phase, trump, who leads and defends, the
bout's layout) and returns `TableEvent`s and `Question`s. Facts the camera cannot see come from
the referee's snapshot when one is given (`snapshot`): who is out, who leads a new game, whether a
take was declared on the dashboard, whether the game finished.

Each event is offered to `judge` (the referee) before the model takes it in: a refused event is
not applied (as the referee does) and its cards are ignored until they leave the table. A doubtful
reading becomes a `Question` instead of an event; so does anything that builds on a card in
question, so a misread never turns into a foul.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable

import numpy as np

from vision.game_view import DUMMY, UNFOLLOWED, Emitted, GameView, InferenceConfig
from vision.guessed_throwers import GuessedThrowers
from vision.swept_bout import (
    SWEPT_TO_DISCARD,
    TRUMP_UNDER_STOCK,
    stock_drawn_up,
    trump_under_stock,
    unaccounted,
)
from vision.table_events import Question, TableEvent, card_text, cards_text
from vision.table_reader import (
    Placement,
    TablePair,
    beats,
    look_alikes,
    look_alikes_by_colour,
    overlap,
    rank_of,
    suit_of,
)
from vision.tracking import CardTrack, TrackerUpdate, TrackState, box_center, box_holds

SEEN_BESIDE = 0.6  # card sizes: a card's code read from one frame to the next this far away
TRUMP_COVERED = 0.3  # a card laid on the turned trump covers this much of one of the two

__all__ = ["DUMMY", "Emitted", "GameFollower", "GameView", "InferenceConfig"]

GONE_KEPT = 4  # tracks of one code that left the table, remembered (`read_unsurely_before`)
FRAME_TIMES_KEPT = 60.0  # s: how long when each frame came is remembered (`_nothing_read_since`)


class GameFollower(GuessedThrowers):
    """Infers one match's events from tracker updates (see the module docstring)."""

    # -- the frame loop ----------------------------------------------------------------------------

    def update(self, update: TrackerUpdate, table: list[CardTrack]) -> list[Emitted]:
        self._frame, self._time = update.frame, update.time
        while self._frame_times and self._frame_times[0] < update.time - FRAME_TIMES_KEPT:
            self._frame_times.popleft()
        self._frame_times.append(update.time)
        out: list[Emitted] = []
        self._follow_snapshot()
        on_table = {track.card for track in table}
        self._tracks = {track.card: track for track in table}
        self._last_tracks.update(self._tracks)
        self._last_tracks.update((track.card, track) for track in update.gone)
        for track in update.gone:
            self._gone_tracks.setdefault(track.card, deque(maxlen=GONE_KEPT)).append(track)
        if self.view.phase in UNFOLLOWED:
            return out
        self._arriving, self._unplaced = update.arriving, update.unplaced
        self._ways_in = self._still_unplaced(self._ways_in, update.unplaced)
        self._came_in_lately = self._still_unplaced(self._came_in_lately, update.unplaced,
                                                    moving_only=True)
        self._settle_doubts(out)
        for track in update.placed:
            self._placed(track, out)
        for track in update.moved:
            self._moved(track, out)
        self._flush_due(out)
        # a card renamed meanwhile goes by its new name
        on_table = set(self._tracks) - self._bout_cards_on_the_cloth()
        if update.gone or (self.view.reader.cards
                           and self._swept_with_the_rest(self.view.reader.cards, on_table)):
            self._gone({t.card for t in update.gone}, on_table, out)
        if update.gone:
            self._deal_ended_unseen(out)
        if self.view.pending:
            self._resolve_pending(out)
        self._astray_after_guessed_hands()
        return out

    def _follow_snapshot(self) -> None:
        snapshot = self._snapshot()
        self._follow_game_number(snapshot.get("game"))
        phase = snapshot.get("phase")
        if phase == "finished":
            self.view.phase = "finished"
        elif phase == "play" and self.view.phase in ("opening", "faceup"):
            self.view.phase = "play"  # e.g. R4: the stock ran out during the opening
        elif phase == "play" and self.view.phase in ("deal", "lost") \
                and self.variant in ("round", "cross"):
            # the hands were entered on the dashboard (an opening nobody watched): bouts now
            self.view.phase, self.view.layout = "play", []

    def _follow_game_number(self, game: int | None) -> None:
        """The referee's game moved on past the one followed, by the players' hand (the
        dashboard's next game, a game they ended by their word after the camera lost it): the
        camera follows the new game from its start."""
        if game is None or game == self.view.game:
            return
        if self.view.game is not None and game > self.view.game:
            self._withdraw_open_questions()
            self._new_game()
        self.view.game = game

    def _withdraw_open_questions(self) -> None:
        """The questions the follower still waits on are about the game left behind: none of
        them is settled into the next one."""
        missed = [] if self._missed is None else [self._missed.question]
        self.withdrawn += [*self._doubts, *self._laid_beside, *missed]
        self._doubts, self._laid_beside, self._missed = [], [], None
        super()._withdraw_open_questions()

    def _placed(self, track: CardTrack, out: list[Emitted], *, again: bool = False) -> None:
        """A card came to rest (`again`: one refused, taken back and laid once more)."""
        view = self.view
        card = track.card
        if card in (view.trump, view.trump_read_as) \
                and (view.trump_on_table or self._trump_still_down(track)):
            view.trump_on_table = True  # it was only covered (a hand resting on the stock)
            return
        self._trump_led_where_it_lies(track, out)
        self._refused_taken_back(track)
        if track.laid_again and card in view.reader.ignored:
            self._new_try(track)
        if self._on_the_cloth(track):
            view.reader.ignored.add(card)   # moved from there later, it is a card played
            return
        if card in view.reader.cards and (lying := self._bout_card_lying_as(track)):
            self.found_misread_on_table(card, lying)   # that bout card was misread: a new card
        if card in view.reader.ignored or card in view.reader.cards \
                or self._trump_read_as_another(track) or self._trump_misread_where_it_lies(track):
            return
        if ways_in := self._read_on_its_way_as(card):   # kept for the first card of the code
            view.came_in_as.setdefault(card, ways_in)   # told: a later one may be refused as it
        if view.phase == "finished":
            if view.reader.cards:
                return  # the last bout's cards are still there
            self._emit(out, {"type": "new_game"}, self._new_game, [])
            view = self.view
        if view.phase == "deal":
            self._deal_card_seen(track, out)
        elif view.phase == "opening":
            self._opening_draw(track, out)
        elif view.phase == "faceup":
            self._cross_place(track, out, again=again)
        else:
            self._play_card(track, out)

    def _bout_card_lying_as(self, track: CardTrack) -> str | None:
        """A card of a bout card's code brought in and laid clear of that bout card, where a
        card of a look-alike code lies (the tracker's, read at that bout card's place): that
        code, the bout card's own, misread when it was played; the card laid is one of its own
        (transfer-3p-seed88: Vera's K♣ lead read K♠ and told so, its track named K♣ since; her
        K♠ thrown in later, brought in from her seat, was taken for the lead seen again and
        never told, her hand counted a card too many and the stock a card too few to the
        end). None when not so."""
        pair = self.view.reader.pair_of(track.card)
        if pair is None or not self._came_in(track):
            return None
        box = pair.attack_box if pair.attack == track.card else pair.defence_box
        if box is None or overlap(track.box, box) > 0.0:
            return None
        return next((alike for alike in look_alikes(track.card)
                     if (lying := self._tracks.get(alike)) is not None
                     and alike not in self.view.reader.cards
                     and overlap(lying.box, box) > 0.5), None)

    def _refused_taken_back(self, track: CardTrack) -> None:
        """A card comes to rest where a refused card lay that went out of sight before this
        card came into view: nobody lays a card under one lying there, so that card was taken
        back. Shown again (laid once more at about its old place: a refused transfer's card
        beating the card thrown in there), it is a new try, read like any new card: the
        tracker forgets it (`taken_back`). A card unseen only since this one came (covered by
        it as it was laid on) is still there."""
        for card in sorted(self.view.reader.ignored - {track.card, self.view.trump}):
            refused = self._tracks.get(card)
            if refused is not None and refused.state is TrackState.HIDDEN \
                    and refused.last_seen < track.first_seen \
                    and overlap(refused.box, track.box) > 0.5:
                self._forget_out_of_sight(card)

    def _forget_out_of_sight(self, card: str) -> None:
        """`card`, out of sight, is no longer where it was seen: no longer ignored, and the
        tracker forgets it (`taken_back`), so that its code read again is a new card."""
        self.view.reader.ignored.discard(card)
        self.taken_back.append(card)

    def _new_try(self, track: CardTrack) -> None:
        """An ignored card (refused, or the trump's index misread) brought in again, moved
        elsewhere or laid again after it went out of sight (`CardTrack.laid_again`;
        dummy-3p-seed31: a QC defence read QS, a false G8, swept off unseen; the real QS led a
        second later was lost): a new try, read like any new card."""
        self.view.reader.ignored.discard(track.card)
        if track.card in self.view.misread_at_trump and track.carry_from is not None:
            # no card left the trump: its code's card came in from where it was first seen
            # carried (classic-3p-seed33: an A♥ thrown in by Anna taken for the defender's)
            self.view.misread_at_trump.discard(track.card)
            track.first_box = track.carry_from.copy()
        elif self._carried_from_elsewhere(track):
            track.first_box = track.carry_from.copy()
            self.view.lay_before[track.card] = track.moved_from.copy()

    @staticmethod
    def _carried_from_elsewhere(track: CardTrack) -> bool:
        """A card moved from where it lay (`moved_from`) whose carry there began more than a
        card's size away from that place: not picked up where it lay, but a card of its code
        brought in from there, its way in (transfer-3p-seed90: a window icon on the cloth read
        A♦, refused as a throw-in; Vera's real A♦ brought in from her seat later was read as
        that card moved, come from where the icon lies, and told as Anna's defence, a false
        P2)."""
        return track.moved_from is not None and track.carry_from is not None and float(
            np.linalg.norm(box_center(track.carry_from) - box_center(track.moved_from))
        ) > track.size

    def _trump_led_where_it_lies(self, track: CardTrack, out: list[Emitted]) -> None:
        """A card laid on the turned trump still lying where it lay, the stock gone (or owed
        whole to the draw-up) and the table empty for the referee: the player who leads led
        it from where it lies (he drew it as the last card and left it there), where the
        referee accepts that, and the card comes on it (dummy-3p-seed109: Boris's 6♦ trump,
        drawn last and led where it lay, unseen; Vera's J♦ laid on it was read as a lead out
        of turn: 12 false fouls). The lead is told first, so the card is read against it."""
        view = self.view
        lying = self._tracks.get(view.trump or "")
        if lying is None or not view.trump_on_table or view.reader.cards \
                or self.variant not in TRUMP_UNDER_STOCK \
                or overlap(lying.box, track.box) < TRUMP_COVERED:
            return
        snapshot = self._snapshot()
        leader = view.leader or snapshot.get("attacker")
        if leader is None or snapshot.get("table") \
                or not (snapshot.get("stock") == 0 or stock_drawn_up(snapshot)):
            return
        lead = TableEvent({"type": "attack", "player": leader, "cards": [lying.card]},
                          self._frame, self._time)
        if self.judge is None or not self.judge(lead, record_refusal=False):
            return   # not his card (the referee knows who drew it): nothing told
        out.append(lead)
        view.trump_on_table = False
        self._led(leader, [lying])

    def _trump_still_down(self, track: CardTrack) -> bool:
        """The turned trump seen again: still under the stock while the stock lasts (the
        referee counts it), or, without a referee, while it lies where it lay. A card of its
        code brought in from away and laid elsewhere is not it: the trump lies still under
        the stock, so it was misread (the referee then refuses the card: a question)."""
        box = self.view.trump_box
        lies_there = box is not None and overlap(box, track.box) > 0.5
        if not lies_there and self._came_in(track):
            return False
        stock = self._snapshot().get("stock")
        if stock is not None and self.variant in TRUMP_UNDER_STOCK:
            return stock > 0
        return lies_there

    def _new_game(self) -> None:
        self.view = GameView(doubtful=self.view.doubtful, started_at=self._time)

    def _moved(self, track: CardTrack, out: list[Emitted]) -> None:
        if track.card in self.view.reader.ignored:
            # a refused card taken back and laid again elsewhere (before the tracker gave up on
            # it)
            self._new_try(track)
            self._placed(track, out, again=True)
            return
        if self._drawn_card_moved_on(track) or self._layout_code_drawn(track, out):
            return   # (round's opening only)
        pair = self.view.reader.pair_of(track.card)
        if pair is not None and self._transferred_beside_its_misread_lead(track, pair, out):
            return
        if pair is not None and self._trump_read_as_a_bout_card(track):
            self.view.cloth.append(track.box.copy())
            self.trump_read_as.append(track.card)   # the tracker drops it there for good
        elif pair is not None and self._back_where_its_code_lay(track):
            self.view.cloth.append(track.box.copy())
            self.view.reader.ignored.add(track.card)   # moved from there later: played again
        if pair is not None and not self._lies_on_the_cloth(track.box):
            # a nudged card keeps its role; only its box follows
            if pair.attack == track.card:
                pair.attack_box = track.box.copy()
            else:
                pair.defence_box = track.box.copy()

    def _transferred_beside_its_misread_lead(self, track: CardTrack, pair: TablePair,
                                             out: list[Emitted]) -> bool:
        """An unbeaten lead's code read, from one frame to the next, a card's width away
        beside it, where the defender may transfer: a card of that code laid there, read
        surer than the lead, whose own reading the detector gives to one card alone; the lead
        is another card of its rank, misread (transfer-2p-seed110: Anna's Q♣ lead read Q♠;
        Boris transferred with the Q♥, then Anna with her Q♠ beside it, and the Q♠ reading
        went over to it; the transfer was never told, the bout became Anna's take, and three
        leads after it were refused as out of turn). The lead is renamed the other suit of its
        colour (else another of its rank) nobody has accounted for, and the card laid is told
        as the defender's transfer. False when not so."""
        view = self.view
        moved_from, first_away = track.moved_from, track.carry_from
        if pair.attack != track.card or not pair.lead or pair.defence is not None \
                or moved_from is None or first_away is None or not self._could_transfer(track) \
                or overlap(track.box, moved_from) > 0.0 or overlap(first_away, track.box) < 0.5:
            return False   # (first read away from the lead where it lies now: not carried)
        apart = float(np.linalg.norm(box_center(track.box) - box_center(moved_from)))
        if apart < SEEN_BESIDE * self._card_size(track, self._last_tracks):
            return False
        possible = unaccounted(self._snapshot(), self._tracks)
        lead = next((alike for alike in look_alikes_by_colour(track.card)
                     if rank_of(alike) == rank_of(track.card) and alike in possible
                     and alike not in view.reader.cards), None)
        if lead is None:
            return False
        self.found_misread_on_table(track.card, lead)
        pair = view.reader.pair_of(lead)
        if pair is None:
            return False
        pair.attack_box = moved_from.copy()
        self.guessed.add(lead)
        self._add_to_bout(track, out)
        return True

    def _trump_read_as_a_bout_card(self, track: CardTrack) -> bool:
        """A bout card the tracker moved onto the turned trump while it lies under the stock,
        its code the trump's look-alike: nobody lays a bout card on the stock, so the card
        left (swept unseen there) and the trump's small sideways index was read as it
        (transfer-2p-seed120: Anna took a bout with the K♦, the K♠ trump read K♦ at 0.65-0.7
        just as the cards went; the bout stayed on the table for the camera, the next lead was
        refused as a throw-in, P3). That spot is then a place where cards are misread, and the
        tracker reads that code there as the trump from now on (`trump_read_as`; a track of it
        left lying there took the trump's readings for its own and kept the real K♦, played a
        minute later, from being read anywhere else)."""
        view = self.view
        return view.trump is not None and view.trump_box is not None \
            and track.card in look_alikes(view.trump) \
            and trump_under_stock(self._snapshot()) == view.trump \
            and overlap(track.box, view.trump_box) >= 0.5

    def _back_where_its_code_lay(self, track: CardTrack) -> bool:
        """A bout card found moved back to where its code lay, never brought in, before that
        card was brought in from elsewhere (`GameView.lay_before`): cards leave the table for
        a hand or the discard pile, none goes back to such a spot, so what is read there is a
        pattern on the cloth read as that card while the card is away (classic-3p-seed91: a
        calendar icon read A♦ whenever the A♦ was off the table; Anna's take of the bout with
        the A♦ was never seen, the bout stayed on the table for the camera, and the next lead
        was refused as a throw-in: 14 false fouls followed)."""
        spot = self.view.lay_before.get(track.card)
        return spot is not None and overlap(track.box, spot) > 0.5

    def _flush_due(self, out: list[Emitted]) -> None:
        view = self.view
        if view.layout and self._layout_complete():
            if self.variant == "round":
                self._read_round_layout(out)
            else:
                self._read_cross_layout(out)
            view.layout = []
        self._expire_open_lead()
        if view.lead_buffer and (
                self._time - view.lead_buffer[-1].placed_at >= self._group_window
                or self._lead_complete() or self._lead_alone()) \
                and not self._lead_companion_arriving():
            self._flush_lead(out)
        elif view.lead_buffer and self._lead_may_open():
            self._open_lead(out)

    def _came_together(self, track: CardTrack, other: CardTrack) -> bool:
        """Brought in by one hand: first read at about the same moment. Such cards may still
        come to rest a few frames apart (one slides on a little longer, a reading is missed)."""
        return abs(track.first_seen - other.first_seen) <= 2 * self.config.together_window

    def _lead_companion_arriving(self) -> bool:
        """A card that came in with the lead is still on its way to rest, or one read before
        the lead came to rest still comes to rest under or over it (the lead's own lead, its
        defence read first: `_lead_under`): the lead waits (this one at most `defence_wait`)."""
        lead = self.view.lead_buffer
        if any(self._came_together(track, lead[0]) for track in self._arriving
               if track not in lead):
            return True
        laid = lead[0].placed_at if lead[0].placed_at is not None else self._time
        if len(lead) != 1 or self._time - laid > self.config.defence_wait:
            return False
        min_overlap = self.view.reader.min_overlap
        recent = self._time - 2 * self.config.together_window
        return any(other.first_seen <= laid and self._lead_under(other)
                   and overlap(self._extent(other), lead[0].box) >= min_overlap
                   for other in (*(t for t in self._unplaced if t.last_seen >= recent),
                                 *self.view.pending) if other is not lead[0])

    def _lead_under(self, track: CardTrack) -> bool:
        """`track` came to rest on (or under) the one card waiting to lead, which beats it and
        cannot be beaten by it: `track` is the lead, read late, and the waiting card its
        defence, read first."""
        lead = self.view.lead_buffer
        if len(lead) != 1:
            return False
        cross = self.variant == "cross"
        trump = "D" if cross else self.view.trump[-1] if self.view.trump else None
        first = lead[0].card
        return beats(first, track.card, trump, cross=cross) \
            and not beats(track.card, first, trump, cross=cross)

    def _lead_alone(self) -> bool:
        """Only cards laid at the same moment join this lead (no `lead_group`, not round), no
        bout is on the table (its sweep goes first) and no question waits (the lead settles it
        unanswered): with no card coming to rest with it, waiting `together_window` longer
        would only delay the verdict."""
        return self.variant != "round" and not self.options.get("lead_group") \
            and not self.view.reader.pairs and self._missed is None \
            and self._missed_turn is None and not self.view.doubtful

    def _lead_complete(self) -> bool:
        """R5: a round attack is 1, 3 or 5 cards and never more than the defender holds; when
        no bigger shape fits, waiting for more cards only delays the verdict."""
        view = self.view
        if self.variant != "round" or len(view.lead_buffer) not in (1, 3, 5):
            return False
        if self._time - (view.lead_buffer[-1].placed_at or 0.0) < 2 * self.config.together_window:
            return False  # cards laid together may settle a few frames apart
        if len(view.lead_buffer) == 5:
            return True
        leader = view.leader or self._snapshot().get("attacker")
        hands = self._snapshot().get("hands") or {}
        if leader not in self.seat_names or not hands:
            return False
        held = (hands.get(self._next_seat(leader)) or {}).get("count")
        return isinstance(held, int) and held < len(view.lead_buffer) + 2

    # -- the main phase ------------------------------------------------------------------------

    @property
    def _group_window(self) -> float:
        """How long a lead stays open for more cards: round's 1/3/5-card attacks and
        `lead_group` wait for the rest; otherwise only cards laid at the same moment join (a
        two-card lead where one card is allowed is then read as the foul it is)."""
        if self.variant == "round":
            return self.config.round_group_window
        if self.options.get("lead_group"):
            return self.config.group_window
        return self.config.together_window

    def _play_card(self, track: CardTrack, out: list[Emitted]) -> None:
        view = self.view
        if self._trump_refuted(track, out):
            return
        self._doubt_the_trump(out)
        self._settle_before_card(out)
        if self._laid_where_the_bout_was(track):
            self._bout_cleared(out)   # it lies where the bout's cards lay: they are gone
            if view.pending:          # cards laid before it go first
                view.pending.append(track)
                self._resolve_pending(out)
                return
        if self._on_hidden_bout(track) or self._awaiting_answer():
            view.pending.append(track)
            return
        if self._lead_under(track) and overlap(self._extent(track), view.lead_buffer[0].box) \
                >= view.reader.min_overlap:   # the lead read after its defence: it goes first
            defence, view.lead_buffer = view.lead_buffer[0], [track]
            if self._flush_lead(out):
                view.open_lead = None
                self._defend(defence, (track.card,), out)
            return
        if view.lead_buffer and any(overlap(track.box, t.box) >= view.reader.min_overlap
                                    for t in view.lead_buffer):
            self._flush_lead(out)  # a defence on a lead still forming: the lead is complete
        if self._bout_card_read_again(track):
            view.reader.ignored.add(track.card)
            return
        placement = view.reader.classify(self._extent(track))
        if placement.kind == "attack" and self._index_only(track):
            placement = self._index_on_a_covered_attack(track) or placement
        if placement.kind != "attack":
            view.open_lead = None  # a defence: the lead is what it is
            self._defend(track, placement.on, out)
            return
        if self._reopen_lead(track):
            return
        if view.lead_buffer:
            first = view.lead_buffer[0]
            together = (track.placed_at or 0.0) - (first.placed_at or 0.0) \
                <= self.config.together_window or self._came_together(track, first)
            if together or self.variant == "round" or (
                    self.options.get("lead_group") and rank_of(track.card) == rank_of(first.card)):
                view.lead_buffer.append(track)
                return
            self._flush_lead(out)
        if not view.reader.pairs:  # a new bout's lead (also after a refused lead)
            view.lead_buffer.append(track)
            return
        if self._earlier_card_arriving(track):
            view.pending.append(track)  # the defence goes first: it may bring P3's rank
            return
        self._add_to_bout(track, out)

    def _index_on_a_covered_attack(self, track: CardTrack) -> Placement | None:
        """An index read alone inside an unbeaten attack card's box as read now, but outside
        where that card was placed, its box grown since (`_covered_unseen`: a card laid on it,
        the two read as one): the corner of that card's defence, showing at the pair's corner
        (transfer-2p-seed120: Anna's Q♠ on Boris's 10♠, read by its far index only; the card
        guessed round that index reached off the 10♠, and the Q♠, a G8 foul, was asked about
        as Boris's throw-in, which nobody could confirm). None when not so."""
        for pair in self.view.reader.unbeaten:
            lying = self._tracks.get(pair.attack)
            if lying is not None and self._covered_unseen(pair.attack) \
                    and box_holds(lying.box, track.center) \
                    and not box_holds(pair.attack_box, track.center):
                return Placement("defence", (pair.attack,))
        return None

    def _earlier_card_arriving(self, track: CardTrack) -> bool:
        """A card brought in before `track` is still coming to rest (its name flickers between
        look-alikes, a hand hides it) on an unbeaten attack card, or under `track`: it was laid
        first, a defence or the card `track` beats, and `track` waits for it (at most
        `defence_wait`). Judged the other way round, a throw-in of the defence's rank is a P3
        foul, a throw-in on an unbeaten lead a take, and a defence beside the bout a
        question."""
        laid = track.placed_at if track.placed_at is not None else self._time
        if self._time - laid > self.config.defence_wait:
            return False
        reader, extent = self.view.reader, self._extent(track)
        for other in self._unplaced:
            if other is track or other.first_seen > laid or self._own_index_misread(other, track):
                continue
            lies = self._extent(other)
            if reader.classify(lies).kind != "attack" \
                    or overlap(lies, extent) >= reader.min_overlap:
                return True
        return False

    @staticmethod
    def _own_index_misread(other: CardTrack, track: CardTrack) -> bool:
        """`other`, read once, as a look-alike of `track`, centred within `track`'s box (at
        one of its corners, where its index is printed) and never after `track` came to rest
        there: `track`'s own index misread on its way in, no card arriving
        (classic-2p-seed96: Anna's 7♣ thrown in, its far index read 8♣ once a frame before it
        lay still, waited 0.3 s for that 8♣ to come to rest: told 0.53 s after it lay)."""
        return other.readings <= 1 and other.last_seen <= track.rest_since \
            and other.card in look_alikes(track.card) \
            and box_holds(track.box, box_center(other.box))

    def _flush_lead(self, out: list[Emitted]) -> bool:
        """The lead of a bout: one card, or a group (lead_group; round 1/3/5). False when the
        referee refused it."""
        view = self.view
        had_bout = bool(view.reader.cards)
        self._settle_unanswered(out)  # who leads depends on how the last bout closed
        if view.lead_buffer and view.reader.cards and not had_bout:
            # the turn settled was a lead, laid before these: they are played on its bout
            # (dummy-3p-seed76, unanswered: Vera's K♥ on Boris's 8♥, laid while the 8♥ waited
            # on a question, was told as her lead, a P5 foul)
            tracks, view.lead_buffer = view.lead_buffer, []
            for track in tracks:
                self._play_card(track, out)
            return True
        if view.lead_buffer and not view.reader.cards:
            # ... and so do the plays of that bout still asked about: the referee judges in
            # order (classic-2p-seed84, unanswered: Anna's J♦ lead read Q♦, asked; the bout,
            # taken, was settled only after her next lead was told, and refused: 8 false fouls)
            self._settle_doubts(out, asked_before=min(t.first_seen for t in view.lead_buffer))
        if view.lead_buffer:
            self._out_player_plays_on(view.lead_buffer[0])
        tracks, later = self._split_lead(view.lead_buffer)
        view.lead_buffer = []
        event, commit, doubt, doubt_ru, others = self._lead_event(tracks)
        if event["player"] == DUMMY and self._snapshot().get("table"):
            # the dummy never leads (D3): its card laid while the referee's bout is still
            # open is thrown in on that bout, whose cards the camera lost (dummy-2p-seed73:
            # Boris's J♠ laid square over the 8♠, read a frame at a time; the dummy's J♦
            # then taken for a lead, a false P5)
            for track in [*tracks, *later]:
                self._add_to_bout(track, out)
            return True
        if view.open_lead is not None:  # round: it grew from a lead the referee has
            return self._close_grown_lead(TableEvent(event, self._frame, self._time), commit)
        accepted = self._emit(out, event, commit, event["cards"], doubt=doubt,
                              doubt_ru=doubt_ru, alternatives=[{**event, "player": n}
                                                               for n in others] if doubt else None)
        for track in later:
            self._play_card(track, out)
        return accepted

    def _split_lead(self, tracks: list[CardTrack]) -> tuple[list[CardTrack], list[CardTrack]]:
        """The lead's cards, and those that came to rest with them but were clearly brought
        in from another seat than the player expected to lead (a lead read late, and the
        defender's transfer beside it: two acts, not one lead of two cards). Those are
        played after the lead. Where none of the cards is the expected leader's (a lead out
        of turn), or nobody is expected, all of them lead."""
        leader = self.view.leader or self._snapshot().get("attacker")
        if len(tracks) < 2 or leader is None or self.variant == "round":
            return tracks, []
        leads = [not clear or seen == leader for seen, clear in
                 (self._direction_choice(track, self._seated) for track in tracks)]
        if all(leads) or not any(leads):
            return tracks, []
        return ([track for track, led in zip(tracks, leads, strict=True) if led],
                [track for track, led in zip(tracks, leads, strict=True) if not led])

    def _lead_event(self, tracks: list[CardTrack]
                    ) -> tuple[dict, Callable[[], None], str | None, str | None, list[str]]:
        """The attack these cards make, what taking it in does to the model, and why it is in
        doubt (with the other players it may have come from)."""
        view = self.view
        expected = view.leader or self._snapshot().get("attacker")
        player, others = self._who_played(expected, tracks[0], self._seated)
        event = {"type": "attack", "player": player, "cards": [t.card for t in tracks]}

        def commit() -> None:
            self._led(player, tracks)

        doubt, doubt_ru = self._low_confidence(min(tracks, key=lambda t: t.confidence))
        if doubt is None and expected is None and others:
            doubt, doubt_ru = "who led is not clear", "непонятно, кто ходил"
        return event, commit, doubt, doubt_ru, others

    def _led(self, player: str, tracks: list[CardTrack]) -> None:
        """The model takes in `player`'s lead of these cards: he leads, the next seat
        defends, the bout begins with them."""
        view = self.view
        view.leader, view.took, view.trump_track = player, False, None
        view.defender = self._next_seat(player)
        for track in tracks:
            view.reader.add_attack(track.card, track.box, lead=True)

    def _layout_complete(self) -> bool:
        """A layout deal is read once all its cards lie still (round: 8 + the centre trump,
        cross: one per player, or all but one read only on its way in; round with one table
        card unread: once the centre trump, laid last, lies still), or after a long quiet if a
        card is missing (round's eight table cards round an empty centre: a longer one, the
        trump is still to come)."""
        view = self.view
        quiet = self._time - max(t.placed_at or 0.0 for t in view.layout)
        expected = 9 if self.variant == "round" else len(self._persons)
        eight = self.variant == "round" and len(view.layout) == expected - 1
        complete = len(view.layout) >= expected or (eight and self._centre_laid_last()) \
            or self._faceup_lost_on_its_way() is not None
        if complete:
            return quiet >= self.config.settle_window
        return quiet >= (self.config.centre_wait if eight and self._centre_empty()
                         else self.config.layout_timeout)

    @property
    def _seated(self) -> list[str]:
        """Everyone who may be seen playing a card (the camera reports, the referee judges)."""
        return [n for n in self.seat_names if n not in self._out()]

    def _add_to_bout(self, track: CardTrack, out: list[Emitted]) -> None:
        """A new card beside the bout's cards: a transfer (P8) or a throw-in (P3, D5)."""
        view = self.view
        self._out_player_plays_on(track)
        defender = view.defender
        seen, clear = self._direction_choice(track, self._seated)
        if clear and seen == defender and defender is not None:
            self._defender_adds(track, out)
            return
        throwers = [n for n in self._seated if n != defender]
        if not throwers:   # nobody but the defender holds cards (G9): his card, if anyone's
            if defender is not None:
                self._defender_adds(track, out)
            return
        thrower, _ = self._who_played(view.leader, track, throwers)
        throw_in = {"type": "throw_in", "player": thrower, "cards": [track.card]}
        # asked about, it may have come from any other thrower (a hand's way is misread too)
        alternatives = [{**throw_in, "player": n} for n in throwers if n != thrower]
        doubt, doubt_ru = self._low_confidence(track)
        if self._could_transfer(track):
            transfer = {"type": "transfer", "player": defender, "cards": [track.card]}
            seen, clear = self._direction_choice(track, [defender, *throwers])
            # without early throw-ins a throw-in now would be illegal: the legal reading wins
            if (clear and seen == defender) or not (clear or self.options.get("early_throw_in")):
                self._emit(out, transfer, lambda: self._commit_transfer(track), [track.card],
                           doubt=doubt, doubt_ru=doubt_ru, alternatives=[throw_in])
                return
            if not clear:
                doubt = doubt or "a transfer or a throw-in"
                doubt_ru = doubt_ru or "перевод или подкидывание"
            alternatives = [transfer, *alternatives]
        if self._implies_take() and (doubt is None or not self._could_transfer(track)):
            # P3: nobody may throw in while a lead card is unbeaten unless the defender said
            # "I take" (the camera cannot hear it): a card added now means he took, whichever
            # card it is (a doubt about its name is no doubt about the take; a possible
            # transfer is)
            if self._ask_before_throw_in(out):
                view.pending.append(track)  # it waits for the answer
                return
            self._emit(out, {"type": "take", "player": defender}, self._take_guessed, [])
        told = self._emit(out, throw_in, lambda: view.reader.add_attack(track.card, track.box),
                          [track.card], doubt=doubt, doubt_ru=doubt_ru,
                          alternatives=alternatives)
        if told and not self._direction_choice(track, throwers)[1]:
            self._remember_guessed_throw(throw_in, [n for n in throwers if n != thrower])

    def _defender_adds(self, track: CardTrack, out: list[Emitted]) -> None:
        """The defender clearly laid a card beside the bout: a transfer if it can look like one
        (legal or not, the referee judges); a lead after a take if it beats nothing there; else
        most likely a defence laid askew: ask which."""
        view = self.view
        if self._pending_under(track):
            # it lies on a card that waited for it (taken for the defence it beats, as the
            # card seen first): that card was laid first and is read first, this one on it
            view.pending.append(track)
            self._resolve_pending(out)
            return
        defender = view.defender
        doubt, doubt_ru = self._low_confidence(track)
        trump = view.trump[-1] if view.trump else None
        can_beat = any(beats(track.card, pair.attack, trump) for pair in view.reader.unbeaten)
        if not view.took and not self._referee_took_this_bout() and doubt is None and \
                view.reader.unbeaten and not can_beat and \
                self.variant in ("classic", "transfer", "dummy") and \
                rank_of(track.card) not in {rank_of(c) for c in view.reader.attacks} and \
                self._may_hold(defender, track.card):
            # a card that beats nothing there is no defence laid askew: he gave up (a take
            # the camera could not hear) and now leads, out of turn (the referee judges). Not
            # a card he cannot hold (known elsewhere): a defence misread (transfer-2p-seed62:
            # Anna's 8♦ on the 6♦ read 8♥, discarded before, was told as a take and a lead)
            self._emit(out, {"type": "take", "player": defender},
                       lambda: setattr(view, "took", True), [])
        if view.took or self._referee_took_this_bout():
            # he took: the bout is over for him even if its cards still lie there, so his card
            # leads the next bout (out of turn or not: the referee judges)
            bout = (view.leader, view.defender, view.took, list(view.reader.pairs),
                    set(view.reader.ignored))
            self._close_bout(took=True, still_there=True)
            view.lead_buffer.append(track)
            if not self._flush_lead(out):  # refused: the bout goes on as the referee has it
                view.leader, view.defender, view.took, view.reader.pairs, view.reader.ignored = bout
                view.reader.ignored.add(track.card)
            return
        transfer = {"type": "transfer", "player": defender, "cards": [track.card]}
        # a card of the attack's rank from the defender is what a transfer looks like, in
        # every variant and at any time: where it is not allowed the referee calls a P8 foul.
        # Unless it can beat an attack card there (a trump of that rank) where transfers are
        # not played: a defence laid askew or a transfer (a foul there), asked about below
        same_rank = rank_of(track.card) in {rank_of(c) for c in view.reader.attacks}
        if same_rank and (self.variant == "transfer" or not can_beat):
            self._emit(out, transfer, lambda: self._commit_transfer(track), [track.card],
                       doubt=doubt, doubt_ru=doubt_ru)
            return
        candidates = [{"type": "defend", "player": defender, "card": track.card,
                       "on": pair.attack} for pair in view.reader.unbeaten]
        candidates.append({"type": "throw_in", "player": defender, "cards": [track.card]})
        if same_rank:
            candidates.append(transfer)
        text = f"{defender} laid {card_text(track.card)} beside the cards: which does it beat"
        text_ru = f"{defender} положил {card_text(track.card, True)} рядом: какую карту он бьёт"
        text, text_ru = f"{text}?", f"{text_ru}?"
        missed = [] if view.reader.unbeaten else self._missed_throw_ins_under(track, defender)
        if missed:
            text += " Or a card thrown in that the camera missed: which?"
            text_ru += " Или подкинутую карту, которую камера не увидела: какую?"
        question = Question(text, text_ru, (*candidates, *missed), self._frame, self._time,
                            (track.card,), offered_only=len(missed))
        out.append(question)
        self._laid_beside.append(question)
        view.reader.ignored.add(track.card)

    def _may_hold(self, player: str | None, card: str) -> bool:
        """The referee may have `card` in `player`'s hand (not known elsewhere); without a
        referee (an empty snapshot), any card."""
        return card in unaccounted(self._snapshot(), (), player)

    def _pending_under(self, track: CardTrack) -> bool:
        """A card waiting in `pending` lies under `track` (it waited for `track`, which was
        read first: see `_earlier_card_arriving`)."""
        extent, min_overlap = self._extent(track), self.view.reader.min_overlap
        return any(other is not track and other.card in self._tracks
                   and overlap(extent, other.box) >= min_overlap for other in self.view.pending)

    def _take_guessed(self) -> None:
        """The take the camera inferred from a throw-in on an unbeaten lead (it cannot hear
        "I take"): a defence read later shows the lead was beaten after all (`_revise_take`)."""
        self.view.took = self.view.take_guessed = True

    def _implies_take(self) -> bool:
        view = self.view
        return (self.variant in ("classic", "transfer", "dummy")
                and not self.options.get("early_throw_in") and view.reader.lead_unbeaten
                and not view.took and not self._referee_took_this_bout())

    def _could_transfer(self, track: CardTrack) -> bool:
        """P8: before any defence, a card of the attack's rank may be the defender's transfer."""
        view = self.view
        return (self.variant == "transfer" and not view.reader.any_defence and not view.took
                and view.defender is not None
                and rank_of(track.card) in {rank_of(c) for c in view.reader.attacks})

    def _commit_transfer(self, track: CardTrack) -> None:
        view = self.view
        view.reader.add_attack(track.card, track.box, lead=True)
        view.defender = self._next_seat(view.defender)

    def _defend(self, track: CardTrack, on: tuple[str, ...], out: list[Emitted]) -> None:
        """A card laid over unbeaten attack card(s): a defence, or in cross a pass-on (C7)."""
        view = self.view
        # the defender, unless the card clearly came from someone else, seen coming a card's
        # length at least (the referee judges)
        defender, _ = self._who_played(view.defender, track, self._seated)
        if view.defender is not None and self._path(track) < self.config.defence_path:
            defender = view.defender
        target = on[0]
        if defender == view.leader != view.defender and self.variant in SWEPT_TO_DISCARD \
                and self._attack_read_again(track, target):
            view.reader.ignored.add(track.card)
            return
        if self.variant == "cross" and not beats(track.card, target, "D", cross=True):
            def commit_pass_on() -> None:
                view.reader.remove(target)  # the defender takes the card he could not beat
                view.reader.add_attack(track.card, track.box)
                view.defender = self._next_seat(defender)
                view.passed_on = (pass_on, target)

            doubt, doubt_ru = self._low_confidence(track)
            # in doubt, the card may be a look-alike that beats the card it lies on
            # (cross-3p-seed31: a 9♣ on the 8♣ read 9♠, a pass-on of a card on Boris's pile)
            beating = [{"type": "defend", "player": defender, "card": other, "on": target}
                       for other in look_alikes_by_colour(track.card)
                       if beats(other, target, "D", cross=True)]
            other = look_alikes_by_colour(track.card)[0]   # the other suit of its colour
            if doubt is None and suit_of(track.card) in "SC" and self.players_answer \
                    and self.black_suits_swapped_here() \
                    and beats(other, target, "D", cross=True) and self._may_hold(defender, other):
                # a design read with its black suits swapped: a black card that cannot beat
                # may be the other black suit, which does (cross-3p-seed109: Anna's 8♣ on the
                # 7♣, read 8♠, a pass-on; the bout went astray and 100 s were lost). Asked
                # where the players answer: unanswered, a guess would settle it, no better
                # than the reading (cross-2p-seed110: recall 0.62 -> 0.38)
                doubt = f"{card_text(track.card)} or {card_text(other)}?"
                doubt_ru = f"{card_text(track.card, True)} или {card_text(other, True)}?"
            pass_on = {"type": "pass_on", "player": defender, "card": track.card}
            self._emit(out, pass_on, commit_pass_on, [track.card], doubt=doubt, doubt_ru=doubt_ru,
                       offered=beating)
            return
        events = [{"type": "defend", "player": defender, "card": track.card, "on": card}
                  for card in on]
        doubt, doubt_ru = self._low_confidence(track)
        if doubt is None and len(on) > 1:
            doubt = f"which card does {card_text(track.card)} beat"
            doubt_ru = f"какую карту бьёт {card_text(track.card, True)}"
        self._emit(out, events[0], lambda: view.reader.add_defence(track.card, track.box, target),
                   [track.card], doubt=doubt, doubt_ru=doubt_ru, alternatives=events[1:])

    def _gone(self, gone: set[str], on_table: set[str], out: list[Emitted]) -> None:
        view = self.view
        if {view.trump, view.trump_read_as} & gone:
            view.trump_on_table = False  # drawn as the last card, or taken (round R3)
        view.reader.ignored -= gone
        for card in gone & set(view.open_table):
            del view.open_table[card]
        self._end_opening_if_empty()
        for card in sorted(gone):
            self._defence_withdrawn(card) or self._pass_on_withdrawn(card) \
                or self._throw_in_withdrawn(card)
        bout = self._bout_played()
        if not bout or (any(card in on_table for card in bout)
                        and not self._swept_with_the_rest(bout, on_table)):
            return  # nothing on the table yet, or still being swept
        self._bout_cleared(out)

    def _bout_played(self) -> list[str]:
        """The bout's cards but those still asked about (`doubtful`) that were never seen
        coming in (`_came_in`) and lie apart from the rest, on none of them: a reading of
        something lying there, not a card played into the bout, keeps the bout on the table
        neither as its cards go nor as the next card comes (transfer-3p-seed121, unanswered:
        the face-down discard pile's edges read K♥ as Vera's take was swept off, asked about
        as Boris's throw-in; the bout stayed for the camera while the K♥ flickered there,
        Anna's next lead was taken for a throw-in into it, and seven false fouls followed;
        classic-3p-seed97 so too). A card laid unseen on a bout card is one of the bout."""
        view = self.view
        cards = view.reader.cards
        return [card for card in cards if not self._read_apart(card, cards)]

    def _read_apart(self, card: str, bout: list[str]) -> bool:
        """`card`, asked about and never seen coming in, lies on no other card of `bout`."""
        track = self._tracks.get(card)
        return card in self.view.doubtful and track is not None and not self._came_in(track) \
            and not any(overlap(track.box, other.box) > 0 for code in bout if code != card
                        and (other := self._last_tracks.get(code)) is not None)

    def _defence_withdrawn(self, card: str) -> bool:
        """A defence carried off alone towards its defender, the card it beat still on the
        table, was taken back: it leaves the referee's log (`revise` with nothing in its place)
        and that card is unbeaten again (cross-3p-seed50: Anna covered the 8♠ with the Q♦ to
        pass it on, a C7 foul as she could beat it; she took the Q♦ back and beat the 8♠ with
        the J♠. Told as a defence, the Q♦ went to the discard pile for the referee, which
        later called it out of there, G8, and the J♠ was never told)."""
        view = self.view
        pair = view.reader.pair_of(card)
        defender = self._snapshot().get("defender") or view.defender
        if pair is None or pair.defence != card or self.revise is None \
                or not self._taken_back_alone(card, defender):
            return False
        defence = {"type": "defend", "player": defender, "card": card, "on": pair.attack}
        if not self._passed_on_against_the_rules(defence) and not self.revise(defence, None):
            return False
        view.reader.remove(card)
        return True

    def _throw_in_withdrawn(self, card: str) -> bool:
        """A throw-in the referee accepted, unbeaten, carried off alone towards a seat while
        the rest of the bout lies where it lay, was taken back: the players refused it. Carried
        to another seat than its player's as told, it was that seat's: told in its place, the
        foul the referee says (a dummy's throw-in against its controller, D5, read as its
        neighbour's); else it leaves the log (dummy-3p-seed87: the dummy's 7♠ thrown in, told
        as Vera's, was taken back; swept with the bout for the camera, it was asked about as
        unbeaten, "none" was a take, and 17 false fouls followed)."""
        view = self.view
        pair = view.reader.pair_of(card)
        if pair is None or pair.attack != card or pair.lead or pair.defence is not None \
                or self.revise is None:
            return False
        to = [seat for seat in self.seat_names if self._taken_back_alone(card, seat)]
        if len(to) != 1:
            return False
        for player in self.seat_names:
            told = {"type": "throw_in", "player": player, "cards": [card]}
            if player != to[0] and self.revise(
                    told, TableEvent({**told, "player": to[0]}, self._frame, self._time),
                    foul_in_its_place=True) or self.revise(told, None):
                view.reader.remove(card)
                return True
        return False

    def _pass_on_withdrawn(self, card: str) -> bool:
        """C7: a pass-on carried off alone towards its player while the card it covered still
        lies where it lay was taken back: the players refused it. A card that beats is no
        pass-on and a legal pass-on is not refused, so he laid it to beat that card: a
        defence that does not beat (C5), the foul told in the pass-on's place, and the card
        is unbeaten again, his to beat (cross-2p-seed64: Boris's 6♦ laid on the A♦, told as a
        pass-on, taken back and laid again; the bout went on as if passed on, a discard
        nobody made, a foul missed and three false fouls)."""
        view = self.view
        if view.passed_on is None or self.revise is None or view.reader.cards != [card]:
            return False
        pass_on, covered = view.passed_on
        lying = self._tracks.get(covered)
        if pass_on["card"] != card or lying is None \
                or not self._taken_back_alone(card, pass_on["player"], staying=[covered]):
            return False
        defence = {"type": "defend", "player": pass_on["player"], "card": card, "on": covered}
        if not self.revise(pass_on, TableEvent(defence, self._frame, self._time),
                           foul_in_its_place=True):
            return False
        view.reader.remove(card)
        view.reader.add_attack(covered, lying.box, lead=True)
        view.defender, view.passed_on = pass_on["player"], None
        return True

    def _passed_on_against_the_rules(self, defence: dict) -> bool:
        """In cross a card laid over an unbeaten card is a defence or a pass-on, told apart
        only by what comes next. A defence the referee accepted, taken back off the card it
        beat, was refused by the players: a pass-on by a defender able to beat (C7), the
        foul told in the defence's place when the referee refuses it too (cross-3p-seed50:
        Anna's Q♦ on the 8♠, trumps beating it, taken back, the 8♠ then beaten by the J♠)."""
        if self.variant != "cross":
            return False
        attempt = {"type": "pass_on", "player": defence["player"], "card": defence["card"]}
        return self.revise(defence, TableEvent(attempt, self._frame, self._time),
                           foul_in_its_place=True)

    def _swept_with_the_rest(self, bout: list[str], on_table: set[str]) -> bool:
        """A card of the bout has left (seen carried off: gone at once) and those still
        counted on the table have not been seen since the sweep began (the sweeping hand hid
        them): they went too. (classic-3p-seed38: two of a bout of five seen carried to the
        taker; the next lead, taken by its defender before the other three were gone, was
        never told.) An attack card whose defence left counts as unseen only from the
        defence's last sighting, carried off too: till then that card covered it
        (dummy-3p-seed54: Vera took her Q♣ back off the 7♠, read only by a sliver under it;
        1 s after the Q♣ lay still last, the 7♠ counted as swept, 0.1 s before it was read
        again)."""
        left = [card for card in bout if card not in on_table]
        on_the_cloth = self._bout_cards_on_the_cloth()
        # (one moved onto the cloth left the bout when it came to rest there)
        uncovered = {pair.attack: track.rest_since if pair.defence in on_the_cloth
                     else track.last_sighting for pair in self.view.reader.pairs
                     if pair.defence in left
                     and (track := self._last_tracks.get(pair.defence)) is not None}
        hidden = [self._tracks[card] for card in bout if card in on_table]
        return bool(left) and all(
            track.state is TrackState.HIDDEN
            and self._time - max(track.last_seen, uncovered.get(track.card, track.last_seen))
            >= self.config.swept_after for track in hidden)

    def _on_hidden_bout(self, track: CardTrack) -> bool:
        """A card comes while every card of the bout has been unseen for `swept_after`
        seconds: either they were swept away (and the tracker has not given up on them yet) or
        a hand still covers them. Which one shows when they come back or go; until then the card
        waits in `pending` (a wrong guess here would be a wrong event, waiting only costs time).
        A bout card still read after this card came into view, which lies on it, went unseen
        as this card covered it, not swept (classic-2p-seed65: Boris's 8♦, slow to come to rest
        as it was read by turns at its place and the 6♦'s under it, hid the 6♦ wholly;
        pending, it was taken for Boris's next lead after a take nobody made)."""
        bout = [self._tracks.get(card) for card in self._bout_played()]
        return bool(bout) and not self._covered_as_it_came(track, bout) and all(
            t is None or self._time - self._last_read(t) >= self.config.swept_after
            for t in bout)

    def _covered_as_it_came(self, track: CardTrack, bout: list[CardTrack | None]) -> bool:
        """A card of the bout was last read after `track` was first read, and `track` lies on
        it: hidden by `track` as it was laid."""
        return any(t is not None and t.last_seen >= track.first_seen
                   and overlap(self._extent(track), t.box) >= self.view.reader.min_overlap
                   for t in bout)

    def _laid_where_the_bout_was(self, track: CardTrack) -> bool:
        """The card came in after every card of the bout had been unseen for `swept_after`
        and lies on one of them: a card is not laid on a card a hand still covers, so the
        bout was swept off unseen (a defence hides its attack card only once it is laid).
        (So the bout is hidden: `_on_hidden_bout` holds too.)"""
        bout = [self._tracks.get(card) for card in self._bout_played()]
        return all(t is None or track.first_seen - self._last_read(t) >= self.config.swept_after
                   for t in bout) and any(
            t is not None and overlap(self._extent(track), t.box) >= self.view.reader.min_overlap
            for t in bout)

    def _last_read(self, track: CardTrack) -> float:
        """When the card was last read where it lies: by its own code, or by a look-alike's
        first read right there (`_at_its_place`, never brought in), which is that card misread,
        not a hand over it (transfer-3p-seed99: Anna's Q♠ lead, once her refused Q♣ was taken
        back off it, read only as Q♣ now and then for 3 s; Boris's 10♣ laid on it was taken
        for the next lead after a take nobody made, the bout counted swept unseen: 8 false
        fouls after). A look-alike brought in is a card laid there (cross-3p-seed99: the 6♣ led
        where the 6♠ lay, swept unseen)."""
        times = [track.last_seen]
        for card in look_alikes(track.card):
            other = self._tracks.get(card)
            if other is not None and not self._came_in(other) \
                    and self._at_its_place(other, track.center):
                times.append(other.last_seen)
        return max(times)

    def _resolve_pending(self, out: list[Emitted]) -> None:
        """The cards laid on a bout out of sight are played, oldest first, where they can be
        now. Not again while they are (a card laid on one that must still wait goes back to
        wait with it, for a later frame: classic-2p-seed89, read at a shorter `place_after`,
        played it, found it waiting on that card, and played it again, endlessly)."""
        view = self.view
        if view.resolving or self._awaiting_answer(out):
            return
        view.resolving = True
        try:
            for track in list(view.pending):
                if track not in view.pending:
                    continue  # played meanwhile (a card laid on it had it played first)
                if track.card not in self._tracks:
                    view.pending.remove(track)  # it left again before anything was decided
                elif not self._on_hidden_bout(track) or self._laid_where_the_bout_was(track):
                    view.pending.remove(track)
                    self._play_card(track, out)
        finally:
            view.resolving = False

    def _bout_card_read_again(self, track: CardTrack) -> bool:
        """`track` came in with a look-alike that lies in the bout (first read at about the
        same moment: one hand brought them) and comes to rest on that card's pile: one card read
        two ways on its way in, the other name now read where it lies (by a corner of it
        peeping out under its defence), not a second card laid on the pile (dummy-3p-seed31:
        a J♣ read J♠ as it was led, then J♣ on its A♣ defence: a throw-in that left the
        bout unbeaten, a take nobody made, and every later turn out of step). Two cards of one
        hand lie side by side, not on each other. Or `track`, never brought in, was first read
        right where that card lies (`_at_its_place`), which is still read since: that card
        read two ways where it lies, by turns (cross-3p-seed62: Anna's A♠ passed on, read A♣
        now and then once the K♥ under it was taken; told as Boris passing the A♣ on, and,
        unanswered, every later bout out of step). A card laid on another is brought in, and
        covers it."""
        extent, min_overlap = self._extent(track), self.view.reader.min_overlap
        for pair in self.view.reader.pairs:
            for card, box in ((pair.attack, pair.attack_box), (pair.defence, pair.defence_box)):
                other = self._tracks.get(card) if card in look_alikes(track.card) else None
                if other is None or overlap(extent, box) < min_overlap:
                    continue
                if self._came_together(track, other) or (
                        not self._came_in(track) and other.last_seen >= track.first_seen
                        and self._at_its_place(track, other.center)):
                    return True
        return False

    def _attack_read_again(self, track: CardTrack, target: str) -> bool:
        """A card brought in by the bout's leader comes to rest right where the
        attack card it lies on lies (both read whole, their centres within `same_place` of a
        card's size), a look-alike of it: that attack card read two ways as it was laid (by
        its box as one code, by its index as the other), not a defence by its own player
        (transfer-2p-seed18, dummy-2p-seed29: false P2 fouls). A defender's card may lie
        right on it (a round 10C on the 10H), so only where the leader is clear: not in round,
        whose leads of several cards often leave who led a question."""
        lying = self._tracks.get(target)
        return lying is not None and target in look_alikes(track.card) \
            and not self._index_only(lying) and not self._index_only(track) \
            and self._at_its_place(track, lying.center)

    def _bout_cleared(self, out: list[Emitted]) -> None:
        """The bout's cards left the table: a discard if every attack card was beaten, else
        the defender took them."""
        view = self.view
        self._forget_readings_swept_along()
        self._bout_cards_swept_unseen()
        self._settle_unanswered(out)  # a take asked about before a throw-in: now or never
        took = view.took or self._referee_took_this_bout()
        beaten = view.reader.all_beaten and not took
        if view.phase == "finished":
            view.reader.clear()  # the game is over: its last cards need no event
            return
        if took:
            self._close_bout(took=True)  # the take was said (inferred or entered): it just closes
            return
        if not beaten and self._lead_withdrawn():
            view.reader.clear()
            return
        if self._ask_after_sweep(out, beaten):
            return
        event = {"type": "discard"} if beaten else {"type": "take", "player": view.defender}
        cards = view.reader.cards
        closed = self._closed_as_the_referee_can(out, beaten)
        if closed is None:
            closed = self._emit(out, event, lambda: self._close_bout(took=not beaten), [])
        if not closed and not self._ask_missed_defence(out):
            # the cards are gone but the referee's bout is not: the camera missed something
            # (a defence, a pass-on); only the players can say what, or every later card would
            # be judged against a table that is no longer there (with one unbeaten card the
            # question above named the cards that beat it)
            shown, shown_ru = cards_text(cards), cards_text(cards, russian=True)
            out.append(Question(f"The table ({shown}) was cleared, but the referee cannot close "
                                "the bout: what was missed?",
                                f"Со стола убрали {shown_ru}, но судья не может закрыть кон: "
                                "что пропущено?", (), self._frame, self._time, tuple(cards)))
        view.reader.clear()  # even when refused: the cards are gone all the same

    def _forget_readings_swept_along(self) -> None:
        """A refused card, or one still asked about, out of sight, that lay on the bout's cards
        left with them: the tracker forgets it, so that its code read again is a new card, and
        a question about it is settled now, its card gone (dummy-3p-seed85: Anna's K♠ defence,
        read K♣ for a while, was asked as Vera's throw-in; the bout went off with the K♣
        reading still hidden, and the K♣ Anna led next was taken for it, still lying there:
        never told, and the defence on it was Boris's lead, 13 false fouls after)."""
        view = self.view
        bout = [self._last_tracks[card].box for card in view.reader.cards
                if card in self._last_tracks]
        for card in sorted(view.reader.ignored | view.doubtful):
            track = self._tracks.get(card)
            if track is not None and track.state is TrackState.HIDDEN \
                    and any(overlap(track.box, box) > 0.5 for box in bout):
                self._forget_out_of_sight(card)

    def _bout_cards_swept_unseen(self) -> None:
        """The bout's cards the tracker still has lying out of sight (a sweeping hand hid them,
        `_swept_with_the_rest`) left with the rest (`swept_unseen`: `CardTracker.swept`), so
        that nothing read where they lay is taken for their corners showing under a card laid
        there next (cross-3p-seed111: Anna's J♥ lead, hidden by her hand as she laid it where
        the swept 7♣ had lain, was read there once by its index beside Boris's A♥ laid on it,
        and taken for the 7♣'s corner)."""
        for card in self.view.reader.cards:
            track = self._tracks.get(card)
            if track is not None and track.state is TrackState.HIDDEN:
                self.swept_unseen.append(card)

    def _referee_took_this_bout(self) -> bool:
        """The referee has a take declared on the bout the follower has (a card of it on the
        referee's table): entered by the players, say. Not a take of the bout before, while
        this one's readings still wait for an answer (classic-3p-seed54: Vera's take told, the
        next lead asked about; that bout's discard was taken for her take, never told, and
        the referee's bout stayed open: every later card a P5 foul)."""
        snapshot = self._snapshot()
        bout = set(self.view.reader.cards)
        return bool(snapshot.get("took")) and any(
            pair.get("attack") in bout for pair in snapshot.get("table") or ())

    def _lead_withdrawn(self) -> bool:
        """A lead nobody beat, carried back towards its leader, with a card the referee refused
        as laid with it (within `lead_with_refused` seconds of the lead coming to rest): he took
        back an attack the rules refuse whole (two cards where one is allowed, C6), read as a
        legal lead and a refused throw-in. The referee's lead is revised into that attack,
        refused (a foul in its place: `revise` with may_refuse), so the next lead is judged
        against an empty table. With no card refused, a lead carried back to its leader and
        away from the defender was taken back all the same (a foul the referee could not
        see, a card misread before): it leaves the referee's log (`revise` with nothing in
        its place)."""
        view = self.view
        leader = view.leader
        if self.revise is None or leader is None or not view.reader.pairs \
                or any(pair.defence is not None for pair in view.reader.pairs):
            return False
        leads = [pair.attack for pair in view.reader.pairs if pair.lead]
        first = [self._last_tracks.get(card) for card in leads]
        if not leads or any(track is None or track.placed_at is None for track in first):
            return False
        laid_at = max(track.placed_at for track in first)
        refused = sorted(card for card, at in view.refused_at.items() if card not in leads
                         and 0 <= at - laid_at <= self.config.lead_with_refused)
        if self._swept_towards(leader) is not True:
            return False
        wrong = {"type": "attack", "player": leader, "cards": leads}
        if not refused:
            defender = self._snapshot().get("defender") or view.defender
            return defender is not None and self._swept_towards(defender) is False \
                and self.revise(wrong, None)
        right = {**wrong, "cards": [*leads, *refused]}
        return self.revise(wrong, TableEvent(right, self._frame, self._time), may_refuse=True)

    def _closed_as_the_referee_can(self, out: list[Emitted], beaten: bool) -> bool | None:
        """The bout's cards are gone, so it closed: a discard if every attack card was beaten
        (as the follower saw it), else a take. A defence the camera missed or misread makes
        that guess wrong while the referee, which holds every card it accepted, can close the
        bout only the other way: the cards are gone all the same, so it closed that way. Tried
        with the referee (no refusal kept: the camera's doubt, not a foul) only while no
        question is open; False when the referee accepts neither, None when not tried."""
        if self.judge is None or self.view.doubtful:
            return None
        defender = self._snapshot().get("defender") or self.view.defender
        take = {"type": "take", "player": defender}
        for event in ({"type": "discard"}, take) if beaten else (take, {"type": "discard"}):
            table_event = TableEvent(event, self._frame, self._time)
            if self.judge(table_event, record_refusal=False):
                self._close_bout(took=event is take)
                out.append(table_event)
                return True
        return False

    def _close_bout(self, *, took: bool, still_there: bool = False) -> None:
        """P7 and C6/C7: after a discard the defender leads; after a take his left neighbour
        (R7: in round the defender leads after a take too). With `still_there`, the bout's cards
        still lie on the table but are no longer the bout's: ignored until they go."""
        view = self.view
        defender = view.defender
        if defender is not None:
            view.leader = self._next_seat(defender) if took and self.variant != "round" \
                else defender
        view.last_take = None
        if not took and self.variant in SWEPT_TO_DISCARD:
            self._learn_discard_way(defender)
        if took and defender is not None and self._swept_towards(defender) is not True:
            # a take the camera guessed (the cards were not seen going to him): a missed
            # defence may show in his next lead (`MissedTurns._ask_missed_beating`)
            view.last_take = (defender, tuple(pair.attack for pair in view.reader.unbeaten),
                              tuple(view.reader.cards))
        if still_there:
            view.reader.ignored.update(view.reader.cards)
        view.reader.clear()
        view.defender, view.took, view.take_guessed = None, False, False
        view.closed_at = self._time
