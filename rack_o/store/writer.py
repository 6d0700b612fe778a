"""Appending a game record to a file, one durable line per event, one writer at a time.

A writer holds the file's lock for as long as it is open, and never writes over what it did
not write itself: before every change it checks that the file is still what it left there
(its size, its last bytes, the same file under the same name). A record is therefore never
cut back to an older state, whatever else touches the file.
"""

from __future__ import annotations

import errno
import hashlib
import os
import stat
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

from rack_o.record import dumps, event, holds_deal
from rack_o.steps import Step
from rack_o.store.permissions import is_read_only

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows has no flock; the lock is then skipped
    fcntl = None  # type: ignore[assignment]

_OPEN_FLAGS = getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)

TAIL_BYTES = 512
"""How many of the last bytes written are compared before each append (a line is 50-400)."""


class RecordBusyError(OSError):
    """Another racko process holds this record's lock: the game is being played elsewhere."""


class RecordWriteError(OSError):
    """The record could not be written (a full disk, an I/O error): the game cannot be saved."""


class BrokenLinkError(FileNotFoundError):
    """The record's name is a symbolic link to nothing: no file is created through it (that
    would make a file wherever the link points)."""


class RecordNotEmptyError(FileExistsError):
    """The file named for a new game's record holds something already (written since it was
    checked, by another racko say): a record is never written over."""


class RecordChangedError(RecordWriteError):
    """The file is not what this writer last left there: something else wrote to it, cut it,
    replaced or deleted it. Nothing was written."""


