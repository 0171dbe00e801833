"""The bundled examples: each hand-written game has exactly the foul it was written with."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from referee.cli_check import judge_lines

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
EXPECTED_FOULS = {
    "classic.jsonl": [(16, "G4")],
    "transfer.jsonl": [(8, "P8")],
    "dummy.jsonl": [(11, "D3")],
    "round.jsonl": [(6, "R2")],
    "cross.jsonl": [(4, "C7")],
    "cross-faceup.jsonl": [(6, "C3")],
}


@pytest.mark.parametrize("name", sorted(EXPECTED_FOULS))
def test_example_reports_its_foul(name: str) -> None:
    out, err = io.StringIO(), io.StringIO()
    lines = (EXAMPLES / name).read_text(encoding="utf-8").splitlines(keepends=True)
    code = judge_lines(lines, out, err)
    verdicts = [json.loads(line) for line in out.getvalue().splitlines()]
    fouls = [(v["line"], v["rule"]) for v in verdicts[:-1] if not v["ok"]]
    assert code == 1
    assert fouls == EXPECTED_FOULS[name]
    assert verdicts[-1]["summary"] is True and verdicts[-1]["fouls"] == len(fouls)


def test_every_variant_has_an_example() -> None:
    for variant in ("classic", "transfer", "dummy", "round", "cross"):
        assert (EXAMPLES / f"{variant}.jsonl").exists()


def test_every_reported_rule_id_has_a_foul_test() -> None:
    """Each rule id a verdict can name is the expected rule of at least one test."""
    import re

    from referee.rulebook import REPORTED, RULES

    assert REPORTED <= set(RULES)
    here = Path(__file__).parent
    sources = "".join(path.read_text(encoding="utf-8") for path in here.glob("test_*.py"))
    expected = set(re.findall(r'"([GPDRC]\d+)"\)', sources)) | set(
        re.findall(r', "([GPDRC]\d+)"[,)]', sources))
    assert REPORTED - expected == set()
