"""The setup page: players, seats, the dummy, variant, deck, options, camera."""

from __future__ import annotations

from flask import Blueprint, Response, redirect, render_template, request, url_for

from . import current
from .i18n import lang, t
from .match_table import SetupRefused
from .setup_form import FIRST_MOVES, MAX_PEOPLE, OPTIONS, VARIANTS, SetupInputError, read_setup

bp = Blueprint("setup", __name__, url_prefix="/setup")


def render_setup(error: str | None = None, status: int = 200) -> tuple[str, int]:
    live = current.live()
    source = live.source.description if live.source else None
    return render_template(
        "setup.html", error=error, form=request.form, variants=VARIANTS, options=OPTIONS,
        first_moves=FIRST_MOVES, max_people=MAX_PEOPLE, source=source,
        match=live.table.match), status


@bp.get("")
def page() -> tuple[str, int]:
    return render_setup()


@bp.post("")
def start() -> Response | tuple[str, int]:
    try:
        setup, camera = read_setup(request.form)
        current.table().start_match(setup, camera=camera, source="setup")
    except SetupInputError as error:
        return render_setup(t(str(error)), 400)
    except SetupRefused as refused:
        return render_setup(refused.verdict.get(
            "message_ru" if lang() == "ru" else "message") or str(refused), 400)
    return redirect(url_for("control.page" if camera == "manual" else "live.page"))


@bp.post("/demo")
def demo() -> Response:
    current.live().demo_requested = True
    return redirect(url_for("live.page"))
