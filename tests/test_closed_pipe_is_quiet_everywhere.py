"""Output piped to a reader that has gone (`racko replay F --summary | head`): racko stops
quietly with exit 0, as `racko history | head` does, never a traceback nor click's exit 1."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from builders import finished_game, unfinished_game, write_record

from rack_o.cli.exits import EXIT_OK

COMMANDS = {
    "history": ["history"],
    "stats": ["stats"],
    "replay --summary": ["replay", "{finished}", "--summary"],
    "replay": ["replay", "{finished}"],
    "review": ["review", "{finished}", "--all"],
    "review --json": ["review", "{finished}", "--all", "--json"],
    "rules": ["rules"],
    "resume --list": ["resume", "--list"],
    "simulate": ["simulate", "--games", "2", "--target", "50", "--seed", "1"],
}


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX pipes")
@pytest.mark.parametrize("command", list(COMMANDS))
def test_output_to_a_reader_gone_ends_quietly_with_exit_0(home: Path, command: str) -> None:
    finished = write_record(home / "done.jsonl", finished_game(3, target=5))  # one round
    write_record(home / "games" / "open.jsonl", unfinished_game(4, turns=6))
    args = [arg.format(finished=finished) for arg in COMMANDS[command]]
    read, write = os.pipe()
    os.close(read)  # the reader is gone before racko writes a line (`| head` once it is done)
    try:
        done = subprocess.run(
            [sys.executable, "-m", "rack_o", *args], stdin=subprocess.DEVNULL, stdout=write,
            stderr=subprocess.PIPE, text=True, timeout=120,
            env={**os.environ, "RACKO_HOME": str(home)},
        )
    finally:
        os.close(write)
    assert done.stderr == "", done.stderr
    assert done.returncode == EXIT_OK
