"""Names are shown as typed on every screen: markup stays literal, control characters escaped."""

from __future__ import annotations

import random
import re
import shlex
from collections.abc import Callable
from pathlib import Path

import pytest
from builders import (
    finished_game,
    play_sensibly,
    record_text,
    seeded_game,
    unfinished_game,
    write_record,
    write_with_header,
)
from clirun import assert_exited, racko

from rack_o.cli.console import printable
from rack_o.cli.session import end_notes

MARKUP_NAMES = ["[/]", "[red]X[/red]"]


@pytest.mark.slow
@pytest.mark.parametrize(("seed", "dealer"), [(2, "[/]"), (3, "[red]X[/red]")])
def test_names_with_markup_show_literally_on_every_screen(
    home: Path, seed: int, dealer: str
) -> None:
    record = home / "game.jsonl"
    played = racko("play", "--players", "2", "--names", ",".join(MARKUP_NAMES),
                   "--bots", "hard,hard", "--fast", "--target", "5", "--seed", str(seed),
                   "--record", str(record))
    assert_exited(played, 0)
    assert f"Round 1 — {dealer} dealt" in played.output
    summary = racko("replay", str(record), "--summary")
    assert_exited(summary, 0)
    assert summary.output.splitlines()[0] == f"game: {', '.join(MARKUP_NAMES)}"
    assert f"Round 1 — {dealer} dealt" in summary.output
    stepped = racko("replay", str(record), input="n\n" * 5)
    assert_exited(stepped, 0)
    assert f"Drawing for the first deal: {MARKUP_NAMES[0]} drew " in stepped.output
    history = racko("history")
    assert_exited(history, 0)
    both = re.escape("[/]*") + r" \d+ · " + re.escape("[red]X[/red]*")  # * a computer player
    assert re.search(both, history.output), history.output
    stats = racko("stats")
    assert_exited(stats, 0)
    rows = stats.output.splitlines()[3:]  # under the title, the headings and the rule
    assert sorted(row.split()[0] for row in rows) == sorted(MARKUP_NAMES)
    write_record(home / "games" / "open.jsonl", unfinished_game(seed, 3, names=MARKUP_NAMES))
    listed = racko("resume", "--list")
    assert_exited(listed, 0)
    assert "[/] 0 · [red]X[/red]* 0" in listed.output


@pytest.mark.parametrize(
    ("text", "shown"),
    [("Ann", "Ann"), ("a b", "a b"), ("a\nb\x1b[2J", "a\\nb\\x1b[2J"), ("x\x9b", "x\\x9b"),
     ("\u202eevil", "\\u202eevil"), ("Ελένη", "Ελένη")],
)
def test_printable_escapes_control_characters(text: str, shown: str) -> None:
    assert printable(text) == shown


def test_a_name_with_control_characters_in_a_record_is_printed_escaped(home: Path) -> None:
    def change(header: dict) -> None:
        header["players"][0]["name"] = "a\nb\x1b[2J\x07"

    write_with_header(home / "games" / "esc.jsonl", unfinished_game(3, 6), change)
    for args in (["replay", "esc", "--summary"], ["replay", "esc"], ["resume", "--list"]):
        result = racko(*args, input="q\n")
        assert_exited(result, 0)
        assert "\x1b" not in result.output and "\x07" not in result.output, args
        assert "a\\nb\\x1b[2J\\x07" in result.output, args


def test_a_name_far_too_long_in_a_record_is_shown_cut_short(home: Path) -> None:
    def change(header: dict) -> None:
        header["players"][0]["name"] = "X" * 5000

    write_with_header(home / "games" / "long.jsonl", unfinished_game(3, 6), change)
    for args in (["replay", "long", "--summary"], ["replay", "long"], ["resume", "--list"],
                 ["review", "long", "--reveal"]):
        result = racko(*args, input="q\n")
        assert_exited(result, 0)
        squashed = "".join(result.output.split())
        assert "X" * 31 + "…" in squashed, args
        assert "X" * 32 not in squashed, args


@pytest.mark.parametrize(
    ("seed", "shown"),
    [("a\x1b[2J\x07", "a\\x1b[2J\\x07"), ("9" * 5000, "9" * 63 + "…")],
)
def test_a_seed_in_a_record_is_printed_escaped_and_cut_short(
    home: Path, seed: str, shown: str
) -> None:
    # Dealt from that seed: a seed that deals other cards than the record's is not shown.
    game = seeded_game(seed)  # type: ignore[arg-type]  # a text seed
    assert play_sensibly(game, random.Random(4), 0.1, turns=6)
    write_with_header(home / "games" / "seeded.jsonl", game, lambda header: None)
    for args in (["replay", "seeded", "--summary"], ["resume", "seeded"]):
        result = racko(*args, input="")
        assert "\x1b" not in result.output and "\x07" not in result.output, args
        assert shown in "".join(result.output.split()), args
        assert "9" * 64 not in "".join(result.output.split()), args


