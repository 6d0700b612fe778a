"""Many seeded games between bots, on any executor (`rack_o.executors`), counted as they finish
(`rack_o.tally`): `racko simulate`.

Game i of a match with seed S is played from its own integer seed, derived from (S, i) by
`game_seed` (deck and random bots), so results depend only on S, never on how the games are
split into chunks or where those run: in this process, a local process pool or a Dask
cluster (any `concurrent.futures.Executor`). A round that reaches the turn cap without a
Rack-O cannot be scored, so that game stops there (its record simply has no round_end or
game_end) and the round is counted as capped.

Memory stays flat however many games are played: chunks are handed out a few at a time,
each game's record is written by whoever plays it (through `store.writer`), and the main
process only adds each finished chunk to a running `Tally` and to the history, then drops
it. Pure of terminal I/O: no printing, no rich or click; errors are data for the CLI to word.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, Future, wait
from contextlib import suppress
from copy import deepcopy
from dataclasses import dataclass, replace
from functools import partial
from pathlib import Path

from rack_o.agent import AgentError, Interrupt, Outcome, agent_name, play_game
from rack_o.bots.loader import BotSpecError, bot_kind, make_bot
from rack_o.executors import LocalPool, finishing
from rack_o.game import Player
from rack_o.record import Header
from rack_o.rules import Rules
from rack_o.store.history import HistoryAppender, HistoryEntry, HistoryError, history_entry
from rack_o.store.names import bot_seat_names
from rack_o.store.paths import RECORD_SUFFIX
from rack_o.store.writer import RecordWriter, begin_record, drop_records, end_record
from rack_o.tally import RoundLine, Tally

DEFAULT_TURN_CAP = 1000
MAX_CHUNK = 25
"""The most games in one chunk: small enough to keep every worker busy to the end."""
AHEAD = 2
"""Chunks handed out per worker before the first comes back: never the whole match."""


def game_seed(seed: int | str, index: int) -> int:
    """The seed of game `index` (0-based) in a match seeded `seed`: an integer below 2**48.

    A digest of "S:i", so neighbouring games get unrelated seeds; small enough to be exact
    as a JSON number in any reader.
    """
    digest = hashlib.sha256(f"{seed}:{index}".encode()).digest()
    return int.from_bytes(digest[:6], "big")


def record_name(index: int) -> str:
    """The file name of game `index`'s record inside a match's record folder."""
    return f"game-{index + 1:05d}{RECORD_SUFFIX}"


@dataclass(frozen=True, slots=True)
class Match:
    """What a match plays and what each game leaves behind; sent whole to every worker.

    `record_dir`: write each game's record there (a folder every worker can write: on a
    cluster, a shared one). `history`: make each finished game's history entry where it is
    played. `clock`: the UTC time stamp of each record's start (a module-level function,
    so that it travels to workers); None leaves `started` out.
    """

    specs: tuple[str, ...]
    rules: Rules
    seed: int | str
    turn_cap: int = DEFAULT_TURN_CAP
    record_dir: str | None = None
    history: bool = False
    clock: Callable[[], str] | None = None

    def record_path(self, index: int) -> Path | None:
        """Where game `index`'s record is written, if records are."""
        return Path(self.record_dir) / record_name(index) if self.record_dir is not None else None


@dataclass(frozen=True, slots=True)
class GameOutcome:
    """How one game of a match went; `error` says why it stopped if a bot misbehaved."""

    index: int
    rounds: tuple[RoundLine, ...]
    capped: bool
    winner: int | None
    error: str | None = None
    entry: HistoryEntry | None = None
    """The game's history entry, when the match asks for them and the game finished."""
    unmade: tuple[int, BotSpecError] | None = None
    """The seat whose bot could not be made where the game was to be played (a worker
    without the bot's module, a class that fails the second time), and why: no game was
    dealt, no record written."""


