"""One event of the notation as a short line a player reads: 'Vera attacks 7♠'."""

from __future__ import annotations

from typing import Any

from .cards import card_label

VERBS = {
    "en": {"setup": "setup", "new_game": "new game", "deal": "deal", "trump": "trump",
           "declare": "declares", "attack": "attacks", "throw_in": "throws in",
           "defend": "beats", "transfer": "transfers", "pass": "passes", "take": "takes",
           "pass_on": "passes on", "discard": "discard", "draw": "draws",
           "open_draw": "draws", "deal_card": "places", "undo": "undo", "on": "on",
           "to": "to", "no_trump": "no trump", "dummy": "dummy",
           "beaten_by": "beaten and discarded with", "taken_by": "taken by",
           "unseen": "unseen", "confirmed": "(confirmed by the players)"},
    "ru": {"setup": "начало матча", "new_game": "новая игра", "deal": "сдача",
           "trump": "козырь", "declare": "заявляет", "attack": "ходит",
           "throw_in": "подкидывает", "defend": "бьёт", "transfer": "переводит",
           "pass": "пас", "take": "берёт", "pass_on": "передаёт", "discard": "бито",
           "draw": "добирает", "open_draw": "тянет", "deal_card": "кладёт", "undo": "отмена",
           "on": "на", "to": "к", "no_trump": "нет козыря", "dummy": "болван",
           "beaten_by": "побито и бито картой", "taken_by": "взял",
           "unseen": "не видно", "confirmed": "(подтвердили игроки)"},
}


def describe_event(event: dict[str, Any], lang: str = "en") -> str:
    words = VERBS.get(lang, VERBS["en"])
    kind = str(event.get("type", "?"))
    if kind == "setup":
        seats = ", ".join(str(s) for s in event.get("seats") or [])
        return f"{words['setup']}: {event.get('variant')} {event.get('deck')} · {seats}"
    parts = []
    player = event.get("player")
    if isinstance(player, str):
        parts.append(words["dummy"] if player == "dummy" else player)
    parts.append(words.get(kind, kind))
    cards = event.get("cards")
    if isinstance(cards, list):
        parts.append(" ".join(card_label(c, lang) for c in cards if isinstance(c, str)))
    for key in ("card", "lowest_trump"):
        if isinstance(event.get(key), str):
            parts.append(card_label(event[key], lang))
    for key, word in (("on", "on"), ("beats", "on"), ("to", "to"), ("beaten_by", "beaten_by")):
        if isinstance(event.get(key), str):
            parts.append(f"{words[word]} {card_label(event[key], lang)}")
    if isinstance(event.get("taken_by"), str):   # a whole bout the camera missed, taken
        parts.append(f"{words['taken_by']} {event['taken_by']}")
    if event.get("no_trump"):
        parts.append(words["no_trump"])
    if isinstance(event.get("count"), int):
        parts.append(str(event["count"]))
    if isinstance(event.get("unseen"), dict):   # hands with cards nobody saw (a lost deal)
        counts = ", ".join(f"{name} {count}" for name, count in event["unseen"].items())
        parts.append(f"· {words['unseen']}: {counts}")
    if event.get("confirmed") is True:   # the players' word over the referee's knowledge
        parts.append(words["confirmed"])
    return " ".join(parts)[:200]
