"""Odd things in the history's place, read by `racko history` and `racko stats`: an empty
file, or a database with nothing in it, holds no game and is left as it is (reading never
writes racko's tables into it); a folder, a named pipe or a link to a device is said to be
no regular file, naming it; a history missing one of racko's tables is named with the
reason. Nothing is changed, and nothing is made beside it."""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest
from builders import finished_game, header_for, record_lines
from clirun import assert_exited, flat, racko, squashed

from rack_o.store.history import record_game

READS = [("history",), ("stats",), ("history", "--json"), ("stats", "--json")]


def _state(home: Path) -> dict[str, tuple[int, int, int, bytes | None]]:
    """Every thing in `home`, by name: its kind, size, mtime and bytes (a file's)."""
    state = {}
    for path in sorted(home.rglob("*")):
        info = path.lstat()
        content = path.read_bytes() if path.is_file() and not path.is_symlink() else None
        state[str(path.relative_to(home))] = (info.st_mode, info.st_size, info.st_mtime_ns,
                                              content)
    return state


def _blank_database(path: Path) -> None:
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA journal_mode = WAL")  # a header SQLite writes: no table, no version
    conn.close()


def _read_only_empty(path: Path) -> None:
    path.write_bytes(b"")
    path.chmod(0o444)


EMPTY: dict[str, Callable[[Path], None]] = {
    "an empty file": lambda path: path.write_bytes(b""),
    "an empty read-only file": _read_only_empty,
    "a database with nothing in it": _blank_database,
}


@pytest.mark.parametrize("command", READS, ids=" ".join)
@pytest.mark.parametrize("kind", list(EMPTY))
def test_an_empty_history_holds_no_game_and_reading_leaves_it_as_it_is(
    home: Path, kind: str, command: tuple[str, ...]
) -> None:
    EMPTY[kind](home / "history.sqlite3")
    before = _state(home)
    result = racko(*command)
    assert_exited(result, 0)
    assert result.output.startswith("No finished games") or result.output == "[]\n", result.output
    assert _state(home) == before


def _fifo(path: Path) -> None:
    os.mkfifo(path)


NOT_FILES: dict[str, Callable[[Path], None]] = {
    "a folder": lambda path: path.mkdir(),
    "a named pipe": _fifo,
    "a link to /dev/null": lambda path: path.symlink_to(os.devnull),
    "a link to a folder": lambda path: path.symlink_to(path.parent / "games"),
}
NOT_A_FILE = ("is not a regular file (a folder, a device or a pipe), so racko leaves it as it "
              "is; move it away to keep a history.")


@pytest.mark.skipif(os.name != "posix", reason="named pipes and devices")
@pytest.mark.parametrize("command", READS, ids=" ".join)
@pytest.mark.parametrize("kind", list(NOT_FILES))
def test_a_history_that_is_no_regular_file_is_named_and_left_as_it_is(
    home: Path, kind: str, command: tuple[str, ...]
) -> None:
    path = home / "history.sqlite3"
    NOT_FILES[kind](path)
    before = _state(home)
    result = racko(*command)
    assert_exited(result, 1)
    assert squashed(f"Error: The game history {path} {NOT_A_FILE}") in squashed(result.output)
    assert "Traceback" not in result.output
    assert _state(home) == before


@pytest.mark.skipif(os.name != "posix", reason="named pipes and devices")
@pytest.mark.parametrize("kind", list(NOT_FILES))
def test_a_game_ending_with_no_regular_file_for_its_history_is_kept_for_later(
    home: Path, kind: str
) -> None:
    path = home / "history.sqlite3"
    NOT_FILES[kind](path)
    lines = record_lines(finished_game(8))
    last = max(index for index, line in enumerate(lines) if line["type"] == "turn")
    record = home / "games" / "2026-11-29-2105-ann-bob.jsonl"
    record.write_text("".join(json.dumps(line) + "\n" for line in lines[: last + 1]))
    before = path.lstat()
    result = racko("resume", "2026-11-29-2105-ann-bob", input="\n")
    assert_exited(result, 0)
    assert squashed(f"The game history {path} {NOT_A_FILE} The game is kept in {record}") in (
        squashed(result.output))
    after = path.lstat()
    assert (after.st_mode, after.st_mtime_ns) == (before.st_mode, before.st_mtime_ns)


def test_a_history_missing_a_table_is_named_with_the_reason(home: Path) -> None:
    path = home / "history.sqlite3"
    game = finished_game(8)
    record_game(game, header_for(game), path=path)
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("DROP TABLE rounds")
    conn.close()
    before = _state(home)
    result = racko("stats")
    assert_exited(result, 1)
    assert (f"Error: The game history {path} cannot be read: no such table: rounds."
            in flat(result.output))
    assert _state(home) == before


def _loop(path: Path) -> None:
    path.symlink_to(path.with_name("other.sqlite3"))
    path.with_name("other.sqlite3").symlink_to(path.name)


LINKS: dict[str, tuple[Callable[[Path], None], str]] = {
    "a link to itself": (lambda path: path.symlink_to(path.name),
                         "cannot be opened: too many levels of symbolic links."),
    "a loop of two links": (_loop, "cannot be opened: too many levels of symbolic links."),
    "a link through a file": (
        lambda path: (path.with_name("f").write_text("x"), path.symlink_to("f/x.sqlite3")),
        "is a link to f/x.sqlite3, which does not exist: racko makes no file there."),
}


@pytest.mark.skipif(os.name != "posix", reason="symbolic links")
@pytest.mark.parametrize("command", [*READS, ("resume", "2026-11-29-2105-ann-bob")], ids=" ".join)
@pytest.mark.parametrize("kind", list(LINKS))
def test_a_history_that_is_a_loop_of_links_is_said_to_be_one_and_left_as_it_is(
    home: Path, kind: str, command: tuple[str, ...]
) -> None:
    path = home / "history.sqlite3"
    make, said = LINKS[kind]
    make(path)
    lines = record_lines(finished_game(8))
    last = max(index for index, line in enumerate(lines) if line["type"] == "turn")
    (home / "games" / "2026-11-29-2105-ann-bob.jsonl").write_text(
        "".join(json.dumps(line) + "\n" for line in lines[: last + 1]))
    before = {name: state for name, state in _state(home).items()
              if not name.startswith(("games", "history-pending"))}
    result = racko(*command, input="\n")
    assert_exited(result, 0 if command[0] == "resume" else 1)
    assert squashed(f"The game history {path} {said}") in squashed(result.output)
    assert "Traceback" not in result.output
    after = {name: state for name, state in _state(home).items()
             if not name.startswith(("games", "history-pending"))}
    assert after == before
