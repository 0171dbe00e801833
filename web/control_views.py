"""Manual control: enter any event by clicking cards, correct a card, undo, next game, end a game
by the players' word."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, abort, flash, redirect, render_template, request, url_for

from . import current
from .cards import deck_codes, is_card_code
from .i18n import lang, t
from .live_views import recent_verdicts
from .manual_events import EventInputError, build_event, parse_raw_event
from .match_table import Judgement, SetupRefused

bp = Blueprint("control", __name__, url_prefix="/control")


def running_snapshot() -> dict[str, Any]:
    snapshot = current.table().snapshot()
    if snapshot is None:
        abort(409, description=t("No match is running: set one up first."))
    return snapshot


@bp.get("")
def page() -> str | Response:
    snapshot = current.table().snapshot()
    if snapshot is None:
        return redirect(url_for("setup.page"))
    return render_template("control.html", snapshot=snapshot, match=current.table().match,
                           deck=deck_codes(int(snapshot.get("deck") or 36)),
                           recent=current.table().recent(), feed=recent_verdicts(8),
                           endable=game_to_end(snapshot))


def game_to_end(snapshot: dict[str, Any]) -> bool:
    """A game the players may end by their word: dealt and not over for the referee."""
    dealt = snapshot.get("phase") != "deal" \
        or any(hand.get("count") for hand in (snapshot.get("hands") or {}).values())
    return snapshot.get("phase") != "finished" and dealt


def report(judgement: Judgement) -> None:
    verdict = judgement.verdict
    message = verdict.get("message_ru" if lang() == "ru" else "message") or ""
    if verdict.get("ok"):
        flash(f"{t('Accepted')}: {message}".rstrip(": "), "ok")
    else:
        flash(f"{t('Foul')} {verdict.get('rule')}: {message}", "foul")


@bp.post("/event")
def event() -> Response:
    snapshot = running_snapshot()
    form = request.form
    try:
        built = build_event(
            form.get("action", ""), form.get("player", ""), form.getlist("cards")[:52],
            form.get("on", ""), form.get("to", ""), form.get("count", ""),
            bool(form.get("no_trump")), snapshot)
    except EventInputError as error:
        abort(400, description=t(str(error)))
    return submit(built)


@bp.post("/raw")
def raw() -> Response:
    try:
        event = parse_raw_event(request.form.get("event", ""))
    except EventInputError as error:
        abort(400, description=t(str(error)))
    if event["type"] != "setup":       # a typed setup starts a match, like the setup page
        running_snapshot()
    return submit(event)


@bp.post("/next-game")
def next_game() -> Response:
    running_snapshot()
    return submit({"type": "new_game"})


@bp.post("/end-game")
def end_game() -> Response:
    """The players end the game by their word (the camera lost it, or they finished it off the
    record): a `new_game` with its fool, its winners, or a draw; the next game starts."""
    snapshot = running_snapshot()
    form = request.form
    if (snapshot.get("options") or {}).get("play_for_winner"):
        winners = form.getlist("winners")[:6]
        told: dict[str, Any] = {"winners": winners} if winners else {"draw": True}
    else:
        fool = form.get("fool", "")
        told = {"fool": fool} if fool else {"draw": True}
    return submit({"type": "new_game", **told})


def submit(event: dict[str, Any]) -> Response:
    try:
        report(current.table().submit(event, "manual"))
    except SetupRefused as refused:
        abort(400, description=refused.verdict.get("message") or str(refused))
    return redirect(url_for("control.page"))


@bp.post("/undo")
def undo() -> Response:
    running_snapshot()
    if current.table().undo():
        flash(t("The last event was taken back."), "ok")
    else:
        flash(t("Nothing to take back."), "foul")
    return redirect(url_for("control.page"))


@bp.post("/correct")
def correct() -> Response:
    snapshot = running_snapshot()
    deck = int(snapshot.get("deck") or 52)
    wrong, right = request.form.get("wrong", ""), request.form.get("right", "")
    if not (is_card_code(wrong, deck) and is_card_code(right, deck)) or wrong == right:
        abort(400, description=t("Give the card as read and the card it really is."))
    event_text = request.form.get("event", "")
    if not event_text.isdigit():
        abort(400, description=t("Choose the event to correct."))
    try:
        judgements = current.table().correct(int(event_text), wrong, right)
    except ValueError:
        abort(400, description=t("That event does not hold that card."))
    except LookupError:
        abort(400, description=t("That event cannot be corrected."))
    report(judgements[0])
    return redirect(url_for("control.page"))
