"""Ctrl-C while racko reads a record (a big one takes seconds) ends the command as Ctrl-C ends
any other: "Interrupted (Ctrl-C)." and exit 130, never click's "Aborted!" and exit 1; the file is
left as it was."""

from __future__ import annotations

from pathlib import Path
from typing import NoReturn

import pytest
from builders import unfinished_game, write_record
from clirun import racko

import rack_o.store.records as records
from rack_o.cli.exits import EXIT_INTERRUPTED


@pytest.mark.parametrize("command", [["replay"], ["replay", "--summary"], ["review"],
                                     ["resume"], ["resume", "--drop"]])
def test_ctrl_c_while_a_record_is_read_ends_the_command_as_ctrl_c_does(
    home: Path, monkeypatch: pytest.MonkeyPatch, command: list[str]
) -> None:
    record = write_record(home / "games" / "2026-11-29-2105-ann-bob.jsonl",
                          unfinished_game(3, turns=6))
    before = record.read_bytes()

    def interrupted(*args: object, **kwargs: object) -> NoReturn:
        raise KeyboardInterrupt

    monkeypatch.setattr(records, "load_record", interrupted)
    result = racko(*command, "2026-11-29-2105-ann-bob", input="\n")
    assert result.exit_code == EXIT_INTERRUPTED, result.output
    assert result.output.strip().endswith("Interrupted (Ctrl-C).")
    assert "Aborted" not in result.output
    assert record.read_bytes() == before
