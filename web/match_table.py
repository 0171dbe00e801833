"""The running match: the referee, its database rows and the live feed, kept in step.

Every event is committed to SQLite before the referee judges it, and its verdict is committed
before anyone is told; restoring replays the stored rows, so a server killed at any moment comes
back with exactly the match it had.
"""

from __future__ import annotations

import copy
import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from . import match_store, seat_calibration
from .db import connect, init_schema
from .event_text import describe_event
from .feed import VerdictFeed

FoulPicture = Callable[[dict[str, Any], dict[str, Any]], tuple[bytes, bytes] | None]


class RefereeLike(Protocol):
    def apply(self, event: Any) -> Any: ...
    def undo(self) -> bool: ...
    def snapshot(self) -> dict[str, Any]: ...
    def outcomes(self) -> list[dict[str, Any]]: ...


def default_referee() -> RefereeLike:
    from referee import Referee  # imported late: the web app starts even while it is missing

    return Referee()


class SetupRefused(ValueError):
    """The referee would not start a match with this setup (G2, D1, FORMAT)."""

    def __init__(self, verdict: dict[str, Any]) -> None:
        super().__init__(verdict.get("message") or "setup refused")
        self.verdict = verdict


@dataclass
class Judgement:
    event_id: int
    event: dict[str, Any]
    verdict: dict[str, Any]
    origin: str
    at: float = field(default_factory=time.time)      # when judged: feed latency is measured

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.event_id, "event": self.event, "verdict": self.verdict,
                "origin": self.origin, "text": describe_event(self.event, "en"),
                "text_ru": describe_event(self.event, "ru"), "at": self.at}


@dataclass
class MatchInfo:
    id: int
    camera: str
    source: str
    applied: list[tuple[int, dict[str, Any]]] = field(default_factory=list)  # (row id, event)
    received: int = 0      # notation events stored for this match, legal or not, setup included


def judge_safely(referee: RefereeLike, event: dict[str, Any]) -> dict[str, Any] | None:
    """The referee's verdict as a dict, or None when the engine itself failed on the event."""
    try:
        return verdict_dict(referee.apply(event))
    except Exception:  # noqa: BLE001 - an engine bug must not take the table down
        logging.getLogger(__name__).exception("the referee failed on %r", event)
        return None


ENGINE_FAILED = {"ok": False, "applied": False, "rule": "ENGINE", "judged": False,
                 "message": "The referee could not judge this event (an error in the engine);"
                            " the game goes on from before it.",
                 "message_ru": "Судья не смог оценить это событие (ошибка в движке);"
                               " игра продолжается с позиции до него."}


def verdict_dict(verdict: Any) -> dict[str, Any]:
    data = dict(verdict.to_dict()) if hasattr(verdict, "to_dict") else dict(verdict)
    data.setdefault("message_ru", data.get("message", ""))
    data.setdefault("judged", True)
    data["applied"] = bool(data.get("ok"))
    return data


