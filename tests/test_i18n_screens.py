"""The screens in Greek, French and Czech: in that language, and with every table still aligned.

Names with accents, combining marks and wide characters are measured by rich (cell widths),
so each line of a table must take the same number of terminal cells.
"""

from __future__ import annotations

import io
import json
import random
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from builders import play_sensibly, sensible_action, unfinished_game, write_record
from click.testing import CliRunner
from clirun import racko
from rich.cells import cell_len
from rich.console import Console, ConsoleRenderable, RenderableType, RenderHook
from rich.markdown import Markdown

from rack_o import i18n
from rack_o.actions import DRAW
from rack_o.cli import console as console_module
from rack_o.cli import history as history_module
from rack_o.cli import main
from rack_o.cli import stats as stats_module
from rack_o.cli.new_game import start_notices
from rack_o.cli.rules import rules_text
from rack_o.cli.scoreboard import racko_banner, round_table, standings
from rack_o.cli.screens import handoff_screen, rack_table, turn_screen
from rack_o.cli.simulate import result_table
from rack_o.game import Game, Player
from rack_o.match import Match, play_match
from rack_o.rules import Rules
from rack_o.store.paths import records_dir

NAMES = {
    "el": ("Άννα", "Βασίλης", "Ζωή", "Ευστάθιος"),
    "fr": ("Anaïs", "Béatrice", "Chloé", "Étienne"),
    # A combining caron (e + U+030C) and wide characters: one cell and two cells each.
    "cs": ("Zdene\u030ck", "Šárka", "山田", "Čeněk"),
}
# English words no translation uses ("rack" is French, "slot" Czech, as the seeds say).
ENGLISH = re.compile(r"\b(the|your|Round|pile|dealt|to play|wins|first|drew|took|Seed)\b")


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    i18n.install("en")


def lines(renderable: RenderableType, width: int = 80) -> list[str]:
    console = Console(file=io.StringIO(), width=width, color_system=None)
    console.print(renderable)
    return console.file.getvalue().splitlines()


class AsLaidOut(RenderHook):
    """A console's render hook that changes nothing: the lines as rich lays them out."""

    def process_renderables(
        self, renderables: list[ConsoleRenderable]
    ) -> list[ConsoleRenderable]:
        return renderables


def panel(screen: list[str]) -> list[str]:
    """The lines of the boxed panel on a screen, top border to bottom border."""
    top = next(i for i, line in enumerate(screen) if line.lstrip().startswith("╭"))
    bottom = next(i for i, line in enumerate(screen) if line.lstrip().startswith("╰"))
    return screen[top : bottom + 1]


def mid_round(language: str, partners: bool = False) -> Game:
    """A four-player game in `language`'s names, a few laps into round 1, a card drawn."""
    rules = Rules(4, target=300, partners=partners, bonus=True)
    names = NAMES[language]
    game = Game(rules, random.Random(5), players=[Player(name) for name in names])
    game.deal()
    rng = random.Random(6)
    while game.turn < 9:
        game.apply(sensible_action(game, rng))
    game.apply(DRAW)
    return game


@pytest.mark.parametrize("language", ["el", "fr", "cs"])
def test_a_turn_and_a_hand_off_are_in_the_chosen_language(language: str) -> None:
    i18n.install(language)
    game = mid_round(language)
    view = game.view(game.mover)
    screen = "\n".join(lines(turn_screen(view)) + lines(handoff_screen(view)))
    notices = "\n".join(line for notice in start_notices(game, 5) for line in lines(notice))
    assert not ENGLISH.search(screen + notices), screen + notices
    word = {"el": "Στοίβα απόρριψης", "fr": "Défausse", "cs": "Odhazovací hromádka"}[language]
    assert word in screen
    assert max(cell_len(line) for line in screen.splitlines()) <= 80


