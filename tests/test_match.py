"""`rack_o.match`: seeds, chunks handed out a few at a time, a running tally, records written
through the store's writer, and history entries added chunk by chunk."""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any

import broken_bots
import pytest

import rack_o.match as match_module
import rack_o.store.writer as writer_module
from rack_o import Rules, rebuild
from rack_o.cli.seating import name_seats
from rack_o.match import (
    AHEAD,
    MAX_CHUNK,
    ChunkRun,
    Match,
    chunk_size,
    chunks,
    game_seed,
    play_chunk,
    play_many,
    play_match,
    play_one,
    process_pool,
    record_name,
    seat_turns,
)
from rack_o.store.history import recent_games
from rack_o.store.records import load_record
from rack_o.store.writer import RecordWriter
from rack_o.tally import Tally, wilson

EASY = Match(("easy", "medium"), Rules(2, target=100), 7)


class Inline(Executor):
    """Runs each chunk as it is handed out, and counts what it was given."""

    def __init__(self) -> None:
        self.submitted = 0

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        self.submitted += 1
        future: Future[Any] = Future()
        future.set_result(fn(*args, **kwargs))
        return future


@pytest.mark.parametrize(
    ("turns", "first", "expected"),
    [(7, 0, (4, 3)), (7, 1, (3, 4)), (9, 2, (3, 3, 3)), (10, 2, (3, 3, 4))],
)
def test_each_seat_played_its_share_of_a_round(turns: int, first: int, expected) -> None:
    assert seat_turns(turns, first, len(expected)) == expected


@pytest.mark.parametrize(("wins", "n"), [(0, 10), (5, 10), (10, 10), (812, 1000)])
def test_wilson_interval_holds_the_rate(wins: int, n: int) -> None:
    low, high = wilson(wins, n)
    assert 0 <= low <= wins / n <= high <= 1
    assert high - low < 0.6


@pytest.mark.parametrize(("seed", "index"), [(1, 0), (1, 1), (2026, 57), ("x", 3)])
def test_a_game_seed_depends_only_on_the_match_seed_and_the_game(seed, index: int) -> None:
    assert game_seed(seed, index) == game_seed(seed, index)
    assert game_seed(seed, index) != game_seed(seed, index + 1)


@pytest.mark.parametrize(
    ("games", "workers", "size"),
    [(1_000_000, 1, 1), (1_000_000, 2, MAX_CHUNK), (53, 2, 3), (3, 8, 1)],
)
def test_chunks_are_made_one_at_a_time_and_cover_every_game(
    games: int, workers: int, size: int
) -> None:
    assert chunk_size(games, workers) == size
    made = chunks(games, size)
    first = next(made)
    assert list(first) == list(range(min(size, games)))
    if games < 1000:
        assert [i for chunk in chunks(games, size) for i in chunk] == list(range(games))


