"""What a dashboard shows: the JSON-ready view of a Referee's state (docs/referee-api.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .cards import codes
from .seating import can_lead_or_defend, defender_for, expected_leaders

if TYPE_CHECKING:
    from .engine import Referee


def snapshot(referee: Referee) -> dict[str, Any]:
    state = referee.state
    rules = state.rules
    games = referee.outcomes()
    view: dict[str, Any] = {
        "variant": None, "deck": None, "seats": None, "dealer": None, "options": None,
        "game": state.game, "phase": state.phase,
        "trump": None if state.trump is None else str(state.trump),
        "trump_suit": state.trump_suit, "stock": state.stock, "discard": len(state.discard),
        "discard_cards": codes(state.discard),
        "hands": {}, "attacker": None, "defender": None, "table": [], "took": state.took,
        "out": [], "next": "a setup starts the match", "score": {}, "games": games,
    }
    if rules is None:
        return view
    seats = rules.seats
    name = seats.__getitem__
    view.update({
        "variant": rules.variant.name, "deck": rules.deck_size, "seats": list(seats),
        "dealer": name(state.dealer), "options": dict(rules.options),
        "hands": {name(seat): {"count": state.counts[seat], "known": codes(state.known_cards(seat))}
                  for seat in range(len(seats))},
        "attacker": None if state.leader is None else name(state.leader),
        "defender": None if state.defender is None else name(state.defender),
        "table": [{"attack": str(attack), "defence": None if defence is None else str(defence)}
                  for attack, defence in state.table],
        "out": [name(seat) for seat in range(len(seats)) if state.is_out(seat)],
        "next": next_hint(referee),
        "score": score(referee),
    })
    if state.phase in ("opening", "faceup"):
        view["turn"] = name(state.turn)
    if state.phase == "play" and not state.table:
        view["leads"] = [name(seat) for seat in sorted(expected_leaders(state).seats or ())]
    if rules.variant.opening == "cross":
        view["piles"] = {name(seat): codes(pile) for seat, pile in enumerate(state.piles)}
    if rules.variant.opening == "round":
        view["open_table"] = codes(state.open_table)
    return view


def score(referee: Referee) -> dict[str, dict[str, int]]:
    """Fools, wins and draws per person over the finished games (the dummy is never scored)."""
    rules = referee.state.rules
    people = [rules.seats[seat] for seat in rules.persons]
    table = {person: {"fools": 0, "wins": 0, "draws": 0} for person in people}
    for outcome in referee.outcomes():
        if not outcome["finished"]:
            continue
        for person in people:
            if outcome["draw"]:
                table[person]["draws"] += 1
            elif "winners" in outcome:
                table[person]["wins" if person in outcome["winners"] else "fools"] += 1
            else:
                table[person]["fools" if person == outcome["fool"] else "wins"] += 1
    return table


def next_hint(referee: Referee) -> str:
    """A short English hint of what the referee expects next."""
    state = referee.state
    rules = state.rules
    name = rules.seats.__getitem__
    if state.phase == "finished":
        outcome = state.games[-1]
        result = f"{outcome['fool']} is the fool" if outcome["fool"] else (
            "winners: " + ", ".join(outcome.get("winners", [])) if outcome.get("winners")
            else "a draw")
        return f"game over ({result}); new_game starts the next one"
    if state.phase == "deal":
        if not any(state.counts) and not state.open_table:
            return f"{name(state.dealer)} deals"
        return "turn the trump"
    if state.phase == "opening":
        return f"{name(state.turn)} draws (open_draw)"
    if state.phase == "faceup":
        return f"{name(state.turn)} draws and places a card (deal_card)"
    if state.table:
        defender = name(state.defender)
        if state.took:
            return f"{defender} takes; others may throw in, then draw-up"
        if state.unbeaten():
            return f"{defender} beats or takes"
        return "throw in or discard"
    if state.draw_queue:
        return f"{name(state.draw_queue[0])} draws up"
    lead = expected_leaders(state)
    if lead.seats:
        leader = sorted(lead.seats)[0]
        target = defender_for(state, leader)
        return f"{name(leader)} attacks {name(target) if target is not None else 'nobody'}"
    if not any(can_lead_or_defend(state, seat) for seat in range(len(state.counts))):
        return "nobody can play"
    return "the holder of the lowest trump attacks"
