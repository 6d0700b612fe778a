"""A game finished through `racko resume` ends as one finished through `racko play`: at a
keyboard "Play again, same players, new cards?" deals the same table (players, bots, rules,
hints) a new game with a new seed and a new record; from a pipe nothing is asked.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pexpect
import pytest
from builders import finished_game, record_lines
from clirun import assert_exited, flat, racko
from ttykit import ENTER, PROMPT_END, events, last_line, plain, policy, press, spawn

from rack_o.actions import DRAW
from rack_o.record import rebuild

TABLE = ["--names", "Ann", "--bots", "easy", "--fast", "--target", "5", "--seed", "3"]


def quit_game(child: pexpect.spawn) -> None:
    press(child, "q")
    child.expect("Quit this game")
    press(child, "y")
    child.expect(pexpect.EOF)
    child.close()


def start_and_quit(home: Path, options: list[str]) -> None:
    """`racko play` with `options`, left in round 1 at Ann's first turn."""
    child = spawn(["play", *TABLE, *options], home, short_holds=True)
    child.expect("Press Enter to deal round 1")
    press(child, ENTER)
    child.expect("q quit > ")
    quit_game(child)


def finish(child: pexpect.spawn, record: Path) -> str:
    """Play the resumed game to its end; the screen up to "Play again?"."""
    child.expect("Press Enter to carry on")
    press(child, ENTER)
    while True:
        child.expect(PROMPT_END)
        prompt = last_line(child.before)
        if prompt.startswith("Play again"):
            return plain(child.before)
        if prompt.startswith(("Press Enter", "Enter confirms")):
            press(child, ENTER)
            continue
        game = rebuild(record.read_text(encoding="utf-8")).game
        if prompt.startswith("Slot"):
            game.apply(DRAW)
        key = policy(game)
        press(child, "d" if key == "t" else key)  # drawing keeps this script's model simple


@pytest.mark.parametrize(
    ("options", "named"),
    [
        (["--hint-level", "expert"], None),
        (["--no-hints", "--bonus"], "tuesday.jsonl"),
    ],
    ids=["autosaved, expert hints", "named record, no hints, bonus"],
)
def test_a_resumed_game_offers_the_same_table_a_new_game_with_new_cards(
    tmp_path: Path, options: list[str], named: str | None
) -> None:
    record = tmp_path / named if named else None
    start_and_quit(tmp_path, [*options, *(["--record", str(record)] if record else [])])
    if record is None:
        [record] = (tmp_path / "games").glob("*.jsonl")
    child = spawn(["resume", record.stem if named is None else str(record), "--fast"],
                  tmp_path, short_holds=True)
    end = finish(child, record)
    assert "Final standings" in end
    press(child, "y")
    child.expect("Press Enter to deal round 1")
    again = plain(child.before)
    seed = int(re.search(r"Seed (\d+)\. To deal these cards again:", again).group(1))
    assert seed != 3 and "Ann, Easy" in again
    press(child, ENTER)  # dealt: a game left before its first deal is not kept
    child.expect("q quit > ")
    quit_game(child)
    if named is None:
        [second] = [path for path in (tmp_path / "games").glob("*.jsonl") if path != record]
    else:
        second = record.with_name("tuesday-2.jsonl")  # beside the file named, as play does
        assert not (tmp_path / "games").exists() or not list((tmp_path / "games").iterdir())
    first_line, new_line = events(record)[0], events(second)[0]
    assert events(record)[-1]["type"] == "game_end"
    assert new_line["seed"] == seed
    for same in ("players", "rules", "hints", "hint_level"):
        assert new_line.get(same) == first_line.get(same), same


def test_no_after_a_resumed_game_says_how_to_look_back_and_plays_no_more(tmp_path: Path) -> None:
    start_and_quit(tmp_path, [])
    [record] = (tmp_path / "games").glob("*.jsonl")
    child = spawn(["resume", "--fast"], tmp_path, short_holds=True)
    finish(child, record)
    press(child, "n")
    child.expect(pexpect.EOF)
    child.close()
    said = flat(plain(child.before))
    assert child.exitstatus == 0
    assert f"Step through the game: racko replay {record.stem}" in said
    assert f"What each move cost: racko review {record.stem}" in said
    assert list((tmp_path / "games").glob("*.jsonl")) == [record]


def test_a_resumed_game_finished_from_a_pipe_asks_nothing_more(home: Path) -> None:
    game = finished_game(8)
    lines = record_lines(game)
    last_turn = max(i for i, line in enumerate(lines) if line["type"] == "turn")
    path = home / "games" / "cut.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in lines[: last_turn + 1]))
    result = racko("resume", "cut", input="y\n")
    assert_exited(result, 0)
    assert "Play again" not in result.output  # asked at a keyboard only, as by racko play
    assert "What each move cost: racko review cut" in flat(result.output)
    assert list((home / "games").glob("*.jsonl")) == [path]
