"""A record deleted by another program just after racko read it: what was read is used as read
(its modification time included), and `resume --drop` says the file changed meanwhile, with no
traceback."""

from __future__ import annotations

from pathlib import Path

import pytest
from builders import unfinished_game, write_record
from clirun import assert_exited, flat, racko

from rack_o.store import records
from rack_o.store.records import load_record, summary_of


def test_a_summary_is_of_the_record_as_read_even_once_the_file_is_gone(home: Path) -> None:
    path = write_record(home / "games" / "g.jsonl", unfinished_game(6, turns=5))
    modified = path.stat().st_mtime
    record = load_record(path)
    path.unlink()
    summary = summary_of(record)
    assert summary.modified == modified
    assert summary.round == 1


def test_dropping_a_record_deleted_just_after_it_was_read_says_it_changed(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = write_record(home / "games" / "g.jsonl", unfinished_game(6, turns=5))
    real = records.load_record

    def read_then_gone(where: Path, **options: bool) -> records.Record:
        record = real(where, **options)
        Path(where).unlink()  # another program deletes it that very moment
        return record

    monkeypatch.setattr(records, "load_record", read_then_gone)
    result = racko("resume", "--drop", "g", "--yes")
    assert_exited(result, 2)
    assert f"Error: {path} was changed by another program meanwhile" in flat(result.output)
