"""Finished games the history could not take (it was locked, or could not be opened), kept to
be added on a later run.

Each is a small note in `history-pending/` in the data directory naming the game's record
file; the record itself is the game. A note is removed once its game is in the history, or
once its record is gone or no longer a finished game (nothing is left to add). The history
refuses a game it holds already, so two processes adding the same note at once do no harm.
"""

from __future__ import annotations

import hashlib
import os
import re
import stat
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path

from rack_o.store.atomic import write_whole
from rack_o.store.history import QUICK_WAIT_MS, HistoryError, record_game
from rack_o.store.paths import make_folder, pending_dir, record_id
from rack_o.store.records import RecordFileError, load_record

NOTE_SUFFIX = ".txt"
NOTE_BYTES = 64 * 1024
"""The most of a note that is read: it holds one path (at most a few thousand bytes)."""
_UNSAFE = re.compile(r"[^\w.-]+")


@dataclass(frozen=True)
class Catchup:
    """What adding the kept games did: how many were added, how many still wait, and why."""

    added: int
    waiting: int
    problem: HistoryError | None


def keep_for_later(record: str | os.PathLike[str]) -> bool:
    """Note that the finished game in `record` is not in the history yet; False if the note
    cannot be written (the record is still there, but nothing will add it by itself)."""
    path = Path(record).resolve()
    key = hashlib.sha256(str(path).encode("utf-8", "surrogateescape")).hexdigest()[:12]
    # Letters, digits, dots and dashes only: an ID may spell out an escape with a backslash,
    # a folder separator on Windows.
    name = _UNSAFE.sub("-", record_id(path))[:80]
    note = pending_dir() / f"{name}-{key}{NOTE_SUFFIX}"
    try:
        make_folder(note.parent)
        # Whole, through a temporary file of its own: two rackos noting one game at once
        # shared a fixed draft name, and a note cut short by a crash named no record.
        write_whole(note, f"{path}\n".encode("utf-8", "surrogateescape"))
    except OSError:
        return False
    return True


def waiting() -> int:
    """How many finished games are kept for the history."""
    return len(_notes())


def add_kept_games(history: str | os.PathLike[str] | None = None) -> Catchup:
    """Add to the history the finished games kept for later, waiting only briefly for a locked
    database; the first failure stops it (the rest wait for the next run)."""
    notes = _notes()
    added = 0
    for number, note in enumerate(notes):
        try:
            target = _read_note(note)
        except _NotANote:
            continue  # something else stands there: neither read nor removed
        except OSError:
            target = ""
        try:
            record = load_record(target) if target else None
        except (OSError, RecordFileError):
            record = None
        if record is None or not record.game.is_over:
            with suppress(OSError):
                note.unlink()  # the record is gone, damaged or not a finished game
            continue
        try:
            record_game(record.game, record.header, record=record.path, path=history,
                        wait_ms=QUICK_WAIT_MS)
        except HistoryError as error:
            return Catchup(added, len(notes) - number, error)
        with suppress(OSError):
            note.unlink()
        added += 1
    return Catchup(added, 0, None)


class _NotANote(Exception):
    """What stands where a note was listed is no regular file."""


def _read_note(note: Path) -> str:
    """The record path a note names ("" if it names none). _NotANote if it is no regular
    file: a FIFO or a device put in its place is neither waited on nor read without end."""
    fd = os.open(note, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    with os.fdopen(fd, "rb") as file:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise _NotANote(note)
        data = file.read(NOTE_BYTES + 1)
    if len(data) > NOTE_BYTES or b"\0" in data:
        return ""  # no path is that long or holds a NUL: not a note racko wrote
    return data.decode("utf-8", "surrogateescape").strip()


def _notes() -> list[Path]:
    """The notes waiting, in name order: regular files only (whatever else is there, such as
    a FIFO, is no note of racko's and is left alone)."""
    try:
        return sorted(p for p in pending_dir().iterdir()
                      if p.name.endswith(NOTE_SUFFIX) and _is_regular(p))
    except OSError:
        return []


def _is_regular(path: Path) -> bool:
    try:
        return stat.S_ISREG(path.stat().st_mode)
    except OSError:
        return False
