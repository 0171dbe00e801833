"""`datasets/recipes.toml`: the designs and typefaces held out of all training, and the named
synthetic sets `durak-table synth --recipe NAME` renders."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

DATASETS = Path(__file__).resolve().parent.parent / "datasets"
RECIPES = DATASETS / "recipes.toml"
GENERATED = DATASETS / "generated"   # rendered sets (ignored by git)
SET_KEYS = {"description": str, "split": str, "images": int, "seed": int, "size": list,
            "val": float, "procedural_share": float}


class RecipeError(ValueError):
    """The recipe file is missing, not TOML, or holds a value of the wrong kind."""


@dataclass(frozen=True)
class SetRecipe:
    name: str
    description: str
    split: str
    images: int
    seed: int
    size: tuple[int, int]
    val: float
    procedural_share: float


@dataclass(frozen=True)
class Recipes:
    held_out_designs: frozenset[str]
    held_out_fonts: tuple[str, ...]
    sets: dict[str, SetRecipe]

    def set_named(self, name: str) -> SetRecipe:
        if name not in self.sets:
            raise RecipeError(f"no set {name!r} in the recipes; known: {', '.join(self.sets)}")
        return self.sets[name]


def parse_recipes(text: str, source: str = "recipes") -> Recipes:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise RecipeError(f"{source} is not valid TOML: {error}") from error
    held_out = data.get("held_out", {})
    designs, fonts = held_out.get("designs"), held_out.get("fonts")
    if not _strings(designs) or not _strings(fonts):
        raise RecipeError(f"{source}: [held_out] needs `designs` and `fonts`, lists of names")
    sets = {name: _set_recipe(name, values, source)
            for name, values in data.get("sets", {}).items()}
    return Recipes(frozenset(designs), tuple(fonts), sets)


def _strings(value: object) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(v, str) for v in value)


def _set_recipe(name: str, values: dict, source: str) -> SetRecipe:
    missing = sorted(set(SET_KEYS) - set(values))
    unknown = sorted(set(values) - set(SET_KEYS))
    problems = ([f"lacks {', '.join(missing)}"] if missing else []) \
        + ([f"has unknown keys {', '.join(unknown)}"] if unknown else [])
    if problems:
        raise RecipeError(f"{source}: set {name!r} " + "; ".join(problems))
    for key, kind in SET_KEYS.items():
        value = values[key]
        fits = isinstance(value, (int, float)) if kind is float else isinstance(value, kind)
        if not fits or isinstance(value, bool):
            raise RecipeError(f"{source}: set {name!r}: {key} should be a {kind.__name__}, "
                              f"not {value!r}")
    size = values["size"]
    if len(size) != 2 or not all(isinstance(v, int) and v > 0 for v in size):
        raise RecipeError(f"{source}: set {name!r}: size should be [width, height] in pixels")
    if values["split"] not in ("train", "heldout"):
        raise RecipeError(f"{source}: set {name!r}: split should be 'train' or 'heldout'")
    return SetRecipe(name, values["description"], values["split"], values["images"],
                     values["seed"], (size[0], size[1]), float(values["val"]),
                     float(values["procedural_share"]))


@cache
def recipes(path: Path = RECIPES) -> Recipes:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise RecipeError(f"cannot read {path} ({error.strerror}): durak-table runs from its "
                          "source checkout, which holds it") from error
    return parse_recipes(text, str(path))
