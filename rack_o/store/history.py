"""The history of finished games: a SQLite database in the user data directory, and its queries.

Created on first use; its schema has a version (`PRAGMA user_version`) and each migration
runs once, in a transaction. It uses WAL and waits for a busy database, and each game is
written in one transaction, so two `racko` processes finishing games at once never corrupt it.
A game is recorded once however often it is offered (a fingerprint of its events is unique).
Nothing here prints: failures raise HistoryError saying what went wrong (the CLI words it).
"""

from __future__ import annotations

import hashlib
import os
import sqlite3
import time
from collections.abc import Callable, Generator, Iterable, Iterator
from contextlib import closing, contextmanager
from dataclasses import dataclass
from enum import StrEnum
from functools import cache, partial
from pathlib import Path
from typing import Any, TypeVar

from rack_o.game import Game
from rack_o.record import Header, dumps, events
from rack_o.store.names import name_key
from rack_o.store.paths import file_in_the_way, history_path, make_folder
from rack_o.store.permissions import is_read_only, is_read_only_folder
from rack_o.store.stamps import now_stamp

DATABASE_ERRORS = (sqlite3.Error, UnicodeDecodeError)
"""What reading or writing the database may raise: SQLite's message about a damaged file may
not be UTF-8, and Python then raises UnicodeDecodeError in place of its sqlite3 error."""
BUSY_TIMEOUT_MS = 15_000
QUICK_WAIT_MS = 1_000
"""How long adding one game, or reading the history, waits for a database another process has
locked: another racko writes a game in milliseconds, so anything longer is a lock held by
something else (a database browser), which racko says rather than wait on in silence."""
T = TypeVar("T")

# Migration n (1-based) brings the schema from version n-1 to n; never edit a released one.
MIGRATIONS: tuple[tuple[str, ...], ...] = (
    (
        """CREATE TABLE games (
            id INTEGER PRIMARY KEY,
            fingerprint TEXT NOT NULL UNIQUE,
            record TEXT,
            source TEXT NOT NULL,
            started TEXT,
            finished TEXT NOT NULL,
            seed TEXT,
            target INTEGER NOT NULL,
            bonus INTEGER NOT NULL,
            partners INTEGER NOT NULL,
            run_of_three INTEGER NOT NULL,
            rounds INTEGER NOT NULL,
            winner INTEGER NOT NULL
        )""",
        """CREATE TABLE seats (
            game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
            seat INTEGER NOT NULL,
            name TEXT NOT NULL,
            kind TEXT NOT NULL,
            side INTEGER NOT NULL,
            total INTEGER NOT NULL,
            won INTEGER NOT NULL,
            PRIMARY KEY (game_id, seat)
        )""",
        """CREATE TABLE rounds (
            game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
            round INTEGER NOT NULL,
            seat INTEGER NOT NULL,
            points INTEGER NOT NULL,
            bonus INTEGER NOT NULL,
            racko INTEGER NOT NULL,
            PRIMARY KEY (game_id, round, seat)
        )""",
        "CREATE INDEX seats_by_name ON seats(name)",
        "CREATE INDEX games_by_finished ON games(finished)",
    ),
)
SCHEMA_VERSION = len(MIGRATIONS)
APPLICATION_ID = 0x5241434B
"""racko's mark in the history's `PRAGMA application_id` ("RACK"): a database marked with
another is another program's, and is never changed."""
_UNMARKED_VERSION = 1
"""The schema version of the histories racko made before it marked them: one of those is
known by its tables alone, and marked when it is next written."""


