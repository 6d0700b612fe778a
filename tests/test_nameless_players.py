"""A record whose game line gives a player no name (empty, or blanks alone) is refused with
the file, the line and the reason, like any record racko cannot use: players are told apart
by name, and racko would otherwise say "That game is over:  won". racko never writes one."""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

import pytest
from builders import finished_game, record_text, unfinished_game, write_with_header
from clirun import assert_exited, flat, racko

from rack_o.errors import RecordError
from rack_o.record import rebuild

NAMELESS = ["", " ", "   ", "\t", "\u00a0\u3000"]
REASON = "line 1: player 2 has no name: every player needs one, to be told apart"


def nameless(name: str, seat: int = 1) -> Any:
    def change(header: dict[str, Any]) -> None:
        header["players"][seat]["name"] = name
    return change


@pytest.mark.parametrize("name", NAMELESS, ids=repr)
@pytest.mark.parametrize("seat", [0, 1])
def test_the_engine_refuses_a_player_without_a_name_naming_the_seat(
    tmp_path: Path, name: str, seat: int
) -> None:
    path = write_with_header(tmp_path / "g.jsonl", finished_game(4), nameless(name, seat))
    with pytest.raises(RecordError) as caught:
        rebuild(path.read_text(encoding="utf-8"))
    assert caught.value.line == 1
    assert caught.value.values == {"seat": seat + 1}


@pytest.mark.parametrize("name", ["Ann", " Bo ", "0", "\u200b"], ids=repr)
def test_any_name_that_shows_something_is_taken(tmp_path: Path, name: str) -> None:
    path = write_with_header(tmp_path / "g.jsonl", finished_game(4), nameless(name))
    assert rebuild(path.read_text(encoding="utf-8")).header.players[1].name == name


@pytest.mark.parametrize("name", NAMELESS, ids=repr)
@pytest.mark.parametrize(("command", "verb"), [
    (["replay"], "replay"), (["replay", "--summary"], "replay"), (["review"], "review"),
    (["resume"], "resume"),
])
def test_every_command_refuses_a_record_with_a_nameless_player(
    home: Path, name: str, command: list[str], verb: str
) -> None:
    game = finished_game(4) if verb != "resume" else unfinished_game(4, turns=6)
    path = write_with_header(home / "games" / "g.jsonl", game, nameless(name))
    before = hashlib.sha256(path.read_bytes()).hexdigest()
    result = racko(*command, str(path), input="q\n")
    assert_exited(result, 2)
    said = flat(result.output)
    assert f"Error: cannot {verb} {path}, {REASON}" in said
    assert "won" not in said
    assert hashlib.sha256(path.read_bytes()).hexdigest() == before


def test_the_list_of_unfinished_games_skips_it_saying_why(home: Path) -> None:
    path = write_with_header(home / "games" / "g.jsonl", unfinished_game(4, turns=6),
                             nameless(""))
    result = racko("resume", "--list")
    said = flat(result.output)
    assert f"Skipped a damaged record: {path}, {REASON}" in said


def test_a_record_racko_writes_always_names_every_player() -> None:
    assert '"name": ""' not in record_text(finished_game(4))
