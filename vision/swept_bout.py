"""Where a bout's cards went when they left the table, and what the camera may have missed.

A defender who takes draws the cards towards his own seat; a beaten bout goes to the discard
pile, somewhere else (`swept_towards`). When that disagrees with what the follower saw (an
attack card unbeaten but the cards went elsewhere: a defence never read; every card beaten but
the cards went to the defender: a throw-in never read), `vision.missed_cards` asks the players
which card it was. Here: the cards that may have been it (`possible_beaters`,
`possible_throw_ins`) and the questions' wording, in English and Russian.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np

from vision.cardclasses import deck_codes
from vision.seats import SeatMap
from vision.table_events import Question, card_text, cards_text
from vision.table_reader import beats, look_alikes_by_colour, rank_of, rank_value
from vision.tracking import CardTrack, box_center

SWEPT_TO_DISCARD = ("classic", "transfer", "dummy")  # variants whose beaten bouts are swept off
SWEEP_DISTANCE = 1.0   # a card counts as seen going once carried this many card lengths
TOWARDS_COSINE = 0.97  # ... and as going to a seat within about 14 degrees of its direction
# ... or within about 25 degrees, where the discard pile's way is known and the card's way is
# nearer that seat than every other seat and the pile (classic-2p-seed49: a bout taken, swept
# 16-20 degrees off the taker's seat, was counted as swept elsewhere, a discard)
NEAREST_COSINE = 0.9
# a swept card is lost from sight under the hand about a third of its way to the discard pile:
# the pile lies about this many times as far along each swept card's way (dummy-3p-seed109)
PILE_REACH = 3.0


@dataclass(frozen=True)
class DiscardWay:
    """Where beaten bouts were seen swept to the discard pile: the mean of where their cards
    were last read (`end`), the way each of them was carried (`ways`), and the mean of where
    those ways lead on to (`beyond`: `PILE_REACH` times as far, about where the pile lies)."""

    end: np.ndarray
    ways: tuple[np.ndarray, ...] = ()
    beyond: np.ndarray | None = None

    @classmethod
    def of(cls, sweeps: list[tuple[np.ndarray, np.ndarray]]) -> DiscardWay | None:
        """From (where it lay, the way it was carried) of each card seen swept there; None
        before any was."""
        if not sweeps:
            return None
        return cls(np.mean([start + way for start, way in sweeps], axis=0),
                   tuple(way for _, way in sweeps),
                   np.mean([start + PILE_REACH * way for start, way in sweeps], axis=0))

    def cosine(self, start: np.ndarray, way: np.ndarray) -> float:
        """How nearly a card carried `way` from `start` went the discard pile's way: towards
        where the swept cards were last read or where their ways lead on to, or along the way
        one of them went (the pile lying beyond a seat's side, the mean of where they were
        lost points off the ways they went: dummy-3p-seed111, unanswered: Vera's beaten bout,
        swept towards the pile beyond her seat, was taken for her take with a throw-in nobody
        saw, 13 false fouls). Where the ways lead on to counts for a bout laid far from the
        others (dummy-3p-seed109: a bout at the table's left edge, swept right to the pile at
        the bottom right, went 16 degrees off where the swept cards were lost and off each of
        their ways, 15 degrees off Vera's seat on the right: asked whether she took it)."""
        targets = [self.end - start, *(() if self.beyond is None else (self.beyond - start,))]
        return max([*(_cosine(way, target) for target in targets),
                    *(_cosine(way, other) for other in self.ways)])


def swept_towards(tracks: Iterable[CardTrack], seats: SeatMap, seat: str,
                  discard: DiscardWay | None = None) -> bool | None:
    """True when a card of the bout was seen carried towards `seat`, False when the cards seen
    carried all went elsewhere, None when none was seen carried far enough to tell. With
    `discard` (where bouts were seen swept to the discard pile), a card whose way points
    nearer the pile's way (`DiscardWay.cosine`) than the seat went elsewhere (dummy-3p-seed42:
    the discard pile at the bottom right, beyond Vera's seat on the right; one card of a bout
    swept there went within Vera's cone, and she was asked whether she took). Once that way
    is known, a card whose way points within `NEAREST_COSINE` of the seat, and nearer it than
    every other seat and the pile, went to the seat."""
    if seat not in seats.names:
        return None
    cosines = []
    for start, way in carried_ways(tracks):
        towards = seats.point(seat) - start
        if np.linalg.norm(towards) < 1e-6:
            continue
        cosine = _cosine(way, towards)
        if discard is not None and discard.cosine(start, way) > cosine:
            cosine = -1.0   # went to the discard pile: elsewhere
        elif discard is not None and cosine >= NEAREST_COSINE and all(
                _cosine(way, seats.point(other) - start) < cosine
                for other in seats.names if other != seat):
            cosine = 1.0    # nearer this seat than anywhere else a bout goes
        cosines.append(cosine)
    if not cosines:
        return None
    return max(cosines) >= TOWARDS_COSINE


def carried_ways(tracks: Iterable[CardTrack]) -> list[tuple[np.ndarray, np.ndarray]]:
    """(where it lay, the way it was carried) of each card seen carried far enough
    (`SWEEP_DISTANCE`) from its place."""
    out = []
    for track in tracks:
        if track.carry_box is None:
            continue
        home = track.placed_box if track.placed_box is not None else track.anchor
        start = box_center(home)
        way = box_center(track.carry_box) - start
        if np.linalg.norm(way) >= SWEEP_DISTANCE * track.size:
            out.append((start, way))
    return out


def _cosine(a: np.ndarray, b: np.ndarray) -> float:
    return float(a @ b / max(np.linalg.norm(a) * np.linalg.norm(b), 1e-9))


def beats_in_game(snapshot: dict, card: str, target: str) -> bool:
    """Whether `card` beats `target` (G4; C5 in cross) in the referee's game: its trump suit
    and its variant."""
    return beats(card, target, snapshot.get("trump_suit"),
                 cross=snapshot.get("variant") == "cross")


def table_cards(snapshot: dict) -> list[str]:
    """The cards on the referee's table: each attack card, then the card beating it."""
    return [code for entry in snapshot.get("table") or ()
            for code in (entry.get("attack"), entry.get("defence")) if code]


def unbeaten_attacks(snapshot: dict) -> list[str]:
    """The referee's attack cards on the table that nothing beats yet, in play order."""
    return [entry["attack"] for entry in snapshot.get("table") or ()
            if entry.get("defence") is None]


def unaccounted(snapshot: dict, lying: Iterable[str] = (), holder: str | None = None
                ) -> list[str]:
    """The deck's cards that may be in `holder`'s hand (any hand: None), by rank: among his
    known cards when the referee knows all of them."""
    elsewhere = _accounted_for(snapshot, lying, holder)
    if hand_known(snapshot, holder):
        known = snapshot["hands"][holder]["known"]
        elsewhere |= {card for card in _deck(snapshot) if card not in known}
    return [card for card in _deck(snapshot) if card not in elsewhere]


def hand_known(snapshot: dict, holder: str | None) -> bool:
    """Whether the referee knows every card of `holder`'s hand (cross and round, after the
    face-up phase or the opening)."""
    hand = (snapshot.get("hands") or {}).get(holder) or {}
    return hand.get("count") is not None and len(hand.get("known") or ()) >= hand["count"]


TRUMP_UNDER_STOCK = ("classic", "transfer", "dummy")  # variants whose turned trump lies there


def trump_under_stock(snapshot: dict) -> str | None:
    """The turned trump while it lies under the stock (classic, transfer, dummy), else None."""
    if snapshot.get("stock") and snapshot.get("variant") in TRUMP_UNDER_STOCK:
        return snapshot.get("trump")
    return None


def _accounted_for(snapshot: dict, lying: Iterable[str], holder: str | None) -> set[str]:
    """Cards that cannot be in `holder`'s hand: discarded, on the referee's table or a cross
    pile, known in another player's hand, lying on the table now, the trump under the stock
    (unless the draw-up owed takes it, `stock_drawn_up`: where it lay is then no matter)."""
    trump = trump_under_stock(snapshot)
    drawn = trump is not None and stock_drawn_up(snapshot)
    elsewhere = set(snapshot.get("discard_cards") or ()) | (set(lying) - {trump} if drawn
                                                            else set(lying))
    for pile in (snapshot.get("piles") or {}).values():
        elsewhere.update(pile)
    elsewhere.update(snapshot.get("open_table") or ())
    elsewhere.update(table_cards(snapshot))
    for seat, hand in (snapshot.get("hands") or {}).items():
        if seat != holder:
            elsewhere.update(hand.get("known") or ())
    if trump and not drawn:
        elsewhere.add(trump)
    return elsewhere


HAND_SIZE = 6  # P6: each player draws up to this many cards after a bout


def stock_drawn_up(snapshot: dict) -> bool:
    """The referee owes a draw-up (it draws lazily, when the next bout starts: `next` "... draws
    up") that takes the whole stock, the turned trump with it: the trump is then in a hand
    when the next lead comes (classic-3p-seed63: Anna led the trump 7♣, the last card she drew,
    never read; Boris's 8♣ on it was asked about as beating a lead of hers, the 7♣ not among
    the cards offered, and nobody could name it: 8 false fouls). Also while a take is declared
    and its bout still lies there: it goes to the taker, then the draw-up (classic-2p-seed75:
    Anna's trump 9♦, drawn last, led after Boris's take and taken by him, was never offered)."""
    stock = int(snapshot.get("stock") or 0)
    owed = str(snapshot.get("next") or "")
    if not stock or not owed.endswith(("draws up", "then draw-up")):
        return False
    out = set(snapshot.get("out") or ())
    counts = {seat: int(hand.get("count") or 0)
              for seat, hand in (snapshot.get("hands") or {}).items() if seat not in out}
    taker = snapshot.get("defender")
    if snapshot.get("took") and taker in counts:   # a take declared: the bout goes to him
        counts[taker] += len(table_cards(snapshot))
    return sum(max(0, HAND_SIZE - count) for count in counts.values()) >= stock


def _deck(snapshot: dict) -> list[str]:
    return deck_by_rank(int(snapshot.get("deck") or 36))


def deck_by_rank(size: int) -> list[str]:
    """The cards of a deck of `size`, by rank, then suit."""
    return sorted(deck_codes(size), key=lambda card: (rank_value(card), card[-1]))


def possible_beaters(target: str, snapshot: dict, lying: Iterable[str] = (),
                     hinted: Iterable[str] = ()) -> list[str]:
    """The cards of the deck that beat `target` (G4) and may still have been in the
    defender's hand (`_accounted_for`). Cards in `hinted` (read at the target's place)
    first, then those the referee knows in his hand (he surely held them; transfer-2p-seed98,
    unanswered: Anna's Q♠, taken earlier, beat the 10♠ unseen, and the J♠ guessed in its
    place made her later J♦ a false G8 and the game went astray), then by rank, trumps last."""
    defender = snapshot.get("defender")
    found = [card for card in unaccounted(snapshot, lying, defender)
             if beats_in_game(snapshot, card, target)]
    hinted = set(hinted)
    known = set(((snapshot.get("hands") or {}).get(defender) or {}).get("known") or ())
    return sorted(found, key=lambda card: (card not in hinted, card not in known,
                                           card[-1] == snapshot.get("trump_suit")))


def table_ranks(snapshot: dict) -> set[str]:
    """The ranks of the cards on the referee's table (attacks and defences)."""
    return {rank_of(code) for code in table_cards(snapshot)}


def breaks_the_rule_too(snapshot: dict, event: dict, reading: dict, rule: str | None) -> bool:
    """Whether `reading` (`event` with a card read as another) breaks the rule the referee
    refused `event` for, the same way: a throw-in (P3) of a rank that is not on the table
    either, or refused for something else than its rank (the bout, the seat: no other card
    mends that); a defence (G4, C5) that does not beat its card either. Offered as the
    camera's misreading, such a reading would only ask the players which foul it was."""
    if rule == "P3" and reading.get("type") == "throw_in":
        ranks = table_ranks(snapshot)
        return all(rank_of(card) in ranks for card in event.get("cards") or ()) \
            or any(rank_of(card) not in ranks for card in reading.get("cards") or ())
    if rule in ("G4", "C5") and reading.get("type") == "defend" \
            and reading.get("on") in unbeaten_attacks(snapshot):
        return not beats_in_game(snapshot, reading["card"], reading["on"])
    return False


def possible_throw_ins(snapshot: dict, throwers: Iterable[str],
                       lying: Iterable[str] = ()) -> list[dict]:
    """The throw-ins (P3) that may have come unseen: a card of a rank on the referee's table
    from each of `throwers`, where that player may have held it."""
    ranks = table_ranks(snapshot)
    events = []
    for thrower in throwers:
        events += [{"type": "throw_in", "player": thrower, "cards": [card]}
                   for card in unaccounted(snapshot, lying, thrower) if rank_of(card) in ranks]
    return events


def defence_events(defender: str, target: str, beaters: Iterable[str]) -> list[dict]:
    """The defence of `target` with each of `beaters`: what the players may name."""
    return [{"type": "defend", "player": defender, "card": card, "on": target}
            for card in beaters]


def misread_target_beaters(target: str, snapshot: dict, lying: Iterable[str] = (),
                           hinted: Iterable[str] = ()) -> tuple[str, list[str]] | None:
    """The card read as `target` may really have been the other suit of its colour (a
    design's clubs read as spades): that card, when nobody has accounted for it, and the cards
    that may have beaten it (`possible_beaters`); None when it is accounted for or nothing may
    have beaten it."""
    lying = list(lying)
    alike = look_alikes_by_colour(target)[0]
    if alike not in unaccounted(snapshot, lying):
        return None
    beaters = possible_beaters(alike, snapshot, lying, hinted)
    return (alike, beaters) if beaters else None


def missed_defence_question(target: str, defender: str, beaters: list[str],
                            cards: Iterable[str], frame: int, time: float, swept: bool,
                            since: float | None = None,
                            misread: tuple[str, list[str]] | None = None) -> Question:
    """Did the defender take, or which card beat `target` (the camera did not see it, at
    some time after `since`: when the bout's first card was laid, or the last bout closed)?
    Asked when the bout's `cards` were `swept` away from him, or when a card was thrown in on
    the covered `target`. The first candidate is the take; the others are a defence with each
    possible card, then, where `target` may have been misread (`misread_target_beaters`), a
    defence on the card it may have been."""
    cards = tuple(cards)
    take = {"type": "take", "player": defender}
    defences = defence_events(defender, target, beaters)
    if misread is not None:
        defences += defence_events(defender, *misread)
    if swept:
        shown, shown_ru = cards_text(cards), cards_text(cards, russian=True)
        why = f"The table ({shown}) went to the discard pile, not to {defender}, but"
        why_ru = f"Со стола ({shown_ru}) карты ушли в отбой, а не к игроку {defender}, но"
    else:
        why = f"A card was thrown in on {card_text(target)}, covered by a card the camera " \
              "cannot read, and"
        why_ru = f"На {card_text(target, True)} подкинули, она накрыта картой, которую камера " \
                 "не различает, и"
    return Question(
        f"{why} {card_text(target)} was not seen beaten: which card beat it? "
        f"(or did {defender} take?)",
        f"{why_ru} не видно, чем побита {card_text(target, True)}: какой картой? "
        f"(или {defender} взял?)",
        (take, *defences), frame, time, cards, since)


def missed_throw_in_question(defender: str, throw_ins: list[dict], cards: Iterable[str],
                             frame: int, time: float, since: float | None = None) -> Question:
    """The bout's `cards`, every attack card beaten, went to the defender: which card was
    thrown in that he did not beat (the camera did not see it, after `since`)? The first
    candidate is the discard (the cards went to the discard pile after all)."""
    cards = tuple(cards)
    shown, shown_ru = cards_text(cards), cards_text(cards, russian=True)
    return Question(
        f"The table ({shown}) went to {defender}, so he took, but every card seen was beaten: "
        "which card was thrown in and not beaten? (or was it a discard?)",
        f"Со стола ({shown_ru}) карты забрал {defender}, но все видимые карты побиты: какую "
        "карту подкинули и не отбили? (или это было бито?)",
        ({"type": "discard"}, *throw_ins), frame, time, cards, since)
