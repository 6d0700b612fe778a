"""A history the player made read-only is left as it is, even by racko running as root: games
are played all the same, racko says once that the history is not kept, nothing is kept to be
added later, and the history can still be listed."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from builders import finished_game, write_record
from clirun import assert_exited, flat, racko
from test_history_locked import game_ending_on_resume, notes

from rack_o.store.history import HistoryError, HistoryProblem, connect, record_game
from rack_o.store.records import load_record

SAID = "is read-only, so racko leaves it as it is: finished games are not added to it."


def read_only_history(home: Path) -> Path:
    """A history holding one game (the record `earlier`), then made read-only."""
    database = home / "history.sqlite3"
    earlier = load_record(write_record(home / "games" / "earlier.jsonl", finished_game(4)))
    record_game(earlier.game, earlier.header, record=earlier.path, path=database)
    for file in home.glob("history.sqlite3*"):
        file.chmod(0o444)
    return database


def state(home: Path) -> dict[str, str]:
    """Every file of the history, by name, with the SHA-256 of its bytes."""
    return {file.name: hashlib.sha256(file.read_bytes()).hexdigest()
            for file in sorted(home.glob("history.sqlite3*"))}


def play(home: Path) -> list[str]:
    return ["play", "--players", "2", "--bots", "hard,hard", "--fast", "--target", "5"]


def resume(home: Path) -> list[str]:
    game_ending_on_resume(home, "ending", 8)
    return ["resume", "ending", "--fast"]


def simulate(home: Path) -> list[str]:
    return ["simulate", "--bots", "easy,medium", "--games", "2", "--target", "150", "--seed",
            "6", "--history"]


# simulate --history was asked to add the games: it says it could not, and exits with 1.
@pytest.mark.parametrize(("command", "code"), [(play, 0), (resume, 0), (simulate, 1)])
def test_a_game_played_with_a_read_only_history_leaves_it_as_it_is_and_says_so_once(
    home: Path, command: Callable[[Path], list[str]], code: int
) -> None:
    database = read_only_history(home)
    before = state(home)
    result = racko(*command(home))
    assert_exited(result, code)
    said = flat(result.output)
    assert said.count(f"The game history {database} {SAID}") == 1, said
    assert "added to the history later" not in said and "kept in" not in said
    assert state(home) == before
    assert notes() == []


def test_a_read_only_history_is_still_listed_and_refuses_to_be_written(home: Path) -> None:
    database = read_only_history(home)
    before = state(home)
    result = racko("history", "--json")
    assert_exited(result, 0)
    assert [row["id"] for row in json.loads(result.output)] == ["earlier"]
    with pytest.raises(HistoryError) as refused:
        connect(database).close()
    assert refused.value.problem is HistoryProblem.READ_ONLY
    assert state(home) == before


def _unprivileged() -> list[str]:
    """What runs a command so that the system refuses it a folder's write permission: as
    root, without the capabilities that let root write any folder; otherwise nothing."""
    if os.geteuid() != 0:
        return []
    if shutil.which("setpriv") is None:
        pytest.skip("running as root, and no setpriv to run racko without root's overrides")
    return ["setpriv", "--bounding-set=-dac_override,-dac_read_search"]


def _folder_read_only(home: Path) -> None:
    home.chmod(0o555)


def _folder_someone_else_s(home: Path) -> None:
    if os.geteuid() != 0:
        pytest.skip("only root can give a folder to another user")
    home.chmod(0o755)  # the others may only read it
    os.chown(home, 65534, -1)  # nobody's


def _file_read_only_too(home: Path) -> None:
    (home / "history.sqlite3").chmod(0o444)
    home.chmod(0o555)


@pytest.mark.skipif(os.name != "posix", reason="permission bits")
@pytest.mark.parametrize("folder", [_folder_read_only, _folder_someone_else_s,
                                    _file_read_only_too],
                         ids=["read-only", "another user's", "the file read-only too"])
@pytest.mark.parametrize("command", [["history", "--json"], ["stats", "--json"]],
                         ids=" ".join)
def test_a_history_in_a_folder_racko_may_not_write_is_still_listed_and_left_as_it_is(
    home: Path, folder: Callable[[Path], None], command: list[str]
) -> None:
    earlier = load_record(write_record(home / "games" / "earlier.jsonl", finished_game(4)))
    record_game(earlier.game, earlier.header, record=earlier.path)
    before = state(home), sorted(home.iterdir())
    folder(home)
    try:
        done = subprocess.run([*_unprivileged(), sys.executable, "-m", "rack_o", *command],
                              capture_output=True, text=True, timeout=120, check=False)
    finally:
        os.chown(home, os.geteuid(), -1)
        home.chmod(0o700)
    assert (done.returncode, done.stderr) == (0, ""), done.stderr
    listed = json.loads(done.stdout)
    if command[0] == "history":
        assert [row["id"] for row in listed] == ["earlier"]
    else:
        assert sorted(row["name"] for row in listed) == ["Ann", "Bob"]
    assert (state(home), sorted(home.iterdir())) == before
