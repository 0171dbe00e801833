from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path

import pytest
from dashboard_helpers import SETUP_FORM, csrf, make_app, post, start_match
from flask import Flask
from flask.testing import FlaskClient

from web.cli_serve import is_loopback, parse_args


@pytest.fixture
def pinned(database: Path) -> Iterator[Flask]:
    app = make_app(database, PIN="4321")
    yield app
    app.extensions["durak_live"].stop()


def test_with_a_pin_viewing_is_open_and_changing_needs_the_pin(pinned: Flask) -> None:
    client = pinned.test_client()
    for url in ("/live", "/setup", "/scores", "/history", "/live/state.json"):
        assert client.get(url).status_code == 200
    assert 'href="/pin"' in client.get("/live").get_data(as_text=True)
    response = start_match(client)
    assert response.status_code == 403 and "PIN" in response.get_data(as_text=True)
    assert post(client, "/pin", {"pin": "1234"}).status_code == 403
    assert post(client, "/pin", {"pin": "4321"}).status_code == 302
    assert start_match(client).status_code == 302
    other_phone = pinned.test_client()
    assert start_match(other_phone).status_code == 403


def test_guessing_the_pin_is_throttled(pinned: Flask) -> None:
    client = pinned.test_client()
    for _ in range(10):
        assert post(client, "/pin", {"pin": "0000"}).status_code == 403
    assert post(client, "/pin", {"pin": "4321"}).status_code == 429


def test_the_pin_page_needs_the_csrf_token_too(pinned: Flask) -> None:
    client = pinned.test_client()
    assert client.post("/pin", data={"pin": "4321"}).status_code == 400


def test_serve_needs_a_pin_only_off_loopback() -> None:
    assert is_loopback("127.0.0.1") and is_loopback("localhost") and is_loopback("::1")
    assert not is_loopback("0.0.0.0") and not is_loopback("192.168.1.5")
    args = parse_args(["--host", "0.0.0.0", "--port", "8000", "--db", "x.sqlite"])
    assert args.host == "0.0.0.0" and args.port == 8000
    with pytest.raises(SystemExit):
        parse_args(["--camera", "0", "--video", "a.mp4"])


def test_requests_are_size_limited(client: FlaskClient) -> None:
    token = csrf(client)
    big = post(client, "/control/raw", {"event": "x" * 70_000, "csrf_token": token})
    assert big.status_code == 413
    many = post(client, "/setup", {f"f{i}": "1" for i in range(300)} | {
        "csrf_token": token, "upload": (io.BytesIO(b"x"), "x.txt")})   # multipart
    assert many.status_code == 413
    assert client.get("/history/match/1" + "0" * 30).status_code == 404
    assert client.get("/history/foul/99999999999999999999.jpg").status_code == 404
    assert client.get("/scores?match=" + "9" * 40).status_code == 400


def test_methods_that_do_not_exist_are_refused(client: FlaskClient) -> None:
    assert client.delete("/setup").status_code == 405
    assert client.get("/control/undo").status_code == 405


def test_json_posts_need_the_csrf_header(client: FlaskClient) -> None:
    token = csrf(client)
    assert client.post("/setup", json=SETUP_FORM).status_code == 400
    response = client.post("/setup", data=SETUP_FORM, headers={"X-CSRF-Token": token})
    assert response.status_code == 302
