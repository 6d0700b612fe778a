"""Reading a file of bounded size (a game record, a note, the host key): a regular file only,
never waited on (a pipe) nor read without end (a device), and at most so many bytes."""

from __future__ import annotations

import os
import stat
from pathlib import Path


class NotARegularFile(Exception):
    """What stands at the path is a folder, a pipe, a device or a socket."""


class TooBig(Exception):
    """The file holds more than the bytes asked for: `size` of them (at least)."""

    def __init__(self, path: Path, size: int) -> None:
        super().__init__(path, size)
        self.size = size


def read_small(path: Path, limit: int) -> tuple[bytes, os.stat_result]:
    """The bytes of the regular file at `path` (at most `limit`, else TooBig) and what it was.

    Anything else is refused (NotARegularFile) before it is opened, since opening some devices
    acts by itself, and again once opened, in case it was swapped meanwhile; a pipe is opened
    without waiting for a writer. A file larger than `limit` is refused unread. OSError if it
    cannot be read.
    """
    if not stat.S_ISREG(os.stat(path).st_mode):
        raise NotARegularFile(path)
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    try:
        found = os.fstat(fd)
        if not stat.S_ISREG(found.st_mode):
            raise NotARegularFile(path)
        if found.st_size > limit:
            raise TooBig(path, found.st_size)
        chunks: list[bytes] = []
        held = 0
        while held <= limit:
            chunk = os.read(fd, limit + 1 - held)
            if not chunk:
                break
            chunks.append(chunk)
            held += len(chunk)
    finally:
        os.close(fd)
    if held > limit:  # it grew while read
        raise TooBig(path, held)
    return b"".join(chunks), found
