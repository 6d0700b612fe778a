"""Whatever stands among the notes of games kept for the history (a FIFO, a device, a folder, a
note holding no path, a file of someone's own) is passed over: `racko history` and `racko stats`
answer at once, without a traceback, and leave it where it is, as it was."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from rack_o.store.paths import pending_dir


def _fifo(path: Path) -> None:
    os.mkfifo(path)


def _endless(path: Path) -> None:
    path.symlink_to("/dev/zero")


def _folder(path: Path) -> None:
    path.mkdir()


def _nul(path: Path) -> None:
    path.write_bytes(b"/tmp/a\0b\n")


def _huge(path: Path) -> None:
    path.write_bytes(b"/" * (1 << 20))


def _readme(path: Path) -> None:
    path.write_text("just my notes about the game\n")


HOSTILE_NOTES: dict[str, Callable[[Path], None]] = {
    # Each stays where it is: only racko's own notes are removed (it writes one absolute path).
    "a FIFO no one writes to": _fifo,
    "a link to /dev/zero": _endless,
    "a folder": _folder,
    "a path holding a NUL byte": _nul,
    "a megabyte of slashes": _huge,
    "someone's own text": _readme,
}


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="POSIX: FIFOs and /dev/zero")
@pytest.mark.parametrize("command", ["history", "stats"])
@pytest.mark.parametrize("kind", list(HOSTILE_NOTES))
def test_a_note_that_is_no_note_is_passed_over_at_once(
    home: Path, kind: str, command: str
) -> None:
    folder = pending_dir()
    folder.mkdir()
    note = folder / "2026-11-29-2105-ann-bob-0123456789ab.txt"
    HOSTILE_NOTES[kind](note)
    before = note.read_bytes() if note.is_file() and not note.is_symlink() else None
    # A child process: a read that never ends must fail the test, not hang it.
    done = subprocess.run([sys.executable, "-m", "rack_o", command], capture_output=True,
                          text=True, timeout=30, env={**os.environ, "RACKO_HOME": str(home)},
                          stdin=subprocess.DEVNULL)
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    assert "No finished games yet" in done.stdout
    assert note.is_symlink() or note.exists()
    if before is not None:
        assert note.read_bytes() == before


def test_a_game_is_kept_for_later_whatever_stands_where_a_draft_was_written(
    home: Path,
) -> None:
    # The note went through a draft of a fixed name beside it: a folder there (or another
    # racko writing the same draft) lost the note, and the game never reached the history.
    from rack_o.store.pending import keep_for_later

    record = home / "games" / "2026-11-29-2105-ann-bob.jsonl"
    record.parent.mkdir(parents=True, exist_ok=True)
    record.write_text("{}\n")
    assert keep_for_later(record)
    [note] = [p for p in pending_dir().iterdir() if p.suffix == ".txt"]
    note.unlink()
    note.with_suffix(".tmp").mkdir()  # where the old draft went
    assert keep_for_later(record)
    assert note.read_text(encoding="utf-8") == f"{record.resolve()}\n"
    assert sorted(p.name for p in pending_dir().iterdir()) == sorted(
        [note.name, note.with_suffix(".tmp").name])  # nothing else left beside it
