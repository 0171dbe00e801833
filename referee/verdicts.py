"""The referee's answer to one event: legal or a foul under a rule id, in English and Russian."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Verdict:
    ok: bool
    rule: str | None  # None when ok, else a rule id of RULES.md or "FORMAT"
    message: str  # English, a sentence a player understands
    message_ru: str  # the same in Russian
    judged: bool = True  # False: the rule needs a fact nobody saw or declared (ok stays True)

    def to_dict(self) -> dict[str, Any]:
        return {"ok": self.ok, "rule": self.rule, "message": self.message,
                "message_ru": self.message_ru, "judged": self.judged}

    @staticmethod
    def foul(rule: str, message: str, message_ru: str) -> Verdict:
        return Verdict(False, rule, message, message_ru)

    @staticmethod
    def not_judged(message: str, message_ru: str) -> Verdict:
        return Verdict(True, None, message, message_ru, judged=False)


# One shared value for the common case keeps the hot path free of allocations.
LEGAL = Verdict(True, None, "legal", "по правилам")


class Foul(Exception):  # noqa: N818 - it is a foul, raised to abandon the event being judged
    """Raised inside the engine to reject an event; `Referee.apply` turns it into a Verdict."""

    def __init__(self, rule: str, message: str, message_ru: str) -> None:
        super().__init__(message)
        self.verdict = Verdict.foul(rule, message, message_ru)