class HistoryProblem(StrEnum):
    """What went wrong with the history database."""

    CANNOT_OPEN = "cannot be opened"
    """`detail` is the system's or SQLite's reason."""
    NOT_A_FOLDER = "a file is in the way"
    """`blocking` is the file that stands where a folder on the way to it should be."""
    NEWER_SCHEMA = "made by a newer racko"
    """`version` is the database's schema version, above SCHEMA_VERSION."""
    CANNOT_ADD_GAME = "a game could not be added"
    CANNOT_ADD_GAMES = "games could not be added"
    CANNOT_READ = "cannot be read"
    BUSY = "locked by another program"
    """Another process kept the database locked for longer than racko waits."""
    FOREIGN = "another program's database"
    """A SQLite database that is not racko's history (marked by another program, or holding
    tables racko does not make): it is left untouched, never given racko's tables."""
    DAMAGED = "holds a damaged entry"
    """A value of the wrong kind where a game's or a player's is read (text for a number, bytes
    for a name): damaged, or written by another program."""
    NOT_MADE = "not made yet"
    """No history is there yet (no game was ever added): read, it holds no game, and reading it
    makes none."""
    BROKEN_LINK = "a link to nothing"
    """The history is a symbolic link to a file that does not exist; `detail` is where it
    points. racko makes no file there: a link is someone's choice of where the history is."""
    NOT_A_FILE = "not a regular file"
    """A folder, a device or a named pipe (or a link to one) stands where the history file
    should: nothing is read from it or written to it."""
    READ_ONLY = "read-only"
    """The file may not be written (its permission bits): no game is added to it, whoever
    runs racko; it can still be read."""


class HistoryError(Exception):
    """The history database `file` cannot be opened, read or written: which `problem`, and why.

    `record` is set by whoever knows it: the record file that still holds a game the history
    could not take; `kept` when that game is kept to be added on a later run.
    """

    def __init__(
        self,
        problem: HistoryProblem,
        file: str | os.PathLike[str],
        detail: str = "",
        *,
        blocking: Path | None = None,
        version: int | None = None,
        cause: OSError | None = None,
    ) -> None:
        super().__init__(problem, file, detail)
        self.problem = problem
        self.file = Path(file)
        self.detail = detail
        self.cause = cause
        """The system's refusal behind `detail`, to say it in the language spoken."""
        self.blocking = blocking
        self.version = version
        self.record: Path | None = None
        self.kept = False

    def __str__(self) -> str:
        return f"{self.file}: {self.problem}" + (f" ({self.detail})" if self.detail else "")


@dataclass(frozen=True, slots=True)
class HistoryEntry:
    """One finished game as the history stores it: plain data, made where the game was played
    (a worker process, another machine) and added wherever the database is."""

    fingerprint: str
    record: str | None
    started: str | None
    finished: str
    seed: str | None
    target: int
    bonus: bool
    partners: bool
    run_of_three: bool
    rounds: int
    winner: int
    seats: tuple[tuple[str, str, int, int, bool], ...]
    """Per seat: name, kind, side, the side's total, whether the side won."""
    round_rows: tuple[tuple[int, int, int, int, bool], ...]
    """Per round and seat: round, seat, points, bonus, whether the seat went Rack-O."""


@dataclass(frozen=True)
class GameRow:
    """One finished game as `racko history` lists it."""

    id: int
    record: str | None
    """The path of the game's record file (for `racko replay`), if it was saved."""
    source: str
    started: str | None
    finished: str
    players: list[str]
    kinds: list[str]
    sides: list[str]
    """The scoring sides: each player's name, or with partners each team's two names."""
    members: list[list[int]]
    """Each side's seats (indexes into `players` and `kinds`), in the order of `sides`."""
    totals: list[int]
    winner: str
    rounds: int


@dataclass(frozen=True)
class PlayerStats:
    """One player name's record over every game in the history."""

    name: str
    kinds: list[str]
    games: int
    wins: int
    win_rate: float
    rounds: int
    mean_round_points: float
    rackos: int
    best_round: int


