import json
from pathlib import Path

import cv2
import pytest

from vision import cli_synth
from vision.cardfaces import HELD_OUT, design_names
from vision.dataset_recipes import RecipeError, parse_recipes, recipes

GOOD = """
[held_out]
designs = ["aisleriot/paris"]
fonts = ["FreeSerif"]

[sets.tiny]
description = "a test set"
split = "heldout"
images = 3
seed = 5
size = [320, 240]
val = 0.0
procedural_share = 0.5
"""


def test_the_held_out_designs_come_from_the_recipe_file_and_never_reach_training() -> None:
    book = recipes()
    assert book.held_out_designs == HELD_OUT
    assert "aisleriot/neoclassical_4_color" in book.held_out_designs
    assert not set(design_names("train")) & book.held_out_designs
    assert book.set_named("heldout-640").split == "heldout"
    assert book.set_named("v1").split == "train"


def test_a_recipe_is_read_into_typed_values() -> None:
    tiny = parse_recipes(GOOD).set_named("tiny")
    assert (tiny.images, tiny.seed, tiny.size, tiny.val, tiny.split) == (3, 5, (320, 240), 0.0,
                                                                          "heldout")


@pytest.mark.parametrize("change, message", [
    (("images = 3", "images = \"three\""), "images should be a int"),
    (("size = [320, 240]", "size = [320]"), "size should be [width, height]"),
    (("split = \"heldout\"", "split = \"test\""), "split should be 'train' or 'heldout'"),
    (("seed = 5\n", ""), "lacks seed"),
    (("val = 0.0", "val = 0.0\ncolour = 1"), "unknown keys colour"),
    (("fonts = [\"FreeSerif\"]", "fonts = []"), "[held_out] needs"),
    (("[sets.tiny]", "[sets.tiny"), "not valid TOML"),
])
def test_a_broken_recipe_says_what_is_wrong(change: tuple[str, str], message: str) -> None:
    with pytest.raises(RecipeError, match=message.replace("[", r"\[").replace("]", r"\]")):
        parse_recipes(GOOD.replace(*change))


def test_an_unknown_set_names_the_known_ones() -> None:
    with pytest.raises(RecipeError, match="known: .*heldout-640"):
        recipes().set_named("v9")


def test_synth_renders_a_recipe_and_keeps_what_it_was_made_with(tmp_path: Path) -> None:
    out = tmp_path / "set"
    assert cli_synth.main(["--recipe", "heldout-640", "--out", str(out), "--images", "2",
                           "--workers", "1"]) == 0
    made_with = json.loads((out / "synth.json").read_text())
    assert made_with["seed"] == 1000 and made_with["split"] == "heldout"
    assert made_with["images"] == 2 and list(made_with["size"]) == [640, 480]
    images = sorted((out / "images" / "train").glob("*.jpg"))
    assert len(images) == 2   # val 0: all in train
    assert cv2.imread(str(images[0])).shape[:2] == (480, 640)


def test_synth_refuses_an_unknown_recipe(tmp_path: Path, capsys) -> None:
    assert cli_synth.main(["--recipe", "v9", "--out", str(tmp_path)]) == 2
    assert "no set 'v9'" in capsys.readouterr().err
