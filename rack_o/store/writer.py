"""Appending a game record to a file, one durable line per event."""

from __future__ import annotations

import os
from pathlib import Path
from typing import IO, Any

from rack_o.record import dumps


class RecordWriter:
    """Appends events to a rack-o/1 file; each line is flushed and fsynced before returning."""

    def __init__(self, path: str | os.PathLike[str], fsync: bool = True) -> None:
        self.path = Path(path)
        self.fsync = fsync
        self._file: IO[str] = open(self.path, "a", encoding="utf-8")  # noqa: SIM115

    def write(self, event: dict[str, Any]) -> None:
        """Append one event and make it durable."""
        self._file.write(dumps(event))
        self._file.flush()
        if self.fsync:
            os.fsync(self._file.fileno())

    def __call__(self, event: dict[str, Any]) -> None:
        self.write(event)

    def close(self) -> None:
        """Close the file; later writes fail."""
        self._file.close()

    def __enter__(self) -> RecordWriter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