def connect(
    path: str | os.PathLike[str] | None = None, *, wait_ms: int = BUSY_TIMEOUT_MS,
    write: bool = True,
) -> sqlite3.Connection:
    """Open (creating it on first use, to `write`) and migrate the history database;
    HistoryError if not.

    The connection waits up to `wait_ms` for a database another process has locked. A
    read-only database (see `is_read_only`) is opened only to be read, never migrated, and
    not at all if the connection is to `write` (READ_ONLY); opened only to be read, so is one
    in a folder that may not be written (`is_read_only_folder`). Opened only to be read,
    nothing is created, not even its folder (NOT_MADE when there is no history); a link to a
    file that does not exist is never followed to make one (BROKEN_LINK).
    """
    path = Path(path) if path is not None else history_path()
    try:
        if write:
            make_folder(path.parent)
        else:
            path.lstat()  # nothing there: nothing to read (FileNotFoundError)
        if path.is_symlink() and not path.exists():
            try:
                path.stat()
            except (FileNotFoundError, NotADirectoryError):
                # Nothing where it points, or a file where a folder on the way should be:
                # either way a link to nothing.
                raise HistoryError(HistoryProblem.BROKEN_LINK, path, os.readlink(path)) from None
            # Otherwise a loop of links: said with the system's reason.
        if path.exists() and not path.is_file():
            # A folder, a device, a pipe: SQLite would only say "disk I/O error".
            raise HistoryError(HistoryProblem.NOT_A_FILE, path)
        # SQLite makes a log and a shared-memory file beside a database even to read it, unless
        # told to take it as it is: in a folder where it may make none, that is the only way.
        read_only = path.exists() and (is_read_only(path.stat()) or (
            not write and is_read_only_folder(path.parent)))
    except (FileExistsError, NotADirectoryError):
        blocking = file_in_the_way(path.parent) or path.parent
        raise HistoryError(HistoryProblem.NOT_A_FOLDER, path, blocking=blocking) from None
    except FileNotFoundError as error:
        if write:
            raise _cannot_open(path, error) from None
        raise HistoryError(HistoryProblem.NOT_MADE, path) from None
    except OSError as error:
        raise _cannot_open(path, error) from None
    if read_only and write:
        raise HistoryError(HistoryProblem.READ_ONLY, path)
    try:
        return _retrying(partial(_open, path, wait_ms, read_only, create=write), wait_ms)
    except DATABASE_ERRORS as error:
        if _is_busy(error):
            raise HistoryError(HistoryProblem.BUSY, path, str(error)) from None
        raise _cannot_open(path, error) from None


def _open(path: Path, wait_ms: int = BUSY_TIMEOUT_MS, read_only: bool = False,
          create: bool = True) -> sqlite3.Connection:
    if read_only:
        # Nothing is written, root or not. Without a log left to read, SQLite need not even
        # make its shared-memory and log files beside it: the file is taken as it is.
        logged = path.with_name(path.name + "-wal").exists()
        uri = path.resolve().as_uri() + ("?mode=ro" if logged else "?immutable=1")
        conn = sqlite3.connect(uri, uri=True, timeout=wait_ms / 1000, isolation_level=None)
    elif not create or path.is_symlink():
        # Gone since it was looked at: an error, never a new empty file (nor one where a
        # link points).
        try:
            conn = sqlite3.connect(path.resolve().as_uri() + "?mode=rw", uri=True,
                                   timeout=wait_ms / 1000, isolation_level=None)
        except sqlite3.OperationalError:
            if path.is_symlink() and not path.exists():
                raise HistoryError(HistoryProblem.BROKEN_LINK, path,
                                   os.readlink(path)) from None
            raise
    else:
        conn = sqlite3.connect(path, timeout=wait_ms / 1000, isolation_level=None)
    try:
        conn.execute(f"PRAGMA busy_timeout = {int(wait_ms)}")
        conn.execute("PRAGMA foreign_keys = ON")
        if not create and _is_blank(conn, path):
            # An empty file (0 bytes) or a database with nothing in it: no game yet, and
            # reading leaves it as it is (migrating would write racko's tables into it).
            raise HistoryError(HistoryProblem.NOT_MADE, path)
        if read_only:
            _identify(conn, path)
        # Only read, a history is taken as it is: its log mode and racko's mark are set by the
        # next game written (reading is no reason to change a file, damaged or not); an older
        # racko's is read with the new columns.
        elif create or _identify(conn, path)[0] != SCHEMA_VERSION:
            _migrate(conn, path)
    except BaseException:
        conn.close()
        raise
    return conn


@contextmanager
def opened(
    path: str | os.PathLike[str] | None = None, *, wait_ms: int = BUSY_TIMEOUT_MS,
    write: bool = True,
) -> Iterator[sqlite3.Connection]:
    """`connect`, closing the connection afterwards."""
    conn = connect(path, wait_ms=wait_ms, write=write)
    try:
        yield conn
    finally:
        conn.close()


