"""Illegal moves for the simulator's `--fouls`: each breaks one rule on purpose, and names the rule
the referee must report for it, G10 included (e.g. a card from the discard pile is G8 even when
played out of turn). A mutator returns None when the situation does not allow its foul.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from .cards import Card
from .engine import Referee
from .events import Event, parse_event
from .moves import hand, leaders_now, settled
from .openings import beatable_cards, pile_for
from .play_guard import attack_limit
from .seating import controller, expected_leaders, neighbour_person
from .state import TableState

Injected = tuple[Event, str]


def _event(kind: str, **fields: object) -> Event:
    data: dict[str, object] = {"type": kind}
    for key, value in fields.items():
        if isinstance(value, Card):
            value = str(value)
        elif isinstance(value, list):
            value = [str(card) for card in value]
        data[key] = value
    return parse_event(data)


def _name(state: TableState, seat: int) -> str:
    return state.rules.seats[seat]


def _bout_actor_with(state: TableState, card: Card) -> Event | None:
    """The natural next act of the bout, played with `card` instead of an own card."""
    if state.table and state.unbeaten() and not state.took and state.defender is not None:
        return _event("defend", player=_name(state, state.defender), card=card,
                      on=state.unbeaten()[0])
    if not state.table and not state.draw_queue:
        leaders = leaders_now(state)
        if leaders:
            return _event("attack", player=_name(state, leaders[0]), cards=[card])
    return None


def foul_discarded(state: TableState, rng: random.Random, stock: list[Card]) -> Injected | None:
    if not state.discard or state.phase != "play":
        return None
    event = _bout_actor_with(state, rng.choice(state.discard))
    return None if event is None else (event, "G8")


def foul_other_hand(state: TableState, rng: random.Random, stock: list[Card]) -> Injected | None:
    if state.phase != "play":
        return None
    actor = state.defender if state.table else (leaders_now(state) or [None])[0]
    others = [card for card, place in state.where.items() if place >= 0 and place != actor]
    if actor is None or not others:
        return None
    event = _bout_actor_with(state, rng.choice(others))
    return None if event is None else (event, "G8")


def foul_wrong_leader(state: TableState, rng: random.Random, stock: list[Card]) -> Injected | None:
    if state.phase != "play" or (state.table and not state.took):
        return None
    if state.table and not state.rules.variant.podkidnoy:
        return None
    after = settled(state)
    if after.phase != "play":
        return None
    lead = expected_leaders(after)
    rules = state.rules
    if lead.seats is None:
        return None
    wrong = [seat for seat in rules.persons if seat not in lead.seats and after.counts[seat]
             and after.hand_known(seat)]
    if not wrong:
        return None
    seat = rng.choice(wrong)
    return _event("attack", player=_name(state, seat), cards=[hand(after, seat)[0]]), lead.rule


def foul_bad_defence(state: TableState, rng: random.Random, stock: list[Card]) -> Injected | None:
    if state.phase != "play" or not state.table or state.took or not state.unbeaten():
        return None
    defender = state.defender
    target = state.unbeaten()[0]
    variant = state.rules.variant
    weak = [card for card in hand(state, defender)
            if not variant.beats(target, card, state.trump_suit)]
    if not weak:
        return None
    return (_event("defend", player=_name(state, defender), card=rng.choice(weak), on=target),
            variant.beat_rule)


def _throw_in_moment(state: TableState) -> bool:
    return (state.phase == "play" and bool(state.table) and state.rules.variant.podkidnoy
            and (state.took or all(d is not None for _, d in state.table[:state.lead_count])))


def _throwers(state: TableState) -> list[int]:
    """Persons who may throw in now as far as who-may-act goes (G10), D3 and D5 aside."""
    rules = state.rules
    blocked = {state.defender}
    if state.defender == rules.dummy:
        blocked.add(neighbour_person(state, rules.dummy, 1))
    return [seat for seat in rules.persons if seat not in blocked and state.counts[seat]]


def foul_throw_in(state: TableState, rng: random.Random, stock: list[Card]) -> Injected | None:
    """P3 (a rank not on the table, or a seat that passed) or P4 (the bout is full)."""
    if not _throw_in_moment(state):
        return None
    ranks = {card.rank for card in state.table_cards()}
    limit = min(state.defender_start, attack_limit(state, state.bout_no == 1))
    options: list[Injected] = []
    for seat in _throwers(state):
        held = hand(state, seat)
        name = _name(state, seat)
        foreign = [card for card in held if card.rank not in ranks]
        fitting = [card for card in held if card.rank in ranks]
        if foreign:
            options.append((_event("throw_in", player=name, cards=[foreign[0]]), "P3"))
        if fitting and seat in state.passed:
            options.append((_event("throw_in", player=name, cards=[fitting[0]]), "P3"))
        if fitting and seat not in state.passed and len(state.table) >= limit:
            options.append((_event("throw_in", player=name, cards=[fitting[0]]), "P4"))
    return rng.choice(options) if options else None


def foul_early_discard(state: TableState, rng: random.Random, stock: list[Card]) -> Injected | None:
    if state.phase != "play" or not state.table or state.took or not state.unbeaten():
        return None
    return _event("discard"), state.rules.variant.close_rule


def foul_transfer(state: TableState, rng: random.Random, stock: list[Card]) -> Injected | None:
    """P8: a transfer in a variant without them, or after a card was beaten."""
    if state.phase != "play" or not state.table or state.took:
        return None
    variant = state.rules.variant
    beaten = any(d is not None for _, d in state.table)
    if variant.allows_transfer and not beaten:
        return None
    ranks = {attack.rank for attack, _ in state.table}
    same = [card for card in hand(state, state.defender) if card.rank in ranks]
    if not same or not variant.podkidnoy:
        return None
    return _event("transfer", player=_name(state, state.defender), cards=[same[0]]), "P8"


def foul_attack_shape(state: TableState, rng: random.Random, stock: list[Card]) -> Injected | None:
    """R5 or C6: two cards of different ranks as an attack (never a legal shape there)."""
    variant = state.rules.variant
    if state.phase != "play" or state.table or variant.podkidnoy:
        return None
    after = settled(state)
    lead = expected_leaders(after)
    if lead.seats is None or len(lead.seats) != 1:
        return None
    seat = next(iter(lead.seats))
    held = hand(after, seat)
    pair = [card for card in held if card.rank != held[0].rank][:1] + held[:1]
    if len(pair) < 2:
        return None
    rule = "R5" if variant.opening == "round" else "C6"
    return _event("attack", player=_name(state, seat), cards=pair), rule


def foul_pass_on(state: TableState, rng: random.Random, stock: list[Card]) -> Injected | None:
    """C7: passing on a card the defender could beat."""
    if state.rules.variant.opening != "cross" or state.phase != "play" or not state.unbeaten():
        return None
    defender = state.defender
    target = state.table[0][0]
    held = hand(state, defender)
    if not any(state.rules.variant.beats(target, card, state.trump_suit) for card in held):
        return None
    return _event("pass_on", player=_name(state, defender), card=rng.choice(held)), "C7"


def foul_placing(state: TableState, rng: random.Random, stock: list[Card]) -> Injected | None:
    """C3: the drawn card on a pile where it does not belong."""
    if state.phase != "faceup" or not stock:
        return None
    card = stock[0]
    right = pile_for(state, state.turn, card)
    wrong = [seat for seat in range(len(state.piles)) if seat != right]
    return (_event("deal_card", player=_name(state, state.turn), card=card,
                   to=_name(state, rng.choice(wrong))), "C3")


def foul_opening_lay(state: TableState, rng: random.Random, stock: list[Card]) -> Injected | None:
    """R2: laying a drawn card that could beat a table card."""
    if state.phase != "opening" or not stock:
        return None
    card = stock[0]
    if not any(state.rules.variant.beats(t, card, state.trump_suit) for t in beatable_cards(state)):
        return None
    return _event("open_draw", player=_name(state, state.turn), card=card), "R2"


def foul_draw_order(state: TableState, rng: random.Random, stock: list[Card]) -> Injected | None:
    """P6: the second in the draw-up order draws first."""
    if state.phase != "play" or state.table or len(state.draw_queue) < 2:
        return None
    seat = state.draw_queue[1]
    count = min(6 - state.counts[seat], state.stock)
    return _event("draw", player=_name(state, seat), count=count), "P6"


def foul_new_game(state: TableState, rng: random.Random, stock: list[Card]) -> Injected | None:
    """G6: a new game while this one is still being played."""
    if state.phase != "play" or state.table or state.draw_queue:
        return None
    return _event("new_game"), "G6"


def foul_dummy_acts(state: TableState, rng: random.Random, stock: list[Card]) -> Injected | None:
    """D3 (a passive dummy leads) or D5 (the dummy throws in against its controller)."""
    rules = state.rules
    dummy = rules.dummy
    if dummy is None or state.phase != "play" or not state.counts[dummy]:
        return None
    held = hand(state, dummy)
    if not state.table and not state.draw_queue and not rules.options["active_dummy"]:
        return _event("attack", player="dummy", cards=[held[0]]), "D3"
    if _throw_in_moment(state) and state.defender == controller(state):
        ranks = {card.rank for card in state.table_cards()}
        fitting = [card for card in held if card.rank in ranks]
        if fitting:
            return _event("throw_in", player="dummy", cards=[fitting[0]]), "D5"
    return None


def foul_wrong_defender(state: TableState, rng: random.Random,
                        stock: list[Card]) -> Injected | None:
    """P2 (R6, C6): someone else beats the defender's card."""
    if state.phase != "play" or not state.unbeaten() or state.took:
        return None
    target = state.unbeaten()[0]
    variant = state.rules.variant
    for seat in state.rules.persons:
        if seat == state.defender:
            continue
        beaters = [c for c in hand(state, seat) if variant.beats(target, c, state.trump_suit)]
        if beaters:
            return (_event("defend", player=_name(state, seat), card=beaters[0], on=target),
                    variant.defence_rule)
    return None


def foul_stranger(state: TableState, rng: random.Random, stock: list[Card]) -> Injected | None:
    """G2: somebody who is not at the table (rarely: it fits every situation)."""
    if rng.random() > 0.1:
        return None
    return _event("pass", player="Stranger"), "G2"


MUTATORS: tuple[Callable[[TableState, random.Random, list[Card]], Injected | None], ...] = (
    foul_discarded, foul_other_hand, foul_wrong_leader, foul_bad_defence, foul_throw_in,
    foul_early_discard, foul_transfer, foul_attack_shape, foul_pass_on, foul_placing,
    foul_opening_lay, foul_draw_order, foul_new_game, foul_dummy_acts, foul_wrong_defender,
    foul_stranger,
)


def injected_foul(referee: Referee, rng: random.Random, stock: list[Card]) -> Injected | None:
    """One illegal event for the current situation and the rule it breaks, or None."""
    state = referee.state
    order = list(MUTATORS)
    rng.shuffle(order)
    for mutator in order:
        found = mutator(state, rng, stock)
        if found is not None:
            return found
    return None

