"""Finished games the history could not take (it was locked, or could not be opened), kept to
be added on a later run.

Each is a small note in `history-pending/` in the data directory naming the game's record
file; the record itself is the game. A note is removed once its game is in the history, or
once its record is gone or no longer a finished game (nothing is left to add). A note whose
record is there but cannot be read now (its permissions, an I/O error) stays, and so does
whatever else stands there that racko did not write. The history refuses a game it holds
already, so two processes adding the same note at once do no harm.
"""

from __future__ import annotations

import hashlib
import os
import re
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path

from rack_o.store.atomic import write_whole
from rack_o.store.history import QUICK_WAIT_MS, HistoryError, record_game
from rack_o.store.paths import make_folder, nearest_part, pending_dir, record_id
from rack_o.store.permissions import is_read_only_folder
from rack_o.store.records import RecordFileError, RecordProblem, load_record
from rack_o.store.small_file import NotARegularFile, TooBig, read_small

NOTE_SUFFIX = ".txt"
NOTE_BYTES = 64 * 1024
"""The most of a note that is read: it holds one path (at most a few thousand bytes)."""
_UNSAFE = re.compile(r"[^\w.-]+")


@dataclass(frozen=True)
class Catchup:
    """What adding the kept games did: how many still wait, and why."""

    waiting: int
    problem: HistoryError | None
    unread: tuple[tuple[RecordFileError, Path], ...] = ()
    """The kept games whose records are there but could not be read, each with its note: they
    wait too."""
    lost: tuple[RecordFileError, ...] = ()
    """The records that are no finished game's any more (damaged, or something else in their
    place): their notes are gone, so each is said once."""


def can_keep() -> Path | None:
    """None if a finished game could be kept for later now; else the file or folder that
    keeps its note from being written (a file, or a read-only folder: by its bits, so that
    root leaves it as it is too)."""
    folder = pending_dir()
    nearest = nearest_part(folder)
    if nearest is None:
        return folder  # not even its drive is there
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


def add_kept_games(history: str | os.PathLike[str] | None = None) -> Catchup:
    """Add to the history the finished games kept for later, waiting only briefly for a locked
    database; the first failure stops it (the rest wait for the next run)."""
    notes = _notes()
    # A read-only folder is left as it is, even by root: its notes are read, never removed.
    removable = can_keep() is None
    unread: list[tuple[RecordFileError, Path]] = []
    lost: list[RecordFileError] = []
    for number, (note, target) in enumerate(notes):
        try:
            record = load_record(target)
        except RecordFileError as error:
            if _gone(error):
                record = None
            elif error.problem is RecordProblem.UNREADABLE:
                # There, but not readable just now (its permissions, an I/O error): the game
                # is added once it can be read, so the note stays.
                unread.append((error, note))
                continue
            else:
                lost.append(error)  # no longer a finished game's record: said once
                record = None
        if record is None or not record.game.is_over:
            if removable:
                with suppress(OSError):
                    note.unlink()  # the record is gone, or no finished game any more
            continue
        try:
            record_game(record.game, record.header, record=record.path, path=history,
                        wait_ms=QUICK_WAIT_MS)
        except HistoryError as error:
            return Catchup(len(notes) - number, error, tuple(unread), tuple(lost))
        if removable:
            with suppress(OSError):
                note.unlink()
    return Catchup(0, None, tuple(unread), tuple(lost))


def _gone(error: RecordFileError) -> bool:
    """Whether `error` says the record is no longer there (its folder is not one either)."""
    return (error.problem is RecordProblem.NO_SUCH_FILE
            or isinstance(error.cause, (FileNotFoundError, NotADirectoryError)))


def _notes() -> list[tuple[Path, str]]:
    """The notes racko wrote, in name order, each with the record path it names. Whatever else
    stands there (a FIFO, a folder, a file of someone's own: a note holds one absolute path)
    is left alone, unread if it is no regular file."""
    try:
        listed = sorted(p for p in pending_dir().iterdir() if p.name.endswith(NOTE_SUFFIX))
    except OSError:
        return []
    notes = []
    for note in listed:
        try:
            data, _found = read_small(note, NOTE_BYTES)
        except (OSError, NotARegularFile, TooBig):
            continue  # no note racko wrote (no path is that long), or unreadable now
        text = data.decode("utf-8", "surrogateescape").strip()
        # A path holds no NUL, and racko writes an absolute one: other text is someone else's.
        if "\0" not in text and os.path.isabs(text):
            notes.append((note, text))
    return notes
