"""A turn the camera never read, and the question that brings the turns back.

- **Cross's face-up phase (C3) and round's opening (R2).** The players draw in turn: in cross
  each card goes face up onto a pile, in round it beats a face-up table card or is laid beside
  them. When the camera misses one (a card laid on a pile and covered by the next before it was
  read, a draw taken with the card it beat before it was read), the referee still waits for that
  player, and every later turn would be refused as out of turn: the phase would never end for
  the referee, the bouts after it never be judged. So a turn refused because it is another
  player's asks what that player played: the card seen, his after all, or each card that may
  still have been in the stock (on the pile C3 sends it to; beating each table card it beats,
  or laid beside them).
- **A lead (P7, C6).** A one-card lead refused because another player leads, laid by that
  player's defender, is most likely the defence of a lead the camera missed: asked which card
  the leader led that it beats, or which whole bout, read only on its way in and out, the
  camera missed (a lead, its defence and their discard: that defender leads next).
- **A defence before a take.** A lead refused because another player leads, laid by the player
  who took the last bout (the camera's guess: its cards went with one of them unbeaten), is
  most likely his lead after a discard (P7): the defence of that card was missed. Asked which
  card beat it; named, the take becomes that defence and the bout a discard. Likewise a
  defence refused (P5) after a take the camera guessed from a card thrown in on an unbeaten
  lead: the lead's defence was missed; named, the bout goes on and the defence is judged.

The refused turn waits for the answer and is judged again after it; with no answer (the game
goes on, or its card is taken back) it is judged as read: the foul, as if nothing was asked;
except a lead after a take the camera guessed that is not taken back as the game goes on:
then the take was wrong, and the first defence the referee accepts in its place is told, as
a guess.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from itertools import permutations

import numpy as np

from vision.cross_piles import goes_where_c3_sends, pile_for
from vision.game_view import Emitted
from vision.layout_phases import LayoutPhases
from vision.swept_bout import (
    beats_in_game,
    defence_events,
    possible_beaters,
    swept_towards,
    table_cards,
    trump_under_stock,
    unaccounted,
    unbeaten_attacks,
)
from vision.table_events import (
    Question,
    TableEvent,
    as_told,
    card_text,
    cards_text,
    describe_event,
    played_cards,
)
from vision.table_reader import beats, look_alikes, overlap, rank_of
from vision.tracking import CardTrack, TrackState, box_area

TURN_PHASES = {"deal_card": "faceup", "open_draw": "opening"}  # a turn's event: its phase
COVERED_GROWTH = 1.3  # a card's box grown so much as it lay: a card laid on it, read as it
LYING_ON = 0.6  # a card last read over this much of another's box (the smaller's) lies on it
ASTRAY_FOULS = 1  # fouls after hands the camera guessed that say it lost the game's step


def missed_placings(snapshot: dict, drawer: str, seen: str, lying: Iterable[str] = ()
                    ) -> list[dict]:
    """The placings `drawer` may have made: the card `seen` (placed by him, not by the player
    the camera took it for), then each card not accounted for (on a pile, lying on the table
    now, known elsewhere) placed unseen, each on the pile C3 sends it to."""
    lying = set(lying) | {seen}
    cards = [seen, *(card for card in unaccounted(snapshot, lying) if card != seen)]
    return [{"type": "deal_card", "player": drawer, "card": card,
             "to": pile_for(snapshot, drawer, card)} for card in cards]


def _with_placed(snapshot: dict, placed: list[dict]) -> dict:
    """The snapshot with `placed`'s cards laid on their piles."""
    piles = {name: list(pile) for name, pile in (snapshot.get("piles") or {}).items()}
    for placing in placed:
        piles.setdefault(placing["to"], []).append(placing["card"])
    return {**snapshot, "piles": piles}


def _placings_onto(snapshot: dict, turns: list[tuple[str, str]], lying: set[str],
                   waiting: dict) -> list[dict]:
    """A placing for each (player, pile) of `turns` in turn: the first card not accounted
    for that C3 sends onto that pile then, and after the last of them the placing `waiting`
    where it went; [] when a pile has none."""
    placed: list[dict] = []
    for n, (player, pile) in enumerate(turns):
        now = _with_placed(snapshot, placed)
        used = lying | {placing["card"] for placing in placed}
        fits = ({"type": "deal_card", "player": player, "card": card, "to": pile}
                for card in unaccounted(now, used))
        fits = (placing for placing in fits if goes_where_c3_sends(now, placing))
        if n == len(turns) - 1:
            fits = (placing for placing in fits
                    if goes_where_c3_sends(_with_placed(now, [placing]), waiting))
        placing = next(fits, None)
        if placing is None:
            return []
        placed.append(placing)
    return placed


def guessed_tops_renamed(snapshot: dict, placing: dict, guessed: Iterable[str]
                         ) -> list[tuple[str, str]]:
    """(old, new) renamings of a pile's top card that the follower only guessed (a placing
    the camera never read: `_guess_turn`) after which C3 sends `placing` where it went: the
    guess was a card of another rank (cross-3p-seed52: Boris's Q♠ on his pile never read,
    guessed; Vera's K♠ laid on it showed its rank)."""
    piles = {name: list(pile) for name, pile in (snapshot.get("piles") or {}).items()}
    tops = [(name, pile[-1]) for name, pile in piles.items() if pile and pile[-1] in guessed]
    out = []
    for name, top in tops:
        for other in unaccounted(snapshot):
            renamed = {**piles, name: [*piles[name][:-1], other]}
            if goes_where_c3_sends({**snapshot, "piles": renamed}, placing):
                out.append((top, other))
    return out


def misread_on_a_pile(snapshot: dict, drawer: str, placings: list[dict]) -> list[dict]:
    """For the players only: each look-alike of a card `placings` offer that the referee has
    on a pile, placed by `drawer` now (the pile's card was that card's look-alike, misread
    when it was placed: cross-2p-seed26, a QS read QC on Boris's pile, the real QC later read
    QS on Anna's). Named, the referee refuses it (G8) and the pile's card is renamed."""
    on_piles = {card for pile in (snapshot.get("piles") or {}).values() for card in pile}
    offered = [p["card"] for p in placings]
    alikes = [alike for card in offered for alike in look_alikes(card)
              if alike in on_piles and alike not in offered]
    return [{"type": "deal_card", "player": drawer, "card": card,
             "to": pile_for(snapshot, drawer, card)} for card in dict.fromkeys(alikes)]


def missed_open_draws(snapshot: dict, drawer: str, seen: dict, lying: Iterable[str] = ()
                      ) -> list[dict]:
    """Round (R2): the opening draws `drawer` may have made: the card of `seen` drawn by him,
    then each card not accounted for (on the table, known elsewhere) drawn unseen: beating a
    face-up table card it beats (each such), else laid beside them."""
    table = list(snapshot.get("open_table") or ())
    draws = [{**seen, "player": drawer}]
    for card in unaccounted(snapshot, set(lying) | {seen["card"]}):
        beaten = [target for target in table if beats_in_game(snapshot, card, target)]
        draw = {"type": "open_draw", "player": drawer, "card": card}
        draws += [{**draw, "beats": target} for target in beaten] if beaten else [draw]
    return draws


def missed_turn_question(drawer: str, waiting: TableEvent, placings: list[dict],
                         since: float, offered: list[dict] | None = None) -> Question:
    """`waiting` (another player's turn) came while the referee waits for `drawer`: which card
    did `drawer` play (the first candidate: the one seen, his after all)? None of them:
    `waiting` is out of turn. It asks about the time `since` the last turn taken in."""
    event = waiting.event
    shown = card_text(event["card"])
    shown_ru = card_text(event["card"], True)
    return Question(
        f"{describe_event(event)}, but it is {drawer}'s turn: which card did {drawer} play "
        f"that the camera did not see? (none: {shown} is out of turn)",
        f"{describe_event(event, russian=True)}, но сейчас очередь {drawer}: какую карту "
        f"сыграл {drawer}, а камера не увидела? (никакую: {shown_ru} вне очереди)",
        (*placings, *(offered or ())), waiting.frame, waiting.time, (event["card"],), since,
        offered_only=len(offered or ()))


