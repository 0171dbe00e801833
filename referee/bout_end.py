"""How a bout ends: the discard or the take (P5, R6), the draw-up that follows (P6, D6), the
next leader (P7), and the end of the game that may come with it (G6, G7)."""

from __future__ import annotations

from .cards import Card, en_list, ru_list
from .conservation import check_in_deck
from .events import Discard, Draw
from .game_end import check_game_end
from .matching import max_beaten
from .play_guard import acting_seat, attack_limit, require_play, seat_name
from .seating import controller, draw_order, neighbour_person, place_names
from .state import DISCARD, STOCK, TableState
from .verdicts import Foul, Verdict


def draw_from_stock(state: TableState, seat: int, count: int) -> None:
    """Unseen cards from the stock; the trump under it goes with the last one (P1)."""
    state.counts[seat] += count
    state.stock -= count
    if state.stock == 0 and state.trump is not None and state.where.get(state.trump) == STOCK:
        state.place(state.trump, seat)


def close_bout(state: TableState, took: bool) -> None:
    """P5: the table goes to the discard pile or to the taker; then P6 draw-up, P7 next leader."""
    defender = state.defender
    cards = state.table_cards()
    if took:
        state.to_hand(defender, cards)
    else:
        for card in cards:
            state.place(card, DISCARD)
        state.discard = state.discard + cards
    variant = state.rules.variant
    state.next_leader = variant.next_leader_from(defender, took, len(state.counts))
    leader = state.original_leader
    state.table = []
    state.took = state.transferred = False
    state.passed = frozenset()
    state.leader = state.defender = None
    if variant.podkidnoy and state.stock:
        state.draw_queue = draw_order(state, leader, defender)
    if not state.draw_queue:
        check_game_end(state)


def settle_bout(state: TableState) -> None:
    """A declared take closes at the next draw/attack/new_game; draws left out are filled in."""
    if state.table and state.took:
        close_bout(state, took=True)
    if state.draw_queue and not state.table:
        for seat in state.draw_queue:
            draw_from_stock(state, seat, min(6 - state.counts[seat], state.stock))
        state.draw_queue = ()
        check_game_end(state)


def settled(state: TableState) -> TableState:
    """The state as the next bout will see it: a declared take closed, draws filled in."""
    clone = state.clone()
    if clone.phase == "play":
        settle_bout(clone)
    return clone


def outcomes_after_draw_up(state: TableState) -> list[dict]:
    """The match's outcomes, a game that the owed draw-up will end counted as ended: the draws are
    forced in number, and a log seldom holds them (a camera does not see them), so a game that
    ends with the stock is over at the last discard, not at the next game's start."""
    if state.phase != "play" or state.table or not state.draw_queue:
        return state.games
    return settled(state).games


def throwers_left(state: TableState) -> list[int]:
    """Seats that may still add a card to this bout (P3, P4, D3, D5), as far as is known."""
    rules = state.rules
    limit = min(state.defender_start, attack_limit(state, state.bout_no == 1))
    if len(state.table) >= limit:
        return []
    ranks = {card.rank for card in state.table_cards()}
    blocked = {state.defender}
    if state.defender == controller(state):
        blocked.add(rules.dummy)
    if state.defender == rules.dummy:
        blocked.add(neighbour_person(state, rules.dummy, 1))
    return [seat for seat in range(len(state.counts))
            if seat not in blocked and seat not in state.passed and state.counts[seat]
            and (not state.hand_known(seat)
                 or any(card.rank in ranks for card in state.known_cards(seat)))]


def close_if_decided(state: TableState) -> None:
    """After a take with the stock empty, close the bout at once when that ends the game and
    nobody can add a card any more (or the winner is known with `play_for_winner`, R8, our
    reading), so the game's end does not wait for a later event."""
    if state.stock or not state.took:
        return
    persons = state.rules.persons
    winner_known = state.rules.options["play_for_winner"] and not all(
        state.counts[seat] for seat in persons)
    if not winner_known:
        if throwers_left(state):
            return
        after = state.clone()
        close_bout(after, took=True)
        if after.phase != "finished":
            return
    close_bout(state, took=True)


