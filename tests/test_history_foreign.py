"""The history never changes a database that is not its own: a `history.sqlite3` another
program made (marked with its own application id, or holding tables racko does not make) is
refused saying so and left byte for byte as it was, never given racko's tables. racko marks
its history (`PRAGMA application_id`); one made before the mark is known by its tables and
marked when a game is next written to it (reading leaves a file as it is)."""

from __future__ import annotations

import hashlib
import os
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest
from builders import finished_game, with_header
from clirun import assert_exited, flat, racko

from rack_o.cli.messages import history_error
from rack_o.store.history import (
    APPLICATION_ID,
    SCHEMA_VERSION,
    HistoryError,
    HistoryProblem,
    connect,
    player_stats,
    recent_games,
    record_game,
)


def _made(*statements: str) -> Callable[[Path], None]:
    def make(path: Path) -> None:
        conn = sqlite3.connect(path)
        for statement in statements:
            conn.execute(statement)
        conn.commit()
        conn.close()
    return make


def _racko_s_and_more(path: Path) -> None:
    record_game(*with_header(finished_game(1)), path=path)
    _made("CREATE TABLE notes (body TEXT)", "PRAGMA application_id = 0")(path)


FOREIGN = {
    "other tables": _made("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)",
                          "INSERT INTO notes (body) VALUES ('precious')"),
    "other tables and a version": _made("CREATE TABLE notes (body TEXT)",
                                        "PRAGMA user_version = 1"),
    "a view": _made("CREATE VIEW answer AS SELECT 42"),
    "another program's mark": _made("PRAGMA application_id = 1196444487"),  # GeoPackage's
    "a games table of its own": _made("CREATE TABLE games (id INTEGER, title TEXT)",
                                      "PRAGMA user_version = 1"),
    "racko's tables and more": _racko_s_and_more,
}

USES: dict[str, Callable[[Path], object]] = {
    "adding a game": lambda path: record_game(*with_header(finished_game(2)), path=path),
    "listing the games": lambda path: recent_games(path=path),
    "the players' stats": lambda path: player_stats(path=path),
    "reading only": lambda path: connect(path, write=False).close(),
}


def _state(path: Path) -> tuple[str, list[str]]:
    """The file's bytes (as a digest) and what lies beside it."""
    return (hashlib.sha256(path.read_bytes()).hexdigest(),
            sorted(p.name for p in path.parent.iterdir()))


@pytest.mark.parametrize("use", list(USES))
@pytest.mark.parametrize("kind", list(FOREIGN))
def test_another_program_s_database_is_refused_and_left_untouched(
    tmp_path: Path, kind: str, use: str
) -> None:
    path = tmp_path / "history.sqlite3"
    FOREIGN[kind](path)
    before = _state(path)
    with pytest.raises(HistoryError) as caught:
        USES[use](path)
    assert (caught.value.problem, caught.value.file) == (HistoryProblem.FOREIGN, path)
    assert _state(path) == before


def test_the_sentence_names_the_file_and_why(tmp_path: Path) -> None:
    path = tmp_path / "history.sqlite3"
    said = history_error(HistoryError(HistoryProblem.FOREIGN, path))
    assert said == (f"The game history {path} is another program's database, not a racko "
                    "history, so racko leaves it untouched; move it away to keep a history.")


def test_racko_history_says_so_and_changes_nothing(home: Path) -> None:
    path = home / "history.sqlite3"
    FOREIGN["other tables"](path)
    before = _state(path)
    for command in (["history"], ["stats"]):
        result = racko(*command)
        assert_exited(result, 1)
        assert (f"{path} is another program's database, not a racko history, so racko leaves "
                "it untouched") in flat(result.output)
    assert _state(path) == before


def test_a_new_history_is_marked_as_racko_s(tmp_path: Path) -> None:
    path = tmp_path / "history.sqlite3"
    record_game(*with_header(finished_game(1)), path=path)
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
    assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION


def _unmarked(path: Path) -> None:
    """A history as racko made it before it marked them, holding one game."""
    record_game(*with_header(finished_game(1)), path=path)
    _made("PRAGMA application_id = 0")(path)


@pytest.mark.parametrize("use", list(USES))
def test_a_history_from_before_the_mark_keeps_working_and_is_marked_once_written(
    tmp_path: Path, use: str
) -> None:
    path = tmp_path / "history.sqlite3"
    _unmarked(path)
    USES[use](path)
    conn = sqlite3.connect(path)
    written = use == "adding a game"
    assert conn.execute("PRAGMA application_id").fetchone()[0] == (
        APPLICATION_ID if written else 0)
    assert len(recent_games(path=path)) == (2 if written else 1)  # its game kept


@pytest.mark.skipif(os.name != "posix", reason="permission bits")
def test_a_read_only_history_from_before_the_mark_is_read_and_not_marked(
    tmp_path: Path,
) -> None:
    path = tmp_path / "history.sqlite3"
    _unmarked(path)
    connect(path).close()  # its log checkpointed, as racko leaves it
    _made("PRAGMA application_id = 0", "PRAGMA journal_mode = DELETE")(path)
    path.chmod(0o444)
    before = _state(path)
    assert len(recent_games(path=path)) == 1
    assert _state(path) == before


def test_an_empty_database_is_made_racko_s_history(tmp_path: Path) -> None:
    path = tmp_path / "history.sqlite3"
    sqlite3.connect(path).close()
    record_game(*with_header(finished_game(1)), path=path)
    assert len(recent_games(path=path)) == 1