def missed_lead_question(leader: str, waiting: TableEvent, leads: list[dict],
                         since: float) -> Question:
    """`waiting` (a lead by `leader`'s defender) came while `leader` leads: which card did he
    lead, since the last bout closed (`since`), that it beat (the camera did not see it)? Or,
    where `leads` offers whole bouts (`beaten_by`), which bout did the camera miss? None of
    them: `waiting` is out of turn."""
    bouts = any("beaten_by" in lead for lead in leads)
    english = ", or which bout (led, beaten, discarded) did the camera miss" if bouts else ""
    russian = ", или какой отбой (ход, побито, бито) камера пропустила" if bouts else ""
    return _question_on_a_lead(
        waiting, leads, since,
        lambda player, shown: f"{player} laid {shown} as a lead, but {leader} leads: which "
                              f"card did {leader} lead that {shown} beat{english}? (none: "
                              f"{shown} is out of turn)",
        lambda player, shown: f"{player} положил {shown} как ход, но ходит {leader}: какой "
                              f"картой ходил {leader}, побитой {shown}{russian}? (никакой: "
                              f"{shown} не в свой черёд)")


def missed_bout_question(leader: str, taker: str, waiting: TableEvent, leads: list[dict],
                         since: float) -> Question:
    """`waiting` (a lead by the player after `leader`'s defender `taker`) came while `leader`
    leads: did `leader` lead a card, since about when the last bout closed (`since`), that
    `taker` took, both unseen? Which? None of them: `waiting` is out of turn."""
    return _question_on_a_lead(
        waiting, leads, since,
        lambda player, shown: f"{player} leads {shown}, but {leader} leads: did {leader} lead "
                              f"a card that {taker} took, unseen by the camera? Which? (none: "
                              f"{shown} is out of turn)",
        lambda player, shown: f"{player} ходит {shown}, но ходит {leader}: не ходил ли "
                              f"{leader} картой, которую взял {taker}, незаметно для камеры? "
                              f"Какой? (никакой: {shown} не в свой черёд)")


def lead_beaten_by(lead: dict, waiting: dict) -> dict:
    """The defence `waiting` (a one-card lead refused as out of turn) is when it beat `lead`,
    the lead the camera missed."""
    return defence_events(waiting["player"], lead["cards"][0], waiting["cards"][:1])[0]


def missed_bout_events(lead: dict, defender: str) -> tuple[dict, dict, dict]:
    """A whole bout the camera missed, named by its lead `beaten_by` a card of `defender`'s
    (`MissedTurns._bouts_seen_passing`): the lead, its defence and the discard, in order."""
    return (as_told(lead),
            {"type": "defend", "player": defender, "card": lead["beaten_by"],
             "on": lead["cards"][0]},
            {"type": "discard"})


def _question_on_a_lead(waiting: TableEvent, leads: list[dict], since: float,
                        english: Callable[[str, str], str], russian: Callable[[str, str], str]
                        ) -> Question:
    """A question about the one-card lead `waiting` (its text from its player and card)."""
    player, card = waiting.event["player"], waiting.event["cards"][0]
    return Question(english(player, card_text(card)), russian(player, card_text(card, True)),
                    tuple(leads), waiting.frame, waiting.time, (card,), since)


def missed_beating_question(taker: str, target: str, cards: tuple[str, ...],
                            waiting: TableEvent, defences: list[dict], since: float, *,
                            told_at_once: bool = False) -> Question:
    """`waiting` (a lead by `taker`) came while another player leads, because the camera took
    the last bout (`cards`, `target` unbeaten) for `taker`'s take: which card beat `target`
    (the bout then went to the discard pile and `taker` leads)? None: he took, the lead is out
    of turn. `told_at_once`: the first defence was read where `target` lay or on its way in,
    and the camera names it itself."""
    shown, shown_ru = card_text(waiting.event["cards"][0]), card_text(waiting.event["cards"][0],
                                                                      True)
    table, table_ru = cards_text(cards), cards_text(cards, russian=True)
    return Question(
        f"{taker} leads {shown}; the camera saw {taker} take the last bout ({table}), so it "
        f"is not his lead. Was {card_text(target)} beaten after all: by which card? (none: "
        f"{taker} took, {shown} is out of turn)",
        f"{taker} ходит {shown_ru}; камера решила, что {taker} взял прошлый кон ({table_ru}), "
        f"и ход не его. Была ли {card_text(target, True)} побита, и чем? (ничем: {taker} взял, "
        f"{shown_ru} не в свой черёд)",
        tuple(defences), waiting.frame, waiting.time, (waiting.event["cards"][0],), since,
        replaces={"type": "take", "player": taker}, told_at_once=told_at_once)


def take_undone_question(taker: str, target: str, waiting: TableEvent, defences: list[dict],
                         since: float) -> Question:
    """`waiting` (a defence by `taker`) came after the camera took a card thrown in on the
    unbeaten `target` for his take: was `target` beaten after all (the bout goes on), and by
    which card? None: he took, the defence is a foul (P5)."""
    event = waiting.event
    shown, shown_ru = card_text(event["card"]), card_text(event["card"], True)
    lead, lead_ru = card_text(target), card_text(target, True)
    return Question(
        f"{describe_event(event)}; the camera took a card thrown in on {lead}, unbeaten, for "
        f"{taker}'s take. Was {lead} beaten after all: by which card? (none: {taker} took, "
        f"{shown} is a foul)",
        f"{describe_event(event, russian=True)}; камера приняла подкинутую к {lead_ru} карту "
        f"за то, что {taker} взял. Была ли {lead_ru} побита, и чем? (ничем: {taker} взял, "
        f"{shown_ru} — нарушение)",
        tuple(defences), waiting.frame, waiting.time, (event["card"],), since,
        replaces={"type": "take", "player": taker})


def missed_defence_question(defender: str, target: str, waiting: TableEvent,
                            defences: list[dict], since: float, *,
                            replaces: dict | None = None) -> Question:
    """`waiting` (a throw-in) was refused for its rank while `target` lay unbeaten with
    something laid on it unseen: which card did `defender` beat `target` with (the throw-in
    may then match its rank)? None: the throw-in is a foul. `replaces`: the take the camera
    guessed from the throw-in, which the defence named takes the place of."""
    event = waiting.event
    shown, shown_ru = card_text(event["cards"][0]), card_text(event["cards"][0], True)
    lead, lead_ru = card_text(target), card_text(target, True)
    return Question(
        f"{describe_event(event)}, but no card of its rank is on the table; a card was laid "
        f"on {lead} unseen. Did {defender} beat {lead}: with which card? (none: {shown} is "
        f"a foul)",
        f"{describe_event(event, russian=True)}, но карт этого достоинства на столе нет; на "
        f"{lead_ru} положили карту, которую камера не прочла. Побил ли {defender} {lead_ru}, "
        f"и чем? (ничем: {shown_ru} — нарушение)",
        tuple(defences), waiting.frame, waiting.time, (event["cards"][0],), since,
        replaces=replaces)


def missed_pass_on_question(defender: str, waiting: TableEvent, passes: list[dict],
                            since: float) -> Question:
    """`waiting` (a cross defence by the next player) came while `defender` must beat the
    card: which card did `defender` lay on it and pass on (C7), that the defence beats? None:
    the defence is out of turn."""
    event = waiting.event
    shown, shown_ru = card_text(event["card"]), card_text(event["card"], True)
    return Question(
        f"{event['player']} beats with {shown}, but {defender} must beat the card: which card "
        f"did {defender} pass on that {shown} beats? (none: {shown} is out of turn)",
        f"{event['player']} бьёт картой {shown_ru}, но бить должен {defender}: какую карту "
        f"передал {defender}, которую бьёт {shown_ru}? (никакую: {shown_ru} не в свой черёд)",
        tuple(passes), waiting.frame, waiting.time, (event["card"],), since)


