"""`durak-table evaluate-games`: the whole pipeline measured on rendered game videos.

For each variant, N simulated games (one game of 36 cards, 2 or 3 players, a few injected
fouls) are rendered as webcam-like videos (kept in --out and reused on the next run), then fed
frame by frame to detector -> tracker -> referee as a live camera would: a frame that took d
seconds means the frames captured meanwhile are dropped. Prints one JSON line per game, one per
variant and one overall (also written to DIR/results.json), and a table on stderr.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path

from vision.game_video import LogError, read_log
from vision.inference_eval import VARIANTS
from vision.live_game_eval import (
    TARGETS,
    FrameFeed,
    GameResult,
    OracleFeed,
    VideoFeed,
    evaluate_rendered,
    summary,
)
from vision.pipeline import setup_deck_size
from vision.rendered_games import (
    GameFiles,
    GameSpec,
    RenderSettings,
    read_game_list,
    render_if_needed,
    simulated_log,
)

FeedMaker = Callable[[GameFiles], FrameFeed]


def parse(argv: list[str]) -> argparse.Namespace:
    from vision.detector_options import add_detector_arguments

    parser = argparse.ArgumentParser(prog="durak-table evaluate-games",
                                     description=__doc__.split("\n\n")[1].replace("\n", " "))
    parser.add_argument("--games", type=int, default=20, help="games per variant (default 20)")
    parser.add_argument("--variants", nargs="+", choices=VARIANTS, default=list(VARIANTS))
    parser.add_argument("--seed", type=int, default=0, help="the first game's seed; game i of "
                        "a variant has seed SEED + i")
    parser.add_argument("--game-list", type=Path, default=None, metavar="FILE",
                        help="the games a file names instead of --games, --variants, --seed "
                             "and --players: one VARIANT-Np-seedS a line, e.g. "
                             "datasets/evaluation-games.txt (the 100 the issue's figures are "
                             "measured on)")
    parser.add_argument("--players", type=int, choices=(2, 3, 4), default=None,
                        help="players per game (default: 2 and 3 by turns)")
    parser.add_argument("--fouls", type=float, default=0.05,
                        help="fraction of decisions first tried as an illegal move (0.05)")
    parser.add_argument("--size", type=int, nargs=2, default=(1280, 720),
                        metavar=("WIDTH", "HEIGHT"))
    parser.add_argument("--fps", type=float, default=30.0)
    parser.add_argument("--designs", choices=("heldout", "train"), default="heldout",
                        help="card designs of the videos (default: the held-out ones)")
    parser.add_argument("--out", type=Path, required=True,
                        help="folder for the videos, their truth and results.json (renders "
                             "already there are reused)")
    parser.add_argument("--results", type=Path, default=None,
                        help="where to write the results (default: DIR/results.json)")
    parser.add_argument("--oracle", action="store_true",
                        help="no detector: the truth's per-frame cards, to tell detector errors "
                             "from pipeline errors")
    parser.add_argument("--noisy-oracle", action="store_true",
                        help="the truth's cards with detector-like errors (dropped readings, "
                             "jittered boxes, look-alike flickers, a few steady low-confidence "
                             "misreadings; vision/noisy_oracle.py), reproducible from --noise-seed")
    parser.add_argument("--noise-seed", type=int, default=0,
                        help="seed of --noisy-oracle's errors (default 0)")
    parser.add_argument("--unanswered", action="store_true",
                        help="leave the questions unanswered (by default the players answer "
                             "each at once from the truth; the event they pick is judged but "
                             "not counted as the camera's)")
    parser.add_argument("--step-ms", type=float, default=None,
                        help="take every frame's step to last this long instead of measuring "
                             "it (a reproducible schedule); the detector's answers are then kept "
                             "in --out (NAME.detections-KEY.jsonl, KEY from the models "
                             "and options) and reused, so a pipeline change is measured again "
                             "in seconds")
    parser.add_argument("--rendered", type=Path, nargs="+", metavar="STEM",
                        help="score games already rendered instead of simulating new ones: "
                             "STEM.mp4 with STEM.truth.jsonl and the log STEM.jsonl beside it "
                             "(e.g. examples/demo); --games, --variants, --seed, --players, "
                             "--fouls, --size, --fps and --designs are then not used")
    add_detector_arguments(parser)
    args = parser.parse_args(argv)
    width, height = args.size
    if args.games < 1 or not 0 <= args.fouls <= 1 or not 1 <= args.fps <= 120 \
            or not (64 <= width <= 3840 and 64 <= height <= 2160) \
            or (args.step_ms is not None and args.step_ms < 0) \
            or (args.oracle and args.noisy_oracle) or (args.game_list and args.rendered):
        parser.error("--games at least 1, --fouls 0-1, --fps 1-120, --size between 64 x 64 "
                     "and 3840 x 2160, --step-ms not negative, --oracle or --noisy-oracle "
                     "(not both), --game-list or --rendered (not both)")
    if args.game_list and not args.game_list.is_file():
        parser.error(f"--game-list {args.game_list}: no such file (one VARIANT-Np-seedS a "
                     "line, e.g. datasets/evaluation-games.txt)")
    return args


def game_specs(args: argparse.Namespace) -> list[GameSpec]:
    if args.game_list:
        return read_game_list(args.game_list)
    return [GameSpec(variant, seed, args.players or 2 + seed % 2)
            for variant in args.variants
            for seed in range(args.seed, args.seed + args.games)]


def rendered_games(stems: list[Path]) -> list[tuple[GameSpec, GameFiles]]:
    """The games of --rendered: each one's spec (variant and players from its log's setup)
    and files. LogError when a file is missing or the log does not start with a setup."""
    games = []
    for stem in stems:
        files = GameFiles(stem.with_suffix(".jsonl"), stem.with_suffix(".mp4"),
                          stem.with_suffix(".truth.jsonl"), stem.with_suffix(".cards.jsonl"))
        for path in (files.log, files.video, files.truth):
            if not path.is_file():
                raise LogError(f"{stem}: no {path.name} (a render-game render has the video, "
                               "its .truth.jsonl and the log as .jsonl beside each other)")
        setup = read_log(files.log)[0]
        if setup.get("type") != "setup" or setup.get("variant") not in VARIANTS:
            raise LogError(f"{files.log}: the first line is not a setup of a known variant")
        games.append((GameSpec(setup["variant"], 0, len(setup.get("seats") or ())), files))
    return games


def feed_maker(args: argparse.Namespace) -> FeedMaker | None:
    """What feeds each game's frames: the truth's cards (--oracle) or the video through the
    detector the options ask for (None after saying why it cannot be loaded)."""
    if args.oracle:
        return lambda files: OracleFeed(files.cards)
    if args.noisy_oracle:
        from vision.noisy_oracle import NoisyOracleFeed, OracleNoise

        return lambda files: NoisyOracleFeed(files.cards, OracleNoise(), args.noise_seed)
    from vision.detector_options import card_reader_of, load_detector

    detector = load_detector(args, "evaluate-games")
    if detector is None:
        return None
    import vision.card_opinion
    import vision.detector
    import vision.index_reader
    from vision.detection_cache import CachedFeed, cache_key

    # the model files and the detector's code are read once, not once a game
    models = None if args.step_ms is None else cache_key(
        args.model, None if args.no_reader else args.reader, args.imgsz, args.conf,
        args.index_conf, Path(vision.detector.__file__), Path(vision.index_reader.__file__),
        # the card reader only where one was loaded, so detections kept before there was one
        # stay valid
        *((card_reader_of(args), Path(vision.card_opinion.__file__)) if detector.card_reader
          else ()))

    def feed(files: GameFiles) -> FrameFeed:
        deck = setup_deck_size(read_log(files.log)[0])
        detector.new_video().limit_to_deck(deck)
        if models is None:
            return VideoFeed(files.video, detector)
        key = cache_key(models, deck)
        return CachedFeed(VideoFeed(files.video, detector),
                          args.out / f"{files.video.stem}.detections-{key}.jsonl",
                          source=cache_key(files.video))

    return feed


def table(rows: dict[str, dict]) -> str:
    """The per-variant figures as a plain-text table."""
    lines = [f"{'variant':9} {'games':>5} {'prec':>6} {'recall':>6} {'+answers':>8} "
             f"{'fouls caught':>13} "
             f"{'+answers':>8} {'late':>4} {'false/game':>10} {'quest/game':>10} "
             f"{'latency p50/p95':>16} "
             f"{'processed':>10} {'det ms p50/p95':>15}"]
    for name, row in rows.items():
        caught = f"{row['fouls_caught']:.3f} ({row['fouls']})" if row["fouls"] else "- (0)"
        with_answers = f"{row['fouls_caught_with_answers']:.3f}" if row["fouls"] else "-"
        latency = f"{row['latency_median_s']}/{row['latency_p95_s']} s"
        lines.append(f"{name:9} {row['games']:>5} {row['precision']:>6.3f} {row['recall']:>6.3f} "
                     f"{row['recall_with_answers']:>8.3f} "
                     f"{caught:>13} {with_answers:>8} {row['fouls_caught_late']:>4} "
                     f"{row['false_fouls_per_game']:>10.2f} "
                     f"{row['questions_per_game']:>10.2f} {latency:>16} "
                     f"{row['processed_fraction']:>10.3f} "
                     f"{str(row['detector_ms_p50']) + '/' + str(row['detector_ms_p95']):>15}")
    return "\n".join(lines)


def evaluate(args: argparse.Namespace, feed_for: FeedMaker) -> list[GameResult]:
    settings = RenderSettings(tuple(args.size), args.fps, args.designs)
    games = rendered_games(args.rendered) if args.rendered else [
        (spec, GameFiles.in_folder(args.out, spec.name)) for spec in game_specs(args)]
    results = []
    for spec, files in games:
        started = time.perf_counter()
        rendered = None if args.rendered else render_if_needed(
            files, simulated_log(spec, args.fouls), settings, spec.seed)
        result = evaluate_rendered(spec, files, feed_for, render_seconds=rendered,
                                   step_cost=None if args.step_ms is None
                                   else args.step_ms / 1000,
                                   answers=not args.unanswered)
        print(json.dumps(result.to_dict(), ensure_ascii=False), flush=True)
        made = "reused the render" if rendered is None else f"rendered in {rendered:.0f} s"
        print(f"{files.video.stem}: {made}, evaluated in {result.evaluate_seconds:.0f} s "
              f"({time.perf_counter() - started:.0f} s in all)", file=sys.stderr, flush=True)
        results.append(result)
    return results


def _noise_settings(args: argparse.Namespace) -> dict | None:
    if not args.noisy_oracle:
        return None
    from vision.noisy_oracle import OracleNoise

    return {"seed": args.noise_seed, **OracleNoise().to_dict()}


def report(args: argparse.Namespace, results: list[GameResult]) -> dict:
    oracle = args.oracle or args.noisy_oracle
    variants = sorted({r.spec.variant for r in results}) if args.rendered or args.game_list \
        else args.variants
    rows = {variant: summary([r for r in results if r.spec.variant == variant])
            for variant in variants}
    rows["all"] = summary(results)
    for variant, row in rows.items():
        print(json.dumps({"variant": variant, **row}), flush=True)
    print(table(rows), file=sys.stderr)
    return {"settings": {"games": args.games, "variants": variants, "seed": args.seed,
                         "rendered": [str(stem) for stem in args.rendered or []],
                         "game_list": args.game_list and str(args.game_list),
                         "players": args.players, "fouls": args.fouls, "size": list(args.size),
                         "fps": args.fps, "designs": args.designs, "oracle": args.oracle,
                         "noisy_oracle": _noise_settings(args),
                         "model": None if oracle else str(args.model),
                         "reader": None if oracle or args.no_reader else str(args.reader),
                         "step_ms": args.step_ms, "answered": not args.unanswered},
            "targets": TARGETS, "variants": {k: v for k, v in rows.items() if k != "all"},
            "overall": rows["all"], "games": [result.to_dict() for result in results]}


def main(argv: list[str] | None = None) -> int:
    try:
        args = parse(sys.argv[1:] if argv is None else argv)
    except SystemExit as stop:  # argparse has printed why
        return int(stop.code or 0)
    feed_for = feed_maker(args)
    if feed_for is None:
        return 2
    results_path = args.results or args.out / "results.json"
    if results_path.is_dir():
        print(f"durak-table evaluate-games: --results {results_path} is a folder; name the "
              "file to write (e.g. DIR/results.json)", file=sys.stderr)
        return 2
    try:
        # the folders first: a game takes minutes, and its figures must have somewhere to go
        args.out.mkdir(parents=True, exist_ok=True)
        results_path.parent.mkdir(parents=True, exist_ok=True)
        results = evaluate(args, feed_for)
        results_json = report(args, results)
        results_path.write_text(json.dumps(results_json, indent=1) + "\n")
    except (LogError, ValueError, OSError) as error:
        print(f"durak-table evaluate-games: {error}", file=sys.stderr)
        return 2
    print(f"wrote {results_path}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
