"""racko started with standard input or output closed (`racko play <&-`, `racko replay F >&-`):
a closed input is an input that ended, a closed output shows nothing; never a traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from builders import unfinished_game, write_record

from rack_o.cli.exits import EXIT_OK, EXIT_STOPPED

# command (with {record} for an unfinished game's file): its exit code with nothing to read
COMMANDS = {
    "play, asking who plays": (["play"], EXIT_STOPPED),
    "play against a bot": (["play", "--bots", "easy", "--names", "Ann"], EXIT_STOPPED),
    "replay": (["replay", "{record}"], EXIT_OK),
    "resume": (["resume", "{record}"], EXIT_STOPPED),
}


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX: closing a standard descriptor")
@pytest.mark.parametrize("closed", [0, 1], ids=["stdin closed", "stdout closed"])
@pytest.mark.parametrize("command", list(COMMANDS))
def test_a_closed_standard_stream_ends_the_command_without_a_traceback(
    home: Path, command: str, closed: int
) -> None:
    record = write_record(home / "game.jsonl", unfinished_game(3, turns=6))
    args, code = COMMANDS[command]
    args = [arg.format(record=record) for arg in args]
    done = subprocess.run(
        [sys.executable, "-m", "rack_o", *args], stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, timeout=60,
        env={**os.environ, "RACKO_HOME": str(home)}, preexec_fn=lambda: os.close(closed),
    )
    assert "Traceback" not in done.stderr, done.stderr
    assert done.returncode == code, done.stderr
