"""Odd ID|FILE arguments: an empty one ("" from a script's empty variable) names no saved game
(it is not read as ".", the folder racko runs in); a link that leads round in a loop is a file
that cannot be read, said so, not "no such file"."""

from __future__ import annotations

from pathlib import Path

import pytest
from clirun import assert_exited, flat, racko


@pytest.mark.parametrize("ref", ["", " "])
@pytest.mark.parametrize("command", [["replay"], ["review"], ["resume"], ["resume", "--drop"]])
def test_an_empty_game_id_names_no_saved_game(home: Path, command: list[str], ref: str) -> None:
    result = racko(*command, ref)
    assert_exited(result, 2)
    said = flat(result.output)
    # Said to be empty: 'No saved game ""' read as if a game were missing.
    assert ("An empty ID names no game: give a game's ID (racko history and racko resume "
            "--list show them) or a record file.") in said
    assert "not a regular file" not in said


@pytest.mark.parametrize("command", ["replay", "review", "resume"])
def test_a_link_that_loops_is_a_record_that_cannot_be_read(
    home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, command: str
) -> None:
    (tmp_path / "a").symlink_to(tmp_path / "b")
    (tmp_path / "b").symlink_to(tmp_path / "a")
    monkeypatch.chdir(tmp_path)  # named bare, as a saved game's ID could be
    result = racko(command, "a")
    assert_exited(result, 2)
    said = flat(result.output)
    assert f"cannot {command} a: cannot be read (Too many levels of symbolic links)" in said


GONE = ("is in the history, but its record {record} is gone (moved or deleted): the history "
        "keeps only its scores.")
GONE_FILE = ("{record}: gone (moved or deleted): the history lists its game, but keeps only its "
             "scores")


@pytest.mark.parametrize(("ref", "said"), [
    ("game-00001", 'The game "game-00001" ' + GONE),
    ("game-0", 'The game "game-00001" ' + GONE),  # the start of its ID, as for a saved game
    ("game-00001.jsonl", "cannot {command} " + GONE_FILE),  # its file's name
    ("{record}", "cannot {command} " + GONE_FILE),  # its file
], ids=["ID", "ID's start", "file name", "file"])
@pytest.mark.parametrize("command", ["replay", "review", "resume"])
def test_a_game_the_history_lists_whose_record_is_gone_is_said_to_be(
    home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, command: str, ref: str,
    said: str
) -> None:
    # racko history listed "ID game-00001", and replay said there was no such saved game.
    result = racko("simulate", "--bots", "easy,easy", "--games", "1", "--target", "50",
                   "--seed", "1", "--record-dir", str(home / "games"), "--history")
    assert_exited(result, 0)
    record = home / "games" / "game-00001.jsonl"
    record.unlink()
    monkeypatch.chdir(tmp_path)
    result = racko(command, ref.format(record=record))
    assert_exited(result, 2)
    assert said.format(command=command, record=record) in flat(result.output)


@pytest.mark.parametrize("ref", ["game-0", "game-00001.jsonl"])
def test_only_games_the_history_lists_are_said_to_be_gone(home: Path, tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch,
                                                          ref: str) -> None:
    # Two gone games answer to "game-0": both are named. No history: a file name is a file
    # here, as before.
    result = racko("simulate", "--bots", "easy,easy", "--games", "2", "--target", "50",
                   "--seed", "1", "--record-dir", str(home / "games"),
                   *(["--history"] if ref == "game-0" else []))
    assert_exited(result, 0)
    for record in (home / "games").iterdir():
        record.unlink()
    monkeypatch.chdir(tmp_path)
    result = racko("replay", ref)
    assert_exited(result, 2)
    if ref == "game-0":  # both are named, neither picked
        assert ('"game-0" starts the IDs of 2 games in the history whose records are gone '
                "(moved or deleted): the history keeps only their scores. game-00001 "
                "game-00002") in flat(result.output)
    else:
        assert "is gone" not in flat(result.output)
        assert f"cannot replay {ref}: no such file" in flat(result.output)


def test_a_folder_here_named_like_the_start_of_an_id_does_not_hide_the_saved_games(
    home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A folder "game-0" where racko runs said "cannot replay game-0: not a regular file".
    result = racko("simulate", "--bots", "easy,easy", "--games", "1", "--target", "50",
                   "--seed", "1", "--record-dir", str(home / "games"))
    assert_exited(result, 0)
    monkeypatch.chdir(tmp_path)
    (tmp_path / "game-0").mkdir()
    (tmp_path / "other").mkdir()
    result = racko("replay", "game-0", "--summary")
    assert_exited(result, 0)
    assert "game-00001" in flat(result.output)
    # A folder that starts no saved game's ID is what it names: said to be no record.
    result = racko("replay", "other")
    assert_exited(result, 2)
    assert "cannot replay other: not a regular file" in flat(result.output)
