"""Two rackos finishing their first games at the same moment, with no history yet: the one
that looks at the new file while the other is giving it racko's tables sees it whole, before
or after, never as "version 0 holding tables" (which is another program's database, and
would keep its game out of the history with a false alarm)."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

from rack_o.store.history import APPLICATION_ID, SCHEMA_VERSION, _identify, connect


class Interleaved:
    """A connection that lets `meanwhile` run (another process's work) after each of its
    first `times` statements: the moments another racko may commit between two reads."""

    def __init__(self, conn: sqlite3.Connection, meanwhile: Callable[[], None], after: int
                 ) -> None:
        self._conn = conn
        self._meanwhile = meanwhile
        self._after = after
        self._statements = 0

    @property
    def in_transaction(self) -> bool:
        return self._conn.in_transaction

    def execute(self, sql: str, *args: object) -> sqlite3.Cursor:
        cursor = self._conn.execute(sql, *args)
        self._statements += 1
        if self._statements == self._after:
            self._meanwhile()
        return cursor


@pytest.mark.parametrize("after", [1, 2, 3, 4], ids=lambda n: f"after statement {n}")
def test_a_history_made_by_another_racko_while_it_is_looked_at_is_never_another_program_s(
    tmp_path: Path, after: int
) -> None:
    path = tmp_path / "history.sqlite3"
    made = sqlite3.connect(path, isolation_level=None)  # the file another racko just made
    made.execute("PRAGMA journal_mode = WAL")
    made.close()
    looking = sqlite3.connect(path, isolation_level=None)
    try:
        seen = _identify(Interleaved(looking, lambda: connect(path).close(), after), path)
    finally:
        looking.close()
    assert seen in {(0, False), (SCHEMA_VERSION, True)}
    with sqlite3.connect(path) as check:
        assert check.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
    check.close()
