"""The names question leaves room to type the names (its default goes under the question where
the line would be too full), and says which names it filled in when fewer were typed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from clirun import racko
from rich.cells import cell_len

from rack_o import i18n
from rack_o.cli.seating import ROOM_FOR_NAMES, split_prompt


@pytest.mark.parametrize("language", ["en", "fr", "el", "cs"])
@pytest.mark.parametrize("people", [2, 3, 4])
@pytest.mark.parametrize("width", [60, 70, 80, 100, 120])
def test_the_names_question_leaves_room_to_type_two_whole_names(
    language: str, people: int, width: int
) -> None:
    with i18n.restoring_language():
        i18n.install(language)
        defaults = ", ".join(i18n._("Player {seat}").format(seat=seat)
                             for seat in range(1, people + 1))
        prompt = i18n._("Names of the {count} people, separated by commas? [{defaults}] "
                        ).format(count=people, defaults=defaults)
    question, typed_after = split_prompt(prompt, width, ROOM_FOR_NAMES)
    assert cell_len(typed_after) + ROOM_FOR_NAMES <= width
    lines = [*(question or "").splitlines(), typed_after]
    assert any(f"[{defaults}]" in line for line in lines)  # never broken across lines
    assert all(cell_len(line) <= width for line in lines)


def test_at_80_columns_the_default_names_go_under_the_question(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    result = racko("play", "--players", "3", "--seed", "2", "--record", str(home / "g.jsonl"),
                   input="Ann,Bob,Cy\n")
    lines = result.output.splitlines()
    at = lines.index("Names of the 3 people, separated by commas?")
    # Piped, the answer is not echoed: what follows runs on after the prompt.
    assert lines[at + 1].startswith("[Player 1, Player 2, Player 3] ")


@pytest.mark.parametrize(("typed", "seated", "asked", "said"), [
    # Fewer names than people: the others are asked for, Enter keeping their defaults.
    (["Ann,Bob", ""], ["Ann", "Bob", "Player 3"], "Name of the other person? [Player 3]", None),
    (["Ann,Bob", "Cy"], ["Ann", "Bob", "Cy"], "Name of the other person? [Player 3]", None),
    (["Ann", ""], ["Ann", "Player 2", "Player 3"],
     "Names of the other 2 people, separated by commas? [Player 2, Player 3]", None),
    (["Ann", "Bob,Cy"], ["Ann", "Bob", "Cy"],
     "Names of the other 2 people, separated by commas? [Player 2, Player 3]", None),
    (["Player 3,Bob", ""], ["Player 3", "Bob", "Player 1"],
     "Name of the other person? [Player 1]", None),
    # Fewer again: the others keep their defaults, said so.
    (["Ann", "Bob"], ["Ann", "Bob", "Player 3"],
     "Names of the other 2 people, separated by commas? [Player 2, Player 3]",
     "Not enough names, so Player 3 plays too."),
    ([""], ["Player 1", "Player 2", "Player 3"], None, None),  # Enter: the defaults, as offered
    (["Ann,Bob,Cy"], ["Ann", "Bob", "Cy"], None, None),
])
def test_people_left_unnamed_are_asked_for_again(
    home: Path, typed: list[str], seated: list[str], asked: str | None, said: str | None
) -> None:
    record = home / "g.jsonl"
    result = racko("play", "--players", "3", "--seed", "2", "--record", str(record),
                   input="".join(f"{line}\n" for line in typed))
    players = json.loads(record.read_text(encoding="utf-8").splitlines()[0])["players"]
    assert [player["name"] for player in players] == seated
    if asked is None:
        assert "other" not in result.output
    else:
        given = len(typed[0].split(","))
        assert f"{given} name{'s' * (given > 1)} for 3 people." in result.output
        assert asked in " ".join(result.output.split())  # its default may go under it
    if said is None:
        assert "Not enough names" not in result.output
    else:
        assert said in result.output


@pytest.mark.parametrize(("typed", "refused"), [
    ("Bob,Cy", "Type one name, without commas."),
    # A list for one name is refused as a list, whatever else is wrong with it.
    ("Bob,,Cy", "Type one name, without commas."),
    ("Bob,bob", "Type one name, without commas."),
    (",", "Type one name, without commas."),
    ("ann", "Ann is already playing: choose another name."),
    ("\u0301", "starts with an accent or a mark on its own"),
])
def test_the_second_names_question_refuses_what_the_first_would(
    home: Path, typed: str, refused: str
) -> None:
    record = home / "g.jsonl"
    result = racko("play", "--players", "2", "--seed", "2", "--record", str(record),
                   input=f"Ann\n{typed}\nBob\n")
    players = json.loads(record.read_text(encoding="utf-8").splitlines()[0])["players"]
    assert [player["name"] for player in players] == ["Ann", "Bob"]
    assert refused in result.output
    assert result.output.count("Name of the other person? [Player 2]") == 2


def test_piped_a_refused_list_is_typed_again_with_no_word_of_up(home: Path) -> None:
    """Up recalls a refused answer only where lines are edited: a pipe is told nothing of it."""
    result = racko("play", "--players", "2", "--seed", "2", "--record", str(home / "g.jsonl"),
                   input="Ann,Ann\nAnn,Bob\n")
    assert "'Ann' is named twice" in result.output
    assert "Up arrow" not in result.output
    header = json.loads((home / "g.jsonl").read_text(encoding="utf-8").splitlines()[0])
    assert [player["name"] for player in header["players"]] == ["Ann", "Bob"]
