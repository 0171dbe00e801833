"""What the table pipeline emits: events (EVENTS.md notation) and questions, each with its frame.

An event is a plain dict as the referee reads it; `TableEvent` keeps it apart from the frame and
time it was seen at, so the dict sent to the referee carries no extra fields. A `Question` is a
doubtful reading: it is never sent as a foul, the players pick one of its candidate events (or
none) on the dashboard.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field


@dataclass(frozen=True)
class TableEvent:
    event: dict
    frame: int
    time: float
    # the event as first told, where a card in it was found misread later (the name is new,
    # the moment it was seen and told is that one's)
    was: TableEvent | None = field(default=None, compare=False, repr=False)
    named: bool = field(default=False, compare=False, repr=False)  # told as the players named it

    @property
    def type(self) -> str:
        return str(self.event["type"])

    def to_dict(self) -> dict:
        """The event with `frame` and `time` added (EVENTS.md allows extra fields)."""
        return {**self.event, "frame": self.frame, "time": round(self.time, 3)}


def with_card(event: dict, old: str, new: str) -> dict:
    """The event with the card it lays renamed (`card`, `cards`, a layout deal's `table` and
    `faceup` cards; not the card it beats)."""
    out = dict(event)
    if out.get("card") == old:
        out["card"] = new
    for key in ("cards", "table"):
        if isinstance(out.get(key), list):
            out[key] = [new if card == old else card for card in out[key]]
    if isinstance(out.get("faceup"), dict):
        out["faceup"] = {owner: new if card == old else card
                         for owner, card in out["faceup"].items()}
    return out


def renamed_card(guess: dict, chosen: dict) -> tuple[str, str] | None:
    """(old, new) when `chosen` is `guess` with one played card read as another (a defence
    perhaps on another card too: the attack card misread, renamed in the referee's past; or,
    in cross, a defence whose card, read right, does not beat: that card passed on; or a
    pass-on whose card, read right, beats: a defence)."""
    played = [(a, b) for a, b in zip(laid_cards(guess), laid_cards(chosen), strict=False)
              if a != b]
    if len(played) != 1:
        return None
    instead = with_card(guess, *played[0])
    if guess.get("type") == "defend" and chosen.get("type") == "pass_on":
        # cross: the card read was a look-alike that does not beat, so it was passed on
        instead = {"type": "pass_on", "player": instead["player"], "card": instead["card"]}
    if guess.get("type") == "pass_on" and chosen.get("type") == "defend":
        # ... or a look-alike that beats the card it covers: a defence
        instead = {"type": "defend", "player": instead["player"], "card": instead["card"],
                   "on": chosen["on"]}
    if "on" in instead and "on" in chosen:
        instead = {**instead, "on": chosen["on"]}
    if "player" in instead and "player" in chosen:  # played by another, as asked too
        instead = {**instead, "player": chosen["player"]}
    return played[0] if instead == chosen else None


def played_cards(event: dict) -> list[str]:
    return ([event["card"]] if "card" in event else []) + list(event.get("cards") or [])


def laid_cards(event: dict) -> list[str]:
    """The cards an event puts on the table: those it plays, and a layout deal's (round's table
    cards, cross's face-up cards)."""
    faceup = event.get("faceup")
    return played_cards(event) + list(event.get("table") or []) + \
        list(faceup.values() if isinstance(faceup, dict) else [])


def bout_goes_on(following: Iterable[dict]) -> bool:
    """The first of `following` (a log's events after a lead refused as out of turn) that is
    no injected foul plays onto the bout still lying: a throw-in, a defence, a transfer or a
    pass-on. Then the lead was laid beside that bout; else the bout was gathered first."""
    after = next((event for event in following if "foul" not in event), {})
    return after.get("type") in ("throw_in", "defend", "transfer", "pass_on")


@dataclass(frozen=True)
class Question:
    """A reading the camera is not sure of; `candidates` are the events it may have been."""

    text: str
    text_ru: str
    candidates: tuple[dict, ...]
    frame: int
    time: float
    cards: tuple[str, ...] = field(default=())
    since: float | None = None  # it asks about what happened from then on (None: just now)
    # the event accepted before that the chosen one takes the place of (the referee's past is
    # rewritten: `TablePipeline.revise`); None: the chosen event is judged now
    replaces: dict | None = None
    # the last this many candidates are offered to the players only (a card read surely, named
    # as its look-alikes): left unanswered, they are never taken as the camera's reading
    offered_only: int = 0
    # in doubt only because of the questions before it (it builds on a card still in question,
    # or the referee refused it while one was open): nobody answering, it is settled as soon
    # as they are
    waits_on_earlier: bool = False
    # the referee refused the reading as a card known elsewhere, which only a card read surely,
    # misread before, would explain: nobody answering, it is that foul (G8)
    foul_unanswered: bool = False
    # the camera names its first candidate itself, at once, as the players would (a card read
    # where the missed one lay): settled so by the pipeline, never put to the players
    told_at_once: bool = False
    # a defence read surely, refused on the card it lies on: the codes read where that card
    # lies when asked (its corner peeping out under the defence); nobody answering, the
    # defence as read on one of them is tried first
    read_under: tuple[str, ...] = ()

    @property
    def settling(self) -> tuple[dict, ...]:
        """The candidates a question nobody answered may be settled by."""
        return self.candidates[:len(self.candidates) - self.offered_only]

    def to_dict(self) -> dict:
        asked = {"question": self.text, "question_ru": self.text_ru,
                 "candidates": list(self.candidates), "cards": list(self.cards),
                 "frame": self.frame, "time": round(self.time, 3)}
        if self.since is not None:
            asked["since"] = round(self.since, 3)
        return asked


