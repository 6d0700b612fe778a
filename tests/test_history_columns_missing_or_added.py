"""A racko history whose tables another program altered: a column taken away is said in a
sentence ("cannot be read: no such column") by the commands that read it, never a traceback,
and a column added is never read in place of racko's own (a `name` in `games` does not
rename the players). Either way the database is left untouched."""

from __future__ import annotations

import hashlib
import sqlite3
from pathlib import Path

import pytest
from builders import finished_game, header_for
from clirun import assert_exited, flat, racko

from rack_o.store.history import record_game
from rack_o.store.paths import history_path

# (table, column taken away, the commands that read it and so refuse the history); a column
# with an index or in a key cannot be taken away (SQLite refuses).
MISSING = [
    ("games", "winner", {"history"}),
    ("games", "rounds", {"history"}),
    ("games", "started", {"history"}),
    ("games", "record", {"history"}),
    ("games", "source", {"history"}),
    ("games", "seed", set()),
    ("seats", "total", {"history"}),
    ("seats", "kind", {"history", "stats"}),
    ("seats", "won", {"stats"}),
    ("rounds", "points", {"stats"}),
    ("rounds", "bonus", set()),
]

# (table, column added and the value it holds): named like a column of another table that a
# listing reads, or like one of the table's own.
ADDED = [
    ("games", "name", "INJECTED"),
    ("games", "kind", "human"),
    ("games", "side", 7),
    ("games", "total", 999),
    ("games", "game_id", 999),
    ("seats", "winner", 5),
    ("seats", "finished", "1999-01-01T00:00:00Z"),
    ("rounds", "name", "INJECTED"),
    ("rounds", "won", 999),
    ("rounds", "kind", "human"),
]

COMMANDS = [["history"], ["history", "--json"], ["history", "--player", "bob"], ["stats"],
            ["stats", "--json"]]


def _history() -> Path:
    """A history holding one finished game."""
    game = finished_game(8)
    record_game(game, header_for(game))
    return history_path()


def _altered(path: Path, *statements: str) -> str:
    """Run `statements` on the database at `path`; the SHA-256 of its bytes afterwards."""
    conn = sqlite3.connect(path)
    for statement in statements:
        conn.execute(statement)
    conn.commit()
    conn.close()
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
@pytest.mark.parametrize(("table", "column", "refusing"), MISSING)
def test_a_column_taken_away_is_said_in_a_sentence_and_the_history_left_untouched(
    home: Path, command: list[str], table: str, column: str, refusing: set[str]
) -> None:
    path = _history()
    before = _altered(path, f"ALTER TABLE {table} DROP COLUMN {column}")
    result = racko(*command)
    if command[0] not in refusing:
        assert_exited(result, 0)  # it reads nothing that is gone
    else:
        assert_exited(result, 1)
        assert (f"The game history {path} cannot be read: no such column"
                in flat(result.output)), result.output
    assert hashlib.sha256(path.read_bytes()).hexdigest() == before


@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
@pytest.mark.parametrize(("table", "column", "value"), ADDED)
def test_a_column_added_never_changes_what_is_listed(
    home: Path, command: list[str], table: str, column: str, value: object
) -> None:
    path = _history()
    unaltered = racko(*command)
    assert_exited(unaltered, 0)
    before = _altered(path, f"ALTER TABLE {table} ADD COLUMN {column}",
                      f"UPDATE {table} SET {column} = {value!r}")  # noqa: S608 - the test's own
    result = racko(*command)
    assert_exited(result, 0)
    assert result.output == unaltered.output
    assert hashlib.sha256(path.read_bytes()).hexdigest() == before
