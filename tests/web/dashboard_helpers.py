"""Helpers for the dashboard's tests: a test app on a temporary database, CSRF-aware posts."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fake_referee import FakeReferee
from flask import Flask
from flask.testing import FlaskClient

from web import create_app

SETUP_FORM = {"seat1": "Vera", "seat2": "Oleg", "seat3": "Ivan", "variant": "classic",
              "deck": "36", "dealer": "1", "first_move": "under", "camera": "manual"}


def make_app(database: Path, **config: Any) -> Flask:
    settings = {"TESTING": True, "DATABASE": str(database), "SECRET_KEY": "test",
                "REFEREE_FACTORY": FakeReferee}
    settings.update(config)
    return create_app(settings)


def csrf(client: FlaskClient) -> str:
    client.get("/setup")
    with client.session_transaction() as session:
        return str(session["csrf"])


def post(client: FlaskClient, url: str, data: dict[str, Any] | None = None, **kwargs: Any):
    form = dict(data or {})
    form.setdefault("csrf_token", csrf(client))
    return client.post(url, data=form, **kwargs)


def start_match(client: FlaskClient, **changes: str):
    form = dict(SETUP_FORM)
    form.update(changes)
    return post(client, "/setup", form)


def play(client: FlaskClient, action: str, player: str = "", cards: list[str] | None = None,
         follow_redirects: bool = False, **fields: str):
    form: dict[str, Any] = {"action": action, "player": player, "cards": cards or []}
    form.update(fields)
    return post(client, "/control/event", form, follow_redirects=follow_redirects)


def play_foul_bout(client: FlaskClient) -> None:
    """Deal, turn 7D, Vera leads 9S and Oleg tries to beat it with 7S: a G4 foul."""
    play(client, "deal")
    play(client, "trump", cards=["7D"])
    play(client, "attack", "Vera", ["9S"])
    play(client, "defend", "Oleg", ["7S"], on="9S")
