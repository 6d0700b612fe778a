"""`racko history` with more games than one block: streamed, and the same text as ever."""

from __future__ import annotations

import dataclasses
import io
import json
from collections.abc import Sequence
from pathlib import Path

import pytest
from click.testing import CliRunner
from rich.console import Console

from rack_o import Rules
from rack_o.cli import history as history_module
from rack_o.cli import main
from rack_o.cli.history import BLOCK, game_id
from rack_o.cli.trimmed import Trimmed
from rack_o.match import Match, play_one
from rack_o.store.history import HistoryAppender, HistoryEntry, recent_games

GAMES = 2 * BLOCK + 137
ODD_NAMES = {5 * BLOCK // 4: "Bartholomew-Maximilian", 5 * BLOCK // 4 + 1: "山田太郎"}
"""Players far into the listing: one too long for the winner's column, one in wide cells."""


def entries(count: int) -> list[HistoryEntry]:
    """`count` distinct finished games (one played, the others its copies under new names)."""
    entry = play_one(Match(("easy", "medium"), Rules(2, target=75), 1, history=True), 0).entry
    assert entry is not None
    made = []
    for number in range(count):
        name = ODD_NAMES.get(count - 1 - number, "Ann")  # the newest is listed first
        seats = ((name, "human", 0, entry.seats[0][3], entry.seats[0][4]), *entry.seats[1:])
        made.append(dataclasses.replace(entry, fingerprint=str(number), seats=seats,
                                        finished=f"2026-11-29T21:{number // 60 % 60:02d}:"
                                                 f"{number % 60:02d}Z"))
    return made


@pytest.fixture(scope="module")
def home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    home = tmp_path_factory.mktemp("home")
    with HistoryAppender(source="simulate", path=home / "history.sqlite3") as appender:
        appender.add(entries(GAMES))
    return home


@pytest.fixture(autouse=True)
def at_home(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RACKO_HOME", str(home))
    monkeypatch.setenv("NO_COLOR", "1")


def run(*args: str) -> str:
    result = CliRunner().invoke(main, ["history", *args])
    assert result.exit_code == 0, result.output
    return result.output


def test_a_long_json_listing_is_the_json_of_every_game(home: Path) -> None:
    rows = [{**dataclasses.asdict(game), "id": game_id(game.record)}
            for game in recent_games(GAMES, path=home / "history.sqlite3")]
    assert len(rows) == GAMES
    assert run("--json", "--limit", "100000") == json.dumps(rows, indent=2,
                                                            ensure_ascii=False) + "\n"


@pytest.mark.slow
@pytest.mark.parametrize("limit", [BLOCK + 1, GAMES, 1_000_000])
def test_a_long_table_lists_every_game_once_under_one_heading(limit: int) -> None:
    out = run("--limit", str(limit))
    lines = out.splitlines()
    shown = min(limit, GAMES)
    assert sum("ID — (no record file)" in line for line in lines) == shown
    assert sum("Players and final scores" in line for line in lines) == 1
    assert sum("Finished games, the last finished first" in line for line in lines) == 1
    assert "racko replay ID" in lines[-1]
    if limit >= GAMES:
        assert "Bartholomew-Maximilian" in out.replace("\n", "").replace(" ", "")
        assert "山田太郎" in out


def rendered(print_to) -> str:  # type: ignore[no-untyped-def]
    buffer = io.StringIO()
    print_to(Console(file=buffer, width=90, highlight=False, emoji=False))
    return buffer.getvalue()


@pytest.mark.slow
def test_plain_rows_read_exactly_as_the_table_would_print_them(home: Path) -> None:
    games: Sequence = recent_games(GAMES, path=home / "history.sqlite3")[BLOCK:2 * BLOCK]
    assert any(name in game.players for game in games for name in ODD_NAMES.values())
    widths = history_module._Widths(10, 90 - 10 - 8 - 6 - 6, 8, 6)
    table = history_module._games_table(games, widths.winner, widths=widths, title=False,
                                        caption=False)
    plain = rendered(lambda console: history_module._print_plain(console, games, widths))
    assert plain == rendered(lambda console: console.print(Trimmed(table)))
