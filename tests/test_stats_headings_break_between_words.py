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

from rack_o.cli.columns import Layout, fewest_broken, spaced_widths, whole_layout
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
    assert any(line.startswith("─") for line in shown.output.splitlines()), shown.output
    _assert_columns_keep_words_whole(shown.output, language, width)


def _assert_columns_keep_words_whole(output: str, language: str, width: int) -> None:
    """The stats table fits `width` columns, and above its rule are its title and every
    heading's words, each whole, and nothing else; every player has a row."""
    lines = output.splitlines()
    assert max(cell_len(line) for line in lines) <= width, output
    rule = next(at for at, line in enumerate(lines) if line.startswith("─"))
    with speaking(language):
        title = _("Players, most wins first").split()
        headings = [_(heading) for heading in HEADINGS]
    above = " ".join(lines[:rule]).split()
    assert above[: len(title)] == title  # the title, wrapped between words if need be
    # What is left above the rule is every heading's words, each whole, nothing else.
    assert Counter(above[len(title):]) == Counter(
        word for heading in headings for word in heading.split()), output
    rows = lines[rule + 1:]
    starts = sorted(line.split()[0] for line in rows if line[:1].isalpha()
                    and len(line.split()) > 2)  # a player's first line: name and figures
    assert starts == ["Ann", "Easy", "Hard", "Medium", "Random"], output


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



@pytest.mark.parametrize("language", ["en", "el", "fr", "cs"])
def test_below_the_columns_width_each_player_is_a_block_of_whole_words(
    played: Path, monkeypatch: pytest.MonkeyPatch, language: str
) -> None:
    # At 45 columns English broke "Poin/ts" and "Bes/t", French went a letter a line.
    with speaking(language):
        title = _("Players, most wins first").split()
        headings = [_(heading) for heading in HEADINGS]
    blocks = 0
    for width in range(40, 101):
        monkeypatch.setenv("COLUMNS", str(width))
        shown = racko("--lang", language, "stats")
        assert_exited(shown, 0)
        lines = shown.output.splitlines()
        assert max(cell_len(line) for line in lines) <= width, shown.output
        if any(line.startswith("─") for line in lines):
            _assert_columns_keep_words_whole(shown.output, language, width)
            continue
        blocks += 1
        assert " ".join(lines).split()[: len(title)] == title, shown.output
        players = [at for at, line in enumerate(lines) if " · " in line and line[:1] != " "]
        assert [lines[at].split()[0] for at in players] == [
            "Easy", "Random", "Ann", "Hard", "Medium"], shown.output
        for at, end in zip(players, [*players[1:], len(lines)], strict=True):
            head, *figures = lines[at:end]
            assert all(line.startswith("  ") for line in figures), shown.output
            pieces = [piece.strip() for line in figures for piece in line.split(" · ")]
            # Each figure whole after its whole heading, in the columns' order, none split
            # over two lines.
            assert [piece.rsplit(" ", 1)[0] for piece in pieces] == [
                " ".join(heading.split()) for heading in headings[2:]], shown.output
            assert all(piece.rsplit(" ", 1)[1][:1].isdigit() for piece in pieces), shown.output
    assert blocks >= 5  # 40 to 44 at least


def test_a_table_whose_headings_cannot_keep_their_words_whole_is_not_laid_out_as_columns(
) -> None:
    wide = Layout(["Name", "Kind", "Points per round"], [["Ann", "person", "53.0"]], (1, 0))
    stacked = Layout(["Name\nKind", "Points per round"], [["Ann\nperson", "53.0"]], (0,))
    assert whole_layout([wide, stacked], 40) == fewest_broken([wide, stacked], 40)
    # "Name Kind Points": 4 + 6 + 6 and two spaces fit only stacked; one cell fewer, not at all.
    assert whole_layout([wide, stacked], 17) is not None
    assert whole_layout([wide, stacked], 17)[0] == 1  # type: ignore[index]
    assert whole_layout([wide, stacked], 10) is None
    # Cells wider than the screen (numbers never fold) are no layout either.
    assert whole_layout([Layout(["N"], [["1234567"]])], 5) is None
