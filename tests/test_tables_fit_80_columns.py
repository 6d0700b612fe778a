"""Tables at 80 columns: whole names, headings wrapped between words, nothing cut off with "…"."""

from __future__ import annotations

import io
import re
from itertools import combinations
from pathlib import Path
from unittest.mock import patch

import pytest
from clirun import assert_exited, racko
from rich.cells import cell_len
from rich.console import Console

from rack_o import i18n
from rack_o.cli.simulate import result_table
from rack_o.match import Match, play_match
from rack_o.rules import Rules
from rack_o.tally import Tally

LONG = ["Annabelle-Marie", "Bartholomew", "Constantinos", "Dorothea-Louise"]


@pytest.mark.slow
def test_a_partners_summary_fits_80_columns_with_aligned_tables(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    record = home / "partners.jsonl"
    played = racko("play", "--players", "4", "--partners", "--bonus", "--names", ",".join(LONG),
                   "--bots", "hard,hard,hard,hard", "--fast", "--target", "300", "--seed", "5",
                   "--record", str(record))
    assert_exited(played, 0)
    out = racko("replay", str(record), "--summary").output
    lines = out.splitlines()
    assert lines[0] == f"partners: {', '.join(LONG)}"
    assert lines[1].startswith("first to 300 · bonus · partners · started 20")
    assert lines[1].endswith(" · seed 5")
    assert max(map(len, lines)) <= 80 and "…" not in out
    headers = [line for line in lines if line.startswith("Player ")]
    assert len(headers) >= 2 and len(set(headers)) == 1  # the same columns round after round
    for name in LONG:  # each name whole on a line; a team takes two lines, never three
        assert any(line.startswith(name) for line in lines), name
    for first, second in (("Annabelle-Marie", "Constantinos"), ("Bartholomew", "Dorothea-Louise")):
        at = lines.index(next(line for line in lines if line.startswith(f"{first} &")))
        assert lines[at + 1].startswith(second)


def _partners_game_played(monkeypatch: pytest.MonkeyPatch, *options: str) -> None:
    """A game of four hard bots as partners, to 100, with `options`, at 80 columns."""
    monkeypatch.setenv("COLUMNS", "80")
    played = racko("play", "--players", "4", "--partners", "--bots", "hard,hard,hard,hard",
                   "--fast", "--target", "100", "--seed", "5", *options)
    assert_exited(played, 0)


@pytest.mark.slow
def test_a_team_s_name_stays_on_one_line_where_the_bonus_in_figures_makes_room(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # "Hard 1 &" over "Hard 3" took two lines at 80 columns, the bonus sums in words.
    _partners_game_played(monkeypatch, "--bonus")
    [record] = (home / "games").glob("*.jsonl")
    out = racko("replay", record.stem, "--summary").output
    lines = out.splitlines()
    assert max(map(len, lines)) <= 80
    assert any(line.startswith("Hard 1 & Hard 3 ") for line in lines), out
    assert any(line.startswith("Hard 2 & Hard 4 ") for line in lines), out
    assert "+ 50 =" in out and "bonus =" not in out, out  # the sums in figures
    assert "plus its run bonus" in " ".join(out.split())  # the footnote names the bonus


@pytest.mark.slow
@pytest.mark.usefixtures("home")
def test_the_history_s_winning_team_stays_on_one_line_where_there_is_room(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # "Benedict &" over "Dominic": the winner's column was as wide as one name at most.
    _partners_game_played(monkeypatch, "--names", "Annabelle,Benedict,Charlie,Dominic")
    listed = racko("history").output
    assert max(map(len, listed.splitlines())) <= 80
    # The game's row starts with its date (the time under it starts with "20" from 20:00).
    [row] = [line for line in listed.splitlines() if re.match(r"\d{4}-\d\d-\d\d ", line)]
    assert "  Annabelle & Charlie  " in row or "  Benedict & Dominic  " in row, listed


LONG_HEADINGS = {
    "Player": "Joueur", "Plays as": "Joue en tant que", "Games": "Παιχνίδια",
    "Wins": "Victoires", "Win rate": "Taux de victoire",
    "Points per round": "Points moyens par manche",
    "Rack-Os": "Rack-O", "Best round": "Καλύτερος γύρος",
}


@pytest.mark.slow
def test_stats_headings_wrap_between_words_and_fit_80_columns(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import rack_o.cli.stats as stats_module

    monkeypatch.setenv("COLUMNS", "80")
    made = racko("simulate", "--bots", "hard,easy,medium,random", "--games", "2", "--target",
                 "100", "--seed", "1", "--history")
    assert_exited(made, 0)
    monkeypatch.setattr(stats_module, "_", lambda text: LONG_HEADINGS.get(text, text))
    out = racko("stats").output
    assert "…" not in out
    assert max(len(line) for line in out.splitlines()) <= 80
    for word in ("Παιχνίδια", "Victoires", "victoire", "moyens", "Καλύτερος"):
        assert word in out
    lines = out.splitlines()
    rule = next(at for at, line in enumerate(lines) if line.startswith("─"))
    players = sorted(line.split()[0] for line in lines[rule + 1 :])
    assert players == ["Easy", "Hard", "Medium", "Random"]  # every row, nothing else


FRENCH_STATS = (["Joueur", "Type", "Parties", "Victoires", "Taux de victoire", "Points par manche",
                 "Rack-O", "Meilleure manche"],
                [["Medium", "bot medium", "20", "5", "25\u00a0%", "35,7", "10", "75"]])


@pytest.mark.parametrize("room", range(32, 90))
def test_column_widths_keep_cells_whole_and_heading_words_whole_when_they_fit(room: int) -> None:
    from rack_o.cli.columns import heading_widths

    headings, rows = FRENCH_STATS
    widths = heading_widths(headings, rows, room)
    assert sum(widths) <= room
    assert all(width >= len(cell) for width, cell in zip(widths, rows[0], strict=True))
    words = [max(len(word) for word in heading.split()) for heading in headings]
    whole = sum(max(word, len(cell)) for word, cell in zip(words, rows[0], strict=True))
    assert all(map(int.__ge__, widths, words)) is (room >= whole)




@pytest.mark.parametrize("width", range(46, 100))  # from where the cells fit
def test_one_space_between_columns_where_it_keeps_more_headings_whole(width: int) -> None:
    from rack_o.cli.columns import heading_widths, spaced_widths

    headings, rows = FRENCH_STATS
    gaps = len(headings) - 1
    widths, spaces = spaced_widths(headings, rows, width)
    assert sum(widths) + spaces * gaps <= width

    def broken(sizes: list[int]) -> int:
        return sum(max(len(word) for word in heading.split()) > size
                   for heading, size in zip(headings, sizes, strict=True))

    roomy = heading_widths(headings, rows, width - 2 * gaps)
    tight = heading_widths(headings, rows, width - gaps)
    assert spaces == (1 if broken(tight) < broken(roomy) else 2)
    assert broken(widths) == min(broken(roomy), broken(tight))
    if width == 70:  # "Meilleure manche" broke as "Meill/eure/manch/e" with two spaces
        assert (spaces, broken(widths)) == (1, 0)


@pytest.mark.slow
@pytest.mark.parametrize("width", [67, 70, 75])  # 67: every word whole, one space apart
def test_french_stats_keep_every_heading_word_whole_below_80_columns(
    home: Path, monkeypatch: pytest.MonkeyPatch, width: int
) -> None:
    monkeypatch.setenv("COLUMNS", str(width))
    assert_exited(racko("simulate", "--bots", "hard,easy", "--games", "2", "--target", "100",
                        "--seed", "1", "--history"), 0)
    out = racko("--lang", "fr", "stats").output
    assert max(cell_len(line) for line in out.splitlines()) <= width
    words = " ".join(out.split())
    for heading in ("Victoires", "Taux de victoire", "Points par manche", "Meilleure manche"):
        for word in heading.split():
            assert word in words, (word, out)


GREEK_RESULTS = (["Θέση", "Bot", "Νίκες γύρων", "Ποσοστό νικών", "Διάστημα 95 %",
                  "Νίκες παιχνιδιών", "Πόντοι /γύρο", "Κινήσεις /γύρο"],
                 [["1", "medium", "12", "63,2%", "41,0–80,9", "2", "53,7", "8,32"]])


@pytest.mark.parametrize("table", [FRENCH_STATS, GREEK_RESULTS], ids=["fr-stats", "el-results"])
@pytest.mark.parametrize("room", range(32, 70))  # from where the cells fit
def test_where_not_every_heading_word_fits_the_most_headings_keep_theirs_whole(
    table: tuple[list[str], list[list[str]]], room: int
) -> None:
    from rack_o.cli.columns import heading_widths

    headings, rows = table
    widths = heading_widths(headings, rows, room)
    assert sum(widths) <= room
    cells = [cell_len(cell) for cell in rows[0]]
    assert all(map(int.__ge__, widths, cells))
    words = [max(cell_len(word) for word in heading.split()) for heading in headings]
    whole = [max(word, cell) for word, cell in zip(words, cells, strict=True)]
    # Every other column at least half as wide as its longest word, where that fits at all.
    least = [max(cell, (word + 1) // 2) for word, cell in zip(whole, cells, strict=True)]
    if sum(least) > room:
        return
    most = max(len(kept) for size in range(len(headings) + 1)
               for kept in combinations(range(len(headings)), size)
               if sum(whole[i] if i in kept else least[i] for i in range(len(headings))) <= room)
    assert sum(width >= word for width, word in zip(widths, whole, strict=True)) == most
    broken = [i for i in range(len(headings)) if widths[i] < whole[i]]
    assert all(widths[i] >= least[i] for i in broken)


LONG_BOT = "mypackage.bots.smart:BandBotWithAVeryLongName"


@pytest.mark.parametrize("width", [60, 80])
@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_long_bot_spec_folds_and_every_column_and_number_stays_whole(
    width: int, language: str
) -> None:
    # A user's bot made the simulate table drop its seat and win columns and cut its rates.
    tally = play_match(Match(("example_bot:BandBot", "hard"), Rules(2, target=50), 1), 2).tally
    seats = [dict(seat) for seat in tally.seats()]
    seats[0]["bot"] = LONG_BOT
    i18n.install(language)
    try:
        with patch.object(Tally, "seats", lambda self: seats):
            table = result_table(tally, width)
        console = Console(width=width, file=io.StringIO(), color_system=None)
        console.print(table)
        rates = [i18n.percent(seat["round_win_rate"]) for seat in seats]
    finally:
        i18n.install("en")
    lines = console.file.getvalue().splitlines()
    assert max(cell_len(line) for line in lines) <= width
    assert "…" not in "\n".join(lines)
    rows = lines[next(at for at, line in enumerate(lines) if line.startswith("─")) + 1:]
    starts = [at for at, line in enumerate(rows) if line.split()[:1] in (["1"], ["2"])]
    assert len(starts) == 2, lines
    bot_at = rows[starts[0]].index(LONG_BOT[:4])
    # Seat 1's spec, folded over its lines, then its figures on the first line, whole.
    assert "".join(line[bot_at:].split()[0] for line in rows[starts[0]:starts[1]]) == LONG_BOT
    for seat, at, rate in zip(seats, starts, rates, strict=True):
        figures = rows[at][bot_at:].split()[1:]
        assert figures[:2] == [str(seat["round_wins"]), rate.split()[0]], rows[at]
        assert str(seat["games_won"]) in figures, rows[at]
