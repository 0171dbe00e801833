"""Who sits where and who acts: neighbours (G2), out players (G9), the dummy's seat (D3, D4),
the first attacker of a game (G5, R5, C4, D2), the next attacker (P7, R7, C6), the draw order (P6).
"""

from __future__ import annotations

from dataclasses import dataclass

from .state import CENTRE, DISCARD, OUT_OF_PLAY, PILE, STOCK, TABLE, TableState
from .verdicts import Foul


def seat_of(state: TableState, name: str) -> int:
    seat = state.rules.seat_index.get(name)
    if seat is None:
        raise Foul("G2", f"{name} is not at this table.", f"{name} не сидит за этим столом.")
    return seat


def place_names(state: TableState, place: int) -> tuple[str, str]:
    """Where a card is, in English and Russian, for G8 messages."""
    if place >= 0:
        name = state.rules.seats[place]
        return f"in {name}'s hand", f"на руке у {name}"
    if place <= PILE:
        name = state.rules.seats[PILE - place]
        return f"on {name}'s pile", f"в стопке {name}"
    return {
        STOCK: ("under the stock (the trump)", "под колодой (козырь)"),
        TABLE: ("on the table", "на столе"),
        DISCARD: ("in the discard pile", "в бито"),
        OUT_OF_PLAY: ("out of play", "вне игры"),
        CENTRE: ("in the centre (the trump)", "в центре (козырь)"),
    }[place]


def can_lead_or_defend(state: TableState, seat: int) -> bool:
    """G9 (out players are skipped) and D3 (a passive dummy never leads or defends)."""
    rules = state.rules
    if seat == rules.dummy and not rules.options["active_dummy"]:
        return False
    return not state.is_out(seat)


def next_seat(state: TableState, start: int, inclusive: bool = False) -> int | None:
    """The first seat clockwise from `start` that may lead or defend (None: nobody)."""
    seats = len(state.counts)
    for step in range(0 if inclusive else 1, seats + 1):
        seat = (start + step) % seats
        if can_lead_or_defend(state, seat):
            return seat
    return None


def defender_for(state: TableState, leader: int) -> int | None:
    seat = next_seat(state, leader)
    return None if seat == leader else seat


def neighbour_person(state: TableState, seat: int, step: int) -> int:
    """The next person (not the dummy) clockwise (step 1) or counter-clockwise (step -1)."""
    seats = len(state.counts)
    other = (seat + step) % seats
    while other == state.rules.dummy or (other != seat and state.is_out(other)):
        other = (other + step) % seats
    return other


def controller(state: TableState) -> int:
    """D4: who handles the dummy's cards now (the dealer until the first bout, D2)."""
    seat = state.controller if state.controller is not None else state.dealer
    if state.is_out(seat):
        return neighbour_person(state, seat, 1)
    return seat


def draw_order(state: TableState, leader: int, defender: int) -> tuple[int, ...]:
    """P6/D6: the bout's leader first, then clockwise (the defender last with `defender_last`)."""
    seats = len(state.counts)
    order = [(leader + step) % seats for step in range(seats)]
    if state.rules.options["defender_last"]:
        order.remove(defender)
        order.append(defender)
    return tuple(seat for seat in order if state.counts[seat] < 6)


@dataclass(frozen=True, slots=True)
class Lead:
    """Who may lead a bout: `seats` (None: anyone), under which rule, and whether it was judged."""

    seats: frozenset[int] | None
    rule: str
    judged: bool = True
    note: str = ""
    note_ru: str = ""
    wrong: frozenset[int] = frozenset()  # seats proven not to lead when `seats` is None


def expected_leaders(state: TableState) -> Lead:
    rules = state.rules
    if state.bout_no > 0:
        seat = next_seat(state, state.next_leader if state.next_leader is not None else 0,
                         inclusive=True)
        return Lead(frozenset() if seat is None else frozenset((seat,)),
                    rules.variant.next_attack_rule)
    return first_leaders(state)


