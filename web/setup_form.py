"""Reads the setup page's form into a `setup` event (EVENTS.md), or says what is wrong."""

from __future__ import annotations

import random
import unicodedata
from collections.abc import Mapping
from typing import Any

VARIANTS = ("classic", "transfer", "dummy", "round", "cross")
DECKS = (36, 52)
MAX_PEOPLE = 6
MAX_NAME = 20
# Boolean options of RULES.md, with the variants they matter in.
OPTIONS: dict[str, tuple[str, ...]] = {
    "no_trump_lowest_card": VARIANTS,
    "lead_group": ("classic", "transfer", "dummy"),
    "early_throw_in": ("classic", "transfer", "dummy"),
    "first_bout_5": ("classic", "transfer", "dummy"),
    "defender_last": ("classic", "transfer", "dummy"),
    "active_dummy": ("dummy",),
    "bout_leader": ("dummy",),
    "ninth_card_centre": ("round",),
    "play_for_winner": ("round",),
    "place_continues": ("cross",),
}
FIRST_MOVES = ("under", "from_under")
CAMERAS = ("live", "manual")


class SetupInputError(ValueError):
    pass


def clean_name(text: str) -> str:
    name = unicodedata.normalize("NFC", text).strip()
    if len(name) > MAX_NAME:
        raise SetupInputError(f"A name has at most {MAX_NAME} characters: {name[:MAX_NAME]}…")
    if any(unicodedata.category(ch).startswith("C") for ch in name):
        raise SetupInputError("A name cannot hold control characters.")
    return name


def read_setup(form: Mapping[str, str]) -> tuple[dict[str, Any], str]:
    """(setup event, camera) from the form; raises SetupInputError with a message."""
    variant = form.get("variant", "")
    if variant not in VARIANTS:
        raise SetupInputError("Choose a variant.")
    deck_text = form.get("deck", "")
    if deck_text not in ("36", "52"):
        raise SetupInputError("Choose a deck of 36 or 52 cards.")
    people = [clean_name(form.get(f"seat{i}", "")) for i in range(1, MAX_PEOPLE + 1)]
    people = [name for name in people if name]
    if len(people) < 2:
        raise SetupInputError("Write the names of at least two players.")
    if len({name.casefold() for name in people}) != len(people):
        raise SetupInputError("Two players have the same name.")
    if any(name.casefold() == "dummy" for name in people):
        raise SetupInputError('"dummy" is the name of the dummy\'s seat: choose another name.')
    seats = list(people)
    if variant == "dummy":
        place = form.get("dummy_seat", "")
        if not place.isdigit() or not 1 <= int(place) <= len(people) + 1:
            raise SetupInputError("Choose the dummy's seat.")
        seats.insert(int(place) - 1, "dummy")
    dealer_text = form.get("dealer", "lot")
    if dealer_text == "lot":
        dealer = random.choice(people)          # G3: the first dealer is chosen by lot
    elif dealer_text.isdigit() and 1 <= int(dealer_text) <= len(people):
        dealer = people[int(dealer_text) - 1]
    else:
        raise SetupInputError("Choose the dealer among the players.")
    options: dict[str, Any] = {}
    for name, variants in OPTIONS.items():
        if form.get(name) and variant in variants:
            options[name] = True
    first_move = form.get("first_move", "under")
    if first_move not in FIRST_MOVES:
        raise SetupInputError("Choose who leads after a fool: under or from under.")
    if variant != "round":
        options["first_move"] = first_move
    camera = form.get("camera", "manual")
    if camera not in CAMERAS:
        raise SetupInputError("Choose the camera or manual entry.")
    setup = {"type": "setup", "variant": variant, "deck": int(deck_text), "seats": seats,
             "dealer": dealer, "options": options}
    return setup, camera
