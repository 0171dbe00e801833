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

import itertools
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from vision.seats import SeatMap
from vision.table_events import Question, TableEvent, card_text
from vision.table_reader import TableReader, beats, overlap, rank_of, rank_value
from vision.tracking import CardTrack, TrackerUpdate

DUMMY = "dummy"
Emitted = TableEvent | Question


@dataclass(frozen=True)
class InferenceConfig:
    group_window: float = 0.4    # lead cards placed this close together form one attack
    round_group_window: float = 1.0  # round attacks are 1, 3 or 5 cards: wait for all of them
    settle_window: float = 0.5   # layout deals (round, cross): quiet this long before reading
    doubtful_confidence: float = 0.6  # a card read with less mean confidence is asked about
    direction_margin: float = 0.35    # cosine lead of the best seat before a direction is trusted
    direction_min: float = 0.5        # cosine a seat needs at all to explain a direction
    conflict_frames: int = 8          # frames a card must be seen twice before we ask


@dataclass
class GameView:
    """What the follower believes about the game; copied before an uncertain step."""

    phase: str = "deal"          # deal, opening (round), faceup (cross), play, finished
    trump: str | None = None
    trump_on_table: bool = False
    leader: str | None = None    # leads the next bout, or led the current one
    defender: str | None = None
    took: bool = False
    reader: TableReader = field(default_factory=TableReader)
    lead_buffer: list[CardTrack] = field(default_factory=list)  # a lead still forming
    layout: list[CardTrack] = field(default_factory=list)       # round/cross deal being laid
    open_table: dict[str, np.ndarray] = field(default_factory=dict)  # round opening cards
    opening_turn: str | None = None   # round: who draws next; cross: who places next
    pile_tops: dict[str, np.ndarray] = field(default_factory=dict)   # cross piles by owner
    stock_left: int = 0
    doubtful: set[str] = field(default_factory=set)  # cards whose events wait for an answer


