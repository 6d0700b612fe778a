"""Reading the history makes no file: with none there, `racko history` and `racko stats` say
no game was played and leave the folder as it was; a history that is a link to nothing is
said to be one, with where it points, and no file is made there, by reading or by writing a
game."""

from __future__ import annotations

import hashlib
import os
import sqlite3
from pathlib import Path

import pytest
from builders import finished_game, header_for
from clirun import assert_exited, flat, racko, squashed

from rack_o.cli.exits import EXIT_NOTHING
from rack_o.store.autosave import add_to_history, history_problem
from rack_o.store.history import (
    HistoryError,
    HistoryProblem,
    _open,
    player_stats,
    recent_games,
    record_game,
)


def _files(folder: Path) -> list[str]:
    return sorted(str(path.relative_to(folder)) for path in folder.rglob("*"))


@pytest.mark.parametrize("args", [["history"], ["stats"], ["history", "--json"],
                                  ["stats", "--json"], ["history", "--player", "Ann"]])
def test_with_no_history_reading_says_so_and_makes_no_file(home: Path, args: list[str]) -> None:
    before = _files(home)
    result = racko(*args)
    assert_exited(result, 0)
    assert result.output.startswith("No finished games") or result.output == "[]\n", result.output
    assert _files(home) == before  # no history.sqlite3, nor anything beside it


def test_reading_makes_not_even_the_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                           ) -> None:
    home = tmp_path / "not-yet"
    monkeypatch.setenv("RACKO_HOME", str(home))
    assert_exited(racko("history"), 0)
    assert_exited(racko("stats"), 0)
    assert not home.exists()
    assert recent_games(path=home / "history.sqlite3") == []
    assert player_stats(path=home / "history.sqlite3") == []
    assert not home.exists()


@pytest.fixture
def dangling(home: Path) -> tuple[Path, Path]:
    """The history, a link to a file that does not exist (elsewhere)."""
    target = home / "elsewhere" / "kept.sqlite3"
    target.parent.mkdir()
    link = home / "history.sqlite3"
    link.symlink_to(target)
    return link, target


@pytest.mark.parametrize("command", ["history", "stats"])
def test_a_history_linked_to_nothing_is_said_to_be_and_nothing_is_made(
    dangling: tuple[Path, Path], command: str
) -> None:
    link, target = dangling
    result = racko(command)
    assert_exited(result, EXIT_NOTHING)
    said = flat(result.output)
    assert "is a link to" in said and "which does not exist" in said, said
    assert squashed(str(link)) in squashed(result.output)
    assert squashed(str(target)) in squashed(result.output)
    assert not os.path.lexists(target)
    assert link.is_symlink() and os.readlink(link) == str(target)  # the link left as it was


def test_writing_a_game_never_follows_a_link_to_nothing(dangling: tuple[Path, Path]) -> None:
    link, target = dangling
    game = finished_game(4)
    problem = history_problem()  # what play says as a game starts
    assert problem is not None and problem.problem is HistoryProblem.BROKEN_LINK
    error = add_to_history(game, header_for(game), None)
    assert error is not None and error.problem is HistoryProblem.BROKEN_LINK
    assert error.file == link and error.detail == str(target)
    with pytest.raises(HistoryError) as raised:
        record_game(game, header_for(game), path=link)
    assert raised.value.problem is HistoryProblem.BROKEN_LINK
    assert not os.path.lexists(target)
    assert link.is_symlink() and os.readlink(link) == str(target)


def test_a_history_linked_to_a_file_is_written_there(home: Path) -> None:
    target = home / "elsewhere.sqlite3"
    record_game(finished_game(4), header_for(finished_game(4)), path=target)  # it exists
    link = home / "history.sqlite3"
    link.symlink_to(target)
    game = finished_game(5)
    assert add_to_history(game, header_for(game), None) is None
    assert link.is_symlink() and len(recent_games()) == 2


@pytest.mark.parametrize("create", [True, False])
def test_a_link_whose_file_goes_between_the_check_and_the_open_makes_no_file(
    dangling: tuple[Path, Path], create: bool
) -> None:
    link, target = dangling  # as if the target went just after `connect` looked at it
    with pytest.raises(HistoryError) as raised:
        _open(link, create=create)
    assert raised.value.problem is HistoryProblem.BROKEN_LINK
    assert raised.value.file == link and raised.value.detail == str(target)
    assert not os.path.lexists(target)
    assert link.is_symlink() and os.readlink(link) == str(target)


@pytest.mark.parametrize("damaged", [False, True], ids=["sound", "damaged"])
@pytest.mark.parametrize("command", [["history"], ["stats"], ["history", "--json"]])
def test_reading_leaves_a_history_unmarked_and_in_its_log_mode_as_it_was(
    home: Path, command: list[str], damaged: bool,
) -> None:
    # A history as an older racko made it (no mark, no WAL), or as another tool left it:
    # reading marked it and switched its log mode, even while saying it was left untouched.
    game = finished_game(4)
    record_game(game, header_for(game))
    path = home / "history.sqlite3"
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA application_id = 0")
    conn.execute("PRAGMA journal_mode = DELETE")
    if damaged:
        conn.execute("UPDATE seats SET total = 'lots'")
    conn.commit()
    conn.close()
    before = hashlib.sha256(path.read_bytes()).hexdigest()
    result = racko(*command)
    if damaged and command[0] == "history":
        assert_exited(result, 1)
        assert "it was left untouched" in flat(result.output)
    else:
        assert_exited(result, 0)
    assert hashlib.sha256(path.read_bytes()).hexdigest() == before
    assert sorted(p.name for p in home.iterdir() if p.name.startswith("history")) == [
        "history.sqlite3"]
