from __future__ import annotations

import pytest

from web.next_hint import next_hint


@pytest.mark.parametrize(("english", "russian"), [
    ("Vera attacks Oleg", "Vera ходит под Oleg"),
    ("dummy attacks nobody", "болван ходит под никого"),
    ("Oleg takes; others may throw in, then draw-up",
     "Oleg берёт; остальные могут подкинуть, затем добор"),
    ("Anna draws up", "Anna добирает"),
    ("Anna draws (open_draw)", "Anna тянет карту"),
    ("throw in or discard", "подкидывайте или бито"),
    ("game over (Vera is the fool); new_game starts the next one",
     "игра окончена (Vera — дурак); следующая игра — кнопкой «Следующая игра»"),
    ("something new from the engine", "something new from the engine"),
])
def test_hints_in_russian(english: str, russian: str) -> None:
    assert next_hint(english, "ru") == russian
    assert next_hint(english, "en") == english


def test_every_hint_the_engine_gives_in_a_simulated_match_is_translated() -> None:
    referee = pytest.importorskip("referee")
    simulate = pytest.importorskip("referee.simulate")
    for variant in ("classic", "transfer", "dummy", "round", "cross"):
        judge = referee.Referee()
        for event in simulate.simulate_match(variant, 3, 36, games=1, seed=3):
            judge.apply({k: v for k, v in event.items() if k != "foul"})
            hint = judge.snapshot()["next"]
            assert next_hint(hint, "ru") != hint or not hint, hint
