"""`racko simulate`'s results from 40 to 100 columns, in every language: columns whose headings
break only between words (Greek broke "παιχνιδιώ/ν", French "/manc/he" at 60), the seat going
before its bot in one column where that keeps them whole; narrower, a block per seat."""

from __future__ import annotations

import io
from collections import Counter
from collections.abc import Iterator

import pytest
from rich.cells import cell_len
from rich.console import Console

from rack_o import i18n
from rack_o.cli.simulate import result_table
from rack_o.cli.trimmed import Trimmed
from rack_o.match import Match, play_match
from rack_o.rules import Rules
from rack_o.tally import Tally

HEADINGS = ("Seat", "Bot", "Round\nwins", "Win\nrate", "95%\ninterval", "Games\nwon",
            "Points\n/round", "Turns\n/round")
BOTS = ("hard", "easy", "medium")


@pytest.fixture(scope="module")
def tally() -> Tally:
    return play_match(Match(BOTS, Rules(3, target=100), 1), 2).tally


@pytest.fixture
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    i18n.install(request.param)
    yield request.param
    i18n.install("en")


def shown(tally: Tally, width: int) -> list[str]:
    console = Console(file=io.StringIO(), width=width, color_system=None)
    console.print(Trimmed(result_table(tally, width)))
    return console.file.getvalue().splitlines()


def figures(seat: dict) -> list[str]:
    """A seat's figures as the table writes them, in its columns' order."""
    low, high = seat["round_win_interval"]
    return [str(seat["round_wins"]), i18n.percent(seat["round_win_rate"]),
            f"{i18n.number(low * 100, 1)}–{i18n.number(high * 100, 1)}",
            str(seat["games_won"]), i18n.number(seat["mean_round_points"], 1),
            i18n.number(seat["mean_turns"], 2)]


@pytest.mark.parametrize("language", ["en", "el", "fr", "cs"], indirect=True)
def test_the_results_keep_every_word_whole_from_40_to_100_columns(
    tally: Tally, language: str
) -> None:
    title = i18n._("Results per seat").split()
    headings = [i18n._(heading) for heading in HEADINGS]
    seats = tally.seats()
    laid_out = set()
    for width in range(40, 101):
        lines = shown(tally, width)
        text = "\n".join(lines)
        assert max(cell_len(line) for line in lines) <= width, text
        assert "…" not in text
        rule = next((at for at, line in enumerate(lines) if line.startswith("─")), None)
        if rule is not None:
            laid_out.add("columns")
            above = " ".join(lines[:rule]).split()
            assert above[: len(title)] == title, text
            # Above the rule, every heading's words, each whole, and nothing else.
            assert Counter(above[len(title):]) == Counter(
                word for heading in headings for word in heading.split()), text
            rows = lines[rule + 1:]
            assert len(rows) == len(seats), text  # one line each, nothing wrapped
            for row, seat in zip(rows, seats, strict=True):
                assert row.split() == [str(seat["seat"]), seat["bot"], *(
                    word for figure in figures(seat) for word in figure.split())], text
            if width >= 60:
                continue
        else:
            assert width < 60, text  # the columns fit from 60 in every language
            laid_out.add("blocks")
            assert " ".join(lines).split()[: len(title)] == title, text
            heads = [at for at, line in enumerate(lines) if line.startswith(headings[0] + " ")]
            assert [lines[at] for at in heads] == [
                f"{headings[0]} {seat['seat']} · {seat['bot']}" for seat in seats], text
            for at, end, seat in zip(heads, [*heads[1:], len(lines)], seats, strict=True):
                body = lines[at + 1:end]
                assert all(line.startswith("  ") for line in body), text
                pieces = [piece.strip() for line in body for piece in line.split(" · ")]
                # Each figure whole after its heading, on one line, in the columns' order.
                assert pieces == [heading.replace("\n", " ") + " " + figure for heading, figure
                                  in zip(headings[2:], figures(seat), strict=True)], text
    assert laid_out == {"columns", "blocks"}
