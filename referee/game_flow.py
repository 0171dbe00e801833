"""A match from setup to the last game: setup (G1, G2, D1), new games and dealers (G3), the deal
(P1, D1, R1, C1), the trump, and declarations for the first attack (G5). A game's end is in
`game_end`.
"""

from __future__ import annotations

from .bout_end import settle_bout
from .conservation import check_in_deck, check_in_hand, check_unseen
from .events import Deal, Declare, NewGame, Setup, Trump
from .game_end import UNFINISHED, check_game_end, end_as_told, told_outcome
from .openings import piles_to_hands
from .play_guard import require_rules
from .rules import rules_from_setup
from .seating import seat_of
from .state import CENTRE, OUT_OF_PLAY, PILE, STOCK, TABLE, TableState
from .verdicts import Foul, Verdict


def apply_setup(state: TableState, event: Setup) -> None:
    if state.rules is not None:
        raise Foul("G2", "The match is already set up; a log holds one match.",
                   "Партия уже начата; в одном журнале одна партия.")
    rules = rules_from_setup(event)
    state.rules = rules
    state.dealer = rules.first_dealer
    _start_game(state, 1)


def _start_game(state: TableState, number: int) -> None:
    seats = len(state.rules.seats)
    state.game = number
    state.phase = "deal"
    state.trump = None
    state.trump_suit = state.rules.variant.fixed_trump_suit
    state.counts = [0] * seats
    state.known = [0] * seats
    state.where = {}
    state.stock = 0
    state.out_of_play = 0
    state.discard = []
    state.table = []
    state.leader = state.defender = state.original_leader = None
    state.took = False
    state.transferred = False
    state.passed = frozenset()
    state.bout_no = 0
    state.next_leader = None
    state.draw_queue = ()
    state.declared = {}
    state.controller = None
    state.open_table = ()
    state.ninth = None
    state.piles = ()
    state.games = [*state.games, dict(UNFINISHED)]


def apply_new_game(state: TableState, event: NewGame) -> None:
    require_rules(state)
    settle_bout(state)  # the table of a declared take goes to the taker first (P5)
    told = told_outcome(state, event.fool, event.draw, event.winners)
    if told is not None:   # the players' word on a game the referee could not end
        if state.phase == "deal" and not any(state.counts):
            raise Foul("G6", "This game has not been dealt yet: there is no game to end.",
                       "Эта игра ещё не сдана: заканчивать нечего.")
        end_as_told(state, told)
    if state.phase != "finished":
        holders = [state.rules.seats[s] for s in state.rules.persons if state.counts[s]]
        who = ", ".join(holders) if holders else "nobody has been dealt"
        raise Foul("G6", f"The game is not over yet ({who} still hold cards).",
                   f"Игра ещё не окончена (карты ещё у: {who}).")
    # G3: the previous fool deals; after a game without a fool the dealer deals again
    if state.last_fool is not None:
        state.dealer = state.last_fool
    _start_game(state, state.game + 1)






def apply_deal(state: TableState, event: Deal) -> None:
    require_rules(state)
    rules = state.rules
    variant = rules.variant
    rule = variant.deal_rule
    if variant.opening == "cross" and state.phase == "faceup" and event.hands is not None:
        _piles_given_up(state)
    elif state.phase != "deal" or state.counts != [0] * len(state.counts) or state.piles:
        raise Foul(rule, "The cards are already dealt for this game.",
                   "Карты в этой игре уже сданы.")
    hands = event.hands or {}
    for name in hands:
        seat_of(state, name)
    dealt = [card for cards in hands.values() for card in cards]
    check_in_deck(state, dealt)
    unseen = _unseen_counts(state, event, len(dealt))
    if variant.opening == "round" and event.hands is None:
        if event.table is None or event.faceup is not None:
            raise Foul("R1", "A round deal lays 8 cards face up (\"table\") or gives the hands.",
                       "В круглом дураке сдача — 8 открытых карт на столе (\"table\") или руки.")
        check_in_deck(state, event.table)
        if len(event.table) != 8:
            raise Foul("R1", f"8 cards are laid face up, not {len(event.table)}.",
                       f"На стол кладут 8 открытых карт, а не {len(event.table)}.")
        for card in event.table:
            state.place(card, TABLE)
        state.open_table = event.table
        state.stock = rules.deck_size - 8
        return
    if variant.opening == "cross" and event.hands is None:
        _deal_cross_faceup(state, event)
        return
    if event.table is not None or event.faceup is not None:
        raise Foul(rule, f"This deal has face-up cards, which {variant.name} does not deal.",
                   f"В этой сдаче есть открытые карты, а в варианте {variant.name} их не сдают.")
    if variant.podkidnoy:
        for name, cards in hands.items():
            if len(cards) != 6:
                raise Foul("D1" if name == "dummy" else "P1",
                           f"{name} is dealt {len(cards)} cards; every hand gets 6.",
                           f"{name} сдано {len(cards)} карт, а каждому сдают 6.")
        seats = len(state.counts)
        state.counts = [6] * seats
        state.stock = rules.deck_size - 6 * seats
    else:
        # round/cross: the opening was not watched; the hands are whatever they are, the rest
        # of the deck is out of play for this game
        state.stock = 0
        state.out_of_play = rules.deck_size - len(dealt) - sum(unseen.values())
        state.phase = "deal" if variant.opening == "round" else "play"  # round waits for trump
    for name, cards in hands.items():
        seat = rules.seat_index[name]
        for card in cards:
            state.place(card, seat)
        if not variant.podkidnoy:
            state.counts[seat] = len(cards)
    for name, count in unseen.items():
        state.counts[rules.seat_index[name]] += count
    if variant.opening == "cross":
        check_game_end(state)


