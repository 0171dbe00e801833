"""The follower's model of the game and its core: seats, turns, and how an event is offered.

`GameView` is what `GameFollower` believes (phase, trump, who leads and defends, the bout's
layout); `FollowerCore` holds the seat logic (G9 out, D3 passive dummy, who played a card from the
way it came in) and `_emit`, the one place where an event goes to the judge or becomes a question.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from vision.seats import SeatMap
from vision.swept_bout import (
    DiscardWay,
    beats_in_game,
    breaks_the_rule_too,
    hand_known,
    swept_towards,
    table_cards,
    unaccounted,
    unbeaten_attacks,
)
from vision.table_events import (
    Question,
    TableEvent,
    card_text,
    describe_event,
    laid_cards,
    played_cards,
    renamed_card,
    with_card,
)
from vision.table_reader import (
    TablePair,
    TableReader,
    beats,
    look_alikes,
    look_alikes_by_colour,
    overlap,
    suit_of,
)
from vision.tracking import CardTrack, TrackState

if TYPE_CHECKING:
    from vision.guessed_throwers import GuessedThrow
    from vision.missed_cards import MissedCardQuestion
    from vision.open_lead import OpenLead
    from vision.trump_check import TrumpAsked

DUMMY = "dummy"
MISREAD_RULES = ("G8", "G4", "C5", "P3")  # refusals a look-alike misreading may explain
# s: a card that came to rest this near the first reading of another code lying on it: that
# code is its corner (or the box of its pile) misread
JUST_COVERED = 1.0
WHOLE_JUST_BEFORE = 0.5  # s: a card read whole this long before it came to rest, then by its index
Emitted = TableEvent | Question
SAME_CARD_OVERLAP = 0.8  # two tracks' boxes overlapping this much: one card read as two codes
REFUSED_AS_ALIKE = 1.0  # s: a look-alike refused at a card's place this recently: one act
REFUSED_STILL_LYING = 3.0  # s: ... or this recently, and still lying there when read anew
CAME_IN_WAY = 0.5        # card sizes: a card read from this far away at least came in
SHORT_WAY = 0.3          # card sizes: a way shorter than this points nowhere
SHORT_WAY_DEG = 10.0     # ... a longer one, under `CAME_IN_WAY`, points at a seat this near it
SHORT_WAY_MARGIN = 45.0  # ... and this much nearer than any other seat
TURNS = ("open_draw", "deal_card")  # the openings' turns (round R2, cross C3), taken in order
# the camera tells nothing of the game: cross's deal lost (`lost`: until the players give the
# hands or the game ends), or the bouts gone astray after hands it guessed (`astray`: until
# the game ends)
UNFOLLOWED = ("lost", "astray")


def as_a_foul(event: dict, rule: str | None) -> list[dict]:
    """For a reading the referee refuses as a card it knows elsewhere (G8), the answer "it
    happened as read, and it is that foul": the event marked `foul` (as a game log marks one),
    offered to the players beside "it happened" alone, which tells the camera it misread that
    card before (the referee's past is then renamed, `TablePipeline.answer`)."""
    return [{**event, "foul": rule}] if rule == "G8" else []


def distinct(events: Iterable[dict], besides: Sequence[dict] = ()) -> list[dict]:
    """Each of `events` once, in order, but for those in `besides`."""
    out: list[dict] = []
    for event in events:
        if event not in out and event not in besides:
            out.append(event)
    return out


def _distance_to_segment(point: np.ndarray, start: np.ndarray, end: np.ndarray) -> float:
    """How far `point` lies from the straight way from `start` to `end`."""
    way = end - start
    length = float(way @ way)
    along = 0.0 if length < 1e-9 else min(max(float((point - start) @ way) / length, 0.0), 1.0)
    return float(np.linalg.norm(point - (start + along * way)))


def holder_of(event: dict) -> str | None:
    """Whose hand the card an event plays came from: None (any: the stock) for an opening's
    turn, which lays the card just drawn."""
    return None if event.get("type") in TURNS else event.get("player")


@dataclass(frozen=True)
class InferenceConfig:
    group_window: float = 0.4    # lead_group: lead cards placed this close together are one attack
    together_window: float = 0.1  # cards that come to rest this close are laid at once
    swept_after: float = 1.0     # a card laid on a bout unseen this long waits: swept or covered?
    round_group_window: float = 1.0  # round attacks are 1, 3 or 5 cards: wait for all of them
    settle_window: float = 0.1   # layout deals (round, cross): quiet this long before reading
    layout_timeout: float = 3.0  # ... or this long when cards are missing from the layout
    centre_wait: float = 10.0    # ... round's eight table cards round an empty centre: this long
    #                              for the centre trump (laid after them, at the dealer's pace)
    doubtful_confidence: float = 0.6  # a card read with less mean confidence is asked about
    direction_max_deg: float = 40.0   # the seat a card came from lies within this angle of its path
    direction_margin_deg: float = 15.0  # ... and this much nearer than any other seat
    defence_path: float = 1.0  # a defence is another's only if seen coming this many card
    #                            sizes (read only near the bout, its way points anywhere)
    rival_share: float = 0.25  # a card whose place was read as another code this much is asked
    misread_margin: float = 0.08  # a card refused for its name (MISREAD_RULES) read this much
    #                  less surely than the game's median card may be a look-alike misread: asked
    carried_gap: float = 0.3      # a card read moving, unseen this long, then read as another
    #                               code where it was heading: one card read two ways
    ways_kept: float = 1.5        # s: a card read on its way in is remembered this long after
    #                               its last reading (the tracker forgets it after 0.5 s)
    lost_kept: float = 5.0        # s: ... and, for the questions, one that never came to rest
    #                               (misread there, or covered as it was laid)
    same_place: float = 0.12      # card sizes: two cards whose centres are this near lie as one
    defence_wait: float = 1.0     # a throw-in waits at most this long for a card still coming
    #                               to rest on an unbeaten attack card, brought in before it
    lead_with_refused: float = 1.0  # a card refused this soon after a lead was laid with it
    answer_wait: float = 5.0      # cards thrown in on a covered lead wait this long for the
    #                               players to say what beat it (then: a take)
    doubt_wait: float = 15.0      # an unanswered doubtful reading is taken as read this long
    #                               after it was asked (or once its cards left the table)
    bout_close_lag: float = 3.0   # a bout is seen closed up to this long after it closed
    watch_gap: float = 1.0        # s: frames at most this far apart: the camera saw the table
    index_only_share: float = 0.6  # a box this much smaller than the table's cards is an index
    index_reach: float = 0.5      # ... and the card it names reaches this many card lengths
    #                               from it every way (which way the card lies is not known)


@dataclass
class GameView:
    """What the follower believes about the game; copied before an uncertain step."""

    phase: str = "deal"          # deal, opening (round), faceup (cross), play, finished, or
                                 # one of UNFOLLOWED
    game: int | None = None      # the referee's number of the game followed (None: not read yet)
    # black cards read surely and refused as known elsewhere (G8) in this game
    black_refused: set[str] = field(default_factory=set)
    # the follower's `fouls_told` when the camera guessed cross's hands (`MissedTurns`)
    fouls_before_guessed_hands: int | None = None
    trump: str | None = None
    trump_on_table: bool = False
    trump_box: np.ndarray | None = None
    trump_track: CardTrack | None = None   # the card taken as the trump, until the first lead
    trump_asked: TrumpAsked | None = None  # the trump asked about (`vision.trump_check`)
    trump_read_as: str | None = None       # ... a look-alike the camera reads it as
    trump_doubted: bool = False            # ... its reading weighed against the game's cards
    # codes ignored as the trump's index misread where it lies: a card of that code carried
    # later is another card, come in from where it was first seen carried
    misread_at_trump: set[str] = field(default_factory=set)
    started_at: float = 0.0                # when this game began (its deal)
    leader: str | None = None    # leads the next bout, or led the current one
    defender: str | None = None
    took: bool = False
    reader: TableReader = field(default_factory=TableReader)
    lead_buffer: list[CardTrack] = field(default_factory=list)  # a lead still forming
    open_lead: OpenLead | None = None  # round: a lead the referee has, open for more cards
    open_tried: list[tuple[str, float | None]] = field(default_factory=list)  # ... offered early
    pending: list[CardTrack] = field(default_factory=list)  # cards laid on a bout out of sight
    resolving: bool = False  # ... being played now (a card waiting on one of them waits on)
    layout: list[CardTrack] = field(default_factory=list)       # round/cross deal being laid
    open_table: dict[str, np.ndarray] = field(default_factory=dict)  # round opening cards
    opening_turn: str | None = None   # round: who draws next; cross: who places next
    drawn_beside: dict | None = None  # round: the last draw the referee has laid beside
    turn_at: float = 0.0              # ... since when (the last turn the referee accepted)
    closed_at: float = 0.0            # when the last bout closed
    pile_tops: dict[str, np.ndarray] = field(default_factory=dict)   # cross piles by owner
    faceup_deal: dict | None = None   # cross: the face-up deal the referee has (C1)
    last_placing: dict | None = None  # cross: the last placing on a pile the referee has (C3)
    placings: dict[str, dict] = field(default_factory=dict)  # cross: ... each, by its card
    turn_coming: dict | None = None   # an opening's turn being told now (a turn missed before
    #                                   it must have left the table so that it is legal)
    refused_at: dict[str, float] = field(default_factory=dict)  # a card's last foul: when
    dealt_faceup: set[str] = field(default_factory=set)  # cross: cards dealt onto the piles
    stock_left: int = 0
    doubtful: set[str] = field(default_factory=set)  # cards whose events wait for an answer
    take_guessed: bool = False   # the bout's take was inferred from a throw-in, not seen
    # the last bout closed with a take: its defender, the attack cards left unbeaten, all its
    # cards (a take the camera guessed, the referee may have had from the players instead)
    last_take: tuple[str, tuple[str, ...], tuple[str, ...]] | None = None
    passed_on: tuple[dict, str] | None = None  # cross: the last pass-on, and the card it covered
    cloth: list[np.ndarray] = field(default_factory=list)  # a pattern on the cloth read as a card
    # where a code lay, never brought in, before a card of it was brought in from elsewhere
    # (`GameFollower._new_try`): a pattern on the cloth read as that card, maybe
    lay_before: dict[str, np.ndarray] = field(default_factory=dict)
    # the codes a card was read as on its way in when it came to rest
    # (`_read_on_its_way_as`): known elsewhere later, it may have been one of them
    came_in_as: dict[str, list[str]] = field(default_factory=dict)
    # throw-ins told as a player's without seeing where they came from (`GuessedThrowers`)
    throws_guessed: list[GuessedThrow] = field(default_factory=list)

class FollowerCore:
    """Seats, turns and emitting, shared by the phases of `GameFollower`."""

    def __init__(self, setup: dict, seats: SeatMap | None = None,
                 config: InferenceConfig | None = None,
                 judge: Callable[..., bool] | None = None,
                 snapshot: Callable[[], dict] | None = None,
                 frame_size: tuple[int, int] = (1280, 720),
                 revise: Callable[..., bool] | None = None,
                 rename_past: Callable[..., bool] | None = None,
                 misread_on_table: Callable[[str, str], None] | None = None) -> None:
        self.setup = setup
        self.variant: str = setup.get("variant", "classic")
        self.options: dict = setup.get("options") or {}
        self.seat_names: list[str] = list(setup["seats"])
        self.seats = seats or SeatMap.around_frame(self.seat_names, *frame_size)
        self.config = config or InferenceConfig()
        self.judge = None if judge is None else self._counting_fouls(judge)
        self.fouls_told = 0   # refusals the judge kept (fouls told)
        self.snapshot = snapshot
        # the referee's past rewritten: (event accepted, event instead, may_refuse=False)
        self.revise = revise
        # a card the referee knows elsewhere (G8) misread before: (event, keep, sure_too=False)
        # -> renamed? (`sure_too`: a card read surely too, only tried)
        self.rename_past = rename_past
        # a table card found misread when it was played: (old, new), renamed in the referee's
        # past and the follower's bout (`found_misread_on_table`)
        self.misread_on_table = misread_on_table
        self.view = GameView()
        self._frame, self._time = 0, 0.0
        self._tracks: dict[str, CardTrack] = {}  # this frame's cards on the table, by code
        self._arriving: list[CardTrack] = []     # ... and those read on their way in
        self._unplaced: list[CardTrack] = []     # ... and those not read this frame too
        # ... and those of the last `lost_kept` seconds, gone from the tracker since (unseen
        # `forget_candidate_after`): where a card was read on its way in
        self._ways_in: dict[str, CardTrack] = {}
        # ... those of them read moving (`_came_in`), kept while a later one of the same code
        # only flickers where a card lies
        self._came_in_lately: dict[str, CardTrack] = {}
        self._frame_times: deque[float] = deque()   # when the frames of the last minute came
        self._last_tracks: dict[str, CardTrack] = {}  # every card's last track, gone ones too
        self._gone_tracks: dict[str, deque[CardTrack]] = {}  # ... the last that left the table
        self._missed: MissedCardQuestion | None = None  # asked about a card the camera missed
        self.late_events: list[TableEvent] = []  # judged on an answer, for the pipeline's log
        self.withdrawn: list[Question] = []  # questions the game went on without: not judged
        self.renamed: list[tuple[str, str]] = []  # (old, new): cards renamed without an answer
        self.swapped: list[tuple[str, str]] = []  # two table cards each read as the other
        # refused cards taken back out of sight: the tracker forgets them, so that shown again
        # they are new cards
        self.taken_back: list[str] = []
        self.swept_unseen: list[str] = []  # bout cards out of sight that left with the rest
        self.trump_read_as: list[str] = []  # codes the trump's index was read as where it lies
        self._resync_due = False  # set the bout from the referee once no question waits
        self.guessed: set[str] = set()  # told the referee on nobody's word: look-alikes, doubts
        self.players_answer = False  # the players have answered a question of this game
        self.misread_as: dict[str, str] = {}  # old -> new: a card of this game read as old
        self._laid_beside: list[Question] = []  # which card does it beat? not yet answered
        # (where it lay, the way it went) of each card seen swept to the discard pile
        self._discard_sweeps: list[tuple[np.ndarray, np.ndarray]] = []
        self._doubts: list[Question] = []  # doubtful readings asked about, not yet answered
        # ... whose one card left the table while its bout lay there: taken back alone then?
        self._left_alone: dict[int, bool] = {}

    # -- seats and turns ---------------------------------------------------------------------

    def _snapshot(self) -> dict:
        return self.snapshot() if self.snapshot is not None else {}

    def _trump_suit(self) -> str | None:
        """The trump suit: the referee's where it has one (as `beats_in_game` judges), else
        the one the camera read."""
        suit = self._snapshot().get("trump_suit")
        return suit or (suit_of(self.view.trump) if self.view.trump else None)

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

    def _card_size(self, track: CardTrack, among: dict[str, CardTrack] | None = None) -> float:
        """A card's size on the table: of the cards lying there (or `among`), the upper
        quartile."""
        sizes = sorted(t.size for t in (self._tracks if among is None else among).values())
        return sizes[(3 * len(sizes)) // 4] if sizes else track.size

    def _at_its_place(self, track: CardTrack, center: np.ndarray) -> bool:
        """`track` lies where a card centred at `center` lies (`_one_place`)."""
        return self._one_place(track.center, center, track)

    def _one_place(self, here: np.ndarray, there: np.ndarray, track: CardTrack) -> bool:
        """Centres `here` and `there` within `same_place` of a card's size (the size of cards
        like `track`): one card read two ways, not two cards."""
        return float(np.linalg.norm(here - there)) \
            <= self.config.same_place * self._card_size(track)

    def _index_only(self, track: CardTrack) -> bool:
        """Only its corner index was read: a box far smaller than the cards on the table."""
        return track.size < self.config.index_only_share * self._card_size(track)

    def _extent(self, track: CardTrack) -> np.ndarray:
        """Where the card lies, for telling what it covers: its box, or, when only its corner
        index was read (a box far smaller than the cards on the table), a card-sized square
        around that index: the card reaches from its corner about half its length, and which
        way is not known."""
        if not self._index_only(track):
            return track.box
        whole = self._whole_at_its_index(track)
        if whole is not None:
            return whole
        centre, half = track.center, self.config.index_reach * self._card_size(track)
        return np.array([centre[0] - half, centre[1] - half, centre[0] + half, centre[1] + half],
                        np.float32)

    def _whole_at_its_index(self, track: CardTrack) -> np.ndarray | None:
        """A card read only by its index at rest, read whole just before it came to rest
        (`WHOLE_JUST_BEFORE`): that whole box, moved on by at most a card's size so that its
        corner nearest the index lies at the index's outer corner (dummy-3p-seed70: Anna's K♦
        on the 9♣, read whole once as it landed, then only by its far index; a square around
        that index barely touched the 9♣, 0.146, and the K♦ was told as Vera's throw-in)."""
        whole = track.whole_box
        if whole is None or track.rest_since - track.whole_at > WHOLE_JUST_BEFORE:
            return None
        x, y = track.center
        left, top = abs(x - whole[0]) <= abs(x - whole[2]), abs(y - whole[1]) <= abs(y - whole[3])
        shift = np.array([track.box[0] - whole[0] if left else track.box[2] - whole[2],
                          track.box[1] - whole[1] if top else track.box[3] - whole[3]])
        if float(np.linalg.norm(shift)) > self._card_size(track):
            return None
        return (whole + np.tile(shift, 2)).astype(np.float32)

    def _came_in(self, track: CardTrack) -> bool:
        """Read on its way in (from half its size away at least), not first where it lies."""
        return self._path(track) >= CAME_IN_WAY

    def _direction_choice(self, track: CardTrack, among: list[str]) -> tuple[str | None, bool]:
        """The seat a card came in from, and whether that reading is clear. A card first read
        where it lies, read as another code on its way in (`_read_on_its_way_as`), came the
        way that code's track came (dummy-3p-seed101: the dummy's K♠ read K♠ from the middle
        of the table, K♣ only at rest; told as Vera's, her known hand a card short after)."""
        start = self._way_in_start(track)
        ranked = self.seats.by_direction(start, track.center, among)
        path = self._path(track, start)
        if not ranked or path < SHORT_WAY:
            return None, False
        # angles, not cosines: cosines crowd together near 1, where 5-6 seats lie
        angles = [float(np.degrees(np.arccos(np.clip(score, -1.0, 1.0)))) for _, score in ranked]
        runner_up = angles[1] if len(angles) > 1 else 180.0
        if path < CAME_IN_WAY:
            # seen only its last short way: clear only where it points straight at one seat
            # and far from every other (dummy-3p-seed87: the dummy's 7♠, seen 0.47 of its
            # size, pointing 0.3 degrees off the dummy's seat and 76 off the next, was told
            # as Vera's by guess, its D5 foul caught 2.5 s late)
            short_clear = angles[0] <= SHORT_WAY_DEG and runner_up - angles[0] >= SHORT_WAY_MARGIN
            return (ranked[0][0], True) if short_clear else (None, False)
        clear = angles[0] <= self.config.direction_max_deg and \
            runner_up - angles[0] >= self.config.direction_margin_deg
        return ranked[0][0], clear

    def _way_in_start(self, track: CardTrack) -> np.ndarray:
        """Where the card was first seen: its track's first place or, where it was seen coming
        only a short way (`CAME_IN_WAY`), the first place of the earliest code it was read as
        on its way in, if that was further off."""
        start = track.first_center
        if self._path(track) >= CAME_IN_WAY:
            return start
        earlier = self._ways_read_as_another(track.card)
        if not earlier:
            return start
        first = min(earlier, key=lambda other: other.first_seen).first_center
        far = np.linalg.norm(track.center - first) > np.linalg.norm(track.center - start)
        return first if far else start

    def _path(self, track: CardTrack, start: np.ndarray | None = None) -> float:
        """How far it was seen coming (from `start`, else its track's first place), in card
        sizes."""
        origin = track.first_center if start is None else start
        return float(np.linalg.norm(track.center - origin)) / max(track.size, 1.0)

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

    def _counting_fouls(self, judge: Callable[..., bool]) -> Callable[..., bool]:
        def judged(event: TableEvent, *, record_refusal: bool = True) -> bool:
            verdict = judge(event, record_refusal=record_refusal)
            if not verdict and record_refusal:
                self.fouls_told += 1
            return verdict
        return judged

    def _emit(self, out: list[Emitted], event: dict, commit: Callable[[], None],
              cards: list[str], *, doubt: str | None = None,
              alternatives: list[dict] | None = None, doubt_ru: str | None = None,
              offered: list[dict] | None = None) -> bool:
        """Offer one event: as a question when in doubt, else to the judge; on acceptance (or a
        question: the best guess) `commit` updates the model. False when the judge refused.
        While a question waits for its answer, an event the judge would refuse is asked about
        instead (the judge records no refusal then: `record_refusal=False`). `offered`: more
        candidates for the players only (`Question.offered_only`)."""
        view = self.view
        told_before, view.turn_coming = view.turn_coming, \
            event if event["type"] in TURNS else None
        self._settle_unanswered(out, swept_only=True)
        if event["type"] in TURNS:
            self._settle_doubts(out, turn_taken=True)
        view.turn_coming = told_before   # (an event told while settling: the outer one again)
        depends = sorted(set(cards) | set(view.reader.cards)) if event["type"] in (
            "defend", "throw_in", "transfer", "take", "discard", "pass_on") else list(cards)
        builds_on = doubt is None and any(card in view.doubtful for card in depends)
        waits_on_earlier = builds_on
        if builds_on:
            doubt = "it builds on a card still in question"
            doubt_ru = "оно зависит от карты, о которой ещё не ответили"
        table_event = TableEvent(event, self._frame, self._time)
        question_open = bool(view.doubtful)
        misread: list[dict] = []
        foul_unanswered = False
        judged = self.judge(table_event, record_refusal=False) \
            if doubt is None and self.judge is not None else True
        if not judged:
            # a card known to be elsewhere (G8: the discard pile, another's hand), one that
            # cannot beat (G4, C5) or be thrown in (P3): the camera misread a look-alike, or
            # a player broke the rule. Two explanations, so a question
            if self._revise_take(table_event, judged, commit):
                return True
            if self._refused_here_as_alike(cards):
                view.reader.ignored.update(cards)   # the card refused there, read anew
                return False
            rule = getattr(judged, "rule", None)
            if rule == "G8" and event["type"] == "open_draw" and not question_open \
                    and self._ask_missed_turn(table_event, commit, out):
                return True   # out of turn too: the turn missed first, then the card
            if self._guess_renamed(table_event, rule):
                commit()   # the camera's guess was another card
                self.resync_when_caught_up()   # (the stock left: the referee's, told it)
                out.append(table_event)
                return True
            misread = [*self._table_cards_swapped(event, rule),
                       *(self._misread_instead(event) or self._misread_again(event)
                         or self._on_unsure_attack(event)
                         or self._black_suit_swapped(event, rule))] if rule in MISREAD_RULES \
                else self._passed_on_over_a_misread_card(event, rule)
            held = self._held_look_alikes(event) if rule == "G8" and not misread else []
            misread, held = ([self._cover_as_it_would_be(other) for other in readings]
                             for readings in (misread, held))
            if misread or held:
                mending = misread
                if not (self._no_card_played(cards, rule) or self._led_after_take(event)):
                    # a look-alike that breaks the rule as well mends nothing: not asked about
                    # (a reading that may be no card played, or the next lead, is asked about)
                    snapshot = self._snapshot()
                    mending = [reading for reading in misread
                               if not breaks_the_rule_too(snapshot, event, reading, rule)]
                misread = [*mending, *self._on_misread_attack(event, misread)]
            if misread or held:
                # read surely (`held`), or another act (`_led_after_take`): the players may
                # name it; unanswered, the reading is not taken for it
                offered = [*(offered or ()), *held, *self._led_after_take(event),
                           *self._as_fouls(event, rule)]
                doubt = f"{judged.message} Misread, or a foul ({rule})?"
                doubt_ru = f"{judged.message_ru} Ошибка камеры или нарушение ({rule})?"
            elif rule == "G8" and not question_open and self._covered_corner_misread(cards):
                # a pile's or a covered card's corner misread as a card known elsewhere: no
                # card played, nothing to ask (transfer-3p-seed97: the Q♥ laid crosswise on the
                # 8♥, a corner of the pair read 10♥, a discarded card, as it landed; asked
                # whether it was thrown in, unanswered it joined the bout, 12 false fouls)
                view.reader.ignored.update(cards)
                return False
            elif rule == "G8" and not question_open \
                    and (foul_unanswered := self._misread_before(table_event)) is not None:
                # the referee's knowledge came from the camera: a card misread before?
                offered = [*(offered or ()), *self._as_fouls(event, rule)]
                doubt = f"{judged.message} Misread before, or a foul (G8)?"
                doubt_ru = f"{judged.message_ru} Камера ошиблась раньше, или нарушение (G8)?"
            elif rule == "G8" and not question_open and self._appeared_in_place(cards):
                # known elsewhere, and never seen brought in: a card played from there comes
                # in; the camera may have read something lying there (a pattern on the cloth)
                offered = [*(offered or ()), *self._as_fouls(event, rule)]
                doubt = f"{judged.message} It was never seen coming in: misread, or a foul?"
                doubt_ru = f"{judged.message_ru} Не видно, как её положили: ошибка камеры " \
                    "или нарушение?"
            elif not question_open:
                if self._closed_unseen(judged, event, out):
                    return self._emit(out, event, commit, cards, alternatives=alternatives,
                                      offered=offered)
                if self._ask_missed_turn(table_event, commit, out):
                    return True
                if self._no_card_played(cards, rule):
                    view.reader.ignored.update(cards)   # no card: no event, no foul
                    return False
                asked = self._ask_foul_on_guessed_hands(table_event, judged, cards, out)
                if not asked:
                    self.judge(table_event)  # the refusal is kept: a foul
                view.reader.ignored.update(cards)  # refused: the card must be taken back
                view.refused_at.update((card, self._time) for card in cards)
                if asked:   # a foul, or the camera's step lost: the players say which
                    return False
                out.append(table_event)
                self._ask_layout_misread(event, getattr(judged, "rule", None), out)
                return False
            else:
                # the referee would refuse it, but it still waits for an answer that may change
                # what it knows: a question too, not a foul
                doubt = "the referee disagrees while a question is still open"
                doubt_ru = "судья возражает, пока вопрос не решён"
                waits_on_earlier = True
        if doubt is not None:
            readings = [event, *(alternatives or [])]   # each player it may have come from
            candidates = distinct((event, *misread, *(alternatives or []),
                                   *(other for reading in readings
                                     for other in self._look_alike_events(reading, cards)),
                                   *self._on_look_alikes(event)))
            for_players = distinct((*(offered or ()), *self._confident_look_alikes(readings, cards),
                                    *self._on_misread_attack(event, [])), besides=candidates)
            question = Question(f"{describe_event(event)}? ({doubt})",
                                f"{describe_event(event, russian=True)}? ({doubt_ru or doubt})",
                                (*candidates, *for_players), self._frame, self._time,
                                tuple(cards), offered_only=len(for_players),
                                waits_on_earlier=waits_on_earlier,
                                foul_unanswered=foul_unanswered,
                                read_under=self._read_under_a_sure_defence(event))
            out.append(question)
            self._doubts.append(question)
            view.doubtful.update(cards)
            commit()
            return True
        commit()
        out.append(table_event)
        return True

    def _no_card_played(self, cards: list[str], rule: str | None) -> bool:
        """A reading refused for `rule` that is no card played: a covered card's corner, or a
        card laid on a pile, misread (`_covered_corner_misread`); or a throw-in of a rank not
        on the table (P3) never seen brought in (`_appeared_in_place`): something lying there
        read as a card (transfer-3p-seed90: a pattern on the cloth read A♦ for seconds;
        classic-2p-seed90: a Q♣ defence read 10♣ whole on its own box; each a false P3). A
        card played comes in, and stays a foul. (One card read as two codes, refused once
        already, `_refused_here_as_alike`, is dropped before this is asked.)"""
        return self._covered_corner_misread(cards) \
            or rule == "P3" and self._appeared_in_place(cards)

    def _refused_here_as_alike(self, cards: list[str]) -> bool:
        """Each card lies where a look-alike of it was refused just now (`REFUSED_AS_ALIKE`),
        or lately and still lay there when the card was first read (`REFUSED_STILL_LYING`):
        one card read as two codes, refused once already, not a second foul (cross-3p-seed84:
        Anna's A♣ passed on against C7, read A♣ and A♠ in one frame: two C7 fouls;
        dummy-2p-seed110: Anna's 6♣ thrown in against P3 lay there 1.3 s, then read 6♠, a
        discarded card, for 0.3 s as she took it back: unanswered, a false G8)."""
        tracks = [self._tracks.get(card) for card in cards]
        return bool(cards) and all(
            track is not None and any(self._refused_where_it_lies(other, track)
                                      for other in look_alikes(track.card))
            for track in tracks)

    def _refused_where_it_lies(self, card: str, track: CardTrack) -> bool:
        """`card` was refused lately and lies where `track` lies (`_refused_here_as_alike`)."""
        lying = self._tracks.get(card)
        since = self._time - self.view.refused_at.get(card, -1e9)
        return lying is not None and overlap(track.box, lying.box) > 0.5 and (
            since <= REFUSED_AS_ALIKE
            or since <= REFUSED_STILL_LYING and lying.last_seen >= track.first_seen)

    def _misread_before(self, table_event: TableEvent) -> bool | None:
        """A reading refused as a card the referee knows elsewhere (G8) that a card misread
        before explains (`rename_past`, only tried): None when none does; else whether, nobody
        answering, it is the foul all the same. Only a card read surely, misread before,
        may explain it: the players alone can tell that from a card taken from the discard,
        so it is asked only at a table where they answer questions (`players_answer`); where
        they do not, a question would hold the game up only to end in the same foul."""
        if self.rename_past is None:
            return None
        if self._misread_earlier(table_event):
            return False
        sure_too = self.players_answer and self.rename_past(table_event, False, sure_too=True)
        return True if sure_too else None

    def _refused_for_a_guess(self, event: dict, rule: str | None) -> bool:
        """A placing refused because of a card the follower only guessed (`guessed`: a
        placing the camera never read): the card itself, placed where it is seen now (G8), or
        a pile's top whose rank sends it elsewhere (C3). The guess was another card."""
        if event["type"] != "deal_card" or not self.guessed:
            return False
        if rule == "G8":
            return event["card"] in self.guessed
        piles = (self._snapshot().get("piles") or {}).values()
        return rule == "C3" and any(pile and pile[-1] in self.guessed for pile in piles)

    def _guess_renamed(self, table_event: TableEvent, rule: str | None) -> bool:
        """`table_event`, refused for a card only guessed (`_refused_for_a_guess`), accepted
        once that guess is renamed in the referee's past (`rename_past`): it was another card."""
        return self._refused_for_a_guess(table_event.event, rule) \
            and self.rename_past is not None and bool(self.rename_past(table_event, True))

    def _inside_a_hidden_card(self, track: CardTrack) -> bool:
        """An index read alone inside the box of a table card unseen just now (a hand or a
        card carried past covers it): the index that shows is that card's own, misread."""
        return any(other.state is TrackState.HIDDEN and other.card != track.card
                   and not self._index_only(other)
                   and overlap(track.box, other.box) > 0.9
                   for other in self._tracks.values())

    def _covered_corner_misread(self, cards: list[str]) -> bool:
        """Each card of a refused event was never seen coming, and was read only by an index
        inside the box of a table card unseen just now (`_inside_a_hidden_card`: that covered
        card's own index, misread; dummy-2p-seed26: a 9D under the 7H beating it read 8D, a
        card of the discard pile, a false G8), or where a defence just came to rest
        (`_inside_a_pile_just_covered`): no card played."""
        tracks = [self._tracks.get(card) for card in cards]
        return bool(tracks) and all(
            track is not None and not self._came_in(track)
            and (self._index_only(track) and self._inside_a_hidden_card(track)
                 or self._inside_a_pile_just_covered(track))
            for track in tracks)

    def _inside_a_pile_just_covered(self, track: CardTrack) -> bool:
        """A code read where a bout card lies (its box, or an index inside it) first when a
        defence, tracked under its own code, came to rest on that card (`JUST_COVERED`): the
        box now spans the two, and the reading is the defence misread, by its corner or the
        pair's box (cross-3p-seed42: a Q♣ laid on the 9♣, its corner and the pair's box read
        10♣, a false C6 throw-in). A card laid on another read by its index alone has no
        other track there."""
        for pair in self.view.reader.pairs:
            defence = self._tracks.get(pair.defence or "")
            attack = self._tracks.get(pair.attack)
            if defence is not None and attack is not None and defence is not track \
                    and self._laid_as_first_read(defence, track) \
                    and overlap(track.box, attack.box) > 0.8:
                return True
        return False

    @staticmethod
    def _laid_as_first_read(laid: CardTrack, track: CardTrack) -> bool:
        """`laid` came to rest about when `track` was first read (`JUST_COVERED`)."""
        return laid.placed_at is not None \
            and abs(laid.placed_at - track.first_seen) <= JUST_COVERED

    def _ask_missed_turn(self, table_event: TableEvent, commit: Callable[[], None],
                         out: list[Emitted]) -> bool:
        """A turn (a placing, an opening draw, a lead) refused as another player's: asked
        whether the camera missed that player's turn (`vision.missed_turn`); True when asked."""
        return False

    def _ask_foul_on_guessed_hands(self, table_event: TableEvent, judged: object,
                                   cards: list[str], out: list[Emitted]) -> bool:
        """A foul on hands the camera guessed, asked about (`vision.guessed_hand_fouls`);
        True when asked."""
        return False

    def _withdraw_open_questions(self) -> None:
        """A new game: the questions still open are withdrawn (`GameFollower`)."""

    def _settle_doubts(self, out: list[Emitted], *, turn_taken: bool = False,
                       asked_before: float | None = None) -> None:
        """Doubtful readings the players leave unanswered are settled (`UnansweredDoubts`)."""

    def _settle_unanswered(self, out: list[Emitted], *, swept_only: bool = False) -> None:
        """Before the game goes on, a question it cannot go on without is settled by the
        best legal guess (`UnansweredDoubts`, `MissedCards`: what the referee can accept
        without the card)."""

    def _settle_before_card(self, out: list[Emitted]) -> None:
        """A card is played: a question whose settling changes what the card may be
        (`MissedTurns`: the lead that waits on a take the camera guessed) is settled first
        if still unanswered."""

    def _low_confidence(self, track: CardTrack, covered: frozenset[str] = frozenset()
                        ) -> tuple[str | None, str | None]:
        """Why the card's identity is in doubt, if it is: read with low confidence, or read
        as another code too often at its place (a look-alike: two explanations). Rivals in
        `covered` (cards known to lie under it) are no doubt."""
        if track.confidence < self.config.doubtful_confidence:
            return (f"{card_text(track.card)} read with low confidence",
                    f"{card_text(track.card, True)} распознана неуверенно")
        rivals = {code: weight for code, weight in track.rivals.items() if code not in covered}
        share = track.rival_share if len(rivals) == len(track.rivals) else \
            track.share_of(rivals)
        if share > self.config.rival_share:
            rival = max(rivals, key=rivals.__getitem__)
            return (f"{card_text(track.card)} or {card_text(rival)}?",
                    f"{card_text(track.card, True)} или {card_text(rival, True)}?")
        return None, None

    def _appeared_in_place(self, cards: list[str]) -> bool:
        """Each card was first read where it lies, never on its way in (`_came_in`), while
        the camera watched (frames under `watch_gap` apart since before it was first read):
        classic-2p-seed57's 10♥, a calendar printed on the tablecloth read surely as the J♥
        landing beside it uncovered it, was told as a throw-in out of the discard pile."""
        tracks = [self._tracks.get(card) for card in cards]
        if not tracks or any(track is None or self._came_in(track) for track in tracks):
            return False
        since = min(track.first_seen for track in tracks)
        times = [t for t in self._frame_times if t <= since]
        return bool(times) and since - times[-1] <= self.config.watch_gap

    def _closed_unseen(self, judged: object, event: dict, out: list[Emitted]) -> bool:
        """A lead refused because the referee's bout is still open (P5; C6 in cross) while
        none of that bout's cards lies on the table any more (a card the tracker still holds
        out of sight, not yet counted gone, does not: swept off under a hand): it closed
        unseen (a sweep the camera missed, a card misread there that the referee still
        holds). A discard if the referee has every attack card beaten, else the defender's
        take, is told first (True when the referee accepts it; the lead is then judged
        again). transfer-3p-seed44, unanswered: the referee's bout stayed open from the first
        minute on, and the next 15 cards were P5 fouls; cross-3p-seed101, unanswered: the
        10♣ lead and the A♣ beating it, told as their questions were settled, went to the
        discard pile meanwhile, the A♣ still tracked out of sight, and Boris's 7♥ lead was
        refused C6."""
        if getattr(judged, "rule", None) not in ("P5", "C6") or event["type"] != "attack" \
                or self.judge is None:
            return False
        snapshot = self._snapshot()
        table = snapshot.get("table") or ()
        cards = set(table_cards(snapshot))
        if not cards or cards & {card for card, track in self._tracks.items()
                                 if track.state is not TrackState.HIDDEN}:
            return False
        beaten = all(pair.get("defence") for pair in table)
        close = {"type": "discard"} if beaten else \
            {"type": "take", "player": snapshot.get("defender")}
        closing = TableEvent(close, self._frame, self._time)
        if not self.judge(closing, record_refusal=False):
            return False
        out.append(closing)
        return True

    def _revise_take(self, table_event: TableEvent, judged: object,
                     commit: Callable[[], None]) -> bool:
        """P5 on a defence after a take the camera inferred from a throw-in: the defence was
        laid before the throw-in and read late, so he never took. The referee's bout is
        played again with the defence in place of the take (`revise`); True when it was."""
        view = self.view
        event = table_event.event
        if getattr(judged, "rule", None) != "P5" or event["type"] != "defend" \
                or not view.take_guessed or self.revise is None \
                or not self.revise({"type": "take", "player": event["player"]}, table_event):
            return False
        view.took = view.take_guessed = False
        commit()
        self.resync()   # a throw-in refused after the take may be the bout's after all
        return True

    def _hand_could_hold(self, event: dict) -> tuple[list[str], bool]:
        """The cards the event's player may hold (`unaccounted`), and whether the referee knows
        his whole hand. A card the referee knows in his hand, out of sight now, is no card
        lying on the table, though its track has not ended yet (round-2p-seed85: Boris's A♠,
        taken with the bout, led at once and read A♣, known discarded: asked about, the A♠ was
        not offered, as its track still lay hidden where he took it from)."""
        snapshot, player = self._snapshot(), holder_of(event)
        known = ((snapshot.get("hands") or {}).get(player) or {}).get("known") or ()
        lying = [card for card, track in self._tracks.items()
                 if card not in known or track.state is not TrackState.HIDDEN]
        return unaccounted(snapshot, lying, player), hand_known(snapshot, player)

    def last_track(self, card: str) -> CardTrack | None:
        """The card's last track, also one gone or forgotten by the tracker since."""
        return self._last_tracks.get(card)

    def _typical_confidence(self) -> float:
        """How surely the game's cards are read: the median of their mean confidences."""
        return float(np.median([t.confidence for t in self._last_tracks.values()] or [1.0]))

    def read_unsurely_before(self, card: str, at: float | None = None) -> bool:
        """The last card of this code that left the table (before time `at`, when given: a
        question settled later asks of the card gone before it was asked) was read less
        surely than the game's cards are (by `misread_margin`), even at best (`peak_mean`:
        before a card laid on it covered all but its index): it may have been a look-alike
        misread so (classic-3p-seed44: a Q♣ thrown in, read 0.96 until the card beating it
        covered it, 0.89 over all its readings, then played again from the discard pile, a G8
        foul, was taken for a misreading and the discard pile renamed)."""
        gone = next((track for track in reversed(self._gone_tracks.get(card, ()))
                     if at is None or track.last_seen < at), None)
        return gone is not None and max(gone.confidence, gone.peak_mean) \
            < self._typical_confidence() - self.config.misread_margin

    def read_surely(self, card: str) -> bool:
        """The card's last track was read as surely as the game's cards are (less
        `misread_margin`) over all its readings, at rest or at best (`peak_mean`)."""
        track = self._last_tracks.get(card)
        return track is not None and max(track.best_mean_confidence, track.peak_mean) \
            >= self._typical_confidence() - self.config.misread_margin

    def _misread_instead(self, event: dict) -> list[dict]:
        """The event with a card it plays read as each look-alike that may be in the player's
        hand (`unaccounted`: not discarded, on the table or known elsewhere), same-colour suits
        first (a club misread as a spade more often than as a heart); where the referee knows
        his whole hand, then as each other card of it. None when each card was read (over all
        its readings, or at rest: `best_mean_confidence`) as surely as the game's cards are
        (the median of their mean confidences), less `misread_margin`; but an opening's turn
        (`TURNS`: a card just drawn from the stock) however surely it was read, since no card
        known elsewhere comes from the stock (round-2p-seed88: Anna's A♠ drawn onto the Q♠,
        read A♣ surely, the A♣ in Boris's hand: a false G8), unless a card misread before
        explains it (`rename_past`: asked as that)."""
        cards = played_cards(event)
        on_its_way = {card: self._read_on_its_way_as(card) for card in cards}
        read_surely = not any(self._read_unsurely(self._tracks.get(card)) or on_its_way[card]
                              for card in cards)
        if read_surely and (event["type"] not in TURNS or self._misread_earlier(
                TableEvent(event, self._frame, self._time))):
            return []  # read as surely as the game's cards are: a foul
        possible, whole_hand = self._hand_could_hold(event)
        out = []
        for card in cards:
            alike = [*on_its_way[card],
                     *(other for other in look_alikes_by_colour(card)
                       if other not in on_its_way[card])]
            names = [other for other in alike if other in possible]
            if whole_hand:  # then any card of his hand, after the look-alikes
                names += [other for other in possible if other not in alike and other != card]
            out += [with_card(event, card, other) for other in names]
        return out

    def _black_suit_swapped(self, event: dict, rule: str | None) -> list[dict]:
        """A black card read surely and refused as known elsewhere (G8), once a black card of
        this game has been so before or was found read as its other suit: the event with that
        other suit, where the player may hold it (so a question nobody answers may be settled
        by it). Clubs read as spades are 4.7% of the game videos' club readings (2,311 times;
        spades as clubs 704), hearts and diamonds swapped 53 times (session 55); a first such
        card is taken as read, a foul (classic-2p-seed95's A♠, transfer-3p-seed109's K♣:
        real), and a second is most often a design that reads one black suit as the other
        (transfer-3p-seed105, unanswered: its 9♠, 7♠, A♠, 10♠, 6♠, Q♠ were clubs; false fouls
        12 -> 5). Each black card refused so is noted (`GameView.black_refused`)."""
        cards = played_cards(event)
        if rule != "G8" or len(cards) != 1 or suit_of(cards[0]) not in "SC":
            return []
        self.view.black_refused.add(cards[0])
        if not self.black_suits_swapped_here():
            return []
        possible, _ = self._hand_could_hold(event)
        other = look_alikes_by_colour(cards[0])[0]
        return [with_card(event, cards[0], other)] if other in possible else []

    def black_suits_swapped_here(self) -> bool:
        """This game's camera has read a black card as the other black suit: one found so
        (`misread_as`: the players' answer, or a guess the referee took), or two black cards
        read surely and refused as known elsewhere (`GameView.black_refused`)."""
        return len(self.view.black_refused) > 1 or any(
            suit_of(old) in "SC" and look_alikes_by_colour(old)[0] == new
            for old, new in self.misread_as.items())

    def _ask_layout_misread(self, event: dict, rule: str | None, out: list[Emitted]) -> None:
        """R2: a draw laid beside the table, refused as it beats a table card (the foul is
        told at once), where each table card it beats may be the other suit of its colour,
        a card nobody has accounted for that it does not beat: the players may say the layout
        was misread so (round-3p-seed89: a design whose clubs read as spades, the layout's 6♣
        and 8♣ read 6♠ and 8♠; Vera's J♠ laid beside was a false R2 foul, and 10 followed).
        Asked, the foul as told first (`replaces`: named, it stands); the layout named misread
        is renamed in the referee's past, and the draw accepted (`TablePipeline.answer`)."""
        names = self._layout_misread_for(event) if rule == "R2" else None
        if not names:
            return
        shown = ", ".join(f"{card_text(old)} → {card_text(new)}" for old, new in names.items())
        shown_ru = ", ".join(f"{card_text(old, True)} → {card_text(new, True)}"
                             for old, new in names.items())
        foul, misread = {**event, "foul": "R2"}, {**event, "table_misread": names}
        rivalled = self._trump_read_as_too(names)
        out.append(Question(
            f"{describe_event(event)}, laid beside the table: a foul (R2), or did the camera "
            f"misread the table's cards ({shown})?",
            f"{describe_event(event, russian=True)}, рядом со столом: нарушение (R2), или "
            f"камера ошиблась в картах на столе ({shown_ru})?",
            (misread, foul) if rivalled else (foul, misread), self._frame,
            self._time, (event["card"],), replaces=event, told_at_once=rivalled))

    def _trump_read_as_too(self, names: dict[str, str]) -> bool:
        """The layout misread `names` renames the turned trump as a card read at its place
        too (its rival) or on its way in: the camera itself takes the trump for that card
        (round-3p-seed111, unanswered: the Q♣ trump read Q♣ six times coming in, then Q♠ at
        rest; the R2 foul told for Boris's 6♠ stood, and the opening never ended for the
        camera: 18 false fouls)."""
        trump = self.view.trump
        if trump not in names:
            return False
        track = self._last_tracks.get(trump)
        return names[trump] in self.view.came_in_as.get(trump, ()) \
            or track is not None and names[trump] in track.rivals

    def _layout_misread_for(self, event: dict) -> dict[str, str] | None:
        """For an opening's draw laid beside the table: each table card it beats, named as
        the other suit of its colour, where nobody has accounted for that card and the draw
        does not beat it; None when one is not so (or it beats none). Else the trump so named
        (`_trump_misread_for`)."""
        if event.get("type") != "open_draw" or event.get("beats"):
            return None
        snapshot = self._snapshot()
        free = set(unaccounted(snapshot, self._tracks))
        names = {}
        for card in self.view.open_table:
            if card == event["card"] or not beats_in_game(snapshot, event["card"], card):
                continue
            alike = look_alikes_by_colour(card)[0]   # the other suit of its colour
            if alike not in free or beats_in_game(snapshot, event["card"], alike):
                return self._trump_misread_for(event, snapshot, free)
            names[card] = alike
        return names or None

    def _trump_misread_for(self, event: dict, snapshot: dict, free: set[str]
                           ) -> dict[str, str] | None:
        """A draw of the trump's suit laid beside the table, beating a table card only as a
        trump: the trump named as the other suit of its colour (nobody has accounted for it),
        under which it beats none (round-3p-seed111: the Q♣ trump read Q♠ surely; Boris's 6♠
        laid beside the layout was refused, R2, as a trump that could beat the 6♦, and the
        opening never ended for the camera: 15 false fouls). None otherwise."""
        trump = self.view.trump
        if trump is None or suit_of(event["card"]) != suit_of(trump):
            return None
        alike = look_alikes_by_colour(trump)[0]
        renamed = {**snapshot, "trump_suit": suit_of(alike)}
        if alike not in free or any(beats_in_game(renamed, event["card"], card)
                                    for card in self.view.open_table if card != event["card"]):
            return None
        return {trump: alike}

    def _table_cards_swapped(self, event: dict, rule: str | None) -> list[dict]:
        """R2, G4: an opening's draw onto a table card it cannot beat, where a look-alike of that
        card lies on the table too, not yet beaten, that the drawn card beats: the two table
        cards were read each as the other (round-2p-seed85: the layout's K♣ read K♠ and its K♠
        read K♣ throughout; Anna's A♣ laid on the K♣ was asked about as beating the K♠ only,
        so the players could not name it, and 14 false fouls followed). That draw, beating the
        look-alike (`swapped_on_table` names the cards anew)."""
        beaten = event.get("beats")
        if rule != "G4" or event["type"] != "open_draw" or beaten is None:
            return []
        trump_suit = self._trump_suit()
        return [{**event, "beats": other} for other in look_alikes_by_colour(beaten)
                if other in self.view.open_table and beats(event["card"], other, trump_suit)]

    @staticmethod
    def swapped_on_table(guess: dict | None, chosen: dict | None) -> tuple[str, str] | None:
        """(read, other) when `chosen` is the opening's draw `guess` beating a look-alike of
        the table card it was read to beat (`_table_cards_swapped`): those two table cards
        were each read as the other."""
        if not FollowerCore._drawn_otherwise(guess, chosen):
            return None
        read, other = guess.get("beats"), chosen.get("beats")
        return (read, other) if read and other in look_alikes(read) else None

    def _swap(self, one: str, other: str) -> None:
        """The cards tracked as `one` and `other` are each the other: renamed so in the model,
        and in the tracker with the next frame (`swapped`)."""
        kept = dict(self.misread_as)
        placeholder = f"{one}~{other}"
        for old, new in ((one, placeholder), (other, one), (placeholder, other)):
            self._rename(old, new)
        self.misread_as = {**kept, one: other, other: one}
        self.swapped.append((one, other))

    def _misread_earlier(self, table_event: TableEvent) -> bool:
        """A card misread before explains the referee's refusal of `table_event` (only
        tried: `rename_past` without keeping it)."""
        return self.rename_past is not None and bool(self.rename_past(table_event, False))

    def _covered_by(self, event: dict) -> str | None:
        """The card a defence lies on; for a cross pass-on, the referee's one unbeaten card
        (the card it covers); None for any other event."""
        if event.get("type") == "pass_on":
            unbeaten = unbeaten_attacks(self._snapshot())
            return unbeaten[0] if len(unbeaten) == 1 else None
        return event.get("on")

    def _cover_as_it_would_be(self, event: dict) -> dict:
        """Cross (C5, C6): a defence by a card that does not beat the card it covers is that
        card passed on (cross-3p-seed84: Boris's A♣ passed on over the 10♠, read A♠, a defence
        refused as a card of Anna's; the players were offered the A♣ only as a defence, which
        it is not, so nobody could name the pass-on). And a pass-on of a card that beats the
        referee's one unbeaten card is a defence of it (cross-3p-seed84 again: Vera's K♠ on
        the 8♠, read K♣, known in Anna's hand, was offered only as the K♠ passed on, which the
        referee refuses, C7; unanswered, the bout was lost and 20 false fouls followed)."""
        if self.variant != "cross":
            return event
        if event.get("type") == "pass_on":
            covered = self._covered_by(event)
            if covered is not None and beats(event["card"], covered, None, cross=True):
                return {"type": "defend", "player": event["player"], "card": event["card"],
                        "on": covered}
            return event
        if event.get("type") != "defend" or beats(event["card"], event["on"], None, cross=True):
            return event
        return {"type": "pass_on", "player": event["player"], "card": event["card"]}

    @property
    def discard_way(self) -> DiscardWay | None:
        """The way to the discard pile, once seen (`MissedCards` learns it)."""
        return None

    def _taken_back_alone(self, card: str, player: str | None,
                          staying: Iterable[str] | None = None) -> bool:
        """`card`, gone, was seen carried off towards `player` while every other card of the
        bout (or `staying`) lies where it lay, read lately (an attack card, or its defence
        lying on it) and not carried (a take sweeps the defences to the defender first,
        transfer-3p-seed44): that player took it back."""
        others = self._carried_off_alone(card, player, staying)
        return others is not None and all(self._read_lately_there(other) for other in others)

    def _read_lately_there(self, track: CardTrack) -> bool:
        """The card was read lately (`carried_gap`), or it is an attack card under its defence
        and that was (classic-3p-seed74: the K♠ under the A♦ beating it)."""
        if self._time - track.last_seen <= self.config.carried_gap:
            return True
        pair = self.view.reader.pair_of(track.card)
        cover = None if pair is None or pair.attack != track.card or pair.defence is None \
            else self._tracks.get(pair.defence)
        return cover is not None and self._time - cover.last_seen <= self.config.carried_gap

    def _carried_off_alone(self, card: str, player: str | None,
                           staying: Iterable[str] | None = None) -> list[CardTrack] | None:
        """The other cards of the bout (or `staying`), when `card`, gone, was seen carried
        off towards `player` and each of them still lies on the table, not carried (but
        those `_lost_before` it came); else None."""
        track = self._last_tracks.get(card)
        if track is None:
            return None
        others = [self._tracks.get(other) for other in
                  (self.view.reader.cards if staying is None else staying) if other != card
                  and not self._lost_before(other, track)]
        if player is None or card in self._tracks or not others or any(
                other is None or other.carry_box is not None for other in others) \
                or swept_towards([track], self.seats, player, self.discard_way) is not True:
            return None
        return others

    def _lost_before(self, card: str, came: CardTrack) -> bool:
        """`card`, of the bout, left the tracker's table unseen before the card `came` was
        first read: lost under the cards laid on it (classic-3p-seed74: the 8♥ under the K♥,
        the 8♦ under the cards thrown in since), not carried off with `came`."""
        lost = self._last_tracks.get(card)
        return card not in self._tracks and lost is not None and lost.carry_box is None \
            and lost.last_seen < came.first_seen

    def _nothing_read_since(self, since: float, but: Iterable[str]) -> bool:
        """The camera watched the table since `since` (no two frames `watch_gap` apart) and
        read no card there but `but`, not even on its way in, nor saw one leave: no card was
        played unseen meanwhile (a lead and its take leave a reading or two at least;
        dummy-3p-seed76: Vera drew the turned 9♦ and led it, unseen, and Anna took it; the
        camera saw only the 9♦ leave for Anna, and Boris's next lead was a false P7 with no
        question whether a bout was missed)."""
        times = [since, *(t for t in self._frame_times if t > since), self._time]
        if max(b - a for a, b in zip(times, times[1:], strict=False)) > self.config.watch_gap:
            return False
        seen = (*self._last_tracks.values(), *self._ways_in.values(), *self._unplaced)
        others = set(but)
        return not any(track.first_seen > since and track.card not in others for track in seen) \
            and not any(card not in others for card in self._left_since(since))

    def _left_since(self, since: float) -> list[str]:
        """The cards seen leaving the table since `since` (last read after it), last seen
        first."""
        left = [gone[-1] for gone in self._gone_tracks.values() if gone]
        return [track.card for track in sorted(left, key=lambda t: -t.last_seen)
                if track.last_seen > since]

    def _still_unplaced(self, kept: dict[str, CardTrack], unplaced: list[CardTrack], *,
                        moving_only: bool = False) -> dict[str, CardTrack]:
        """`kept` with this frame's unplaced tracks (the newest of each code), of those still
        unplaced and read in the last `lost_kept` seconds; with `moving_only`, only tracks read
        moving (`_came_in`)."""
        return {track.card: track for track in (*kept.values(), *unplaced)
                if track.state is TrackState.CANDIDATE
                and (not moving_only or self._came_in(track))
                and self._time - track.last_seen <= self.config.lost_kept}

    @property
    def _lately_unplaced(self) -> list[CardTrack]:
        """The cards read on their way in, unplaced, in the last `ways_kept` seconds."""
        return [track for track in self._ways_in.values()
                if self._time - track.last_seen <= self.config.ways_kept]

    def _lost_on_the_way(self, since: float) -> list[str]:
        """The cards read on their way in since `since` that are not on the table now (never
        came to rest, or read as another card there), last read first. Read moving (half a
        card at least, `_came_in`), not flickering where a card lies (cross-3p-seed52: a Q♠
        on a pile read Q♥ now and then was guessed as a placing, unanswered)."""
        lost = [track for track in self._came_in_lately.values()
                if track.last_seen >= since and track.card not in self._tracks]
        return [track.card for track in sorted(lost, key=lambda t: -t.last_seen)]

    def _read_on_its_way_as(self, card: str) -> list[str]:
        """Codes the card was read as on its way in until it was read as itself: a look-alike
        read surely (a track of that code read first, last read about when this card's was
        first read, a card's length from where this one's began), or any code of a card
        carried into its place (`_carried_into`), however surely (cross-3p-seed46: a 7♠ read
        0.7 as it came to rest, then 8♠ 0.92, a card of the discard pile). One card read two
        ways, a misread at rest as likely as one on the way (dummy-3p-seed33: a K♣ brought in
        read K♣ at 0.9-0.98, then K♠ at 0.99 where it lay, refused on a 9♣)."""
        return [other.card for other in self._ways_read_as_another(card)]

    def _ways_read_as_another(self, card: str) -> list[CardTrack]:
        """The tracks of the codes `_read_on_its_way_as` names."""
        track = self._tracks.get(card)
        if track is None:
            return []
        size = self._card_size(track)
        return [other for other in self._lately_unplaced
                if other.card != card and (self._read_before_it(other, track, size)
                                           or self._surer_on_its_path(other, track, size))]

    def _read_before_it(self, other: CardTrack, track: CardTrack, size: float) -> bool:
        """`other`, read twice at least, before `track` was first read: a look-alike read
        surely, last about when `track` was first read, a card's length from where it began,
        or any code carried into its place (`_carried_into`)."""
        if other.readings < 2 or other.first_seen > track.first_seen:
            return False
        sure = self._typical_confidence() - self.config.misread_margin
        return other.card in look_alikes(track.card) and other.confidence >= sure \
            and abs(other.last_seen - track.first_seen) <= self.config.together_window \
            and float(np.linalg.norm(other.center - track.first_center)) <= 1.5 * size \
            or self._carried_into(other, track, size)

    def _surer_on_its_path(self, other: CardTrack, track: CardTrack, size: float) -> bool:
        """`other`, a look-alike of `track`'s card, was read on `track`'s way in, between its
        first reading and its coming to rest, on the way it came (within half a card of it), more
        surely than `track` was read on its way (a card read as itself blurred, as its
        look-alike once most surely, then as itself at rest, not surely: transfer-2p-seed98,
        Anna's Q♣ defence on the 10♣ read Q♠ 0.71, Q♣ 0.86, Q♠ 0.65 coming in, Q♠ 0.84 at
        rest; refused, G4, a false foul)."""
        if other.card not in look_alikes(track.card) \
                or not track.first_seen < other.first_seen <= other.last_seen < track.rest_since:
            return False
        on_its_way = [confidence for at, confidence in track.recent if at < track.rest_since]
        if not on_its_way or other.confidence <= max(on_its_way):
            return False
        return _distance_to_segment(other.center, track.first_center, track.center) <= size / 2

    def _carried_into(self, other: CardTrack, track: CardTrack, size: float) -> bool:
        """`other` was read moving, last just before `track` was first read (`carried_gap`),
        and `track` began where it was heading (its mean speed on from its last reading, within
        a card's size) or where it was last read (within half a card: it slowed down to rest
        there, transfer-2p-seed51's 7♠ read 0.96 coming in, then 8♠ 0.67 at rest, a card of the
        discard pile): one card carried in, read as two codes, whatever their ranks
        (cross-3p-seed46: a Q♦ read Q♦ on its way, J♦ where it came to rest, a false G8). Or
        read by turns with `track` as it came to rest, never placed, last where `track` lies,
        within half a card (cross-2p-seed47: a 7♠ carried in, then 8♠)."""
        gap = track.first_seen - other.last_seen
        travelled = other.center - other.first_center
        if gap > self.config.carried_gap or other.last_seen <= other.first_seen \
                or float(np.linalg.norm(travelled)) < size / 2:
            return False
        if gap < 0:
            return float(np.linalg.norm(other.center - track.center)) <= size / 2
        heading = other.center + travelled * gap / (other.last_seen - other.first_seen)
        return float(np.linalg.norm(heading - track.first_center)) <= size \
            or float(np.linalg.norm(other.center - track.first_center)) <= size / 2

    def _read_surely(self, track: CardTrack) -> bool:
        """Its identity in no doubt (`_low_confidence`) and read as surely as the game's cards
        are (not `_read_unsurely`)."""
        return self._low_confidence(track)[0] is None and not self._read_unsurely(track)

    def _read_unsurely(self, track: CardTrack | None) -> bool:
        """Read less surely than the game's cards are (the median of their mean confidences),
        by `misread_margin`, over all its readings and at rest (`best_mean_confidence`)."""
        return track is not None and track.best_mean_confidence \
            < self._typical_confidence() - self.config.misread_margin

    def _on_unsure_attack(self, event: dict) -> list[dict]:
        """A defence read surely that cannot beat the attack card it lies on, read unsurely:
        that card may be the one misread (`_on_misread_attack`: the defence on each look-alike
        of it that it beats)."""
        if event["type"] != "defend" or not (self._read_unsurely(self._tracks.get(event["on"]))
                                             or self._read_where_it_lies(event["on"])
                                             or self._read_on_its_way_as(event["on"])):
            return []
        return self._on_misread_attack(event, [])

    def _passed_on_over_a_misread_card(self, event: dict, rule: str | None) -> list[dict]:
        """C7: a pass-on refused because its player can beat the card it covers, that card
        read unsurely or as a look-alike (`_on_unsure_attack`): it may be the one misread, and
        the cover its defence (cross-2p-seed67: Anna's 7♣ lead read 7♣ coming in, 7♠ at rest;
        Boris's 10♣ on it, told as a pass-on, was refused as he could beat a 7♠, and every
        later lead with it, the bout still open). The defence on each look-alike of it that
        the cover beats."""
        unbeaten = [pair.attack for pair in self.view.reader.pairs if pair.defence is None]
        if event["type"] != "pass_on" or rule != "C7" or len(unbeaten) != 1:
            return []
        return self._on_unsure_attack({"type": "defend", "player": event["player"],
                                       "card": event["card"], "on": unbeaten[0]})

    def _read_where_it_lies(self, card: str) -> list[str]:
        """Look-alikes of a table card read where it lies (its corner index peeping out
        under the defence on it), no card of the bout themselves: what it may really be
        (dummy-3p-seed33: a J♣ read J♠ at rest, then J♣ by its index under the A♣ that beat
        it). Seen, they are no unaccounted card, yet they are the likeliest names for it."""
        lying = self._tracks.get(card)
        if lying is None:
            return []
        seen = {track.card: track for track in (*self._unplaced, *self._tracks.values())}
        return [other for other in look_alikes_by_colour(card)
                if other in seen and other not in self.view.reader.cards
                and overlap(seen[other].box, lying.box) >= 0.5]

    def _read_under_a_sure_defence(self, event: dict) -> tuple[str, ...]:
        """For a defence read surely (`Question.read_under`), the codes read where the card it
        lies on lies (`_read_where_it_lies`); else none."""
        track = self._tracks.get(event.get("card") or "")
        if event["type"] != "defend" or track is None or not self._read_surely(track):
            return ()
        return tuple(self._read_where_it_lies(event["on"]))

    def _misread_again(self, event: dict) -> list[dict]:
        """A card read surely, refused for its name, that the camera read this game where
        another card of the player's was (`misread_as`: renamed on an answer, or by the
        referee's past): the event with that card, the same misreading again (the design
        confuses the two), which a player known to hold it, or who may, most likely played."""
        possible, _ = self._hand_could_hold(event)
        return [with_card(event, card, self.misread_as[card]) for card in played_cards(event)
                if self.misread_as.get(card) in possible]

    def _as_fouls(self, event: dict, rule: str | None) -> list[dict]:
        """`as_a_foul`, and for one card refused as known elsewhere (G8), the same foul with
        each code it was read as on its way in and with the other suit of its colour, where
        that card is in the discard pile too and lies nowhere on the table: whichever of them
        it was, the player played a discarded card, and the players may say which
        (cross-3p-seed101: Vera's 7♣, discarded, laid on the J♠ and read 7♠, discarded too;
        dummy-3p-seed103: Anna's 10♣ read 10♠; asked, no answer named the card played)."""
        fouls = as_a_foul(event, rule)
        cards = played_cards(event)
        if not fouls or len(cards) != 1:
            return fouls
        card = cards[0]
        discarded = set(self._snapshot().get("discard_cards") or ())
        lying = {other for other, track in self._tracks.items()
                 if track.state is TrackState.PLACED}
        others = dict.fromkeys([*self._read_on_its_way_as(card), look_alikes_by_colour(card)[0]])
        return fouls + [as_a_foul(with_card(event, card, other), rule)[0] for other in others
                        if other != card and other in discarded and other not in lying]

    def _held_look_alikes(self, event: dict) -> list[dict]:
        """A card read surely that the referee knows elsewhere (G8), played from a hand it
        knows whole: the event with each look-alike of it that hand holds (he cannot play a
        card he does not hold: a sure reading is wrong too, or he broke the rule). For the
        players to name; nobody answering, the card stays as read."""
        possible, whole_hand = self._hand_could_hold(event)
        if not whole_hand:
            return []
        return [with_card(event, card, other) for card in played_cards(event)
                for other in look_alikes_by_colour(card) if other in possible]

    def _on_misread_attack(self, event: dict, misread: list[dict]) -> list[dict]:
        """A defence refused for its card's name, or asked about (offered to the players
        then: dummy-2p-seed73, the J♠ asked about on the 6♣ that was the 6♠ misread): the
        attack card it lies on may have been misread too (a design's suits are often
        confused both times). The defence, as read or as each of its `misread` look-alikes,
        on each look-alike of that attack card that nobody has accounted for and nothing on
        the table is read as (the other suit of its colour first), where it beats it."""
        target = event.get("on")
        if event["type"] != "defend" or target is None:
            return []
        snapshot = self._snapshot()
        free = [*self._read_where_it_lies(target), *self._read_on_its_way_as(target),
                *unaccounted(snapshot, self._tracks)]
        held = unaccounted(snapshot, (), event.get("player"))
        cards = [card for card in (event["card"], *(other["card"] for other in misread))
                 if card in held]
        return [{**event, "card": card, "on": other} for other in look_alikes_by_colour(target)
                if other in free for card in cards
                if beats_in_game(snapshot, card, other)]

    def _led_after_take(self, event: dict) -> list[dict]:
        """A throw-in onto a bout its defender took, refused for its name: the cards may have
        been taken already, and it the lead of the next bout (out of turn, may be), read
        while the taken cards still lay there. Offered as that lead."""
        if event["type"] != "throw_in" or not self.view.took:
            return []
        return [{"type": "attack", "player": event["player"], "cards": list(event["cards"])}]

    def _look_alike_events(self, event: dict, cards: list[str]) -> list[dict]:
        """The event with a card whose identity is in doubt read as each code also read at its
        place (its rivals, the most read first: the doubt names the first) and each of its
        look-alikes, if not seen elsewhere on the table: what the players may pick instead.
        Before them, each code it was read as on its way in (`_read_on_its_way_as`: that
        card's track, not yet forgotten, is this card), even for a card read surely enough
        where it lies and asked about for another reason (classic-2p-seed51: the first lead,
        a 7♣ read 0.99 on its way and 8♣ at rest, was asked about for who led it, offering
        only 8s: no right answer, and the game went astray)."""
        out = []
        for card in cards:
            track = self._tracks.get(card)
            if track is None:
                continue
            on_its_way = self._read_on_its_way_as(card)
            if self._low_confidence(track)[0] is None:
                out += [with_card(event, card, other) for other in on_its_way]
                continue
            out += [with_card(event, card, other) for other in on_its_way]
            out += [with_card(event, card, other) for other in self._other_codes(track)
                    if other not in on_its_way]
        return out

    def _other_codes(self, track: CardTrack) -> list[str]:
        """What a card in doubt may be instead: each code also read at its place (its rivals,
        the most read first) and each of its look-alikes, if not seen elsewhere on the
        table."""
        rivals = sorted(track.rivals, key=track.rivals.__getitem__, reverse=True)
        return [code for code in dict.fromkeys((*rivals, *look_alikes(track.card)))
                if code != track.card and code not in self._tracks]

    def _codes_elsewhere(self, track: CardTrack) -> set[str]:
        """The codes tracked on the table but not where `track` lies: a track of another code
        on its very box (`SAME_CARD_OVERLAP`) is this card read as that code too, no card seen
        elsewhere (dummy-2p-seed85: Boris's 6♣ thrown in, a foul, was read 6♣ on its way and
        6♠ at rest, both tracks on one box; asked about as the 6♠, known in Anna's hand, the
        6♣ was left out as a card on the table, and the foul was never named). For the
        players' candidates only (`_confident_look_alikes`): offered as a reading's own
        candidates (`_other_codes`), a code on its box, refused and being taken back, was
        named a second time (cross-3p-seed94)."""
        return {code for code, other in self._tracks.items()
                if other is not track and overlap(other.box, track.box) < SAME_CARD_OVERLAP}

    def _confident_look_alikes(self, readings: list[dict], cards: list[str]) -> list[dict]:
        """Each reading (the event, then each player it may have come from) with a card read
        confidently but asked about for another reason (who led, a missed turn) read as the
        other suit of its colour, then the event with its other look-alikes: a confident
        reading is wrong too, and the players see which. Only cards that player may hold (by
        the referee) and nothing on the table is read as. Not for a layout deal: its cards
        are asked about for their number, or one read unsurely (its look-alikes offered)."""
        if any(reading.get("type") == "deal" for reading in readings):
            return []
        snapshot = self._snapshot()
        held: dict[tuple[str | None, str], set[str]] = {}   # possible cards, found once

        def may_hold(other: str, player: str | None, card: str, elsewhere: set[str]) -> bool:
            """`player` may hold `other`, a look-alike of `card` (`elsewhere`: the codes
            tracked off `card`'s box)."""
            if other in elsewhere:
                return False
            if not snapshot:
                return True
            if (player, card) not in held:
                held[player, card] = set(unaccounted(snapshot, elsewhere, player))
            return other in held[player, card]

        out = []
        for card in cards:
            track = self._tracks.get(card)
            if track is None or self._low_confidence(track)[0] is not None:
                continue
            elsewhere = self._codes_elsewhere(track)   # found once for the card
            others = look_alikes_by_colour(card)
            out += [with_card(reading, card, others[0]) for reading in readings
                    if may_hold(others[0], holder_of(reading), card, elsewhere)]
            out += [with_card(readings[0], card, other) for other in others[1:]
                    if may_hold(other, holder_of(readings[0]), card, elsewhere)]
        return out

    def _on_look_alikes(self, event: dict) -> list[dict]:
        """A defence on a card still in question: the same defence on each look-alike of that
        card not seen elsewhere (the players may name it so in its own question)."""
        target = event.get("on")
        if target not in self.view.doubtful:
            return []
        return [{**event, "on": other} for other in look_alikes(target)
                if other not in self._tracks]

    def answered(self, question: Question, chosen: dict | None = None, *,
                 refused: bool = False) -> tuple[str, str] | None:
        """The players settled a question (`chosen`: the event they picked, None: none
        happened; `refused`: the referee refused it): its cards are no longer in doubt. When
        that is not the reading the model went on with, the model of the bout is set again
        from the referee's. Returns (old, new) when a card was a look-alike of another."""
        view = self.view
        view.doubtful.difference_update(question.cards)
        self._doubts = [asked for asked in self._doubts if asked is not question]
        # a card laid beside the bout waits out of the model's bout for the answer, whichever
        # it is (dummy-3p-seed92: Vera's J♣ named beating the 8♦, as first offered, stayed out
        # of it; Boris's 8♠ thrown in next was told after a take of Vera's, refused, P5)
        beside = any(asked is question for asked in self._laid_beside)
        self._laid_beside = [asked for asked in self._laid_beside if asked is not question]
        guess = question.candidates[0] if question.candidates else None
        if chosen == guess and not refused and not beside:
            return None
        renamed = renamed_card(guess, chosen) if guess and chosen else None
        cards = list(question.cards)
        for old, new in self._deal_renamed(guess, chosen) if renamed is None else ():
            self._rename(old, new)
            self.renamed.append((old, new))   # for the tracker, with the next frame
            cards = [new if card == old else card for card in cards]
        if renamed is not None:
            self._rename(*renamed)
            cards = [renamed[1] if card == renamed[0] else card for card in cards]
        swapped = None if refused else self.swapped_on_table(guess, chosen)
        if swapped is not None:
            self._swap(*swapped)
        elif not refused and self._drawn_otherwise(guess, chosen):
            self._undo_opening_move(guess, cards)   # the model went on with the guess
            self._drawn_as_named(chosen)
        if chosen is None or refused:
            view.reader.ignored.update(cards)  # to be taken back, or a misreading
            if guess is not None:
                self._not_a_turn(guess, cards)
        self.resync()
        return renamed

    @staticmethod
    def _drawn_otherwise(guess: dict | None, chosen: dict | None) -> bool:
        """`chosen` is the opening's draw `guess` (the same player, the same card), but on
        another table card or beside them (named by the players from `offered`, or a swap:
        `swapped_on_table`)."""
        if not guess or not chosen or guess.get("type") != "open_draw" \
                or guess.get("beats") == chosen.get("beats"):
            return False
        return {**guess, "beats": None} == {**chosen, "beats": None}

    @staticmethod
    def _deal_renamed(guess: dict | None, chosen: dict | None) -> list[tuple[str, str]]:
        """(old, new) for each card a layout deal the players named has in place of the one
        read (several may be: `LayoutPhases._deal_misread`)."""
        if not guess or not chosen or guess.get("type") != "deal" \
                or chosen.get("type") != "deal":
            return []
        return [(old, new) for old, new in zip(laid_cards(guess), laid_cards(chosen),
                                               strict=False) if old != new]

    def _not_a_turn(self, guess: dict, cards: list[str]) -> None:
        """`guess`, if a turn of an opening (`TURNS`) the model went on with, did not happen
        (the players said so, or nobody answered and it was dropped): undone."""
        if guess.get("type") in TURNS:
            self._undo_opening_move(guess, cards)

    def _undo_opening_move(self, guess: dict, cards: list[str]) -> None:
        """A placing or opening draw the model went on with did not happen (or was refused):
        it is still that player's turn, and the table cards are as they were."""
        view = self.view
        view.opening_turn = guess["player"]
        if guess["type"] == "open_draw":
            for card in cards:
                view.open_table.pop(card, None)
            beaten = self._tracks.get(guess.get("beats", ""))
            if beaten is not None:
                view.open_table[beaten.card] = beaten.box.copy()

    def found_misread_on_table(self, old: str, new: str) -> None:
        """The bout card told as `old` is the tracker's `new` lying there: renamed where the
        referee's past can be (`misread_on_table`), else in the follower's bout alone. The
        tracker names both cards right already (`new` there, `old` a card of its own)."""
        tracks = dict(self._tracks)
        if self.misread_on_table is not None:
            self.misread_on_table(old, new)
        else:
            self.renamed_in_bout(old, new)
        self._tracks = tracks

    def renamed_in_bout(self, old: str, new: str) -> bool:
        """The referee's past now calls the bout's card `old` `new` (misread when it was
        played, or laid out by round's deal): so does the model. False when `old` is not a card
        of the bout nor of the layout."""
        if old not in self.view.reader.cards and old not in self.view.open_table:
            return False
        self._rename(old, new)
        return True

    def _rename_unasked(self, old: str, new: str) -> None:
        """Card `old` is `new` on nobody's word (a look-alike the referee accepted instead):
        renamed in the model, in the tracker (`renamed`, for the pipeline) and kept a guess."""
        self._rename(old, new)
        self.renamed.append((old, new))
        self.guessed.add(new)

    def _rename(self, old: str, new: str) -> None:
        view = self.view
        self.misread_as[old] = new
        for pair in view.reader.pairs:
            pair.attack = new if pair.attack == old else pair.attack
            pair.defence = new if pair.defence == old else pair.defence
        for group in (view.reader.ignored, view.doubtful):
            if old in group:
                group.discard(old)
                group.add(new)
        if old in self._tracks:
            self._tracks[new] = self._tracks.pop(old)
        if old in view.open_table:
            view.open_table[new] = view.open_table.pop(old)
        if view.trump == old:   # the turned trump, asked about: read as its look-alike
            view.trump = new
        if view.faceup_deal is not None and old in view.faceup_deal["faceup"].values():
            view.faceup_deal = with_card(view.faceup_deal, old, new)   # cross: asked about
        if old in view.dealt_faceup:
            view.dealt_faceup = (view.dealt_faceup - {old}) | {new}

    def resync_when_caught_up(self) -> None:
        """`resync` now, or once the doubtful readings still waiting are settled: till then
        the referee has not had them, and its bout is behind the model's."""
        if self._doubts:
            self._resync_due = True
        else:
            self.resync()

    def _ignore_while_there(self, cards: Iterable[str]) -> None:
        """Cards the referee did not accept are ignored while they lie there (`_gone` forgets
        them as they leave). One that left already (a foul taken back before the question
        about it was settled) is read like any new card when laid again (round-3p-seed73:
        Boris's 7♦ on the 6♦, not his to beat, was taken back, then dropped and ignored: the
        7♦ he laid on the next bout's 6♦ was never told, and that bout could not close); so is
        one the tracker is to forget this frame (`taken_back`: it leaves no track to go)."""
        self.view.reader.ignored.update(card for card in cards if card in self._tracks
                                        and card not in self.taken_back)

    def resync(self) -> None:
        """Sets the bout (its pairs, who leads and defends, whether he took) to the referee's,
        keeping the boxes the cards lie at (a defence never read lies on its attack card);
        cards the model had in the bout that the referee has not are ignored until they go.
        In cross's face-up phase, the stock left. Only with a referee."""
        snapshot = self._snapshot()
        view = self.view
        if snapshot.get("phase") == "faceup" and view.phase in ("faceup", "play"):
            # cross: a placing the model went on with did not happen after all
            view.phase, view.stock_left = "faceup", int(snapshot.get("stock", view.stock_left))
            return
        if snapshot.get("phase") != "play" or view.phase != "play" \
                or not isinstance(snapshot.get("table"), list):
            return
        boxes = {code: track.box for code, track in self._tracks.items()}
        leads = set()
        for pair in view.reader.pairs:
            boxes[pair.attack] = pair.attack_box
            if pair.lead:
                leads.add(pair.attack)
            if pair.defence is not None:
                boxes[pair.defence] = pair.defence_box
        pairs = []
        named = {card for entry in snapshot["table"] for card in entry.values() if card}
        for entry in snapshot["table"]:
            attack, defence = entry.get("attack"), entry.get("defence")
            if attack not in boxes:
                # named by the players, the card lies where the camera reads a look-alike of
                # it (cross-2p-seed67: the 7♣ lead read 7♠; named, the bout was lost and
                # never swept)
                alike = next((card for card in look_alikes(attack)
                              if card in boxes and card not in named), None)
                if alike is None:
                    continue
                boxes[attack] = boxes[alike]
            pairs.append(TablePair(attack, boxes[attack], lead=attack in leads or not pairs))
            if defence is not None:   # one the camera never read (named) lies on its attack
                pairs[-1].defence = defence
                pairs[-1].defence_box = boxes.get(defence, boxes[attack])
        dropped = set(view.reader.cards)
        view.reader.pairs = pairs
        self._ignore_while_there(dropped - set(view.reader.cards))
        view.reader.ignored -= set(view.reader.cards)  # refused before, the referee's now
        view.leader = snapshot.get("attacker") or view.leader
        view.defender = snapshot.get("defender") if pairs else None
        view.took = bool(snapshot.get("took"))
        view.take_guessed = view.take_guessed and view.took
