"""The layout phases: how the game starts on the table before the bouts.

Classic deals show only the turned trump. Round durak lays eight cards and the centre trump
(R1), then each player draws and beats a table card or lays his card beside them (R2-R4); cross
durak gives each player a face-up pile (C1) and the stock is placed card by card on the piles (C3).
Cards are given to seats by where they lie and by whose turn it is.
"""

from __future__ import annotations

import itertools

import numpy as np

from vision.cross_piles import goes_where_c3_sends
from vision.game_view import DUMMY, Emitted
from vision.swept_bout import beats_in_game, deck_by_rank, unaccounted
from vision.table_events import Question, TableEvent, card_text, with_card
from vision.table_reader import (
    beats,
    look_alikes,
    look_alikes_by_colour,
    overlap,
    rank_value,
)
from vision.tracking import CardTrack, box_center
from vision.unanswered_doubts import UnansweredDoubts

CENTRE_WITHIN = 0.8  # the centre trump lies this much nearer the middle than the ring's cards
TRUMP_AFTER = 0.5    # s: ... and comes to rest this long after the last of them at least
DEAL_READINGS = 64  # a layout deal's readings offered with its unsure cards renamed


class LayoutPhases(UnansweredDoubts):
    """The deal, round's opening and cross's placing, as `GameFollower` steps."""

    def _deal_card_seen(self, track: CardTrack, out: list[Emitted]) -> None:
        view = self.view
        if self.variant in ("round", "cross"):
            if not self._layout_card_read_again(track):
                view.layout.append(track)  # read the whole layout once it settles (_flush_due)
            return

        def commit() -> None:
            view.trump, view.trump_on_table, view.phase = track.card, True, "play"
            view.trump_box, view.trump_track = track.box.copy(), track  # the first bout checks it

        self._emit(out, {"type": "deal"}, lambda: None, [])
        doubt, doubt_ru = self._low_confidence(track)
        self._emit(out, {"type": "trump", "card": track.card}, commit, [track.card],
                   doubt=doubt, doubt_ru=doubt_ru)

    def _layout_card_read_again(self, track: CardTrack) -> bool:
        """A layout card lies where `track` lies (`_at_its_place`), read as its look-alike:
        the same card (nobody lays a card on a layout card while dealing)."""
        return any(laid.card in look_alikes(track.card) and self._at_its_place(track, laid.center)
                   for laid in self.view.layout)

    def _round_centre(self) -> CardTrack:
        """R1: the centre trump, the layout's card nearest its middle."""
        cards = self.view.layout
        middle = np.mean([t.center for t in cards], axis=0)
        return min(cards, key=lambda t: float(np.linalg.norm(t.center - middle)))

    def _centre_laid_last(self) -> bool:
        """The card that came to rest last did so a while after all the others, and lies in
        their middle (the layout's card nearest its middle, inside the ring the others make):
        the centre trump, which R1 lays after the eight table cards, so the layout is complete."""
        cards = self.view.layout
        placed = max(cards, key=lambda t: t.placed_at or 0.0)
        others = [t for t in cards if t is not placed]
        if (placed.placed_at or 0.0) - max(t.placed_at or 0.0 for t in others) < TRUMP_AFTER \
                or placed is not self._round_centre():
            return False
        middle = np.mean([t.center for t in others], axis=0)
        ring = np.median([float(np.linalg.norm(t.center - middle)) for t in others])
        return float(np.linalg.norm(placed.center - middle)) < CENTRE_WITHIN * ring

    def _centre_empty(self) -> bool:
        """No layout card lies in the middle of the others (R1's centre trump not laid yet):
        measured across the box the cards span (the ring is seen at a slant and may have
        gaps), each lies at least `CENTRE_WITHIN` of the way out to its edge."""
        centres = np.array([t.center for t in self.view.layout], dtype=float)
        low, high = centres.min(axis=0), centres.max(axis=0)
        half = np.maximum((high - low) / 2, 1.0)
        reach = np.linalg.norm((centres - (low + high) / 2) / half, axis=1)
        return float(reach.min()) >= CENTRE_WITHIN

    def _read_round_layout(self, out: list[Emitted]) -> None:
        """R1: eight table cards and the centre trump, the card nearest the layout's middle.
        With a table card unread, the question offers the layout with each card it may be."""
        view = self.view
        cards = view.layout
        trump = self._round_centre()
        table = [t for t in cards if t is not trump]

        def commit() -> None:
            view.trump, view.trump_on_table, view.phase = trump.card, True, "opening"
            view.trump_box = trump.box.copy()
            view.open_table = {t.card: t.box.copy() for t in table}
            view.opening_turn = self._next_seat(self.setup["dealer"],
                                                include=lambda n: n != DUMMY)

        counted = (None, None) if len(cards) == 9 else (
            "the layout should have 9 cards", "на столе должно быть 9 карт")
        doubt, doubt_ru = counted if counted[0] else self._first_unsure(table)
        read = [t.card for t in table]
        unread = [card for card in deck_by_rank(int(self.setup.get("deck", 36)))
                  if card not in read and card != trump.card] if len(read) == 7 else []
        self._emit(out, {"type": "deal", "table": read}, lambda: None, read, doubt=doubt,
                   doubt_ru=doubt_ru, alternatives=self._deal_misread({"type": "deal",
                                                                       "table": read}, table),
                   offered=[{"type": "deal", "table": [*read, card]} for card in unread])
        trump_doubt, trump_doubt_ru = counted if counted[0] else self._low_confidence(trump)
        self._emit(out, {"type": "trump", "card": trump.card}, commit, [trump.card],
                   doubt=trump_doubt, doubt_ru=trump_doubt_ru)

    def _read_cross_layout(self, out: list[Emitted]) -> None:
        """C1: one face-up card in front of each player, matched to the seats by distance."""
        view = self.view
        persons = self._persons
        lost = self._faceup_lost_on_its_way()
        cards = [*view.layout, lost] if lost is not None else view.layout
        if len(cards) != len(persons):
            owners = [self.seats.nearest(t.center, persons) for t in cards]
        else:
            owners = min(itertools.permutations(persons), key=lambda perm: sum(
                float(np.linalg.norm(self.seats.point(n) - t.center))
                for n, t in zip(perm, cards, strict=True)))
        faceup = {owner: t.card for owner, t in zip(owners, cards, strict=True)}

        def commit() -> None:
            view.phase, view.faceup_deal = "faceup", {"type": "deal", "faceup": faceup}
            view.pile_tops = {owner: t.box.copy() for owner, t in zip(owners, cards, strict=True)
                              if t is not lost}   # where it lies was never seen
            view.dealt_faceup = set(faceup.values())
            view.stock_left = int(self.setup.get("deck", 36)) - len(cards)
            view.opening_turn = self._cross_first_drawer(faceup)

        doubt, doubt_ru = self._first_unsure(cards) \
            if len(faceup) == len(persons) == len(cards) else (
                "each player should have one face-up card",
                "у каждого игрока должна быть одна открытая карта")
        deal = {"type": "deal", "faceup": faceup}
        self._emit(out, deal, commit, [t.card for t in cards], doubt=doubt, doubt_ru=doubt_ru,
                   alternatives=self._deal_misread(deal, cards))

    def _faceup_lost_on_its_way(self) -> CardTrack | None:
        """C1: the one face-up card the camera read only on its way to its place, never lying
        there: with every other player's face-up card lying still, the one card read coming in
        since the deal began that never came to rest, is no longer followed and is read nowhere
        on the table, last read away from every card of the layout (cross-3p-seed61: Vera's 7♣
        was read only on its way; the layout waited, and was read once Anna's first placing,
        an 8♥ on it, came to rest there, so the deal had the 8♥, the stock one card too many,
        and the placing never ended). None otherwise."""
        view = self.view
        if self.variant != "cross" or not view.layout \
                or len(view.layout) != len(self._persons) - 1:
            return None
        began = min(t.first_seen for t in view.layout)
        following = {t.card for t in self._unplaced}
        layout = {t.card for t in view.layout}
        lost = [t for t in self._came_in_lately.values()
                if t.last_seen >= began and t.placed_at is None and t.card not in layout
                and t.card not in self._tracks and t.card not in following
                and all(float(np.linalg.norm(t.center - other.center)) >= other.size
                        for other in view.layout)]
        return lost[0] if len(lost) == 1 else None

    def _first_unsure(self, cards: list[CardTrack]) -> tuple[str | None, str | None]:
        """Why the first of a layout's cards read unsurely is in doubt (`_low_confidence`):
        the deal is asked about, its look-alikes offered (`_deal_misread`); else no doubt."""
        return next((doubt for doubt in map(self._low_confidence, cards) if doubt[0]),
                    (None, None))

    def _deal_misread(self, deal: dict, cards: list[CardTrack]) -> list[dict]:
        """A layout deal with each card read unsurely (`_low_confidence`) read as each code
        also read at its place or as a look-alike, if not seen elsewhere on the table, several
        at once too (cross-3p-seed56, noisy oracle: the A♦ read A♣ and the 9♠ read 9♣; offered
        one at a time, the deal was none of them, the players could not name it, and no deal
        was told: every placing a C1 foul). At most `DEAL_READINGS` of them."""
        options = []
        for track in cards:
            if self._low_confidence(track)[0] is None:
                continue
            options.append([(track.card, new)
                            for new in (track.card, *self._other_codes(track))])
        out = []
        for choice in itertools.islice(itertools.product(*options), 1, DEAL_READINGS + 1):
            reading = deal
            for old, new in choice:
                reading = with_card(reading, old, new)
            out.append(reading)
        return out

    def _pile_top_read_two_ways(self, track: CardTrack) -> bool:
        """A look-alike of a pile's top card read where it lies (`_lying_card_read_two_ways`):
        the top card read two ways, no placing (cross-3p-seed31: the face-up 9C read 9S and
        9C by turns, a false C3 foul). A card placed on a pile is brought in, and lies where
        the top card lay too."""
        piles = self._snapshot().get("piles") or {}
        return self._lying_card_read_two_ways(
            track, [((piles.get(owner) or [None])[-1], box)
                    for owner, box in self.view.pile_tops.items()])

    def _layout_card_read_two_ways(self, track: CardTrack) -> bool:
        """R2: a look-alike of a card of the layout read where it lies
        (`_lying_card_read_two_ways`): that card read two ways, no draw (round-3p-seed61: the
        layout's 7C read 8C by turns as Vera's 7D was drawn beside it, told as Vera's 8C
        beating it; unanswered, every later turn was out of step). A card drawn onto a table
        card is brought in."""
        return self._lying_card_read_two_ways(track, list(self.view.open_table.items()))

    def _no_card_played_after_all(self, question: Question) -> bool:
        """A draw asked about, never brought in, read where the table card it beats lies, a
        look-alike, that card read whole again since (not covered by it): that card read two
        ways, no draw (round-3p-seed71: the 7♠ Vera drew beside the table read 8♠ for 0.4 s, unread
        itself meanwhile, asked as Anna's draw; unanswered, that draw was told, Anna's real 9♦
        a turn out of step, and 15 false fouls followed). Any other play asked about:
        `_rival_of_a_card_lying_there`."""
        track = self._last_tracks.get(question.cards[0]) if len(question.cards) == 1 else None
        draw = question.candidates[0]
        if track is None:
            return False
        if draw["type"] != "open_draw":
            return self._rival_of_a_card_lying_there(track)
        shown = self._tracks.get(draw.get("beats") or "")
        return shown is not None and self._lying_card_read_two_ways(
            track, [(shown.card, shown.box)]) or self._beaten_card_read_as_alike(track)

    def _rival_of_a_card_lying_there(self, track: CardTrack) -> bool:
        """A bout play asked about, never brought in, read by turns with a look-alike (its
        rival in the tracker) laid first right where it was placed (their centres within
        `same_place` of a card's size): that card read two ways, no card played
        (dummy-3p-seed85: Anna's K♠ defence read K♣ by turns, asked as Vera's throw-in;
        unanswered, the K♣ was told as the defence by then, so Vera's K♦ was told instead: the
        bout a take, and 12 false fouls followed). A card laid on another lies a little
        aside (cross-3p-seed89: Vera's 7♠ passed on over the 8♠, read by turns with it)."""
        if self._came_in(track):
            return False
        for alike in look_alikes(track.card):
            lying = self._last_tracks.get(alike)
            if alike in track.rivals and lying is not None and lying.placed_at is not None \
                    and self._laid_first(lying, track) \
                    and self._placed_at_one_place(track, lying):
                return True
        return False

    @staticmethod
    def _laid_first(lying: CardTrack, track: CardTrack) -> bool:
        """`lying` came to rest before `track` was first read, or, read first, before `track`
        came to rest (dummy-3p-seed95: Anna's 7♣, led out of the discard pile and refused,
        read 8♣ once as it landed, then by turns where it lay)."""
        return lying.placed_at < track.first_seen or lying.first_seen < track.first_seen \
            and (track.placed_at is None or lying.placed_at < track.placed_at)

    def _placed_at_one_place(self, track: CardTrack, other: CardTrack) -> bool:
        """Both came to rest at one place (`_one_place`), wherever they were carried since."""
        def place(placed: CardTrack) -> np.ndarray:
            return box_center(placed.placed_box if placed.placed_box is not None else placed.box)
        return self._one_place(place(track), place(other), track)

    def _beaten_card_read_as_alike(self, track: CardTrack) -> bool:
        """A draw asked about, never brought in, read right where a table card lay that a
        draw beat (no longer on the referee's table), a look-alike of it, read there until the
        card was first read (`carried_gap`): that beaten card, read two ways under the card that
        beat it, no draw (round-3p-seed84: Boris's 9♠ beaten by Vera's K♠, read 9♣ where it lay
        under it, asked as Anna's draw; unanswered, that draw was told, her real 10♠ was a
        turn out of step and 12 false fouls followed)."""
        if self._came_in(track):
            return False
        table = set(self._snapshot().get("open_table") or ())
        for alike in look_alikes(track.card):
            beaten = self._last_tracks.get(alike)
            if beaten is not None and alike not in table and beaten.placed_at is not None \
                    and track.first_seen - beaten.last_seen <= self.config.carried_gap \
                    and self._at_its_place(track, beaten.center):
                return True
        return False

    def _lying_card_read_two_ways(self, track: CardTrack,
                                  lying: list[tuple[str | None, np.ndarray]]) -> bool:
        """`track`, never brought in, is a look-alike of a card of `lying` ((code, box)), read
        right where that card lies (their centres within `same_place` of a card's size),
        which is still read whole after `track` was first read: read by its index alone since,
        the rest hidden, it is covered by `track`, a card laid on it (cross-2p-seed67: Anna's
        J♠ placed on her J♥, seen coming only from half a card away, the J♥'s index showing
        under it: taken for the J♥ read two ways, the placing was lost and with it the stock's
        count, so the bouts were never read)."""
        if self._came_in(track):
            return False
        for card, box in lying:
            shown = self._tracks.get(card or "")
            if card in look_alikes(track.card) and shown is not None \
                    and shown.whole_at > track.first_seen \
                    and self._at_its_place(track, box_center(box)):
                return True
        return False

    def _faceup_card_read_two_ways(self, track: CardTrack) -> bool:
        """C1: a card brought in that comes to rest on a face-up pile nothing was placed on yet,
        where the pile's face-up card, never brought in itself, was read by turns as this code
        (its rival): one card read two ways, the one brought in (a 7H dealt face up, read AH
        by turns). The referee's deal is revised so, and the code never brought in is ignored
        (a card of that code brought in later moves its track: read as a new card)."""
        view = self.view
        deal = view.faceup_deal
        if deal is None or self.revise is None or not self._came_in(track):
            return False
        piles = self._snapshot().get("piles") or {}
        for owner, card in deal["faceup"].items():
            shown = self._last_tracks.get(card)
            if shown is None or card not in track.rivals or self._came_in(shown) \
                    or list(piles.get(owner) or ()) != [card] or owner not in view.pile_tops \
                    or overlap(track.box, view.pile_tops[owner]) < 0.5:
                continue
            right = {"type": "deal", "faceup": {**deal["faceup"], owner: track.card}}
            if not self._pile_card_renamed(deal, right, card, track, owner):
                return False
            view.faceup_deal = right
            return True
        return False

    def _placed_card_read_two_ways(self, track: CardTrack) -> bool:
        """C3: a card brought in that comes to rest where the card placed last lies, which was
        never brought in (read first where it lies) and came to rest only after this card was
        first read, coming in: one card read two ways, the one brought in (cross-2p-seed43:
        Anna's J♥ read 8♥ and J♥ by turns as it came to rest, a false C3 foul; the real 8♥ was
        never told and the placing stopped). A card placed on a pile is brought in after the
        one before it came to rest. The referee's placing is revised so, and the code read
        first is ignored until it leaves the table."""
        placing = self.view.last_placing
        if placing is None or self.revise is None or not self._came_in(track):
            return False
        card, owner = placing["card"], placing["to"]
        shown = self._last_tracks.get(card)
        if shown is None or self._came_in(shown) or shown.placed_at is None \
                or shown.placed_at < track.first_seen or owner not in self.view.pile_tops \
                or overlap(track.box, self.view.pile_tops[owner]) < 0.5:
            return False
        right = {**placing, "card": track.card}
        if not self._pile_card_renamed(placing, right, card, track, owner):
            return False
        self.view.last_placing = right
        return True

    def _pile_card_renamed(self, wrong: dict, right: dict, card: str, track: CardTrack,
                           owner: str) -> bool:
        """The referee's `wrong` (the deal or a placing that laid `card` on `owner`'s pile) is
        revised to `right`, which lays `track`'s card there instead; `card`'s code is then
        ignored (its flicker) until it leaves the table. False when the referee refuses."""
        view = self.view
        if not self.revise(wrong, TableEvent(right, self._frame, self._time)):
            return False
        view.dealt_faceup.discard(card)
        view.dealt_faceup.add(track.card)
        if wrong.get("type") == "deal_card":
            view.placings.pop(card, None)
            view.placings[track.card] = right
        view.pile_tops[owner] = track.box.copy()
        view.reader.ignored.add(card)
        return True

    def _carried_in_as(self, track: CardTrack) -> str | None:
        """A card placed on a pile read as a code already on a pile (under the top card, so
        not it), carried in read as one other code nobody has seen on the table: that code,
        misread where it came to rest (cross-2p-seed47: the last placing, a 7♠ carried in read
        7♠, then 8♠ on Anna's pile, was taken for the 8♠ seen again, so the placing phase
        never ended and the whole game was lost). None otherwise; not a code read this frame
        as a card of its own still coming to rest (cross-2p-seed84: Boris's K♦ placed on his
        K♥, its far corner read K♥ as the K♦ settled; the K♥ "carried in as K♦" was renamed
        so, the K♦'s own track lost, and his placing was never told)."""
        arriving = {other.card for other in self._unplaced if other.last_seen >= self._time}
        ways = [code for code in self._read_on_its_way_as(track.card)
                if code not in self._on_piles() and code not in arriving]
        return ways[0] if len(ways) == 1 else None

    def _cross_first_drawer(self, faceup: dict[str, str]) -> str:
        """C2: the highest face-up card draws first; ties go clockwise from the dealer's left."""
        order = []
        name = self.setup["dealer"]
        for _ in self._persons:
            name = self._next_seat(name, include=lambda n: n != DUMMY)
            order.append(name)
        return max(order, key=lambda n: (rank_value(faceup[n]) if n in faceup else -1,
                                         -order.index(n)))
    # -- round opening (R2-R4) and cross placing (C3) ------------------------------------------

    def _opening_draw(self, track: CardTrack, out: list[Emitted]) -> None:
        view = self.view
        if track.card in (self._snapshot().get("open_table") or ()) \
                and track.card not in view.open_table:
            # a table card of the layout first read now (the players named it): no draw
            view.open_table[track.card] = track.box.copy()
            return
        if (self._first_read_by_its_index(track) and not self._came_in(track)
                and self._corner_of_a_card_just_laid(track)) \
                or self._layout_card_read_two_ways(track):
            view.reader.ignored.add(track.card)
            return
        self._settle_doubts(out, turn_taken=True)   # a turn asked about may not have been one
        player, _ = self._who_played(view.opening_turn, track, self._persons)
        extent = self._extent(track)
        on_a_table_card = self._read_at_a_table_card_s_place(track)
        if on_a_table_card:
            half = self.config.index_reach * self._card_size(track)
            extent = extent + np.array([-half, -half, half, half], np.float32)
        touched = sorted(((overlap(extent, box), card) for card, box in view.open_table.items()),
                         reverse=True)
        covered = [(amount, card) for amount, card in touched if amount >= view.reader.min_overlap]
        if self._index_only(track) or on_a_table_card:
            # read by its index alone (or at another card's place), where the card lies is a
            # guess: any table card its extent reaches, one it beats first (R2: a drawn card
            # that can beat, beats; round-2p-seed66: the J♥ drawn onto the 8♥, the J♥ itself
            # read 8♥, its index at the Q♠'s corner: "beats Q♠", refused)
            trump_suit = self._trump_suit()
            covered = sorted(((amount, card) for amount, card in touched if amount > 0),
                             key=lambda item: (not beats(track.card, item[1], trump_suit),
                                               -item[0]))
        event = {"type": "open_draw", "player": player, "card": track.card}
        alternatives = []
        unseen = [] if covered else self._unseen_beaten(track.card)
        if covered:
            event["beats"] = covered[0][1]
            alternatives = [{**event, "beats": card} for _, card in covered[1:]]
        elif unseen:   # on a table card the players named, which the camera never saw lie
            alternatives = [{**event, "beats": card} for card in unseen[1:]] + [dict(event)]
            event["beats"] = unseen[0]

        def commit() -> None:
            if covered:  # he takes both cards: the beaten one is no target any more
                view.drawn_beside = None
                view.open_table.pop(event["beats"], None)
                self._end_opening_if_empty()
                view.opening_turn = self._next_seat(player, include=lambda n: n != DUMMY)
                self._turn_taken(track.card)
            else:
                self._laid_beside_the_table(event, track)

        doubt, doubt_ru = self._low_confidence(track)
        if doubt is None and len(covered) > 1 and \
                covered[0][0] < view.reader.clear_margin * covered[1][0]:
            doubt, doubt_ru = "it covers two table cards", "она закрывает две карты"
        if doubt is None and unseen:
            doubt = f"it may lie on {card_text(unseen[0])}, never seen on the table"
            doubt_ru = f"она может лежать на {card_text(unseen[0], True)}, которую камера не видела"
        self._emit(out, event, commit, [track.card], doubt=doubt, doubt_ru=doubt_ru,
                   alternatives=alternatives if doubt else None,
                   offered=self._beating_elsewhere(event, alternatives) if doubt else None)

    def _laid_beside_the_table(self, event: dict, track: CardTrack) -> None:
        """An opening's draw laid beside the table cards: one of them now, the turn passes."""
        view = self.view
        view.drawn_beside = dict(event)
        view.open_table[track.card] = track.box.copy()
        view.opening_turn = self._next_seat(event["player"], include=lambda n: n != DUMMY)
        self._turn_taken(track.card)

    def _drawn_as_named(self, event: dict) -> None:
        """An opening's draw as the players named it, not as the model went on with it
        (`FollowerCore.answered`, `_drawn_otherwise`): taken with the table card it beats, or laid
        beside the table, a table card from now on (the ninth, maybe)."""
        view = self.view
        track = self._tracks.get(event["card"]) or self._last_tracks.get(event["card"])
        if not event.get("beats") and track is not None:
            self._laid_beside_the_table(event, track)
            return
        view.open_table.pop(event.get("beats", ""), None)
        self._end_opening_if_empty()
        view.opening_turn = self._next_seat(event["player"], include=lambda n: n != DUMMY)

    def table_misread_named(self, names: dict[str, str], event: dict, *, drawn: bool) -> None:
        """The players said the layout's cards `names` were misread (old -> new) for the draw
        `event`, laid beside and refused (R2): the cards are renamed, and where the referee now
        accepts the draw (`drawn`) it lies beside the table (`_ask_layout_misread`)."""
        for old, new in names.items():
            self._rename(old, new)
            self.renamed.append((old, new))   # for the tracker, with the next frame
        card = event["card"]
        track = self._tracks.get(card) or self._last_tracks.get(card)
        if drawn and track is not None:
            self.view.reader.ignored.discard(card)
            self.view.refused_at.pop(card, None)
            self._laid_beside_the_table(event, track)

    def _beating_elsewhere(self, event: dict, alternatives: list[dict]) -> list[dict]:
        """For the players only, a draw asked about: its card beating each other table card
        it beats, or laid beside them (round-2p-seed93: Anna's A♦ laid on the 9♦ was read
        only as she carried it off with the 9♦, at rest over the Q♠ a moment; asked about as
        beating the Q♠ alone, the players could not name it, and 19 false fouls followed)."""
        snapshot = self._snapshot()
        asked = [event, *alternatives]
        out = [{**event, "beats": card} for card in self.view.open_table
               if card != event["card"] and beats_in_game(snapshot, event["card"], card)]
        beside = {key: value for key, value in event.items() if key != "beats"}
        return [reading for reading in (*out, beside) if reading not in asked]

    def _read_at_a_table_card_s_place(self, track: CardTrack) -> bool:
        """A draw brought in whose box at rest is just where a table card lies (`_at_its_place`):
        no card is laid square on another, so its index was read inside that card's corner,
        that card's box named by it, and the drawn card lies beside, which way is not known
        (round-3p-seed72: Vera's 7♠ laid on the 7♦, its far corner on the K♠'s, was read with
        the K♠'s box: "beats K♠", refused, G4, and with the opening never over for the
        referee, 28 false fouls followed)."""
        return self._came_in(track) and any(
            card != track.card and self._at_its_place(track, box_center(box))
            for card, box in self.view.open_table.items())

    def _first_read_by_its_index(self, track: CardTrack) -> bool:
        """Read by its corner index alone, or so when first read and read whole only since
        (round-3p-seed91: Vera's Q♣ drawn onto the 6♣, its corner read 10♣ as it came to rest,
        then the whole card 10♣ for a few frames: told as Anna's draw, her turn taken, and
        her real draw refused as out of turn)."""
        first = track.first_box
        first_size = float(max(first[2] - first[0], first[3] - first[1]))
        return self._index_only(track) \
            or first_size < self.config.index_only_share * self._card_size(track)

    def _corner_of_a_card_just_laid(self, track: CardTrack) -> bool:
        """An index read alone, never brought in, mostly on a card that was brought in and
        came to rest about when the index was first read (`JUST_COVERED`): that card's own
        corner, misread (round-2p-seed45: Anna's 8♣ drawn onto the 7♣, its corner read 10♣
        surely, became a draw of Boris's, and every later turn was out of step). A card
        drawn is brought in."""
        return any(other is not track and self._came_in(other)
                   and self._laid_as_first_read(other, track)
                   and overlap(track.box, other.box) > 0.5
                   for other in self._tracks.values())

    def _drawn_card_moved_on(self, track: CardTrack) -> bool:
        """R2: the card drawn last, laid beside the table cards, moved onto one of them before
        the next draw: one turn, a beat (the player mends his turn). The referee's draw is
        revised so (`revise`). A card that cannot beat that card as read was misread (nobody
        moves a card onto one it cannot beat): its look-alikes nobody has accounted for are
        tried, the other suit of its colour first, and the one the referee accepts renames it.
        False when it lies on no table card, or no reading is accepted."""
        view = self.view
        drawn = view.drawn_beside
        if drawn is None or drawn.get("card") != track.card or view.phase != "opening" \
                or self.revise is None:
            return False
        covered = max(((overlap(self._extent(track), box), card)
                       for card, box in view.open_table.items() if card != track.card),
                      default=(0.0, None))
        if covered[0] < view.reader.min_overlap:
            return False
        free = set(unaccounted(self._snapshot(), [c for c in self._tracks if c != track.card]))
        for name in (track.card, *(c for c in look_alikes_by_colour(track.card) if c in free)):
            right = {**drawn, "card": name, "beats": covered[1]}
            if self.revise(drawn, TableEvent(right, self._frame, self._time)):
                view.drawn_beside = None
                view.open_table.pop(track.card, None)
                view.open_table.pop(covered[1], None)
                if name != track.card:
                    self._rename_unasked(track.card, name)
                self._end_opening_if_empty()
                return True
        return False

    def _layout_code_drawn(self, track: CardTrack, out: list[Emitted]) -> bool:
        """R2: a table card of the layout found moved, its carry begun away from where it lay
        (`_carried_from_elsewhere`: a card of its code brought in from a seat), where a
        look-alike of it is read now: the layout card was that look-alike, misread when it was
        laid out, and the card brought in is a draw (round-2p-seed92: the layout's 9♠ read 9♣;
        Anna's 9♣ drawn onto the 6♣ was taken for it moved, her draw was never told, and the
        players, asked which card she drew, were not offered the 9♣: 25 false fouls)."""
        view = self.view
        if view.phase != "opening" or track.card not in view.open_table \
                or not self._carried_from_elsewhere(track):
            return False
        there = next((other.card for other in self._tracks.values() if other is not track
                      and other.card in look_alikes(track.card)
                      and overlap(other.box, track.moved_from) > 0.5), None)
        if there is None:
            return False
        self.found_misread_on_table(track.card, there)
        view.reader.ignored.discard(there)
        track.first_box = track.carry_from.copy()
        self._opening_draw(track, out)
        return True

    def _unseen_beaten(self, card: str) -> list[str]:
        """Table cards of the referee's round opening that the camera never saw (a missed draw
        the players named) and that `card` beats: where it may have been laid."""
        snapshot = self._snapshot()
        return [target for target in snapshot.get("open_table") or ()
                if target not in self._last_tracks and beats_in_game(snapshot, card, target)]

    def _turn_taken(self, card: str) -> None:
        """A turn the referee accepted (not one asked about): a missed turn is asked about
        since then (`vision.missed_turn`)."""
        if card not in self.view.doubtful:
            self.view.turn_at = self._time

    def _on_piles(self) -> set[str]:
        """The cards dealt face up onto the piles so far (the referee's, else the follower's)."""
        piles = self._snapshot().get("piles")
        if piles is None:
            return self.view.dealt_faceup
        return {card for pile in piles.values() for card in pile}

    def _end_opening_if_empty(self) -> None:
        if self.view.phase == "opening" and not self.view.open_table:
            self.view.phase = "play"  # R3/R4: the table is empty, the main phase begins

    def _brought_in_this_turn(self, card: str) -> bool:
        """A card of this code was read on its way in (moving, `_came_in_lately`) since the
        turn began: the card read where it lies was brought there, whatever its own track saw
        (cross-3p-seed95: Vera's 7♥, read whole coming from her seat, laid square on her 8♥;
        its track began at its corner index, the pile's box still read 8♥: taken for the 8♥'s
        own index misread, the placing was lost and the next turns were judged out of turn,
        17 false fouls)."""
        way = self._came_in_lately.get(card)
        return way is not None and way.first_seen >= self.view.turn_at

    def _covered_card_was_a_look_alike(self, track: CardTrack) -> bool:
        """C3: a card brought in whole, read surely, onto a pile still lying there by the
        player whose turn it is, whose code the referee has on a pile under other cards (no
        card comes out from under them): the card placed there was its look-alike, the one
        the deck still has unseen that was read at its place too (`_unseen_look_alike`). The
        referee's placing (or face-up deal) of it is revised so, in its time (cross-3p-seed101:
        Anna's 9♣ placed, read 9♠ surely as it came, 9♣ at rest; Vera's 9♠, the deal's last
        placing, was taken for that card seen again, the deal never ended and no bout was
        read). False where it is not so, or the referee refuses."""
        view, card = self.view, track.card
        if self.revise is None or not self._brought_in_surely(track):
            return False
        piles = self._snapshot().get("piles") or {}
        if not any(self._seen_since(list(piles.get(name) or ())[-1:], track.first_seen)
                   for name in self._piles_lain_on(track)):
            return False   # not onto a pile still lying there (the piles taken into hands)
        turn = self._snapshot().get("turn") or view.opening_turn
        if self._who_played(view.opening_turn, track, self._persons)[0] != turn:
            return False   # nor by the player whose turn it is: no placing, maybe
        owner = next((name for name, pile in piles.items() if card in list(pile)[:-1]), None)
        alike = None if owner is None else self._unseen_look_alike(card)
        if alike is None:
            return False
        deal = view.faceup_deal
        laid_face_up = deal is not None and deal["faceup"].get(owner) == card
        wrong = deal if laid_face_up else view.placings.get(card)
        if wrong is None:
            return False
        right = with_card(wrong, card, alike)
        if not self.revise(wrong, TableEvent(right, self._frame, self._time), in_its_time=True):
            return False
        if laid_face_up:
            view.faceup_deal = right
        else:
            self._placing_renamed(card, alike)
        view.dealt_faceup.add(alike)
        return True

    def _placing_renamed(self, card: str, alike: str) -> None:
        """The referee's placing of `card` now places `alike` (`view.placings`)."""
        view = self.view
        wrong = view.placings.pop(card)
        view.placings[alike] = right = with_card(wrong, card, alike)
        if view.last_placing == wrong:
            view.last_placing = right

    def _covered_piles_cards(self, track: CardTrack, placing: dict) -> frozenset[str]:
        """For `track`'s `placing`, in turn and onto the pile C3 sends it to: the cards on
        the piles read where it lies (its rivals) never since it was first read, covered by
        it (cross-2p-seed98: Boris's Q♣ laid on his 9♦, first read there, asked "Q♣ or 9♦?");
        not its look-alikes, which may be that card, its reading switched.
        None for a placing the referee would refuse: a card that stopped over a pile on its
        way to another is no placing there (Anna's Q♠ read at rest for 0.3 s over Boris's
        Q♣ on its way to her pile)."""
        snapshot = self._snapshot()
        if placing["player"] != (snapshot.get("turn") or self.view.opening_turn) \
                or not goes_where_c3_sends(snapshot, placing):
            return frozenset()
        on_piles, alike = self._on_piles(), look_alikes(track.card)
        return frozenset(code for code in track.rivals if code in on_piles
                         and code not in alike   # (a look-alike: one card read two ways)
                         and not self._seen_since([code], track.first_seen))

    def _seen_since(self, cards: list[str], time: float) -> bool:
        """Some card of `cards` was read at `time` or later."""
        return any((track := self._last_tracks.get(card)) is not None
                   and track.last_sighting >= time for card in cards)

    def _brought_in_surely(self, track: CardTrack) -> bool:
        """Read on its way in, as more than a sliver, and surely where it lies: a card brought
        onto a pile, not the corner of one under it misread."""
        return self._came_in(track) and not track.sliver_only \
            and self._low_confidence(track)[0] is None

    def _brought_onto_another_pile(self, track: CardTrack) -> bool:
        """C3: a card brought in whole and read surely onto a pile, where the referee has its
        code on another pile: no card leaves one pile for another, so it is a new placing,
        and one of the two readings a look-alike (the referee refuses it, G8, and the players
        are asked which: cross-3p-seed103, Boris's J♠ placed on Vera's pile and read J♣;
        Anna's J♣ placed on her own pile 14 s later was taken for that card seen again, her
        turn never told, and Boris's next placing asked about as out of turn)."""
        if not self._brought_in_surely(track):
            return False
        piles = self._snapshot().get("piles") or {}
        holder = next((name for name, pile in piles.items() if track.card in pile), None)
        onto = self._piles_lain_on(track)
        return holder is not None and bool(onto) and holder not in onto

    def _piles_lain_on(self, track: CardTrack) -> list[str]:
        """The players whose pile's top the card's extent covers (`reader.min_overlap`)."""
        view = self.view
        return [name for name, box in view.pile_tops.items()
                if overlap(self._extent(track), box) >= view.reader.min_overlap]

    def _unseen_look_alike(self, card: str) -> str | None:
        """The one look-alike of `card` the deck still has unseen that was read where a card
        read `card` came to rest (`card` its rival there): None when not one."""
        unseen = unaccounted(self._snapshot())
        read = [alike for alike in look_alikes(card) if alike in unseen
                and card in getattr(self._last_tracks.get(alike), "rivals", ())]
        return read[0] if len(read) == 1 else None

    def _cross_place(self, track: CardTrack, out: list[Emitted], *, again: bool = False) -> None:
        """C3: a stock card placed on a pile. Laid `again` (refused, moved from where it was
        refused), it is the placing of the player whose turn it still is (the referee's turn):
        the way it came is only from one pile to another."""
        view = self.view
        card = track.card
        if card in self._on_piles() and not (card in self.guessed and self._came_in(track)):
            carried = self._carried_in_as(track)
            if carried is not None:
                self._rename_unasked(card, carried)
                card = carried
            elif not self._covered_card_was_a_look_alike(track) \
                    and not self._brought_onto_another_pile(track):
                return  # a pile's card seen again (the card over it was lifted a moment)
        elif self._faceup_card_read_two_ways(track) or self._placed_card_read_two_ways(track):
            return
        if self._pile_top_read_two_ways(track):
            view.reader.ignored.add(track.card)
            return
        turn = self._snapshot().get("turn") or view.opening_turn   # the referee's, if any
        player, _ = (turn, []) if again and turn else \
            self._who_played(view.opening_turn, track, self._persons)
        covers = sorted(((overlap(self._extent(track), box), owner)
                         for owner, box in view.pile_tops.items()),
                        reverse=True)
        on_pile = bool(covers) and covers[0][0] >= view.reader.min_overlap
        owner = covers[0][1] if on_pile else self.seats.nearest(track.center, self._persons)

        def commit() -> None:
            view.last_placing = event
            view.placings[card] = event
            view.pile_tops[owner] = track.box.copy()
            view.dealt_faceup.add(card)
            view.stock_left -= 1
            again = self.options.get("place_continues") and owner != player
            self._turn_taken(card)
            view.opening_turn = player if again else self._next_seat(
                player, include=lambda n: n != DUMMY)
            if view.stock_left <= 0:
                view.phase = "play"  # everyone takes his pile into hand

        doubt, doubt_ru = self._low_confidence(track, self._covered_piles_cards(
            track, {"type": "deal_card", "player": player, "card": card, "to": owner}))
        shown_only = on_pile and self._index_only(track) and not self._came_in(track) \
            and not self._brought_in_this_turn(card)
        pile = (self._snapshot().get("piles") or {}).get(owner) or ()
        if shown_only and any(alike in pile for alike in look_alikes(card)):
            return   # a card of that pile, its index at the edge read as a look-alike
        if shown_only and self._inside_a_hidden_card(track):
            return   # the corner of a card out of sight (a hand passing over it) misread
        if doubt is None and shown_only:
            # read first where it lies, by an index alone, on a pile: the index of a card under
            # the top one, showing at its edge (misread: the pile's cards are known), or new?
            doubt = f"{card_text(card)} showed on {owner}'s pile without being brought in"
            doubt_ru = f"{card_text(card, True)} появилась на стопке {owner}, но её не " \
                       "положили на глазах камеры"
        event = {"type": "deal_card", "player": player, "card": card, "to": owner}
        self._emit(out, event, commit, [card], doubt=doubt, doubt_ru=doubt_ru)
