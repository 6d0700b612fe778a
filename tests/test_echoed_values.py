"""Values typed on the command line are echoed back safely: a player's name holding control
characters or half a character is refused spelt out, and a path quoted back in a usage error
or a notice has its control characters spelt out (an OSC sequence would retitle the window)."""

from __future__ import annotations

from pathlib import Path

import pytest
from builders import finished_game, write_record
from clirun import assert_exited, flat, racko, squashed


@pytest.mark.parametrize("command", [["history"], ["review", "{record}"]])
@pytest.mark.parametrize(("name", "spelt"), [
    ("\x1b[31mAnn", r"'\x1b[31mAnn'"),
    ("\udcff", r"'\udcff'"),  # a byte that is not UTF-8 in the command line
    ("Ann\u202e", r"'Ann\u202e'"),
])
def test_a_player_asked_for_with_characters_no_name_holds_is_refused_spelt_out(
    home: Path, command: list[str], name: str, spelt: str
) -> None:
    record = write_record(home / "game.jsonl", finished_game(4))
    result = racko(*(arg.format(record=record) for arg in command), "--player", name)
    assert_exited(result, 2)
    assert (f"Invalid value for '--player': {spelt} holds characters that cannot be shown."
            in flat(result.output))
    assert name not in result.output


@pytest.mark.parametrize("args", [
    ["simulate", "--bots", "easy,easy", "--json", "/nonexistent\x1b]0;title\x07/r.json"],
    ["simulate", "--bots", "easy,easy", "--record-dir", "/dev/null/\x1b]0;title\x07"],
    ["play", "--bots", "easy", "--names", "Ann", "--record", "/nonexistent\x1b]0;title\x07/r"],
])
def test_a_path_quoted_back_in_a_usage_error_has_its_control_characters_spelt_out(
    home: Path, args: list[str]
) -> None:
    result = racko(*args)
    assert_exited(result, 2)
    assert "\x1b" not in result.output and "\x07" not in result.output
    assert r"\x1b]0;title\x07" in squashed(result.output)


def test_the_json_written_message_spells_out_control_characters_in_the_path(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(home)
    result = racko("simulate", "--games", "1", "--bots", "easy,easy", "--json", "r\x1b]0;t\x07")
    assert_exited(result, 0)
    assert r"JSON written to r\x1b]0;t\x07." in result.output
    assert (home / "r\x1b]0;t\x07").is_file()


def test_a_record_played_elsewhere_is_named_with_its_control_characters_spelt_out(
    home: Path,
) -> None:
    from builders import unfinished_game

    from rack_o.store.writer import RecordWriter

    path = write_record(home / "games" / "ann\x1b]0;t\x07.jsonl", unfinished_game(2, turns=4))
    elsewhere = RecordWriter(path, create=False)  # another racko playing it
    try:
        result = racko("resume", str(path))
    finally:
        elsewhere.close()
    assert_exited(result, 1)
    assert "\x1b" not in result.output
    # Named by its ID, as racko's own games are.
    assert r"ann\x1b]0;t\x07isbeingplayedrightnow" in squashed(result.output)
