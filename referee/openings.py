"""The phases before the bouts: round durak's opening (R2-R4) and cross durak's piles (C2, C3)."""

from __future__ import annotations

from .bouts import beat_foul
from .cards import Card, next_rank
from .conservation import check_unseen
from .events import DealCard, OpenDraw
from .game_end import check_game_end
from .play_guard import require_rules
from .seating import place_names, seat_of
from .state import CENTRE, OUT_OF_PLAY, PILE, TABLE, TableState
from .verdicts import Foul

# phase -> (variant opening, wrong variant, not dealt yet, phase over): (rule, English, Russian)
_PHASE_FOULS = {
    "opening": ("round",
                ("R2", "open_draw belongs to the opening of round durak.",
                 "open_draw бывает только в открытии круглого дурака."),
                ("R1", "Lay out the 8 table cards and the centre trump first.",
                 "Сначала разложите 8 карт на столе и козырь в центре."),
                ("R2", "The opening is over; the bouts have begun.",
                 "Открытие закончено, идут ходы.")),
    "faceup": ("cross",
               ("C3", "deal_card belongs to the face-up phase of cross durak.",
                "deal_card бывает только в раскладке крестового дурака."),
               ("C1", "Deal one face-up card to each player first.",
                "Сначала сдайте каждому по одной открытой карте."),
               ("C3", "The face-up phase is over; the bouts have begun.",
                "Раскладка закончена, идут ходы.")),
}


def _seat_in_phase(state: TableState, event: OpenDraw | DealCard, phase: str) -> int:
    """The event's seat, in a game that is in `phase`; otherwise say what is wrong."""
    require_rules(state)
    seat = seat_of(state, event.player)
    if state.phase != phase:
        opening, wrong_variant, not_dealt, over = _PHASE_FOULS[phase]
        if state.rules.variant.opening != opening:
            raise Foul(*wrong_variant)
        raise Foul(*(not_dealt if state.phase == "deal" else over))
    return seat


def apply_open_draw(state: TableState, event: OpenDraw) -> None:
    seat = _seat_in_phase(state, event, "opening")
    rules = state.rules
    card, target = event.card, event.beats
    check_unseen(state, (card,))
    centre_is_ninth = rules.options["ninth_card_centre"]
    if target is not None:
        place = state.where.get(target)
        if target not in state.open_table and not (centre_is_ninth and place == CENTRE):
            where_en, where_ru = (place_names(state, place) if place is not None
                                  else ("not on the table", "не на столе"))
            raise Foul("G8", f"{target} is {where_en}, not a table card to beat.",
                       f"{target.ru} {where_ru}, это не карта на столе.")
    if seat != state.turn:
        raise Foul("R2", f"It is {rules.seats[state.turn]}'s turn to draw.",
                   f"Сейчас тянет {rules.seats[state.turn]}.")
    beats = rules.variant.beats
    if target is not None:
        if not beats(target, card, state.trump_suit):
            raise beat_foul(state, target, card)
    else:
        beatable = [t for t in beatable_cards(state) if beats(t, card, state.trump_suit)]
        if beatable:
            raise Foul("R2", f"{card} beats {beatable[0]}: a drawn card that can beat a table "
                       "card must beat one.",
                       f"{card.ru} бьёт {beatable[0].ru}: если вытянутая карта бьёт карту "
                       "на столе, надо бить.")
    state.stock -= 1
    state.turn = (seat + 1) % len(state.counts)
    if target is None:
        state.place(card, TABLE)
        state.open_table = (*state.open_table, card)
        if state.ninth is None and not centre_is_ninth:
            state.ninth = card  # R3: the first card laid beside the eight
    else:
        ninth = (state.where.get(target) == CENTRE) if centre_is_ninth else target == state.ninth
        state.open_table = tuple(t for t in state.open_table if t != target)
        state.to_hand(seat, (card, target))
        if ninth:  # R3: the beater takes the whole table, the centre trump included
            _take_table(state, seat, with_centre=True)
            end_opening(state)
            return
        if not state.open_table:
            end_opening(state)
            return
    if state.stock == 0:  # R4: the next player takes what is left on the table
        _take_table(state, state.turn, with_centre=False)
        end_opening(state)


def beatable_cards(state: TableState) -> list[Card]:
    """Table cards a drawn card may beat (R2), the centre trump with `ninth_card_centre` (R3)."""
    cards = list(state.open_table)
    if state.rules.options["ninth_card_centre"] and state.trump is not None and \
            state.where.get(state.trump) == CENTRE:
        cards.append(state.trump)
    return cards


def _take_table(state: TableState, seat: int, with_centre: bool) -> None:
    cards = list(state.open_table)
    if with_centre and state.trump is not None and state.where.get(state.trump) == CENTRE:
        cards.append(state.trump)
    state.open_table = ()
    state.to_hand(seat, cards)


def end_opening(state: TableState) -> None:
    """R4: the rest of the stock and an untaken centre trump are out of play."""
    state.out_of_play += state.stock
    state.stock = 0
    if state.trump is not None and state.where.get(state.trump) == CENTRE:
        state.place(state.trump, OUT_OF_PLAY)
        state.out_of_play += 1
    state.ninth = None
    state.phase = "play"
    check_game_end(state)


def pile_for(state: TableState, seat: int, card: Card) -> int:
    """C3: the nearest pile clockwise from the drawer's left whose top is one rank below the
    card, the drawer's own pile last; no such pile: his own."""
    seats = len(state.piles)
    wanted = card.rank
    for step in range(1, seats + 1):
        other = (seat + step) % seats
        pile = state.piles[other]
        if pile and next_rank(pile[-1].rank, state.rules.deck_size) == wanted:
            return other
    return seat


def apply_deal_card(state: TableState, event: DealCard) -> None:
    seat = _seat_in_phase(state, event, "faceup")
    target = seat_of(state, event.to)
    rules = state.rules
    card = event.card
    check_unseen(state, (card,))
    if seat != state.turn:
        first = state.stock == rules.deck_size - len(rules.seats)
        raise Foul("C2" if first else "C3", f"It is {rules.seats[state.turn]}'s turn to draw.",
                   f"Сейчас тянет {rules.seats[state.turn]}.")
    required = pile_for(state, seat, card)
    if target != required:
        if required == seat:
            why, why_ru = "no pile has the rank below on top, so it goes on his own pile", \
                "ни на одной стопке нет карты на ранг ниже, значит, на свою"
        else:
            why = f"it goes on {rules.seats[required]}'s pile, the nearest with the rank below"
            why_ru = f"её кладут в стопку {rules.seats[required]}, ближайшую с картой на ранг ниже"
        raise Foul("C3", f"{card} may not go on {event.to}'s pile: {why}.",
                   f"{card.ru} нельзя класть в стопку {event.to}: {why_ru}.")
    piles = list(state.piles)
    piles[target] = (*piles[target], card)
    state.piles = tuple(piles)
    state.place(card, PILE - target)
    state.stock -= 1
    if not (rules.options["place_continues"] and target != seat):
        state.turn = (seat + 1) % len(piles)
    if state.stock == 0:
        piles_to_hands(state)


def piles_to_hands(state: TableState) -> None:
    """C3: when the stock is empty, everyone takes his pile into hand."""
    for seat, pile in enumerate(state.piles):
        state.to_hand(seat, pile)
    state.piles = ()
    state.phase = "play"
    check_game_end(state)
