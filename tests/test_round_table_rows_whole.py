"""A round's table never wraps a row, with Bonus Rack-O too: at 80 columns and wider the full
table (the bonus sum in words where it fits, else in figures), below that a narrower form."""

from __future__ import annotations

import io
import re

import pytest
from rich.console import Console

from rack_o import i18n
from rack_o.cli.scoreboard import fitted_round_table
from rack_o.i18n import _
from rack_o.rules import Rules
from rack_o.view import RoundResult

RACKS = ((3, 24, 26, 31, 36, 29, 13, 48, 40, 49), (38, 17, 9, 11, 14, 28, 30, 16, 39, 43),
         (4, 5, 6, 8, 10, 19, 25, 35, 41, 46))
SHORT = ("Ann", "Bob", "Cy")
LONG = ("Annabelle-Marie", "Bartholomew-Jon", "Constantinos")


def went_out(bonus: int, totals: tuple[int, ...]) -> RoundResult:
    """Round 2: the third player went out with a run worth `bonus`."""
    return RoundResult(round=2, dealer=0, racko=2, racks=RACKS, points=(25, 5, 75 + bonus),
                       bonus=(0, 0, bonus), totals=totals, turns=11)


def shown(result: RoundResult, names: tuple[str, ...], width: int, language: str) -> str:
    i18n.install(language)
    try:
        console = Console(file=io.StringIO(), width=width, color_system=None)
        console.print(fitted_round_table(result, names, Rules(3, target=150, bonus=True)))
        return console.file.getvalue()
    finally:
        i18n.install("en")


@pytest.mark.parametrize("language", ["en", "fr", "el", "cs"])
@pytest.mark.parametrize("names", [SHORT, LONG], ids=["short-names", "long-names"])
@pytest.mark.parametrize(("bonus", "totals"), [(50, (100, 20, 135)), (400, (160, 20, 485))],
                         ids=["bonus-50", "bonus-400-reached"])
@pytest.mark.parametrize("width", [50, 60, 70, 80, 90, 100, 120])
def test_no_row_of_a_bonus_round_s_table_wraps(
    language: str, names: tuple[str, ...], bonus: int, totals: tuple[int, ...], width: int
) -> None:
    result = went_out(bonus, totals)
    lines = shown(result, names, width, language).splitlines()
    assert max(len(line) for line in lines) <= width
    assert "…" not in "\n".join(lines)
    rule = next((at for at, line in enumerate(lines) if set(line.strip()) == {"─"}), None)
    if rule is None:  # the racks under the names: a line each, then the rack
        assert width < 80
        for name, rack in zip(names, RACKS, strict=True):
            at = next(at for at, line in enumerate(lines) if line.startswith(name))
            assert lines[at + 1].split() == [str(card) for card in rack]
        return
    rows = lines[rule + 1 : rule + 1 + len(names)]
    for row, name, rack, points in zip(rows, names, RACKS, result.points, strict=True):
        assert row.startswith(name + " "), lines
        assert re.search(r"\s+".join(map(str, rack)), row), lines
        assert re.search(rf"\b{points}\b", row), lines
    assert not lines[rule + 1 + len(names)].startswith(" "), lines  # no row's second line


@pytest.mark.parametrize("language", ["en", "fr", "el", "cs"])
@pytest.mark.parametrize("width", [80, 100])
def test_from_80_columns_the_whole_table_shows_the_bonus_sum_on_its_row(
    language: str, width: int
) -> None:
    lines = shown(went_out(50, (100, 20, 135)), SHORT, width, language).splitlines()
    i18n.install(language)
    try:
        to_go = _("To go")
    finally:
        i18n.install("en")
    assert any(line.rstrip().endswith(to_go) for line in lines), lines  # the full table
    row = next(line for line in lines if line.startswith("Cy "))
    assert re.search(r"75 \+ 50 (\S+ )?= 125\s+135\s+15$", row), lines