def first_leaders(state: TableState) -> Lead:
    rules = state.rules
    had_fool = state.last_fool is not None
    rule = rules.variant.first_attack_rule_for(state.game, had_fool)
    if rule == "G5" and state.game > 1 and had_fool:
        if rules.options["first_move"] == "under":
            seat = neighbour_person(state, state.last_fool, -1)  # the fool defends first
        else:
            seat = neighbour_person(state, state.last_fool, 1)
        return Lead(frozenset((seat,)), "G5")
    return _lowest_trump_lead(state, rule)


def _lowest_trump_lead(state: TableState, rule: str) -> Lead:
    rules = state.rules
    suit = state.trump_suit
    for card in rules.cards:  # lowest rank first
        if card.suit != suit:
            continue
        place = state.where.get(card)
        if place is None:
            return _declared_lead(state, rule)
        if place >= 0:
            return Lead(frozenset((_dummy_leader(state, place),)), rule)
    return _no_trump_lead(state, rule)


def _dummy_leader(state: TableState, holder: int) -> int:
    """D2: if the dummy holds the lowest trump, the dealer leads (the dummy with active_dummy)."""
    rules = state.rules
    if holder == rules.dummy and not rules.options["active_dummy"]:
        return state.dealer
    return holder


def _lowest_known_trump(state: TableState, seat: int):  # noqa: ANN202 - Card | None
    trumps = [card for card, place in state.where.items()
              if place == seat and card.suit == state.trump_suit]
    return min(trumps, default=None)


def _declared_lead(state: TableState, rule: str) -> Lead:
    """G5 from declarations: each hand's lowest trump is known if declared or fully seen."""
    seats = range(len(state.counts))
    lowest = {seat: _lowest_known_trump(state, seat) for seat in seats}
    complete = [seat for seat in seats if seat in state.declared or state.hand_known(seat)]
    if len(complete) == len(lowest):
        holders = [seat for seat in seats if lowest[seat] is not None]
        if not holders:
            return _no_trump_lead(state, rule)
        holder = min(holders, key=lambda seat: lowest[seat])
        return Lead(frozenset((_dummy_leader(state, holder),)), rule)
    known = [card for card in lowest.values() if card is not None]
    overall = min(known, default=None)
    dummy = state.rules.dummy
    wrong = frozenset(
        seat for seat in complete
        if overall is not None and (lowest[seat] is None or overall < lowest[seat])
        # D2: the dummy's lowest trump hands the lead to the dealer (or the active dummy)
        and (dummy is None or seat not in (dummy, state.dealer)))
    missing = ", ".join(state.rules.seats[s] for s in seats if s not in complete)
    return Lead(None, rule, judged=False,
                note=f"{rule} not judged: the lowest trump is unknown; {missing} did not declare.",
                note_ru=f"{rule} не проверено: младший козырь неизвестен; не объявили: {missing}.",
                wrong=wrong)


def _no_trump_lead(state: TableState, rule: str) -> Lead:
    """Nobody holds a trump: lots decide (any leader), or the lowest card's holder (option)."""
    if not state.rules.options["no_trump_lowest_card"]:
        return Lead(None, rule, note="Nobody holds a trump: the leader was chosen by lot.",
                    note_ru="Козырей ни у кого нет: первого определили жребием.")
    seats = range(len(state.counts))
    if not all(state.hand_known(seat) for seat in seats):
        return Lead(None, rule, judged=False,
                    note=f"{rule} not judged: nobody holds a trump and the hands are not known, "
                    "so the lowest card is not known.",
                    note_ru=f"{rule} не проверено: козырей нет, а руки неизвестны, поэтому "
                    "младшая карта неизвестна.")
    lowest_rank = min(card.rank for card, place in state.where.items() if place >= 0)
    holders = {_dummy_leader(state, place) for card, place in state.where.items()
               if place >= 0 and card.rank == lowest_rank}
    return Lead(frozenset(holders), rule)
