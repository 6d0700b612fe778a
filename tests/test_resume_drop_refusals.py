"""`racko resume --drop` given something that is no record file says it cannot be dropped (not
that it cannot be resumed), and leaves it where it is."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from clirun import assert_exited, flat, racko


@pytest.mark.parametrize("kind", ["folder", "FIFO"])
def test_dropping_what_is_no_record_file_says_it_cannot_be_dropped(home: Path, kind: str) -> None:
    thing = home / "games" / "thing.jsonl"
    if kind == "folder":
        thing.mkdir()
    else:
        os.mkfifo(thing)
    result = racko("resume", "--drop", str(thing), "--yes")
    assert_exited(result, 2)
    said = flat(result.output)
    assert f"Error: cannot drop {thing}: not a regular file, so not a game record" in said
    assert "cannot resume" not in said
    assert thing.exists()
