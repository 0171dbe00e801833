"""`durak-table train-readers-gpu`: both readers trained side by side on a lent GPU machine.

A session lent a GPU machine for a few minutes runs this once there (models/README.md,
"Training on a lent GPU"). Here: `durak-table train-readers-gpu --pack .devcarry/assets.tar.xz`
packs what crop making needs (`vision/device_assets.py`). There: `durak-table train-readers-gpu
--assets .devcarry/assets.tar.xz --minutes M --out DIR` unpacks it and trains until the deadline.

Crop making and training overlap: worker processes write chunks of fresh crops into a folder
(face crops of indices and of whole cards, `vision/reader_face_crops.py`, and crops of synthetic
scenes rendered as `durak-table synth` renders them), and each trainer keeps every chunk written
so far on the GPU and draws its batches from them, so the GPU never waits for the last chunk.
Each trainer's learning rate follows a short warm-up and a cosine by wall time, ending at the
deadline. The trainers (`CANDIDATES`, or a --plan) share the crops: readers of today's widths go
on from the committed weights, wider ones start widened from them (`vision/reader_network.py`).

Each trainer keeps its weights in DIR (`NAME.pt`: the best on its validation crops, checked every
`CHECK_SECONDS`, the starting weights included) and writes a JSON line of figures
(`figures.jsonl`). `--export DIR` then writes each `.pt` as ONNX on any machine; `durak-table
quantize-reader` makes an index reader's int8 copy.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import subprocess
import sys
import tarfile
import time
import zlib
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from vision import device_assets
from vision.card_reader import CARD_CROP_SIZE
from vision.index_reader import CROP_SIZE, MODELS

CHUNK_FACES = 200          # faces a worker turns into one chunk file (--chunk-faces)
RELOAD_SECONDS = 15        # how often a trainer looks for new chunks
CHECK_SECONDS = 45         # how often a trainer measures its validation crops
VALIDATION_CHUNKS = 5      # chunks of each kind made first for validation
SEEDS = {"index": 51, "card": 53, "scene": 55}   # validation crops use seed + 1
DEFAULT_SHARES = {"scene": 0.45, "index": 0.35, "card": 0.2}   # session 35's second run
SCENE_FACES_PER_SCENE = 4  # a scene chunk renders --chunk-faces / 4 scenes (about as long)


@dataclass(frozen=True)
class Candidate:
    """A reader to train: its kind, widths (None: the init's), the weights it starts from, and
    its one-cycle-like peak learning rate."""

    name: str
    kind: str
    widths: tuple[int, ...] | None
    init: Path
    peak_lr: float
    batch: int = 512


CANDIDATES = (
    Candidate("index-reader-gpu", "index", None, MODELS / "index-reader.pt", 1e-3),
    Candidate("index-reader-gpu-wide", "index", (48, 96, 96, 192, 192, 384),
              MODELS / "index-reader.pt", 1.5e-3),
    Candidate("card-reader-gpu", "card", None, MODELS / "card-reader.pt", 1.5e-3),
    Candidate("card-reader-gpu-wide", "card", (36, 72, 72, 144, 144, 240),
              MODELS / "card-reader.pt", 2e-3),
)
CROP_SIZES = {"index": CROP_SIZE, "card": CARD_CROP_SIZE}


# --- crop making (CPU workers) ---------------------------------------------------------------

def chunk_jobs(shares: dict[str, float], total: int) -> list[tuple[str, int]]:
    """(kind, chunk number) in the order workers take them: chunks of each kind ("index",
    "card" face crops, "scene" crops) interleaved, each kind's share of them as given."""
    jobs, counts = [], dict.fromkeys(shares, 0)
    for turn in range(total):
        kind = max(shares, key=lambda k: shares[k] * (turn + 1) - counts[k])
        jobs.append((kind, counts[kind]))
        counts[kind] += 1
    return jobs


def write_chunk(folder: Path, kind: str, seed: int, number: int, faces: int) -> Path:
    from vision.reader_face_crops import CROPPERS

    crops, classes = [], []
    for face in range(number * faces, (number + 1) * faces):
        face_crops, face_classes = CROPPERS[kind][0](seed, face, CROP_SIZES[kind])
        crops += face_crops
        classes += face_classes
    return save_chunk(folder / f"{kind}-{seed}-{number:05d}.npz", crops, classes,
                      CROP_SIZES[kind])


def save_chunk(path: Path, crops: list, classes: list, size: int) -> Path:
    """Written under another name and renamed, so a trainer never loads half a chunk."""
    partial = path.with_name(path.name + ".partial.npz")
    np.savez(partial, crops=np.stack(crops) if crops else np.zeros((0, size, size, 3), np.uint8),
             classes=np.array(classes, np.int64))
    partial.replace(path)
    return path


SCENE_SIZE = 416           # the synth sets' scenes (datasets/recipes.toml, v1)


def write_scene_chunk(folder: Path, seed: int, number: int, scenes: int) -> Path:
    """Scenes rendered as `durak-table synth` renders them (JPEG and all), cut into reader
    crops at once: each labelled index (and as many places that are not one) for the index
    reader, each card seen whole for the card reader. Two files: index-scene-..., card-scene-..."""
    import cv2

    from vision.cli_train_reader import card_crops_of_image, crops_of_image
    from vision.reader_face_crops import _pool
    from vision.synth_layout import render_table

    cut = {"index": ([], []), "card": ([], [])}
    for scene in range(number * scenes, (number + 1) * scenes):
        rng = np.random.default_rng([seed, scene])
        image, labels, _ = render_table(rng, _pool, SCENE_SIZE, SCENE_SIZE)
        image = cv2.imdecode(cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, 92])[1],
                             cv2.IMREAD_COLOR)
        boxes = [(label.class_id, np.array(label.box, float)) for label in labels]
        covered = [label.covered for label in labels]
        for kind, cropper in (("index", crops_of_image), ("card", card_crops_of_image)):
            crops, classes = cropper(image, boxes, rng, 1, CROP_SIZES[kind], covered)
            cut[kind][0].extend(crops)
            cut[kind][1].extend(classes)
    for kind, (crops, classes) in cut.items():
        save_chunk(folder / f"{kind}-scene-{seed}-{number:05d}.npz", crops, classes,
                   CROP_SIZES[kind])
    return folder


