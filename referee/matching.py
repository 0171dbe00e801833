"""R6: how many attack cards a defender can beat at most, each with its own card (a maximum
bipartite matching; Kuhn's augmenting paths are plenty for at most 5 attack cards)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .cards import Card


def best_pairing(attacks: Sequence[Card], hand: Sequence[Card],
                 beats: Callable[[Card, Card], bool]) -> dict[Card, Card]:
    """A largest set of (attack -> defence) pairs in which every defence beats its attack."""
    owner: dict[Card, Card] = {}  # defence card -> the attack card it beats

    def augment(attack: Card, visited: set[Card]) -> bool:
        for defence in hand:
            if defence in visited or not beats(attack, defence):
                continue
            visited.add(defence)
            if defence not in owner or augment(owner[defence], visited):
                owner[defence] = attack
                return True
        return False

    for attack in attacks:
        augment(attack, set())
    return {attack: defence for defence, attack in owner.items()}


def max_beaten(attacks: Sequence[Card], hand: Sequence[Card],
               beats: Callable[[Card, Card], bool]) -> int:
    return len(best_pairing(attacks, hand, beats))