def seat_turns(turns: int, first: int, players: int) -> tuple[int, ...]:
    """How many of a round's `turns` each seat played, when seat `first` moved first."""
    return tuple(
        turns // players + (1 if (seat - first) % players < turns % players else 0)
        for seat in range(players)
    )


def play_one(
    match: Match, index: int, keep: Callable[[GameOutcome], None] = lambda outcome: None
) -> GameOutcome:
    """Play game `index` of `match`, seat by seat, and `keep` its outcome (returned too). If
    the match keeps records, each line of the game's is written as it happens (rack-o/1: a
    crash loses at most the line being written); the record closed and the outcome kept are
    one step no signal cuts. A game stopped before that (Ctrl-C, a record that cannot be
    written) is not counted, and its record, begun, is deleted: the records left are the
    games counted (`begin_record`, `end_record`). OSError if the record cannot be written."""
    rules = match.rules
    this_seed = game_seed(match.seed, index)
    started = match.clock() if match.clock is not None else None
    bots = []
    for seat, spec in enumerate(match.specs):
        try:
            bots.append(make_bot(spec, seat, this_seed))
        except BotSpecError as failure:
            unmade = GameOutcome(index, (), False, None, f"seat {seat + 1}: {failure}",
                                 unmade=(seat, failure))
            keep(unmade)
            return unmade
    names = bot_seat_names(dict(enumerate(agent_name(bot) for bot in bots))).values()
    players = tuple(Player(name, bot_kind(spec))
                    for name, spec in zip(names, match.specs, strict=True))
    header = Header(players, rules, this_seed, started)
    record = match.record_path(index)
    opened: list[RecordWriter] = []
    try:
        writer = None if record is None else begin_record(record, header.event(), opened)
        game = header.new_game(on_step=None if writer is None else writer.step)
        error = None
        capped = False
        try:
            capped = play_game(game, bots, turn_cap=match.turn_cap) is Outcome.CAPPED
        except AgentError as failure:
            error = str(failure)
        rounds = tuple(
            RoundLine(
                result.racko,
                result.points,
                seat_turns(result.turns, (result.dealer + 1) % rules.players, rules.players),
                result.bonus,
            )
            for result in game.rounds
        )
        entry = None
        if match.history and game.winner is not None:
            entry = history_entry(game, header, record)
        outcome = GameOutcome(index, rounds, capped, game.winner, error, entry)
        if writer is None:
            keep(outcome)
        else:
            end_record(writer, partial(keep, outcome), opened)
    except BaseException:
        drop_records(opened)
        raise
    return outcome


def play_chunk(
    match: Match, indices: Iterable[int], outcomes: list[GameOutcome] | None = None
) -> list[GameOutcome]:
    """`play_one` for each game index, in order, each outcome added to `outcomes` (a new
    list if None) as its record is written, and returned; stops after a broken game. What a
    worker runs."""
    outcomes = [] if outcomes is None else outcomes
    for index in indices:
        if finishing():
            break  # the match stopped: the games of this chunk not begun are not played
        play_one(match, index, outcomes.append)
        if outcomes[-1].error:
            break
    return outcomes


def play_many(
    specs: Sequence[str],
    rules: Rules,
    seed: int | str,
    indices: Iterable[int],
    turn_cap: int = DEFAULT_TURN_CAP,
) -> list[GameOutcome]:
    """A few games of the match seeded `seed` between `specs`, here, without records."""
    return play_chunk(Match(tuple(specs), rules, seed, turn_cap), indices)


