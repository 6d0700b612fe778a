"""Saving a game as it is played: the record file every game writes, and its entry in the history.

`racko play` and `racko resume` call these; each returns or raises something the terminal
layer words in one sentence, and nothing here stops a game from being played.
"""

from __future__ import annotations

import errno
import os
from collections.abc import Sequence
from pathlib import Path

from rack_o.game import Game
from rack_o.record import Header, holds_deal
from rack_o.store.history import (
    QUICK_WAIT_MS,
    HistoryError,
    HistoryProblem,
    connect,
    record_game,
)
from rack_o.store.paths import create_record_file, records_dir
from rack_o.store.pending import add_kept_games, keep_for_later
from rack_o.store.records import Record
from rack_o.store.writer import RecordNotEmptyError, RecordWriter


def open_record(path: Path | None, started: str | None, names: Sequence[str]) -> RecordWriter:
    """The writer for a new game's record: `path` if given, else a new file in the data dir.

    An autosaved file is deleted when the writer closes if no round was dealt by then (a game
    left before its first deal is not kept); a file the player named is theirs, and stays, and
    must be empty (RecordNotEmptyError, the file untouched, if it is not). OSError if the file
    cannot be created.
    """
    writer = RecordWriter(path if path is not None else create_record_file(started, list(names)))
    # Checked again under the lock: --record found it new or empty, but another racko may have
    # written a game there since (while this one asked who plays).
    if path is not None and writer.size > 0:
        writer.close()
        raise RecordNotEmptyError(errno.EEXIST, os.strerror(errno.EEXIST), str(path))
    writer.drop_undealt = path is None
    return writer


def hold_record(path: Path) -> RecordWriter:
    """Lock an existing record before it is read, for as long as it is looked at and played.

    RecordBusyError if the game is being played elsewhere; FileNotFoundError if there is no
    such file; another OSError if it cannot be opened.
    """
    return RecordWriter(path, create=False)


def reopen_record(record: Record, writer: RecordWriter) -> None:
    """Make `writer` (which held the file's lock before `record` was read) carry the game on,
    after the last complete line.

    Nothing is changed unless the file is still exactly what was read (RecordChangedError).
    A torn last line is cut off (it holds nothing usable, and text appended after it would
    make the file unreadable); a last line lacking its newline gets one. Then the events the
    rules imply but the writer did not live to write are appended. From then on, an autosaved
    file is deleted on close if no round was ever dealt in it. OSError if it cannot be written.
    """
    writer.take_up(record.size, record.digest, record.complete_bytes)
    writer.dealt = holds_deal(record.events)
    writer.drop_undealt = autosaved(record.path)
    for event in record.missing_events:
        writer.write(event)


def autosaved(path: Path) -> bool:
    """True for a record in the records directory (not a file the player named)."""
    try:
        return path.resolve().parent == records_dir().resolve()
    except (OSError, RuntimeError):  # RuntimeError: a link loop, on Python 3.11
        return False


def history_problem(path: str | os.PathLike[str] | None = None) -> HistoryError | None:
    """None when the history database can be opened (creating it if need be), or is only
    locked by another program for now (a game finished meanwhile is kept for later); else why
    it cannot be."""
    try:
        connect(path, wait_ms=QUICK_WAIT_MS).close()
    except HistoryError as error:
        return None if error.problem is HistoryProblem.BUSY else error
    return None


def add_to_history(
    game: Game,
    header: Header,
    record: str | os.PathLike[str] | None,
    source: str = "play",
    path: str | os.PathLike[str] | None = None,
) -> HistoryError | None:
    """Put a finished game into the history (and the games kept for later before it); None
    when done, else why not.

    The history is given a second to be free (another racko writes a game in milliseconds);
    if it cannot take the game, the error names the game's `record` file, if it has one, and
    that game is kept to be added on a later run (`error.kept`), unless the history is
    read-only: whoever made it so wants it left as it is, later too.
    """
    try:
        earlier = add_kept_games().problem if path is None else None
        if earlier is not None and earlier.problem is HistoryProblem.BUSY:
            raise earlier  # it was given its second just now
        record_game(game, header, record=record, source=source, path=path,
                    wait_ms=QUICK_WAIT_MS)
    except HistoryError as error:
        error.record = Path(record) if record else None
        error.kept = (record is not None and path is None
                      and error.problem is not HistoryProblem.READ_ONLY
                      and keep_for_later(record))
        return error
    return None
