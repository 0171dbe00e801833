"""A game log acted out at a table: the shots of the video and the ground truth of each event.

`GameScript(events, table, rng).run()` follows the log with the referee (`snapshot()` says what
lies face up after each event) and turns each change into hands carrying cards: cards come in
from the acting player's side and come to rest (a beating card over its attack card at an
offset), a discard is swept to the face-down pile, a take towards the taker, the trump lies
sideways under the stock, draws fly face down from the stock to the players. An event the referee
refuses (a foul) is acted as the player did it: the card is laid, lies a moment, and is taken
back. Each event's truth says the frame its cards came to rest (or left), and the verdict.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from vision.cardclasses import CARD_CODES
from vision.game_contents import TableContents
from vision.game_places import PODKIDNOY, CardPlaces
from vision.game_shots import BACK, HandMove, Item, Move, Shot
from vision.game_table import GameTable, Pose
from vision.swept_bout import table_cards
from vision.table_events import bout_goes_on

# events whose cards the dealer turns up straight off the stock
FROM_STOCK = {"trump", "deal"}
# events whose player draws the top card, turns it up on his side and lays it from there
DRAWN_THEN_LAID = {"open_draw", "deal_card"}
# events whose card lands on a card that then leaves: lay it first, then clear
PLACE_FIRST = {"open_draw", "pass_on", "deal_card", "trump"}
# events whose cards are laid face up (a draw's cards go face down into a hand)
LAYS_CARDS = {"attack", "throw_in", "defend", "transfer", "pass_on", "open_draw", "deal_card",
              "trump"}


def deck_codes(setup: dict) -> list[str]:
    short = setup.get("deck") == 36
    return [c for c in CARD_CODES if not (short and c[:-1] in ("2", "3", "4", "5"))]


def laid_cards(event: dict) -> list[str]:
    if event.get("type") not in LAYS_CARDS:
        return []
    cards = event.get("cards") or ([event["card"]] if event.get("card") else [])
    return [card for card in cards if isinstance(card, str)] if isinstance(cards, list) else []


class UnplayableLog(ValueError):
    """The log cannot be acted out: no playable setup first."""


@dataclass(frozen=True)
class Pace:
    """Seconds each gesture takes."""

    fps: float = 30.0
    slide: float = 0.45
    retract: float = 0.25
    rest: tuple[float, float] = (0.3, 0.6)
    takeback: float = 1.3
    sweep: float = 0.55
    after_sweep: float = 0.4
    draw: float = 0.35
    quiet: float = 0.15          # an event nobody sees (a declaration, a pass)
    sort_hands: float = 3.5      # after round's opening or cross's face-up phase
    hand_pass_rate: float = 0.12  # after an act, a hand reaches over the cards for a while
    hand_pass_hold: tuple[float, float] = (0.4, 1.3)

    def frames(self, seconds: float) -> int:
        return max(1, round(seconds * self.fps))


class GameScript:
    def __init__(self, events: list[dict], table: GameTable, rng: np.random.Generator,
                 pace: Pace | None = None) -> None:
        self.events, self.table, self.rng = events, table, rng
        self.pace = pace or Pace()
        self.shots: list[Shot] = []
        self.truth: list[dict] = []
        self.frame = 0
        self.contents = TableContents(table, rng)
        self.setup: dict = {}
        self.places = CardPlaces(table, rng, self.contents)
        self._open_take: dict | None = None   # a declared take whose cards still lie

    # -- the log -----------------------------------------------------------------------------

    def run(self) -> GameScript:
        from referee import Referee

        referee = Referee()
        if not self.events:
            raise UnplayableLog("the log is empty: it must start with a setup event")
        for line, event in enumerate(self.events, start=1):
            before = referee.snapshot()
            verdict = referee.apply(event)
            if line == 1 and (event.get("type") != "setup" or not verdict.ok):
                raise UnplayableLog(f"line 1: {verdict.message}" if not verdict.ok else
                                    "line 1: a log starts with a setup event")
            entry = {"line": line, "event": event, "legal": verdict.ok, "rule": verdict.rule}
            if line == 1:
                self.setup = event
                self._quiet(0.5)
                self._mark(entry, self.frame - 1, visible=False)
            elif verdict.ok and "foul" not in event:
                self._play(event, before, referee.snapshot(), entry)
            else:
                if verdict.ok:  # a foul the referee could not judge: the game went on without it
                    referee.undo()
                    entry["taken_back"] = True
                self._refused(event, before, entry)
            self.truth.append(entry)
        self._quiet(1.5)
        return self

    @property
    def fps(self) -> float:
        return self.pace.fps

    def _mark(self, entry: dict, frame: int, visible: bool) -> None:
        entry["frame"] = max(0, frame)
        entry["time"] = round(entry["frame"] / self.fps, 3)
        entry["visible"] = visible

    def _actor(self, event: dict) -> str:
        seats = self.table.seats.names
        player = event.get("player")
        return player if player in seats else self.setup["dealer"] if (
            self.setup.get("dealer") in seats) else seats[0]

    # -- shots -------------------------------------------------------------------------------

    def _shoot(self, seconds: float, moves: tuple[Move, ...] = (),
               hands: tuple[HandMove, ...] = ()) -> int:
        """Adds a shot; returns its last frame."""
        frames = self.pace.frames(seconds)
        moving = frozenset(move.start.code for move in moves if move.start.code != BACK)
        self.shots.append(Shot(frames, self.contents.resting(moving), moves, hands))
        self.frame += frames
        return self.frame - 1

    def _quiet(self, seconds: float) -> None:
        self._shoot(seconds)

    def _rest(self) -> None:
        self._quiet(float(self.rng.uniform(*self.pace.rest)))
        if self.contents.cards and self.rng.random() < self.pace.hand_pass_rate:
            self._hand_pass()

    def _grip(self, pose: Pose, home: Pose) -> Pose:
        """Where fingertips hold a card: on its edge nearest the player."""
        direction = np.array([home.x - pose.x, home.y - pose.y])
        norm = float(np.linalg.norm(direction)) or 1.0
        reach = self.table.card_height * 0.3 / norm
        return pose.shifted(direction[0] * reach, direction[1] * reach)

    def _carry(self, moves: list[Move], seat: str | None, seconds: float) -> int:
        """One shot of cards carried together, by `seat`'s hand when given."""
        hands: tuple[HandMove, ...] = ()
        if seat is not None and moves:
            home = self.table.home(seat)
            lead = moves[0]
            hands = (HandMove(seat, home, self._grip(lead.start.pose, home),
                              self._grip(lead.end, home)),)
        return self._shoot(seconds, tuple(moves), hands)

    def _retract(self, seat: str, pose: Pose) -> None:
        home = self.table.home(seat)
        self._shoot(self.pace.retract, hands=(HandMove(seat, home, self._grip(pose, home), home),))

    def _hand_pass(self) -> None:
        """A hand reaches over the cards (to straighten one, to point) and goes back."""
        seat = self.table.seats.names[int(self.rng.integers(len(self.table.seats.names)))]
        home = self.table.home(seat)
        cards = list(self.contents.cards.values())
        target = cards[int(self.rng.integers(len(cards)))].pose
        tip = target.shifted(*self.rng.normal(0, self.table.card_width * 0.3, 2))
        self._shoot(0.4, hands=(HandMove(seat, home, home, tip),))
        self._shoot(float(self.rng.uniform(*self.pace.hand_pass_hold)),
                    hands=(HandMove(seat, home, tip, tip),))
        self._shoot(0.4, hands=(HandMove(seat, home, tip, home),))

    def _dealer(self, snapshot: dict) -> str:
        dealer = snapshot.get("dealer")
        return dealer if dealer in self.table.seats.names else self.table.seats.names[0]

    # -- acting a legal event ----------------------------------------------------------------

    def _play(self, event: dict, before: dict, after: dict, entry: dict) -> None:
        kind = event.get("type")
        actor = self._actor(event)
        if kind == "new_game":
            self._clear_all(after)
        if kind == "deal":
            self._deal(before, after)
        placed = self.places.layout(after, event)
        lying = self.contents.cards
        own = laid_cards(event)
        arriving = {c: pose for c, pose in placed.items() if c not in lying}
        passing = {c: self.places.intended(event, c) for c in own
                   if c not in placed and c not in lying}
        leaving = [c for c in lying if c not in placed]
        # a card that leaves with the others at once (the game's last card, thrown in on a bout
        # taken) lands among them first: swept before it came, it would seem laid alone
        place_first = kind in PLACE_FIRST or bool(passing)
        visible_frame = None
        if leaving and not place_first:
            closing_take = self._open_take is not None  # the sweep is the take's, not this event's
            swept = self._leave(leaving, after, event)
            visible_frame = None if closing_take else swept
        if kind not in FROM_STOCK | DRAWN_THEN_LAID:
            self._draws(event, before, after, own)
        if arriving or passing:
            visible_frame = self._arrive({**arriving, **passing}, actor, kind)
            if passing or (leaving and place_first):
                self._quiet(0.6)
                self._leave([*passing, *(leaving if place_first else [])], after, event)
        self._settle_piles(after)
        if before.get("phase") in ("opening", "faceup") and after.get("phase") == "play":
            self._quiet(self.pace.sort_hands)  # everyone sorts the cards he just took up
        if kind == "take" and after.get("table"):
            self._open_take = entry
        self._mark(entry, self.frame if visible_frame is None else visible_frame,
                   visible_frame is not None)
        if visible_frame is None:
            self._quiet(self.pace.quiet)
        else:
            self._rest()

    def _settle_piles(self, after: dict) -> None:
        trump = self.contents.trump
        if after.get("variant") in PODKIDNOY and after.get("trump") in self.contents.cards:
            trump = after["trump"]
        self.contents.trump = trump if trump in self.contents.cards else None
        self.contents.stock = max(0, after.get("stock", 0) - (1 if self.contents.trump else 0))
        self.contents.discard = after.get("discard", 0)

    def _arrive(self, cards: dict[str, Pose], actor: str, kind: str | None) -> int:
        """Cards brought in together by one hand; returns the frame they come to rest."""
        source = self.table.stock if kind in FROM_STOCK else self.table.home(actor)
        if kind in DRAWN_THEN_LAID:
            self._carry([Move(Item(BACK, self.table.stock, False), source)], actor,
                        self.pace.draw)
        moves = [Move(Item(code, source.shifted(0, 0, float(self.rng.normal(0, 20)))), pose)
                 for code, pose in cards.items()]
        rest = self._carry(moves, actor, self.pace.slide)
        for code, pose in cards.items():
            self.contents.cards[code] = Item(code, pose)
        self._retract(actor, next(iter(cards.values())))
        return rest

    def _leave(self, cards: list[str], after: dict, event: dict) -> int:
        """Cards swept off the table together; returns the frame the sweep ends."""
        moves, sweeper = [], None
        for code in cards:
            item = self.contents.cards[code]
            end, flip = self.places.destination(code, after, event, self._dealer(after))
            moves.append(Move(item, end.shifted(0, 0, float(self.rng.normal(0, 15))),
                              0.5 if flip else None))
            if not flip:
                sweeper = self._seat_at(end)
        seat = sweeper or self._nearest_seat(self.table.discard)
        done = self._carry(moves, seat, self.pace.sweep)
        for code in cards:
            del self.contents.cards[code]
        if self._open_take is not None and sweeper is not None:
            self._open_take["swept_frame"] = done
            self._open_take = None
        self._settle_piles(after)
        self._quiet(self.pace.after_sweep)
        return done

    def _seat_at(self, home: Pose) -> str | None:
        return next((seat for seat in self.table.seats.names if self.table.home(seat) == home),
                    None)

    def _nearest_seat(self, pose: Pose) -> str:
        return self.table.seats.nearest(self.table.to_image((pose.x, pose.y)))

    def _draws(self, event: dict, before: dict, after: dict, own: list[str]) -> None:
        """Face-down cards from the stock to whoever drew (given or filled in by the referee)."""
        if after.get("stock", 0) >= before.get("stock", 0) or after.get("phase") != "play":
            return
        counts = {}
        taken = sum(bool(card) for pair in before.get("table") or []
                    for card in (pair["attack"], pair["defence"]))
        for seat, hand in (after.get("hands") or {}).items():
            old = (before.get("hands") or {}).get(seat, {}).get("count", 0)
            played = len(own) if seat == event.get("player") else 0
            received = taken if before.get("took") and seat == before.get("defender") else 0
            counts[seat] = hand["count"] - old + played - received
        if event.get("type") == "draw":
            counts = {event.get("player"): before["stock"] - after["stock"]}
        moves = [Move(Item(BACK, self.table.stock, False), self.table.home(seat))
                 for seat, drawn in counts.items() if drawn > 0 and seat in self.table.seats.names]
        if moves:
            self._carry(moves, None, self.pace.draw)

    def _deal(self, before: dict, after: dict) -> None:
        """The dealer puts the deck down and deals face down round the table."""
        dealer = self._dealer(after)
        deck = int(after.get("deck") or 36)
        home = self.table.home(dealer)
        self._shoot(0.6, (Move(Item(BACK, home, False), self.table.stock),),
                    (HandMove(dealer, home, home, self._grip(self.table.stock, home)),))
        self.contents.stock = deck
        self._retract(dealer, self.table.stock)
        hands = after.get("hands") or {}
        moves = [Move(Item(BACK, self.table.stock, False), self.table.home(seat))
                 for seat in self.table.seats.names if hands.get(seat, {}).get("count", 0)]
        if moves:
            self._shoot(0.8, tuple(moves))
        dealt_face_up = len(after.get("open_table") or []) + len(after.get("piles") or {})
        self.contents.stock = after.get("stock", 0) + dealt_face_up
        self._quiet(0.3)

    def _clear_all(self, after: dict) -> None:
        """A new game: the dealer gathers every card on the table."""
        home = self.table.home(self._dealer(after))
        moves = [Move(item, home) for item in self.contents.resting()]
        self.contents.cards.clear()
        self.contents.trump, self.contents.stock, self.contents.discard = None, 0, 0
        self.places.reset()
        if moves:
            self._carry(moves, self._dealer(after), 0.9)
            self._quiet(0.8)

    # -- acting a refused event --------------------------------------------------------------

    def _gather_taken(self, before: dict, lead: dict) -> None:
        """A lead, even one out of turn, comes onto a clear table: the bout declared taken is
        gathered by its taker first, the take's sweep (classic-3p-seed97: Vera's 7♥ led out of
        turn, P7, was laid beside the bout Anna had taken, still lying: a throw-in to anyone
        watching, and legal as one, so the foul could not be seen). Not where the bout goes on
        after it (`bout_goes_on`; dummy-2p-seed100: after Boris took, his lead out of turn
        refused, the dummy threw in the A♦, onto the bout gathered too soon)."""
        bout = [code for code in table_cards(before) if code in self.contents.cards]
        if bout:
            self._leave(bout, before, lead)
        self.places.clear_bout()

    def _refused(self, event: dict, before: dict, entry: dict) -> None:
        """A foul: the player lays the card where he meant to, it lies a moment, he takes it
        back. A refused event without a card to show leaves nothing to see."""
        kind = event.get("type")
        actor = self._actor(event)
        own = laid_cards(event)
        deck = deck_codes(self.setup)  # a card the deck does not hold cannot be laid
        own = [c for c in own if c in deck and c not in self.contents.cards]
        if not own:
            self._mark(entry, self.frame, visible=False)
            self._quiet(self.pace.quiet)
            return
        if kind == "attack" and self._open_take is not None \
                and not bout_goes_on(self.events[entry["line"]:]):
            self._gather_taken(before, event)
        shown: dict[str, Pose] = {}
        beside = kind in ("attack", "throw_in", "transfer")  # laid beside the bout
        for code in own:
            pose = self.places.intended(event, code)
            shown[code] = self.places.beside_bout(len(shown)) if beside else pose
        rest = self._arrive(shown, actor, kind)
        self._mark(entry, rest, visible=True)
        self._quiet(self.pace.takeback)
        home = self.table.home(actor)
        first = next(iter(shown.values()))
        self._shoot(0.35, hands=(HandMove(actor, home, home, self._grip(first, home)),))
        source = self.table.stock if kind in FROM_STOCK else home
        moves = [Move(self.contents.cards.pop(code), source) for code in shown]
        self._carry(moves, actor, self.pace.slide)
        self._rest()