def test_only_a_few_chunks_are_handed_out_ahead_of_those_taken() -> None:
    executor = Inline()
    run = ChunkRun(EASY, 200, executor, workers=2)
    total = -(-200 // chunk_size(200, 2))
    taken = iter(run)
    next(taken)
    assert executor.submitted == 2 * AHEAD < total
    assert 1 + sum(1 for _ in taken) == total == executor.submitted


def test_a_chunk_being_taken_when_a_ctrl_c_comes_is_yielded_again_by_stop() -> None:
    run = ChunkRun(EASY, 40, Inline(), workers=2)
    taken = iter(run)
    first = next(taken)  # and a Ctrl-C before the next is asked for
    rest = list(run.stop())
    assert rest[0] == first
    played = sorted(outcome.index for batch in rest for outcome in batch)
    assert played == sorted(set(played)) and len(rest) == 2 * AHEAD


def test_without_an_executor_the_chunk_being_taken_is_yielded_again_by_stop() -> None:
    run = ChunkRun(EASY, 5)
    taken = iter(run)
    next(taken)
    second = next(taken)  # and a Ctrl-C before the next is asked for
    assert list(run.stop()) == [second]


@pytest.mark.parametrize("workers", [0, 2], ids=["played here", "two workers"])
def test_a_ctrl_c_while_a_chunk_is_counted_loses_none_of_its_games_and_counts_none_twice(
    monkeypatch: pytest.MonkeyPatch, workers: int
) -> None:
    seen: dict[int, match_module.GameOutcome] = {}
    calls = 0
    add = Tally.add

    def interrupted(tally: Tally, outcome: match_module.GameOutcome) -> None:
        nonlocal calls
        calls += 1
        seen[outcome.index] = outcome
        add(tally, outcome)
        if calls == 3:  # in the middle of the first chunk, that game counted
            raise KeyboardInterrupt

    monkeypatch.setattr(Tally, "add", interrupted)
    if workers:
        with ThreadPoolExecutor(workers) as pool:
            result = play_match(EASY, 200, pool, workers=workers)
    else:
        result = play_match(EASY, 200)
    assert result.stopped
    # Every game finished is counted once: the tally is the tally of those games.
    expected = Tally(EASY.specs, EASY.rules)
    for outcome in seen.values():
        add(expected, outcome)
    assert result.tally == expected
    assert result.tally.games == len(seen) >= 3


@pytest.mark.parametrize("workers", [2, 3])
def test_the_tally_does_not_depend_on_where_or_in_what_order_games_are_played(
    workers: int,
) -> None:
    here = play_match(EASY, 12).tally
    with ThreadPoolExecutor(workers) as pool:
        spread = play_match(EASY, 12, pool, workers=workers).tally
    assert spread == here
    assert here.games == 12 and sum(here.games_won) == 12


def test_records_are_written_through_the_store_writer_and_rebuild_to_the_outcome(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    opened: list[Path] = []

    class Spy(RecordWriter):
        def __init__(self, path: Path, *args: Any, **kwargs: Any) -> None:
            opened.append(Path(path))
            super().__init__(path, *args, **kwargs)

    monkeypatch.setattr(writer_module, "RecordWriter", Spy)
    match = Match(EASY.specs, EASY.rules, EASY.seed, record_dir=str(tmp_path))
    outcomes = play_chunk(match, range(3))
    # Each under its part name while its game is played (`begin_record`), then its own.
    assert opened == [tmp_path / f"{record_name(index)}.part" for index in range(3)]
    assert sorted(path.name for path in tmp_path.iterdir()) == [record_name(i) for i in range(3)]
    for outcome in outcomes:
        game = rebuild((tmp_path / record_name(outcome.index)).read_text(encoding="utf-8")).game
        assert game.winner == outcome.winner
        assert [r.points for r in game.rounds] == [line.points for line in outcome.rounds]


def test_a_record_is_written_line_by_line_as_the_game_is_played(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # rack-o/1: "a writer appends each event as soon as it happens and flushes it, so a crash
    # loses at most the event being written"; a simulation's records too.
    on_file: list[bool] = []
    play = match_module.play_game

    def watched(game: Any, bots: Any, **options: Any) -> Any:
        write = game.on_step
        written = 1 + len(game.steps)  # the game line, then each step: the dealer draw

        def step(made: Any) -> None:
            nonlocal written
            write(made)
            written += 1
            part = tmp_path / f"{record_name(0)}.part"  # its name until the game ends
            lines = part.read_text(encoding="utf-8").splitlines()
            on_file.append(len(lines) == written)

        game.on_step = step
        return play(game, bots, **options)

    monkeypatch.setattr(match_module, "play_game", watched)
    [outcome] = play_chunk(Match(EASY.specs, EASY.rules, EASY.seed, record_dir=str(tmp_path)),
                           range(1))
    assert outcome.winner is not None
    assert len(on_file) > 20 and all(on_file)


def test_a_record_that_cannot_be_written_whole_is_not_left(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A disk full halfway through a line: the file kept half a line, and stayed.
    import errno
    import os

    import rack_o.store.writer as writer_module

    writes = 0

    def full_disk(fd: int, data: bytes) -> None:
        nonlocal writes
        writes += 1
        if writes == 20:
            os.write(fd, data[: len(data) // 2])
            raise OSError(errno.ENOSPC, "No space left on device")
        os.write(fd, data)

    monkeypatch.setattr(writer_module, "_write_all", full_disk)
    with pytest.raises(OSError):
        play_chunk(Match(EASY.specs, EASY.rules, EASY.seed, record_dir=str(tmp_path)), range(1))
    assert list(tmp_path.iterdir()) == []


def test_a_record_already_there_is_never_overwritten(tmp_path: Path) -> None:
    (tmp_path / record_name(0)).write_text("mine\n", encoding="utf-8")
    with pytest.raises(FileExistsError):
        play_one(Match(EASY.specs, EASY.rules, EASY.seed, record_dir=str(tmp_path)), 0)
    assert (tmp_path / record_name(0)).read_text(encoding="utf-8") == "mine\n"


def test_finished_games_reach_the_history_chunk_by_chunk(tmp_path: Path) -> None:
    db = tmp_path / "history.sqlite3"
    seen: list[int] = []

    def count(_games: int) -> None:
        # Another connection sees each chunk's games once the chunk is counted.
        seen.append(sqlite3.connect(db).execute("SELECT COUNT(*) FROM games").fetchone()[0])

    match = Match(EASY.specs, EASY.rules, EASY.seed, history=True)
    with ThreadPoolExecutor(2) as pool:
        result = play_match(match, 20, pool, workers=2, on_chunk=count, history_path=db)
    assert result.added == 20 and result.history_error is None
    assert seen == sorted(seen) and len(seen) == -(-20 // chunk_size(20, 2)) and seen[-1] == 20
    rows = recent_games(100, path=db)
    assert len(rows) == 20 and {row.source for row in rows} == {"simulate"}
    assert sorted(row.rounds for row in rows) == sorted(
        len(outcome.rounds) for outcome in play_chunk(EASY, range(20)))


def test_a_history_that_cannot_be_opened_leaves_the_match_to_play_on(tmp_path: Path) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("", encoding="utf-8")
    match = Match(EASY.specs, EASY.rules, EASY.seed, history=True)
    result = play_match(match, 3, history_path=blocked / "history.sqlite3")
    assert result.history_error is not None and result.added == 0
    assert result.tally.games == 3


def test_a_broken_game_stops_the_match_there() -> None:
    match = Match(("hard", "broken_bots:Crasher"), Rules(2), 1)
    result = play_match(match, 5)
    assert result.broken is not None and result.broken.index == 0
    assert "Crasher (seat 2) failed" in (result.broken.error or "")
    assert result.tally.games == 1


def test_each_seat_of_each_game_gets_a_new_instance_of_a_user_bot(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(broken_bots.Census, "made", [])
    outcomes = play_many(("broken_bots:Census", "broken_bots:Census", "easy"), Rules(3), 5,
                         range(3), turn_cap=40)
    assert len(outcomes) == 3
    made = broken_bots.Census.made
    assert len(made) == 6  # docs/bots.md, "Instances": one per seat per game
    assert sorted(seat for bot in made for seat in bot.seats) == [0, 0, 0, 1, 1, 1]


def test_ctrl_c_keeps_the_games_finished_before_it(monkeypatch: pytest.MonkeyPatch) -> None:
    play = match_module.play_one

    def stopped_at_game_3(
        match: Match, index: int, keep: Callable[[match_module.GameOutcome], None]
    ) -> match_module.GameOutcome:
        if index == 3:
            raise KeyboardInterrupt
        return play(match, index, keep)

    monkeypatch.setattr(match_module, "play_one", stopped_at_game_3)
    result = play_match(EASY, 10)
    assert result.stopped and result.tally.games == 3


class Running(Executor):
    """The first chunks handed out come back at once, all together; the last is running (it
    cannot be cancelled) and comes back a moment later, from another thread."""

    def __init__(self) -> None:
        self.submitted = 0

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        self.submitted += 1
        future: Future[Any] = Future()
        future.set_running_or_notify_cancel()
        result = fn(*args, **kwargs)
        if self.submitted < 2 * AHEAD:
            future.set_result(result)
        else:
            threading.Timer(0.05, future.set_result, (result,)).start()
        return future


def test_after_ctrl_c_the_chunks_in_hand_finish_and_count_and_no_more_start() -> None:
    executor = Running()
    calls: list[int] = []

    def ctrl_c_at_first(games: int) -> None:
        calls.append(games)
        if len(calls) == 1:
            raise KeyboardInterrupt

    result = play_match(EASY, 200, executor, workers=2, on_chunk=ctrl_c_at_first)
    size = chunk_size(200, 2)
    assert result.stopped
    assert executor.submitted == 2 * AHEAD
    assert result.tally.games == sum(calls) == 2 * AHEAD * size


def test_after_ctrl_c_local_workers_end_their_chunks_with_the_game_under_way() -> None:
    # Chunks of up to 25 games finished whole would keep a Ctrl-C waiting minutes with a
    # slow bot; each game here takes a third of a second.
    match = Match(("broken_bots:Slow", "easy"), Rules(2, target=100), 7)
    games = 64
    size = chunk_size(games, 2)
    calls: list[int] = []

    def ctrl_c_at_first(count: int) -> None:
        calls.append(count)
        if len(calls) == 1:
            raise KeyboardInterrupt

    pool, workers = process_pool(2, games)
    with pool:
        result = play_match(match, games, pool, workers=workers, on_chunk=ctrl_c_at_first)
    assert result.stopped and size == 4
    # The first chunk, the other worker's (begun together), and at most the one game each
    # worker began before it heard: not the 2 * AHEAD chunks handed out.
    assert size <= result.tally.games <= 2 * size + workers < 2 * AHEAD * size


@pytest.mark.parametrize("where", ["as its outcome is made", "as its record is closed"])
def test_a_signal_stopping_a_match_leaves_as_many_records_as_games_counted(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, where: str
) -> None:
    # SIGHUP (a closed terminal) comes while game 3 ends: whatever it cuts, each record
    # written is a game counted, and each game counted has its record.
    import os
    import signal

    from rack_o.cli.stopping import stopped_by_signals

    def hang_up() -> None:
        os.kill(os.getpid(), signal.SIGHUP)

    if where == "as its outcome is made":
        made = match_module.GameOutcome

        def outcome(index: int, *rest: Any, **named: Any) -> match_module.GameOutcome:
            if index == 2:
                hang_up()
            return made(index, *rest, **named)

        monkeypatch.setattr(match_module, "GameOutcome", outcome)
    else:
        close = RecordWriter.close
        closed = 0

        def closing(writer: RecordWriter) -> None:
            nonlocal closed
            close(writer)
            closed += 1
            if closed == 3:
                hang_up()

        monkeypatch.setattr(RecordWriter, "close", closing)
    records = tmp_path / "records"
    records.mkdir()
    match = Match(("easy", "medium"), Rules(2, target=100), 7, record_dir=str(records))
    with pytest.raises(SystemExit), stopped_by_signals(new_line=False) as signals:
        # Between chunks, as racko simulate does: a signal put off lands there at the latest.
        result = play_match(match, 50, on_chunk=lambda games: signals.check())
    assert result.stopped
    assert len(list(records.iterdir())) == result.tally.games >= 2


def test_a_match_seats_its_bots_under_the_names_racko_play_gives_them(tmp_path: Path) -> None:
    specs = ("hard", "Hard", "easy")
    play_match(Match(specs, Rules(3, target=50), 3, record_dir=str(tmp_path)), 1)
    (path,) = tmp_path.iterdir()
    seated = [player.name for player in load_record(path).game.players]
    assert seated == name_seats(3, specs, None) == ["Hard 1", "Hard 2", "Easy"]
