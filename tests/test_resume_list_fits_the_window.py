"""racko resume's picker shows the games that fit the window with its question, #1 first, and
says how many more there are: the game "Enter resumes #1" names is never scrolled off a small
window. `--list` lists every game."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from builders import unfinished_game, write_record
from clirun import racko


def _saved(home: Path, count: int) -> None:
    for age in range(count):
        path = write_record(home / "games" / f"2026-12-01-15{age:02d}-ann-bob.jsonl",
                            unfinished_game(4 + age, turns=5))
        os.utime(path, (2_000_000 - age, 2_000_000 - age))


@pytest.mark.parametrize(("columns", "lines"), [(50, 16), (80, 24), (45, 15)])
def test_the_picker_s_list_and_question_fit_the_window(
    home: Path, monkeypatch: pytest.MonkeyPatch, columns: int, lines: int
) -> None:
    monkeypatch.setenv("COLUMNS", str(columns))
    monkeypatch.setenv("LINES", str(lines))
    _saved(home, 12)
    result = racko("resume", input="q\n")
    assert result.exit_code == 0, result.output
    said = result.output.splitlines()
    asked = next(number for number, line in enumerate(said) if "resumes #1" in line
                 or "Enter #1" in line)
    window = said[max(0, asked + 1 - lines):asked + 1]  # what the window holds at the question
    assert any(line.split()[:2] == ["1", "2026-12-01-1500-ann-bob"] or "#1" in line.split()[:1]
               for line in window), "\n".join(window)
    hidden = [age for age in range(12) if f"2026-12-01-15{age:02d}-ann-bob" not in result.output]
    assert hidden == list(range(12 - len(hidden), 12))  # the latest first, the oldest left out
    assert hidden, result.output  # 12 games never fit these windows
    assert f"{len(hidden)} more games are not shown" in " ".join(result.output.split())


def test_a_number_of_a_game_not_shown_is_still_taken(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "50")
    monkeypatch.setenv("LINES", "16")
    _saved(home, 12)
    result = racko("resume", input="12\n")
    assert "resuming 2026-12-01-1511-ann-bob" in result.output, result.output


def test_list_shows_every_game(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "50")
    monkeypatch.setenv("LINES", "16")
    _saved(home, 12)
    result = racko("resume", "--list")
    assert all(f"2026-12-01-15{age:02d}-ann-bob" in result.output for age in range(12))
    assert "not shown" not in result.output