class GameFollower:
    """Infers one match's events from tracker updates (see the module docstring)."""

    def __init__(self, setup: dict, seats: SeatMap | None = None,
                 config: InferenceConfig | None = None,
                 judge: Callable[[TableEvent], bool] | None = None,
                 snapshot: Callable[[], dict] | None = None,
                 frame_size: tuple[int, int] = (1280, 720)) -> None:
        self.setup = setup
        self.variant: str = setup.get("variant", "classic")
        self.options: dict = setup.get("options") or {}
        self.seat_names: list[str] = list(setup["seats"])
        self.seats = seats or SeatMap.around_frame(self.seat_names, *frame_size)
        self.config = config or InferenceConfig()
        self.judge = judge
        self.snapshot = snapshot
        self.view = GameView()
        self._frame, self._time = 0, 0.0
        self._conflict_frames: dict[str, int] = {}

    # -- seats and turns ---------------------------------------------------------------------

    def _snapshot(self) -> dict:
        return self.snapshot() if self.snapshot is not None else {}

    def _out(self) -> set[str]:
        return set(self._snapshot().get("out") or ())

    def _plays(self, name: str) -> bool:
        """Takes part in leading and defending (G9 out, D3 passive dummy excluded)."""
        if name in self._out():
            return False
        return name != DUMMY or bool(self.options.get("active_dummy"))

    def _next_seat(self, name: str, *, include: Callable[[str], bool] | None = None) -> str:
        include = include or self._plays
        start = self.seat_names.index(name)
        for step in range(1, len(self.seat_names) + 1):
            candidate = self.seat_names[(start + step) % len(self.seat_names)]
            if include(candidate):
                return candidate
        return name

    @property
    def _persons(self) -> list[str]:
        return [n for n in self.seat_names if n != DUMMY]

    def _direction_choice(self, track: CardTrack, among: list[str]) -> tuple[str | None, bool]:
        """The seat a card came in from, and whether that reading is clear."""
        start = (track.first_box[:2] + track.first_box[2:]) / 2
        ranked = self.seats.by_direction(start, track.center, among)
        if not ranked or np.linalg.norm(start - track.center) < 0.5 * track.size:
            return None, False
        best, score = ranked[0]
        runner_up = ranked[1][1] if len(ranked) > 1 else -1.0
        clear = score >= self.config.direction_min and score - runner_up >= \
            self.config.direction_margin
        return best, clear

    def _who_played(self, expected: str | None, track: CardTrack,
                    among: list[str]) -> tuple[str | None, list[str]]:
        """The player of a card: the one the game expects unless the card clearly came from
        another seat. Returns (player, other candidates worth asking about)."""
        among = [n for n in among if n in self.seat_names]
        seen, clear = self._direction_choice(track, among)
        if expected is not None and expected in among:
            if clear and seen != expected:
                return seen, [expected]
            return expected, []
        if clear:
            return seen, []
        if len(among) == 1:
            return among[0], []
        ranked = [seen] if seen else []
        ranked += [n for n in among if n not in ranked]
        return (ranked[0] if ranked else None), ranked[1:]

    # -- emitting --------------------------------------------------------------------------------

    def _emit(self, out: list[Emitted], event: dict, commit: Callable[[], None],
              cards: list[str], *, doubt: str | None = None,
              alternatives: list[dict] | None = None, doubt_ru: str | None = None) -> None:
        """Offer one event: as a question when in doubt, else to the judge; on acceptance (or a
        question: the best guess) `commit` updates the model."""
        view = self.view
        depends = sorted(set(cards) | set(view.reader.cards)) if event["type"] in (
            "defend", "throw_in", "transfer", "take", "discard", "pass_on") else list(cards)
        if doubt is None and any(card in view.doubtful for card in depends):
            doubt = "it builds on a card still in question"
            doubt_ru = "оно зависит от карты, о которой ещё не ответили"
        if doubt is not None:
            candidates = (event, *(alternatives or []))
            out.append(Question(f"{_describe(event)}? ({doubt})",
                                f"{_describe(event, russian=True)}? ({doubt_ru or doubt})",
                                candidates, self._frame, self._time, tuple(cards)))
            view.doubtful.update(cards)
            commit()
            return
        table_event = TableEvent(event, self._frame, self._time)
        if self.judge is not None and not self.judge(table_event):
            view.reader.ignored.update(cards)  # refused: the card must be taken back
            out.append(table_event)
            return
        commit()
        out.append(table_event)

    def _low_confidence(self, track: CardTrack) -> tuple[str | None, str | None]:
        if track.confidence < self.config.doubtful_confidence:
            return (f"{card_text(track.card)} read with low confidence",
                    f"{card_text(track.card, True)} распознана неуверенно")
        return None, None

    def answered(self, question: Question) -> None:
        """The players settled a question: its cards are no longer in doubt."""
        self.view.doubtful.difference_update(question.cards)

    # -- the frame loop ----------------------------------------------------------------------------

    def update(self, update: TrackerUpdate, table: list[CardTrack]) -> list[Emitted]:
        self._frame, self._time = update.frame, update.time
        out: list[Emitted] = []
        self._follow_snapshot()
        on_table = {track.card for track in table}
        for track in update.placed:
            self._placed(track, out)
        for track in update.moved:
            self._moved(track)
        self._flush_due(out)
        if update.gone:
            self._gone({t.card for t in update.gone}, on_table, out)
        for conflict in update.conflicts:
            self._conflict(conflict.card, out)
        return out

    def _conflict(self, card: str, out: list[Emitted]) -> None:
        """G8 says each card exists once: a code read in two places for a while is a misread
        (or a second deck); ask once instead of guessing which is real."""
        seen = self._conflict_frames[card] = self._conflict_frames.get(card, 0) + 1
        if seen == self.config.conflict_frames:
            out.append(Question(f"{card_text(card)} is seen in two places: is one misread?",
                                f"{card_text(card, True)} видна в двух местах: ошибка чтения?",
                                (), self._frame, self._time, (card,)))

    def _follow_snapshot(self) -> None:
        snapshot = self._snapshot()
        phase = snapshot.get("phase")
        if phase == "finished":
            self.view.phase = "finished"
        elif phase == "play" and self.view.phase in ("opening", "faceup"):
            self.view.phase = "play"  # e.g. R4: the stock ran out during the opening

    def _placed(self, track: CardTrack, out: list[Emitted]) -> None:
        view = self.view
        card = track.card
        if card in view.reader.ignored or card in view.reader.cards or (
                card == view.trump and view.trump_on_table):
            return
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
            self._cross_place(track, out)
        else:
            self._play_card(track, out)

    def _new_game(self) -> None:
        self.view = GameView(doubtful=self.view.doubtful)

    def _moved(self, track: CardTrack) -> None:
        pair = self.view.reader.pair_of(track.card)
        if pair is not None:  # a nudged card keeps its role; only its box follows
            if pair.attack == track.card:
                pair.attack_box = track.box.copy()
            else:
                pair.defence_box = track.box.copy()

    # -- the deal ----------------------------------------------------------------------------------

    def _deal_card_seen(self, track: CardTrack, out: list[Emitted]) -> None:
        view = self.view
        if self.variant in ("round", "cross"):
            view.layout.append(track)  # read the whole layout once it settles (_flush_due)
            return

        def commit() -> None:
            view.trump, view.trump_on_table, view.phase = track.card, True, "play"

        self._emit(out, {"type": "deal"}, lambda: None, [])
        doubt, doubt_ru = self._low_confidence(track)
        self._emit(out, {"type": "trump", "card": track.card}, commit, [track.card],
                   doubt=doubt, doubt_ru=doubt_ru)

    def _read_round_layout(self, out: list[Emitted]) -> None:
        """R1: eight table cards and the centre trump, the card nearest the layout's middle."""
        view = self.view
        cards = view.layout
        middle = np.mean([t.center for t in cards], axis=0)
        trump = min(cards, key=lambda t: float(np.linalg.norm(t.center - middle)))
        table = [t for t in cards if t is not trump]

        def commit() -> None:
            view.trump, view.trump_on_table, view.phase = trump.card, True, "opening"
            view.open_table = {t.card: t.box.copy() for t in table}
            view.opening_turn = self._next_seat(self.setup["dealer"],
                                                include=lambda n: n != DUMMY)

        doubt = "the layout should have 9 cards" if len(cards) != 9 else None
        self._emit(out, {"type": "deal", "table": [t.card for t in table]}, lambda: None,
                   [t.card for t in table], doubt=doubt, doubt_ru="на столе должно быть 9 карт")
        self._emit(out, {"type": "trump", "card": trump.card}, commit, [trump.card], doubt=doubt,
                   doubt_ru="на столе должно быть 9 карт")

    def _read_cross_layout(self, out: list[Emitted]) -> None:
        """C1: one face-up card in front of each player, matched to the seats by distance."""
        view = self.view
        persons = self._persons
        cards = view.layout
        if len(cards) != len(persons):
            owners = [self.seats.nearest(t.center, persons) for t in cards]
        else:
            owners = min(itertools.permutations(persons), key=lambda perm: sum(
                float(np.linalg.norm(self.seats.point(n) - t.center))
                for n, t in zip(perm, cards, strict=True)))
        faceup = {owner: t.card for owner, t in zip(owners, cards, strict=True)}

        def commit() -> None:
            view.phase = "faceup"
            view.pile_tops = {owner: t.box.copy() for owner, t in zip(owners, cards, strict=True)}
            view.stock_left = int(self.setup.get("deck", 36)) - len(cards)
            view.opening_turn = self._cross_first_drawer(faceup)

        doubt = None if len(faceup) == len(persons) == len(cards) else \
            "each player should have one face-up card"
        self._emit(out, {"type": "deal", "faceup": faceup}, commit, [t.card for t in cards],
                   doubt=doubt, doubt_ru="у каждого игрока должна быть одна открытая карта")

    def _cross_first_drawer(self, faceup: dict[str, str]) -> str:
        """C2: the highest face-up card draws first; ties go clockwise from the dealer's left."""
        order = []
        name = self.setup["dealer"]
        for _ in self._persons:
            name = self._next_seat(name, include=lambda n: n != DUMMY)
            order.append(name)
        return max(order, key=lambda n: (rank_value(faceup[n]) if n in faceup else -1,
                                         -order.index(n)))

    def _flush_due(self, out: list[Emitted]) -> None:
        view = self.view
        if view.layout and self._time - max(t.placed_at or 0.0 for t in view.layout) \
                >= self.config.settle_window:
            if self.variant == "round":
                self._read_round_layout(out)
            else:
                self._read_cross_layout(out)
            view.layout = []
        if view.lead_buffer and self._time - view.lead_buffer[-1].placed_at >= self._group_window:
            self._flush_lead(out)

    # -- round opening (R2-R4) and cross placing (C3) ------------------------------------------

    def _opening_draw(self, track: CardTrack, out: list[Emitted]) -> None:
        view = self.view
        player, _ = self._who_played(view.opening_turn, track, self._persons)
        covered = sorted(((overlap(track.box, box), card) for card, box in view.open_table.items()),
                         reverse=True)
        covered = [(amount, card) for amount, card in covered if amount >= view.reader.min_overlap]
        event = {"type": "open_draw", "player": player, "card": track.card}
        alternatives = []
        if covered:
            event["beats"] = covered[0][1]
            alternatives = [{**event, "beats": card} for _, card in covered[1:]]

        def commit() -> None:
            if covered:  # he takes both cards: the beaten one is no target any more
                view.open_table.pop(event["beats"], None)
                self._end_opening_if_empty()
            else:
                view.open_table[track.card] = track.box.copy()
            view.opening_turn = self._next_seat(player, include=lambda n: n != DUMMY)

        doubt, doubt_ru = self._low_confidence(track)
        if doubt is None and len(covered) > 1 and \
                covered[0][0] < view.reader.clear_margin * covered[1][0]:
            doubt, doubt_ru = "it covers two table cards", "она закрывает две карты"
        self._emit(out, event, commit, [track.card], doubt=doubt, doubt_ru=doubt_ru,
                   alternatives=alternatives if doubt else None)

    def _end_opening_if_empty(self) -> None:
        if self.view.phase == "opening" and not self.view.open_table:
            self.view.phase = "play"  # R3/R4: the table is empty, the main phase begins

    def _cross_place(self, track: CardTrack, out: list[Emitted]) -> None:
        view = self.view
        player, _ = self._who_played(view.opening_turn, track, self._persons)
        covers = sorted(((overlap(track.box, box), owner) for owner, box in view.pile_tops.items()),
                        reverse=True)
        owner = covers[0][1] if covers and covers[0][0] >= view.reader.min_overlap else \
            self.seats.nearest(track.center, self._persons)

        def commit() -> None:
            view.pile_tops[owner] = track.box.copy()
            view.stock_left -= 1
            again = self.options.get("place_continues") and owner != player
            view.opening_turn = player if again else self._next_seat(
                player, include=lambda n: n != DUMMY)
            if view.stock_left <= 0:
                view.phase = "play"  # everyone takes his pile into hand

        doubt, doubt_ru = self._low_confidence(track)
        self._emit(out, {"type": "deal_card", "player": player, "card": track.card, "to": owner},
                   commit, [track.card], doubt=doubt, doubt_ru=doubt_ru)

    # -- the main phase ------------------------------------------------------------------------

    @property
    def _group_window(self) -> float:
        return self.config.round_group_window if self.variant == "round" \
            else self.config.group_window

    @property
    def _leads_groups(self) -> bool:
        return self.variant == "round" or bool(self.options.get("lead_group"))

    def _play_card(self, track: CardTrack, out: list[Emitted]) -> None:
        view = self.view
        if view.lead_buffer and any(overlap(track.box, t.box) >= view.reader.min_overlap
                                    for t in view.lead_buffer):
            self._flush_lead(out)  # a defence on a lead still forming: the lead is complete
        placement = view.reader.classify(track.box)
        if placement.kind != "attack":
            self._defend(track, placement.on, out)
            return
        if view.lead_buffer:
            if self.variant == "round" or rank_of(track.card) == rank_of(view.lead_buffer[0].card):
                view.lead_buffer.append(track)
                return
            self._flush_lead(out)
        if not view.reader.pairs:  # a new bout's lead (also after a refused lead)
            view.lead_buffer.append(track)
            if not self._leads_groups:
                self._flush_lead(out)
            return
        self._add_to_bout(track, out)

    def _flush_lead(self, out: list[Emitted]) -> None:
        """The lead of a bout: one card, or a group (lead_group; round 1/3/5)."""
        view = self.view
        tracks, view.lead_buffer = view.lead_buffer, []
        snapshot_leader = self._snapshot().get("attacker")
        expected = view.leader or snapshot_leader
        player, others = self._who_played(expected, tracks[0],
                                          [n for n in self.seat_names if self._plays(n)])
        cards = [t.card for t in tracks]
        event = {"type": "attack", "player": player, "cards": cards}

        def commit() -> None:
            view.leader, view.took = player, False
            view.defender = self._next_seat(player)
            for t in tracks:
                view.reader.add_attack(t.card, t.box)

        doubt, doubt_ru = self._low_confidence(min(tracks, key=lambda t: t.confidence))
        if doubt is None and expected is None and others:
            doubt, doubt_ru = "who led is not clear", "непонятно, кто ходил"
        self._emit(out, event, commit, cards, doubt=doubt, doubt_ru=doubt_ru,
                   alternatives=[{**event, "player": n} for n in others] if doubt else None)

    def _add_to_bout(self, track: CardTrack, out: list[Emitted]) -> None:
        """A new card beside the bout's cards: a transfer (P8) or a throw-in (P3, D5)."""
        view = self.view
        defender = view.defender
        throwers = [n for n in self.seat_names if n != defender and n not in self._out()]
        thrower, others = self._who_played(view.leader, track, throwers)
        throw_in = {"type": "throw_in", "player": thrower, "cards": [track.card]}
        alternatives = [{**throw_in, "player": n} for n in others]
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
        self._emit(out, throw_in, lambda: view.reader.add_attack(track.card, track.box),
                   [track.card], doubt=doubt, doubt_ru=doubt_ru, alternatives=alternatives)

    def _could_transfer(self, track: CardTrack) -> bool:
        """P8: before any defence, a card of the attack's rank may be the defender's transfer."""
        view = self.view
        return (self.variant == "transfer" and not view.reader.any_defence and not view.took
                and view.defender is not None
                and rank_of(track.card) in {rank_of(c) for c in view.reader.attacks})

    def _commit_transfer(self, track: CardTrack) -> None:
        view = self.view
        view.reader.add_attack(track.card, track.box)
        view.defender = self._next_seat(view.defender)

    def _defend(self, track: CardTrack, on: tuple[str, ...], out: list[Emitted]) -> None:
        """A card laid over unbeaten attack card(s): a defence, or in cross a pass-on (C7)."""
        view = self.view
        defender = view.defender
        target = on[0]
        if self.variant == "cross" and not beats(track.card, target, "D", cross=True):
            def commit_pass_on() -> None:
                view.reader.remove(target)  # the defender takes the card he could not beat
                view.reader.add_attack(track.card, track.box)
                view.defender = self._next_seat(defender)

            doubt, doubt_ru = self._low_confidence(track)
            self._emit(out, {"type": "pass_on", "player": defender, "card": track.card},
                       commit_pass_on, [track.card], doubt=doubt, doubt_ru=doubt_ru)
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
        if view.trump in gone:
            view.trump_on_table = False  # drawn as the last card, or taken (round R3)
        view.reader.ignored -= gone
        for card in gone & set(view.open_table):
            del view.open_table[card]
        self._end_opening_if_empty()
        bout = view.reader.cards
        if not bout or any(card in on_table for card in bout):
            return  # nothing on the table yet, or still being swept
        if self._snapshot().get("took") or view.took:
            view.reader.clear()
            return  # the take was declared on the dashboard; the bout closes by itself
        defender = view.defender
        beaten = view.reader.all_beaten

        def commit() -> None:
            # P7 and C6/C7: after a discard the defender leads; R7: he leads after a take too
            view.leader = defender if beaten or self.variant == "round" else \
                self._next_seat(defender)
            view.defender = None

        event = {"type": "discard"} if beaten else {"type": "take", "player": defender}
        if view.phase == "finished":
            view.reader.clear()  # the game is over: its last cards need no event
            return
        self._emit(out, event, commit, [])
        view.reader.clear()  # even when refused: the cards are gone all the same


def _describe(event: dict, russian: bool = False) -> str:
    """A short human sentence for an event, for questions."""
    kind = event["type"]
    player = event.get("player", "")
    cards = event.get("cards") or ([event["card"]] if "card" in event else [])
    shown = " ".join(card_text(c, russian) for c in cards)
    if kind == "defend":
        on = card_text(event["on"], russian)
        if russian:
            return f"{player} бьёт {on} картой {shown}"
        return f"{player} beats {on} with {shown}"
    words = {"attack": ("attacks with", "ходит"), "throw_in": ("throws in", "подкидывает"),
             "transfer": ("transfers with", "переводит"), "trump": ("trump is", "козырь"),
             "take": ("takes", "берёт"), "discard": ("discard", "бито"),
             "pass_on": ("passes on", "передаёт"), "open_draw": ("draws", "тянет"),
             "deal_card": ("places", "кладёт"), "deal": ("deal", "раздача"),
             "new_game": ("new game", "новая игра")}
    verb = words.get(kind, (kind, kind))[1 if russian else 0]
    return " ".join(part for part in (player, verb, shown) if part)

