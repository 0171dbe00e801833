"""Which cards a player may have played unseen: the cards nobody has accounted for."""

from __future__ import annotations

from vision.swept_bout import possible_beaters


def test_the_turned_trump_is_accounted_for_only_where_it_lies_under_the_stock() -> None:
    """Classic: the KS lies under the stock, so it cannot have beaten the 10S. Round: the
    centre trump may have been taken into a hand with the ninth card (R3), so it may have."""
    table = {"deck": 36, "stock": 5, "trump": "KS", "trump_suit": "S", "defender": "Anna",
             "discard_cards": ["QS"], "hands": {"Anna": {"count": 4, "known": []}}}
    classic = possible_beaters("10S", {**table, "variant": "classic"})
    round_game = possible_beaters("10S", {**table, "variant": "round"})
    assert "KS" not in classic and "QS" not in classic and "JS" in classic
    assert round_game == [*classic[:classic.index("AS")], "KS", "AS"]
