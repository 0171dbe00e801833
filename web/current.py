"""The running app's live objects, for views: `current.table()` is the match on the table."""

from __future__ import annotations

from flask import current_app

from .feed import VerdictFeed
from .live_runtime import LiveTable
from .match_table import MatchTable


def live() -> LiveTable:
    return current_app.extensions["durak_live"]


def table() -> MatchTable:
    return live().table


def feed() -> VerdictFeed:
    return current_app.extensions["durak_feed"]
