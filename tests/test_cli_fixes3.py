"""QA pass 3 fixes: a record that cannot be written, names too long for the file system,
odd start times, replaying someone else's unfinished game, and control characters in names."""

from __future__ import annotations

import json
import random
import time
from pathlib import Path

import pytest
from builders import SeededGame
from click.testing import CliRunner, Result
from test_store_games import play_until, record_text

from rack_o.cli import main
from rack_o.cli.console import printable
from rack_o.cli.history import local_time
from rack_o.game import Game, Player
from rack_o.rules import Rules
from rack_o.store import writer as writer_module
from rack_o.store.writer import RecordWriteError, RecordWriter

BOT_GAME = ["play", "--players", "2", "--bots", "hard,hard", "--fast", "--target", "5"]
LONG = "a" * 300


def run(args: list[str], keys: str = "") -> Result:
    return CliRunner().invoke(main, args, input=keys)


def assert_clean_exit(result: Result, code: int) -> None:
    """Exited with `code` through SystemExit: no traceback."""
    assert result.exit_code == code, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception


def people_game(names: list[str], turns: int | None, kinds: tuple[str, ...] = ()) -> Game:
    """A seeded game of people (or `kinds`), played for `turns` turns (None: to its end)."""
    kinds = kinds or ("human",) * len(names)
    game = SeededGame(Rules(len(names), target=150), random.Random(3),
                players=[Player(n, k) for n, k in zip(names, kinds, strict=True)], seed=3,
                started="2026-11-29T21:05:00Z")
    play_until(game, random.Random(4), turns)
    return game


# 1. A record that cannot be written


def test_a_record_on_a_full_device_stops_before_the_game_with_a_sentence(home: Path) -> None:
    result = run([*BOT_GAME, "--record", "/dev/full"])
    assert_clean_exit(result, 1)
    assert "The game can't be saved: No space left on device (/dev/full)." in result.output


