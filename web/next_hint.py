"""The referee's `next` hint (English only in the engine) in Russian, by its known shapes;
a hint of an unknown shape is shown as it is."""

from __future__ import annotations

import re

NEW_GAME = "; следующая игра — кнопкой «Следующая игра»"
RUSSIAN_HINTS: list[tuple[re.Pattern[str], str]] = [(re.compile(pattern), russian) for
                                                    pattern, russian in (
    (r"^game over \((.+) is the fool\); new_game starts the next one$",
     "игра окончена ({0} — дурак)" + NEW_GAME),
    (r"^game over \(winners: (.+)\); new_game starts the next one$",
     "игра окончена (победители: {0})" + NEW_GAME),
    (r"^game over \(a draw\); new_game starts the next one$", "игра окончена вничью" + NEW_GAME),
    (r"^(.+) deals$", "{0} сдаёт"),
    (r"^turn the trump$", "откройте козырь"),
    (r"^(.+) draws \(open_draw\)$", "{0} тянет карту"),
    (r"^(.+) draws and places a card \(deal_card\)$", "{0} тянет и кладёт карту"),
    (r"^(.+) takes; others may throw in, then draw-up$",
     "{0} берёт; остальные могут подкинуть, затем добор"),
    (r"^(.+) beats or takes$", "{0} отбивается или берёт"),
    (r"^throw in or discard$", "подкидывайте или бито"),
    (r"^(.+) draws up$", "{0} добирает"),
    (r"^(.+) attacks (.+)$", "{0} ходит под {1}"),
    (r"^nobody can play$", "ходить некому"),
    (r"^the holder of the lowest trump attacks$", "ходит тот, у кого младший козырь"),
)]
RUSSIAN_NAMES = {"dummy": "болван", "nobody": "никого"}


def next_hint(hint: str | None, lang: str) -> str:
    if not hint or lang != "ru":
        return hint or ""
    for pattern, russian in RUSSIAN_HINTS:
        match = pattern.match(hint)
        if match:
            return russian.format(*(RUSSIAN_NAMES.get(name, name) for name in match.groups()))
    return hint