@contextmanager
def _reading(path: str | os.PathLike[str] | None) -> Iterator[sqlite3.Connection | None]:
    """The history opened only to be read, waiting little for a lock, and closed afterwards;
    None if there is none yet (no game, and nothing made by looking)."""
    try:
        conn = connect(path, wait_ms=QUICK_WAIT_MS, write=False)
    except HistoryError as error:
        if error.problem is HistoryProblem.NOT_MADE:
            yield None
            return
        raise
    with closing(conn):
        yield conn


def history_entry(
    game: Game, header: Header, record: str | os.PathLike[str] | None = None
) -> HistoryEntry:
    """The history entry of a finished game (ValueError if it is not finished); `record` is its
    record file, if it has one, and the entry is stamped finished now."""
    if not game.is_over or game.winner is None:
        raise ValueError("only a finished game goes into the history")
    rules = game.rules
    seed, started = header.seed, header.started
    sides = [rules.team_of(seat) for seat in range(len(game.players))]
    return HistoryEntry(
        fingerprint=fingerprint(game, header),
        record=_as_kept(record) if record is not None else None,
        started=started if isinstance(started, str) else None,
        finished=now_stamp(),
        seed=None if seed is None else str(seed),
        target=rules.target,
        bonus=rules.bonus,
        partners=rules.partners,
        run_of_three=rules.run_of_three,
        rounds=len(game.rounds),
        winner=game.winner,
        seats=tuple(
            (player.name, player.kind, side, game.totals[side], side == game.winner)
            for player, side in zip(game.players, sides, strict=True)
        ),
        round_rows=tuple(
            (result.round, seat, result.points[seat], result.bonus[seat], seat == result.racko)
            for result in game.rounds
            for seat in range(len(game.players))
        ),
    )


def record_game(
    game: Game,
    header: Header,
    *,
    record: str | os.PathLike[str] | None = None,
    source: str = "play",
    path: str | os.PathLike[str] | None = None,
    wait_ms: int = BUSY_TIMEOUT_MS,
) -> int | None:
    """Add a finished game (in one transaction); its history ID, or None if already there.

    `record` is the game's record file, if it has one; `source` says what played it
    ("play" or "simulate"). Raises ValueError for an unfinished game, HistoryError if the
    database cannot be opened or written (BUSY when it stayed locked for `wait_ms`).
    """
    entry = history_entry(game, header, record)
    try:
        with opened(path, wait_ms=wait_ms) as conn:
            [game_id] = _retrying(partial(_insert_entries, conn, [entry], source), wait_ms)
            return game_id
    except DATABASE_ERRORS as error:
        where = path if path is not None else history_path()
        problem = HistoryProblem.BUSY if _is_busy(error) else HistoryProblem.CANNOT_ADD_GAME
        raise HistoryError(problem, where, _reason(error)) from None


class HistoryAppender:
    """One open connection that adds batches of entries as they come, each batch in one
    transaction (so an interruption loses at most the batch being written).

    Opening it opens the database (HistoryError if it cannot); use it as a context manager.
    """

    def __init__(
        self, *, source: str = "simulate", path: str | os.PathLike[str] | None = None
    ) -> None:
        self.source = source
        self.path = Path(path) if path is not None else history_path()
        self._conn = connect(self.path)

    def add(self, entries: Iterable[HistoryEntry]) -> int:
        """Add the entries in one transaction; how many were new (a game already there is
        skipped). HistoryError if the database fails; nothing of the batch is then added."""
        batch = list(entries)
        if not batch:
            return 0
        try:
            ids = _retrying(partial(_insert_entries, self._conn, batch, self.source))
        except DATABASE_ERRORS as error:
            raise HistoryError(HistoryProblem.CANNOT_ADD_GAMES, self.path, _reason(error)) from None
        return sum(game_id is not None for game_id in ids)

    def close(self) -> None:
        """Close the connection."""
        self._conn.close()

    def __enter__(self) -> HistoryAppender:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _name_key(name: object) -> str | None:
    """A seat's name (its bytes) as a --player filter compares it (None for a damaged value:
    bytes that are not UTF-8 would fail the call, and SQLite would say only that it failed)."""
    if isinstance(name, bytes):
        try:
            return name_key(name.decode("utf-8"))
        except UnicodeDecodeError:
            return None
    return None


