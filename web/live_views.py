"""The live view: MJPEG video, the state, the verdict feed (Server-Sent Events), questions."""

from __future__ import annotations

import json
import queue
from collections.abc import Iterator

from flask import Blueprint, Response, abort, redirect, render_template, request, url_for

from . import current
from .db import get_db
from .frame_hub import FrameHub
from .i18n import t

bp = Blueprint("live", __name__, url_prefix="/live")

BOUNDARY = "frame"
KEEPALIVE_SECONDS = 15.0


@bp.get("")
def page() -> str:
    live = current.live()
    return render_template("live.html", snapshot=live.table.snapshot(),
                           match=live.table.match, questions=live.questions.open_questions(),
                           has_video=live.source is not None, feed=recent_verdicts(),
                           source_state=live.source_state, unfollowed=live.unfollowed)


@bp.get("/state")
def state() -> str:
    """The state panel alone: the live page swaps it in when the feed says the state changed."""
    table = current.table()
    return render_template("_state.html", snapshot=table.snapshot(), match=table.match)


@bp.get("/state.json")
def state_json() -> dict[str, object]:
    """The state for programs: the running match's id, the referee's snapshot, the version."""
    table = current.table()
    match = table.match
    live = current.live()
    stats = getattr(live.source, "stats", None)
    return {"match": match.id if match else None, "version": table.version,
            "snapshot": table.snapshot(), "source": live.source_state,
            "pipeline": stats.to_dict() if stats is not None else None}


@bp.get("/questions")
def questions() -> str:
    return render_template("_questions.html", questions=current.live().questions.open_questions())


@bp.post("/answer")
def answer() -> Response:
    try:
        question_id = int(request.form["question"])
        chosen = request.form["choice"]
        choice = None if chosen == "none" else int(chosen)
    except (KeyError, ValueError):
        abort(400, description=t("Choose an answer."))
    board = current.live().questions
    question = board.get(question_id)
    if question is None:
        abort(404, description=t("That question was already answered."))
    if choice is not None and not 0 <= choice < len(question.choices):
        abort(400, description=t("Choose an answer."))
    if board.take(question_id) is None:      # another phone answered it just now
        abort(404, description=t("That question was already answered."))
    if question.answer is not None:          # the camera's pipeline learns the choice too
        question.answer(choice)
    elif choice is not None:
        current.table().submit(question.choices[choice][1], "live")
    return redirect(url_for("live.page"))


@bp.get("/video.mjpeg")
def video() -> Response:
    hub = current.live().frames
    return Response(mjpeg_stream(hub), mimetype=f"multipart/x-mixed-replace; boundary={BOUNDARY}",
                    headers={"Cache-Control": "no-store"})


def mjpeg_stream(hub: FrameHub, resend_seconds: float = 1.0) -> Iterator[bytes]:
    # Each part ends with the next boundary: browsers show a part only once they see the
    # boundary after it, so sending it late would keep every frame one frame behind.
    yield f"--{BOUNDARY}\r\n".encode()
    seen = -1
    while not hub.closed:
        seen, jpeg = hub.wait_newer(seen, resend_seconds)
        if jpeg is None:
            continue
        yield (f"Content-Type: image/jpeg\r\nContent-Length: {len(jpeg)}\r\n\r\n".encode()
               + jpeg + f"\r\n--{BOUNDARY}\r\n".encode())


@bp.get("/frame.jpg")
def frame() -> Response:
    _, jpeg = current.live().frames.latest()
    if jpeg is None:
        abort(404, description=t("No video yet."))
    return Response(jpeg, mimetype="image/jpeg", headers={"Cache-Control": "no-store"})


@bp.get("/events")
def events() -> Response:
    feed = current.feed()
    listener = feed.subscribe()

    def stream() -> Iterator[str]:
        try:
            yield "retry: 2000\n\n"
            while True:
                try:
                    message = listener.get(timeout=KEEPALIVE_SECONDS)
                except queue.Empty:
                    yield ": keepalive\n\n"
                    continue
                if message is None:
                    return
                kind, payload = message
                yield f"event: {kind}\ndata: {json.dumps(payload, ensure_ascii=False)}\n\n"
        finally:
            feed.unsubscribe(listener)

    return Response(stream(), mimetype="text/event-stream",
                    headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})


def recent_verdicts(count: int = 30) -> list[dict[str, object]]:
    match = current.table().match
    if match is None:
        return []
    rows = get_db().execute(
        "SELECT e.id, e.body, e.origin, v.ok, v.rule, v.message, v.message_ru, v.judged"
        " FROM events e JOIN verdicts v ON v.event_id = e.id"
        " WHERE e.match_id = ? AND e.kind = 'event' ORDER BY e.id DESC LIMIT ?",
        (match.id, count)).fetchall()
    return [dict(row, event=json.loads(row["body"])) for row in rows]
