from __future__ import annotations

import re
from pathlib import Path

import pytest
from dashboard_helpers import start_match
from flask.testing import FlaskClient

from web.i18n import ENGLISH, RUSSIAN

PAGES = ["/live", "/setup", "/scores", "/history", "/live/state", "/live/questions",
         "/live/state.json"]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_page_renders_without_a_match(client: FlaskClient, lang: str) -> None:
    client.set_cookie("lang", lang)
    for url in PAGES:
        assert client.get(url).status_code == 200, url
    assert client.get("/").headers["Location"].endswith("/live")
    assert client.get("/control").headers["Location"].endswith("/setup")


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_page_renders_with_a_match(client: FlaskClient, lang: str) -> None:
    start_match(client)
    client.set_cookie("lang", lang)
    for url in PAGES + ["/control", "/history/match/1", "/history/match/1/replay?step=1",
                        "/scores?match=1"]:
        response = client.get(url)
        assert response.status_code == 200, url
    page = client.get("/control").get_data(as_text=True)
    assert ("Управление" in page) == (lang == "ru")


def test_language_switch_sets_a_cookie_and_stays_on_the_site(client: FlaskClient) -> None:
    response = client.get("/lang/ru?next=/scores")
    assert response.status_code == 302 and response.headers["Location"] == "/scores"
    assert "lang=ru" in response.headers["Set-Cookie"]
    assert "Счёт" in client.get("/scores").get_data(as_text=True)
    for target in ("//evil.example/", "https://evil.example/", "/\\evil.example"):
        assert client.get("/lang/en", query_string={"next": target}).headers[
            "Location"].endswith("/live")
    assert client.get("/lang/de").status_code == 404


def test_accept_language_picks_russian(client: FlaskClient) -> None:
    page = client.get("/setup", headers={"Accept-Language": "ru-RU,ru;q=0.9"})
    assert "Новый матч" in page.get_data(as_text=True)


def test_assets_are_served_by_name_only(client: FlaskClient) -> None:
    assert client.get("/assets/app.css").mimetype == "text/css"
    assert client.get("/assets/live.js").status_code == 200
    for name in ("schema.sql", "..%2Fschema.sql", "../__init__.py", "%2e%2e%2fdb.py", "x.css"):
        assert client.get(f"/assets/{name}").status_code == 404
    assert client.get("/static/app.css").status_code == 404


def test_responses_carry_safety_headers(client: FlaskClient) -> None:
    response = client.get("/live")
    assert "default-src 'self'" in response.headers["Content-Security-Policy"]
    assert response.headers["X-Content-Type-Options"] == "nosniff"


def test_unknown_pages_are_404_with_a_page(client: FlaskClient) -> None:
    response = client.get("/nowhere")
    assert response.status_code == 404 and "404" in response.get_data(as_text=True)
    assert client.get("/nowhere", headers={"Accept": "application/json"}).json["status"] == 404


def test_every_template_text_has_a_russian_translation() -> None:
    templates = Path(__file__).resolve().parents[2] / "web" / "templates"
    texts = set()
    for template in templates.glob("*.html"):
        texts |= set(re.findall(r"""\bt\("([^"]+)"\)""", template.read_text(encoding="utf-8")))
    texts |= {"Attack", "Throw in", "Beat", "Transfer", "Take", "Pass", "Discard", "Draw"}
    missing = sorted(text for text in texts if text not in RUSSIAN)
    assert missing == []
    assert set(ENGLISH) <= set(RUSSIAN)