def iter_games(
    limit: int = 20, *, player: str | None = None, path: str | os.PathLike[str] | None = None
) -> Generator[GameRow, None, None]:
    """The last `limit` finished games, newest first (only those `player` sat in, if given),
    read from the database as they are taken, so any number of them takes little memory.

    The database is opened on the first row asked for; HistoryError if it cannot be read.
    """
    where = path if path is not None else history_path()
    # Every column named: one another program added (a `name` in games) is never read in
    # place of racko's, and one taken away is "no such column", not a row without it.
    query = "SELECT id, record, source, started, finished, rounds, winner FROM games"
    args: list[object] = []
    if player is not None:
        # Matched as `racko review --player` matches: "kim" and "zoe" find Kim's and Zoë's.
        query += (" WHERE games.id IN (SELECT seats.game_id FROM seats"
                  " WHERE name_key(CAST(seats.name AS BLOB)) = ?)")
        args.append(name_key(player))
    query += " ORDER BY games.finished DESC, games.id DESC LIMIT ?"
    args.append(limit)
    # One query, seats joined in: a query per game made a long listing slow.
    query = (
        "SELECT g.id, g.record, g.source, g.started, g.finished, g.rounds, g.winner,"
        f" s.name, s.kind, s.side, s.total FROM ({query}) g"
        " JOIN seats s ON s.game_id = g.id ORDER BY g.finished DESC, g.id DESC, s.seat"
    )
    try:
        with _reading(path) as conn:
            if conn is None:
                return
            conn.row_factory = sqlite3.Row
            conn.create_function("name_key", 1, _name_key, deterministic=True)
            current: sqlite3.Row | None = None
            seats: list[tuple[str, str, int, int]] = []
            for row in conn.execute(query, args):
                _check(row, _GAME_COLUMNS, where)
                if current is not None and row["id"] != current["id"]:
                    yield _game_row(current, seats)
                    seats = []
                current = row
                seats.append((row["name"], row["kind"], row["side"], row["total"]))
            if current is not None:
                yield _game_row(current, seats)
    except DATABASE_ERRORS as error:
        raise _unreadable(where, error) from None


def holds_record(record: str | os.PathLike[str], path: str | os.PathLike[str] | None = None
                 ) -> bool:
    """Whether a finished game in the history names `record` as its record file; False where
    there is no history, or it cannot be read (nothing is made by asking)."""
    kept = Path(_as_kept(record))
    return kept in records_in(kept.parent, kept.name, path)


def _as_kept(record: str | os.PathLike[str]) -> str:
    """`record`'s path as the history keeps it: absolute, its links resolved where it can be."""
    try:
        return str(Path(record).resolve())
    except (OSError, RuntimeError):  # a link loop on the way (3.11 raises RuntimeError)
        return str(Path(record).absolute())


def records_in(folder: str | os.PathLike[str], start: str = "",
               path: str | os.PathLike[str] | None = None) -> list[Path]:
    """The record files in `folder` whose names start with `start` that finished games in the
    history name, sorted; none where there is no history, or it cannot be read (nothing is
    made by asking)."""
    wanted = os.path.join(_as_kept(folder), start)
    try:
        with _reading(path) as conn:
            if conn is None:
                return []
            found = conn.execute("SELECT DISTINCT record FROM games WHERE substr(record, 1, ?) "
                                 "= ? ORDER BY record", (len(wanted), wanted))
            return [Path(record) for (record,) in found
                    if os.sep not in record[len(wanted):]]  # not in a folder within
    except (HistoryError, *DATABASE_ERRORS):
        return []


def recent_games(
    limit: int = 20, *, player: str | None = None, path: str | os.PathLike[str] | None = None
) -> list[GameRow]:
    """The last `limit` finished games, newest first (only those `player` sat in, if given)."""
    return list(iter_games(limit, player=player, path=path))


