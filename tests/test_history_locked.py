"""A history database another program keeps locked: racko says so at once, keeps the game,
and adds it on a later run (`racko history`, `stats`, or the end of the next game).

The lock is held by a second SQLite connection: a write transaction (readers go on, as WAL
allows) or an exclusive lock (nobody else may even read).
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from builders import finished_game, record_lines
from click.testing import CliRunner

from rack_o.cli import main
from rack_o.store.history import connect, recent_games
from rack_o.store.paths import pending_dir
from rack_o.store.pending import keep_for_later

AT_ONCE = 10.0
"""Seconds within which racko must have said the history is locked (it used to wait 15)."""


def run(args: list[str]) -> tuple[int, str, float]:
    start = time.monotonic()
    result = CliRunner().invoke(main, args)
    return result.exit_code, " ".join(result.output.split()), time.monotonic() - start


def game_ending_on_resume(home: Path, name: str, seed: int) -> Path:
    """A record holding a game's winning turn but not its end: `racko resume` finishes it
    without a key pressed."""
    lines = record_lines(finished_game(seed))
    last = max(index for index, line in enumerate(lines) if line["type"] == "turn")
    path = home / "games" / f"{name}.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in lines[: last + 1]))
    return path


def in_history(home: Path) -> set[str]:
    return {row.record for row in recent_games(path=home / "history.sqlite3") if row.record}


def notes() -> list[Path]:
    return sorted(pending_dir().glob("*.txt")) if pending_dir().exists() else []


@pytest.fixture(params=["write lock", "exclusive lock"])
def lock(request: pytest.FixtureRequest, home: Path) -> Iterator[sqlite3.Connection]:
    """Another program holding the history database's lock until the test lets go."""
    database = home / "history.sqlite3"
    connect(database).close()
    holder = sqlite3.connect(database, isolation_level=None)
    if request.param == "exclusive lock":
        holder.execute("PRAGMA locking_mode = EXCLUSIVE")
        holder.execute("BEGIN EXCLUSIVE")
    else:
        holder.execute("BEGIN IMMEDIATE")
    yield holder
    holder.close()


def test_a_game_ending_while_the_history_is_locked_is_kept_and_added_later(
    home: Path, lock: sqlite3.Connection
) -> None:
    path = game_ending_on_resume(home, "locked-out", 8)
    code, out, took = run(["resume", "locked-out", "--fast"])
    assert code == 0, out
    assert took < AT_ONCE
    assert f"The game history {home / 'history.sqlite3'} is locked by another program" in out
    assert f"The game is kept in {path} and will be added to the history later" in out
    assert len(notes()) == 1

    lock.close()  # the other program is done
    code, out, _took = run(["history", "--json"])
    assert code == 0, out
    assert [row["id"] for row in json.loads(out)] == ["locked-out"]
    assert notes() == []


@pytest.mark.parametrize("command", [["history"], ["stats"]])
def test_reading_a_history_another_program_keeps_from_readers_says_so_at_once(
    home: Path, command: list[str]
) -> None:
    database = home / "history.sqlite3"
    connect(database).close()
    holder = sqlite3.connect(database, isolation_level=None)
    holder.execute("PRAGMA locking_mode = EXCLUSIVE")
    holder.execute("BEGIN EXCLUSIVE")
    try:
        code, out, took = run(command)
    finally:
        holder.close()
    assert took < AT_ONCE, took
    assert f"The game history {database} is locked by another program" in out, (code, out)


