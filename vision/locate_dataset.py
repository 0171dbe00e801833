"""The locating view of a synth set: every corner index becomes class `index`, cards stay `card`.

`durak-table synth` labels the full truth (52 identities and `card`). The detector learns faster
and generalises better when it only has to find indices and cards (two classes) and leaves the
naming to the index reader, so `durak-table train` trains on this view: a folder beside the set
whose `images/` hold hard links to the set's images (no copies; ultralytics resolves symbolic
links and would then read the set's own labels) and whose `labels/` hold the remapped classes.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from vision.cardclasses import WHOLE_CARD_CLASS

LOCATE_NAMES = ("index", "card")
INDEX_CLASS, CARD_CLASS = 0, 1


def remap_line(line: str) -> str:
    class_id, rest = line.split(maxsplit=1)
    located = CARD_CLASS if int(class_id) == WHOLE_CARD_CLASS else INDEX_CLASS
    return f"{located} {rest}"


def read_data_yaml(data_yaml: Path) -> dict:
    """A data.yaml's entries (PyYAML comes with ultralytics)."""
    import yaml

    return yaml.safe_load(data_yaml.read_text()) or {}


def link_images(source: Path, target: Path) -> None:
    target.mkdir(parents=True, exist_ok=True)
    for image in source.iterdir():
        linked = target / image.name
        if not linked.exists():
            try:
                os.link(image, linked)
            except OSError:  # another file system: a copy is the only way
                shutil.copyfile(image, linked)


def locate_view(data_yaml: Path, out: Path | None = None) -> Path:
    """Write (or refresh) the two-class view of the set named by `data_yaml`; return its yaml."""
    entries = read_data_yaml(data_yaml)
    source = Path(entries.get("path") or data_yaml.parent)
    if not source.is_absolute():
        source = (data_yaml.parent / source).resolve()
    out = out or source.with_name(source.name + "-locate")
    out.mkdir(parents=True, exist_ok=True)
    for split in ("train", "val"):
        link_images(source / "images" / split, out / "images" / split)
        source_labels = source / "labels" / split
        target_labels = out / "labels" / split
        target_labels.mkdir(parents=True, exist_ok=True)
        for label_file in sorted(source_labels.glob("*.txt")):
            lines = [remap_line(line) for line in label_file.read_text().splitlines()
                     if line.strip()]
            (target_labels / label_file.name).write_text("".join(f"{line}\n" for line in lines))
    names = "".join(f"  {number}: {name}\n" for number, name in enumerate(LOCATE_NAMES))
    yaml_path = out / "data.yaml"
    yaml_path.write_text(f"path: {out.resolve()}\ntrain: {entries.get('train', 'images/train')}\n"
                         f"val: {entries.get('val', 'images/val')}\nnames:\n{names}")
    return yaml_path
