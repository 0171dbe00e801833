"""The main phase, one bout at a time: attack (P2, P4, R5, C6), throw-in (P3, D5), defence (G4,
C5), transfer (P8), pass, take (P5, R6), passing on (C7), discard (P5) and draw-up (P6, D6).

Each handler checks in the order of G10 (G8, then who may act, then the act) and raises a Foul
before it changes anything; the state it mutates is the engine's fresh clone.
"""

from __future__ import annotations

from .cards import Card, en_list, ru_list
from .conservation import check_in_deck, check_in_hand
from .events import Attack, Defend, Discard, Draw, Pass, PassOn, Take, ThrowIn, Transfer
from .game_flow import check_game_end, finish_game, require_rules
from .matching import max_beaten
from .seating import (
    controller,
    defender_for,
    draw_order,
    expected_leaders,
    neighbour_person,
    place_names,
    seat_of,
)
from .state import DISCARD, STOCK, TableState
from .verdicts import Foul, Verdict


def require_play(state: TableState) -> None:
    """The game is in its main phase; otherwise say what comes first."""
    require_rules(state)
    phase = state.phase
    if phase == "play":
        return
    variant = state.rules.variant
    if phase == "finished":
        outcome = state.games[-1]
        if outcome["fool"] is not None:
            raise Foul("G6", f"The game is over: {outcome['fool']} is the fool. Start a new game.",
                       f"Игра окончена: {outcome['fool']} — дурак. Начните новую игру.")
        raise Foul("G7", "The game is over. Start a new game.",
                   "Игра окончена. Начните новую игру.")
    if phase == "deal":
        raise Foul(variant.deal_rule, "Deal the cards and turn the trump first.",
                   "Сначала сдайте карты и откройте козырь.")
    if phase == "opening":
        raise Foul("R2", "The opening is still on: players draw from the stock (open_draw).",
                   "Ещё идёт открытие: игроки тянут карты из колоды (open_draw).")
    raise Foul("C3", "The face-up phase is still on: players draw and place cards (deal_card).",
               "Ещё идёт раскладка: игроки тянут и кладут карты (deal_card).")


def acting_seat(state: TableState, event: Attack | ThrowIn | Defend | Transfer | Pass | Take
                | PassOn | Draw) -> int:
    """The seat of the event's player, in a game that is in its main phase."""
    require_rules(state)
    seat = seat_of(state, event.player)
    require_play(state)
    return seat


def _name(state: TableState, seat: int | None) -> str:
    return "nobody" if seat is None else state.rules.seats[seat]


def attack_limit(state: TableState, first_bout: bool) -> int:
    """P4: never more than 6 attack cards (5 in the first bout with `first_bout_5`)."""
    return 5 if first_bout and state.rules.options["first_bout_5"] else 6


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


def _close_if_decided(state: TableState) -> None:
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


def apply_attack(state: TableState, event: Attack) -> Verdict | None:
    seat = acting_seat(state, event)
    rules = state.rules
    variant = rules.variant
    if state.table:
        if not (state.took and variant.podkidnoy):
            raise Foul(variant.close_rule, "The bout is still open: its cards must be beaten "
                       "and discarded, or taken, before a new attack.",
                       "Кон ещё не закрыт: карты надо отбить и сбросить в бито или забрать "
                       "до нового хода.")
    settle_bout(state)
    require_play(state)
    cards = event.cards
    check_in_hand(state, seat, cards)
    name = event.player
    if seat == rules.dummy and not rules.options["active_dummy"]:
        raise Foul("D3", "The dummy never leads.", "Болван никогда не ходит первым.")
    lead = expected_leaders(state)
    verdict = None
    if lead.seats is not None:
        if seat not in lead.seats:
            who = " or ".join(sorted(rules.seats[s] for s in lead.seats))
            raise Foul(lead.rule, f"{who} leads this bout, not {name}.",
                       f"Этот кон начинает {who}, а не {name}.")
    elif seat in lead.wrong:
        raise Foul(lead.rule, f"{name} does not hold the lowest trump and may not lead first.",
                   f"У {name} не младший козырь, он не может ходить первым.")
    elif not lead.judged:
        verdict = Verdict.not_judged(lead.note, lead.note_ru)
    defender = defender_for(state, seat)
    if defender is None:
        raise Foul(variant.next_attack_rule, "Nobody is left to defend.",
                   "Отбиваться некому.")
    variant.check_attack_shape(rules, cards, state.counts[defender], name)
    limit = min(state.counts[defender], attack_limit(state, state.bout_no == 0))
    if variant.podkidnoy and len(cards) > limit:
        raise Foul("P4", f"{name} leads {len(cards)} cards; this bout holds at most {limit}.",
                   f"{name} заходит {len(cards)} картами, а в этом коне не больше {limit}.")
    state.from_hand(seat, cards)
    state.table = [(card, None) for card in cards]
    state.lead_count = len(cards)
    state.leader = state.original_leader = seat
    state.defender = defender
    state.defender_start = state.counts[defender]
    state.took = False
    state.passed = frozenset()
    state.bout_no += 1
    if rules.dummy is not None and (state.bout_no == 1 or rules.options["bout_leader"]):
        # D4: the first bout's leader (or each bout's, `bout_leader`) handles the dummy
        state.controller = seat if seat != rules.dummy else controller(state)
    return verdict


