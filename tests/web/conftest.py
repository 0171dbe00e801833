from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from dashboard_helpers import make_app
from flask import Flask
from flask.testing import FlaskClient


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


@pytest.fixture
def camera_app(database: Path) -> Iterator[Flask]:
    """The app with the real referee, for the camera pipeline's tests."""
    referee = pytest.importorskip("referee")
    application = make_app(database, REFEREE_FACTORY=referee.Referee)
    yield application
    application.extensions["durak_live"].stop()
