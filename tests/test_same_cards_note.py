"""The note at a game's end, "Seed N. To deal these cards again: racko play …": the command it
prints sits the same table down under the same rules, and deals the same cards."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from clirun import assert_exited, racko

SAID = re.compile(r"Seed \d+\. To deal these cards again:\nracko play (.+)$", re.MULTILINE)


def _lines(record: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in record.read_text(encoding="utf-8").splitlines()]


def _played(args: list[str], record: Path) -> str:
    """Play `racko play ARGS` to its end into `record`; the options its end note prints."""
    result = racko("play", *args, "--fast", "--record", str(record))
    assert_exited(result, 0)
    said = SAID.search(result.output)  # the command whole on a line of its own
    assert said is not None, result.output
    return said.group(1)


@pytest.mark.parametrize(
    ("table", "note"),
    [
        (["--seed", "778316", "--players", "3", "--bots", "easy,easy,easy", "--bonus",
          "--target", "100"],
         "--seed 778316 --players 3 --target 100 --bonus --bots easy,easy,easy"),
        (["--seed", "302080", "--players", "4", "--bots", "easy,easy,easy,easy", "--target",
          "100"],
         "--seed 302080 --players 4 --target 100 --bots easy,easy,easy,easy"),
        (["--seed", "788087", "--players", "4", "--bots", "easy,easy,easy,easy", "--partners"],
         "--seed 788087 --players 4 --partners --bots easy,easy,easy,easy"),
        (["--seed", "7193", "--players", "2", "--bots", "easy,medium", "--run-of-three",
          "--target", "50"],
         "--seed 7193 --players 2 --target 50 --run-of-three --bots easy,medium"),
    ],
    ids=["bonus", "target", "partners", "run of three"],
)
def test_the_seed_note_names_the_rules_and_its_command_deals_the_same_game(
    home: Path, table: list[str], note: str
) -> None:
    first, again = home / "first.jsonl", home / "again.jsonl"
    said = _played(table, first)
    assert said == note
    assert _played(said.split(), again) == note
    original, repeated = _lines(first), _lines(again)
    for line in (original[0], repeated[0]):
        line.pop("started")
    assert repeated[0] == original[0]  # the same players, rules and seed
    deals = [[line for line in lines if line["type"] in ("dealer_draw", "deal")]
             for lines in (original, repeated)]
    assert deals[0] and deals[1] == deals[0]
    assert repeated[1:] == original[1:]  # the same bots, seeded alike: the same game


@pytest.mark.parametrize(
    ("rules", "options"),
    [
        ({}, ""),
        ({"target": 100}, " --target 100"),
        ({"bonus": True}, " --bonus"),
        ({"players": 4, "partners": True, "target": 250}, " --target 250 --partners"),
        ({"run_of_three": True, "bonus": True}, " --bonus --run-of-three"),
    ],
    ids=["the defaults", "a target", "bonus", "partners", "two variants"],
)
def test_only_the_rules_that_differ_from_the_default_are_named(
    rules: dict[str, Any], options: str
) -> None:
    from rack_o.cli.setup import rule_options
    from rack_o.rules import Rules

    assert rule_options(Rules(**{"players": 2, **rules})) == options