def test_a_record_with_half_a_character_is_refused_naming_its_line(home: Path) -> None:
    lines = record_text(finished_game(3)).splitlines()
    lines[0] = lines[0].replace('"seed": 3', '"seed": "\\ud800"')
    assert "\\ud800" in lines[0]
    record = home / "games" / "odd.jsonl"
    record.write_text("\n".join(lines) + "\n", encoding="utf-8")
    before = record.read_bytes()
    for args in (["replay", "odd", "--summary"], ["resume", "odd"], ["review", "odd"]):
        result = racko(*args, input="")
        assert_exited(result, 2)
        assert f"{record}, line 1: the line is not UTF-8 text" in result.output, args
    assert record.read_bytes() == before


def test_a_kind_and_start_time_from_a_record_reach_the_history_escaped_and_cut_short(
    home: Path,
) -> None:
    def change(header: dict) -> None:
        header["players"][1]["kind"] = "bot:\x1b[2J" + "k" * 3000
        header["started"] = "\x1b]0;" + "2" * 3000

    write_with_header(home / "games" / "odd.jsonl", finished_game(3), change)
    assert_exited(racko("resume", "odd"), 1)  # a finished game: added to the history
    for args, shown in ((["stats"], "bot \\x1b[2J" + "k" * 20 + "…"),
                        (["history"], "\\x1b]0;" + "2" * 24 + "…")):
        result = racko(*args)
        assert_exited(result, 0)
        assert "\x1b" not in result.output, args
        assert shown in result.output, args


@pytest.mark.parametrize("everyone", [[], ["--all"]], ids=["people", "--all"])
def test_a_bot_kind_from_a_record_is_reviewed_escaped_and_cut_short(
    home: Path, everyone: list[str]
) -> None:
    def change(header: dict) -> None:
        header["players"][1]["kind"] = "bot:\x1b[2J\u202e" + "k" * 3000

    write_with_header(home / "games" / "odd.jsonl", unfinished_game(3, 8), change)
    result = racko("review", "odd", *everyone)
    assert_exited(result, 0)
    assert "\x1b" not in result.output and "\u202e" not in result.output
    assert "Bob (\\x1b[2J\\u202e" + "k" * 10 in result.output
    assert "k" * 40 not in result.output


def test_a_record_file_named_with_control_characters_is_shown_escaped(home: Path) -> None:
    name = "2026-\x1b[2Jx"
    write_record(home / "games" / f"{name}.jsonl", unfinished_game(3, 6))
    (home / "games" / "2026-\x07bad.jsonl").write_text("not a record\n", encoding="utf-8")
    listed = racko("resume", "--list")
    assert_exited(listed, 0)
    assert "\x1b" not in listed.output and "\x07" not in listed.output
    assert "2026-\\x1b[2Jx" in listed.output
    assert "2026-\\x07bad.jsonl" in listed.output  # "Skipped a damaged record: …"
    summary = racko("replay", "2026-\\x1b[2Jx", "--summary")  # the ID as shown is the one to type
    assert_exited(summary, 0)
    assert "\x1b" not in summary.output


TITLE = "\x1b]0;pwned\x07"
"""An escape sequence that sets a terminal's title (one that even click.echo lets through)."""


def _empty_record(home: Path) -> list[str]:
    (home / "games" / f"2026-{TITLE}.jsonl").write_bytes(b"")
    return ["resume", "--list"]


def _damaged_record_to_drop(home: Path) -> list[str]:
    path = home / f"old{TITLE}.jsonl"
    path.write_text("not a record\n", encoding="utf-8")
    return ["resume", "--drop", "--yes", str(path)]


def _read_only_record(home: Path) -> list[str]:
    path = write_record(home / f"open{TITLE}.jsonl", unfinished_game(3, 6))
    path.chmod(0o444)
    return ["resume", str(path)]


@pytest.mark.parametrize("odd_file", [_empty_record, _damaged_record_to_drop, _read_only_record],
                         ids=["an empty record listed", "a damaged record not dropped",
                              "a read-only record not carried on"])