def _unseen_counts(state: TableState, event: Deal, dealt: int) -> dict[str, int]:
    """A round or cross deal's `unseen`: cards in the hands given that nobody saw (a camera
    lost some of the face-up placings), at most the cards of the deck no hand names."""
    unseen = event.unseen or {}
    if not unseen:
        return {}
    rules = state.rules
    for name in unseen:
        seat_of(state, name)
    if rules.variant.podkidnoy or event.hands is None:
        raise Foul(rules.variant.deal_rule,
                   "Unseen cards are counted only beside the hands of a round or cross deal.",
                   "Невиданные карты считают только вместе с руками в круглом или крестовом "
                   "дураке.")
    if sum(unseen.values()) > rules.deck_size - dealt:
        raise Foul(rules.variant.deal_rule,
                   f"The hands name {dealt} cards; {sum(unseen.values())} more unseen ones are "
                   f"more than the {rules.deck_size}-card deck holds.",
                   f"В руках названо {dealt} карт; ещё {sum(unseen.values())} невиданных — "
                   f"больше, чем в колоде из {rules.deck_size} карт.")
    return unseen


def _piles_given_up(state: TableState) -> None:
    """Cross's face-up phase not watched to its end (the camera lost it): the hands the
    players give take the piles' place, as in a game whose opening nobody watched."""
    for pile in state.piles:
        for card in pile:
            state.forget(card)
    state.piles = ()


def _deal_cross_faceup(state: TableState, event: Deal) -> None:
    """C1: one card face up to each player; C2: the highest card draws first."""
    rules = state.rules
    faceup = event.faceup or {}
    if event.table is not None or set(faceup) != set(rules.seats):
        raise Foul("C1", "A cross deal gives every player exactly one face-up card (\"faceup\").",
                   "В крестовом дураке каждому сдают ровно одну открытую карту (\"faceup\").")
    check_in_deck(state, tuple(faceup.values()))
    piles = []
    for seat, name in enumerate(rules.seats):
        state.place(faceup[name], PILE - seat)
        piles.append((faceup[name],))
    state.piles = tuple(piles)
    state.stock = rules.deck_size - len(faceup)
    seats = len(rules.seats)
    # C2: highest rank draws first, ties to the nearest clockwise from the dealer's left
    order = [(state.dealer + step) % seats for step in range(1, seats + 1)]
    state.turn = max(order, key=lambda seat: (faceup[rules.seats[seat]].rank, -order.index(seat)))
    state.phase = "faceup" if state.stock else "play"
    if not state.stock:
        piles_to_hands(state)


def apply_trump(state: TableState, event: Trump) -> None:
    require_rules(state)
    rules = state.rules
    variant = rules.variant
    card = event.card
    check_in_deck(state, (card,))
    if variant.fixed_trump_suit is not None:
        if card.suit != variant.fixed_trump_suit:
            raise Foul("C5", f"In cross durak diamonds are trump for good, not {card.suit}.",
                       "В крестовом дураке козыри всегда бубны.")
        return
    if state.phase != "deal" or state.trump is not None:
        raise Foul(variant.deal_rule, "The trump is turned once, right after the deal.",
                   "Козырь открывают один раз, сразу после сдачи.")
    if not any(state.counts) and not state.open_table:
        raise Foul(variant.deal_rule, "Deal the cards before turning the trump.",
                   "Сначала сдайте карты, потом открывайте козырь.")
    place = state.where.get(card)
    if variant.podkidnoy:
        if state.stock:
            check_unseen(state, (card,))
            state.place(card, STOCK)
        else:
            # P1: no stock after the deal: the last card dealt is trump and stays with the dealer
            check_in_hand(state, state.dealer, (card,))
            state.place(card, state.dealer)
        state.phase = "play"
    elif state.open_table:  # round, opening watched: the centre card (R1)
        check_unseen(state, (card,))
        state.place(card, CENTRE)
        state.stock -= 1
        state.phase = "opening"
        state.turn = (state.dealer + 1) % len(state.counts)  # R2
    else:  # round dealt with hands: the trump is in a hand or out of play
        if place is None:
            state.place(card, OUT_OF_PLAY)
        elif place < 0:
            check_unseen(state, (card,))
        state.phase = "play"
        check_game_end(state)
    state.trump = card
    state.trump_suit = card.suit


def apply_declare(state: TableState, event: Declare) -> Verdict | None:
    """A claim for the first attack (G5, R5, C4): the lowest trump held, or no trump."""
    require_rules(state)
    rules = state.rules
    seat = seat_of(state, event.player)
    rule = rules.variant.first_attack_rule
    card = event.lowest_trump
    if card is not None:
        check_in_hand(state, seat, (card,))  # G10: G8 first
    if state.phase != "play" or state.bout_no or state.table:
        raise Foul(rule, "Lowest trumps are declared after the trump is known and before the "
                   "first attack.",
                   "Младший козырь объявляют, когда козырь известен, и до первого хода.")
    name = event.player
    held = [card for card, place in state.where.items()
            if place == seat and card.suit == state.trump_suit]
    if card is None:
        if held:
            raise Foul(rule, f"{name} declares no trump but holds {min(held)}.",
                       f"{name} говорит, что козырей нет, но у него {min(held).ru}.")
        state.declared[seat] = None
        return None
    if card.suit != state.trump_suit:
        raise Foul(rule, f"{card} is not a trump; trumps are {state.trump_suit}.",
                   f"{card.ru} не козырь.")
    lower = [other for other in held if other < card]
    if lower:
        raise Foul(rule, f"{name} declares {card} but holds the lower trump {min(lower)}.",
                   f"{name} объявляет {card.ru}, но у него младше: {min(lower).ru}.")
    state.place(card, seat)
    state.declared[seat] = card
    return None
