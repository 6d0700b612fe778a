"""Finished games the history could not take (it was locked, or could not be opened), kept to
be added on a later run.

Each is a small note in `history-pending/` in the data directory naming the game's record
file; the record itself is the game. A note is removed once its game is in the history, or
once its record is gone or no longer a finished game (nothing is left to add). A note whose
record is there but cannot be read now (its permissions, a damaged line) stays, and so does
whatever else stands there that racko did not write. The history refuses a game it holds
already, so two processes adding the same note at once do no harm.
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
from rack_o.store.permissions import is_read_only_folder
from rack_o.store.records import RecordFileError, RecordProblem, load_record

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
    unread: tuple[RecordFileError, ...] = ()
    """The kept games whose records are there but could not be read: they wait too."""


def can_keep() -> Path | None:
    """None if a finished game could be kept for later now; else the file or folder that
    keeps its note from being written (a file, or a read-only folder: by its bits, so that
    root leaves it as it is too)."""
    folder = pending_dir()
    nearest = next(part for part in (folder, *folder.parents) if os.path.lexists(part))
    try:
        if nearest.is_dir() and not is_read_only_folder(nearest):
            return None
    except OSError:
        pass
    return nearest


def keep_for_later(record: str | os.PathLike[str]) -> bool:
    """Note that the finished game in `record` is not in the history yet; False if the note
    cannot be written (the record is still there, but nothing will add it by itself)."""
    if can_keep() is not None:
        return False
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
    unread: list[RecordFileError] = []
    for number, note in enumerate(notes):
        try:
            target = _read_note(note)
        except (_NotANote, OSError):
            continue  # something else stands there, or it cannot be read now: left alone
        if not target:
            continue  # it names no record, so racko did not write it: left alone
        try:
            record = load_record(target)
        except RecordFileError as error:
            if not _gone(error):
                # There, but unreadable now (permissions, a disk away) or damaged: the game
                # may still be added once the file is put right, so the note stays.
                unread.append(error)
                continue
            record = None
        if record is None or not record.game.is_over:
            with suppress(OSError):
                note.unlink()  # the record is gone, or not a finished game
            continue
        try:
            record_game(record.game, record.header, record=record.path, path=history,
                        wait_ms=QUICK_WAIT_MS)
        except HistoryError as error:
            return Catchup(added, len(notes) - number, error, tuple(unread))
        with suppress(OSError):
            note.unlink()
        added += 1
    return Catchup(added, 0, None, tuple(unread))


def _gone(error: RecordFileError) -> bool:
    """Whether `error` says the record is no longer there (its folder is not one either)."""
    return (error.problem is RecordProblem.NO_SUCH_FILE
            or isinstance(error.cause, NotADirectoryError))


class _NotANote(Exception):
    """What stands where a note was listed is no regular file."""


def _read_note(note: Path) -> str:
    """The record path a note names ("" if it names none: not a note racko wrote). _NotANote
    if it is no regular file: a FIFO or a device put in its place is neither waited on nor
    read without end."""
    fd = os.open(note, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    with os.fdopen(fd, "rb") as file:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise _NotANote(note)
        data = file.read(NOTE_BYTES + 1)
    if len(data) > NOTE_BYTES or b"\0" in data:
        return ""  # no path is that long or holds a NUL: not a note racko wrote
    text = data.decode("utf-8", "surrogateescape").strip()
    # racko writes an absolute path: other text there (a README, say) is someone else's.
    return text if os.path.isabs(text) else ""


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