class RecordWriter:
    """Appends events to a rack-o/1 file; each line is flushed and fsynced before returning.

    Opening takes an exclusive advisory lock on the file (where the system has flock), held
    until `close`, so the same game cannot be played on in two windows at once; the lock goes
    with the process, however it ends. RecordBusyError if another process holds it. With
    `create` False the file must exist (FileNotFoundError otherwise, also when it was deleted
    or replaced while the lock was being taken); a file that may not be written is still
    locked, and the first write fails.

    A file is never created through a symbolic link to nothing (BrokenLinkError): that would
    make a file wherever the link points.

    With `new`, the file must not exist yet (FileExistsError if it does: a record is never
    overwritten) and no lock is taken, since no one else can have a file just made; a
    simulation's workers write their records so, also into a shared folder, line by line;
    nor is such a file read back before each line to check that it is as this writer left it.
    """

    def __init__(
        self, path: str | os.PathLike[str], fsync: bool = True, *, create: bool = True,
        new: bool = False,
    ) -> None:
        self.path = Path(path)
        self.fsync = fsync
        self.dealt = False
        """True once the file holds a deal line (written here, or found by `take_up`)."""
        self.drop_undealt = False
        """Delete the file on `close` if no round was ever dealt in it: nothing to carry on."""
        self.dropped = False
        """True once `close` or `drop` deleted the file."""
        self._failed: RecordWriteError | None = None
        self._cut: int | None = None
        """The bytes of a file taken up (`take_up`) to keep when the first line is written."""
        self._checked = not new
        """Whether each write first checks the file ends as this writer left it (`_check`)."""
        self._fd, self._read_only = _open_locked(self.path, create, new)
        self._size = os.fstat(self._fd).st_size
        self._tail = _pread_all(self._fd, max(0, self._size - TAIL_BYTES), self._size)
        if self._read_only is not None:
            self._failed = self._write_error(self._read_only)

    @property
    def size(self) -> int:
        """The file's size in bytes as this writer found it, or last left it."""
        return self._size

    @property
    def failure(self) -> RecordWriteError | None:
        """Why every write will fail (a file that may not be written, a write that failed), or
        None while the file can be written."""
        return self._failed

    # ------------------------------------------------------------------ writing

    def write(self, line: dict[str, Any]) -> None:
        """Append one line and make it durable. RecordChangedError (nothing written) if the file
        is not what this writer left there; RecordWriteError if it cannot be written. After
        either, every later write fails the same way, so no line follows a lost one."""
        self.write_all((line,))

    def write_all(self, lines: Iterable[dict[str, Any]]) -> None:
        """Append lines and make them durable together (a whole record at once); fails as
        `write` does."""
        if self._failed is not None:
            raise self._failed
        lines = list(lines)
        self._append(b"".join(dumps(line).encode("utf-8") for line in lines))
        self.dealt = self.dealt or holds_deal(lines)

    def step(self, step: Step) -> None:
        """Append the line of one game step (a Game's `on_step` listener)."""
        self.write(event(step))

    def take_up(self, size: int, digest: str, keep: int) -> None:
        """Carry on a file read as `size` bytes with SHA-256 `digest`, after its first `keep`
        bytes: with the first line written, anything after them (a torn last line) is cut
        off, and a last line lacking its newline gets one; until then the file is left as it
        is (a player may leave before anything is played). RecordChangedError, with nothing
        changed, unless the file is exactly what was read."""
        if self._failed is not None:
            raise self._failed
        with self._failing():
            data = _pread_all(self._fd, 0, size + 1)
            if (len(data) != size or hashlib.sha256(data).hexdigest() != digest
                    or not _same_file(self._fd, self.path)):
                raise self._changed()
        self._size = size
        self._tail = data[-TAIL_BYTES:]
        if size > keep or (keep and not data.endswith(b"\n")):
            self._cut = keep

    def unchanged(self) -> bool:
        """True when the file is still what this writer last left there."""
        try:
            self._check()
        except OSError:
            return False
        return True

    # ------------------------------------------------------------------ closing

    def drop(self) -> bool:
        """Delete the file, if it is still what this writer left there; True if deleted.

        Done while the lock is held, so nobody can start playing it meanwhile.
        """
        if self.dropped or not self.unchanged():
            return False
        try:
            self.path.unlink()
        except OSError:
            return False
        self.dropped = True
        return True

    def close(self) -> None:
        """Close the file, releasing its lock; later writes fail. With `drop_undealt` and no
        round dealt, the file is deleted first (a game left before its first deal is not kept).
        Never raises: a line that could not be written was reported by `write` already."""
        if self._fd < 0:
            return
        if self.drop_undealt and not self.dealt and self._failed is None:
            self.drop()
        with suppress(OSError):
            os.close(self._fd)
        self._fd = -1
        if self._failed is None:
            self._failed = RecordWriteError(errno.EBADF, "the record is closed", str(self.path))

    def __enter__(self) -> RecordWriter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ------------------------------------------------------------------ internals

    @contextmanager
    def _failing(self) -> Iterator[None]:
        """Within: a failure is kept, so that every later write fails the same way and no
        line ever follows a lost one."""
        try:
            yield
        except RecordWriteError as error:
            self._failed = error
            raise
        except OSError as error:
            self._failed = self._write_error(error)
            raise self._failed from error

    def _append(self, data: bytes) -> None:
        with self._failing():
            if self._checked:
                self._check()
            if self._cut is not None:
                data = self._cut_off(self._cut) + data
                self._cut = None
            _write_all(self._fd, data)
            if self.fsync:
                os.fsync(self._fd)
        self._size += len(data)
        self._tail = (self._tail + data)[-TAIL_BYTES:]

    def _cut_off(self, keep: int) -> bytes:
        """Cut the file after its first `keep` bytes (a torn last line goes); what must come
        before the next line: a newline if the last line kept lacks one."""
        os.ftruncate(self._fd, keep)
        self._size = keep
        self._tail = _pread_all(self._fd, max(0, keep - TAIL_BYTES), keep)
        return b"\n" if keep and not self._tail.endswith(b"\n") else b""

    def _check(self) -> None:
        """RecordChangedError unless the file still ends as this writer left it."""
        size = os.fstat(self._fd).st_size
        tail = _pread_all(self._fd, self._size - len(self._tail), self._size)
        if size != self._size or tail != self._tail or not _same_file(self._fd, self.path):
            raise self._changed()

    def _changed(self) -> RecordChangedError:
        return RecordChangedError(
            errno.ESTALE, "the file was changed by another program", str(self.path)
        )

    def _write_error(self, error: OSError) -> RecordWriteError:
        return RecordWriteError(error.errno, error.strerror or str(error), str(self.path))


PART_SUFFIX = ".part"
"""Added to a record's name while its game is played (`begin_record`): a game stopped, or a
worker killed, before it ended leaves no file under the record's own name."""


def begin_record(path: str | os.PathLike[str], first: dict[str, Any],
                 opened: list[RecordWriter]) -> RecordWriter:
    """A writer of the new record `path` (FileExistsError if the file exists), writing it
    under its name with PART_SUFFIX until the game ends (`end_record`), its `first` line
    written (no fsync: a match's records), put in `opened` as soon as it exists, in a step no
    signal cuts (this module is never interrupted: see `cli.stopping`): whoever must delete the
    record of a game stopped early finds it there (`drop_records`)."""
    if os.path.lexists(path):
        raise FileExistsError(errno.EEXIST, "a record is never overwritten", str(path))
    writer = RecordWriter(f"{os.fspath(path)}{PART_SUFFIX}", fsync=False, new=True)
    opened.append(writer)
    writer.write(first)
    return writer