@dataclass
class MissedTurn:
    question: Question
    waiting: TableEvent  # the turn refused as out of turn, judged again on the answer
    commit: Callable[[], None]   # the model's update, if it is judged as read and accepted
    box: np.ndarray | None = None  # a missed lead: where the card that beat it lies
    take: dict | None = None  # a missed defence: the take the camera guessed instead
    passed: bool = False      # a missed pass-on (cross): `waiting` is the defence after it
    beaten: str | None = None  # a missed defence: the attack card it beat; `waiting` a throw-in
    taken_by: str | None = None  # a missed bout: its defender took it, then `waiting` led
    # a missed turn: the candidates told if nobody answers (cross: one placing each of the
    # players whose turns were missed, in turn)
    guess: tuple[dict, ...] = ()
    # a missed lead: the one lead offered that was read where the card that waited lies
    lead_under: dict | None = None

    @property
    def lead(self) -> bool:
        """`waiting` is a lead, or a defence (judged as read on no answer: the model takes it
        in)."""
        return self.box is not None or self.take is not None or self.passed \
            or self.taken_by is not None or self.beaten is not None

    @property
    def lead_after_guessed_take(self) -> bool:
        """`waiting` is a lead by the player the camera guessed took the last bout."""
        return self.take is not None and self.waiting.event["type"] == "attack"


