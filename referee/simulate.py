"""Whole matches played by simple computer players, written as event logs (JSON-ready dicts).

The simulator is the dealer (a "chance player": it shuffles and deals face up, so its logs carry
full information) and every player. Moves are proposed by a simple policy and kept only when the
referee accepts them (`referee.moves`). With `fouls`, that fraction of decisions first gets an
illegal event marked `"foul": "<rule id>"` (`referee.foul_injection`); the referee rejects it and
the game goes on. Deterministic from the seed.
"""

from __future__ import annotations

import random
from typing import Any

from .bout_end import close_bout, throwers_left
from .cards import Card
from .engine import Referee
from .events import Event, parse_event
from .foul_injection import injected_foul
from .matching import best_pairing
from .moves import beating_cards, first_legal, hand, is_legal, leaders_now, settled
from .openings import beatable_cards, pile_for
from .rules import DUMMY
from .seating import defender_for
from .state import TableState

NAMES = ("Anna", "Boris", "Vera", "Oleg", "Ivan", "Lena")
MAX_EVENTS_PER_GAME = 1500  # a game still going after this many events is re-dealt
MAX_REDEALS = 50


def simulate_match(variant: str, players: int, deck: int, games: int, seed: int,
                   fouls: float = 0.0, options: dict[str, Any] | None = None) -> list[dict]:
    """The events of one simulated match, as dicts; injected fouls carry `"foul"`."""
    return MatchSimulator(variant, players, deck, seed, fouls, options).play(games)


