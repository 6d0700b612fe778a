"""A history database holding a value of the wrong kind (SQLite keeps any value in any column:
another program, or a damaged file, may have put bytes where a name belongs or text where a
number does): `racko history` and `racko stats` say so in a sentence and leave it untouched."""

from __future__ import annotations

import hashlib
import re
import sqlite3
from pathlib import Path

import pytest
from builders import finished_game, header_for
from clirun import assert_exited, flat, racko

from rack_o.store.history import record_game
from rack_o.store.paths import history_path

# (table, column, value, the commands that read that column and so refuse the history); a
# column's affinity turns a value that converts (12 into a name's "12") into its kind.
DAMAGE = [
    ("seats", "name", b"\xff\xfe", {"history", "stats"}),
    ("seats", "kind", b"\x00", {"history"}),  # stats joins the kinds as text
    ("seats", "total", "lots", {"history"}),
    ("seats", "side", 1.5, {"history"}),
    ("seats", "won", "yes", {"stats"}),
    ("games", "started", b"2026", {"history"}),
    ("games", "finished", b"\x01", {"history"}),
    ("games", "record", b"/tmp/g.jsonl", {"history"}),
    ("games", "rounds", "three", {"history"}),
    ("games", "winner", "first", {"history"}),
    ("rounds", "points", "many", {"stats"}),
    ("rounds", "racko", "no", {"stats"}),
]


@pytest.mark.parametrize("json", [False, True], ids=["table", "json"])
@pytest.mark.parametrize("command", ["history", "stats"])
@pytest.mark.parametrize(("table", "column", "value", "refusing"), DAMAGE)
def test_a_history_holding_a_value_of_the_wrong_kind_is_refused_and_left_untouched(
    home: Path, command: str, json: bool, table: str, column: str, value: object,
    refusing: set[str],
) -> None:
    game = finished_game(8)
    record_game(game, header_for(game))
    path = history_path()
    with sqlite3.connect(path) as conn:
        conn.execute(f"UPDATE {table} SET {column} = ?", (value,))  # noqa: S608 - a test's own names
    conn.close()
    before = hashlib.sha256(path.read_bytes()).hexdigest()
    result = racko(command, *(["--json"] if json else []))
    if command not in refusing:
        assert_exited(result, 0)  # it reads nothing damaged
        return
    assert_exited(result, 1)
    assert (f"The game history {path} holds a damaged entry (a value of the wrong kind), so it "
            "cannot be listed; it was left untouched." in flat(result.output))
    assert hashlib.sha256(path.read_bytes()).hexdigest() == before


@pytest.mark.parametrize("command", [["history"], ["history", "--json"], ["stats"],
                                     ["simulate", "--games", "1", "--target", "50", "--history"]])
def test_a_damaged_schema_that_sqlite_cannot_even_name_is_refused_in_a_sentence(
    home: Path, command: list[str],
) -> None:
    # SQLite's message names the damaged index in bytes that are not UTF-8: Python raised
    # UnicodeDecodeError, not a sqlite3 error, and racko printed a traceback.
    game = finished_game(8)
    record_game(game, header_for(game))
    path = history_path()
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA writable_schema=ON")
    conn.execute("UPDATE sqlite_master SET name = CAST(X'6964D078' AS TEXT), sql = 'CREATE INDEX'"
                 " WHERE type = 'index' AND name = (SELECT MIN(name) FROM sqlite_master"
                 " WHERE type = 'index' AND sql IS NOT NULL)")
    conn.commit()
    conn.close()
    before = hashlib.sha256(path.read_bytes()).hexdigest()
    result = racko(*command)
    assert "Traceback" not in result.output
    assert_exited(result, 1)
    # Opened to add a game, read to list them: either way the sentence says what failed.
    assert re.search(rf"The game history {re.escape(str(path))} cannot be (opened|read): "
                     "malformed database", flat(result.output)), result.output
    assert hashlib.sha256(path.read_bytes()).hexdigest() == before


@pytest.mark.parametrize("command", [["history"], ["history", "--player", "Ann"], ["stats"],
                                     ["history", "--player", "Bob"]])
def test_a_name_that_is_not_utf8_text_is_a_damaged_entry(home: Path, command: list[str]) -> None:
    # SQLite keeps the bytes as text; Python cannot read them back, and a --player filter
    # failed with SQLite's "user-defined function raised exception".
    game = finished_game(8, names=["Ann", "Bob"])
    record_game(game, header_for(game))
    path = history_path()
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE seats SET name = CAST(X'41FF42' AS TEXT) WHERE seat = 0")
    conn.close()
    before = hashlib.sha256(path.read_bytes()).hexdigest()
    result = racko(*command)
    if command[-1] == "Ann":  # Ann's name is gone: no game of hers to list
        assert_exited(result, 0)
        assert "No finished games with Ann yet" in flat(result.output)
    else:
        assert_exited(result, 1)
        assert (f"The game history {path} holds a damaged entry" in flat(result.output))
    assert hashlib.sha256(path.read_bytes()).hexdigest() == before
