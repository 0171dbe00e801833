"""A stand-in referee with the public API of docs/referee-api.md, for the web layer's own
tests until (and besides) the real engine: judges only G4 beats and the take/discard flow."""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass
from typing import Any

RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]


@dataclass
class FakeVerdict:
    ok: bool
    rule: str | None = None
    message: str = ""
    message_ru: str = ""
    judged: bool = True

    def to_dict(self) -> dict[str, Any]:
        return {"ok": self.ok, "rule": self.rule, "message": self.message,
                "message_ru": self.message_ru or self.message, "judged": self.judged}


def beats(card: str, on: str, trump: str | None) -> bool:
    if card[-1] == on[-1]:
        return RANKS.index(card[:-1]) > RANKS.index(on[:-1])
    return card[-1] == trump


class FakeReferee:
    def __init__(self) -> None:
        self.state: dict[str, Any] = {"variant": None, "deck": None, "seats": None,
                                      "dealer": None, "options": None, "game": 1,
                                      "phase": "setup", "trump": None, "trump_suit": None,
                                      "stock": 0, "discard": 0, "hands": {}, "attacker": None,
                                      "defender": None, "table": [], "took": False, "out": [],
                                      "next": "", "score": {}, "games": []}
        self.history: list[dict[str, Any]] = []
        self.events: list[dict[str, Any]] = []

    def apply(self, event: Any) -> FakeVerdict:
        if isinstance(event, str):
            try:
                event = json.loads(event)
            except ValueError:
                return FakeVerdict(False, "FORMAT", "not JSON")
        kind = event.get("type") if isinstance(event, dict) else None
        s = self.state
        if kind != "setup" and s["seats"] is None:
            return FakeVerdict(False, "FORMAT", "a match starts with a setup")
        before = copy.deepcopy(s)
        if kind == "setup":
            seats = event.get("seats") or []
            if not 2 <= len(seats) <= 7 or event.get("dealer") not in seats:
                return FakeVerdict(False, "G2", "These seats cannot be dealt.")
            if event.get("deck") == 36 and len(seats) > 6:
                return FakeVerdict(False, "D1", "Seven hands cannot be dealt from 36 cards.",
                                   "Семь рук из 36 карт не сдать.")
            s.update(variant=event["variant"], deck=event["deck"], seats=seats,
                     dealer=event["dealer"], options=event.get("options") or {}, phase="deal",
                     hands={n: {"count": 0, "known": []} for n in seats},
                     stock=event["deck"], games=[{"fool": None, "draw": False,
                                                  "finished": False}])
        elif kind == "deal":
            for hand in s["hands"].values():
                hand["count"] = 6
            s["stock"] -= 6 * len(s["seats"])
            s["phase"] = "play"
        elif kind == "trump":
            s["trump"], s["trump_suit"] = event["card"], event["card"][-1]
        elif kind == "attack":
            if s["table"]:
                return FakeVerdict(False, "P5", "The bout is still open.")
            seats = s["seats"]
            s["attacker"] = event["player"]
            s["defender"] = seats[(seats.index(event["player"]) + 1) % len(seats)]
            s["table"] = [{"attack": c, "defence": None} for c in event["cards"]]
            s["hands"][event["player"]]["count"] -= len(event["cards"])
        elif kind == "defend":
            pair = next((p for p in s["table"] if p["attack"] == event["on"]), None)
            if pair is None or pair["defence"]:
                return FakeVerdict(False, "G8", f"{event['on']} is not on the table.")
            if not beats(event["card"], event["on"], s["trump_suit"]):
                return FakeVerdict(False, "G4", f"{event['card']} cannot beat {event['on']}",
                                   f"{event['card']} не бьёт {event['on']}")
            pair["defence"] = event["card"]
            s["hands"][event["player"]]["count"] -= 1
        elif kind == "discard":
            s["discard"] += 2 * len(s["table"])
            s["table"], s["attacker"], s["defender"] = [], None, None
        elif kind == "declare_fool":          # test-only: ends the game with a fool
            s["games"][-1] = {"fool": event["player"], "draw": False, "finished": True}
            s["phase"] = "finished"
        elif kind == "new_game":
            s["games"].append({"fool": None, "draw": False, "finished": False})
            s["game"] += 1
            s["phase"] = "deal"
        elif kind not in ("pass", "take", "draw", "throw_in", "declare"):
            return FakeVerdict(False, "FORMAT", f"unknown event {kind!r}")
        self.history.append(before)
        self.events.append(event)
        return FakeVerdict(True)

    def undo(self) -> bool:
        if not self.history:
            return False
        self.state = self.history.pop()
        self.events.pop()
        return True

    def snapshot(self) -> dict[str, Any]:
        snap = copy.deepcopy(self.state)
        snap["score"] = {n: {"fools": sum(g["fool"] == n for g in snap["games"]), "wins": 0,
                             "draws": 0} for n in snap["seats"] or []}
        return snap

    def outcomes(self) -> list[dict[str, Any]]:
        return copy.deepcopy(self.state["games"])
