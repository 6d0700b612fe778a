"""On a small terminal (45×15) the end of a round keeps who went out: the banner drops its box,
then the points footnote, before its sentence scrolls away; the fuller forms stay where they
fit. `racko replay`'s racks say a rack went out in a whole word at 45 columns."""

from __future__ import annotations

import io
import random

import pytest
from builders import play_sensibly, seeded_game
from rich.console import Console

from rack_o.cli.replay import racks_table
from rack_o.cli.scoreboard import PROMPT_ROOM, round_end_lines
from rack_o.game import Game
from rack_o.i18n import _, ngettext, speaking

LANGUAGES = ["en", "el", "fr", "cs"]
NAMES = ("Anastasia", "Bartholomew", "Cy", "Dee")


def round_over(seed: int = 4) -> Game:
    """Four players with the play-tester's names, just after the first round's Rack-O."""
    game = seeded_game(seed, 4, 200, names=NAMES)
    rng = random.Random(seed + 1)
    while not game.rounds:
        assert play_sensibly(game, rng, 0.1, turns=1)
    return game


def screen(game: Game, width: int, height: int) -> list[str]:
    console = Console(file=io.StringIO(), width=width, height=height, color_system=None)
    for line in round_end_lines(game):
        console.print(line)
    return console.file.getvalue().splitlines()


def sentence(game: Game) -> str:
    """The banner's sentence, in the current language."""
    result = game.rounds[-1]
    return " ".join([
        "RACK-O!",
        _("{name} goes out in round {round}").format(name=NAMES[result.racko],
                                                     round=result.round),
        ngettext("after {count} turn.", "after {count} turns.", result.turns).format(
            count=result.turns)])


@pytest.mark.parametrize("language", LANGUAGES)
def test_at_45_by_15_four_players_keep_who_went_out_and_what_each_needs(language: str) -> None:
    game = round_over()
    with speaking(language):
        lines = screen(game, 45, 15)
        said = sentence(game)
        to_go = [_("{count} to go").format(count=200 - total) for total in game.totals]
    assert len(lines) + PROMPT_ROOM <= 15, "\n".join(lines)
    assert max(len(line) for line in lines) <= 45
    shown = " ".join(" ".join(lines).split())
    assert said in shown, "\n".join(lines)
    assert all(needed in shown for needed in to_go), "\n".join(lines)


@pytest.mark.parametrize("language", LANGUAGES)
def test_at_45_by_15_four_partners_with_long_names_keep_who_went_out(language: str) -> None:
    # Their teams' lines wrap: the barest form with the round's heading still scrolled the
    # banner's first line (who went out) off the top in Greek.
    names = ("Αλεξάνδρα-Μαρίνα", "Κωνσταντινούπολη", "Ζωή", "Bartholomew-Maxi")
    game = seeded_game(4, 4, 200, names=names, partners=True)
    rng = random.Random(5)
    while not game.rounds:
        assert play_sensibly(game, rng, 0.1, turns=1)
    result = game.rounds[-1]
    with speaking(language):
        lines = screen(game, 45, 15)
        went_out = _("{name} goes out in round {round}").format(name=names[result.racko],
                                                               round=result.round)
    assert len(lines) + PROMPT_ROOM <= 15, "\n".join(lines)
    assert lines[0].startswith("RACK-O!"), "\n".join(lines)
    assert went_out in " ".join(" ".join(lines).split()), "\n".join(lines)


@pytest.mark.parametrize(("width", "height", "boxed", "footnote"), [
    (80, 24, True, True),
    (45, 24, True, True),
    (45, 17, False, True),
    (45, 15, False, False),
])
def test_the_banner_keeps_its_box_and_the_footnote_where_they_fit(
    width: int, height: int, boxed: bool, footnote: bool
) -> None:
    lines = screen(round_over(), width, height)
    text = "\n".join(lines)
    assert len(lines) + PROMPT_ROOM <= height, text
    assert lines[0].startswith("┏") is boxed, text
    assert ("Points: n × 5" in text) is footnote, text


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("width", [45, 80])
def test_replay_s_now_column_names_a_rack_gone_out_in_a_whole_word(language: str,
                                                                   width: int) -> None:
    game = round_over()
    out = game.rounds[-1].racko
    console = Console(file=io.StringIO(), width=width, color_system=None)
    with speaking(language):
        console.print(racks_table(game, out, 1, width))
        short = _("out")
    rows = console.file.getvalue().splitlines()
    went_out = rows[1 + out].split()
    assert went_out[0] == NAMES[out] and len(went_out) == 12, rows
    assert went_out[-1] == ("Rack-O" if width == 80 else short), rows
    # The heading too is whole or left out, never cut short ("ma…").
    assert all(len(row) <= width and "…" not in row for row in rows), rows


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("width", [80, 60, 50, 48])
def test_replay_s_points_column_says_what_it_holds_where_it_fits(language: str, width: int
                                                                 ) -> None:
    # The longest name a player may have: at 80 columns "points now" fits in every language;
    # narrower, "now", else no heading, never one cut short.
    names = ("Bartholomew-Long", "Cy", "Dee", "Eve")
    game = seeded_game(4, 4, 200, names=names)
    game.deal()
    console = Console(file=io.StringIO(), width=width, color_system=None)
    # The name (cut short where it would leave less than a three-letter word for the column),
    # ten cards and the space before the column.
    room = width - min(len(names[0]), width - 31 - 3) - 31
    with speaking(language):
        console.print(racks_table(game, None, None, width))
        full = _("points now")
        fits = [said for said in (full, _("now")) if len(said) <= room]
    top = console.file.getvalue().splitlines()[0].rstrip()
    heading = fits[0] if fits else ""
    if width == 80:
        assert heading == full and (language != "en" or full == "points now")
    assert top.endswith(" 10" + (" " + heading if heading else "")), top
    assert len(top) <= width and "…" not in top, top