def test_the_history_listing_says_how_many_games_wait_while_it_is_locked(home: Path) -> None:
    database = home / "history.sqlite3"
    connect(database).close()
    keep_for_later(game_ending_on_resume(home, "waiting", 8))
    holder = sqlite3.connect(database, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    result = CliRunner().invoke(main, ["history"])
    holder.close()
    assert result.exit_code == 0
    said = " ".join(result.output.split())
    assert "is locked by another program (database is locked). 1 finished game waits to be " \
        "added to it." in said
    assert len(notes()) == 1


def test_the_next_game_to_end_adds_the_kept_games_first(home: Path) -> None:
    kept = game_ending_on_resume(home, "kept", 8)
    CliRunner().invoke(main, ["resume", "kept", "--fast"])  # finished, and in the history
    database = home / "history.sqlite3"
    database.unlink()  # as if it could not take it: a fresh history, and a note
    keep_for_later(kept)
    game_ending_on_resume(home, "next", 9)
    code, out, _took = run(["resume", "next", "--fast"])
    assert code == 0, out
    assert in_history(home) == {str(kept.resolve()), str((home / "games" / "next.jsonl").resolve())}
    assert notes() == []


def test_a_note_whose_record_is_gone_or_unfinished_is_dropped(home: Path) -> None:
    gone = game_ending_on_resume(home, "gone", 8)
    keep_for_later(gone)
    gone.unlink()
    unfinished = home / "games" / "unfinished.jsonl"
    unfinished.write_text("".join(json.dumps(line) + "\n"
                                  for line in record_lines(finished_game(9))[:12]))
    keep_for_later(unfinished)
    code, out, _took = run(["stats"])
    assert code == 0, out
    assert notes() == []
    assert in_history(home) == set()


def test_a_kept_game_whose_record_cannot_be_read_now_waits_and_is_said_to(home: Path) -> None:
    # Dropping its note (as for a record that is gone) lost the game for ever, though the
    # file was only unreadable for a while. A link that loops stands for any such reason
    # (permissions would not stop root): the system refuses to open it.
    finished = finished_record(home, "kept", 7)
    kept = home / "games" / "kept.jsonl"
    keep_for_later(kept)
    finished.rename(home / "aside.jsonl")
    kept.symlink_to(kept.name)  # a link to itself
    code, out, _took = run(["history"])
    assert code == 0, out
    [note] = notes()
    assert (f"A finished game waits to be added to the history: {kept}: cannot be read (Too "
            f"many levels of symbolic links). It is added once its record can be read; delete "
            f"{note} to forget it.") in out
    assert in_history(home) == set()
    code, out, _took = run(["stats"])  # still waiting, and said again
    assert "A finished game waits" in out and notes() == [note]
    kept.unlink()
    (home / "aside.jsonl").rename(kept)
    code, out, _took = run(["history"])
    assert code == 0, out
    assert "waits" not in out
    assert notes() == [] and in_history(home) == {str(kept.resolve())}


def test_a_kept_game_whose_record_was_damaged_is_said_once_and_not_waited_for(
    home: Path,
) -> None:
    kept = finished_record(home, "kept", 7)
    keep_for_later(kept)
    kept.write_bytes(kept.read_bytes().replace(b'"type"', b'"tpye"', 1))  # its first line
    code, out, _took = run(["history"])
    assert code == 0, out
    assert (f"A finished game kept for the history cannot be added to it: {kept}, line 1:"
            in out)
    assert notes() == [] and in_history(home) == set()
    code, out, _took = run(["history"])
    assert "cannot be added" not in out


def test_only_racko_s_own_notes_are_counted_as_games_waiting(home: Path) -> None:
    kept = finished_record(home, "kept", 7)
    keep_for_later(kept)
    (pending_dir() / "a-README.txt").write_text("my notes about the games\n")
    (pending_dir() / "c.txt").write_text("relative/path.jsonl\n")
    (home / "history.sqlite3").write_text("not a database\n" * 200)
    code, out, _took = run(["history"])
    assert "1 finished game waits to be added to it." in out
    assert len(notes()) == 3


def test_a_read_only_notes_folder_is_left_as_it_is(home: Path) -> None:
    # Read-only by its bits: root, whom the system lets write it, leaves it too.
    kept = finished_record(home, "kept", 7)
    keep_for_later(kept)
    gone = home / "games" / "gone.jsonl"
    keep_for_later(gone)  # its record is never made
    pending_dir().chmod(0o555)
    try:
        before = notes()
        code, out, _took = run(["history"])
        assert code == 0, out
        assert in_history(home) == {str(kept.resolve())}
        assert notes() == before
    finally:
        pending_dir().chmod(0o755)


def finished_record(home: Path, name: str, seed: int) -> Path:
    """A finished game's record in the games folder, not in the history."""
    path = game_ending_on_resume(home, name, seed)
    code, out, _took = run(["resume", name, "--fast"])
    assert code == 0, out
    (home / "history.sqlite3").unlink()
    return path
