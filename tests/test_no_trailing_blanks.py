"""Tables printed to a pipe or a file end no line in blanks and print no line of blanks: the
final standings (play, replay --summary), the history, the players' records (stats), the
unfinished games and simulate's results, in colour or not; the colours stay. Nor does any
line of a whole game played through a pipe (racks, wrapped sentences, prompts), at any width."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from builders import finished_game, unfinished_game, with_header, write_record
from clirun import assert_exited, racko

from rack_o.cli import history as history_module
from rack_o.store.history import record_game

ANSI = re.compile(r"\x1b\[[0-9;]*m")


def _blank_ended(output: str) -> list[str]:
    """The lines of `output` (colours left out) that end in blanks."""
    return [line for line in ANSI.sub("", output).splitlines() if line != line.rstrip()]


def _games(home: Path, names: list[str] | None = None, count: int = 3) -> None:
    """`count` finished games in the history, with their records."""
    for seed in range(count):
        game = finished_game(seed, players=4 if names else 2, names=names)
        game.started = f"2026-11-30T01:1{seed}:00Z"
        record_id = f"2026-11-30-011{seed}-{'-'.join(p.name.lower() for p in game.players)}"
        record_game(*with_header(game), record=home / "games" / f"{record_id}.jsonl")


def _coloured(monkeypatch: pytest.MonkeyPatch, colour: bool) -> None:
    if colour:
        monkeypatch.delenv("NO_COLOR")
        monkeypatch.setenv("FORCE_COLOR", "1")


@pytest.fixture(params=[False, True], ids=["plain", "colour"])
def colour(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch, home: Path) -> bool:
    _coloured(monkeypatch, request.param)
    return bool(request.param)


def _clean(output: str, colour: bool) -> None:
    assert _blank_ended(output) == [], output
    assert bool(ANSI.search(output)) is colour


def test_the_final_standings_of_a_game_played_through_a_pipe(home: Path, colour: bool) -> None:
    result = racko("play", "--players", "2", "--bots", "easy,easy", "--fast", "--target", "50",
                   "--seed", "1", input="")
    assert_exited(result, 0)
    lines = result.output.splitlines()
    [start] = [at for at, line in enumerate(lines) if "Final standings" in line]
    [end] = [at for at, line in enumerate(lines) if " wins with " in line]
    assert start < end
    _clean("\n".join(lines[start:end + 1]), colour)
    rounds = [at for at, line in enumerate(lines) if "Round 1 — " in line]
    assert rounds, result.output
    # The round's table too: its centred title was padded with blanks.
    _clean("\n".join(lines[rounds[0]:start]), colour)


# A person who always draws and discards, then confirms; an Enter where a key is not asked for
# is refused with a sentence, which is checked too.
ALWAYS_DISCARDS = "\nd\nx\n" * 3000


@pytest.mark.parametrize("columns", ["40", "80"], ids=["narrow", "normal"])
@pytest.mark.parametrize(("table", "typed"), [
    (["--players", "2", "--bot", "2=hard", "--names", "Ann"], ALWAYS_DISCARDS),
    (["--players", "2", "--bots", "easy,hard"], ""),
], ids=["a person against a bot", "bots alone"])
def test_every_line_of_a_whole_game_played_through_a_pipe(
    home: Path, monkeypatch: pytest.MonkeyPatch, colour: bool, columns: str, table: list[str],
    typed: str,
) -> None:
    monkeypatch.setenv("COLUMNS", columns)
    result = racko("play", *table, "--fast", "--target", "100", "--seed", "4", input=typed)
    assert_exited(result, 0)
    assert " wins with " in result.output
    assert "Drawing for the first deal" in result.output
    assert "Round 2: " in result.output
    _clean(result.output, colour)


def test_a_replay_summary(home: Path, colour: bool) -> None:
    path = write_record(home / "games" / "done.jsonl", finished_game(3))
    result = racko("replay", str(path), "--summary")
    assert_exited(result, 0)
    assert "Final standings" in result.output
    _clean(result.output, colour)


@pytest.mark.parametrize("block", [history_module.BLOCK, 2], ids=["one table", "streamed"])
@pytest.mark.parametrize("columns", ["60", "100"])
def test_the_history(home: Path, monkeypatch: pytest.MonkeyPatch, colour: bool, block: int,
                     columns: str) -> None:
    monkeypatch.setattr(history_module, "BLOCK", block)
    monkeypatch.setenv("COLUMNS", columns)
    _games(home, ["Annabelle", "Bartholomew", "Cyrus", "Dorothea"], count=5)
    result = racko("history")
    assert_exited(result, 0)
    assert "racko replay ID" in result.output
    _clean(result.output, colour)


def test_the_unfinished_games(home: Path, colour: bool) -> None:
    for seed in range(2):
        path = write_record(home / "games" / f"2026-11-29-210{seed}-ann-bob.jsonl",
                            unfinished_game(seed, turns=5))
        os.utime(path, (1_000_000 + seed, 1_000_000 + seed))
    result = racko("resume", "--list")
    assert_exited(result, 0)
    assert "Unfinished games" in result.output
    _clean(result.output, colour)


def test_simulate_s_results(home: Path, colour: bool) -> None:
    result = racko("simulate", "--bots", "easy,easy", "--games", "3", "--seed", "1")
    assert_exited(result, 0)
    assert "Results per seat" in result.output
    _clean(result.output, colour)


def test_the_players_records(home: Path, colour: bool) -> None:
    _games(home, ["Annabelle", "Bartholomew", "Cyrus", "Dorothea"])
    result = racko("stats")
    assert_exited(result, 0)
    assert "Annabelle" in result.output
    _clean(result.output, colour)
