"""What stands between a browser and the table: CSRF tokens, the PIN for remote players, safe
response headers."""

from __future__ import annotations

import hmac
import secrets
import threading
import time

from flask import Flask, abort, current_app, request, session

UNSAFE_METHODS = {"POST", "PUT", "PATCH", "DELETE"}
PIN_ATTEMPTS_PER_MINUTE = 10


def csrf_token() -> str:
    token = session.get("csrf")
    if not isinstance(token, str):
        token = session["csrf"] = secrets.token_urlsafe(24)
    return token


def pin_required() -> bool:
    return bool(current_app.config.get("PIN"))


def pin_granted() -> bool:
    pin = current_app.config.get("PIN")
    return not pin or hmac.compare_digest(str(session.get("pin", "")), _pin_mark(str(pin)))


def grant_pin(candidate: str) -> bool:
    pin = str(current_app.config.get("PIN") or "")
    limiter: PinAttempts = current_app.extensions["durak_pin_attempts"]
    if not limiter.allow():
        abort(429, description="Too many wrong PINs: wait a minute.")
    if pin and hmac.compare_digest(candidate.strip().encode(), pin.encode()):
        session["pin"] = _pin_mark(pin)
        session.permanent = True
        return True
    limiter.failed()
    return False


def _pin_mark(pin: str) -> str:
    # The session is signed, not encrypted: keep a keyed hash of the PIN there, not the PIN.
    key = str(current_app.secret_key).encode()
    return hmac.new(key, pin.encode(), "sha256").hexdigest()


class PinAttempts:
    """A global limit on wrong PINs, so four digits cannot be guessed by brute force."""

    def __init__(self) -> None:
        self._failures: list[float] = []
        self._lock = threading.Lock()

    def allow(self) -> bool:
        with self._lock:
            cutoff = time.monotonic() - 60
            self._failures = [t for t in self._failures if t > cutoff]
            return len(self._failures) < PIN_ATTEMPTS_PER_MINUTE

    def failed(self) -> None:
        with self._lock:
            self._failures.append(time.monotonic())


def check_request() -> None:
    if request.method not in UNSAFE_METHODS or request.routing_exception is not None:
        return     # not a change, or no such route: routing answers 404/405 itself
    sent = request.headers.get("X-CSRF-Token") or request.form.get("csrf_token", "")
    expected = session.get("csrf")
    if not isinstance(expected, str) or not hmac.compare_digest(str(sent), expected):
        abort(400, description="The form is out of date (CSRF check failed): reload the page.")
    if request.endpoint != "site.pin" and not pin_granted():
        abort(403, description="Enter the PIN the server printed at start to change anything.")


def add_headers(response):  # type: ignore[no-untyped-def]
    response.headers.setdefault(
        "Content-Security-Policy",
        "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
        "media-src 'self'; connect-src 'self'; frame-ancestors 'none'; form-action 'self'")
    response.headers.setdefault("X-Content-Type-Options", "nosniff")
    response.headers.setdefault("Referrer-Policy", "same-origin")
    return response


def init_app(app: Flask) -> None:
    app.extensions["durak_pin_attempts"] = PinAttempts()
    app.before_request(check_request)
    app.after_request(add_headers)
    app.jinja_env.globals["csrf_token"] = csrf_token
    app.jinja_env.globals["pin_required"] = pin_required
    app.jinja_env.globals["pin_granted"] = pin_granted