def apply_throw_in(state: TableState, event: ThrowIn) -> None:
    seat = acting_seat(state, event)
    rules = state.rules
    variant = rules.variant
    cards = event.cards
    check_in_hand(state, seat, cards)
    name = event.player
    if not variant.podkidnoy:
        raise Foul(variant.no_throw_in_rule, f"There are no throw-ins in {variant.name} durak.",
                   "В этом варианте не подкидывают.")
    if not state.table:
        raise Foul("P3", "No bout is open: a bout starts with an attack.",
                   "Кон не начат: кон начинается с хода (attack).")
    defender = state.defender
    if seat == rules.dummy and defender == controller(state):
        raise Foul("D5", "The dummy never throws in against its controller "
                   f"{_name(state, defender)}.",
                   f"Болван не подкидывает своему распорядителю {_name(state, defender)}.")
    if defender == rules.dummy and seat == neighbour_person(state, defender, 1):
        raise Foul("D3", f"{name} plays the dummy's defence and may not throw in against it.",
                   f"{name} отбивается за болвана и не может ему подкидывать.")
    if seat == defender:
        raise Foul("P3", f"{name} defends this bout and cannot throw in.",
                   f"{name} отбивается в этом коне и не может подкидывать.")
    if not (state.took or rules.options["early_throw_in"]
            or all(defence is not None for _, defence in state.table[:state.lead_count])):
        raise Foul("P3", f"Throw-ins come once {_name(state, defender)} has beaten the lead "
                   "or declared a take.",
                   f"Подкидывают, когда {_name(state, defender)} отбил заход или взял.")
    ranks = {card.rank for card in state.table_cards()}
    foreign = [card for card in cards if card.rank not in ranks]
    if foreign:
        raise Foul("P3", f"{en_list(foreign)}: only ranks already on the table may be thrown in.",
                   f"{ru_list(foreign)}: подкидывают только карты достоинств, что уже на столе.")
    if seat in state.passed:
        raise Foul("P3", f"{name} passed and may throw in again only after a new card is added.",
                   f"{name} пасовал и может подкидывать снова, только когда добавят карту.")
    limit = min(state.defender_start, attack_limit(state, state.bout_no == 1))
    if len(state.table) + len(cards) > limit:
        raise Foul("P4", f"This bout holds at most {limit} attack cards; "
                   f"{len(state.table)} are already on the table.",
                   f"В этом коне не больше {limit} карт, а на столе уже {len(state.table)}.")
    state.from_hand(seat, cards)
    state.table = state.table + [(card, None) for card in cards]
    state.passed = frozenset()
    _close_if_decided(state)


def beat_foul(state: TableState, attack: Card, defence: Card) -> Foul:
    rule = state.rules.variant.beat_rule
    if rule == "C5":
        need = {"C": "a higher club", "D": "a higher diamond"}.get(
            attack.suit, f"a higher {attack.name_en.split(' of ')[1][:-1]} or a diamond")
        need_ru = {"C": "старшая трефа", "D": "старшая бубна"}.get(
            attack.suit, "старшая карта той же масти или бубна")
    elif attack.suit == state.trump_suit:
        need, need_ru = "a higher trump", "старший козырь"
    else:
        need = f"a higher {attack.name_en.split(' of ')[1][:-1]} or a trump"
        need_ru = "старшая карта той же масти или козырь"
    return Foul(rule, f"{defence} cannot beat {attack}: {need} is needed.",
                f"{defence.ru} не бьёт {attack.ru}: нужна {need_ru}.")