def player_stats(path: str | os.PathLike[str] | None = None) -> list[PlayerStats]:
    """Every player's record, most wins first (then win rate, then name). A player is a
    name as `--player` finds it (`name_key`: "Zoë" and "zoe" are one), shown in the spelling
    of most of their games (the first in order, if as many)."""
    try:
        with _reading(path) as conn:
            if conn is None:
                return []
            seats = conn.execute(
                "SELECT name, group_concat(DISTINCT kind), COUNT(*), SUM(won) FROM seats"
                " GROUP BY name"
            ).fetchall()
            rounds = {
                name: rest
                for name, *rest in conn.execute(
                    "SELECT t.name, COUNT(*), AVG(r.points), SUM(r.racko), MAX(r.points)"
                    " FROM rounds r JOIN seats t USING (game_id, seat) GROUP BY t.name"
                )
            }
    except DATABASE_ERRORS as error:
        where = path if path is not None else history_path()
        raise _unreadable(where, error) from None
    where = path if path is not None else history_path()
    spellings: dict[str, list[tuple[str, int]]] = {}
    merged: dict[str, list[Any]] = {}  # kinds, games, wins, rounds, points, Rack-Os, best
    for name, kinds, games, wins in seats:
        played, mean, rackos, best = rounds.get(name, (0, 0.0, 0, 0))
        _check_values((name, kinds, games, wins, played, mean, rackos, best), _STATS_KINDS, where)
        key = name_key(name)
        spellings.setdefault(key, []).append((name, games))
        total = merged.setdefault(key, [set(), 0, 0, 0, 0.0, 0, 0])
        total[0].update(kinds.split(","))
        total[1] += games
        total[2] += wins
        total[3] += played
        total[4] += mean * played
        total[5] += rackos
        total[6] = max(total[6], best)
    stats = []
    for key, (kinds_, games, wins, played, points, rackos, best) in merged.items():
        name = max(spellings[key], key=lambda spelling: spelling[1])[0]
        stats.append(
            PlayerStats(
                name=name,
                kinds=sorted(kinds_),
                games=games,
                wins=wins,
                win_rate=round(wins / games, 4),
                rounds=played,
                mean_round_points=round(points / played, 2) if played else 0.0,
                rackos=rackos,
                best_round=best,
            )
        )
    stats.sort(key=lambda s: (-s.wins, -s.win_rate, s.name.casefold()))
    return stats


def fingerprint(game: Game, header: Header) -> str:
    """A digest of the game's steps, as rack-o/1 lines under `header` (without the fields
    racko adds to a person's turn lines): the same game always gets the same one."""
    digest = hashlib.sha256()
    for line in events(header, game.steps):
        digest.update(dumps(line).encode("utf-8"))
    return digest.hexdigest()


# ---------------------------------------------------------------------------- internals


def _cannot_open(path: Path, error: Exception) -> HistoryError:
    """The error for a history that cannot be opened; an OSError gives only its reason."""
    detail = _reason(error)
    if isinstance(error, OSError) and error.strerror:
        detail = error.strerror[0].lower() + error.strerror[1:]
        return HistoryError(HistoryProblem.CANNOT_OPEN, path, detail, cause=error)
    return HistoryError(HistoryProblem.CANNOT_OPEN, path, detail)


def _identify(conn: sqlite3.Connection, path: Path) -> tuple[int, bool]:
    """The schema version of the racko history in `conn`, and whether it bears racko's mark
    (`APPLICATION_ID`); only reads. HistoryError if the database is another program's
    (FOREIGN) or a newer racko's (NEWER_SCHEMA).

    Racko's own: marked by racko; or unmarked and either empty of tables (new, and made
    racko's as it is migrated) or holding exactly the tables of a history from before the
    mark (`_UNMARKED_VERSION`).
    """
    with _one_read(conn):
        mark = conn.execute("PRAGMA application_id").fetchone()[0]
        version = int(conn.execute("PRAGMA user_version").fetchone()[0])
        tables = _tables(conn) if mark != APPLICATION_ID else {}
    if mark != APPLICATION_ID and (mark != 0 or (tables and (
            version != _UNMARKED_VERSION or tables != _first_schema()))):
        raise HistoryError(HistoryProblem.FOREIGN, path)
    if version > SCHEMA_VERSION:
        raise HistoryError(HistoryProblem.NEWER_SCHEMA, path, version=version)
    return version, mark == APPLICATION_ID


