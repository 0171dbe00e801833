import json
from pathlib import Path

from vision import cli_evaluate, cli_synth


def test_every_held_out_card_missed_is_put_down_to_one_cause(tmp_path: Path) -> None:
    data = tmp_path / "heldout"
    assert cli_synth.main(["--out", str(data), "--images", "4", "--seed", "1003", "--workers",
                           "1", "--split", "heldout", "--size", "640", "480", "--val", "0"]) == 0
    out = tmp_path / "figures.json"
    assert cli_evaluate.main(["--heldout", str(data), "--skip", "real", "speed",
                              "--out", str(out)]) == 0
    heldout = json.loads(out.read_text())["heldout"]
    missed = {name: bucket["cards"] - round(bucket["recall"] * bucket["cards"])
              for name, bucket in heldout["recall_by_index_size"].items()}
    causes = heldout.get("missed_by_cause", {})
    assert sum(missed.values()) == heldout["all"]["fn"] > 0
    assert {name: sum(counts.values()) for name, counts in causes.items()} == \
        {name: count for name, count in missed.items() if count}