def apply_defend(state: TableState, event: Defend) -> None:
    seat = acting_seat(state, event)
    variant = state.rules.variant
    card, on = event.card, event.on
    check_in_hand(state, seat, (card,))
    check_in_deck(state, (on,))
    index = next((i for i, (attack, _) in enumerate(state.table) if attack == on), None)
    if index is None:
        place = state.where.get(on)
        where_en, where_ru = place_names(state, place) if place is not None else (
            "not on the table", "не на столе")
        raise Foul("G8", f"{on} is {where_en}, not an attack card on the table.",
                   f"{on.ru} {where_ru}, это не карта хода на столе.")
    if seat == state.rules.dummy and not state.rules.options["active_dummy"]:
        raise Foul("D3", "The dummy never defends.", "Болван никогда не отбивается.")
    if seat != state.defender:
        raise Foul(variant.defence_rule, f"{_name(state, state.defender)} defends this bout, "
                   f"not {event.player}.",
                   f"В этом коне отбивается {_name(state, state.defender)}, а не {event.player}.")
    if state.took:
        raise Foul("P5", f"{event.player} declared a take and beats no more cards.",
                   f"{event.player} взял и больше не отбивается.")
    beaten_by = state.table[index][1]
    if beaten_by is not None:
        raise Foul(variant.beat_rule, f"{on} is already beaten by {beaten_by}.",
                   f"{on.ru} уже побита картой {beaten_by.ru}.")
    if not variant.beats(on, card, state.trump_suit):
        raise beat_foul(state, on, card)
    state.from_hand(seat, (card,))
    table = state.table
    table[index] = (on, card)  # `table` is the clone's own list
    state.passed = frozenset()


def apply_transfer(state: TableState, event: Transfer) -> None:
    seat = acting_seat(state, event)
    rules = state.rules
    cards = event.cards
    check_in_hand(state, seat, cards)
    if not rules.variant.allows_transfer:
        raise Foul("P8", f"Transfers are played only in the transfer variant, not in "
                   f"{rules.variant.name}.",
                   "Переводить можно только в переводного дурака.")
    if not state.table or seat != state.defender:
        raise Foul("P8", f"Only the defender ({_name(state, state.defender)}) may transfer.",
                   f"Переводить может только отбивающийся ({_name(state, state.defender)}).")
    if state.took or any(defence is not None for _, defence in state.table):
        raise Foul("P8", "A bout is transferred only before any card is beaten.",
                   "Переводят только до того, как побита хоть одна карта.")
    ranks = {attack.rank for attack, _ in state.table}
    if len(ranks) > 1 or any(card.rank not in ranks for card in cards):
        raise Foul("P8", f"{en_list(cards)}: a transfer adds cards of the attack's rank only.",
                   f"{ru_list(cards)}: переводят только картами того же достоинства.")
    total = len(state.table) + len(cards)
    target = defender_for(state, seat)
    if target is None or state.counts[target] < total:
        held = 0 if target is None else state.counts[target]
        raise Foul("P8", f"{_name(state, target)} holds {held} cards, fewer than the {total} "
                   "attack cards a transfer would give him.",
                   f"У {_name(state, target)} {held} карт — меньше, чем {total} карт хода после "
                   "перевода.")
    limit = attack_limit(state, state.bout_no == 1)
    if total > limit:
        raise Foul("P4", f"A bout holds at most {limit} attack cards, the transfer makes {total}.",
                   f"В коне не больше {limit} карт, а с переводом {total}.")
    state.from_hand(seat, cards)
    state.table = state.table + [(card, None) for card in cards]
    state.lead_count = len(state.table)
    state.defender = target
    state.defender_start = state.counts[target]
    state.passed = frozenset()
    state.transferred = True