@pytest.mark.parametrize("language", ["el", "cs"])
@pytest.mark.parametrize("partners", [False, True], ids=["players", "partners"])
def test_tables_stay_aligned_with_greek_and_czech_text(language: str, partners: bool) -> None:
    i18n.install(language)
    game = mid_round(language, partners)
    names = NAMES[language]
    play_sensibly(game, random.Random(7))
    assert game.is_over
    result = game.rounds[-1]
    winner = game.winner
    assert winner is not None
    view_game = mid_round(language, partners)
    rack = view_game.view(view_game.mover).rack
    tables: list[list[str]] = [
        lines(round_table(result, names, game.rules)),
        # As laid out, before the blanks its lines end in are trimmed.
        lines(standings(game.totals, names, game.rules, winner, len(game.rounds)).renderable
              )[:-1],
        lines(rack_table(rack, game.rules.deck_size, changed_slot=3, replaced=rack[2])),
        lines(racko_banner(result, names)),
        panel(lines(handoff_screen(view_game.view(view_game.mover)))),
    ]
    for table in tables:
        widths = {cell_len(line) for line in table}
        assert len(widths) == 1, "\n".join(table)
        assert widths.pop() <= 80
    # The names are in the table, with their own characters.
    assert all(name in "\n".join(tables[0]) for name in names)


@pytest.mark.parametrize("language", ["el", "cs"])
def test_the_simulation_table_stays_aligned_and_writes_numbers_locally(language: str) -> None:
    i18n.install(language)
    specs = ("hard", "easy")
    rules = Rules(2, target=100)
    tally = play_match(Match(specs, rules, 1), 2).tally
    table = lines(result_table(tally))
    assert len({cell_len(line) for line in table}) == 1, "\n".join(table)
    assert re.search(r"\d,\d%? ", "\n".join(table))  # a decimal comma
    assert {"el": "Αποτελέσματα ανά θέση", "cs": "Výsledky podle míst"}[language] in table[0]


@pytest.mark.parametrize("language", ["en", "el", "fr", "cs"])
def test_the_rules_fit_an_80_column_terminal_in_every_language(language: str) -> None:
    shown = lines(Markdown(rules_text(language)))
    assert max(cell_len(line.rstrip()) for line in shown) <= 80
    assert len(shown) > 100


