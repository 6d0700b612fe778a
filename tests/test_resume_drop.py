"""`racko resume --drop ID`: an unfinished game is deleted once confirmed (or with --yes);
a finished game (history), a damaged record and a game being played elsewhere are kept."""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Callable
from pathlib import Path

import pexpect
import pytest
from builders import finished_game, record_lines, unfinished_game, write_record
from click.testing import CliRunner
from ptykit import interrupt, press, spawn
from test_store_records import DAMAGE, lines_of

from rack_o.cli import main
from rack_o.store.writer import RecordWriter

ASKED = "Drop this game for good?"


def invoke(args: list[str], keys: str = "") -> tuple[int, str]:
    result = CliRunner().invoke(main, ["resume", *args], input=keys)
    return result.exit_code, " ".join(result.output.split())


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture
def unfinished(home: Path) -> Path:
    return write_record(home / "games" / "2026-11-29-2105-ann-bob.jsonl",
                        unfinished_game(4, turns=5, target=500))


@pytest.mark.parametrize(
    ("args", "keys", "code", "dropped"),
    [
        ([], "y\n", 0, True),
        ([], "yes\n", 0, True),
        ([], "\n", 0, False),
        ([], "n\n", 0, False),
        ([], "", 1, False),  # the input ends: nobody said yes
        (["--yes"], "", 0, True),
    ],
    ids=["y", "yes", "Enter keeps it", "n keeps it", "no answer keeps it", "--yes asks nothing"],
)
def test_an_unfinished_game_is_dropped_only_once_confirmed(
    unfinished: Path, args: list[str], keys: str, code: int, dropped: bool
) -> None:
    before = digest(unfinished)
    result, out = invoke(["--drop", "2026-11-29-2105", *args], keys)
    assert result == code, out
    assert (ASKED in out) is not bool(args)
    assert "Ann" in out and "Bob" in out  # the game is shown before anything happens
    if dropped:
        assert not unfinished.exists()
        assert "Dropped 2026-11-29-2105-ann-bob: its record was deleted." in out
    else:
        assert digest(unfinished) == before
        assert "The game was kept." in out


def test_a_finished_game_is_history_and_is_never_dropped(home: Path) -> None:
    path = write_record(home / "games" / "done.jsonl", finished_game(2))
    before = digest(path)
    code, out = invoke(["--drop", "done", "--yes"])
    assert code == 1
    assert "done is a finished game: it is part of the history and is kept." in out
    assert "Step through the game: racko replay done" in out
    assert "What each move cost: racko review done" in out
    assert digest(path) == before


def test_a_game_being_played_elsewhere_is_not_dropped(unfinished: Path) -> None:
    before = digest(unfinished)
    with RecordWriter(unfinished):  # another racko is playing it
        code, out = invoke(["--drop", "2026-11-29-2105-ann-bob", "--yes"])
    assert code == 1
    assert "being played right now in another racko" in out
    assert digest(unfinished) == before


@pytest.mark.parametrize(("name", "damage", "reason"), DAMAGE, ids=[d[0] for d in DAMAGE])
def test_a_damaged_record_is_not_dropped(
    home: Path, name: str, damage: Callable[[list[str]], tuple[bytes, int | None]], reason: str
) -> None:
    data, _line = damage(lines_of())
    path = home / "games" / "damaged.jsonl"
    path.write_bytes(data)
    code, out = invoke(["--drop", "damaged", "--yes"])
    assert code == 2
    assert "cannot drop" in out and "left exactly as it was" in out
    # ...and the player is told how to be rid of it, since racko will not.
    assert f"delete the file yourself: {path}" in " ".join(out.split())
    assert path.read_bytes() == data


def test_a_game_left_before_its_first_deal_by_an_older_racko_can_be_dropped(
    home: Path,
) -> None:
    path = home / "games" / "undealt.jsonl"
    path.write_text("".join(json.dumps(line) + "\n"
                            for line in record_lines(finished_game(4))[:2]))
    code, out = invoke(["--drop", "undealt", "--yes"])
    assert code == 0, out
    assert not path.exists()


@pytest.mark.parametrize(
    ("args", "complaint"),
    [(["--drop"], "--drop needs the ID of the game to drop"),
     (["--drop", "--list"], "--drop needs the ID of the game to drop"),
     (["--list", "--drop", "2026-11-29-2105-ann-bob"], "--list and --drop do not go together"),
     (["--yes", "x"], "--yes goes with --drop")],
    ids=["no ID", "with --list", "an ID with --list", "--yes alone"],
)
def test_drop_needs_an_id_and_yes_needs_drop(unfinished: Path, args: list[str],
                                            complaint: str) -> None:
    before = digest(unfinished)
    code, out = invoke(args)
    assert code == 2
    assert complaint in out
    assert digest(unfinished) == before


def test_drop_at_a_terminal_deletes_the_record_only_after_y(home: Path, unfinished: Path
                                                           ) -> None:
    child = spawn(["resume", "--drop", "2026-11-29-2105-ann-bob"], home)
    child.expect(ASKED)
    assert unfinished.exists()
    press(child, "y", "Dropped")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert not unfinished.exists()


def test_ctrl_c_at_the_question_keeps_the_game(home: Path, unfinished: Path) -> None:
    before = digest(unfinished)
    child = spawn(["resume", "--drop", "2026-11-29-2105-ann-bob"], home)
    child.expect(ASKED)
    interrupt(child)
    child.expect("The game was kept")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130
    assert digest(unfinished) == before


@pytest.mark.parametrize(("key", "dropped"), [("y", True), ("n", False), ("z", False)])
def test_one_key_answers_the_question_at_a_terminal(home: Path, unfinished: Path, key: str,
                                                    dropped: bool) -> None:
    # "y drops it, Enter keeps it": y waited for an Enter before, with nothing said.
    before = digest(unfinished)
    child = spawn(["resume", "--drop", "2026-11-29-2105-ann-bob"], home)
    child.expect(ASKED)
    time.sleep(0.3)
    child.send(key)  # the key alone, no Enter
    child.expect("Dropped" if dropped else "The game was kept", timeout=5)
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert unfinished.exists() is not dropped
    if not dropped:
        assert digest(unfinished) == before