def round_take(state: TableState, seat: int, unbeaten: list[Card]) -> Verdict | None:
    """R6: he must beat as many as a one-to-one pairing allows; the rest go to his hand."""
    verdict = None
    name = state.rules.seats[seat]
    beaten = len(state.table) - len(unbeaten)
    if state.hand_known(seat):
        hand = state.known_cards(seat) + [d for _, d in state.table if d is not None]
        best = max_beaten([a for a, _ in state.table], hand,
                          lambda a, d: state.rules.variant.beats(a, d, state.trump_suit))
        if beaten < best:
            raise Foul("R6", f"{name} could beat {best} of the attack cards but beat {beaten}.",
                       f"{name} мог побить {best} карт(ы) хода, а побил {beaten}.")
    else:
        verdict = Verdict.not_judged(
            f"R6 not judged: {name}'s hand is not fully known.",
            f"R6 не проверено: рука {name} известна не полностью.")
    for attack, defence in state.table:
        if defence is not None:
            state.place(attack, DISCARD)
            state.place(defence, DISCARD)
            state.discard = state.discard + [attack, defence]
    state.table = []
    state.to_hand(seat, unbeaten)
    state.next_leader = seat  # R7
    state.leader = state.defender = None
    check_game_end(state)
    return verdict


def apply_discard(state: TableState, event: Discard) -> None:
    require_play(state)
    variant = state.rules.variant
    if not state.table:
        raise Foul(variant.close_rule, "No bout is open: there is nothing to discard.",
                   "Кон не начат: сбрасывать нечего.")
    if state.took:
        raise Foul("P5", f"{seat_name(state, state.defender)} took: the table goes to him, not to "
                   "the discard pile.",
                   f"{seat_name(state, state.defender)} взял: карты идут ему, а не в бито.")
    unbeaten = state.unbeaten()
    if unbeaten:
        raise Foul(variant.close_rule, f"{en_list(unbeaten)} not beaten yet: beat or take "
                   "before the discard.",
                   f"{ru_list(unbeaten)} ещё не побиты: отбейтесь или возьмите до отбоя.")
    close_bout(state, took=False)


def apply_draw(state: TableState, event: Draw) -> None:
    seat = acting_seat(state, event)
    variant = state.rules.variant
    name = event.player
    trump_in_stock = state.trump is not None and state.where.get(state.trump) == STOCK
    if event.cards is not None:
        check_in_deck(state, event.cards)
        for card in event.cards:
            if card in state.where and not (trump_in_stock and card == state.trump):
                where_en, where_ru = place_names(state, state.where[card])
                raise Foul("G8", f"{card} is {where_en}; it cannot be drawn from the stock.",
                           f"{card.ru} {where_ru}; её нельзя взять из колоды.")
    if not variant.podkidnoy:
        raise Foul(variant.close_rule if variant.opening == "round" else "C3",
                   f"Nobody draws during the main phase of {variant.name} durak.",
                   "В этой части игры карты из колоды не берут.")
    if state.table and not state.took:
        raise Foul("P6", "Draw up after the bout: its cards are still on the table.",
                   "Добирают после кона, а его карты ещё на столе.")
    if state.table:
        close_bout(state, took=True)
    queue = state.draw_queue
    if not queue:
        raise Foul("P6", "The stock is empty: nobody draws." if not state.stock else
                   "Nobody needs to draw now.",
                   "Колода кончилась: никто не добирает." if not state.stock else
                   "Сейчас никому не нужно добирать.")
    if seat != queue[0]:
        if seat in queue:
            raise Foul("P6", f"{seat_name(state, queue[0])} draws before {name}.",
                       f"{seat_name(state, queue[0])} добирает раньше, чем {name}.")
        raise Foul("P6", f"{name} holds {state.counts[seat]} cards and does not draw now.",
                   f"У {name} {state.counts[seat]} карт, ему не нужно добирать.")
    need = min(6 - state.counts[seat], state.stock)
    if event.size != need:
        raise Foul("P6", f"{name} draws {need} cards up to 6 (the stock has {state.stock}), "
                   f"not {event.size}.",
                   f"{name} добирает {need} карт(ы) до шести (в колоде {state.stock}), "
                   f"а не {event.size}.")
    if event.cards is not None and trump_in_stock and (need == state.stock) != (
            state.trump in event.cards):
        raise Foul("G8", f"The trump {state.trump} lies under the stock and is the last card "
                   "drawn.",
                   f"Козырь {state.trump.ru} лежит под колодой и берётся последним.")
    for card in event.cards or ():
        if card != state.trump:
            state.place(card, seat)
    draw_from_stock(state, seat, need)
    state.draw_queue = () if not state.stock else queue[1:]
    if not state.draw_queue:
        check_game_end(state)
