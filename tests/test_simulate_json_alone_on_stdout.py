"""`racko simulate --json -` keeps standard output for the JSON alone: what a bot prints (as it
is imported, as it plays, in this process or a worker's) goes to standard error, so that a
run piped into `jq` never breaks on a bot author's debugging line."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

PRINTING_BOT = '''
print("printer says hi as it is imported")
from rack_o.bots import make_bot


class Printer:
    name = "Printer"

    def __init__(self, seat=0, seed=None):
        self._easy = make_bot("easy", seat, seed)

    def choose(self, view):
        print("Printer's turn", view.turn)
        return self._easy.choose(view)
'''


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_what_a_bot_prints_goes_to_standard_error_and_the_json_stays_whole(
    tmp_path: Path, jobs: str
) -> None:
    (tmp_path / "printer.py").write_text(PRINTING_BOT, encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(tmp_path), "RACKO_HOME": str(tmp_path / "home")}
    done = subprocess.run(
        [sys.executable, "-m", "rack_o", "simulate", "--bots", "printer:Printer,easy",
         "--games", "2", "--target", "100", "--seed", "1", "--jobs", jobs, "--json", "-"],
        capture_output=True, text=True, env=env, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)  # nothing but the JSON
    assert data["games"] == 2
    assert "printer says hi as it is imported" in done.stderr
    assert "Printer's turn" in done.stderr
