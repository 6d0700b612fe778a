"""`racko stats` at 60 columns and wider, in every language: a heading breaks only between its
words (Greek "Καλύτερος" broke as "Καλύτ/ερος" at 60), by putting what each plays as under
their name where the columns side by side cannot keep every word whole."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from builders import finished_game, header_for
from clirun import assert_exited, racko
from rich.cells import cell_len

from rack_o.cli.columns import Layout, fewest_broken, spaced_widths
from rack_o.i18n import _, speaking
from rack_o.store.history import record_game

HEADINGS = ("Player", "Plays as", "Games", "Wins", "Win rate", "Points per round", "Rack-Os",
            "Best round")
TABLES = [("human", "bot:medium"), ("bot:random", "bot:hard"), ("human", "bot:easy")]
NAMES = [("Ann", "Medium"), ("Random", "Hard"), ("Ann", "Easy")]


@pytest.fixture
def played(home: Path) -> Path:
    """A history of three games: a person and four kinds of bot."""
    for seed, (kinds, names) in enumerate(zip(TABLES, NAMES, strict=True)):
        game = finished_game(seed, kinds=kinds, names=names)
        record_game(game, header_for(game))
    return home


@pytest.mark.parametrize("language", ["en", "el", "fr", "cs"])
@pytest.mark.parametrize("width", [60, 61, 62, 64, 66, 67, 70, 75, 80, 100])
def test_every_heading_word_stays_whole_from_60_columns(
    played: Path, monkeypatch: pytest.MonkeyPatch, language: str, width: int
) -> None:
    monkeypatch.setenv("COLUMNS", str(width))
    shown = racko("--lang", language, "stats")
    assert_exited(shown, 0)
    lines = shown.output.splitlines()
    assert max(cell_len(line) for line in lines) <= width, shown.output
    rule = next(at for at, line in enumerate(lines) if line.startswith("─"))
    with speaking(language):
        title = _("Players, most wins first").split()
        headings = [_(heading) for heading in HEADINGS]
    above = " ".join(lines[:rule]).split()
    assert above[: len(title)] == title  # the title, wrapped between words if need be
    # What is left above the rule is every heading's words, each whole, nothing else.
    assert Counter(above[len(title):]) == Counter(
        word for heading in headings for word in heading.split()), shown.output
    rows = lines[rule + 1:]
    starts = sorted(line.split()[0] for line in rows if line[:1].isalpha()
                    and len(line.split()) > 2)  # a player's first line: name and figures
    assert starts == ["Ann", "Easy", "Hard", "Medium", "Random"], shown.output


def test_the_first_layout_that_breaks_the_fewest_headings_is_chosen() -> None:
    wide = Layout(["Name", "Kind", "Wins"], [["Annabelle", "bot medium", "3"]], (1, 0))
    stacked = Layout(["Name\nKind", "Wins"], [["Annabelle\nbot medium", "3"]], (0,))
    # Room for everything side by side: the first layout, as spaced_widths lays it.
    assert fewest_broken([wide, stacked], 40) == (
        0, *spaced_widths(wide.headings, wide.rows, 40, wide.foldable))
    # Too narrow for "Annabelle" and "bot medium" side by side with their headings whole:
    # stacked, each heading keeps its words.
    index, widths, _spaces = fewest_broken([wide, stacked], 14)
    assert index == 1 and widths[0] >= len("Name") and widths[1] >= len("Wins")
    # Equally broken: the first is kept.
    assert fewest_broken([stacked, stacked], 3)[0] == 0
