"""The `durak-table` console command: a thin dispatcher over the subcommands.

Each subcommand lives in the package it belongs to and is imported only when it runs, so
`durak-table check` starts in milliseconds and never loads opencv, torch or flask.
"""

from __future__ import annotations

import importlib
import sys

# name -> (module with `main(argv) -> int`, one-line help)
COMMANDS: dict[str, tuple[str, str]] = {
    "check": ("referee.cli_check", "judge a game log (JSON Lines) and print one verdict per line"),
    "simulate": ("referee.cli_simulate", "play whole matches with computer players, write logs"),
    "bench": ("referee.cli_bench", "measure how fast the referee judges events and games"),
    "synth": ("vision.cli_synth", "render a synthetic training set of Durak tables"),
    "train": ("vision.cli_train", "train the card detector (ultralytics) and export it"),
    "train-reader": ("vision.cli_train_reader", "train the index reader (second stage) on crops"),
    "train-readers-gpu": ("vision.cli_train_readers_gpu",
                          "train both readers on a lent GPU machine while its CPUs make crops"),
    "quantize-reader": ("vision.cli_quantize_reader",
                        "make the index reader's int8 copy, the one the detector reads with"),
    "detect": ("vision.cli_detect", "name every face-up card in images"),
    "evaluate": ("vision.cli_evaluate", "measure the detector: held-out designs, photos, speed"),
    "render-game": ("vision.cli_render_game", "turn a game log into a webcam-like video"),
    "replay": ("vision.cli_replay", "run a video through the pipeline, print events and verdicts"),
    "evaluate-games": ("vision.cli_evaluate_games",
                       "measure the whole pipeline live on rendered games of every variant"),
    "serve": ("web.cli_serve", "start the dashboard (plays the bundled demo without a camera)"),
}


def usage() -> str:
    lines = ["usage: durak-table COMMAND [ARGS...]", "", "commands:"]
    width = max(len(name) for name in COMMANDS)
    lines += [f"  {name.ljust(width)}  {help_}" for name, (_, help_) in COMMANDS.items()]
    lines += ["", "Run `durak-table COMMAND --help` for a command's options."]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if not args or args[0] in ("-h", "--help", "help"):
        print(usage())
        return 0
    name, rest = args[0], args[1:]
    if name not in COMMANDS:
        print(f"durak-table: unknown command {name!r}\n\n{usage()}", file=sys.stderr)
        return 2
    module_name, _ = COMMANDS[name]
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as error:
        print(f"durak-table {name}: not available ({error}); run scripts/test or "
              "scripts/demo once to install everything", file=sys.stderr)
        return 2
    return int(module.main(rest) or 0)


if __name__ == "__main__":
    sys.exit(main())
