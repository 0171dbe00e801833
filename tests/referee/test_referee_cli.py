"""`durak-table check`, `simulate` and `bench` through their main(argv)."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from referee import cli_bench, cli_check, cli_simulate

ROOT = Path(__file__).resolve().parents[2]
SETUP = ('{"type": "setup", "variant": "classic", "deck": 36, "seats": ["Anna", "Boris"], '
         '"dealer": "Boris"}')


def run_check(tmp_path: Path, text: str, capsys: pytest.CaptureFixture[str]
              ) -> tuple[int, list[dict], str]:
    log = tmp_path / "game.jsonl"
    log.write_text(text, encoding="utf-8")
    code = cli_check.main([str(log)])
    out, err = capsys.readouterr()
    return code, [json.loads(line) for line in out.splitlines()], err


def test_all_legal_exits_0(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, lines, err = run_check(tmp_path, SETUP + "\n" + '{"type": "deal"}\n', capsys)
    assert code == 0 and err == ""
    assert lines[0] == {"line": 1, "ok": True, "rule": None, "message": "legal",
                        "message_ru": "по правилам", "judged": True}
    assert lines[-1] == {"summary": True, "games": [
        {"fool": None, "draw": False, "finished": False}], "fouls": 0}


def test_fouls_and_format_lines_exit_1_blank_lines_skipped(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = "\n".join([SETUP, "", "not json", '{"type": "juggle"}', '{"type": "trump", '
                      '"card": "9C"}', '{"type": "deal"}']) + "\n"
    code, lines, _ = run_check(tmp_path, text, capsys)
    assert code == 1
    assert [(v["line"], v["rule"]) for v in lines[:-1]] == [
        (1, None), (3, "FORMAT"), (4, "FORMAT"), (5, "P1"), (6, None)]
    assert lines[-1]["fouls"] == 3


@pytest.mark.parametrize("first", [
    '{"type": "setup", "variant": "classic", "deck": 36, "seats": ["Anna"], "dealer": "Anna"}',
    '{"type": "setup", "variant": "dummy", "deck": 36, "seats": ["A", "B"], "dealer": "A"}',
    '{"type": "deal"}', "garbage",
])
def test_unplayable_setup_exits_2_with_a_message(tmp_path: Path, first: str,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run_check(tmp_path, first + "\n" + '{"type": "deal"}\n', capsys)
    assert code == 2 and "durak-table check" in err and "line 1" in err


def test_empty_log_and_missing_file_exit_2(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run_check(tmp_path, "\n\n", capsys)
    assert code == 2 and "no setup" in err
    assert cli_check.main([str(tmp_path / "missing.jsonl")]) == 2
    assert "cannot read" in capsys.readouterr().err


def test_stdin_through_the_console_command() -> None:
    text = (ROOT / "examples" / "classic.jsonl").read_text(encoding="utf-8")
    done = subprocess.run([sys.executable, str(ROOT / "durak_table.py"), "check", "-"],
                          input=text, capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert done.returncode == 1
    fouls = [json.loads(line) for line in done.stdout.splitlines() if '"ok": false' in line]
    assert [(f["line"], f["rule"]) for f in fouls] == [(16, "G4")]


def test_simulate_writes_a_log_that_check_accepts(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    assert cli_simulate.main(["--variant", "transfer", "--players", "3", "--games", "2",
                              "--seed", "5", "--out", str(tmp_path) + "/"]) == 0
    capsys.readouterr()
    log = tmp_path / "transfer-3p-36-seed5.jsonl"
    assert cli_check.main([str(log)]) == 0
    summary = json.loads(capsys.readouterr().out.splitlines()[-1])
    assert len(summary["games"]) == 2 and all(g["finished"] for g in summary["games"])


def test_simulate_with_fouls_marks_them(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli_simulate.main(["--variant", "round", "--seed", "2", "--fouls", "0.2"]) == 0
    events = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert any("foul" in event for event in events)
    out, err = io.StringIO(), io.StringIO()
    lines = [json.dumps(e) for e in events]
    assert cli_check.judge_lines(lines, out, err) == 1
    verdicts = [json.loads(line) for line in out.getvalue().splitlines()[:-1]]
    assert [v["rule"] for v in verdicts if not v["ok"]] == [e["foul"] for e in events
                                                             if "foul" in e]


def test_simulate_is_deterministic(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["--variant", "cross", "--players", "4", "--seed", "9", "--fouls", "0.1"]
    cli_simulate.main(args)
    first = capsys.readouterr().out
    cli_simulate.main(args)
    assert capsys.readouterr().out == first


def test_simulate_refuses_bad_arguments(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        cli_simulate.main(["--variant", "dummy", "--players", "6"])
    with pytest.raises(SystemExit):
        cli_simulate.main(["--fouls", "2"])


def test_bench_reports_every_variant(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli_bench.main(["--json", "--matches", "1", "--games", "1", "--seconds", "0.01",
                           "--variants", "classic", "cross"]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [r["variant"] for r in rows] == ["classic", "cross"]
    assert all(r["events_per_s"] > 0 and r["games_per_s"] > 0 for r in rows)