def _chunk_work(job: tuple[Path, str, int, int, int]) -> str:
    folder, kind, seed, number, faces = job
    if kind == "scene":
        return str(write_scene_chunk(folder, seed, number, faces // SCENE_FACES_PER_SCENE))
    return str(write_chunk(*job))


def crop_jobs(folder: Path, shares: dict[str, float],
              faces: int = CHUNK_FACES) -> list[tuple[Path, str, int, int, int]]:
    """Validation chunks first (their own seeds, never trained on), then training chunks."""
    jobs = [(folder / "val", kind, SEEDS[kind] + 1, number, faces)
            for kind in shares for number in range(VALIDATION_CHUNKS)]
    return jobs + [(folder, kind, SEEDS[kind], number, faces)
                   for kind, number in chunk_jobs(shares, 100_000)]


def make_crops_until(deadline: float, folder: Path, workers: int, shares: dict[str, float],
                     faces: int = CHUNK_FACES) -> int:
    """Write chunks until the deadline; the number written."""
    from vision.reader_face_crops import init_worker

    (folder / "val").mkdir(parents=True, exist_ok=True)
    done = 0
    context = multiprocessing.get_context("spawn")
    pool = context.Pool(workers, initializer=init_worker, initargs=("train",))
    try:
        written = pool.imap(_chunk_work, crop_jobs(folder, shares, faces),
                             chunksize=1)
        while time.time() < deadline:
            try:
                written.next(timeout=2)
            except multiprocessing.TimeoutError:
                continue
            except StopIteration:
                break
            done += 1
            if done % 20 == 0:
                print(f"crops: {done} chunks written", file=sys.stderr, flush=True)
    finally:
        pool.terminate()
        pool.join()
    return done


# --- training (one process a candidate) ------------------------------------------------------

def hue_turns_on(angles):
    """`cli_train_reader.hue_turns` in torch: (N, 3, 3) turns of RGB about the grey axis."""
    import torch

    axis = torch.full((3,), 3 ** -0.5, device=angles.device)
    cross = torch.tensor([[0.0, -1, 1], [1, 0, -1], [-1, 1, 0]], device=angles.device) * axis[0]
    cos, sin = angles.cos()[:, None, None], angles.sin()[:, None, None]
    return cos * torch.eye(3, device=angles.device) + sin * cross \
        + (1 - cos) * torch.outer(axis, axis)


def gpu_augment(batch, generator):
    """`cli_train_reader.augment` on the device: hue turns for a quarter of the crops, then
    brightness, contrast and noise."""
    import torch

    from vision.cli_train_reader import HUE_TURN_CHANCE

    count, device = batch.shape[0], batch.device

    def uniform(low: float, high: float, *shape: int):
        return torch.empty(shape, device=device).uniform_(low, high, generator=generator)

    turns = hue_turns_on(uniform(0.5, 2 * np.pi - 0.5, count))
    kept = torch.rand(count, device=device, generator=generator) >= HUE_TURN_CHANCE
    turns[kept] = torch.eye(3, device=device)
    batch = torch.einsum("nij,njhw->nihw", turns, batch)
    noise = torch.randn(batch.shape, device=device, generator=generator) * 0.03
    return torch.clamp(batch * uniform(0.6, 1.4, count, 1, 1, 1)
                       + uniform(-0.15, 0.15, count, 1, 1, 1) + noise, 0, 1)


def to_input(crops):
    """(N, S, S, 3) uint8 BGR on the device -> (N, 3, S, S) float RGB in [0, 1]."""
    return crops.flip(-1).permute(0, 3, 1, 2).float().div_(255)


class ChunkPool:
    """Every chunk of one kind written so far, on the device."""

    def __init__(self, folder: Path, kind: str, device) -> None:
        self.folder, self.kind, self.device = folder, kind, device
        self.loaded: set[str] = set()
        self.crops = None
        self.classes = None

    def refresh(self) -> int:
        import torch

        new = [p for p in sorted(self.folder.glob(f"{self.kind}-*.npz"))
               if not p.name.endswith(".partial.npz") and p.name not in self.loaded]
        parts, labels = [], []
        for path in new:
            try:
                with np.load(path) as stored:
                    parts.append(torch.from_numpy(stored["crops"]))
                    labels.append(torch.from_numpy(stored["classes"]))
                self.loaded.add(path.name)
            except (OSError, ValueError, KeyError):
                continue
        if parts:
            crops = torch.cat(parts).to(self.device)
            classes = torch.cat(labels).to(self.device)
            self.crops = crops if self.crops is None else torch.cat([self.crops, crops])
            self.classes = classes if self.classes is None else torch.cat([self.classes,
                                                                           classes])
        return 0 if self.crops is None else len(self.crops)


def accuracy_on(network, crops, classes, device) -> float:
    import torch

    network.eval()
    right = 0
    with torch.no_grad():
        for start in range(0, len(crops), 2048):
            batch = to_input(crops[start:start + 2048]).contiguous(
                memory_format=torch.channels_last)
            right += int((network(batch).argmax(1) == classes[start:start + 2048]).sum())
    network.train()
    return right / max(1, len(crops))


def learning_rate(peak: float, progress: float, warm_up: float = 0.05) -> float:
    """A linear warm-up to `peak`, then a cosine down to a hundredth of it, by time."""
    if progress < warm_up:
        return peak * (0.1 + 0.9 * progress / warm_up)
    fall = min(1.0, (progress - warm_up) / (1 - warm_up))
    return peak * (0.01 + 0.99 * 0.5 * (1 + np.cos(np.pi * fall)))


def train_candidate(candidate: Candidate, folder: Path, start: float, deadline: float,
                    out: Path, device_name: str, validation_files: int) -> None:
    import torch

    from vision.cli_train_reader import starting_network

    torch.manual_seed(zlib.crc32(candidate.name.encode()))
    torch.set_num_threads(1)
    device = torch.device(device_name)
    torch.backends.cudnn.benchmark = True
    args = argparse.Namespace(init=candidate.init, widths=candidate.widths, seed=5)
    network = starting_network(args).to(device).to(memory_format=torch.channels_last)
    optimiser = torch.optim.AdamW(network.parameters(), lr=candidate.peak_lr,
                                  weight_decay=1e-4)
    loss_of = torch.nn.CrossEntropyLoss(label_smoothing=0.05)
    generator = torch.Generator(device=device).manual_seed(7)
    pool = ChunkPool(folder, candidate.kind, device)
    check = ChunkPool(folder / "val", candidate.kind, device)
    while pool.refresh() == 0 or check.refresh() == 0 or len(check.loaded) < validation_files:
        if time.time() > deadline:
            return
        time.sleep(2)
    record = {"name": candidate.name, "kind": candidate.kind,
              "widths": list(_widths(network)), "validation_crops": len(check.crops),
              "validation_at_start": accuracy_on(network, check.crops, check.classes, device)}
    best, steps, seen = record["validation_at_start"], 0, 0
    _save(network, out / f"{candidate.name}.pt")
    train_start = last_reload = last_check = time.time()
    autocast = torch.autocast(device.type, dtype=torch.bfloat16, enabled=device.type == "cuda")
    while time.time() < deadline:
        now = time.time()
        if now - last_reload > RELOAD_SECONDS:
            pool.refresh()
            last_reload = now
        progress = (now - train_start) / max(1.0, deadline - train_start)
        for group in optimiser.param_groups:
            group["lr"] = learning_rate(candidate.peak_lr, progress)
        chosen = torch.randint(len(pool.crops), (candidate.batch,), device=device,
                               generator=generator)
        batch = gpu_augment(to_input(pool.crops[chosen]), generator).contiguous(
            memory_format=torch.channels_last)
        with autocast:
            loss = loss_of(network(batch), pool.classes[chosen])
        optimiser.zero_grad(set_to_none=True)
        loss.backward()
        optimiser.step()
        steps += 1
        seen += candidate.batch
        if now - last_check > CHECK_SECONDS:
            last_check = now
            score = accuracy_on(network, check.crops, check.classes, device)
            print(f"{candidate.name}: {now - start:.0f} s, {steps} steps, "
                  f"{len(pool.crops)} crops, loss {loss.item():.3f}, validation {score:.4f}",
                  file=sys.stderr, flush=True)
            if score > best:
                best = score
                _save(network, out / f"{candidate.name}.pt")
    score = accuracy_on(network, check.crops, check.classes, device)
    if score > best:
        best = score
        _save(network, out / f"{candidate.name}.pt")
    record.update(validation_best=best, validation_at_end=score, steps=steps,
                  crops_seen=seen, distinct_crops=len(pool.crops),
                  training_seconds=round(time.time() - train_start, 1))
    with open(out / "figures.jsonl", "a") as figures:
        figures.write(json.dumps(record) + "\n")
    print(json.dumps(record), file=sys.stderr, flush=True)


def smoke_test(device_name: str) -> None:
    """One training step of every candidate on random crops: fails in seconds, not after
    minutes of crop making, where the device or a library is not what the trainers need."""
    import torch

    from vision.cli_train_reader import starting_network

    device = torch.device(device_name)
    generator = torch.Generator(device=device).manual_seed(1)
    for candidate in CANDIDATES:
        args = argparse.Namespace(init=candidate.init, widths=candidate.widths, seed=5)
        network = starting_network(args).to(device).to(memory_format=torch.channels_last)
        size = CROP_SIZES[candidate.kind]
        crops = torch.randint(0, 256, (8, size, size, 3), dtype=torch.uint8, device=device)
        batch = gpu_augment(to_input(crops), generator).contiguous(
            memory_format=torch.channels_last)
        with torch.autocast(device.type, dtype=torch.bfloat16, enabled=device.type == "cuda"):
            loss = network(batch).float().logsumexp(1).mean()
        loss.backward()
        print(f"{candidate.name}: one step on {device} ran (loss {loss.item():.3f})",
              file=sys.stderr)


def candidates_of(plan: Path | None) -> tuple[Candidate, ...]:
    if plan is None:
        return CANDIDATES
    return tuple(Candidate(item["name"], item["kind"],
                           tuple(item["widths"]) if item.get("widths") else None,
                           Path(item["init"]), float(item["peak_lr"]))
                 for item in json.loads(plan.read_text()))


def _shares(text: str) -> dict[str, float]:
    try:
        shares = {kind: float(share) for kind, share in
                  (part.split("=") for part in text.split(","))}
    except ValueError:
        shares = {}
    if not shares or not set(shares) <= set(SEEDS) or min(shares.values()) <= 0:
        raise argparse.ArgumentTypeError(f"{text!r}: give KIND=SHARE pairs, kinds "
                                         + ", ".join(SEEDS))
    return shares


def _save(network, path: Path) -> None:
    import torch

    torch.save({key: value.detach().float().cpu() for key, value in
                network.state_dict().items()}, path)


def _widths(network) -> tuple[int, ...]:
    import torch.nn as nn

    return tuple(m.out_channels for m in network if isinstance(m, nn.Conv2d))


# --- export on any machine --------------------------------------------------------------------

def export_all(folder: Path) -> None:
    """Each `.pt` in the folder as ONNX beside it (a card reader's name starts "card")."""
    import torch

    from vision.cli_train_reader import export_reader
    from vision.reader_network import build_network, widths_of

    for weights in sorted(folder.glob("*.pt")):
        state = torch.load(weights, map_location="cpu")
        network = build_network(widths_of(state))
        network.load_state_dict(state)
        kind = "card" if weights.name.startswith("card") else "index"
        export_reader(network, weights.with_suffix(".onnx"), CROP_SIZES[kind])
        print(f"wrote {weights.with_suffix('.onnx')}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="durak-table train-readers-gpu",
                                     description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--minutes", type=float, default=7.0,
                        help="wall time from start to the trainers' deadline")
    parser.add_argument("--out", type=Path,
                        help="the folder the trained weights and figures go to")
    parser.add_argument("--pack", type=Path, metavar="TAR_XZ",
                        help="only pack what crop making needs, to carry to a GPU machine")
    parser.add_argument("--assets", type=Path, metavar="TAR_XZ",
                        help="unpack this pack (from --pack) first, on a bare GPU machine "
                             "only: it moves that machine's /usr/share/fonts and backgrounds "
                             "aside (to *.aside) so that only the pack's are drawn")
    parser.add_argument("--crops", type=Path, default=Path("/tmp/reader-crops"),
                        help="the folder the chunks are written to")
    parser.add_argument("--workers", type=int, default=max(1, (os.cpu_count() or 2) - 2))
    parser.add_argument("--shares", type=_shares, default=dict(DEFAULT_SHARES),
                        metavar="KIND=SHARE,...",
                        help="which chunks to make, and their shares: index and card face "
                             "crops, scene crops (default "
                             + ",".join(f"{k}={v}" for k, v in DEFAULT_SHARES.items()) + ")")
    parser.add_argument("--plan", type=Path,
                        help="a JSON list of candidates (name, kind, widths or null, init, "
                             "peak_lr) instead of CANDIDATES")
    parser.add_argument("--chunk-faces", type=int, default=CHUNK_FACES)
    parser.add_argument("--device", default="cuda")
    parser.add_argument("--only", nargs="*", help="train only these candidates")
    parser.add_argument("--smoke", action="store_true",
                        help="only run one step of each candidate on random crops")
    parser.add_argument("--export", action="store_true",
                        help="only export the .pt files in --out as ONNX")
    args = parser.parse_args(argv)
    try:
        if args.pack:
            print(f"wrote {device_assets.pack(args.pack)}")
            return 0
        if args.out is None:
            parser.error("--out is needed (the folder the weights go to)")
        if args.assets:
            device_assets.unpack(args.assets)
    except (OSError, tarfile.TarError, subprocess.CalledProcessError) as error:
        print(f"durak-table train-readers-gpu: {error} (a pack is made with --pack on a "
              "machine set up by scripts/setup)", file=sys.stderr)
        return 2
    if args.device.startswith("cuda") and not args.export:
        import torch

        if not torch.cuda.is_available():
            print("durak-table train-readers-gpu: no CUDA device here (train on this "
                  "machine's CPU with --device cpu, or run it on a GPU machine)",
                  file=sys.stderr)
            return 2
    if args.export:
        export_all(args.out)
        return 0
    if args.smoke:
        smoke_test(args.device)
        return 0
    start = time.time()
    deadline = start + args.minutes * 60
    args.out.mkdir(parents=True, exist_ok=True)
    context = multiprocessing.get_context("spawn")
    trainers = [context.Process(target=train_candidate,
                                args=(c, args.crops, start, deadline, args.out, args.device,
                                      VALIDATION_CHUNKS * ((c.kind in args.shares)
                                                           + ("scene" in args.shares))))
                for c in candidates_of(args.plan) if not args.only or c.name in args.only]
    for trainer in trainers:
        trainer.start()
    chunks = make_crops_until(deadline, args.crops, args.workers, args.shares,
                              args.chunk_faces)
    print(f"{chunks} chunks of crops written", file=sys.stderr, flush=True)
    for trainer in trainers:
        trainer.join()
    return 0 if all(trainer.exitcode == 0 for trainer in trainers) else 1

if __name__ == "__main__":
    sys.exit(main())