@dataclass(frozen=True)
class Judgement:
    """What the judge said of one event: true when it was accepted; `rule` and `message`: the
    rule it breaks when refused, and why."""

    ok: bool
    rule: str | None = None
    message: str = ""      # why, when refused (English, Russian)
    message_ru: str = ""

    def __bool__(self) -> bool:
        return self.ok


def verdict_ok(verdict: object) -> bool:
    """Whether a verdict (a `referee.Verdict`, or the dict a sink returned) accepts the event."""
    return bool(verdict.ok if hasattr(verdict, "ok") else verdict["ok"])  # type: ignore[index]


def verdict_dict(verdict: object) -> dict:
    """A verdict as a dict: a `referee.Verdict`'s `to_dict()`, or the dict a sink returned."""
    return verdict.to_dict() if hasattr(verdict, "to_dict") else dict(verdict)


@dataclass(frozen=True)
class Verdicted:
    """An event the referee judged, with the frame where it happened."""

    event: TableEvent
    verdict: object  # referee.Verdict; typed loosely so vision imports without the referee

    def to_dict(self) -> dict:
        verdict = self.verdict
        as_dict = verdict_dict(verdict)
        return {"event": self.event.to_dict(), "verdict": as_dict, "frame": self.event.frame,
                "time": round(self.event.time, 3)}


# Russian card names for questions: В (J), Д (Q), К (K), Т (A); suits as symbols
_RANK_RU = {"J": "В", "Q": "Д", "K": "К", "A": "Т"}
_SUIT_SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def card_text(card: str, russian: bool = False) -> str:
    rank, suit = card[:-1], card[-1]
    if russian:
        rank = _RANK_RU.get(rank, rank)
    return f"{rank}{_SUIT_SYMBOL.get(suit, suit)}"


def cards_text(cards: Iterable[str], russian: bool = False) -> str:
    """Cards as the players read them, separated by spaces."""
    return " ".join(card_text(card, russian) for card in cards)


# what a question's candidate may add to a lead: the rest of a whole bout the camera missed
# (the card that beat it, the bout then discarded; or the player who took it), told after it
MISSED_BOUT_KEYS = ("beaten_by", "taken_by")


def as_told(candidate: dict) -> dict:
    """A question's candidate as the event the referee is told (`MISSED_BOUT_KEYS` left out:
    the rest of that bout is told after it)."""
    return {key: value for key, value in candidate.items() if key not in MISSED_BOUT_KEYS}


def describe_event(event: dict, russian: bool = False) -> str:
    """A short human sentence for an event, for questions."""
    kind = event["type"]
    player = event.get("player", "")
    shown = cards_text(played_cards(event), russian)
    if kind == "defend":
        on = card_text(event["on"], russian)
        if russian:
            return f"{player} бьёт {on} картой {shown}"
        return f"{player} beats {on} with {shown}"
    words = {"attack": ("attacks with", "ходит"), "throw_in": ("throws in", "подкидывает"),
             "transfer": ("transfers with", "переводит"), "trump": ("trump is", "козырь"),
             "take": ("takes", "берёт"), "discard": ("discard", "бито"),
             "pass_on": ("passes on", "передаёт"), "open_draw": ("draws", "тянет"),
             "deal_card": ("places", "кладёт"), "deal": ("deal", "раздача"),
             "new_game": ("new game", "новая игра")}
    verb = words.get(kind, (kind, kind))[1 if russian else 0]
    said = " ".join(part for part in (player, verb, shown) if part)
    if event.get("beaten_by"):   # a whole bout the camera missed: beaten and discarded
        beater = card_text(event["beaten_by"], russian)
        said += f", побито {beater}, бито" if russian else f", beaten by {beater}, discarded"
    if event.get("taken_by"):    # ... or taken
        said += f", взял {event['taken_by']}" if russian else f", taken by {event['taken_by']}"
    if event.get("table_misread"):   # ... and the table's cards were these, misread
        named = ", ".join(f"{card_text(new, russian)}" for new in event["table_misread"].values())
        said += f", а на столе {named}" if russian else f", the table's cards being {named}"
    if event.get("foul"):   # `as_a_foul`: it happened as read, and is that foul
        said += f" — нарушение ({event['foul']})" if russian else f" — a foul ({event['foul']})"
    return said
