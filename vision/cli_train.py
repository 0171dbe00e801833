"""`durak-table train`: train the card detector with ultralytics, then export it for the CPU.

A nano YOLO from scratch (no weights can be downloaded) on a set from `durak-table synth`.
`--resume` continues an interrupted run from its last checkpoint; `--init` starts a new run
from earlier weights (how training continues across sessions). `--device cpu`, `0`, or `0,1`
(several GPUs train with ultralytics' DDP). The best weights are exported to ONNX for
`durak-table detect`, which loads them once with ONNX Runtime.
"""

from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path

from vision.locate_dataset import locate_view

# Never mirror: a mirrored index reads backwards. Rotation, perspective and scale come from the
# generator, which knows where the labels go; ultralytics only adds colour, scale and mosaic.
AUGMENTATION = {"fliplr": 0.0, "flipud": 0.0, "degrees": 0.0, "shear": 0.0, "perspective": 0.0,
                "mosaic": 1.0, "scale": 0.3, "translate": 0.1, "hsv_h": 0.015, "hsv_s": 0.5,
                "hsv_v": 0.3, "close_mosaic": 1}


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="durak-table train", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", type=Path, help="data.yaml written by `durak-table synth`")
    parser.add_argument("--classes", choices=("locate", "identity"), default="locate",
                        help="locate (default): train on the set's two-class view (index, card) "
                             "and leave naming to the index reader; identity: all 53 classes")
    parser.add_argument("--model", default="yolo11n.yaml",
                        help="architecture (default yolo11n.yaml, built from scratch)")
    parser.add_argument("--init", type=Path, help="start from these weights (.pt)")
    parser.add_argument("--resume", type=Path, metavar="LAST_PT",
                        help="continue an interrupted run from its last.pt")
    parser.add_argument("--epochs", type=int, default=30)
    parser.add_argument("--hours", type=float,
                        help="train for this long instead (the schedule fits the time)")
    parser.add_argument("--imgsz", type=int, default=416)
    parser.add_argument("--batch", type=int, default=16)
    parser.add_argument("--device", default="cpu", help="cpu, 0, or 0,1 (default cpu)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--project", type=Path, default=Path("runs"))
    parser.add_argument("--name", default="detector")
    parser.add_argument("--export-to", type=Path, default=Path("models/card-detector.onnx"),
                        help="where the exported ONNX model goes")
    return parser.parse_args(argv)


def export_onnx(weights: Path, target: Path) -> Path:
    """Export to ONNX with dynamic input size, so one file serves any frame shape."""
    from ultralytics import YOLO

    exported = Path(YOLO(str(weights)).export(format="onnx", dynamic=True, simplify=False,
                                              opset=17))
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(exported, target)
    return target


def main(argv: list[str]) -> int:
    args = parse_args(argv)
    from ultralytics import YOLO

    if args.resume:
        if not args.resume.exists():
            print(f"durak-table train: no checkpoint at {args.resume}", file=sys.stderr)
            return 2
        model = YOLO(str(args.resume))
        results = model.train(resume=True)
    else:
        if args.data is None or not args.data.exists():
            print("durak-table train: --data must name a data.yaml from `durak-table synth`",
                  file=sys.stderr)
            return 2
        data = args.data
        if args.classes == "locate":
            data = locate_view(args.data)
            print(f"training on the two-class view {data}")
        model = YOLO(args.model)
        if args.init:
            model = YOLO(args.model).load(str(args.init))
        options = dict(data=str(data.resolve()), imgsz=args.imgsz, batch=args.batch,
                       device=args.device, workers=args.workers,
                       project=str(args.project.resolve()), name=args.name, exist_ok=True,
                       pretrained=bool(args.init), plots=False, amp=args.device != "cpu",
                       epochs=args.epochs, patience=0, **AUGMENTATION)
        if args.hours:
            options["time"] = args.hours
        results = model.train(**options)
    save_dir = Path(getattr(results, "save_dir", None) or model.trainer.save_dir)
    best = save_dir / "weights" / "best.pt"
    if not best.exists():
        print(f"durak-table train: no best.pt in {save_dir}", file=sys.stderr)
        return 1
    print(f"exported {export_onnx(best, args.export_to)}")
    return 0
