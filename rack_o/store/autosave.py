"""Saving a game as it is played: the record file every game writes, and its entry in the history.

`racko play` and `racko resume` call these; each returns or raises something the terminal
layer words in one sentence, and nothing here stops a game from being played.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from rack_o.game import Game
from rack_o.record import Header
from rack_o.store.history import HistoryError, connect, record_game
from rack_o.store.paths import create_record_file
from rack_o.store.records import Record
from rack_o.store.writer import RecordWriter


def open_record(path: Path | None, started: str | None, names: Sequence[str]) -> RecordWriter:
    """The writer for a new game's record: `path` if given, else a new file in the data dir.

    OSError if the file cannot be created.
    """
    if path is None:
        path = create_record_file(started, list(names))
    return RecordWriter(path)


def reopen_record(record: Record) -> RecordWriter:
    """The writer that carries a resumed game on in its own file, after the last complete line.

    The file is locked first (RecordBusyError if the game is being played elsewhere). A torn
    last line is cut off (it holds nothing usable, and text appended after it would make the
    file unreadable); a last line lacking its newline gets one. Then the events the rules
    imply but the writer did not live to write are appended. OSError if it cannot be written.
    """
    path = record.path
    writer = RecordWriter(path)
    try:
        with open(path, "r+b") as file:
            if os.fstat(file.fileno()).st_size > record.complete_bytes:
                file.truncate(record.complete_bytes)
            if record.complete_bytes:
                file.seek(record.complete_bytes - 1)
                if file.read(1) != b"\n":
                    file.write(b"\n")
            file.flush()
            os.fsync(file.fileno())
        for event in record.missing_events:
            writer.write(event)
    except BaseException:
        writer.close()
        raise
    return writer


def history_problem(path: str | os.PathLike[str] | None = None) -> HistoryError | None:
    """None when the history database can be opened (creating it if need be), else why not."""
    try:
        connect(path).close()
    except HistoryError as error:
        return error
    return None


def add_to_history(
    game: Game,
    header: Header,
    record: str | os.PathLike[str] | None,
    source: str = "play",
    path: str | os.PathLike[str] | None = None,
) -> HistoryError | None:
    """Put a finished game into the history; None when done, else why not.

    The error names the game's `record` file, if it has one: the game is still there.
    """
    try:
        record_game(game, header, record=record, source=source, path=path)
    except HistoryError as error:
        error.record = Path(record) if record else None
        return error
    return None
