"""A game left before its first deal is not kept: its autosaved record goes when racko stops,
however it stops, and `racko resume` never lists such records left by older versions. A record
file the player named stays, and carries the table on."""

from __future__ import annotations

import json
import os
import re
import signal
from collections.abc import Callable
from pathlib import Path

import pexpect
import pytest
from builders import finished_game, record_lines
from click.testing import CliRunner
from ptykit import DEAL, interrupt, spawn
from ttykit import press

from rack_o.cli import main

NOT_KEPT = "No card was dealt, so there is no game to carry on."
PLAY = ["play", "--players", "2", "--names", "Ann", "--bots", "easy", "--seed", "3", "--fast"]


def undealt(path: Path) -> Path:
    """The record an older racko left: the game and dealer-draw lines, nothing dealt."""
    path.write_text("".join(json.dumps(line) + "\n"
                            for line in record_lines(finished_game(4))[:2]))
    return path


LEAVE: dict[str, tuple[Callable[[pexpect.spawn], None], str | None]] = {
    # (how to leave at "Press Enter to deal round 1", what racko says)
    "Ctrl-C": (interrupt, "Interrupted (Ctrl-C)."),
    "Ctrl-D": (lambda child: press(child, "\x04"), "The input ended (Ctrl-D)."),
    "SIGHUP": (lambda child: os.kill(child.pid, signal.SIGHUP), "The terminal was closed."),
    "SIGTERM": (lambda child: os.kill(child.pid, signal.SIGTERM), "told to stop (SIGTERM)."),
}


@pytest.mark.parametrize("way", list(LEAVE))
def test_leaving_at_the_first_deal_keeps_no_record(home: Path, way: str) -> None:
    child = spawn(PLAY, home)
    child.expect(DEAL)
    assert len(list((home / "games").glob("*.jsonl"))) == 1  # saved as it is played
    leave, said = LEAVE[way]
    leave(child)
    child.expect_exact(said)
    child.expect(r"\s+".join(map(re.escape, NOT_KEPT.split())))  # wrapped to the terminal
    child.expect(pexpect.EOF)
    assert "racko resume" not in child.before
    assert list((home / "games").glob("*.jsonl")) == []


def test_a_record_file_the_player_named_stays_and_is_said_to_carry_on(home: Path) -> None:
    # The file is the player's, and kept from the start: it carries the table on.
    path = home / "named.jsonl"
    result = CliRunner().invoke(main, [*PLAY, "--record", str(path)], input="")
    said = " ".join(result.output.split())
    opening, stopped = said.split("Press Enter to deal round 1")
    assert f"Saved as you play. Carry on later with: racko resume {path}" in opening
    assert f"No card was dealt yet. Carry on later with: racko resume {path}" in stopped
    assert NOT_KEPT not in said
    assert [json.loads(line)["type"] for line in path.read_text().splitlines()] == [
        "game", "dealer_draw"]
    again = CliRunner().invoke(main, ["resume", str(path), "--fast"], input="")
    assert "No card was dealt yet. Carry on later with" in " ".join(again.output.split())
    assert path.exists()


def test_older_records_left_before_the_first_deal_are_not_listed(home: Path) -> None:
    undealt(home / "games" / "2026-11-29-2105-ann-bob.jsonl")
    for args, code in ((["--list"], 0), ([], 1)):  # an empty list; nothing to carry on
        result = CliRunner().invoke(main, ["resume", *args], input="")
        assert result.exit_code == code
        assert "No unfinished games" in result.output


def test_an_older_record_resumed_and_left_before_the_deal_goes(home: Path) -> None:
    path = undealt(home / "games" / "old.jsonl")
    result = CliRunner().invoke(main, ["resume", "old", "--fast"], input="")
    assert NOT_KEPT in " ".join(result.output.split())
    assert not path.exists()


def test_an_older_record_resumed_and_dealt_is_kept(home: Path) -> None:
    path = undealt(home / "games" / "old.jsonl")
    result = CliRunner().invoke(main, ["resume", "old", "--fast"], input="\n")
    assert "Carry on later with" in result.output
    assert [json.loads(line)["type"] for line in path.read_text().splitlines()][2] == "deal"


def test_the_opening_screen_says_the_game_is_saved_from_its_first_deal(home: Path) -> None:
    """Before the deal nothing would be kept: the saving line must not promise a game to carry
    on yet (a player who stops there is told there is none)."""
    result = CliRunner().invoke(main, PLAY, input="")
    said = " ".join(result.output.split())
    opening, stopped = said.split("Press Enter to deal round 1")
    assert "Saved as you play, from the first deal. Carry on later with: racko resume" in opening
    assert NOT_KEPT in stopped and "racko resume" not in stopped
