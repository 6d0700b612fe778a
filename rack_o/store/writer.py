"""Appending a game record to a file, one durable line per event, one writer at a time."""

from __future__ import annotations

import errno
import os
from collections.abc import Iterable
from contextlib import suppress
from pathlib import Path
from typing import IO, Any

from rack_o.record import dumps, event
from rack_o.steps import Step

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows has no flock; the lock is then skipped
    fcntl = None  # type: ignore[assignment]


class RecordBusyError(OSError):
    """Another racko process is writing this record (it holds the file's lock)."""


class RecordWriteError(OSError):
    """The record could not be written (a full disk, an I/O error): the game cannot be saved."""


class RecordWriter:
    """Appends events to a rack-o/1 file; each line is flushed and fsynced before returning.

    While open it holds an exclusive advisory lock on the file (where the system has flock),
    so the same game cannot be played on in two windows at once; the lock goes with the
    process, however it ends. RecordBusyError if another process holds it.

    With `new`, the file must not exist yet (FileExistsError if it does: a record is never
    overwritten) and no lock is taken, since no one else can have a file just made; a
    simulation's workers write their records so, also into a shared folder.
    """

    def __init__(
        self, path: str | os.PathLike[str], fsync: bool = True, *, new: bool = False
    ) -> None:
        self.path = Path(path)
        self.fsync = fsync
        self._file: IO[str] = open(self.path, "x" if new else "a", encoding="utf-8")  # noqa: SIM115
        self._failed: RecordWriteError | None = None
        if fcntl is not None and not new:
            try:
                fcntl.flock(self._file.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                self._file.close()
                raise RecordBusyError(
                    errno.EWOULDBLOCK, "another racko is playing this game right now",
                    str(self.path),
                ) from None

    def write(self, line: dict[str, Any]) -> None:
        """Append one line and make it durable; RecordWriteError if it cannot be written
        (then every later write fails the same way, so no line follows a lost one)."""
        self.write_all((line,))

    def write_all(self, lines: Iterable[dict[str, Any]]) -> None:
        """Append lines and make them durable together (a whole record at once); fails as
        `write` does."""
        if self._failed is not None:
            raise self._failed
        try:
            self._file.writelines(dumps(line) for line in lines)
            self._file.flush()
            if self.fsync:
                os.fsync(self._file.fileno())
        except OSError as error:
            self._failed = RecordWriteError(
                error.errno, error.strerror or str(error), str(self.path)
            )
            raise self._failed from error

    def step(self, step: Step) -> None:
        """Append the line of one game step (a Game's `on_step` listener)."""
        self.write(event(step))

    def close(self) -> None:
        """Close the file (releasing its lock); later writes fail. Never raises: a line that
        could not be written was reported by `write` already."""
        with suppress(OSError):
            self._file.close()

    def __enter__(self) -> RecordWriter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
