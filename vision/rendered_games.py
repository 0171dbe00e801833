"""Simulated games rendered as webcam-like videos, kept in a folder so reruns reuse them.

A game is named by its variant, players and seed (`GameSpec`); `referee.simulate` plays it,
`watchable_log` keeps what a camera's referee knows, and `render_if_needed` writes NAME.jsonl
(the log), NAME.mp4, NAME.truth.jsonl and NAME.cards.jsonl unless a render of the same log
with the same settings is already there.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

from vision.game_video import LogError, read_log, render_game
from vision.inference_eval import HEARD_NOT_SEEN, VARIANTS, camera_view
from vision.scripted_game import TruthEvent


@dataclass(frozen=True)
class GameSpec:
    variant: str
    seed: int
    players: int

    @property
    def name(self) -> str:
        return f"{self.variant}-{self.players}p-seed{self.seed}"

    @classmethod
    def from_name(cls, name: str) -> GameSpec:
        """The spec a name like `cross-3p-seed101` stands for; ValueError saying what is
        expected when the name is not of that form or its variant is unknown."""
        match = re.fullmatch(r"([a-z]+)-([234])p-seed(\d+)", name)
        if match is None or match[1] not in VARIANTS:
            raise ValueError(f"{name!r} is not a game's name: VARIANT-Np-seedS, VARIANT one "
                             f"of {', '.join(VARIANTS)}, N 2-4 players (e.g. cross-3p-seed101)")
        return cls(match[1], int(match[3]), int(match[2]))


def read_game_list(path: Path) -> list[GameSpec]:
    """The games a list file names, one `VARIANT-Np-seedS` a line (`#` starts a comment).
    ValueError naming the file and line of a bad name, a game named twice or an empty list;
    OSError when the file cannot be read."""
    specs: list[GameSpec] = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        name = line.split("#", 1)[0].strip()
        if not name:
            continue
        try:
            spec = GameSpec.from_name(name)
        except ValueError as error:
            raise ValueError(f"{path}:{number}: {error}") from None
        if spec in specs:
            raise ValueError(f"{path}:{number}: {name} is named twice")
        specs.append(spec)
    if not specs:
        raise ValueError(f"{path}: names no game (one VARIANT-Np-seedS a line)")
    return specs


@dataclass(frozen=True)
class RenderSettings:
    size: tuple[int, int] = (1280, 720)
    fps: float = 30.0
    designs: str = "heldout"


@dataclass(frozen=True)
class GameFiles:
    log: Path
    video: Path
    truth: Path
    cards: Path

    @classmethod
    def in_folder(cls, folder: Path, name: str) -> GameFiles:
        return cls(folder / f"{name}.jsonl", folder / f"{name}.mp4",
                   folder / f"{name}.truth.jsonl", folder / f"{name}.cards.jsonl")


def watchable_log(log: list[dict]) -> list[dict]:
    """The log as the camera's referee knows it (`camera_view`), without the injected fouls
    that referee cannot judge (they need the hands): the simulator's game went on without them,
    and a camera could not tell them from legal moves."""
    from referee import Referee

    referee, kept = Referee(), []
    for event in camera_view(log):
        verdict = referee.apply(event)
        if verdict.ok and "foul" in event:
            referee.undo()
            continue
        kept.append(event)
    return kept


def simulated_log(spec: GameSpec, fouls: float) -> list[dict]:
    """One game of 36 cards, `fouls` of the decisions first tried as an illegal move."""
    from referee.simulate import simulate_match

    return watchable_log(simulate_match(spec.variant, spec.players, 36, 1, seed=spec.seed,
                                        fouls=fouls))


def read_truth(path: Path) -> tuple[dict, list[dict]]:
    """The truth file's header and its entries (one per event of the log); LogError if it is
    not a render-game truth file."""
    header, *entries = read_log(path)
    if "calibration" not in header or "size" not in header or not entries:
        raise LogError(f"{path} is not a truth file of `durak-table render-game`")
    return header, entries


def expected_events(entries: list[dict]) -> list[TruthEvent]:
    """What the camera should report: every event after the setup (given, not seen), except a
    refused one that left nothing to see and what is said or done in the hands (declarations,
    passes, draws: a video rendered from a whole simulated log, such as the demo, has them);
    each with the frame its cards came to rest."""
    try:
        return [TruthEvent(entry["event"], bool(entry["legal"]), int(entry["frame"]))
                for entry in entries if entry["line"] > 1 and (entry["legal"] or
                                                               entry["visible"])
                and entry["event"].get("type") not in HEARD_NOT_SEEN]
    except (KeyError, TypeError, ValueError) as error:
        raise LogError(f"a truth entry lacks {error}") from None


def log_text(log: list[dict]) -> str:
    return "".join(json.dumps(event, ensure_ascii=False) + "\n" for event in log)


def is_rendered(files: GameFiles, log: list[dict], settings: RenderSettings, seed: int) -> bool:
    """True when the folder holds a complete render of this log with these settings (the truth
    file is written last)."""
    if not all(path.is_file() for path in (files.log, files.video, files.truth, files.cards)):
        return False
    if files.log.read_text(encoding="utf-8") != log_text(log):
        return False
    try:
        header, _ = read_truth(files.truth)
    except LogError:
        return False
    return (header.get("size") == list(settings.size) and header.get("fps") == settings.fps
            and header.get("designs") == settings.designs and header.get("seed") == seed)


def render_if_needed(files: GameFiles, log: list[dict], settings: RenderSettings,
                     seed: int) -> float | None:
    """Renders the log into `files` unless it is there already; returns the seconds rendering
    took, or None when the render was reused. Raises OSError, ValueError (an unplayable log)."""
    if is_rendered(files, log, settings, seed):
        return None
    files.truth.unlink(missing_ok=True)  # a render cut short must not look complete
    files.log.parent.mkdir(parents=True, exist_ok=True)
    files.log.write_text(log_text(log), encoding="utf-8")
    rendered = render_game(log, files.video, seed=seed, split=settings.designs,
                           fps=settings.fps, size=settings.size, truth=files.truth,
                           cards=files.cards)
    return rendered.seconds_taken
