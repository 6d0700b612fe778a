"""The rules players read (rack_o/data/rules.md, docs/rules.md) agree with the engine."""

from __future__ import annotations

import io
import re
from importlib.resources import files
from pathlib import Path

import pytest

from rack_o import is_racko, round_points

RULES = files("rack_o").joinpath("data", "rules.md").read_text(encoding="utf-8")
# Table rows that start with a rack of ten numbers: | 2 13 ... 59 | yes | 75 |
ROWS = re.findall(r"^\| ((?:\d+ ){9}\d+) +\| ([^|]+?) +\| ([^|]+?) +\|$", RULES, re.MULTILINE)


def test_docs_rules_is_the_packaged_file() -> None:
    docs = Path(__file__).resolve().parent.parent / "docs" / "rules.md"
    assert docs.read_text(encoding="utf-8") == RULES


def test_the_rules_show_scoring_examples() -> None:
    assert len(ROWS) >= 7


@pytest.mark.parametrize(("rack", "second", "points"), ROWS)
def test_every_scoring_example_in_the_rules_is_what_the_engine_scores(
    rack: str, second: str, points: str
) -> None:
    cards = [int(card) for card in rack.split()]
    expected = sum(int(part) for part in points.split("+"))
    if second in ("yes", "no"):  # the round-scoring table: went Rack-O?
        assert is_racko(cards) == (second == "yes")
        assert round_points(cards, second == "yes")[0] == expected
    else:  # the bonus table: every rack went Rack-O, with the bonus on
        assert round_points(cards, True, bonus=True)[0] == expected


def test_the_rules_fit_an_80_column_terminal() -> None:
    from rich.console import Console
    from rich.markdown import Markdown

    out = io.StringIO()
    Console(file=out, width=80, color_system=None).print(Markdown(RULES))
    assert max(len(line.rstrip()) for line in out.getvalue().splitlines()) <= 80
    for phrase in ("highest empty slot", "turned over, not", "highest card", "75"):
        assert phrase in out.getvalue().replace("\n", " ")


@pytest.mark.parametrize("language", ["en", "el", "fr", "cs"])
def test_the_rules_say_500_is_a_target_the_table_may_change(language: str) -> None:
    from rack_o.cli.rules import rules_text

    text = rules_text(language)
    # The opening paragraph names the game's length: with it, how to choose another.
    opening = text.split("\n\n")[1]
    assert "500" in opening and "`--target`" in opening, opening


@pytest.mark.parametrize("width", [45, 60, 80])
@pytest.mark.parametrize("language", ["en", "el", "fr", "cs"])
def test_every_example_rack_stays_on_one_line_down_to_45_columns(
    language: str, width: int
) -> None:
    from rich.console import Console

    from rack_o.cli.rules import rules_markdown, rules_text
    from rack_o.i18n import speaking

    racks = re.findall(r"^\| ((?:\d+ ){9}\d+) +\|", rules_text(language), re.MULTILINE)
    out = io.StringIO()
    with speaking(language):
        Console(file=out, width=width, color_system=None).print(rules_markdown())
    shown = out.getvalue()
    lines = [line.rstrip() for line in shown.splitlines()]
    assert racks and all(any(line.startswith(rack) for line in lines) for rack in racks)
    # Nothing cut short, and no card on a line of its own, where it reads as another rack.
    assert max(map(len, lines)) <= width and "…" not in shown
    assert not [line for line in lines if re.fullmatch(r"\d+", line.strip())]
