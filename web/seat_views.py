"""The seats page: the players click where each of them sits on the camera's picture, in setup
order; the camera pipeline gives cards to seats by these places (`web.seat_calibration`)."""

from __future__ import annotations

from flask import Blueprint, Response, flash, redirect, render_template, request, url_for

from . import current
from .i18n import t
from .seat_calibration import SeatClicksError, as_form, read_clicks

bp = Blueprint("seats", __name__, url_prefix="/setup/seats")


def seat_names() -> list[str]:
    match = current.table().match
    return list(match.applied[0][1].get("seats") or []) if match and match.applied else []


def render_seats(error: str | None = None, status: int = 200) -> tuple[str, int]:
    table, names = current.table(), seat_names()
    stored = table.seat_clicks(table.match.id) if table.match else None
    form = request.form if error else as_form(stored, names)
    return render_template("seats.html", names=names, form=form, error=error,
                           stored=stored is not None,
                           has_picture=current.live().frames.latest()[1] is not None), status


@bp.get("")
def page() -> tuple[str, int]:
    return render_seats()


@bp.post("")
def save() -> Response | tuple[str, int]:
    names = seat_names()
    if not names:
        return render_seats(t("No match is running: set one up first."), 400)
    try:
        clicks = read_clicks(request.form, names)
    except SeatClicksError as error:
        names_shown = {k: t("dummy") if v == "dummy" else v for k, v in error.names.items()}
        return render_seats(t(str(error)).format(**names_shown), 400)
    current.table().set_seat_clicks(clicks)
    flash(t("The seats are saved: the camera uses them from the next card on."), "ok")
    return redirect(url_for("seats.page"))


@bp.post("/reset")
def reset() -> Response | tuple[str, int]:
    if not seat_names():
        return render_seats(t("No match is running: set one up first."), 400)
    current.table().set_seat_clicks(None)
    flash(t("The seats are back to the default."), "ok")
    return redirect(url_for("seats.page"))