def apply_pass(state: TableState, event: Pass) -> None:
    seat = acting_seat(state, event)
    variant = state.rules.variant
    if not variant.podkidnoy:
        raise Foul(variant.no_throw_in_rule, f"There are no throw-ins in {variant.name} durak, "
                   "so nothing to pass on.",
                   "В этом варианте не подкидывают, пасовать не нужно.")
    if not state.table:
        raise Foul("P3", "No bout is open: there is nothing to pass.",
                   "Кон не начат: пасовать не на что.")
    if seat == state.defender:
        raise Foul("P3", f"{event.player} defends: he beats or takes, he does not pass.",
                   f"{event.player} отбивается: он бьёт или берёт, а не пасует.")
    if state.is_out(seat):
        raise Foul("G9", f"{event.player} is out of the game.",
                   f"{event.player} вышел из игры.")
    state.passed = state.passed | {seat}
    _close_if_decided(state)


def apply_take(state: TableState, event: Take) -> Verdict | None:
    seat = acting_seat(state, event)
    variant = state.rules.variant
    if not state.table or seat != state.defender:
        raise Foul(variant.defence_rule if state.table else variant.close_rule,
                   f"Only the defender takes, and {event.player} is not defending now.",
                   f"Берёт только отбивающийся, а {event.player} сейчас не отбивается.")
    if variant.opening == "cross":
        raise Foul("C7", "In cross durak a defender who cannot beat covers the card and passes "
                   "it on (pass_on); he does not take.",
                   "В крестовом дураке кто не может побить — накрывает карту и передаёт её "
                   "дальше (pass_on), а не берёт.")
    if state.took:
        raise Foul("P5", f"{event.player} has already declared a take.",
                   f"{event.player} уже взял.")
    unbeaten = state.unbeaten()
    if not unbeaten:
        raise Foul(variant.close_rule, "Every card is beaten: the bout ends with a discard.",
                   "Все карты побиты: кон заканчивается отбоем (бито).")
    if variant.opening == "round":
        return _round_take(state, seat, unbeaten)
    state.took = True
    _close_if_decided(state)
    return None


def _round_take(state: TableState, seat: int, unbeaten: list[Card]) -> Verdict | None:
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


def apply_pass_on(state: TableState, event: PassOn) -> Verdict | None:
    seat = acting_seat(state, event)
    card = event.card
    check_in_hand(state, seat, (card,))
    name = event.player
    if state.rules.variant.opening != "cross":
        raise Foul("C7", "Passing a card on belongs to cross durak.",
                   "Передавать карту дальше можно только в крестовом дураке.")
    if not state.table or seat != state.defender:
        raise Foul("C6", f"{_name(state, state.defender)} must beat the card, not {name}.",
                   f"Бить карту должен {_name(state, state.defender)}, а не {name}.")
    to_beat = state.table[0][0]
    verdict = None
    if state.hand_known(seat):
        beaters = [own for own in state.known_cards(seat)
                   if state.rules.variant.beats(to_beat, own, state.trump_suit)]
        if beaters:
            raise Foul("C7", f"{name} can beat {to_beat} with {beaters[0]}, so he must beat it.",
                       f"{name} может побить {to_beat.ru} картой {beaters[0].ru} и должен бить.")
    else:
        verdict = Verdict.not_judged(f"C7 not judged: {name}'s hand is not fully known.",
                                     f"C7 не проверено: рука {name} известна не полностью.")
    state.from_hand(seat, (card,))
    state.to_hand(seat, (to_beat,))
    state.table = [(card, None)]
    target = defender_for(state, seat)
    if target is None:  # nobody else holds cards: he keeps the card and is the fool
        state.to_hand(seat, (card,))
        state.table = []
        finish_game(state, seat)
        return verdict
    state.defender = target
    state.defender_start = state.counts[target]
    return verdict


def apply_discard(state: TableState, event: Discard) -> None:
    require_play(state)
    variant = state.rules.variant
    if not state.table:
        raise Foul(variant.close_rule, "No bout is open: there is nothing to discard.",
                   "Кон не начат: сбрасывать нечего.")
    if state.took:
        raise Foul("P5", f"{_name(state, state.defender)} took: the table goes to him, not to "
                   "the discard pile.",
                   f"{_name(state, state.defender)} взял: карты идут ему, а не в бито.")
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
            raise Foul("P6", f"{_name(state, queue[0])} draws before {name}.",
                       f"{_name(state, queue[0])} добирает раньше, чем {name}.")
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