class MatchTable:
    def __init__(self, database: str, feed: VerdictFeed,
                 referee_factory: Callable[[], RefereeLike] = default_referee,
                 foul_picture: FoulPicture | None = None) -> None:
        self._db = connect(database)
        init_schema(self._db)
        self._feed = feed
        self._new_referee = referee_factory
        self.foul_picture = foul_picture
        self._lock = threading.RLock()
        self._referee: RefereeLike | None = None
        self._match: MatchInfo | None = None
        self._players: dict[str, int] = {}
        self._saved_outcomes: list[dict[str, Any]] | None = None
        self.version = 0           # grows with every change; the live view redraws on it
        self.seats_version = 0     # grows when a seat calibration is stored or reset
        self.last_verdict: dict[str, Any] | None = None

    # --- reading -------------------------------------------------------------------------
    @property
    def match(self) -> MatchInfo | None:
        return self._match

    def snapshot(self) -> dict[str, Any] | None:
        with self._lock:
            return self._referee.snapshot() if self._referee else None

    def referee_copy(self) -> RefereeLike | None:
        """A copy of the match's referee to try events on (the camera checking whether a card
        misread before explains a refusal), touching neither the match nor its database."""
        with self._lock:
            return copy.deepcopy(self._referee) if self._referee else None

    def recent(self, count: int = 12) -> list[tuple[int, dict[str, Any]]]:
        """The last applied events (row id, event), newest last: what a correction can fix."""
        with self._lock:
            return list(self._match.applied[-count:]) if self._match else []

    def seat_clicks(self, match_id: int) -> seat_calibration.SeatClicks | None:
        """The seat calibration the players clicked for a match, if any."""
        with self._lock:
            return seat_calibration.load(self._db, match_id)

    # --- changing ------------------------------------------------------------------------
    def set_seat_clicks(self, clicks: seat_calibration.SeatClicks | None) -> None:
        """Stores the running match's seat calibration (None: back to the default)."""
        with self._lock:
            if self._match is None:
                raise LookupError("no match is running")
            seat_calibration.save(self._db, self._match.id, clicks)
            self._db.commit()
            self.seats_version += 1

    def restore(self) -> bool:
        """Rebuilds the running match from the database; False when there is none."""
        with self._lock:
            row = match_store.running_match(self._db)
            if row is None:
                return False
            referee = self._new_referee()
            match = MatchInfo(row["id"], row["camera"], row["source"])
            for event_row in match_store.event_rows(self._db, match.id):
                body = _loads(event_row["body"])
                match.received += event_row["kind"] == "event"
                if event_row["kind"] == "undo":
                    if referee.undo() and match.applied:
                        match.applied.pop()
                    continue
                verdict = judge_safely(referee, body)
                if verdict is None:
                    verdict = dict(ENGINE_FAILED)
                    referee = self._replayed([b for _, b in match.applied])
                if event_row["ok"] is None:   # killed between the event and its verdict
                    match_store.insert_verdict(self._db, event_row["id"], verdict)
                if verdict["applied"]:
                    match.applied.append((event_row["id"], body))
            self._referee, self._match = referee, match
            self._players = match_store.seat_player_ids(self._db, match.id)
            self._saved_outcomes = None
            self._save_outcomes()
            self._db.commit()
            self.version += 1
        self._publish_state()
        return True

    def start_match(self, setup: dict[str, Any], camera: str, source: str) -> Judgement:
        with self._lock:
            referee = self._new_referee()
            verdict = judge_safely(referee, setup) or dict(ENGINE_FAILED)
            if not verdict["applied"]:
                raise SetupRefused(verdict)
            match_id = match_store.create_match(self._db, setup, camera, source)
            event_id = match_store.insert_event(self._db, match_id, 1, "event", setup, source)
            match_store.insert_verdict(self._db, event_id, verdict)
            self._db.commit()
            self._referee = referee
            self._match = MatchInfo(match_id, camera, source, [(event_id, setup)], received=1)
            self._players = match_store.seat_player_ids(self._db, match_id)
            self._saved_outcomes = None
            self.version += 1
            self.last_verdict = verdict | {"text": describe_event(setup)}
            judgement = Judgement(event_id, setup, verdict, source)
        self._feed.publish("verdict", judgement.to_dict())
        self._publish_state()
        return judgement

    def submit(self, event: dict[str, Any], origin: str) -> Judgement:
        """Stores, judges and announces one event of the running match."""
        if event.get("type") == "setup":
            camera = self._match.camera if self._match else "manual"
            return self.start_match(event, camera, origin)
        with self._lock:
            judgement = self._judge(event, origin)
        self._announce([judgement])
        return judgement

    def undo(self, origin: str = "manual", *, only: dict[str, Any] | None = None) -> bool:
        """Takes back the last applied event (never the setup); with `only`, just when the last
        applied event is that one (the camera revising what it told)."""
        with self._lock:
            if self._referee is None or self._match is None or len(self._match.applied) <= 1:
                return False   # the setup itself is never undone: start a new match instead
            if only is not None and self._match.applied[-1][1] != only:
                return False
            self._undo_one(origin)
            self._db.commit()
            self.version += 1
        self._publish_state()
        return True

    def correct(self, event_id: int, wrong: str, right: str, origin: str = "correction"
                ) -> list[Judgement]:
        """Replaces card `wrong` by `right` in an applied event: takes back that event and every
        later one, then plays them again, the corrected one first; all of it is stored."""
        with self._lock:
            if self._match is None:
                raise LookupError("no match is running")
            rows = [row_id for row_id, _ in self._match.applied]
            if event_id not in rows or rows.index(event_id) == 0:
                raise LookupError("that event is not one that can be corrected")
            later = self._match.applied[rows.index(event_id):]
            fixed = _replace_card(later[0][1], wrong, right)
            if fixed == later[0][1]:
                raise ValueError(f"{wrong} is not a card of that event")
            for _ in later:
                self._undo_one(origin)
            # one transaction: a kill half-way through leaves the match as it was before
            judgements = [self._judge(fixed, origin, commit=False)]
            judgements += [self._judge(body, origin, commit=False) for _, body in later[1:]]
            self._db.commit()
        self._announce(judgements)
        return judgements

    # --- internals (called with the lock held) ---------------------------------------------
    def _judge(self, event: dict[str, Any], origin: str, commit: bool = True) -> Judgement:
        if self._referee is None or self._match is None:
            raise LookupError("no match is running: set one up first")
        game = int((self._referee.snapshot() or {}).get("game") or 1)
        event_id = match_store.insert_event(self._db, self._match.id, game, "event", event, origin)
        if commit:
            self._db.commit()                  # the event is safe before anyone judges it
        self._match.received += 1
        verdict = judge_safely(self._referee, event)
        if verdict is None:   # the engine's state may be half-changed: rebuild it
            verdict = dict(ENGINE_FAILED)
            self._referee = self._replayed([body for _, body in self._match.applied])
        match_store.insert_verdict(self._db, event_id, verdict)
        if verdict["applied"]:
            self._match.applied.append((event_id, event))
            self._save_outcomes()
        elif self.foul_picture is not None:
            try:
                picture = self.foul_picture(self._referee.snapshot(), verdict)
            except Exception:  # noqa: BLE001 - a foul is kept even when its picture fails
                logging.getLogger(__name__).exception("no picture for a foul")
                picture = None
            if picture:
                match_store.insert_foul_snapshot(self._db, event_id, *picture)
        if commit:
            self._db.commit()
        self.version += 1
        self.last_verdict = verdict | {"text": describe_event(event)}
        return Judgement(event_id, event, verdict, origin)

    def _replayed(self, events: list[dict[str, Any]]) -> RefereeLike:
        """A fresh referee that has applied `events` (all of them were legal before)."""
        referee = self._new_referee()
        for event in events:
            judge_safely(referee, event)
        return referee

    def _undo_one(self, origin: str) -> None:
        assert self._referee is not None and self._match is not None
        game = int(self._referee.snapshot().get("game") or 1)
        match_store.insert_event(self._db, self._match.id, game, "undo", {"type": "undo"}, origin)
        if self._referee.undo():
            self._match.applied.pop()
        self._save_outcomes()

    def _save_outcomes(self) -> None:
        assert self._referee is not None and self._match is not None
        outcomes = self._referee.outcomes()
        if outcomes != self._saved_outcomes:
            match_store.save_outcomes(self._db, self._match.id, outcomes, self._players)
            self._saved_outcomes = [dict(outcome) for outcome in outcomes]

    def _announce(self, judgements: list[Judgement]) -> None:
        for judgement in judgements:
            self._feed.publish("verdict", judgement.to_dict())
        self._publish_state()

    def _publish_state(self) -> None:
        self._feed.publish("state", {"version": self.version})

    def close(self) -> None:
        with self._lock:
            self._db.close()


def _loads(text: str) -> dict[str, Any]:
    import json

    value = json.loads(text)
    return value if isinstance(value, dict) else {}


def _replace_card(event: dict[str, Any], wrong: str, right: str) -> dict[str, Any]:
    fixed: dict[str, Any] = {}
    for key, value in event.items():
        if key == "type" or key == "player":
            fixed[key] = value
        elif value == wrong:
            fixed[key] = right
        elif isinstance(value, list):
            fixed[key] = [right if item == wrong else item for item in value]
        else:
            fixed[key] = value
    return fixed