def test_history_stats_and_replay_speak_the_language_with_aligned_tables(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("RACKO_HOME", str(tmp_path))
    # The history's table as laid out, before the blanks its lines end in are trimmed: by the
    # table's wrapper, and by a console that prints to no terminal.
    monkeypatch.setattr(history_module, "Trimmed", lambda renderable: renderable)
    monkeypatch.setattr(stats_module, "Trimmed", lambda renderable: renderable)
    monkeypatch.setattr(console_module, "EndsTrimmed", AsLaidOut)
    runner = CliRunner()
    made = runner.invoke(main, ["simulate", "--bots", "hard,easy", "--games", "2", "--seed", "3",
                                "--target", "100", "--history", "--record-dir",
                                str(tmp_path / "records")])
    assert made.exit_code == 0, made.output
    record = str(tmp_path / "records" / "game-00001.jsonl")
    for args, title in [
        (["--lang", "el", "history"], "Ολοκληρωμένα παιχνίδια, πρώτα όσα τελείωσαν τελευταία"),
        (["--lang", "cs", "stats"], "Hráči, nejvíc výher první"),
    ]:
        shown = runner.invoke(main, args).output
        assert title in shown and not ENGLISH.search(shown), shown
        assert len({cell_len(line) for line in shown.splitlines()}) == 1, shown
    summary = runner.invoke(main, ["--lang", "cs", "replay", record, "--summary"]).output
    assert "Konečné pořadí" in summary and "1. kolo — rozdávající:" in summary
    assert not ENGLISH.search(summary), summary
    # An unfinished game: the first lines of that record, saved where racko saves games.
    unfinished = records_dir() / "unfinished.jsonl"
    unfinished.parent.mkdir(parents=True, exist_ok=True)
    lines_kept = Path(record).read_text(encoding="utf-8").splitlines(keepends=True)[:6]
    unfinished.write_text("".join(lines_kept), encoding="utf-8")
    listed = runner.invoke(main, ["--lang", "fr", "resume", "--list"]).output
    assert "Parties inachevées, la dernière jouée d'abord" in listed
    assert "Joueurs et scores" in listed and not ENGLISH.search(listed), listed


@pytest.mark.usefixtures("reviews_once")
@pytest.mark.parametrize(
    ("language", "name_colon", "then"),
    [("fr", "Ann\u00a0:", "\u00a0; "), ("el", "Ann:", "· "), ("cs", "Ann:", "; ")],
)
def test_a_review_summary_punctuates_as_its_language_does(
    language: str, name_colon: str, then: str
) -> None:
    # Greek reads ";" as a question mark, French spaces its colon and semicolon.
    example = Path(__file__).parent.parent / "docs" / "review-example.jsonl"
    shown = CliRunner().invoke(main, ["--lang", language, "review", str(example)]).output
    [line] = [line for line in shown.splitlines() if line.startswith(name_colon)]
    assert then in line and ("; " in line) == (then.endswith("; "))


@pytest.mark.usefixtures("reviews_once")
@pytest.mark.parametrize("language", ["el", "fr", "cs"])
def test_a_review_s_moves_fit_80_columns_with_every_slot_number_shown(
    language: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    example = Path(__file__).parent.parent / "docs" / "review-example.jsonl"
    shown = CliRunner().invoke(main, ["--lang", language, "review", str(example)]).output
    lines = shown.splitlines()
    footnote = next(i for i, line in enumerate(lines) if line.startswith("*"))
    assert "review-example" in lines[0]  # the title first
    moves = lines[3:footnote]  # the moves table, below the title and the table's header
    assert len(moves) == 28
    assert all(cell_len(line) <= 80 and "…" not in line for line in moves), shown


@pytest.mark.parametrize(("language", "reason"), [
    ("en", "line 6: the top of the draw pile is"),
    ("fr", "ligne 6 : la carte du dessus de la pioche est"),
    ("cs", "řádek 6: navrchu balíčku je"),
    ("el", "γραμμή 6: η πάνω κάρτα της τράπουλας είναι"),
])
@pytest.mark.parametrize("command", ["replay", "review", "resume"])
def test_why_a_record_is_refused_is_said_in_the_players_language(
    home: Path, language: str, reason: str, command: str
) -> None:
    path = write_record(home / "games" / "bad.jsonl", unfinished_game(4, 3))
    lines = path.read_text().splitlines()
    turn = json.loads(lines[5])
    assert turn["type"] == "turn" and turn["source"] == "draw"
    lines[5] = json.dumps(turn | {"card": turn["card"] % 40 + 1})
    path.write_text("\n".join(lines) + "\n")
    before = path.read_bytes()
    said = racko("--lang", language, command, str(path))
    assert said.exit_code != 0
    assert reason in " ".join(said.output.split()), said.output
    assert path.read_bytes() == before


@pytest.mark.parametrize("width", [80, 60])
@pytest.mark.parametrize("language", ["en", "el", "fr", "cs"])
def test_the_simulation_table_keeps_every_bot_and_number_whole(language: str, width: int) -> None:
    # It printed "medi" and "um" on two lines in French at 80 columns; at 60 it dropped the
    # bots altogether and cut the rates ("63,6…") in every language.
    i18n.install(language)
    tally = play_match(Match(("hard", "easy", "medium"), Rules(3, target=100), 1), 2).tally
    table = lines(result_table(tally, width), width)
    assert max(cell_len(line) for line in table) <= width
    assert "…" not in "\n".join(table)
    rows = table[-3:]
    for row, seat in zip(rows, tally.seats(), strict=True):
        assert row.split()[:2] == [str(seat["seat"]), seat["bot"]], table
        assert i18n.percent(seat["round_win_rate"]) in row, table
    if width == 80:  # room for every heading's words whole
        heading = "\n".join(table[: table.index(next(t for t in table if t.startswith("─")))])
        for text in (i18n._("Round\nwins"), i18n._("95%\ninterval")):
            assert all(word in heading for word in text.split()), heading
