"""Site-wide routes: the front page, the language switch, the PIN, static assets, errors."""

from __future__ import annotations

from importlib import resources

from flask import Blueprint, Response, abort, redirect, render_template, request, url_for
from werkzeug.exceptions import HTTPException

from .i18n import LANGUAGES, t
from .security import grant_pin

bp = Blueprint("site", __name__)

# Static files are read once, by fixed name: no request path ever reaches the filesystem.
ASSET_TYPES = {"app.css": "text/css", "live.js": "text/javascript",
               "seats.js": "text/javascript"}
ASSETS = {name: resources.files("web").joinpath("static", name).read_bytes()
          for name in ASSET_TYPES}


@bp.get("/")
def index() -> Response:
    return redirect(url_for("live.page"))


@bp.get("/assets/<name>")
def asset(name: str) -> Response:
    if name not in ASSETS:
        abort(404)
    response = Response(ASSETS[name], mimetype=ASSET_TYPES[name])
    response.cache_control.max_age = 300
    return response


@bp.get("/lang/<code>")
def language(code: str) -> Response:
    if code not in LANGUAGES:
        abort(404)
    target = request.args.get("next", "")
    if not target.startswith("/") or target.startswith("//") or "\\" in target:
        target = url_for("live.page")
    response = redirect(target)
    response.set_cookie("lang", code, max_age=365 * 86400, samesite="Lax")
    return response


@bp.route("/pin", methods=["GET", "POST"])
def pin() -> Response | str | tuple[str, int]:
    if request.method == "POST":
        if grant_pin(request.form.get("pin", "")):
            return redirect(url_for("live.page"))
        return render_template("pin.html", error=t("Wrong PIN.")), 403
    return render_template("pin.html", error=None)


@bp.app_errorhandler(HTTPException)
def http_error(error: HTTPException) -> tuple[str | dict[str, object], int]:
    code = error.code or 500
    message = error.description or error.name
    if request.accept_mimetypes.best == "application/json" or request.is_json:
        return {"error": message, "status": code}, code
    return render_template("error.html", code=code, name=error.name, message=message), code
