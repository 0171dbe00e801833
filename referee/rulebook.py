"""The rule ids of RULES.md with a short title in English and Russian, for messages and look-ups.

`REPORTED` are the ids a verdict can name; the others describe how play goes on (a dealer, an
outcome, an order of checks) and their breaches are reported under the rule that does the
checking (G3 under G5's seat, D2 under G5, D4 and D6 under D5 and P6, C8 under G6/G7, ...).
"""

from __future__ import annotations

RULES: dict[str, tuple[str, str]] = {
    "G1": ("deck", "колода"), "G2": ("seats", "места"), "G3": ("dealer", "сдающий"),
    "G4": ("beat", "как бить"), "G5": ("first attack", "первый ход"),
    "G6": ("fool", "дурак"), "G7": ("draw game", "ничья"),
    "G8": ("conservation", "каждая карта одна"), "G9": ("out", "вышел из игры"),
    "G10": ("one foul per event", "одно нарушение на событие"),
    "P1": ("deal", "сдача"), "P2": ("lead", "заход"), "P3": ("throw-in", "подкидывание"),
    "P4": ("limit", "предел"), "P5": ("end of bout", "конец кона"),
    "P6": ("draw-up", "добор"), "P7": ("next bout", "следующий кон"),
    "P8": ("transfer", "перевод"),
    "D1": ("dummy deal", "сдача болвану"), "D2": ("trump phase", "определение козыря"),
    "D3": ("passive dummy", "пассивный болван"), "D4": ("controller", "кто ведёт болвана"),
    "D5": ("dummy throw-ins", "болван подкидывает"), "D6": ("dummy draw-up", "добор болвана"),
    "D7": ("end", "конец игры"),
    "R1": ("layout", "раскладка"), "R2": ("opening turn", "ход открытия"),
    "R3": ("the ninth card", "девятая карта"), "R4": ("end of opening", "конец открытия"),
    "R5": ("attack shapes", "какими картами ходят"), "R6": ("defence", "отбой"),
    "R7": ("next attacker", "следующий ход"), "R8": ("outcome", "итог"),
    "C1": ("face-up deal", "открытая сдача"), "C2": ("first drawer", "кто тянет первым"),
    "C3": ("placing", "раскладка по стопкам"), "C4": ("first attack", "первый ход"),
    "C5": ("trumps", "козыри"), "C6": ("one-card attacks", "ход одной картой"),
    "C7": ("passing on", "передача"), "C8": ("outcome", "итог"),
}

REPORTED = frozenset({
    "G1", "G2", "G4", "G5", "G6", "G7", "G8", "G9",
    "P1", "P2", "P3", "P4", "P5", "P6", "P7", "P8",
    "D1", "D3", "D5",
    "R1", "R2", "R5", "R6", "R7",
    "C1", "C2", "C3", "C4", "C5", "C6", "C7",
})
