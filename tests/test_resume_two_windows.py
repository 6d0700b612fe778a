"""Two windows, one game: `racko resume ID` in two real terminals never loses a move.

The first window takes the game's lock as it opens the record, before "Press Enter to carry
on", and keeps it until it leaves; the second is refused at once, with a sentence, and
changes nothing. Each scenario checks the record byte for byte: whatever the first window
wrote is still there, and grows only at its end.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import pexpect
import pytest
from builders import finished_game, record_lines, unfinished_game, write_record
from ptykit import BUSY, CARRY_ON, CHOOSE, enter, interrupt, play_turn, quit_game, spawn

from rack_o import dumps
from rack_o.store.history import recent_games
from rack_o.store.records import load_record


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def refused(home: Path, args: list[str]) -> str:
    """Run `racko ARGS` in a second window: it must be refused at once; what it said."""
    second = spawn(args, home)
    second.expect(BUSY, timeout=5)
    second.expect(pexpect.EOF)
    second.close()
    assert second.exitstatus == 1
    return second.before


@pytest.fixture
def game_path(home: Path) -> Path:
    """A game between Ann and Easy in the middle of round 1, Ann to move."""
    game = unfinished_game(4, turns=7, target=500)
    assert game.mover == 0 and game.phase == "choose"
    return write_record(home / "games" / "ann-easy.jsonl", game)


def test_both_windows_at_the_pause_the_second_is_refused_and_nothing_is_lost(
    home: Path, game_path: Path
) -> None:
    before = game_path.read_bytes()
    first = spawn(["resume", "ann-easy", "--fast"], home)
    first.expect(CARRY_ON)
    refused(home, ["resume", "ann-easy", "--fast"])
    assert game_path.read_bytes() == before

    enter(first)
    for _turn in range(2):  # draw, and throw the card away
        first.expect(CHOOSE)
        play_turn(first, "draw", None)
    first.expect(CHOOSE)
    quit_game(first)
    first.expect(pexpect.EOF)
    after_first = game_path.read_bytes()
    added = [event for event in load_record(game_path).events[len(before.splitlines()):]
             if event["type"] == "turn" and event["seat"] == 0]
    assert len(added) == 2 and after_first.startswith(before)

    # Now the second window may carry on: from where the first left it, not from before.
    second = spawn(["resume", "ann-easy", "--fast"], home)
    turns = load_record(game_path).game.turn
    second.expect(rf"{turns} turns played")
    second.expect(CARRY_ON)
    enter(second)
    second.expect(CHOOSE)
    play_turn(second, "draw", None)
    second.expect(CHOOSE)
    quit_game(second)
    second.expect(pexpect.EOF)
    assert game_path.read_bytes().startswith(after_first)
    assert len(game_path.read_bytes()) > len(after_first)


def test_a_window_opened_while_the_game_is_played_is_refused(
    home: Path, game_path: Path
) -> None:
    first = spawn(["resume", "ann-easy", "--fast"], home)
    first.expect(CARRY_ON)
    enter(first)
    first.expect(CHOOSE)
    play_turn(first, "draw", None)
    first.expect(CHOOSE)
    playing = game_path.read_bytes()

    refused(home, ["resume", "ann-easy", "--fast"])
    refused(home, ["resume", "--drop", "ann-easy", "--yes"])
    listing = spawn(["resume", "--list"], home)
    listing.expect("ann-easy")
    listing.expect("being played now")
    listing.expect(pexpect.EOF)
    assert game_path.read_bytes() == playing

    play_turn(first, "draw", None)  # the first window plays on, undisturbed
    first.expect(CHOOSE)
    quit_game(first)
    first.expect(pexpect.EOF)
    first.close()
    assert first.exitstatus == 1
    assert game_path.read_bytes().startswith(playing)
    assert len(game_path.read_bytes()) > len(playing)


def one_turn_from_the_end() -> tuple[str, dict]:
    """A record cut just before the turn that wins the game, made by Ann (the person), and
    that turn."""
    for seed in range(1, 100):
        lines = record_lines(finished_game(seed))
        last = max(index for index, line in enumerate(lines) if line["type"] == "turn")
        turn = lines[last]
        if turn["seat"] == 0 and (turn["slot"] or 0) < 10:
            return "".join(dumps(line) for line in lines[:last]), turn
    raise AssertionError("no seed in range ends with Ann's move")


def test_the_first_window_finishing_the_game_leaves_a_finished_record_and_one_history_entry(
    home: Path,
) -> None:
    text, winning = one_turn_from_the_end()
    path = home / "games" / "last-turn.jsonl"
    path.write_text(text, encoding="utf-8")
    first = spawn(["resume", "last-turn", "--fast"], home)
    first.expect(CARRY_ON)
    refused(home, ["resume", "last-turn", "--fast"])

    enter(first)
    first.expect(CHOOSE)
    play_turn(first, winning["source"], winning["slot"])
    first.expect(r"wins")
    first.expect("Play again, same players, new cards")  # as racko play asks
    first.send("n")
    first.expect(pexpect.EOF)
    first.close()
    assert first.exitstatus == 0
    finished = load_record(path)
    assert finished.game.is_over and finished.events[-1]["type"] == "game_end"
    done = path.read_bytes()

    again = spawn(["resume", "last-turn", "--fast"], home)
    again.expect("That game is over")
    again.expect(pexpect.EOF)
    assert path.read_bytes() == done
    games = [row for row in recent_games(path=home / "history.sqlite3")
             if row.record == str(path.resolve())]
    assert len(games) == 1 and games[0].totals == list(finished.game.totals)


def test_a_window_that_leaves_at_the_pause_lets_the_other_one_in(
    home: Path, game_path: Path
) -> None:
    before = digest(game_path)
    first = spawn(["resume", "ann-easy", "--fast"], home)
    first.expect(CARRY_ON)
    interrupt(first)
    first.expect("Nothing was played")
    first.expect(pexpect.EOF)
    second = spawn(["resume", "ann-easy", "--fast"], home)
    second.expect(CARRY_ON)
    assert digest(game_path) == before
    interrupt(second)
    second.expect(pexpect.EOF)
    assert digest(game_path) == before
