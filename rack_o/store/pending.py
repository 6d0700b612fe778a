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
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path

from rack_o.store.history import QUICK_WAIT_MS, HistoryError, record_game
from rack_o.store.paths import data_dir, record_id
from rack_o.store.records import RecordFileError, load_record

NOTE_SUFFIX = ".txt"
_UNSAFE = re.compile(r"[^\w.-]+")


@dataclass(frozen=True)
class Catchup:
    """What adding the kept games did: how many were added, how many still wait, and why."""

    added: int
    waiting: int
    problem: HistoryError | None


def pending_dir() -> Path:
    """The folder of notes of finished games not yet in the history (not created here)."""
    return data_dir() / "history-pending"


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
        note.parent.mkdir(parents=True, exist_ok=True)
        draft = note.with_suffix(".tmp")
        draft.write_text(f"{path}\n", encoding="utf-8", errors="surrogateescape")
        draft.replace(note)
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
            target = note.read_text(encoding="utf-8", errors="surrogateescape").strip()
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


def _notes() -> list[Path]:
    try:
        return sorted(p for p in pending_dir().iterdir() if p.name.endswith(NOTE_SUFFIX))
    except OSError:
        return []