class MissedTurns(LayoutPhases):
    """Asking about a turn the camera missed (a cross placing, a round opening draw, a lead),
    and settling the answer."""

    _missed_turn: MissedTurn | None = None
    _asked_again: MissedTurn | None = None  # a turn still out of turn after a named one

    def _ask_missed_turn(self, table_event: TableEvent, commit: Callable[[], None],
                         out: list[Emitted]) -> bool:
        """A placing or opening draw the referee refuses because it is `drawer`'s turn: asked
        which card `drawer` played. The model goes on as if he played one and then this one
        came. A lead: `_ask_missed_lead`."""
        event = table_event.event
        if self._missed_turn is not None:
            return False
        if event["type"] == "attack":
            return self._ask_missed_lead(table_event, commit, out)
        if event["type"] == "defend":
            return self._ask_take_undone(table_event, commit, out) \
                or self._ask_missed_pass_on(table_event, commit, out)
        if event["type"] == "pass_on":   # read so for the card it lies on; it beats another
            return self._ask_missed_pass_on(table_event, commit, out)
        if event["type"] == "throw_in":
            return self._ask_defence_before_throw_in(table_event, commit, out)
        snapshot = self._snapshot()
        drawer = snapshot.get("turn")
        phase = TURN_PHASES.get(event["type"])
        theirs = self._next_drawers_placing(snapshot, drawer, event) \
            if phase == "faceup" and snapshot.get("phase") == phase else None
        if theirs is not None:   # the next player's, after a turn of the drawer's missed
            table_event, event = TableEvent(theirs, table_event.frame, table_event.time), theirs
            commit = self._placed_by(theirs, commit)
        if phase is None or snapshot.get("phase") != phase \
                or drawer in (None, event.get("player")):
            return False
        offered: list[dict] = []
        # first, a card read on its way in since the turn began that never came to rest there
        lost = self._lost_on_the_way(self.view.turn_at)
        if phase == "faceup":
            # a card lying on the table that no placing told (set aside as a pile's card read
            # as its look-alike, say) may be the placing missed: offered after those lost (for
            # the players only to name: unanswered, a guess of one collided later)
            untold = set(unaccounted(snapshot)) & set(self._tracks)
            turns = missed_placings(snapshot, drawer, event["card"], set(self._tracks) - untold)
            offered = misread_on_a_pile(snapshot, drawer, turns)
            self.view.stock_left -= 1   # the drawer's card left the stock too
            first = [turn for turn in turns[1:] if turn["card"] in lost]
            first += [turn for turn in turns[1:] if turn["card"] in untold and turn not in first]
        else:   # ... beating a table card seen leaving: the drawer took it with his draw
            turns = missed_open_draws(snapshot, drawer, event, self._tracks)
            gone = self._table_cards_gone(event)
            first = [turn for turn in turns[1:] if turn.get("beats") in gone]
        first.sort(key=lambda turn: lost.index(turn["card"]) if turn["card"] in lost
                   else len(lost))   # the last read first, then as they were (a stable sort)
        turns = [turns[0], *first, *(turn for turn in turns[1:] if turn not in first)]
        question = missed_turn_question(drawer, table_event, turns, self.view.turn_at, offered)
        guess: tuple[dict, ...] = ()   # (round: `_guess_turn`)
        if phase == "faceup":
            glimpses = self._glimpsed_since(self.view.turn_at)
            glimpsed = [turn for turn in turns[1:] if turn["card"] in glimpses]
            guess = (first[0],) if first and first[0]["card"] in lost \
                else (glimpsed[0],) if len(glimpsed) == 1 \
                else self._placed_over_covered(snapshot, drawer, event)
        self._wait(MissedTurn(question, table_event, commit, guess=guess), out)
        commit()
        return True

    def _next_drawers_placing(self, snapshot: dict, drawer: str | None, event: dict
                              ) -> dict | None:
        """Cross's face-up deal: a placing told as `drawer`'s (his turn: a card comes from
        the stock, not from a seat) and refused, where the top card of `drawer`'s pile was
        read where it lies as a look-alike nobody has accounted for (`read_here_as`): a card
        laid on it, taken for the top card read two ways. When C3 sends that look-alike onto
        `drawer`'s own pile, and then the card told onto where it went as the next player's,
        the placing is that next player's, after a turn of `drawer`'s the camera missed
        (cross-2p-seed112: Boris's 8♠ laid on his pile's 8♣, a design whose clubs and spades
        read alike, never told; Anna's J♦ on her own pile, told as Boris's, was refused (C3),
        a false foul, two more after it). Not one seen coming from `drawer`'s seat. Else
        None."""
        if drawer is None or event.get("player") != drawer or self.options.get("place_continues"):
            return None
        track = self._tracks.get(event["card"])
        pile = list((snapshot.get("piles") or {}).get(drawer) or ())
        top = self._tracks.get(pile[-1]) if pile else None
        after = self._next_seat(drawer)
        if track is None or top is None or after == drawer \
                or self._direction_choice(track, self._persons) == (drawer, True):
            return None
        theirs = {**event, "player": after}
        free = set(unaccounted(snapshot, {event["card"]}))
        for alike in top.read_here_as:
            missed = {"type": "deal_card", "player": drawer, "card": alike, "to": drawer}
            if alike in free and goes_where_c3_sends(snapshot, missed) \
                    and goes_where_c3_sends(_with_placed(snapshot, [missed]), theirs):
                return theirs
        return None

    def _placed_by(self, placing: dict, commit: Callable[[], None]) -> Callable[[], None]:
        """`commit` of a placing told as another player's, then the model's turn passed on
        from `placing`'s player."""
        def placed() -> None:
            commit()
            self.view.last_placing = self.view.placings[placing["card"]] = placing
            self.view.opening_turn = self._next_seat(placing["player"])
        return placed

    def _ask_missed_lead(self, table_event: TableEvent, commit: Callable[[], None],
                         out: list[Emitted]) -> bool:
        """A one-card lead the referee refuses because another player leads, laid by that
        player's defender: the lead may have been missed and this card beaten it. Asked which
        card he led that it beats; the model waits for the answer."""
        event = table_event.event
        if self._ask_missed_beating(table_event, commit, out):
            return True
        snapshot = self._snapshot()
        leads = snapshot.get("leads") or []
        track = self._tracks.get(event["cards"][0]) if len(event["cards"]) == 1 else None
        if track is not None and snapshot.get("table") and snapshot.get("took") \
                and snapshot.get("defender"):   # the last bout was taken, still open: its
            # taker's left leads next, and may have led a bout the camera missed, or a lead
            # this card beat (laid by his defender: transfer-2p-seed47, a 7♠ lead never read
            # after Anna's take, Boris's 9♠ on it refused as a lead out of turn)
            leader = self._next_seat(snapshot["defender"])
            if self._next_seat(leader) != event["player"]:
                return self._ask_missed_bout(table_event, commit, out, leader)
            return self._ask_beaten_lead(table_event, commit, out, leader, track,
                                         self._taken_bout_left_at(snapshot))
        if track is None or len(leads) != 1 or snapshot.get("table") \
                or self._nothing_read_since(self.view.closed_at, event["cards"]):
            return False   # (a lead missed leaves a reading or two: `_nothing_read_since`)
        if self._next_seat(leads[0]) != event["player"]:
            return self._ask_missed_bout(table_event, commit, out, leads[0])
        return self._ask_beaten_lead(table_event, commit, out, leads[0], track,
                                     self.view.closed_at)

    def _taken_bout_left_at(self, snapshot: dict) -> float:
        """When the referee's taken bout left the table: its cards' last sight, if before the
        camera told the take (it may wait for throw-ins a while, and a lead come meanwhile)."""
        seen = [self._last_tracks[card].last_seen for card in table_cards(snapshot)
                if card in self._last_tracks]
        return min(self.view.closed_at, max(seen)) if seen else self.view.closed_at

    def _ask_beaten_lead(self, table_event: TableEvent, commit: Callable[[], None],
                         out: list[Emitted], leader: str, track: CardTrack,
                         since: float) -> bool:
        """The one card of a lead refused, laid by `leader`'s defender: asked which card
        `leader` led, since `since` (the last bout left), that it beats; the model waits for
        the answer. False when no card he may hold is beaten by it."""
        card, snapshot = table_event.event["cards"][0], self._snapshot()
        beaten = [{"type": "attack", "player": leader, "cards": [lead]}
                  for lead in unaccounted(snapshot, self._tracks, leader)
                  if beats_in_game(snapshot, card, lead)]
        swept = self._bouts_seen_passing(snapshot, leader, table_event.event["player"], since)
        if not beaten and not swept:
            return False
        question = missed_lead_question(leader, table_event, beaten + swept, since)
        self._wait(MissedTurn(question, table_event, commit, track.box.copy(),
                              lead_under=self._lead_read_under(beaten, track, since)), out)
        return True

    def _lead_read_under(self, leads: list[dict], track: CardTrack, since: float
                         ) -> dict | None:
        """Of `leads`, the one whose card was read since `since` (the last bout left), at
        rest now and then or on its way in (`_glimpsed_since`, `_lost_on_the_way`), last
        within a card (of those seen this game) of where `track`, the card laid on it, lies;
        None unless exactly one."""
        seen = {*self._glimpsed_since(since), *self._lost_on_the_way(since)}
        read = {other.card: other for other in (*self._came_in_lately.values(),
                                                *self._ways_in.values()) if other.card in seen}
        size = self._card_size(track, self._last_tracks)  # (the table may hold indices only)
        under = [lead for lead in leads if (other := read.get(lead["cards"][0])) is not None
                 and float(np.linalg.norm(other.center - track.center)) <= size]
        return under[0] if len(under) == 1 else None

    def _bouts_seen_passing(self, snapshot: dict, leader: str, defender: str,
                            since: float) -> list[dict]:
        """Whole bouts the camera may have missed since `since` (the last bout left): a lead
        of `leader`'s and `defender`'s card beating it, both read only on their way in or out
        (`_lost_on_the_way`), each one he may hold, discarded (dummy-3p-seed67: Anna's Q♣ led
        and Boris's Q♦ on it were read only moving, on a held-out design; Boris's next lead
        was asked about as the defence of a lead of hers, which it beat not, and every lead
        after it was out of turn: 14 false fouls). Each a lead `beaten_by` that card."""
        seen = self._lost_on_the_way(since)
        leads = set(unaccounted(snapshot, self._tracks, leader))
        defences = set(unaccounted(snapshot, self._tracks, defender))
        return [{"type": "attack", "player": leader, "cards": [lead], "beaten_by": defence}
                for lead in seen if lead in leads
                for defence in seen if defence in defences and defence != lead
                and beats_in_game(snapshot, defence, lead)]

    def _swept_unseen(self, lead: dict, defender: str, question: Question) -> None:
        """The players named a whole bout the camera missed (`_bouts_seen_passing`), its lead
        told (`TablePipeline.answer`): its defence and discard are judged, and the model set
        from the referee's."""
        _, defence, discard = missed_bout_events(lead, defender)
        if self._judge_late(defence, question):
            self._judge_late(discard, question)
        self.resync()

    def _ask_missed_bout(self, table_event: TableEvent, commit: Callable[[], None],
                         out: list[Emitted], leader: str) -> bool:
        """A one-card lead the referee refuses because `leader` leads, laid by the player
        after `leader`'s defender (podkidnoy: who leads after that defender takes): a whole
        bout may have been missed, a lead and its take. Asked which card `leader` led (each
        candidate a lead `taken_by` that player); named, the take is told and the lead that
        waited judged after it."""
        event = table_event.event
        taker = self._next_seat(leader)
        if self.variant not in ("classic", "transfer", "dummy") \
                or event["player"] in (leader, taker) or self._next_seat(taker) != event["player"]:
            return False
        snapshot = self._snapshot()
        since = max(0.0, self.view.closed_at - self.config.bout_close_lag)
        held = unaccounted(snapshot, self._tracks, leader)
        # a card seen leaving since (the turned trump, drawn by him and led) comes first
        trump = trump_under_stock(snapshot)
        left = [card for card in self._left_since(since) if card in held or card == trump]
        leads = [{"type": "attack", "player": leader, "cards": [card], "taken_by": taker}
                 for card in (*left, *(card for card in held if card not in left))]
        if not leads:
            return False
        question = missed_bout_question(leader, taker, table_event, leads, since)
        guess = tuple(leads[:1]) if len(left) == 1 else ()   # (`_guess_taken_bout`)
        self._wait(MissedTurn(question, table_event, commit, taken_by=taker, guess=guess), out)
        return True

    def _ask_missed_beating(self, table_event: TableEvent, commit: Callable[[], None],
                            out: list[Emitted]) -> bool:
        """A lead the referee refuses because another player leads, laid by the player the
        camera saw take the last bout with one card unbeaten: was that card beaten unseen (a
        discard, then he leads)? Asked which card beat it; the lead waits for the answer."""
        event = table_event.event
        last = self.view.last_take
        snapshot = self._snapshot()
        if last is None or self.revise is None or last[0] != event["player"] \
                or len(last[1]) != 1 or (snapshot.get("table") and not snapshot.get("took")):
            return False
        taker, (target,), cards = last
        since = self._asked_since(list(cards))
        hinted = self._hints_at(target, since)
        beaters = [card for card in possible_beaters(target, {**snapshot, "defender": taker},
                                                     self._tracks, hinted) if card not in cards]
        if not beaters:
            return False
        defences = defence_events(taker, target, beaters)
        question = missed_beating_question(taker, target, cards, table_event, defences, since,
                                           told_at_once=beaters[0] in hinted)
        self._wait(MissedTurn(question, table_event, commit, take=question.replaces), out)
        return True

    def _hints_at(self, target: str, since: float) -> set[str]:
        """Cards that may have been laid on `target` unseen: read where it lay (with it in
        one frame, or as its rival) or on their way in since `since`, never come to rest
        (dummy-3p-seed44: a K♠ laid on the 8♣ was read at rest as the 8♣ under it, then
        swept)."""
        track = self._last_tracks.get(target)
        hinted = track.together | set(track.rivals) if track is not None else set()
        return hinted | set(self._lost_on_the_way(since))

    def _ask_take_undone(self, table_event: TableEvent, commit: Callable[[], None],
                         out: list[Emitted]) -> bool:
        """A defence refused after a take the camera guessed from a card thrown in on an
        unbeaten lead (the lead's defence unseen, most likely): asked which card beat the
        lead; named, the take becomes that defence and this one is judged again after it."""
        event = table_event.event
        snapshot = self._snapshot()
        unbeaten = unbeaten_attacks(snapshot)
        if not self.view.take_guessed or self.revise is None or not snapshot.get("took") \
                or snapshot.get("defender") != event["player"] or not unbeaten:
            return False
        target = unbeaten[0]   # the lead, first on the table
        beaters = [card for card in possible_beaters(target, snapshot, self._tracks)
                   if card != event["card"]]
        if not beaters:
            return False
        question = take_undone_question(event["player"], target, table_event,
                                        defence_events(event["player"], target, beaters),
                                        self._asked_since(list(self.view.reader.cards)))
        self._wait(MissedTurn(question, table_event, commit, take=question.replaces), out)
        return True

    def _ask_missed_pass_on(self, table_event: TableEvent, commit: Callable[[], None],
                            out: list[Emitted]) -> bool:
        """Cross: a defence (or what looks like a pass-on) the referee refuses because another
        player must beat the card (C6): that player may have passed a card on unseen (C7: laid
        on the card, so the defence lies on it), which the defence beats. Asked which; the
        defence waits."""
        event = table_event.event
        snapshot = self._snapshot()
        defender, unbeaten = snapshot.get("defender"), unbeaten_attacks(snapshot)
        if self.variant != "cross" or defender in (None, event["player"]) or len(unbeaten) != 1:
            return False
        passes = [{"type": "pass_on", "player": defender, "card": card}
                  for card in unaccounted(snapshot, self._tracks, defender)
                  if beats(event["card"], card, "D", cross=True)]
        if not passes:
            return False
        question = missed_pass_on_question(defender, table_event, passes,
                                           self._asked_since(list(self.view.reader.cards)))
        self._wait(MissedTurn(question, table_event, commit, passed=True), out)
        return True

    def _ask_defence_before_throw_in(self, table_event: TableEvent,
                                     commit: Callable[[], None], out: list[Emitted]) -> bool:
        """A throw-in the referee refuses for its rank (P3) while one attack card lies
        unbeaten that a card was laid on unseen (`_covered_unseen`): its defence was missed,
        likeliest of the thrown rank (transfer-2p-seed66: Anna's K♠ on the A♥, the two read
        as one A♥; Boris's K♥ thrown in, a false P3 foul). Asked which card beat it; named, the
        throw-in is judged again after it. Unanswered, it is judged as read."""
        event = table_event.event
        snapshot = self._snapshot()
        defender = snapshot.get("defender")
        covered = [card for card in unbeaten_attacks(snapshot)
                   if self._covered_unseen(card) or self._lost_lying_on(card)]
        if defender is None or len(covered) != 1 or len(event["cards"]) != 1 \
                or getattr(self.judge(table_event, record_refusal=False), "rule", None) != "P3":
            return False
        target, rank = covered[0], rank_of(event["cards"][0])
        beaters = possible_beaters(target, snapshot, self._tracks,
                                   hinted=[rank + suit for suit in "CDHS"])
        if not beaters:
            return False
        # the take guessed from this throw-in (told before it) gives way to the defence named
        take = {"type": "take", "player": defender} \
            if self.view.take_guessed and snapshot.get("took") else None
        question = missed_defence_question(defender, target, table_event,
                                           defence_events(defender, target, beaters),
                                           self._asked_since(list(self.view.reader.cards)),
                                           replaces=take)
        self._wait(MissedTurn(question, table_event, commit, beaten=target), out)
        return True

    def _lost_lying_on(self, card: str) -> bool:
        """A card read coming in since `card` was placed, last read lying on it
        (`LYING_ON`), never read since: laid on it, and read as `card` from then on
        (dummy-3p-seed92: Anna's K♣ on the 6♠, read K♣ to rest, then only the 6♠ on a box
        grown a fifth; Boris's K♦ thrown in was a false P3)."""
        track = self._tracks.get(card)
        if track is None or track.placed_at is None:
            return False
        return any(other.last_seen >= track.placed_at and other.card not in self._tracks
                   and overlap(other.box, track.box) >= LYING_ON
                   for other in self._came_in_lately.values())

    def _covered_unseen(self, card: str) -> bool:
        """A card was laid on `card` and read as it: the box read for `card` grew as it lay,
        to `COVERED_GROWTH` of where it was placed at least (the two cards read as one)."""
        track = self._tracks.get(card)
        placed = None if track is None else track.placed_box
        return placed is not None and box_area(track.box) >= COVERED_GROWTH * box_area(placed)

    def _passed_unseen(self, asked: MissedTurn, passed: dict, question: Question) -> bool:
        """The players named the card passed on unseen (the referee took it): the card that
        waited is judged as the defence on it. True when the referee accepts it; the model then
        has the bout: the passed card (under the defence, where the old card lay) beaten."""
        waiting = asked.waiting.event
        defence = {"type": "defend", "player": waiting["player"], "card": waiting["card"],
                   "on": passed["card"]}
        if not self._judge_late(defence, question):
            return False
        view = self.view
        track = self._tracks.get(waiting["card"])
        box = track.box.copy() if track is not None else None
        for card in list(view.reader.cards):
            view.reader.remove(card)   # the card he could not beat went to his hand
        if box is not None:
            view.reader.add_attack(passed["card"], box, lead=True)
            view.reader.add_defence(waiting["card"], box, passed["card"])
        view.defender = waiting["player"]
        return True

    def _beaten_before_take(self, asked: MissedTurn) -> None:
        """The players named the defence the camera missed, and the referee has it in place of
        the take (the question `replaces` it): the bout is a discard, and the lead that waited
        is judged after it. Unless a card thrown in after the take is still unbeaten there
        (refused after the take, the referee's now): then the bout goes on, and the card that
        waited is read again against it (a defence laid on that card)."""
        self.resync()
        if unbeaten_attacks(self._snapshot()):
            self.view.last_take = None
            track = self._tracks.get(played_cards(asked.waiting.event)[0])
            if track is not None:
                self.view.pending.append(track)
            return
        if self._judge_late({"type": "discard"}, asked.question):
            self.view.leader = asked.waiting.event["player"]
        self.view.last_take = None
        self._as_read(asked, self._judge_late(asked.waiting.event, asked.question))

    def _bout_since(self, cards: list[str]) -> float | None:
        """When the first of these cards was laid: the questions ask about the time since."""
        times = [track.placed_at for card in cards
                 if (track := self._last_tracks.get(card)) is not None
                 and track.placed_at is not None]
        return min(times) if times else None

    def _asked_since(self, cards: list[str]) -> float:
        """What a question about these cards' bout asks about: the time since the first of
        them was laid, else since the last bout closed."""
        since = self._bout_since(cards)
        return self.view.closed_at if since is None else since

    def _wait(self, asked: MissedTurn, out: list[Emitted]) -> None:
        """The question goes out; its turn waits for the answer."""
        self._missed_turn = asked
        out.append(asked.question)
        self.view.doubtful.update(asked.question.cards)

    def _beaten_lead(self, lead: dict, waiting: dict, box: np.ndarray,
                     question: Question) -> bool:
        """The players named the lead the camera missed (accepted): the card that waited beat
        it. True when the referee accepts that defence; the model then has the bout."""
        defence = lead_beaten_by(lead, waiting)
        if not self._judge_late(defence, question):
            return False
        self._bout_of_beaten_lead(lead, defence, box)
        return True

    def _bout_of_beaten_lead(self, lead: dict, defence: dict, box: np.ndarray) -> None:
        """The model's bout: `lead`, the lead the camera missed, beaten by `defence`, both
        lying at `box` (where the card that beat it lies)."""
        view = self.view
        view.leader, view.defender, view.took = lead["player"], defence["player"], False
        view.reader.add_attack(defence["on"], box, lead=True)
        view.reader.add_defence(defence["card"], box, defence["on"])

    def answered(self, question: Question, chosen: dict | None = None, *,
                 refused: bool = False) -> tuple[str, str] | None:
        """The turn that waited is judged now, after the missed turn the players named (or
        with none named: out of turn, a foul). A placing or draw they say was the drawer's own
        is what was judged; a missed lead's card is judged as the defence on the lead they
        named. Refused, the model is set again from the referee's."""
        asked = self._missed_turn
        if asked is None or question is not asked.question:
            return super().answered(question, chosen, refused=refused)
        self._missed_turn = None
        self.view.doubtful.difference_update(question.cards)
        waiting = asked.waiting.event
        if asked.take is not None:   # a missed defence before the take
            if chosen is None or refused:
                self._as_read(asked, self._judge_late(waiting, question))
            else:
                self._beaten_before_take(asked)
            return None
        if asked.taken_by is not None:   # a missed bout: its lead named, then its take
            if chosen is not None and not refused:
                self._judge_late({"type": "take", "player": asked.taken_by}, question)
                self.resync()
            self._as_read(asked, self._judge_late(waiting, question))
            return None
        if asked.beaten is not None:   # a missed defence before a throw-in
            track = self._tracks.get(asked.beaten)
            if chosen is not None and not refused and track is not None \
                    and self.view.reader.pair_of(asked.beaten) is not None:
                self.view.reader.add_defence(chosen["card"], track.box, asked.beaten)
                if question.replaces is not None:   # the take guessed was the defence
                    self.view.took = self.view.take_guessed = False
            self._as_read(asked, self._judge_late(waiting, question))
            return None
        if asked.passed:   # a missed pass-on
            if chosen is None or refused or not self._passed_unseen(asked, chosen, question):
                self._as_read(asked, self._judge_late(waiting, question))
            return None
        if asked.box is not None:   # a missed lead, or a whole bout
            if chosen is not None and not refused and "beaten_by" in chosen:
                self._swept_unseen(chosen, waiting["player"], question)
                self._as_read(asked, self._judge_late(waiting, question))
            elif chosen is None or refused \
                    or not self._beaten_lead(chosen, waiting, asked.box, question):
                self._as_read(asked, self._judge_late(waiting, question))
            return None
        if chosen is not None and not refused and chosen.get("beats"):
            self.view.open_table.pop(chosen["beats"], None)   # he took the card he beat
        if chosen is not None and chosen["card"] == waiting["card"]:
            if refused:   # the drawer's own card, refused where it lies: a foul of his
                self._turn_refused(waiting)
            else:   # one card left the stock, not a missed one too: the referee's count
                self.resync()
            return None
        if chosen is not None and not refused and (
                self._another_turn_first(waiting) or self._drawn_known_elsewhere(waiting)):
            self._asked_again = asked   # asked about at the next frame
            return None
        if not self._judge_late(waiting, question):
            self._turn_refused(waiting)
        return None

    def _another_turn_first(self, waiting: dict) -> bool:
        """After the missed turn the players named, the waiting card is still out of turn:
        the turn after it was missed too (cross-3p-seed31: Vera's and Anna's placings both
        covered before they were read, then Boris's refused as out of turn, a false C3 foul
        and the face-up phase out of step)."""
        snapshot = self._snapshot()
        phase = TURN_PHASES.get(waiting["type"])
        return phase is not None and snapshot.get("phase") == phase \
            and snapshot.get("turn") not in (None, waiting.get("player"))

    def _ask_again(self, out: list[Emitted]) -> None:
        """The next missed turn before the waiting one, asked like the first (the model
        went on with the waiting card when the first was asked)."""
        again, self._asked_again = self._asked_again, None
        if again is None or self._ask_missed_turn(again.waiting, lambda: None, out):
            return
        waiting = again.waiting.event
        if self._drawn_known_elsewhere(waiting):   # in turn now: misread before, or a foul?
            self._emit(out, waiting, lambda: None, played_cards(waiting),
                       offered=self._beating_elsewhere(waiting, []))
        elif not self._judge_late(waiting, again.question):
            self._turn_refused(waiting)

    def _drawn_known_elsewhere(self, waiting: dict) -> bool:
        """The referee would refuse `waiting`, a round opening's draw, as a card it knows
        elsewhere (G8: it accounts for it). Out of turn too, it was asked about the turn missed
        first; now it is asked about as any reading the referee refuses so (round-3p-seed93:
        Vera's K♣ drawn was read K♠ surely; her real K♠ drawn later, after Boris's J♣ draw
        the camera missed, was judged a foul, and the draws were out of step from then on: 36
        false fouls). Not for cross's placings (0 -> 21 false fouls on the 100 games)."""
        return waiting["type"] == "open_draw" \
            and waiting["card"] not in unaccounted(self._snapshot())

    def _turn_refused(self, waiting: dict) -> None:
        self._undo_opening_move(waiting, [waiting["card"]])
        self.resync()

    def _as_read(self, asked: MissedTurn, accepted: bool) -> None:
        """A missed lead's card judged as read: the model takes it in when accepted, else
        the card is to be taken back."""
        if accepted:
            asked.commit()
        else:
            self.view.reader.ignored.update(asked.question.cards)
            self.resync()

    def _settle_doubts(self, out: list[Emitted], *, turn_taken: bool = False,
                       asked_before: float | None = None) -> None:
        """Also a turn's question whose card was taken back unanswered (a foul, taken back):
        settled at once."""
        self._ask_again(out)
        super()._settle_doubts(out, turn_taken=turn_taken, asked_before=asked_before)
        asked = self._missed_turn
        if asked is not None and not any(card in self._tracks for card in asked.question.cards):
            self._settle_unanswered(out)

    def _settle_unanswered(self, out: list[Emitted], *, swept_only: bool = False) -> None:
        """The game goes on without an answer: the turn that waited is judged as read (a
        foul, as if nothing had been asked) and the question is withdrawn."""
        super()._settle_unanswered(out, swept_only=swept_only)
        asked = self._missed_turn
        if asked is None:
            return
        self._missed_turn = None
        self.withdrawn.append(asked.question)
        self.view.doubtful.difference_update(asked.question.cards)
        if self._placed_already(asked.waiting.event):
            return
        if asked.lead_after_guessed_take and not self._taken_back(asked.waiting.event) \
                and self._beaten_unanswered(asked):
            out += self.late_events   # the bout's discard and the lead, told now
            self.late_events.clear()
            return
        if self._guess_beaten_lead(asked, out):
            return
        self._guess_turn(asked, out)
        self._guess_taken_bout(asked, out)
        self._guess_defence(asked, out)
        self._guess_swept_bout(asked, out)
        out.append(asked.waiting)   # judged as read, at the frame it was seen
        accepted = self.judge is None or self._judged_renaming_a_guess(asked.waiting)
        if asked.lead:
            self._as_read(asked, accepted)
        elif not accepted:
            self._turn_refused(asked.waiting.event)

    def _judged_renaming_a_guess(self, table_event: TableEvent) -> bool:
        """The turn that waited, judged as read (a refusal kept: a foul), unless it is refused
        for a card only guessed: that guess was another card, renamed in the referee's past
        (`_guess_renamed`), as `_emit` does (cross-2p-seed98, unanswered: Boris's A♠
        placing, never read, guessed as his 10♥; Anna's 10♥ placed later, after another turn
        the camera missed, was a false G8)."""
        judged = self.judge(table_event, record_refusal=False)
        return bool(judged) or self._guess_renamed(table_event, getattr(judged, "rule", None)) \
            or bool(self.judge(table_event))

    def _placed_already(self, event: dict) -> bool:
        """A placing that waited on its turn's question, whose card the referee has on top of
        that pile by now: one card read two ways where it landed, told once already (a
        reading in doubt settled as this code: cross-2p-seed74, Boris's 7♠ read 8♠, then 7♠
        there; the 8♠ settled as the 7♠, the 7♠ "out of turn" was a false G8 when judged as
        read). No turn was missed, and no card was played again."""
        if event.get("type") != "deal_card":
            return False
        pile = (self._snapshot().get("piles") or {}).get(event.get("to")) or []
        if not pile:
            return False
        if pile[-1] == event.get("card"):
            return True
        top, card = self._last_tracks.get(pile[-1]), self._last_tracks.get(event.get("card"))
        return pile[-1] in look_alikes(event["card"]) and top is not None and card is not None \
            and overlap(top.box, card.box) > 0.5

    def _guess_turn(self, asked: MissedTurn, out: list[Emitted]) -> None:
        """A turn's question left unanswered: the drawer's turn the camera missed is guessed
        and told (`guessed`), so that the turns stay in step. In round's opening: a face-up
        table card the camera saw leave since the drawer's turn began (`_table_cards_gone`) was
        beaten by the drawer, who took it with the card that beat it: the first card the
        question offers as beating it (round-3p-seed50: a Q♠ drawn onto the 10♠ was never read
        whole; judged out of turn, every later draw was too: 38 false fouls). In cross's
        face-up deal: the card last read on its way in since the turn began that never came to
        rest (`_lost_on_the_way`; cross-3p-seed44: a 7♠ laid on Vera's pile was read there as
        the 9♣ under it; the stock was a card out from then on, and every lead of the game
        was judged a placing out of turn: 8 false fouls); with none read, a placing by each
        player whose turn was missed onto a pile seen covered (`_placed_over_covered`). Only
        where the waiting turn is then in turn: two turns missed, one guessed would leave the
        turns out of step from then on (cross-3p-seed31, unanswered: 12 -> 27 false fouls)."""
        question, waiting = asked.question, asked.waiting.event
        if self.judge is None or asked.taken_by is not None:
            return
        guess = asked.guess or self._placing_the_next_turn_shows(asked)
        if not guess and waiting["type"] != "open_draw":
            return
        if waiting["type"] == "open_draw":
            gone = self._table_cards_gone(waiting)
            guess = tuple(candidate for candidate in question.candidates[1:]
                          if candidate.get("beats") in gone)[:1]
        if not guess or guess[-1].get("player") not in self.seat_names \
                or self._next_seat(guess[-1]["player"]) != waiting.get("player"):
            return
        for placing in guess:
            event = TableEvent(placing, question.frame, question.time)
            if not self.judge(event, record_refusal=False):
                break
            out.append(event)
            self.guessed.add(placing["card"])
        self.view.stock_left -= len(guess) - 1   # (the question took one card off)

    def _placing_the_next_turn_shows(self, asked: MissedTurn) -> tuple[dict, ...]:
        """Cross's face-up deal, no card read for the turn missed: the turn told now, after the
        one that waited, goes onto the missed drawer's pile, where C3 sends a card only onto
        the rank below it: the drawer placed a card of that rank on his own pile. The first
        card not accounted for that fits (its suit a guess, renamed if that card turns up:
        `_refused_for_a_guess`). cross-3p-seed97, unanswered: Anna's Q♦ laid square on her
        K♦, never read; Boris's A♦ placing was asked about as out of turn, and Vera's K♠ then
        went onto Anna's pile: a queen lay on top there. () when the turn told now does not
        go onto the drawer's pile."""
        waiting, coming = asked.waiting.event, self.view.turn_coming
        snapshot = self._snapshot()
        drawer = snapshot.get("turn")
        if waiting["type"] != "deal_card" or coming is None \
                or coming.get("type") != "deal_card" or drawer is None \
                or coming.get("to") != drawer or coming.get("player") == drawer:
            return ()
        for card in unaccounted(snapshot, set(self._tracks)):
            placing = {"type": "deal_card", "player": drawer, "card": card, "to": drawer}
            after = _with_placed(snapshot, [placing])
            if goes_where_c3_sends(snapshot, placing) and goes_where_c3_sends(after, waiting) \
                    and goes_where_c3_sends(_with_placed(after, [waiting]), coming):
                return (placing,)
        return ()

    def _guess_taken_bout(self, asked: MissedTurn, out: list[Emitted]) -> None:
        """A missed bout asked about (`_ask_missed_bout`), left unanswered, where one card
        was seen leaving the table since the last bout closed (the turned trump, drawn by the
        leader and led): that card is guessed to have been the lead and taken, both told (on
        nobody's word: `guessed`), and the lead that waited is judged after them, in turn
        (dummy-3p-seed76, unanswered: Vera's 9♦ led and taken by Anna unseen, Boris's 8♥ lead
        after it judged out of turn, and 13 false fouls followed). Any event the referee
        refuses ends the guess there."""
        if asked.taken_by is None or not asked.guess or self.judge is None:
            return
        self._tell_guessed((as_told(asked.guess[0]), {"type": "take", "player": asked.taken_by}),
                           asked.question, out)

    def _guess_beaten_lead(self, asked: MissedTurn, out: list[Emitted]) -> bool:
        """A missed lead asked about (`_ask_beaten_lead`), left unanswered, where one lead it
        offers was read where the card that waited lies before it was asked
        (`_lead_read_under`): that lead is guessed (told on nobody's word: `guessed`) and the
        card that waited is told as the defence on it, as when the players name it
        (cross-3p-seed111, unanswered: Anna's J♥ lead read twice as she laid it, then hidden
        by her hand until Boris's A♥ lay on it, its index read once beside the A♥; the A♥ was
        judged a lead out of turn, and every turn after it too). True when the lead was told
        (the card that waited, refused as its defence, is then dropped, never a foul)."""
        lead, waiting = asked.lead_under, asked.waiting
        if lead is None or asked.box is None or self.judge is None:
            return False
        defence = lead_beaten_by(lead, waiting.event)
        told = TableEvent(as_told(lead), asked.question.frame, asked.question.time)
        if not self.judge(told, record_refusal=False):
            return False
        out.append(told)
        self.guessed.update(lead["cards"])
        beating = TableEvent(defence, waiting.frame, waiting.time)
        if not self.judge(beating, record_refusal=False):
            self._as_read(asked, False)   # no foul on a guess: that card is to be taken back
            return True
        out.append(beating)
        self._bout_of_beaten_lead(lead, defence, asked.box)
        return True

    def _guess_swept_bout(self, asked: MissedTurn, out: list[Emitted]) -> None:
        """A missed lead asked about, left unanswered, where the question offers one whole
        bout whose cards were read passing (`_bouts_seen_passing`): that bout is told, lead,
        defence and discard (on nobody's word: `guessed`), and the lead that waited is judged
        after it, in turn. Any card the referee refuses ends the guess there."""
        bouts = [lead for lead in asked.question.candidates if "beaten_by" in lead]
        if asked.box is None or self.judge is None or len(bouts) != 1:
            return
        self._tell_guessed(missed_bout_events(bouts[0], asked.waiting.event["player"]),
                           asked.question, out)

    def _tell_guessed(self, events: Iterable[dict], question: Question,
                      out: list[Emitted]) -> None:
        """A missed bout's events, guessed on nobody's word (`guessed`), told in `question`'s
        frame until the referee refuses one; the model is then set from the referee's."""
        for told in events:
            event = TableEvent(told, question.frame, question.time)
            if not self.judge(event, record_refusal=False):
                break
            out.append(event)
            self.guessed.update(played_cards(told))
        self.resync()

    def _guess_defence(self, asked: MissedTurn, out: list[Emitted]) -> None:
        """A missed defence asked about before a throw-in (`_ask_defence_before_throw_in`),
        left unanswered: the first card offered, when of the thrown rank, is guessed to have
        beaten the covered card (told on nobody's word: `guessed`), and the throw-in is then
        judged after it (transfer-2p-seed66, unanswered: the K♠ on the A♥, read as one A♥,
        and the K♥ thrown in a false foul)."""
        if asked.beaten is None or self.judge is None or not asked.question.candidates:
            return
        defence = asked.question.candidates[0]
        if rank_of(defence["card"]) != rank_of(asked.waiting.event["cards"][0]):
            return
        event = TableEvent(defence, asked.question.frame, asked.question.time)
        pair = self.view.reader.pair_of(asked.beaten)
        if pair is None or pair.defence is not None \
                or not self.judge(event, record_refusal=False):
            return
        out.append(event)
        self.guessed.add(defence["card"])
        self.view.reader.add_defence(defence["card"], pair.attack_box, asked.beaten)

    def _deal_ended_unseen(self, out: list[Emitted]) -> None:
        """Cross's face-up deal with cards left in the stock for the referee, every pile gone
        from the table (taken into hand): the last placings were never read. One card left:
        the card last read on its way in since the turn began that never came to rest is
        guessed as the drawer's placing, on the pile C3 sends it to (`guessed`), and the
        bouts begin (cross-3p-seed99: Vera's Q♠, read coming in, laid square on her 9♦ and
        read 9♦ there after; the deal never ended for the camera, and none of the 77 s of
        play after it was told).

        More cards left, or none read on its way, with no card left on the table at all: the
        camera lost those placings, and which cards each hand holds with them. The hands are
        guessed as the piles and, for the placings left, cards nobody saw
        (`_hands_taken_with_placings_unseen`). Guessing the placings' cards instead put cards
        in the wrong hands, and leads were refused one after another (cross-2p-seed110: the
        8♣ Anna led put in Boris's hand, 30 false fouls). Mid-deal the piles are still on the
        table: a referee whose pile tops fell behind the camera's is no such moment
        (cross-3p-seed103)."""
        view = self.view
        if view.phase != "faceup" or view.stock_left < 1 or self.judge is None:
            return   # (called on every frame a card leaves the table: the cheap checks first)
        snapshot = self._snapshot()
        piles = [card for pile in (snapshot.get("piles") or {}).values() for card in pile]
        drawer = snapshot.get("turn")
        if drawer is None or not piles or any(card in self._tracks for card in piles):
            return
        lost = self._lost_on_the_way(view.turn_at)
        if view.stock_left > 1 or not lost:
            if not self._tracks:   # not a card on the table: the bouts are about to begin
                self._hands_taken_with_placings_unseen(snapshot, out)
            return
        placing = {"type": "deal_card", "player": drawer, "card": lost[0],
                   "to": pile_for(snapshot, drawer, lost[0])}
        event = TableEvent(placing, self._frame, self._time)
        if self.judge(event, record_refusal=False):
            out.append(event)
            self.guessed.add(lost[0])
            view.stock_left, view.phase = 0, "play"   # everyone takes his pile into hand

    def _hands_taken_with_placings_unseen(self, snapshot: dict, out: list[Emitted]) -> None:
        """Cross's piles taken into hand with cards left in the referee's stock: each hand is
        its pile and one unseen card for each placing left to its player (the turns go round
        from the drawer; a card drawn goes most often onto its drawer's own pile), told as a
        guess (`deal` with `hands` and `unseen`); the bouts begin. Refused: the game is lost
        to the camera (`lost`) until the players give the hands or it ends."""
        view = self.view
        seats = list(snapshot.get("seats") or self.seat_names)
        first = seats.index(snapshot["turn"])
        unseen = {name: 0 for name in seats}
        for placing in range(int(snapshot.get("stock") or 0)):
            unseen[seats[(first + placing) % len(seats)]] += 1
        hands = {name: list(pile) for name, pile in (snapshot.get("piles") or {}).items()}
        deal = {"type": "deal", "hands": hands,
                "unseen": {name: count for name, count in unseen.items() if count}}
        event = TableEvent(deal, self._frame, self._time)
        if self.judge(event, record_refusal=False):
            out.append(event)
            view.stock_left, view.phase = 0, "play"
            view.fouls_before_guessed_hands = self.fouls_told
        else:
            view.phase = "lost"

    def _astray_after_guessed_hands(self) -> None:
        """Once hands the camera guessed (`_hands_taken_with_placings_unseen`) have brought
        ASTRAY_FOULS foul (the first), the game is out of step with the camera (a card in the
        wrong hand, a lead misread), not the players: it tells nothing more of it (`astray`).
        Guessed hands read most of such a game (cross-2p-seed110: recall 0.37 -> 0.88, one
        false foul), but on a design whose clubs read as spades each misreading led to the
        next: leads refused out of turn one after another (cross-3p-seed109: 34 false
        fouls)."""
        guessed = self.view.fouls_before_guessed_hands
        if guessed is not None and self.view.phase == "play" \
                and self.fouls_told - guessed >= ASTRAY_FOULS:
            self.view.phase = "astray"

    def _glimpsed_since(self, since: float) -> list[str]:
        """Codes read since `since` at rest, now and then, never placed and not on the table
        now, where no card lying there is a look-alike of them: a card laid where the camera
        reads it only in glimpses (cross-2p-seed104, unanswered: Boris's 7♠ on his pile read 7
        times in 5 s at 0.67-0.82, his missed turn guessed as another card, and the deal went
        astray: 18 false fouls). A look-alike flickering on a pile's top is no such card
        (cross-3p-seed52: a Q♠ read Q♥ now and then)."""
        glimpsed = []
        for track in self._ways_in.values():
            if track.last_seen < since or track.card in self._tracks:
                continue
            if not any(track.card in look_alikes(lying.card) and overlap(lying.box, track.box) > 0.5
                       for lying in self._tracks.values()):
                glimpsed.append(track.card)
        return glimpsed

    def _placed_over_covered(self, snapshot: dict, drawer: str, waiting: dict
                             ) -> tuple[dict, ...]:
        """Cross's face-up deal, no card read on its way in: a placing by each player whose
        turn was missed (`drawer` and those after him, before `waiting`'s player) onto the
        piles whose top the camera lost sight of since the turn began (`_piles_covered`), one
        each (each onto his own pile first), of cards after which `waiting` goes where it
        went: the first such placings (cross-3p-seed31: Vera's 8♣ on her 8♠ and Anna's 10♠
        on her 10♦, neither read; cross-3p-seed52: Boris's Q♠ on his K♣). () when the
        piles covered are not one a player."""
        covered = self._piles_covered(snapshot, self.view.turn_at) - {waiting.get("to")}
        missed = [drawer]
        while len(missed) <= len(covered) and self._next_seat(missed[-1]) != waiting["player"]:
            missed.append(self._next_seat(missed[-1]))
        if not covered or len(missed) != len(covered) or self.options.get("place_continues"):
            return ()
        own_first = sorted(permutations(sorted(covered)),   # each onto his own pile, likeliest
                           key=lambda order: -sum(map(str.__eq__, missed, order)))
        for order in own_first:
            placed = _placings_onto(snapshot, list(zip(missed, order, strict=True)),
                                    set(self._tracks), waiting)
            if placed:
                return tuple(placed)
        return ()

    def _piles_covered(self, snapshot: dict, since: float) -> set[str]:
        """Cross's face-up deal: the piles whose top card (the referee's) was seen since
        `since` and is out of sight now: a card the camera never read was laid over it
        (cross-3p-seed52: Boris's Q♠ on his K♣, never read; the K♣ was not seen again)."""
        covered = set()
        for name, pile in (snapshot.get("piles") or {}).items():
            if not pile:
                continue
            track = self._tracks.get(pile[-1]) or self._last_tracks.get(pile[-1])
            if track is not None and track.last_seen >= since and (
                    track.card not in self._tracks or track.state is TrackState.HIDDEN):
                covered.add(name)
        return covered

    def _table_cards_gone(self, waiting: dict) -> set[str]:
        """Round's opening: the face-up table cards the camera saw leave that the referee still
        has on the table (beaten by a draw it missed, taken with it), but the one the waiting
        draw `waiting` beat."""
        return set(self._snapshot().get("open_table") or ()) - set(self.view.open_table) \
            - {waiting.get("beats")}

    def _settle_before_card(self, out: list[Emitted]) -> None:
        """The lead that waits on a guessed take is settled before another card is read: the
        next card beats it or is thrown in on it if it stays."""
        super()._settle_before_card(out)
        asked = self._missed_turn
        if asked is not None and asked.lead_after_guessed_take:
            self._settle_unanswered(out, swept_only=True)

    def _beaten_unanswered(self, asked: MissedTurn) -> bool:
        """Nobody said whether the card the camera saw taken was beaten. The camera only
        guessed that take, and the lead that waits is the taker's, as after a discard, and
        was not taken back as a card played out of turn is (`_taken_back`), so it was beaten:
        the first defence the referee accepts in the take's place is told (a guess, `guessed`:
        a misreading if the card shows up later) and the bout goes on as if the players had
        named it. False when none is accepted."""
        question = asked.question
        for defence in question.candidates:
            if self.revise(asked.take, TableEvent(defence, question.frame, question.time)):
                self.guessed.add(defence["card"])
                self._beaten_before_take(asked)
                return True
        return False

    def _taken_back(self, event: dict) -> bool:
        """True when the event's cards have left the table and none was seen carried anywhere
        but towards the player who laid them: taken back, as a refused card is (or gone
        unseen). False while they lie there, or once one was seen carried elsewhere (to the
        defender, who took it)."""
        player = event.get("player")
        cards = played_cards(event)
        if any(card in self._tracks for card in cards) or player is None:
            return False
        gone = [self._last_tracks[card] for card in cards if card in self._last_tracks]
        return swept_towards(gone, self.seats, player) is not False

    def _judge_late(self, event: dict, question: Question) -> bool:
        """An event the camera saw, judged once the players answered (kept in `late_events`)."""
        table_event = TableEvent(event, question.frame, question.time)
        self.late_events.append(table_event)
        return bool(self.judge(table_event))
