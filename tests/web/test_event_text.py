"""The dashboard's line for an event: hands the camera guessed, a play the players confirmed."""

from __future__ import annotations

from web.event_text import describe_event


def test_a_deal_with_unseen_cards_says_how_many_each_hand_holds_unseen() -> None:
    deal = {"type": "deal", "hands": {"Anna": ["9S"], "Boris": ["QH"]},
            "unseen": {"Anna": 11, "Boris": 10}}
    assert describe_event(deal) == "deal · unseen: Anna 11, Boris 10"
    assert describe_event(deal, "ru") == "сдача · не видно: Anna 11, Boris 10"


def test_a_play_the_players_confirmed_says_so() -> None:
    lead = {"type": "attack", "player": "Anna", "cards": ["6H"], "confirmed": True}
    assert describe_event(lead) == "Anna attacks 6♥ (confirmed by the players)"
    assert describe_event(lead, "ru") == "Anna ходит 6♥ (подтвердили игроки)"
    assert describe_event({**lead, "confirmed": False}) == "Anna attacks 6♥"
