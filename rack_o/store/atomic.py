"""Writing a file whole or not at all: a new file beside it, made durable, then renamed over it
(or, for a file that must not replace another, linked into place).

A reader, a crash, a full disk or a signal never meets the file half written: it holds either
what it held before or all of the new text.
"""

from __future__ import annotations

import os
import secrets
import stat
from contextlib import suppress
from pathlib import Path

_NAME_KEPT = 100
"""Characters of the file's name the temporary file's name starts with (a name at the
system's limit must leave room for the rest)."""


def write_whole(path: str | os.PathLike[str], data: bytes) -> None:
    """Make the file at `path` hold `data`, whole: written to a new file in the same folder,
    flushed to disk and renamed over `path` (`os.replace`), so that an existing file is only
    ever replaced by the whole new one, keeping its permissions (and owner, where allowed).

    A link is followed: the file it names is replaced. A path that is no regular file (a pipe,
    /dev/stdout) cannot be replaced and is written to as a stream; a named pipe that nothing
    reads is not waited on (OSError ENXIO). OSError if it cannot be written; the file already
    there is then left as it was, and nothing is left beside it.
    """
    try:
        # Past any link, the system's own too: /dev/stdout names a pipe where its path
        # (/proc/self/fd/1 -> "pipe:[…]") names nothing that exists.
        found: os.stat_result | None = os.stat(path)
    except FileNotFoundError:
        found = None
    if found is not None and not stat.S_ISREG(found.st_mode):
        _write_stream(path, data)
        return
    target = Path(os.path.realpath(path))
    fd, temporary = _new_file_beside(target)
    try:
        with os.fdopen(fd, "wb") as file:
            if found is not None:
                _same_mode_and_owner(file.fileno(), found)
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, target)
    except BaseException:  # KeyboardInterrupt too: no temporary file is ever left behind
        with suppress(OSError):
            os.unlink(temporary)
        raise
    _sync_folder(target.parent)


def _write_stream(path: str | os.PathLike[str], data: bytes) -> None:
    """Write `data` to the pipe or device at `path`. A named pipe with no reader fails at once
    (ENXIO) instead of waiting for one, where no signal could end the wait."""
    nonblocking = getattr(os, "O_NONBLOCK", 0)
    fd = os.open(path, os.O_WRONLY | nonblocking | getattr(os, "O_CLOEXEC", 0))
    with os.fdopen(fd, "wb") as stream:
        if nonblocking:
            os.set_blocking(fd, True)  # a reader is there: it is given the whole text
        stream.write(data)


def create_whole(path: str | os.PathLike[str], data: bytes, mode: int = 0o600) -> bool:
    """Make a new file at `path` holding `data`, whole, readable as `mode` allows: written to
    a new file beside it, flushed to disk and linked into place; never over a file already
    there (False then: that one is kept, so of two writers at once the first one's stays).
    OSError if it cannot be written; nothing is then left beside it."""
    target = Path(path)
    # Made with `mode` at once: a key readable by others for a moment could be read whole by
    # whoever opened it then.
    fd, temporary = _new_file_beside(target, mode)
    try:
        with os.fdopen(fd, "wb") as file:
            if hasattr(os, "fchmod"):
                os.fchmod(file.fileno(), mode)  # what the umask took away, put back
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
        try:
            os.link(temporary, target)
        except FileExistsError:
            return False
    finally:
        with suppress(OSError):
            os.unlink(temporary)
    _sync_folder(target.parent)
    return True


def _new_file_beside(target: Path, mode: int = 0o666) -> tuple[int, Path]:
    """A new, empty file in `target`'s folder, hidden, made with `mode` less the umask (by
    default the mode a new file gets, unlike `tempfile.mkstemp`'s 0600): its descriptor and
    path."""
    while True:
        temporary = target.with_name(
            f".{target.name[:_NAME_KEPT]}.{secrets.token_hex(4)}.tmp")
        try:
            return os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode), temporary
        except FileExistsError:
            continue


def _same_mode_and_owner(fd: int, found: os.stat_result) -> None:
    """Give the new file the permissions (and, where the system allows, the owner) of the file
    it replaces."""
    if hasattr(os, "fchmod"):
        os.fchmod(fd, stat.S_IMODE(found.st_mode))
    if hasattr(os, "fchown"):
        new = os.fstat(fd)
        if (new.st_uid, new.st_gid) != (found.st_uid, found.st_gid):
            with suppress(OSError):  # only root may give a file away
                os.fchown(fd, found.st_uid, found.st_gid)


def _sync_folder(folder: Path) -> None:
    """Make the rename durable (POSIX; elsewhere the folder cannot be opened, and nothing is
    needed)."""
    with suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
