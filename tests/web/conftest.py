from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from web import create_app

from .fake_referee import FakeReferee

SETUP_FORM = {"seat1": "Vera", "seat2": "Oleg", "seat3": "Ivan", "variant": "classic",
              "deck": "36", "dealer": "1", "first_move": "under", "camera": "manual"}


def make_app(database: Path, **config: Any) -> Flask:
    settings = {"TESTING": True, "DATABASE": str(database), "SECRET_KEY": "test",
                "REFEREE_FACTORY": FakeReferee}
    settings.update(config)
    return create_app(settings)


@pytest.fixture
def database(tmp_path: Path) -> Path:
    return tmp_path / "durak.sqlite"


@pytest.fixture
def app(database: Path) -> Iterator[Flask]:
    application = make_app(database)
    yield application
    application.extensions["durak_live"].stop()


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


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
         **fields: str):
    form: dict[str, Any] = {"action": action, "player": player, "cards": cards or []}
    form.update(fields)
    return post(client, "/control/event", form)