def test_a_record_file_named_with_control_characters_is_named_escaped_by_resume(
    home: Path, odd_file: Callable[[Path], list[str]]
) -> None:
    args = odd_file(home)
    before = {path: path.read_bytes() for path in home.rglob("*.jsonl")}
    result = racko(*args, input="\n")
    assert "\x1b" not in result.output and "\x07" not in result.output
    assert "\\x1b]0;pwned\\x07" in "".join(result.output.split())  # however it wrapped
    assert {path: path.read_bytes() for path in home.rglob("*.jsonl")} == before


def test_a_bot_kind_far_too_long_is_named_cut_short_when_resume_refuses_it(home: Path) -> None:
    def change(header: dict) -> None:
        header["players"][1]["kind"] = "bot:" + "pkg.mod:" + "K" * 100_000

    write_with_header(home / "games" / "plugin.jsonl", unfinished_game(3, 6), change)
    result = racko("resume", "plugin")
    assert_exited(result, 2)
    assert "code outside racko" in " ".join(result.output.split())  # broken between words
    assert "K" * 40 not in result.output
    assert len(result.output) < 1000


def test_a_record_without_a_seed_says_nothing_of_one(home: Path) -> None:
    def change(header: dict) -> None:
        header["seed"] = None

    write_with_header(home / "games" / "unseeded.jsonl", finished_game(3), change)
    summary = racko("replay", "unseeded", "--summary")
    assert_exited(summary, 0)
    assert "seed" not in summary.output.splitlines()[1]
    assert "None" not in summary.output


def test_a_record_shown_to_be_typed_back_can_be_pasted_into_a_shell(home: Path) -> None:
    from rack_o.store.paths import record_ref

    odd = write_record(home / "games" / "2026-\x1bx.jsonl", unfinished_game(3, 6))
    assert record_ref(odd) == "'2026-\\x1bx'"  # the backslash survives the shell
    plain = write_record(home / "games" / "2026-12-01-0712-ann-bob.jsonl", unfinished_game(3, 6))
    assert record_ref(plain) == "2026-12-01-0712-ann-bob"
    spaced = write_record(home / "ゲーム\u3000記録.jsonl", unfinished_game(3, 6))
    assert record_ref(spaced) == shlex.quote(str(spaced))  # an ideographic space stays as typed
    assert "\x1b" not in record_ref(home / "a\x1bb.jsonl")


def test_a_record_whose_name_starts_with_a_dash_is_named_by_a_command_that_works(
    home: Path,
) -> None:
    # "racko replay -done" took the ID for options; a file copied in can be named so.
    from rack_o.store.paths import record_ref

    done = write_record(home / "games" / "-done.jsonl", finished_game(3))
    assert record_ref(done) == shlex.quote(str(done.resolve()))
    assert record_ref(done, quoted=False) == "-done"  # the ID itself, where nothing parses it
    result = racko("resume", "--", "-done")
    [command] = [line[line.index("racko replay"):] for line in result.output.splitlines()
                 if "racko replay" in line]
    replayed = racko(*shlex.split(command)[1:], "--summary")
    assert_exited(replayed, 0)


def test_a_record_given_a_path_that_starts_with_a_dash_is_named_so_as_not_to_be_an_option(
    home: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    from rack_o.store.paths import record_ref

    monkeypatch.chdir(home)
    write_record(home / "-y.jsonl", unfinished_game(3, 6))
    assert record_ref(Path("-y.jsonl")) == "./-y.jsonl"
    assert record_ref(Path("-y.jsonl"), quoted=False) == "-y.jsonl"
    listed = racko("replay", "./-y.jsonl", "--summary")
    assert_exited(listed, 0)


def test_a_finished_game_waiting_for_the_history_is_noted_under_a_plain_file_name(
    home: Path,
) -> None:
    from rack_o.store.paths import pending_dir
    from rack_o.store.pending import keep_for_later

    record = write_record(home / "games" / "2026-\x1b\u00a0x.jsonl", finished_game(3))
    assert keep_for_later(record)
    [note] = pending_dir().iterdir()
    assert "\\" not in note.name and "\x1b" not in note.name
    assert note.read_text(encoding="utf-8").strip() == str(record.resolve())


@pytest.mark.parametrize(("names", "used", "said"), [
    (("Ann", "Bob"), (3, 1), "Hints used: Ann\u00a03, Bob\u00a01."),
    (("Player 1", "Player 2"), (8, 0), "Hints used: Player 1:\u00a08, Player 2:\u00a00."),
])
def test_the_hints_used_keep_a_name_ending_in_a_digit_apart_from_its_count(
    names: tuple[str, str], used: tuple[int, int], said: str
) -> None:
    assert end_notes(None, names, (0, 1), used) == [said]