def chunk_size(games: int, workers: int) -> int:
    """Games per chunk: one at a time in this process (Ctrl-C then loses one game at most),
    else small enough chunks to keep every worker busy to the end and the bar moving."""
    return 1 if workers <= 1 else max(1, min(MAX_CHUNK, games // (workers * 8)))


def chunks(games: int, size: int) -> Iterator[range]:
    """The game indices of each chunk, in order, made one at a time."""
    for start in range(0, games, size):
        yield range(start, min(start + size, games))


class ChunkRun:
    """The chunks of a match's first `games` games, each yielded as it finishes (in any
    order); only `AHEAD` chunks per worker are ever handed out, so none is kept.

    Without an executor, every chunk is played here, one game each. Iterate it; after a
    KeyboardInterrupt, `stop()` yields the chunks handed out as they finish, the one last
    yielded again if the interrupt came before the next was asked for (it may have been taken
    in part: its games have an `index` to tell); `cancel()` drops whatever is still handed out
    and not started (it is safe to call at any time).
    """

    def __init__(
        self, match: Match, games: int, executor: Executor | None = None, workers: int = 1
    ) -> None:
        self.match = match
        self.executor = executor
        self.workers = max(1, workers) if executor is not None else 1
        self._chunks = chunks(games, chunk_size(games, self.workers))
        self._pending: set[Future[list[GameOutcome]]] = set()
        self._first: dict[Future[list[GameOutcome]], int] = {}
        """The first game of each chunk handed out and not yet yielded."""
        self._ready: list[Future[list[GameOutcome]]] = []
        """Chunks finished and not yet yielded: kept here so a Ctrl-C loses none."""
        self._played: list[GameOutcome] | None = None
        """Without an executor: the chunk being played (its games as their records are written)
        or yielded, until the next is asked for."""

    def __iter__(self) -> Iterator[list[GameOutcome]]:
        if self.executor is None:
            for indices in self._chunks:
                # Filled as each game's record is written: a signal that stops the match
                # after a record was written finds its game here for `stop()`.
                self._played = []
                yield play_chunk(self.match, indices, self._played)
                self._played = None
            return
        self._hand_out()
        while self._pending or self._ready:
            # Left among the ready ones until the next is asked for: an interrupt while it is
            # being taken leaves it there for `stop()`.
            yield self._next_done().result()
            self._first.pop(self._ready.pop(), None)
            self._hand_out()

    def _next_done(self) -> Future[list[GameOutcome]]:
        """A chunk handed out that has finished (left last among the ready ones), waiting for
        one if need be."""
        if not self._ready:
            done, self._pending = wait(self._pending, return_when=FIRST_COMPLETED)
            self._ready.extend(done)
        return self._ready[-1]

    def _hand_out(self) -> None:
        assert self.executor is not None
        while len(self._pending) < self.workers * AHEAD:
            indices = next(self._chunks, None)
            if indices is None:
                return
            future = self.executor.submit(play_chunk, self.match, indices)
            self._first[future] = indices.start
            self._pending.add(future)

    def before(self, index: int) -> Iterator[list[GameOutcome]]:
        """After the chunk last yielded: no more chunks; yield those handed out whose games
        come before game `index`, once they finish, in order (the others are left to
        `cancel`). A match that stops at a game's failure so finds the earliest failure among
        its games, whichever worker was quicker."""
        self._chunks = iter(())
        if self.executor is None:
            return  # one game at a time: none before the last is still to come
        if self._ready:
            self._first.pop(self._ready.pop(), None)  # the chunk last yielded
        earlier = sorted((future for future in (*self._pending, *self._ready)
                          if self._first[future] < index), key=self._first.__getitem__)
        for future in earlier:
            wait([future])
            self._pending.discard(future)
            if future in self._ready:
                self._ready.remove(future)
            del self._first[future]
            if not future.cancelled() and future.exception() is None:
                yield future.result()

    def stop(self) -> Iterator[list[GameOutcome]]:
        """No more chunks: yield those handed out as they finish (a local pool's after the
        game each worker is playing, a cluster's whole)."""
        # Not cancelled: a cluster would drop chunks its workers go on playing (and
        # recording), and only two per worker are out.
        self._chunks = iter(())
        if isinstance(self.executor, LocalPool):
            self.executor.finish_games()
        if self._played:
            played, self._played = self._played, None
            yield played
        while self._pending or self._ready:
            future = self._next_done()
            self._ready.pop()
            if not future.cancelled() and future.exception() is None:
                yield future.result()

    def cancel(self) -> None:
        """Cancel every chunk handed out and not started (a running one cannot be)."""
        self._pending = {future for future in self._pending if not future.cancel()}


@dataclass
class MatchResult:
    """What a match came to: its tally, and how it ended."""

    match: Match
    tally: Tally
    broken: GameOutcome | None = None
    """The first broken game met (a bot misbehaved); the match stopped there."""
    stopped: bool = False
    """Ctrl-C stopped it: the tally holds the games finished before."""
    added: int = 0
    """Games added to the history."""
    history_error: HistoryError | None = None
    """Why the history took no more games (the match played on)."""


def play_match(
    match: Match,
    games: int,
    executor: Executor | None = None,
    *,
    workers: int = 1,
    on_chunk: Callable[[int], None] | None = None,
    on_stop: Callable[[BaseException], None] | None = None,
    history_path: str | Path | None = None,
) -> MatchResult:
    """Play the match's first `games` games (on `executor`, whose `workers` size the chunks,
    or here), counting each chunk as it finishes, and adding finished games to the history
    if the match keeps history entries; `on_chunk(games)` hears of each chunk.

    Stops at the first broken game. On Ctrl-C (or an `Interrupt`: a signal's, say), `on_stop`
    hears of it (the KeyboardInterrupt or the Interrupt), the games under way finish and are
    counted (a cluster's chunks handed out finish whole), then the result says `stopped` (a
    second one stops waiting for them: games of theirs that finish anyway are not counted,
    though a worker may write their records).
    Exceptions of the executor or from writing a record propagate.
    """
    result = MatchResult(match, Tally(match.specs, match.rules))
    appender = None
    if match.history:
        try:
            appender = HistoryAppender(source="simulate", path=history_path)
        except HistoryError as error:
            result.history_error = error
            match = replace(match, history=False)

    last: frozenset[int] = frozenset()
    """The games of the chunk counted last (`ChunkRun.stop` may yield it again)."""

    def take(batch: list[GameOutcome]) -> None:
        nonlocal appender, last
        indices = frozenset(outcome.index for outcome in batch)
        if indices == last:
            return  # counted, then a Ctrl-C came before the next chunk was asked for
        tally = deepcopy(result.tally)
        for outcome in batch:
            tally.add(outcome)
        # The earliest game that failed: chunks finish in any order (`ChunkRun.before`).
        broken = min((o for o in (result.broken, *batch) if o is not None and o.error),
                     key=lambda o: o.index, default=None)
        # Stores only, no call between them: a Ctrl-C or a signal (whose handler Python runs
        # at calls and loop jumps) finds the chunk counted whole or not at all, and a chunk
        # cut short is yielded again by `ChunkRun.stop`.
        result.tally, result.broken, last = tally, broken, indices
        if appender is not None:
            try:
                result.added += appender.add(o.entry for o in batch if o.entry is not None)
            except HistoryError as error:
                result.history_error = error
                appender.close()
                appender = None
        if on_chunk is not None:
            on_chunk(len(batch))

    run = ChunkRun(match, games, executor, workers)
    try:
        for batch in run:
            take(batch)
            if result.broken is not None:
                for earlier in run.before(result.broken.index):
                    take(earlier)
                break
    except (KeyboardInterrupt, Interrupt) as stop:
        result.stopped = True
        with suppress(KeyboardInterrupt, Interrupt):
            if on_stop is not None:
                on_stop(stop)
            for batch in run.stop():
                take(batch)
    finally:
        run.cancel()
        if appender is not None:
            appender.close()
    return result


def process_pool(jobs: int, games: int) -> tuple[LocalPool, int]:
    """A local pool for `jobs` worker processes (never more than there are chunks); and how
    many workers it has."""
    size = chunk_size(games, jobs)
    workers = min(jobs, -(-games // size))
    return LocalPool(workers), workers
