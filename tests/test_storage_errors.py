"""Storage that says no is a sentence and an exit code, never a traceback: a full device, a
write failing mid-game, a name too long for the file system, a data folder that is a file."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest
from clirun import assert_exited, flat, racko

from rack_o.store import writer as writer_module
from rack_o.store.writer import RecordWriteError, RecordWriter

BOT_GAME = ["play", "--players", "2", "--bots", "hard,hard", "--fast", "--target", "5"]
LONG = "a" * 300


def test_a_record_on_a_full_device_stops_before_the_game_with_a_sentence(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def disk_full(fd: int, data: bytes) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    # A full disk (not /dev/full: --record refuses a device before anything starts).
    monkeypatch.setattr(writer_module, "_write_all", disk_full)
    record = home / "g.jsonl"
    result = racko(*BOT_GAME, "--record", str(record))
    assert_exited(result, 1)
    assert f"The game can't be saved: No space left on device ({record})." in flat(result.output)


def test_a_write_failing_mid_game_stops_it_where_it_stands(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real_write = writer_module.RecordWriter.write
    calls = []

    def failing_write(self: RecordWriter, event: dict) -> None:
        calls.append(event)
        if len(calls) > 6:
            raise RecordWriteError(28, "No space left on device", str(self.path))
        real_write(self, event)

    monkeypatch.setattr(writer_module.RecordWriter, "write", failing_write)
    result = racko(*BOT_GAME, "--record", str(home / "g.jsonl"))
    assert_exited(result, 1)
    said = flat(result.output)
    assert "The game can't be saved: No space left on device" in said
    assert "The game stopped in round 1" in said


def test_a_failed_write_fails_every_later_one_and_close_does_not_raise() -> None:
    writer = RecordWriter("/dev/full", fsync=False)
    with pytest.raises(RecordWriteError) as first:
        writer.write({"type": "x"})
    assert first.value.filename == "/dev/full"
    with pytest.raises(RecordWriteError):
        writer.write({"type": "y"})
    writer.close()


@pytest.mark.parametrize("command", ["replay", "resume"])
@pytest.mark.parametrize(
    ("ref", "why"),
    [
        # Too long for any file name: the system's own reason.
        (LONG, f"{LONG}: cannot be read (File name too long)\n"),
        # A name that fits, but not with the record's .jsonl added: no such game.
        ("a" * 252, f'No saved game "{"a" * 252}"'),
    ],
    ids=["300 characters", "252 characters"],
)
def test_a_reference_too_long_for_a_file_name_is_refused_with_a_sentence(
    home: Path, command: str, ref: str, why: str
) -> None:
    result = racko(command, ref)
    assert_exited(result, 2)
    assert flat(why) in flat(result.output)  # broken between words at the terminal's width


def test_a_record_file_name_too_long_is_a_usage_error(home: Path) -> None:
    path = home / f"{LONG}.jsonl"
    result = racko(*BOT_GAME, "--record", str(path))
    assert_exited(result, 2)
    assert f"Invalid value for '--record': cannot write {path}: File name too long." in flat(
        result.output
    )


def test_a_data_folder_that_is_a_file_is_named_in_a_sentence(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "fileh").write_text("", encoding="utf-8")
    monkeypatch.chdir(tmp_path)  # a short path: a long one would be folded on the screen
    monkeypatch.setenv("RACKO_HOME", "fileh")
    for command in ("history", "stats"):
        result = racko(command)
        assert_exited(result, 1)
        said = flat(result.output)
        assert ("The game history fileh/history.sqlite3 cannot be opened: "
                "fileh is a file, not a folder.") in said
        assert "Errno" not in said


def test_a_data_folder_that_is_a_link_to_nothing_is_said_to_be_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "linkh").symlink_to("gone")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("RACKO_HOME", "linkh")
    result = racko(*BOT_GAME, input="\n")
    said = flat(result.output)
    assert ("This game is not being saved: cannot write linkh (linkh is a link to gone, which "
            "does not exist).") in said
    assert "is a file" not in said
    result = racko(*BOT_GAME, "--record", "linkh/g.jsonl")
    assert_exited(result, 2)
    assert "cannot write linkh/g.jsonl: linkh is a link to gone, which does not exist." in flat(
        result.output)
    assert not (tmp_path / "gone").exists()  # nothing made where the link points


@pytest.mark.parametrize(("links", "said"), [
    ({"a": "b", "b": "gone"}, "a is a link to gone, which does not exist."),
    ({"loop": "loop"}, "loop is a link that leads back to itself."),
], ids=["a link to a link to nothing", "a loop"])
def test_a_record_folder_behind_links_is_said_to_be_what_it_is(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, links: dict[str, str], said: str
) -> None:
    for name, target in links.items():
        (tmp_path / name).symlink_to(target)
    monkeypatch.chdir(tmp_path)
    first = next(iter(links))
    result = racko(*BOT_GAME, "--record", f"{first}/g.jsonl")
    assert_exited(result, 2)
    assert f"cannot write {first}/g.jsonl: {said}" in flat(result.output)


@pytest.mark.parametrize("command", ["replay", "review", "resume"])
def test_a_record_file_that_is_not_there_is_not_said_to_be_left_as_it_was(
    home: Path, tmp_path: Path, command: str
) -> None:
    missing = tmp_path / "gone.jsonl"
    result = racko(command, str(missing))
    assert_exited(result, 2)
    said = flat(result.output)
    assert f"cannot {command} {missing}: no such file" in said
    assert "left exactly as it was" not in said


def test_a_games_folder_that_is_a_link_to_itself_gives_no_traceback(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    home = tmp_path / "home"
    home.mkdir()
    (home / "games").symlink_to("games")
    monkeypatch.setenv("RACKO_HOME", str(home))
    record = tmp_path / "g.jsonl"
    result = racko(*BOT_GAME, "--record", str(record))
    assert result.exit_code == 0, result.output
    for args in (["history"], ["history", "--json"], ["replay", str(record), "--summary"]):
        result = racko(*args)
        assert result.exit_code == 0, (args, result.output)
        assert "Traceback" not in result.output and result.exception is None or isinstance(
            result.exception, SystemExit)
