"""What crop making needs on a bare GPU machine, packed here and unpacked there.

A lent GPU machine has Python, PyTorch, OpenCV and Pillow, but none of the Debian packages the
crop generator draws from, and a call may carry only 64 MiB with the working tree. `pack` writes
one tar.xz (about 27 MB) of the training split's card designs (aisleriot sheets, KDE decks, the
npm deck), the fonts procedural faces draw with (every suit font, and at most
`FONTS_PER_FAMILY` rank fonts a family: the family is drawn first, so every family stays), the
photo backgrounds scaled down to the size `synth_backgrounds.load_photo` scales them to, and the
`resvg` binary. Held-out designs and fonts are never packed. `unpack` puts them where the
generator looks (it moves the machine's own fonts and backgrounds aside first, so that only
these are drawn).
"""

from __future__ import annotations

import shutil
import subprocess
import tarfile
import tempfile
from pathlib import Path

import cv2

from vision.cardfaces import available_designs, design_names, resvg_binary
from vision.index_fonts import by_family, rank_fonts, suit_fonts
from vision.synth_backgrounds import PHOTO_DIR, photo_paths

FONTS_PER_FAMILY = 4
PHOTO_SIDE = 900                     # synth_backgrounds.load_photo scales photos to this
REPO = Path(__file__).resolve().parent.parent
IN_REPO = "repo"                     # the pack's folder of files that belong in the checkout
MOVED_ASIDE = ("/usr/share/fonts", str(PHOTO_DIR))


def packed_fonts() -> list[Path]:
    """Every training suit font, and up to FONTS_PER_FAMILY rank fonts of each family, spread
    over the family's styles."""
    keep = set(suit_fonts("train"))
    for family in by_family(rank_fonts("train")):
        members = sorted(family)
        keep |= set(members[::max(1, len(members) // FONTS_PER_FAMILY)][:FONTS_PER_FAMILY])
    return sorted(keep)


def _place(root: Path, source: Path) -> Path:
    """Where an installed file goes in the pack: its absolute path under `root`, or under
    root/repo where it lies in this checkout."""
    if source.is_relative_to(REPO):
        return root / IN_REPO / source.relative_to(REPO)
    return root / str(source).lstrip("/")


def pack(target: Path) -> Path:
    designs = available_designs()
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        for name in design_names("train"):
            source = designs[name][1]
            destination = _place(root, source)
            destination.parent.mkdir(parents=True, exist_ok=True)
            if source.is_dir():
                shutil.copytree(source, destination)
            else:
                shutil.copy2(source, destination)
        for font in packed_fonts():
            _place(root, font).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(font, _place(root, font))
        for photo in photo_paths():
            image = cv2.imread(str(photo), cv2.IMREAD_COLOR)
            if image is None:
                continue
            scale = PHOTO_SIDE / max(image.shape[:2])
            small = cv2.resize(image, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
            destination = _place(root, photo).with_suffix(".jpg")
            destination.parent.mkdir(parents=True, exist_ok=True)
            cv2.imwrite(str(destination), small, [cv2.IMWRITE_JPEG_QUALITY, 90])
        binary = root / "usr/local/bin/resvg"
        binary.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(resvg_binary(), binary)
        target.parent.mkdir(parents=True, exist_ok=True)
        subprocess.run(["tar", "-C", str(root), "-cJf", str(target), "."], check=True)
    return target


def unpack(source: Path, system_root: Path = Path("/"), repo: Path = REPO) -> None:
    """Install a pack: its system files under `system_root`, its checkout files into `repo`.
    Nothing is moved aside before the whole pack is read (a missing or broken pack leaves
    the machine as it was)."""
    with tempfile.TemporaryDirectory() as folder, tarfile.open(source) as archive:
        archive.extractall(folder, filter="tar")
        for moved in MOVED_ASIDE:
            installed = system_root / moved.lstrip("/")
            aside = installed.with_name(installed.name + ".aside")
            if installed.exists() and not aside.exists():
                installed.rename(aside)
        for item in Path(folder).iterdir():
            shutil.copytree(item, repo if item.name == IN_REPO else system_root / item.name,
                            dirs_exist_ok=True)
