"""The record writer: one writer per file, and never a line over what it did not write.

Whatever else touches the file while a writer has it (another program appending, cutting it
back, rewriting its last line, replacing or deleting it), the writer's next change is refused
with RecordChangedError and the file is left exactly as the other program left it.
"""

from __future__ import annotations

import errno
import json
import os
from collections.abc import Callable
from pathlib import Path

import pytest
from builders import finished_game, record_text, unfinished_game, write_record

from rack_o.store import writer as writer_module
from rack_o.store.autosave import hold_record, open_record, reopen_record
from rack_o.store.records import load_record
from rack_o.store.writer import (
    RecordBusyError,
    RecordChangedError,
    RecordWriteError,
    RecordWriter,
    is_busy,
)

LINE = {"type": "turn", "seat": 0, "source": "draw", "card": 3, "slot": None}


def append(path: Path) -> None:
    with open(path, "ab") as other:
        other.write(b'{"type": "note"}\n')


def cut_back(path: Path) -> None:
    data = path.read_bytes()
    lines = data.splitlines(keepends=True)
    path.write_bytes(b"".join(lines[:-2]))


def rewrite_last_line(path: Path) -> None:
    """The same size, other bytes: what a stale copy of the game might write."""
    data = bytearray(path.read_bytes())
    index = data.rindex(b'"card": ') + len(b'"card": ')
    data[index : index + 1] = b"4" if data[index : index + 1] != b"4" else b"5"
    with open(path, "r+b") as other:
        other.write(bytes(data))


def replace(path: Path) -> None:
    spare = path.with_name("spare.jsonl")
    spare.write_bytes(path.read_bytes())
    spare.replace(path)


def delete(path: Path) -> None:
    path.unlink()


CHANGES: dict[str, Callable[[Path], None]] = {
    "appended to": append,
    "cut back": cut_back,
    "last line rewritten": rewrite_last_line,
    "replaced": replace,
    "deleted": delete,
}


def snapshot(path: Path) -> bytes | None:
    return path.read_bytes() if path.exists() else None


@pytest.fixture
def record(tmp_path: Path) -> Path:
    return write_record(tmp_path / "game.jsonl", unfinished_game(4, turns=6))


@pytest.mark.parametrize("change", list(CHANGES))
def test_a_file_changed_by_another_program_is_never_written_again(
    record: Path, change: str
) -> None:
    writer = RecordWriter(record)
    writer.write(LINE)
    CHANGES[change](record)
    theirs = snapshot(record)
    with pytest.raises(RecordChangedError) as refused:
        writer.write(LINE)
    assert refused.value.filename == str(record)
    with pytest.raises(RecordChangedError):
        writer.write(LINE)  # and every later line, so none follows a lost one
    writer.close()
    assert snapshot(record) == theirs


@pytest.mark.parametrize("change", list(CHANGES))
def test_a_record_changed_since_it_was_read_is_not_taken_up(record: Path, change: str) -> None:
    writer = hold_record(record)
    read = load_record(record, seeded=True)
    CHANGES[change](record)
    theirs = snapshot(record)
    with pytest.raises(RecordChangedError):
        reopen_record(read, writer)
    writer.close()
    assert snapshot(record) == theirs


@pytest.mark.parametrize(
    "on_disk",
    [lambda whole: whole + b'{"type": "tu', lambda whole: whole, lambda whole: whole[:-1],
     lambda whole: whole[:-1] + b"\0" * 64, lambda whole: whole + b"\n"],
    ids=["torn line cut off", "nothing after", "last line gets its newline",
         "zeros after a last line without its newline", "a blank last line cut off"],
)
def test_a_record_unchanged_since_it_was_read_is_taken_up_after_its_last_line(
    record: Path, on_disk: Callable[[bytes], bytes]
) -> None:
    whole = record.read_bytes()
    record.write_bytes(on_disk(whole))
    writer = hold_record(record)
    reopen_record(load_record(record, seeded=True), writer)
    writer.write(LINE)
    writer.close()
    assert record.read_bytes() == whole + (
        b'{"type": "turn", "seat": 0, "source": "draw", "card": 3, "slot": null}\n')


