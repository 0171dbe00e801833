"""A game log acted out as detections: what a good but noisy detector would report, per frame.

`ScriptedGame(events)` plays a log (EVENTS.md) on a shadow referee and turns each change of what
lies face up on the table into cards sliding in from the acting player's seat, resting, being
covered by hands, and leaving: with jitter, missed frames and stray misreads. It writes the ground
truth beside it (the camera-visible events, each with the frame its card came to rest). It
measures the tracking and inference layers on whole games without a model; a refused event (an
injected foul) is acted out as a card laid down and taken back. Logs should be as a camera knows
them (`referee.simulate.conceal`): an injected foul that only the hands would show is left out.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass, field

import numpy as np

from vision.detections import Detections
from vision.seats import SeatMap
from vision.swept_bout import table_cards
from vision.table_events import bout_goes_on

# events a camera can see; `draw`, `pass` and `declare` happen in hands and voices
VISIBLE = {"deal", "trump", "attack", "throw_in", "defend", "transfer", "take", "discard",
           "pass_on", "open_draw", "deal_card", "new_game"}
# events whose card lands on a card that then leaves: lay it first, then clear
PLACE_FIRST = {"open_draw", "pass_on", "deal_card", "trump"}
ALL_CARDS = [r + s for s in "SHDC" for r in
             ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")]


@dataclass(frozen=True)
class ScriptConfig:
    fps: float = 30.0
    frame_size: tuple[int, int] = (1280, 720)
    card_size: tuple[float, float] = (60.0, 90.0)
    slide_seconds: float = 0.4      # a hand bringing a card in
    rest_seconds: float = 0.9       # quiet after a card lands, before the next act
    takeback_seconds: float = 1.5   # a refused card lies this long before it is taken back
    clear_seconds: float = 3.6      # after cards leave (longer than the tracker's gone_after)
    jitter: float = 1.5             # pixels of detector noise
    miss_rate: float = 0.03         # a visible card not detected in one frame
    stray_rate: float = 0.01        # a frame with one misread card somewhere
    occlusion_rate: float = 0.25    # after an act, a hand covers nearby cards for a while
    occlusion_seconds: tuple[float, float] = (0.8, 2.0)
    confidence: tuple[float, float] = (0.7, 0.98)


@dataclass(frozen=True)
class TruthEvent:
    event: dict
    ok: bool
    frame: int


@dataclass
class ScriptedGame:
    events: list[dict]
    config: ScriptConfig = field(default_factory=ScriptConfig)
    seed: int = 0

    def __post_init__(self) -> None:
        from referee import Referee  # the shadow referee says what lies on the table

        self.setup = self.events[0]
        width, height = self.config.frame_size
        self.seats = SeatMap.around_frame(self.setup["seats"], width, height)
        self.truth: list[TruthEvent] = []
        self._rng = np.random.default_rng(self.seed)
        self._referee = Referee()
        self._visible: dict[str, tuple[float, float]] = {}   # card -> centre, as it moves
        self._roles: dict[str, tuple[str, tuple[float, float]]] = {}  # card -> (role, spot)
        self._pass_on_spot: dict[str, tuple[float, float]] = {}  # C7: lands on the card it covers
        self._hidden_until: dict[str, int] = {}
        self._frames: list[tuple[int, float, Detections]] = []
        self._center = (width / 2, height / 2)

    # -- geometry --------------------------------------------------------------------------------

    def _bout_slot(self, index: int) -> tuple[float, float]:
        cx, cy = self._center
        row, col = divmod(index, 6)
        return (cx - 275 + 110 * col, cy - 40 + 150 * row)

    def _ring_slot(self, index: int) -> tuple[float, float]:
        cx, cy = self._center
        angle = 2 * math.pi * index / 12
        return (cx + 330 * math.cos(angle), cy + 200 * math.sin(angle))

    def _free_ring_slots(self) -> list[tuple[float, float]]:
        """Ring places where no card lies now (nor is about to, in the current layout)."""
        taken = [*self._visible.values(), *(spot for _, spot in self._roles.values())]
        free = [self._ring_slot(i) for i in range(12)
                if all(math.dist(self._ring_slot(i), spot) > 1.0 for spot in taken)]
        return free or [self._ring_slot(0)]

    def _pile_spot(self, owner: str) -> tuple[float, float]:
        cx, cy = self._center
        x, y = self.seats.point(owner)
        return (cx + 0.6 * (x - cx), cy + 0.6 * (y - cy))

    @property
    def _stock_spot(self) -> tuple[float, float]:
        return (self._center[0] + 450, self._center[1] + 230)

    def _layout(self, snapshot: dict) -> dict[str, tuple[str, tuple[float, float]]]:
        """card -> (role, where it lies) for everything face up in a snapshot; a card keeps its
        place while its role stays."""
        placed: dict[str, tuple[str, tuple[float, float]]] = {}

        def keep(card: str, role: str) -> tuple[float, float] | None:
            old = self._roles.get(card)
            return old[1] if old is not None and old[0] == role else None

        variant = snapshot.get("variant")
        trump = snapshot.get("trump")
        if trump and (variant in ("classic", "transfer", "dummy") and snapshot["stock"] > 0
                      and snapshot["phase"] == "play"):
            placed[trump] = ("trump", self._stock_spot)
        if trump and variant == "round" and snapshot["phase"] == "opening":
            placed[trump] = ("trump", self._center)
        ring = iter([self._ring_slot(i) for i in range(12)
                     if self._ring_slot(i) not in {spot for _, spot in self._roles.values()}])
        for card in snapshot.get("open_table") or []:
            placed[card] = ("open", keep(card, "open") or next(ring, self._ring_slot(0)))
        for owner, pile in (snapshot.get("piles") or {}).items():
            if pile and snapshot["phase"] == "faceup":
                spot = self._pile_spot(owner)
                offset = 6 * ((len(pile) - 1) % 3)  # cards never land exactly on each other
                placed[pile[-1]] = ("pile", (spot[0] + offset, spot[1] + offset))
        table = snapshot.get("table") or []
        used = {keep(pair["attack"], "attack") for pair in table}
        free = iter([self._bout_slot(i) for i in range(12) if self._bout_slot(i) not in used])
        for pair in table:
            attack = pair["attack"]
            spot = keep(attack, "attack") or self._pass_on_spot.pop(attack, None) or next(free)
            placed[attack] = ("attack", spot)
            if pair["defence"]:
                placed[pair["defence"]] = ("defence", (spot[0] + 20, spot[1] + 28))
        return placed

    # -- acting ------------------------------------------------------------------------------------

    def frames(self) -> Iterator[tuple[int, float, Detections]]:
        """Acts the whole log (once) and yields (frame, time, detections)."""
        if not self._frames:
            self._act_all()
        yield from self._frames

    def _act_all(self) -> None:
        self._referee.apply(self.setup)
        self._wait(0.5)
        for line, event in enumerate(self.events[1:], start=2):
            self._act(event, self.events[line:])
        self._wait(self.config.clear_seconds)

    def _act(self, event: dict, following: list[dict]) -> None:
        """One event of the log acted out (`following`: the log's events after it)."""
        kind = event.get("type")
        before = self._roles
        if kind == "pass_on":  # the new card is laid on the one it cannot beat
            covered = next((p["attack"] for p in self._referee.snapshot()["table"]
                            if p["defence"] is None), None)
            if covered in before:
                x, y = before[covered][1]
                self._pass_on_spot[event.get("card")] = (x + 20, y + 28)
        verdict = self._referee.apply(event)
        if verdict.ok and "foul" in event:
            # an injected foul the camera's referee cannot judge (it needs the hands): the
            # simulator's game went on without it, so this game does too
            self._referee.undo()
            return
        after = self._layout(self._referee.snapshot()) if verdict.ok else before
        actor = event.get("player") or self.setup["dealer"]
        if actor not in self.seats.names:
            actor = self.setup["dealer"]
        own = list(event.get("cards") or ([event["card"]] if "card" in event else []))
        if kind == "deal":
            own = [*(event.get("table") or []), *(event.get("faceup") or {}).values()]
        if not verdict.ok:
            self._refused(event, actor, own, following)
            return
        self._roles = after
        leaving = [c for c in before if c not in after or before[c][0] != after[c][0]]
        arriving = {c: spot for c, (_, spot) in after.items()
                    if c not in before or before[c][0] != after[c][0]}
        passing = {c: self._passing_spot(event, c) for c in own if c not in after}
        if kind == "new_game":
            self._remove(list(self._visible))
        # a card that leaves with the others at once (the game's last card, thrown in on a
        # bout taken) lands among them first
        if kind not in PLACE_FIRST and not passing and leaving:
            self._remove(leaving)
            leaving = []
        if kind in VISIBLE:  # its card comes to rest at the end of the slide
            rest_frame = len(self._frames) + round(self.config.slide_seconds * self.config.fps)
            self.truth.append(TruthEvent(event, True, rest_frame))
        if arriving or passing:
            self._slide({**arriving, **passing}, actor)
        if leaving or passing:
            self._remove([*leaving, *passing])
        self._maybe_occlude()

    def _passing_spot(self, event: dict, card: str) -> tuple[float, float]:
        """Where a card lies that leaves in the same act: a beating draw lies on its target."""
        if event.get("type") == "pass_on" and card in self._pass_on_spot:
            return self._pass_on_spot.pop(card)
        target = event.get("beats") or event.get("on")
        if target and target in self._visible:
            x, y = self._visible[target]
            return (x + 20, y + 28)
        if event.get("type") == "open_draw":  # laid beside the table cards
            return self._free_ring_slots()[0]
        if event.get("type") == "deal_card" and event.get("to") in self.seats.names:
            x, y = self._pile_spot(event["to"])  # on the pile it was meant for
            return (x + 12, y + 12)
        return self._stock_spot if event.get("type") == "trump" else self._bout_slot(7)

    def _refused(self, event: dict, actor: str, own: list[str], following: list[dict]) -> None:
        """A foul: the card is laid where the player meant it, then taken back."""
        kind = event.get("type")
        snapshot, first_free = self._referee.snapshot(), 8
        if kind == "attack" and snapshot.get("took") and any(
                card not in self._visible for card in own) and not bout_goes_on(following):
            # a lead comes onto a clear table: the bout taken is gathered first
            self._remove(table_cards(snapshot))
            first_free = 0
        shown = {c: self._passing_spot(event, c) for c in own if c not in self._visible}
        if kind in VISIBLE and shown:  # a refused event without cards leaves no trace to see
            rest_frame = len(self._frames) + round(self.config.slide_seconds * self.config.fps)
            self.truth.append(TruthEvent(event, False, rest_frame))
        if kind in ("attack", "throw_in", "transfer"):
            shown = dict(zip(shown, [self._bout_slot(i) for i in range(first_free, 12)],
                             strict=False))

        if not shown:
            self._wait(self.config.rest_seconds)
            return
        self._slide(shown, actor, rest=self.config.takeback_seconds)
        self._remove(list(shown))

    def _slide(self, cards: dict[str, tuple[float, float]], actor: str,
               rest: float | None = None) -> None:
        start = self.seats.point(actor)
        frames = max(1, round(self.config.slide_seconds * self.config.fps))
        for i in range(1, frames + 1):
            f = i / frames
            for card, end in cards.items():
                self._visible[card] = (start[0] + f * (end[0] - start[0]),
                                       start[1] + f * (end[1] - start[1]))
            self._step()
        self._wait(self.config.rest_seconds if rest is None else rest)

    def _remove(self, cards: list[str]) -> None:
        for card in cards:
            self._visible.pop(card, None)
        self._wait(self.config.clear_seconds)

    def _maybe_occlude(self) -> None:
        if not self._visible or self._rng.random() >= self.config.occlusion_rate:
            return
        centre = np.array(list(self._visible.values())[self._rng.integers(len(self._visible))])
        until = len(self._frames) + round(self._rng.uniform(*self.config.occlusion_seconds)
                                          * self.config.fps)
        for card, spot in self._visible.items():
            if np.linalg.norm(np.array(spot) - centre) < 160:
                self._hidden_until[card] = until
        self._wait(self.config.rest_seconds)

    def _wait(self, seconds: float) -> None:
        for _ in range(round(seconds * self.config.fps)):
            self._step()

    def _step(self) -> None:
        config = self.config
        frame = len(self._frames)
        width, height = config.card_size
        items = []
        for card, (x, y) in self._visible.items():
            if self._hidden_until.get(card, -1) > frame or self._rng.random() < config.miss_rate:
                continue
            x, y = np.array([x, y]) + self._rng.normal(0, config.jitter, 2)
            items.append((card, (x - width / 2, y - height / 2, x + width / 2, y + height / 2),
                          float(self._rng.uniform(*config.confidence))))
        if self._rng.random() < config.stray_rate:
            x, y = self._rng.uniform(100, 1100), self._rng.uniform(100, 600)
            items.append((str(self._rng.choice(ALL_CARDS)),
                          (x, y, x + width, y + height), float(self._rng.uniform(0.3, 0.9))))
        self._frames.append((frame, frame / config.fps, Detections.from_cards(items)))