def test_a_write_failing_mid_game_stops_it_where_it_stands(
    home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real_write = writer_module.RecordWriter.write
    calls = []

    def failing_write(self: RecordWriter, event: dict) -> None:
        calls.append(event)
        if len(calls) > 6:
            raise RecordWriteError(28, "No space left on device", str(self.path))
        real_write(self, event)

    monkeypatch.setattr(writer_module.RecordWriter, "write", failing_write)
    result = run([*BOT_GAME, "--record", str(tmp_path / "g.jsonl")])
    assert_clean_exit(result, 1)
    said = " ".join(result.output.split())  # the sentence is wrapped to the terminal
    assert "The game can't be saved: No space left on device" in said
    assert "The game stopped in round 1" in said


def test_a_failed_write_fails_every_later_one_and_close_does_not_raise(tmp_path: Path) -> None:
    writer = RecordWriter("/dev/full", fsync=False)
    with pytest.raises(RecordWriteError) as first:
        writer.write({"type": "x"})
    assert first.value.filename == "/dev/full"
    with pytest.raises(RecordWriteError):
        writer.write({"type": "y"})
    writer.close()


# 3. Names too long for the file system


@pytest.mark.parametrize("command", ["replay", "resume"])
@pytest.mark.parametrize("ref", [LONG, "a" * 252])
def test_a_reference_too_long_for_a_file_name_is_refused_with_a_sentence(
    home: Path, command: str, ref: str
) -> None:
    result = run([command, ref])
    assert_clean_exit(result, 2)
    assert "too long" in result.output or "No saved game" in result.output


def test_a_record_file_name_too_long_is_a_usage_error(home: Path, tmp_path: Path) -> None:
    result = run([*BOT_GAME, "--record", str(tmp_path / f"{LONG}.jsonl")])
    assert_clean_exit(result, 2)
    assert "cannot write" in result.output and "too long" in result.output


# 5. Odd start times


@pytest.mark.parametrize(
    ("stamp", "zone", "shown"),
    [
        (-5, "UTC", "?"),
        ([1], "UTC", "?"),
        (None, "UTC", "?"),
        ("", "UTC", "?"),
        ("yesterday", "UTC", "yesterday"),
        ("9999-12-31T23:59:59Z", "Asia/Tokyo", "9999-12-31T23:59:59Z"),
        ("0001-01-01T00:00:00Z", "America/New_York", "0001-01-01T00:00:00Z"),
        ("2026-11-29T21:05:00Z", "UTC", "2026-11-29 21:05"),
    ],
)
def test_local_time_shows_what_it_cannot_convert_raw_or_as_a_question_mark(
    monkeypatch: pytest.MonkeyPatch, stamp: object, zone: str, shown: str
) -> None:
    monkeypatch.setenv("TZ", zone)
    time.tzset()
    try:
        assert local_time(stamp) == shown
    finally:
        monkeypatch.undo()
        time.tzset()


@pytest.mark.parametrize("started", [-5, [1], "9999-12-31T23:59:59Z"])
def test_replay_summary_and_resume_list_survive_an_odd_start(
    home: Path, monkeypatch: pytest.MonkeyPatch, started: object
) -> None:
    lines = record_text(people_game(["Ann", "Bob"], 6, ("human", "bot:easy"))).splitlines()
    header = json.loads(lines[0])
    header["started"] = started
    (home / "games" / "odd.jsonl").write_text(
        "\n".join([json.dumps(header), *lines[1:]]) + "\n", encoding="utf-8"
    )
    monkeypatch.setenv("TZ", "Asia/Tokyo")
    time.tzset()
    try:
        summary = run(["replay", "odd", "--summary"])
        listing = run(["resume", "--list"])
    finally:
        monkeypatch.undo()
        time.tzset()
    assert_clean_exit(summary, 0)
    assert "started " + ("?" if not isinstance(started, str) else started) in summary.output
    assert_clean_exit(listing, 0)
    assert "odd" in listing.output


# 7. Replaying an unfinished game of people


def test_replay_refuses_an_unfinished_game_of_two_people_without_reveal(home: Path) -> None:
    path = home / "games" / "open.jsonl"
    path.write_text(record_text(people_game(["Ann", "Bob"], 3)), encoding="utf-8")
    refused = run(["replay", "open"], "\n" * 50)
    assert_clean_exit(refused, 2)
    assert "would show their racks" in refused.output and "--reveal" in refused.output
    assert "Ann" not in refused.output
    revealed = run(["replay", "open", "--reveal"], "\n" * 50)
    assert_clean_exit(revealed, 0)
    assert "Ann" in revealed.output
    assert_clean_exit(run(["replay", "open", "--summary"]), 0)


@pytest.mark.parametrize(
    ("kinds", "turns"),
    [(("human", "human"), None), (("human", "bot:easy"), 3), (("bot:easy", "bot:hard"), 3)],
)
def test_replay_steps_through_finished_games_and_games_of_at_most_one_person(
    home: Path, kinds: tuple[str, ...], turns: int | None
) -> None:
    path = home / "games" / "g.jsonl"
    path.write_text(record_text(people_game(["Ann", "Bob"], turns, kinds)), encoding="utf-8")
    result = run(["replay", "g"], "q\n")
    assert_clean_exit(result, 0)
    assert "Ann" in result.output


# 8. Control characters in names


@pytest.mark.parametrize(
    ("text", "shown"),
    [("Ann", "Ann"), ("a b", "a b"), ("a\nb\x1b[2J", "a\\nb\\x1b[2J"), ("x\x9b", "x\\x9b"),
     ("\u202eevil", "\\u202eevil"), ("Ελένη", "Ελένη")],
)
def test_printable_escapes_control_characters(text: str, shown: str) -> None:
    assert printable(text) == shown


def test_a_name_with_control_characters_in_a_record_is_printed_escaped(home: Path) -> None:
    game = people_game(["Ann", "Bob"], 6, ("human", "bot:easy"))
    lines = record_text(game).splitlines()
    header = json.loads(lines[0])
    header["players"][0]["name"] = "a\nb\x1b[2J\x07"
    (home / "games" / "esc.jsonl").write_text(
        "\n".join([json.dumps(header), *lines[1:]]) + "\n", encoding="utf-8"
    )
    for args in (["replay", "esc", "--summary"], ["replay", "esc"], ["resume", "--list"]):
        result = run(args, "q\n")
        assert_clean_exit(result, 0)
        assert "\x1b" not in result.output and "\x07" not in result.output, args
        assert "a\\nb\\x1b[2J\\x07" in result.output or "a\\nb" in result.output, args
