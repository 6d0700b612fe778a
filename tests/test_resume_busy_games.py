"""`racko resume` never suggests nor takes by default a game being played in another window:
the list says so, Enter takes the latest game nobody is playing, and a game picked that is
being played is a sentence and a second chance, not the end of the program."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path

import pytest
from builders import unfinished_game, write_record
from clirun import assert_exited, flat, racko

from rack_o.store.writer import RecordWriter

NEW = "2026-12-01-1541-ann-bob"
OLD = "2026-12-01-1540-ann-bob"


def _saved(home: Path, *ids: str) -> list[Path]:
    """Unfinished games saved under `ids`, the first played last."""
    paths = []
    for age, record_id in enumerate(ids):
        path = write_record(home / "games" / f"{record_id}.jsonl",
                            unfinished_game(4 + age, turns=5))
        os.utime(path, (2_000_000 - age, 2_000_000 - age))
        paths.append(path)
    return paths


@pytest.fixture
def playing() -> Iterator[ExitStack]:
    """Hold records as another racko playing them would (`playing.enter_context`)."""
    with ExitStack() as stack:
        yield stack


def test_the_list_of_one_game_being_played_does_not_suggest_resuming_it(
    home: Path, playing: ExitStack
) -> None:
    [path] = _saved(home, NEW)
    playing.enter_context(RecordWriter(path))
    listed = racko("resume", "--list")
    assert_exited(listed, 0)
    assert "being played now" in listed.output
    assert "Carry it on with: racko resume" not in listed.output
    assert listed.output.rstrip().splitlines()[-1] == (
        "That game is being played in another window right now: carry it on there.")


def test_resume_with_every_game_being_played_says_so_and_asks_nothing(
    home: Path, playing: ExitStack
) -> None:
    for path in _saved(home, NEW, OLD):
        playing.enter_context(RecordWriter(path))
    resumed = racko("resume", input="\n")
    assert_exited(resumed, 1)
    assert "Enter resumes" not in resumed.output and "resuming" not in resumed.output
    assert ("These games are all being played in other windows right now: carry one on "
            "there.") in flat(resumed.output)


@pytest.mark.parametrize(
    ("keys", "resumed"),
    [("\n", OLD), ("2\n", OLD), ("1\n2\n", OLD), ("1\nq\n", None)],
    ids=["Enter: the latest game nobody plays", "its number",
         "the game being played, then another", "the game being played, then q"],
)
def test_enter_takes_the_latest_game_nobody_plays_and_a_busy_pick_is_asked_again(
    home: Path, playing: ExitStack, keys: str, resumed: str | None
) -> None:
    busy, _free = _saved(home, NEW, OLD)
    playing.enter_context(RecordWriter(busy))
    result = racko("resume", input=keys)
    out = flat(result.output)
    assert f"Enter resumes #2, {OLD}" in out
    assert "being played right now in another racko" not in out
    if keys.startswith("1"):
        assert "#1 is being played in another window right now: type another number, or q." in out
        assert out.count("Enter resumes #2") == 2  # asked again
    if resumed is None:
        assert_exited(result, 0)
        assert "resuming" not in out
    else:
        assert f"resuming {resumed}" in out and f"resuming {NEW}" not in out


def test_the_list_of_several_games_tells_how_to_pick_one_when_one_is_free(
    home: Path, playing: ExitStack
) -> None:
    busy, _free = _saved(home, NEW, OLD)
    playing.enter_context(RecordWriter(busy))
    listed = racko("resume", "--list")
    assert_exited(listed, 0)
    assert flat(listed.output).endswith(
        "Carry one on with: racko resume ID (or run racko resume and type its number)")


@pytest.mark.parametrize("columns", [60, 80])
def test_a_game_being_played_is_refused_in_a_sentence_broken_between_words(
    home: Path, playing: ExitStack, monkeypatch: pytest.MonkeyPatch, columns: int
) -> None:
    monkeypatch.setenv("COLUMNS", str(columns))
    [path] = _saved(home, NEW)
    playing.enter_context(RecordWriter(path))
    refused = racko("resume", NEW, input="\n")
    assert_exited(refused, 1)
    # Named by its ID, as everywhere else (it was named by its file's path).
    said = (f"Error: {path.stem} is being played right now in another racko; carry on there, "
            "or quit it first.")
    lines = refused.output.rstrip("\n").splitlines()
    assert " ".join(lines) == said  # broken only where a space was
    assert all(len(line) <= columns for line in lines), lines
    assert len(lines) > 1