class MatchSimulator:
    def __init__(self, variant: str, players: int, deck: int, seed: int, fouls: float,
                 options: dict[str, Any] | None) -> None:
        self.rng = random.Random(seed)
        self.fouls = fouls
        seats = list(NAMES[:players])
        if variant == "dummy":
            seats.insert(1, DUMMY)
        setup = {"type": "setup", "variant": variant, "deck": deck, "seats": seats,
                 "dealer": seats[self.rng.randrange(players + (variant == "dummy"))]}
        if setup["dealer"] == DUMMY:
            setup["dealer"] = seats[0]
        if options:
            setup["options"] = dict(options)
        self.referee = Referee()
        self.log: list[dict] = []
        self.stock: list[Card] = []  # the simulator's stock, top first (the trump last)
        self.redeals = 0  # games taken back because they cycled (see play_game)
        self.emit(setup)

    # --- the log -------------------------------------------------------------------------

    def emit(self, data: dict[str, Any] | Event) -> None:
        event = parse_event(data)
        verdict = self.referee.apply(event)
        if not verdict.ok:
            raise AssertionError(f"simulator move refused: {event.to_dict()} -> {verdict}")
        self.log.append(event.to_dict())

    def emit_foul(self, event: Event, rule: str) -> None:
        data = {**event.to_dict(), "foul": rule}
        self.log.append(data)
        if self.referee.apply(event).ok:  # a wrong injection; keep the game itself legal
            self.referee.undo()

    @property
    def state(self) -> TableState:
        return self.referee.state

    def play(self, games: int) -> list[dict]:
        for number in range(games):
            if number:
                self.emit({"type": "new_game"})
            for _ in range(MAX_REDEALS):
                if self.play_game():
                    break
                self.redeals += 1
            else:
                break  # the match stops with an unfinished game (never seen in testing)
        return self.log

    def play_game(self) -> bool:
        """Deal and play one game; a game that cycles past the limit is taken back (False).

        Round and cross durak, as written, can pass cards round for ever when no card held
        beats any card played (e.g. one player keeps hearts, the other clubs in cross)."""
        log_mark, applied_mark = len(self.log), len(self.referee.events)
        self.deal()
        while self.state.phase != "finished":
            if len(self.log) - log_mark > MAX_EVENTS_PER_GAME:
                while len(self.referee.events) > applied_mark:
                    self.referee.undo()
                del self.log[log_mark:]
                return False
            self.step()
        return True

    # --- the dealer ------------------------------------------------------------------------

    def deal(self) -> None:
        state = self.state
        rules = state.rules
        cards = list(rules.cards)
        self.rng.shuffle(cards)
        seats = rules.seats
        variant = rules.variant
        if variant.opening == "round":
            self.emit({"type": "deal", "table": [str(c) for c in cards[:8]]})
            self.emit({"type": "trump", "card": str(cards[8])})
            self.stock = cards[9:]
            return
        if variant.opening == "cross":
            faceup = {name: str(card) for name, card in zip(seats, cards, strict=False)}
            self.stock = cards[len(seats):]
            self.emit({"type": "deal", "faceup": faceup})
            return
        hands = {name: cards[6 * i:6 * i + 6] for i, name in enumerate(seats)}
        rest = cards[6 * len(seats):]
        if rest:
            trump = rest[0]
            self.stock = rest[1:] + [trump]  # P1: turned and put under the stock
        else:
            trump = hands[seats[state.dealer]][-1]  # P1: the dealer's last card is shown
            self.stock = []
        self.emit({"type": "deal", "hands": {n: [str(c) for c in h] for n, h in hands.items()}})
        self.emit({"type": "trump", "card": str(trump)})
        for name, held in hands.items():  # what each player tells the dashboard (G5)
            trumps = sorted(c for c in held if c.suit == trump.suit)
            self.emit({"type": "declare", "player": name, "lowest_trump": str(trumps[0])}
                      if trumps else {"type": "declare", "player": name, "no_trump": True})

    # --- one decision ----------------------------------------------------------------------

    def step(self) -> None:
        if self.fouls and self.rng.random() < self.fouls:
            foul = injected_foul(self.referee, self.rng, self.stock)
            if foul is not None:
                self.emit_foul(*foul)
        state = self.state
        if state.phase == "opening":
            self.open_draw()
        elif state.phase == "faceup":
            card = self.stock.pop(0)
            self.emit({"type": "deal_card", "player": state.rules.seats[state.turn],
                       "card": str(card), "to": state.rules.seats[pile_for(state, state.turn,
                                                                           card)]})
        elif not state.table:
            if state.draw_queue:
                self.draw(state.draw_queue[0])
            else:
                self.attack()
        elif state.rules.variant.opening == "round":
            self.round_defence()
        elif state.rules.variant.opening == "cross":
            self.cross_defence()
        else:
            self.podkidnoy_bout()

    def open_draw(self) -> None:
        state = self.state
        card = self.stock.pop(0)
        targets = [t for t in beatable_cards(state)
                   if state.rules.variant.beats(t, card, state.trump_suit)]
        event = {"type": "open_draw", "player": state.rules.seats[state.turn], "card": str(card)}
        if targets:
            event["beats"] = str(self.rng.choice(targets))
        self.emit(event)

    def draw(self, seat: int) -> None:
        state = self.state
        count = min(6 - state.counts[seat], state.stock)
        cards, self.stock = self.stock[:count], self.stock[count:]
        # with cards, so the log keeps full information; `conceal` makes camera-like logs
        event = {"type": "draw", "player": state.rules.seats[seat],
                 "cards": [str(card) for card in cards]}
        self.emit(event)

    def attack(self) -> None:
        state = self.state
        rules = state.rules
        leaders = leaders_now(state)
        seat = self.rng.choice(leaders)
        name = rules.seats[seat]
        held = hand(settled(state), seat)
        self.rng.shuffle(held)
        held.sort(key=lambda card: (card.suit == state.trump_suit, card.rank))
        defender = defender_for(settled(state), seat)
        if defender is not None and (not rules.variant.podkidnoy or self.rng.random() < 0.5):
            # lead what the defender can beat first: it keeps cards leaving the game, where
            # round and cross durak could otherwise go round in circles
            defence = hand(settled(state), defender)
            held.sort(key=lambda card: not beating_cards(state, card, defence))
        candidates: list[list[Card]] = []
        for card in held[:3]:
            same = [c for c in held if c.rank == card.rank]
            if rules.variant.opening == "round":
                others = [c for c in held if c not in same[:2]]
                if len(same) >= 2 and others:
                    candidates.append(same[:2] + others[:1])
            elif rules.options["lead_group"] and len(same) > 1:
                candidates.append(same)
            candidates.append([card])
        if self.rng.random() < 0.5:
            candidates.reverse()
        move = first_legal(self.referee, [parse_event(
            {"type": "attack", "player": name, "cards": [str(c) for c in cards]})
            for cards in candidates] + [parse_event(
                {"type": "attack", "player": name, "cards": [str(c)]}) for c in held])
        assert move is not None, "no legal attack"
        self.emit(move)

    def podkidnoy_bout(self) -> None:
        state = self.state
        rules = state.rules
        defender = state.defender
        unbeaten = state.unbeaten()
        if unbeaten and not state.took:
            if rules.options["early_throw_in"] and self.rng.random() < 0.3 and self.throw_in():
                return  # P3 option: throw-ins from the moment the lead is on the table
            if rules.variant.allows_transfer and self.rng.random() < 0.6:
                rank = state.table[0][0].rank
                same = [c for c in hand(state, defender) if c.rank == rank]
                for card in same:
                    event = parse_event({"type": "transfer", "player": rules.seats[defender],
                                         "cards": [str(card)]})
                    if is_legal(self.referee, event):
                        self.emit(event)
                        return
            if self.rng.random() < 0.92:
                target = unbeaten[0]
                for card in beating_cards(state, target, hand(state, defender)):
                    self.emit({"type": "defend", "player": rules.seats[defender],
                               "card": str(card), "on": str(target)})
                    return
            self.emit({"type": "take", "player": rules.seats[defender]})
            return
        if self.throw_in():
            return
        if state.took:  # the take closes at the next draw (P6 order) or attack
            left = throwers_left(state)
            if left and settled(state).phase == "finished":
                # the close would end the game: the others pass, which closes it at once
                self.emit({"type": "pass", "player": rules.seats[left[0]]})
                return
            after = state.clone()
            close_bout(after, took=True)
            if after.draw_queue:
                self.draw(after.draw_queue[0])
            else:
                self.attack()
            return
        self.emit({"type": "discard"})

    def throw_in(self) -> bool:
        """Maybe one seat throws in a card (or passes); True when an event was written."""
        state = self.state
        if self.rng.random() < 0.35:
            return False
        rules = state.rules
        ranks = {card.rank for card in state.table_cards()}
        seats = [s for s in range(len(state.counts)) if s != state.defender
                 and s not in state.passed and state.counts[s]]
        self.rng.shuffle(seats)
        for seat in seats:
            cards = [c for c in hand(state, seat) if c.rank in ranks]
            if not cards:
                continue
            name = rules.seats[seat]
            if self.rng.random() < 0.25:
                self.emit({"type": "pass", "player": name})
                return True
            event = parse_event({"type": "throw_in", "player": name, "cards": [str(cards[0])]})
            if is_legal(self.referee, event):
                self.emit(event)
                return True
        return False

    def round_defence(self) -> None:
        """R6: beat as many as a pairing allows, then discard or take."""
        state = self.state
        defender = state.defender
        name = state.rules.seats[defender]
        unbeaten = state.unbeaten()
        if unbeaten:
            pairs = best_pairing(unbeaten, hand(state, defender),
                                 lambda a, d: state.rules.variant.beats(a, d, state.trump_suit))
            if pairs:
                attack, card = next(iter(pairs.items()))
                self.emit({"type": "defend", "player": name, "card": str(card),
                           "on": str(attack)})
                return
            self.emit({"type": "take", "player": name})
            return
        self.emit({"type": "discard"})

    def cross_defence(self) -> None:
        """C6/C7: beat the card with the cheapest beater, or cover it and pass it on."""
        state = self.state
        defender = state.defender
        name = state.rules.seats[defender]
        target = state.table[0][0]
        if state.table[0][1] is not None:
            self.emit({"type": "discard"})
            return
        held = hand(state, defender)
        beaters = beating_cards(state, target, held)
        if beaters:
            self.emit({"type": "defend", "player": name, "card": str(beaters[0]),
                       "on": str(target)})
        else:
            # cover with a card the next player can beat, when there is one: cross durak can
            # otherwise pass cards round for ever (hearts and clubs that beat nothing held)
            nxt = defender_for(state, defender)
            beatable = [card for card in held if nxt is not None and beating_cards(
                state, card, [c for c in hand(state, nxt)])]
            cover = min(beatable) if beatable else self.rng.choice(held)
            self.emit({"type": "pass_on", "player": name, "card": str(cover)})


def conceal(log: list[dict], keep_draws: bool) -> list[dict]:
    """The log as a camera sees it: no hands in a podkidnoy deal; draws by count only, or left
    out altogether (the referee then fills them in when the next bout begins)."""
    podkidnoy = log[0].get("variant") in ("classic", "transfer", "dummy")
    concealed = []
    for event in log:
        if event["type"] == "deal" and podkidnoy:
            event = {key: value for key, value in event.items() if key != "hands"}
        elif event["type"] == "draw":
            if not keep_draws:
                continue
            count = event.get("count", len(event.get("cards", [])))
            event = {"type": "draw", "player": event["player"], "count": count}
        concealed.append(event)
    return concealed