def _is_blank(conn: sqlite3.Connection, path: Path) -> bool:
    """Whether the database in `conn` holds nothing yet (no schema version, no table); only
    reads. HistoryError if it is another program's (FOREIGN) or a newer racko's."""
    with _one_read(conn):
        version, _marked = _identify(conn, path)
        return version == 0 and not _tables(conn)


@contextmanager
def _one_read(conn: sqlite3.Connection) -> Iterator[None]:
    """The reads inside see the database at one moment (one read transaction, unless one is
    open already): read one by one, a history another racko creates meanwhile would look
    like version 0 holding tables, another program's."""
    if conn.in_transaction:
        yield
        return
    conn.execute("BEGIN")
    try:
        yield
    finally:
        if conn.in_transaction:  # SQLite ends it by itself on some errors
            conn.execute("COMMIT")


def _tables(conn: sqlite3.Connection) -> dict[str, set[str]]:
    """The tables and views of the database in `conn` (SQLite's own left out), with their
    columns."""
    names = [name for (name,) in conn.execute(
        "SELECT name FROM sqlite_master WHERE type IN ('table', 'view') "
        "AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'")]
    return {name: {row[1] for row in conn.execute("SELECT * FROM pragma_table_info(?)", (name,))}
            for name in names}


@cache
def _first_schema() -> dict[str, set[str]]:
    """The tables, with their columns, of a history at `_UNMARKED_VERSION`."""
    conn = sqlite3.connect(":memory:")
    try:
        for number in range(_UNMARKED_VERSION):
            for statement in MIGRATIONS[number]:
                conn.execute(statement)
        return _tables(conn)
    finally:
        conn.close()


def _migrate(conn: sqlite3.Connection, path: Path) -> None:
    # Nothing is written before the database is known to be racko's (WAL changes the file).
    version, marked = _identify(conn, path)
    # WAL lets readers go on while a game is written; it stays set in the file.
    if conn.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
        conn.execute("PRAGMA journal_mode = WAL")
    if version == SCHEMA_VERSION and marked:
        return
    with _transaction(conn):
        # Another process may have migrated, or made the file its own, while we waited for
        # the write lock.
        version, marked = _identify(conn, path)
        for number in range(version + 1, SCHEMA_VERSION + 1):
            for statement in MIGRATIONS[number - 1]:
                conn.execute(statement)
            conn.execute(f"PRAGMA user_version = {number}")
        if not marked:
            conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")


def _is_busy(error: Exception) -> bool:
    return isinstance(error, sqlite3.OperationalError) and (
        "locked" in str(error) or "busy" in str(error))


def _unreadable(where: str | os.PathLike[str], error: Exception) -> HistoryError:
    """The error for a history that cannot be read: a damaged entry (text that is not UTF-8,
    which Python cannot read back) or what SQLite says."""
    if isinstance(error, sqlite3.OperationalError) and str(error).startswith(
            "Could not decode to UTF-8"):
        return HistoryError(HistoryProblem.DAMAGED, where)
    return HistoryError(HistoryProblem.CANNOT_READ, where, _reason(error))


def _reason(error: Exception) -> str:
    """What went wrong, as SQLite says it (in English, as racko passes on all its words)."""
    if isinstance(error, UnicodeDecodeError):
        # SQLite's sentence named the damage in bytes that are not text: its first words.
        return "malformed database schema"
    return str(error)


def _retrying(attempt: Callable[[], T], wait_ms: int = BUSY_TIMEOUT_MS) -> T:
    """`attempt()`, tried again while SQLite reports the database busy or locked.

    busy_timeout covers most waits, but SQLite answers "locked" at once in a few races
    (two processes creating the file, switching it to WAL or recovering its log at the same
    moment); those pass in milliseconds, so a short retry is enough.
    """
    deadline = time.monotonic() + wait_ms / 1000
    pause = 0.01
    while True:
        try:
            return attempt()
        except sqlite3.OperationalError as error:
            if not _is_busy(error) or time.monotonic() > deadline:
                raise
        time.sleep(pause)
        pause = min(pause * 2, 0.2)


