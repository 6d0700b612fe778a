"""The history database: created on first use, versioned, one transaction per game, shareable."""

from __future__ import annotations

import hashlib
import sqlite3
import subprocess
import sys
from pathlib import Path
from statistics import mean

import pytest
from builders import finished_game, header_for, unfinished_game, with_header

from rack_o.cli.messages import history_error
from rack_o.store.history import (
    SCHEMA_VERSION,
    HistoryAppender,
    HistoryError,
    HistoryProblem,
    connect,
    history_entry,
    player_stats,
    recent_games,
    record_game,
)


def test_the_database_is_created_on_first_write_with_its_schema_version_and_wal(
    tmp_path: Path,
) -> None:
    path = tmp_path / "deep" / "history.sqlite3"
    assert recent_games(path=path) == []
    assert not path.parent.exists()  # reading makes nothing
    game = finished_game(4)
    record_game(game, header_for(game), path=path)
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_a_game_is_recorded_once_with_its_players_scores_and_rounds(tmp_path: Path) -> None:
    db = tmp_path / "h.sqlite3"
    game = finished_game(21, players=3)
    first = record_game(game, header_for(game), record=tmp_path / "g.jsonl", path=db)
    assert first is not None
    assert record_game(game, header_for(game), path=db) is None  # the same game offered again
    [row] = recent_games(path=db)
    assert row.players == ["Ann", "Bob", "Cy"]
    assert row.kinds == ["human", "bot:easy", "bot:easy"]
    assert row.totals == list(game.totals)
    assert row.winner == ["Ann", "Bob", "Cy"][game.winner]
    assert row.rounds == len(game.rounds)
    assert row.started == "2026-11-29T21:05:00Z"
    assert row.record == str(tmp_path / "g.jsonl")
    assert row.source == "play"


def test_an_unfinished_game_is_not_history(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="only a finished game"):
        record_game(*with_header(unfinished_game(1, turns=5)), path=tmp_path / "h.sqlite3")


@pytest.mark.slow
def test_stats_per_player_name_match_the_games(tmp_path: Path) -> None:
    db = tmp_path / "h.sqlite3"
    games = [finished_game(seed, players=2 + seed % 3) for seed in range(6)]
    for game in games:
        record_game(game, header_for(game), path=db)
    stats = {s.name: s for s in player_stats(path=db)}
    for name in ("Ann", "Bob", "Cy", "Di"):
        seats = [
            (game, [p.name for p in game.players].index(name))
            for game in games
            if name in [p.name for p in game.players]
        ]
        rounds = [r.points[seat] for game, seat in seats for r in game.rounds]
        s = stats[name]
        assert s.games == len(seats)
        assert s.wins == sum(game.winner == seat for game, seat in seats)
        assert s.win_rate == round(s.wins / s.games, 4)
        assert s.rounds == len(rounds)
        assert s.mean_round_points == round(mean(rounds), 2)
        assert s.best_round == max(rounds)
        assert s.rackos == sum(r.racko == seat for game, seat in seats for r in game.rounds)
    assert stats["Bob"].kinds == ["bot:easy"]
    wins = [s.wins for s in player_stats(path=db)]
    assert wins == sorted(wins, reverse=True)


def test_partners_win_together(tmp_path: Path) -> None:
    db = tmp_path / "h.sqlite3"
    game = finished_game(5, players=4, partners=True)
    record_game(game, header_for(game), path=db)
    [row] = recent_games(path=db)
    assert row.sides == ["Ann & Cy", "Bob & Di"]
    assert row.members == [[0, 2], [1, 3]]  # seats 1 & 3 against 2 & 4
    assert row.winner == row.sides[game.winner]
    stats = {s.name: s for s in player_stats(path=db)}
    winners = {name for name, s in stats.items() if s.wins}
    assert winners == set(row.winner.split(" & "))


@pytest.mark.slow
def test_recent_games_newest_first_and_by_player(tmp_path: Path) -> None:
    db = tmp_path / "h.sqlite3"
    for seed in range(5):
        record_game(*with_header(finished_game(seed, players=2 + seed % 2)), path=db)
    rows = recent_games(limit=3, path=db)
    assert [r.id for r in rows] == [5, 4, 3]
    assert {r.id for r in recent_games(player="Cy", path=db)} == {2, 4}


@pytest.mark.parametrize(
    ("what", "problem"),
    [("a directory", HistoryProblem.NOT_A_FILE), ("a text file", HistoryProblem.CANNOT_OPEN),
     ("a newer schema", HistoryProblem.NEWER_SCHEMA)],
)
def test_a_database_that_cannot_be_opened_says_so_and_is_left_alone(
    tmp_path: Path, what: str, problem: HistoryProblem
) -> None:
    path = tmp_path / "history.sqlite3"
    if what == "a directory":
        path.mkdir()
    elif what == "a text file":
        path.write_text("my shopping list\n" * 300)
    else:
        conn = sqlite3.connect(path)
        conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
        conn.close()
    before = path.is_file() and hashlib.sha256(path.read_bytes()).hexdigest()
    with pytest.raises(HistoryError) as caught:
        record_game(*with_header(finished_game(1)), path=path)
    assert (caught.value.problem, caught.value.file) == (problem, path)
    assert str(path) in history_error(caught.value)
    assert (path.is_file() and hashlib.sha256(path.read_bytes()).hexdigest()) == before


def test_an_older_database_is_migrated(tmp_path: Path) -> None:
    path = tmp_path / "history.sqlite3"
    sqlite3.connect(path).close()  # version 0: an empty database
    connect(path).close()
    assert sqlite3.connect(path).execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION


WRITER = """
import sys
sys.path.insert(0, {tests!r})
from builders import finished_game, with_header
from rack_o.store.history import record_game
for seed in range({first}, {first} + 12):
    record_game(*with_header(finished_game(seed)), path={db!r})
"""


@pytest.mark.slow
def test_two_processes_writing_at_once_lose_nothing(tmp_path: Path) -> None:
    db = str(tmp_path / "history.sqlite3")
    tests = str(Path(__file__).parent)
    writers = [
        subprocess.Popen([sys.executable, "-c", WRITER.format(tests=tests, first=first, db=db)])
        for first in (0, 100)
    ]
    assert [w.wait(timeout=120) for w in writers] == [0, 0]
    rows = recent_games(limit=100, path=db)
    assert len(rows) == 24
    conn = sqlite3.connect(db)
    assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    assert conn.execute("SELECT COUNT(*) FROM seats").fetchone()[0] == 48


def test_many_games_at_once_each_once_and_only_finished_ones(tmp_path: Path) -> None:
    # As racko simulate adds its games: over one connection, each game once.
    db = tmp_path / "h.sqlite3"
    games = [finished_game(seed) for seed in range(3)]
    with HistoryAppender(source="simulate", path=db) as appender:
        assert appender.add(history_entry(game, header_for(game), None) for game in games) == 3
    with HistoryAppender(source="simulate", path=db) as appender:
        assert appender.add([history_entry(games[0], header_for(games[0]), None)]) == 0
    unfinished = unfinished_game(3, turns=4)
    with pytest.raises(ValueError, match="only a finished game"):
        history_entry(unfinished, header_for(unfinished), None)
    rows = recent_games(path=db)
    assert len(rows) == 3 and {row.source for row in rows} == {"simulate"}
