"""`durak-table render-game LOG.jsonl --out game.mp4`: a game log as a webcam-like video."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from vision.game_video import LogError, read_log, render_game, truth_paths
from vision.progress import ProgressBar


def parse(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="durak-table render-game",
        description="Render a game log (JSON Lines, e.g. from `durak-table simulate`, fouls "
                    "included) as a webcam-like video of the table, and write the ground truth "
                    "beside it: GAME.truth.jsonl (the frame each event shows, with the referee's "
                    "verdict) and GAME.cards.jsonl (the face-up cards of every frame). Same "
                    "seed, same video.")
    parser.add_argument("log", type=Path, help="the game log (JSON Lines)")
    parser.add_argument("--out", type=Path, required=True, help="the video to write (.mp4)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--designs", choices=("heldout", "train"), default="heldout",
                        help="card designs: the held-out ones (never trained on; the default "
                             "for test videos) or the training ones")
    parser.add_argument("--fps", type=float, default=30.0)
    parser.add_argument("--size", type=int, nargs=2, default=(1280, 720),
                        metavar=("WIDTH", "HEIGHT"))
    parser.add_argument("--truth", type=Path, help="default: next to the video, .truth.jsonl")
    parser.add_argument("--cards", type=Path,
                        help="per-frame face-up cards (default: next to the video, .cards.jsonl)")
    parser.add_argument("--no-cards", action="store_true",
                        help="skip the per-frame cards file (a little faster)")
    parser.add_argument("--compact", action="store_true",
                        help="no sensor noise that changes from frame to frame: a still table "
                             "gives identical frames, and the file is several times smaller")
    parser.add_argument("--zoom", type=float, default=1.0,
                        help="the camera closer to the table: cards this many times bigger "
                             "(1: a card is 0.15 of the frame height; 0.5-2.2)")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    args = parser.parse_args(argv)
    width, height = args.size
    if not (1 <= args.fps <= 120) or not (64 <= width <= 3840 and 64 <= height <= 2160):
        parser.error("--fps is 1-120 and --size between 64 x 64 and 3840 x 2160")
    if not 0.5 <= args.zoom <= 2.2:
        parser.error("--zoom is between 0.5 and 2.2")
    return args


def main(argv: list[str] | None = None) -> int:
    try:
        args = parse(sys.argv[1:] if argv is None else argv)
    except SystemExit as stop:  # argparse has printed why
        return int(stop.code or 0)
    truth, cards = truth_paths(args.out)
    bar = None if args.quiet else ProgressBar(1, "render-game")

    def progress(done: int, total: int) -> None:
        bar.total = total
        bar.advance(done - bar.done)

    try:
        events = read_log(args.log)
        game = render_game(events, args.out, seed=args.seed, split=args.designs, fps=args.fps,
                           size=tuple(args.size), truth=args.truth or truth,
                           cards=None if args.no_cards else args.cards or cards,
                           compact=args.compact, zoom=args.zoom,
                           progress=None if bar is None else progress)
    except (LogError, ValueError, OSError, KeyError) as error:
        print(f"durak-table render-game: {error}", file=sys.stderr)
        return 2
    finally:
        if bar is not None:
            bar.close()
    print(f"wrote {args.out}: {game.frames} frames, {game.frames / game.fps:.1f} s at "
          f"{game.fps:g} fps, design {game.design}; truth in {args.truth or truth} "
          f"({game.frames_per_second:.1f} frames rendered per second)", file=sys.stderr)
    return 0
