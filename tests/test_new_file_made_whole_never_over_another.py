"""A file that must never replace another (racko host's key) is made whole: written beside,
flushed, then linked into place, private to its owner; one already there is kept, and a
failure leaves nothing behind."""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

import pytest

from rack_o.store.atomic import create_whole


def beside(folder: Path, name: str) -> list[str]:
    return sorted(path.name for path in folder.iterdir() if path.name != name)


def test_a_new_file_holds_all_it_was_given_readable_by_its_owner_only(tmp_path: Path) -> None:
    path = tmp_path / "key"
    assert create_whole(path, b"secret\n") is True
    assert path.read_bytes() == b"secret\n"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert beside(tmp_path, "key") == []


def test_a_file_already_there_is_kept_as_it_was(tmp_path: Path) -> None:
    path = tmp_path / "key"
    path.write_bytes(b"first\n")
    assert create_whole(path, b"second\n") is False
    assert path.read_bytes() == b"first\n"
    assert beside(tmp_path, "key") == []


def test_a_write_that_fails_leaves_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                           ) -> None:
    def no_space(fd: int) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "fsync", no_space)
    with pytest.raises(OSError, match="No space"):
        create_whole(tmp_path / "key", b"secret\n")
    assert list(tmp_path.iterdir()) == []


def test_the_file_is_never_readable_by_others_not_even_while_it_is_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    made: list[int] = []
    real_open = os.open

    def spying(path: str | os.PathLike[str], flags: int, mode: int = 0o777, **kwargs: object
               ) -> int:
        if flags & os.O_CREAT:
            made.append(mode)
        return real_open(path, flags, mode, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "open", spying)
    old_umask = os.umask(0)  # nothing taken away: the mode asked for is the mode made
    try:
        create_whole(tmp_path / "key", b"secret\n")
    finally:
        os.umask(old_umask)
    assert made and all(mode & 0o077 == 0 for mode in made)
