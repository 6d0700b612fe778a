"""Games finished by several `racko play` processes at once all land in `racko history`."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from rack_o.cli import main

SEEDS = (21, 22, 23, 24)


@pytest.mark.slow
def test_games_finished_by_processes_running_at_once_are_all_in_history(
    tmp_path: Path,
) -> None:
    env = dict(os.environ, RACKO_HOME=str(tmp_path), NO_COLOR="1")
    games = [
        subprocess.Popen(
            [sys.executable, "-m", "rack_o", "play", "--players", "2", "--bots", "easy,medium",
             "--target", "150", "--fast", "--seed", str(seed)],
            env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        for seed in SEEDS
    ]
    for game in games:
        _, err = game.communicate(timeout=120)
        assert game.returncode == 0, err
    result = CliRunner().invoke(main, ["history", "--json"], env={"RACKO_HOME": str(tmp_path)})
    assert result.exit_code == 0, result.output
    rows = json.loads(result.output)
    assert len(rows) == len(SEEDS)
    records = {Path(row["record"]) for row in rows}
    assert records == set((tmp_path / "games").glob("*.jsonl"))
    for row in rows:
        end = json.loads(Path(row["record"]).read_text().splitlines()[-1])
        assert end["type"] == "game_end" and row["totals"] == end["totals"]
    conn = sqlite3.connect(tmp_path / "history.sqlite3")
    assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