def end_record(writer: RecordWriter, then: Callable[[], None],
               opened: list[RecordWriter]) -> None:
    """Close `writer`'s record and give it its own name (FileExistsError if a file took that
    name meanwhile), take the writer out of `opened` and call `then`, in one step that a
    signal never cuts: whoever `then` tells of the game counts exactly the records written
    whole under their names."""
    writer.close()
    whole = str(writer.path)[: -len(PART_SUFFIX)]
    try:
        os.link(writer.path, whole)  # never over another file, as a rename would go
    except FileExistsError:
        raise  # an OSError, but not one of a file system without links
    except OSError:  # a file system without hard links
        if os.path.lexists(whole):
            raise FileExistsError(errno.EEXIST, "a record is never overwritten", whole) from None
        os.replace(writer.path, whole)
    else:
        os.unlink(writer.path)
    opened.remove(writer)
    then()


def drop_records(opened: list[RecordWriter]) -> None:
    """Delete the records `opened` holds (games stopped before they ended) and close them."""
    for writer in opened:
        writer.close()
        with suppress(OSError):
            os.unlink(writer.path)  # its part name: only this writer made or wrote it
    opened.clear()


def drop_parts(folder: str | os.PathLike[str], is_record: Callable[[str], bool]) -> None:
    """Delete the records of games stopped before they ended that `folder` holds under their
    part names, of the records whose names `is_record` (a match's, once its workers are gone:
    one killed in the middle of a game leaves its part)."""
    with suppress(OSError), os.scandir(folder) as entries:
        for entry in entries:
            if entry.name.endswith(PART_SUFFIX) and is_record(entry.name[: -len(PART_SUFFIX)]):
                with suppress(OSError):
                    os.unlink(entry.path)


def is_busy(path: str | os.PathLike[str]) -> bool:
    """True when a racko process holds `path`'s lock (its game is being played right now)."""
    if fcntl is None:
        return False
    # A lock is held on files only: anything else is never opened (a device may act on it),
    # and a pipe put in the file's place meanwhile is never waited on.
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            return False
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | _OPEN_FLAGS)
    except OSError:
        return False
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return False
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    except OSError:
        return False
    finally:
        os.close(fd)
    return False


def _open_locked(path: Path, create: bool, new: bool) -> tuple[int, OSError | None]:
    """A descriptor of `path`, locked unless `new`, and why it may not be written (None if it
    may)."""
    flags = os.O_APPEND | _OPEN_FLAGS
    read_only: OSError | None = None
    try:
        fd = _open_writing(path, flags, create, new)
        if not new and is_read_only(os.fstat(fd)):  # root could open it for writing
            os.close(fd)
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(path))
    except OSError as error:
        if create or error.errno not in (errno.EACCES, errno.EPERM, errno.EROFS):
            raise
        # Still lock it: the game may be finished, and only shown, never written.
        read_only = error
        fd = os.open(path, os.O_RDONLY | _OPEN_FLAGS)
    if new:
        return fd, None
    try:
        if fcntl is not None:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                raise RecordBusyError(
                    errno.EWOULDBLOCK, "another racko is playing this game right now", str(path)
                ) from None
        # The lock is on the file that was opened: if the name now leads elsewhere (the game
        # was dropped, or the file replaced, while we waited), that file is no game to go on.
        if not _same_file(fd, path):
            raise FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT), str(path))
    except BaseException:
        os.close(fd)
        raise
    return fd, read_only


def _open_writing(path: Path, flags: int, create: bool, new: bool) -> int:
    """`path` opened to read and append: created if `create` (it must not exist if `new`),
    but never through a symbolic link to nothing (BrokenLinkError)."""
    if new:
        return os.open(path, os.O_RDWR | flags | os.O_CREAT | os.O_EXCL, 0o666)
    if create:
        try:
            return os.open(path, os.O_RDWR | flags)  # a file there already (or linked to)
        except FileNotFoundError:
            pass
        try:
            # With O_EXCL a link is never followed: one to nothing stays a link to nothing.
            return os.open(path, os.O_RDWR | flags | os.O_CREAT | os.O_EXCL, 0o666)
        except FileExistsError:
            if os.path.islink(path) and not os.path.exists(path):
                raise BrokenLinkError(errno.ENOENT, "a link to nothing", str(path)) from None
            # Made meanwhile by someone else: opened as any file that is there.
    return os.open(path, os.O_RDWR | flags)


def _same_file(fd: int, path: Path) -> bool:
    try:
        named = os.stat(path)
    except OSError:
        return False
    opened = os.fstat(fd)
    return (named.st_dev, named.st_ino) == (opened.st_dev, opened.st_ino)


def _pread_all(fd: int, start: int, end: int) -> bytes:
    """The bytes from `start` to `end` (fewer if the file is shorter)."""
    chunks = []
    while start < end:
        if hasattr(os, "pread"):
            chunk = os.pread(fd, end - start, start)
        else:  # pragma: no cover - Windows: appends go to the end wherever the offset is
            os.lseek(fd, start, os.SEEK_SET)
            chunk = os.read(fd, end - start)
        if not chunk:
            break
        chunks.append(chunk)
        start += len(chunk)
    return b"".join(chunks)


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]
