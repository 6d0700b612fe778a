"""`--player NAME` finds a player whatever the case, the blanks around the name and its
accents ("zoe" is Zoë), in `racko history` and `racko review` alike."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from builders import finished_game, header_for
from clirun import assert_exited, flat, racko
from test_review_cli import planted

from rack_o.store.history import record_game
from rack_o.store.names import is_named


@pytest.mark.parametrize(
    ("typed", "name", "named"),
    [
        ("Zoë", "Zoë", True),
        ("zoe", "Zoë", True),
        ("ZOË", "Zoë", True),
        ("  zoe ", "Zoë", True),
        ("Zoë", "Zoe", True),
        ("zoe", "Zoe\u0308", True),  # the accent typed as a letter and a combining mark
        ("jose", "José", True),
        ("nikos", "Nikos", True),
        ("νικος", "Νίκος", True),
        ("strasse", "Straße", True),
        ("zo", "Zoë", False),
        ("ann", "Anna", False),
        ("Zoë", "Zoë 2", False),
    ],
)
def test_a_typed_name_names_a_player_whatever_its_case_and_accents(
    typed: str, name: str, named: bool
) -> None:
    assert is_named(typed, name) is named


@pytest.mark.parametrize("typed", ["Zoë", "zoe", "ZOE", " Zoe "])
def test_history_player_finds_the_games_of_a_name_typed_without_its_accent(
    home: Path, typed: str
) -> None:
    with_zoe = finished_game(5, names=("Zoë", "Bob"))
    without = finished_game(6, names=("Ann", "Bob"))
    for game in (with_zoe, without):
        record_game(game, header_for(game))
    result = racko("history", "--json", "--player", typed)
    assert_exited(result, 0)
    assert [row["players"] for row in json.loads(result.output)] == [["Zoë", "Bob"]]
    table = racko("history", "--player", typed)
    assert_exited(table, 0)
    assert "Zoë" in table.output and "No finished games" not in table.output


@pytest.mark.parametrize("typed", ["Zoë", "zoe", "ZOË"])
def test_review_player_finds_a_name_typed_without_its_accent(home: Path, typed: str) -> None:
    path = planted(home / "g.jsonl", names=("Zoë", "Bob"))
    result = racko("review", str(path), "--player", typed, "--json")
    assert_exited(result, 0)
    # The JSON alone: a game unfinished says on stderr what its review of the round leaves out.
    report = json.loads(result.stdout)
    assert [player["name"] for player in report["players"]] == ["Zoë"]
    assert {move["seat"] for move in report["moves"]} == {0}


def test_review_player_still_refuses_a_name_nobody_has(home: Path) -> None:
    path = planted(home / "g.jsonl", names=("Zoë", "Bob"))
    result = racko("review", str(path), "--player", "Zoa")
    assert_exited(result, 2)
    assert "nobody called 'Zoa' played this game; the players are Zoë, Bob." in flat(
        result.output)


@pytest.mark.parametrize("command", ["history", "review"])
@pytest.mark.parametrize("typed", ["", "   "])
def test_a_blank_player_name_is_refused_not_taken_for_nobody(
    home: Path, command: str, typed: str
) -> None:
    # history said "No finished games yet" with games listed a moment before; review said
    # "nobody called  played this game".
    game = finished_game(5, names=("Ann", "Bob"))
    record_game(game, header_for(game))
    path = planted(home / "g.jsonl", names=("Ann", "Bob"))
    args = [str(path)] if command == "review" else []
    result = racko(command, *args, "--player", typed)
    assert_exited(result, 2)
    assert "--player" in result.output and "a name cannot be empty." in flat(result.output)


@pytest.mark.parametrize("names", ["Zoë,Zoe", "José,Jose", "Ann,ANN", "Straße,strasse"])
def test_a_table_never_seats_two_names_that_name_one_player(home: Path, names: str) -> None:
    # Zoë and Zoe sat at one table, and review --player Zoë then showed both players' turns.
    result = racko("play", "--names", names, "--bots", "easy", "--seed", "1", input="")
    assert_exited(result, 2)
    first, second = names.split(",")
    assert (f"'{first}' and '{second}' read as one name (case and accents do not count): each "
            "player needs a different name.") in flat(result.output)


# One-character names and digits are shared objects in Python: "A" twice must still clash.
@pytest.mark.parametrize("names", ["Ann,Bob,Ann", "A,A", "x,y,x", "1,1", "Ω,Ω"])
def test_a_name_given_twice_is_said_to_be_named_twice(home: Path, names: str) -> None:
    result = racko("play", "--names", names, "--seed", "1", input="")
    assert_exited(result, 2)
    twice = names.split(",")[0]
    assert f"'{twice}' is named twice: each player needs a different name." in flat(result.output)


def test_a_name_asked_for_is_refused_when_it_names_a_player_already_seated(home: Path) -> None:
    result = racko("play", "--players", "2", "--seed", "1", input="Zoë,Zoe\n")
    assert ("'Zoë' and 'Zoe' read as one name (case and accents do not count): each player needs"
            " a different name.") in flat(result.output)
    result = racko("play", "--players", "3", "--seed", "1", input="Zoë,Bob\nZoe\n")
    assert "Zoe is already playing: choose another name." in flat(result.output)
