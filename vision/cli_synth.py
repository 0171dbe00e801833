"""`durak-table synth`: render a synthetic train/val set that ultralytics reads directly.

Image i is drawn from its own generator seeded by (seed, i), so a set is reproducible from its
seed whatever the number of worker processes.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import multiprocessing
import os
import sys
from pathlib import Path

import cv2
import numpy as np

from vision.cardclasses import CLASS_NAMES
from vision.cardfaces import design_names
from vision.dataset_recipes import GENERATED, RecipeError, recipes
from vision.progress import ProgressBar
from vision.synth_decks import DeckPool
from vision.synth_layout import render_table

_pool: DeckPool | None = None


def init_worker(designs: list[str], split: str, procedural_share: float) -> None:
    global _pool
    cv2.setNumThreads(1)
    _pool = DeckPool(designs, procedural_share=procedural_share, font_split=split).load()


def render_one(job: tuple[int, int, int, int, str, str]) -> tuple[int, dict]:
    """Render image `number` and write it and its label file; returns its metadata."""
    seed, number, width, height, out, part = job
    assert _pool is not None
    rng = np.random.default_rng([seed, number])
    image, labels, info = render_table(rng, _pool, width, height)
    name = f"{number:06d}"
    cv2.imwrite(str(Path(out) / "images" / part / f"{name}.jpg"), image,
                [cv2.IMWRITE_JPEG_QUALITY, 92])
    lines = []
    for label in labels:
        x1, y1, x2, y2 = label.box
        lines.append(f"{label.class_id} {(x1 + x2) / 2 / width:.6f} {(y1 + y2) / 2 / height:.6f} "
                     f"{(x2 - x1) / width:.6f} {(y2 - y1) / height:.6f}")
    (Path(out) / "labels" / part / f"{name}.txt").write_text(
        "\n".join(lines) + ("\n" if lines else ""))
    return number, {**info, "image": f"images/{part}/{name}.jpg",
                    "covered": [label.covered for label in labels]}


def write_data_yaml(out: Path) -> None:
    names = "\n".join(f"  {i}: '{name}'" for i, name in enumerate(CLASS_NAMES))
    (out / "data.yaml").write_text(
        f"path: {out.resolve()}\ntrain: images/train\nval: images/val\nnames:\n{names}\n")


def write_made_with(args: argparse.Namespace) -> None:
    """synth.json: the arguments the set was made with, to render it again."""
    made_with = {key: (str(value) if isinstance(value, Path) else value)
                 for key, value in vars(args).items() if key not in ("out", "workers")}
    (args.out / "synth.json").write_text(json.dumps(made_with, ensure_ascii=False, indent=1) + "\n")


def parse_args(argv: list[str]) -> argparse.Namespace:
    """The arguments; with --recipe NAME, that set's values of datasets/recipes.toml are the
    defaults (flags given override them) and --out defaults to datasets/generated/NAME.
    Raises RecipeError for an unknown set or a broken recipe file."""
    parser = argparse.ArgumentParser(prog="durak-table synth", description=__doc__)
    parser.add_argument("--recipe", metavar="NAME",
                        help="render the set NAME of datasets/recipes.toml (e.g. v1, "
                             "heldout-640); other flags override its values")
    parser.add_argument("--out", type=Path,
                        help="folder to write the set into (default with --recipe: "
                             "datasets/generated/NAME)")
    parser.add_argument("--images", type=int, default=1000, help="number of images (default 1000)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--val", type=float, default=0.05, help="share of images for validation")
    parser.add_argument("--size", type=int, nargs=2, default=(416, 416), metavar=("W", "H"),
                        help="image size in pixels (default 416 416)")
    parser.add_argument("--split", choices=("train", "heldout"), default="train",
                        help="card designs to draw from: training designs, or only the held-out "
                             "ones (for evaluation)")
    parser.add_argument("--designs", nargs="+", metavar="NAME",
                        help="only these designs of the split (e.g. aisleriot/anglo)")
    parser.add_argument("--procedural-share", type=float, default=0.35,
                        help="share of scenes drawn with procedural (font) faces")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args(argv)
    if args.recipe:
        recipe = recipes().set_named(args.recipe)
        parser.set_defaults(out=GENERATED / recipe.name, images=recipe.images, seed=recipe.seed,
                            val=recipe.val, size=recipe.size, split=recipe.split,
                            procedural_share=recipe.procedural_share)
        args = parser.parse_args(argv)
    if args.out is None:
        parser.error("give --out DIR, or --recipe NAME to render a set of datasets/recipes.toml")
    return args


def main(argv: list[str]) -> int:
    try:
        args = parse_args(argv)
    except RecipeError as error:
        print(f"durak-table synth: {error}", file=sys.stderr)
        return 2
    if args.images < 1 or not 0 <= args.val < 1:
        print("durak-table synth: --images must be at least 1 and --val in [0, 1)",
              file=sys.stderr)
        return 2
    designs = design_names(args.split)
    if args.designs:
        unknown = sorted(set(args.designs) - set(designs))
        if unknown:
            print(f"durak-table synth: not designs of the {args.split} split: "
                  f"{', '.join(unknown)}; choose from {', '.join(designs)}", file=sys.stderr)
            return 2
        designs = args.designs
    if not designs:
        print("durak-table synth: no card designs installed; run scripts/setup", file=sys.stderr)
        return 2
    val_count = int(round(args.images * args.val)) if args.split == "train" else 0
    jobs = []
    for part in ("train", "val"):
        for kind in ("images", "labels"):
            (args.out / kind / part).mkdir(parents=True, exist_ok=True)
    for number in range(args.images):
        part = "val" if number < val_count else "train"
        jobs.append((args.seed, number, *args.size, str(args.out), part))
    write_data_yaml(args.out)
    write_made_with(args)
    progress = ProgressBar(len(jobs), "synth")
    metadata = {}
    worker_args = (designs, args.split, args.procedural_share)
    with contextlib.ExitStack() as stack:
        if args.workers <= 1:
            init_worker(*worker_args)
            results = map(render_one, jobs)
        else:
            # spawn, not fork: a forked child can deadlock on a lock some library thread held.
            workers = stack.enter_context(multiprocessing.get_context("spawn").Pool(
                args.workers, init_worker, worker_args))
            results = workers.imap_unordered(render_one, jobs, chunksize=4)
        for number, info in results:
            metadata[number] = info
            progress.advance()
    progress.close()
    with open(args.out / "meta.jsonl", "w") as meta:
        for number in sorted(metadata):
            meta.write(json.dumps(metadata[number], ensure_ascii=False) + "\n")
    print(f"wrote {len(jobs)} images ({val_count} for validation) to {args.out}")
    return 0