@pytest.mark.parametrize(
    "on_disk",
    [lambda whole: whole + b'{"type": "tu', lambda whole: whole[:-1]],
    ids=["torn last line", "last line without its newline"],
)
def test_a_record_taken_up_is_left_as_it_is_until_a_line_is_written(
    record: Path, on_disk: Callable[[bytes], bytes]
) -> None:
    record.write_bytes(on_disk(record.read_bytes()))
    before = snapshot(record)
    writer = hold_record(record)
    reopen_record(load_record(record, seeded=True), writer)
    assert writer.unchanged()
    writer.close()
    assert snapshot(record) == before


def test_a_held_record_is_busy_for_everyone_else_until_closed(record: Path) -> None:
    writer = hold_record(record)
    assert is_busy(record)
    with pytest.raises(RecordBusyError):
        hold_record(record)
    with pytest.raises(RecordBusyError):
        RecordWriter(record)
    writer.close()
    assert not is_busy(record)
    hold_record(record).close()


@pytest.mark.timeout(10)
def test_a_pipe_named_like_a_record_is_never_busy_nor_waited_on(tmp_path: Path) -> None:
    # `racko resume --list` asks of every file there; a pipe opened to read waits for a writer.
    pipe = tmp_path / "game.jsonl"
    os.mkfifo(pipe)
    assert not is_busy(pipe)


def test_holding_a_missing_record_creates_nothing(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        hold_record(tmp_path / "gone.jsonl")
    assert not (tmp_path / "gone.jsonl").exists()


def test_a_record_dropped_while_its_lock_was_awaited_is_not_held(
    record: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real_flock = writer_module.fcntl.flock

    def flock_after_the_drop(fd: int, operation: int) -> None:
        record.unlink()  # the window that had it dropped it, and let go
        real_flock(fd, operation)

    monkeypatch.setattr(writer_module.fcntl, "flock", flock_after_the_drop)
    with pytest.raises(FileNotFoundError):
        hold_record(record)


@pytest.mark.parametrize(("deal", "kept"), [(False, False), (True, True)],
                         ids=["left before the first deal", "dealt"])
def test_an_autosaved_game_is_kept_only_once_dealt(
    home: Path, deal: bool, kept: bool
) -> None:
    writer = open_record(None, "2026-11-29T21:05:00Z", ["Ann", "Bob"])
    lines = record_text(finished_game(4)).splitlines(keepends=True)
    for line in lines[: 3 if deal else 2]:  # game, dealer_draw (, deal)
        writer.write(json.loads(line))
    writer.close()
    assert writer.path.exists() is kept


def test_a_record_the_player_named_is_kept_even_before_the_first_deal(tmp_path: Path) -> None:
    path = tmp_path / "mine.jsonl"
    writer = open_record(path, None, ["Ann"])
    writer.write({"type": "game"})
    writer.close()
    assert path.read_text() == '{"type": "game"}\n'


def test_an_undealt_record_changed_by_another_program_is_not_dropped(home: Path) -> None:
    writer = open_record(None, None, ["Ann", "Bob"])
    writer.write({"type": "game"})
    append(writer.path)
    writer.close()
    assert writer.path.read_text() == '{"type": "game"}\n{"type": "note"}\n'


def test_a_record_that_may_not_be_written_is_held_but_not_written(
    record: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real_open = os.open

    def read_only(path: str, flags: int, *args: int) -> int:
        if flags & os.O_RDWR:
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(path))
        return real_open(path, flags, *args)

    monkeypatch.setattr(writer_module.os, "open", read_only)
    writer = hold_record(record)
    monkeypatch.undo()
    assert is_busy(record)
    before = record.read_bytes()
    with pytest.raises(RecordWriteError) as refused:
        reopen_record(load_record(record, seeded=True), writer)
    assert refused.value.errno == errno.EACCES
    writer.close()
    assert record.read_bytes() == before


def test_a_new_record_is_never_written_over_and_takes_no_lock(tmp_path: Path) -> None:
    path = tmp_path / "worker.jsonl"
    lines = [json.loads(line) for line in record_text(finished_game(4)).splitlines()]
    with RecordWriter(path, fsync=False, new=True) as writer:
        assert not is_busy(path)  # a worker's file in a shared folder: nobody else has it
        writer.write_all(lines)
        assert writer.dealt
    assert path.read_text() == record_text(finished_game(4))
    with pytest.raises(FileExistsError):
        RecordWriter(path, new=True)
    assert path.read_text() == record_text(finished_game(4))
