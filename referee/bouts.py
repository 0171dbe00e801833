"""The acts of a bout: attack (P2, P4, R5, C6), throw-in (P3, D5), defence (G4, C5), transfer
(P8), pass, take (P5, R6) and passing on (C7). Its end is in `bout_end`.

Each handler checks in the order of G10 (G8, then who may act, then the act) and raises a Foul
before it changes anything; the state it mutates is the engine's fresh clone.
"""

from __future__ import annotations

from .bout_end import close_bout, close_if_decided, round_take, settle_bout
from .cards import Card, en_list, ru_list
from .conservation import check_in_deck, check_in_hand
from .events import Attack, Defend, Pass, PassOn, Take, ThrowIn, Transfer
from .game_end import finish_game
from .play_guard import acting_seat, attack_limit, require_play, seat_name
from .seating import (
    controller,
    defender_for,
    expected_leaders,
    neighbour_person,
    place_names,
)
from .state import TableState
from .verdicts import Foul, Verdict

__all__ = ["apply_attack", "apply_throw_in", "apply_defend", "apply_transfer", "apply_pass",
           "apply_take", "apply_pass_on", "beat_foul", "close_bout", "settle_bout"]


def apply_attack(state: TableState, event: Attack) -> Verdict | None:
    seat = acting_seat(state, event)
    rules = state.rules
    variant = rules.variant
    if state.table and not (state.took and variant.podkidnoy):
        check_in_hand(state, seat, event.cards)  # G10: a card's whereabouts (G8) come first
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
                   f"{seat_name(state, defender)}.",
                   f"Болван не подкидывает своему распорядителю {seat_name(state, defender)}.")
    if defender == rules.dummy and seat == neighbour_person(state, defender, 1):
        raise Foul("D3", f"{name} plays the dummy's defence and may not throw in against it.",
                   f"{name} отбивается за болвана и не может ему подкидывать.")
    if seat == defender:
        raise Foul("P3", f"{name} defends this bout and cannot throw in.",
                   f"{name} отбивается в этом коне и не может подкидывать.")
    if not (state.took or rules.options["early_throw_in"]
            or all(defence is not None for _, defence in state.table[:state.lead_count])):
        raise Foul("P3", f"Throw-ins come once {seat_name(state, defender)} has beaten the lead "
                   "or declared a take.",
                   f"Подкидывают, когда {seat_name(state, defender)} отбил заход или взял.")
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
    close_if_decided(state)


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
        defender = seat_name(state, state.defender)
        raise Foul(variant.defence_rule, f"{defender} defends this bout, not {event.player}.",
                   f"В этом коне отбивается {defender}, а не {event.player}.")
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
        raise Foul("P8", f"Only the defender ({seat_name(state, state.defender)}) may transfer.",
                   f"Переводить может только отбивающийся ({seat_name(state, state.defender)}).")
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
        who = seat_name(state, target)
        raise Foul("P8", f"{who} holds {held} cards, fewer than the {total} attack cards a "
                   "transfer would give him.",
                   f"У {who} {held} карт — меньше, чем {total} карт хода после перевода.")
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
    close_if_decided(state)


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
        return round_take(state, seat, unbeaten)
    state.took = True
    close_if_decided(state)
    return None


def apply_pass_on(state: TableState, event: PassOn) -> Verdict | None:
    seat = acting_seat(state, event)
    card = event.card
    check_in_hand(state, seat, (card,))
    name = event.player
    if state.rules.variant.opening != "cross":
        raise Foul("C7", "Passing a card on belongs to cross durak.",
                   "Передавать карту дальше можно только в крестовом дураке.")
    if not state.table or seat != state.defender:
        raise Foul("C6", f"{seat_name(state, state.defender)} must beat the card, not {name}.",
                   f"Бить карту должен {seat_name(state, state.defender)}, а не {name}.")
    to_beat, beaten_by = state.table[0]
    if beaten_by is not None:
        raise Foul("C7", f"{beaten_by} already beats {to_beat}: there is no card to pass on.",
                   f"{to_beat.ru} уже побита картой {beaten_by.ru}: передавать нечего.")
    verdict = None
    if state.hand_known(seat):
        beaters = [own for own in state.known_cards(seat)
                   if state.rules.variant.beats(to_beat, own, state.trump_suit)]
        if beaters:
            raise Foul("C7", f"{name} can beat {to_beat} with {beaters[0]}: only a player who "
                       "cannot beat may pass it on.",
                       f"{name} может побить {to_beat.ru} картой {beaters[0].ru}: передавать "
                       "можно, только когда бить нечем.")
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
