"""Under the rules that count a run (Bonus Rack-O, the run-of-three rule), a round's table
underlines the run the Rack-O's bonus, or its very Rack-O, hangs on, and its footnote says so;
no other card is underlined, nor the blank before a run, and where nothing is underlined the
footnote says nothing of it. A narrow table sums a bonus ("75 + 100 = 175")."""

from __future__ import annotations

import io
import re

import pytest
from rich.console import Console

from rack_o.cli.scoreboard import fitted_round_table, points_caption
from rack_o.rack import longest_run_slots
from rack_o.rules import Rules
from rack_o.view import RoundResult

NAMES = ("Ann", "Bob")
OUT = (3, 8, 9, 10, 20, 31, 40, 41, 42, 43)
"""The Rack-O: 40 41 42 43 is its longest run (8 9 10 a shorter one)."""
OTHER = (5, 6, 7, 30, 2, 11, 12, 13, 14, 1)
"""Not a Rack-O, with runs of its own: none of them is underlined."""


@pytest.mark.parametrize(("rack", "slots"), [
    (OUT, range(6, 10)),
    ((1, 2, 3, 4, 5, 6, 7, 8, 9, 10), range(0, 10)),
    ((3, 8, 12, 20, 25, 31, 36, 40, 44, 49), range(0, 1)),
    ((5, 1, 2, 3, 9, 10, 11, 12, 4, 4), range(4, 8)),
    ((1, 2, 3, 9, 20, 21, 22, 30, 31, 40), range(0, 3)),  # the first of two as long
])
def test_the_run_that_counts_is_the_first_longest(rack: tuple[int, ...], slots: range) -> None:
    assert longest_run_slots(rack) == slots


def went_out(rules: Rules, out: tuple[int, ...] = OUT) -> RoundResult:
    bonus = 100 if rules.bonus else 0
    return RoundResult(round=1, dealer=1, racko=0, racks=(out, OTHER), points=(75 + bonus, 15),
                       bonus=(bonus, 0), totals=(75 + bonus, 15), turns=9)


def underlined(result: RoundResult, rules: Rules, width: int) -> list[str]:
    """The underlined runs of `result`'s round table drawn at `width`, as drawn."""
    console = Console(file=io.StringIO(), width=width, force_terminal=True,
                      color_system="standard")
    runs, run = [], ""
    for segment in console.render(fitted_round_table(result, NAMES, rules)):
        if segment.style is not None and segment.style.underline:
            run += segment.text
        elif run:
            runs.append(run)
            run = ""
    return runs


BOTH = Rules(2, bonus=True, run_of_three=True)


@pytest.mark.parametrize("width", [100, 80, 50])
@pytest.mark.parametrize("rules", [Rules(2, bonus=True), Rules(2, run_of_three=True), BOTH],
                         ids=["bonus", "run-of-three", "both"])
def test_the_rack_o_s_run_is_underlined_and_the_footnote_says_so(rules: Rules,
                                                                  width: int) -> None:
    result = went_out(rules)
    assert underlined(result, rules, width) == ["40 41 42 43"]
    caption = points_caption(rules, result)
    assert caption.endswith("; the Rack-O's run is underlined")
    assert ("a Rack-O also needs a run of three" in caption) == rules.run_of_three
    assert ("run bonus" in caption) == rules.bonus


@pytest.mark.parametrize("width", [100, 50])
def test_a_run_of_one_digit_cards_is_underlined_from_its_first_card(width: int) -> None:
    result = went_out(BOTH, (1, 2, 3, 9, 20, 21, 22, 30, 31, 40))
    assert underlined(result, BOTH, width) == ["1  2  3"]


@pytest.mark.parametrize("width", [100, 50])
def test_a_bonus_rack_o_without_a_run_underlines_nothing_and_says_nothing_of_it(
        width: int) -> None:
    rules = Rules(2, bonus=True)
    result = went_out(rules, (3, 8, 12, 20, 25, 31, 36, 40, 44, 49))._replace(
        points=(75, 15), bonus=(0, 0))
    assert underlined(result, rules, width) == []
    assert "underlined" not in points_caption(rules, result)


@pytest.mark.parametrize("width", [100, 50])
def test_the_plain_rules_underline_nothing(width: int) -> None:
    result = went_out(Rules(2))
    assert underlined(result, Rules(2), width) == []
    assert "underlined" not in points_caption(Rules(2), result)


def test_a_narrow_table_sums_a_bonus_rather_than_calling_it_the_rack_o_s_worth() -> None:
    rules = Rules(2, bonus=True)
    console = Console(file=io.StringIO(), width=45, color_system=None)
    console.print(fitted_round_table(went_out(rules), NAMES, rules))
    shown = console.file.getvalue()
    assert "Ann: 75 + 100 = 175 · total 175" in shown, shown


@pytest.mark.parametrize(("terminal", "color_system", "says_it"), [
    (True, "standard", True),
    (True, None, False),  # TERM=dumb: no style at all
    (False, None, False),  # a file or a pipe
], ids=["styled", "dumb", "file"])
def test_the_footnote_names_the_underline_only_where_it_is_shown(
        terminal: bool, color_system: str | None, says_it: bool) -> None:
    console = Console(file=io.StringIO(), width=100, force_terminal=terminal,
                      color_system=color_system)  # type: ignore[arg-type]
    console.print(fitted_round_table(went_out(BOTH), NAMES, BOTH))
    shown = " ".join(re.sub(r"\x1b\[[0-9;]*m", "", console.file.getvalue()).split())
    assert "a Rack-O also needs a run of three" in shown
    assert ("the Rack-O's run is underlined" in shown) == says_it, shown