def _insert_entries(
    conn: sqlite3.Connection, entries: list[HistoryEntry], source: str
) -> list[int | None]:
    """Insert the entries in one transaction; each one's history ID, None if it was there."""
    with _transaction(conn):
        return [_insert(conn, entry, source) for entry in entries]


@contextmanager
def _transaction(conn: sqlite3.Connection) -> Iterator[None]:
    # IMMEDIATE takes the write lock at once, so a second writer waits (busy_timeout)
    # instead of failing halfway through.
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")


def _insert(conn: sqlite3.Connection, entry: HistoryEntry, source: str) -> int | None:
    cursor = conn.execute(
        """INSERT OR IGNORE INTO games (fingerprint, record, source, started, finished, seed,
               target, bonus, partners, run_of_three, rounds, winner)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""",
        (entry.fingerprint, entry.record, source, entry.started, entry.finished, entry.seed,
         entry.target, entry.bonus, entry.partners, entry.run_of_three, entry.rounds,
         entry.winner),
    )
    if cursor.rowcount == 0:
        return None
    game_id = cursor.lastrowid
    conn.executemany(
        "INSERT INTO seats (game_id, seat, name, kind, side, total, won) VALUES (?,?,?,?,?,?,?)",
        [(game_id, seat, *row) for seat, row in enumerate(entry.seats)],
    )
    conn.executemany(
        "INSERT INTO rounds (game_id, round, seat, points, bonus, racko) VALUES (?,?,?,?,?,?)",
        [(game_id, *row) for row in entry.round_rows],
    )
    return game_id


_NUMBER = (int, float)
_GAME_COLUMNS: dict[str, type | tuple[type, ...]] = {
    "id": int, "record": (str, type(None)), "source": str, "started": (str, type(None)),
    "finished": str, "rounds": int, "winner": int,
    "name": str, "kind": str, "side": int, "total": int,
}
"""The kind of value each column a listing shows must hold."""
_STATS_KINDS: tuple[type | tuple[type, ...], ...] = (str, str, int, int, int, _NUMBER, int, int)
"""The kinds of a player's name, kinds, games, wins, rounds, mean points, Rack-Os, best round."""


def is_database(path: str | os.PathLike[str]) -> bool:
    """True if `path` begins as an SQLite database file (the history is one) does."""
    try:
        with open(path, "rb") as file:
            return file.read(16) == b"SQLite format 3\x00"
    except OSError:
        return False


def _check(row: sqlite3.Row, kinds: dict[str, type | tuple[type, ...]], path: str | os.PathLike[str]
           ) -> None:
    """HistoryError (DAMAGED) unless each column of `row` named in `kinds` holds its kind."""
    _check_values(tuple(row[column] for column in kinds), tuple(kinds.values()), path)


def _check_values(values: tuple[object, ...], kinds: tuple[type | tuple[type, ...], ...],
                  path: str | os.PathLike[str]) -> None:
    """HistoryError (DAMAGED) unless each value is of its kind (SQLite stores any value in any
    column: a history written by another program may hold text where a number belongs)."""
    if not all(isinstance(value, kind) for value, kind in zip(values, kinds, strict=True)):
        raise HistoryError(HistoryProblem.DAMAGED, path)


def _game_row(game: sqlite3.Row, seats: list[tuple[str, str, int, int]]) -> GameRow:
    """The listing row of a game, from its row and its seats' (name, kind, side, total)."""
    sides: dict[int, list[str]] = {}
    members: dict[int, list[int]] = {}
    totals: dict[int, int] = {}
    for seat, (name, _kind, side, total) in enumerate(seats):
        sides.setdefault(side, []).append(name)
        members.setdefault(side, []).append(seat)
        totals[side] = total
    order = sorted(sides)
    labels = [" & ".join(sides[side]) for side in order]
    return GameRow(
        id=game["id"],
        record=game["record"],
        source=game["source"],
        started=game["started"],
        finished=game["finished"],
        players=[seat[0] for seat in seats],
        kinds=[seat[1] for seat in seats],
        sides=labels,
        members=[members[side] for side in order],
        totals=[totals[side] for side in order],
        winner=" & ".join(sides.get(game["winner"], ["?"])),
        rounds=game["rounds"],
    )
