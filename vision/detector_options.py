"""The command-line options every command that runs the detector shares."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from vision.card_reader import DEFAULT_CARD_READER
from vision.detector import (
    AUTO_CARD_SIDE,
    AUTO_SIZES,
    CONFIDENCE,
    DEFAULT_MODEL,
    INDEX_CONFIDENCE,
    CardDetector,
)
from vision.index_reader import DEFAULT_READER


def add_detector_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--model", type=Path, default=DEFAULT_MODEL,
                        help=f"detector ONNX model (default {DEFAULT_MODEL.name} in models/)")
    parser.add_argument("--reader", type=Path, default=DEFAULT_READER,
                        help="index reader ONNX model, used when the file exists "
                             f"(default {DEFAULT_READER.name} in models/)")
    parser.add_argument("--no-reader", action="store_true",
                        help="name cards from the detector's own classes only")
    parser.add_argument("--card-reader", type=Path, default=DEFAULT_CARD_READER,
                        help="card reader ONNX model, the second opinion on a card seen whole, "
                             f"used when the file exists (default {DEFAULT_CARD_READER.name} in "
                             "models/)")
    parser.add_argument("--no-card-reader", action="store_true",
                        help="name cards from their indices only")
    parser.add_argument("--imgsz", type=network_size, default=None, metavar="PX|auto",
                        help="longest side the frame is scaled to for the network; auto (the "
                             f"default): {AUTO_SIZES[0]}, or more (up to {AUTO_SIZES[1]}) when "
                             "the cards are small in the frame, so that they are about "
                             f"{AUTO_CARD_SIDE} px long there (frames with no card found are "
                             f"looked at at {AUTO_SIZES[1]} now and then)")
    parser.add_argument("--conf", type=float, default=CONFIDENCE,
                        help="how sure a card box and a reading must be "
                             f"(default {CONFIDENCE})")
    parser.add_argument("--index-conf", type=float, default=INDEX_CONFIDENCE,
                        help="with the reader: how sure the detector must be that an index is "
                             f"there before the reader looks (default {INDEX_CONFIDENCE})")


def network_size(text: str) -> int | None:
    """--imgsz: a number of pixels (at least 32), or auto (None)."""
    if text == "auto":
        return None
    try:
        size = int(text)
    except ValueError:
        size = 0
    if size < 32:
        raise argparse.ArgumentTypeError(f"{text!r}: give a number of pixels (32 or more) or "
                                         "auto")
    return size


def card_reader_of(args: argparse.Namespace) -> Path | None:
    """The card reader the options ask for (None: none)."""
    return None if args.no_card_reader or args.no_reader else args.card_reader


def load_detector(args: argparse.Namespace, command: str) -> CardDetector | None:
    """The detector the options ask for, or None after saying on stderr what was wrong."""
    try:
        if not 0 < args.conf < 1:
            raise ValueError("--conf must be in (0, 1)")
        return CardDetector.load(args.model, imgsz=args.imgsz, confidence=args.conf,
                                 reader=None if args.no_reader else args.reader,
                                 index_confidence=args.index_conf,
                                 card_reader=card_reader_of(args))
    except (FileNotFoundError, RuntimeError, ValueError) as error:
        print(f"durak-table {command}: {error}", file=sys.stderr)
        return None
