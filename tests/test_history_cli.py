"""`racko history` and `racko stats` through CliRunner, with a temporary RACKO_HOME."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from builders import finished_game, header_for, unfinished_game, with_header, write_record
from click.testing import CliRunner
from rich.cells import cell_len

from rack_o.cli import history as history_module
from rack_o.cli import main
from rack_o.cli.history import BLOCK, local_time
from rack_o.store.history import record_game


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.output


@pytest.mark.parametrize("command", ["history", "stats"])
def test_an_empty_history_says_how_to_start(home: Path, command: str) -> None:
    code, out = run(command)
    assert code == 0
    assert "No finished games" in out and "racko play" in out
    assert run(command, "--json") == (0, "[]\n")


@pytest.mark.parametrize("command", ["history", "stats"])
@pytest.mark.parametrize(("saved", "said"), [
    (1, "No finished games yet; 1 game is unfinished. Carry it on with: racko resume"),
    (2, "No finished games yet; 2 games are unfinished. Carry one on with: racko resume"),
])
def test_an_empty_history_names_the_games_stopped_part_way(
        home: Path, saved: int, said: str, command: str) -> None:
    """Someone who stopped a game looks for it in the history or the stats: they are sent to
    resume."""
    for seed in range(saved):
        write_record(home / "games" / f"g{seed}.jsonl", unfinished_game(seed, turns=5))
    code, out = run(command)
    assert (code, out) == (0, said + "\n")


def test_history_lists_date_players_winner_scores_rounds_and_id(home: Path) -> None:
    game = finished_game(4, players=3)
    record = home / "games" / "2026-11-29-2105-ann-bob-cy.jsonl"
    record_game(game, header_for(game), record=record)
    code, out = run("history")
    assert code == 0, out
    lines = out.splitlines()
    at = next(i for i, line in enumerate(lines) if "Ann" in line)
    row, below = lines[at], lines[at + 1]
    # Seats 2 and 3 of these games are bots, starred.
    scores = f"Ann {game.totals[0]} · Bob* {game.totals[1]} · Cy* {game.totals[2]}"
    winner = ["Ann", "Bob", "Cy"][game.winner]
    assert row.split()[0] == local_time("2026-11-29T21:05:00Z").split()[0]
    assert row.split(scores)[1].split() == [winner, str(len(game.rounds))]
    assert "ID 2026-11-29-2105-ann-bob-cy" in below


PEOPLE = ("human", "human")
WITH_A_BOT = ("human", "bot:easy")
LEGEND = "* a computer player."
HOW_TO_REPLAY = "Step through a game with: racko replay ID"


@pytest.mark.parametrize("block", [BLOCK, 2])  # one table, or streamed a block at a time
@pytest.mark.parametrize(("seated", "legend"), [
    ([PEOPLE] * 5, False),
    ([PEOPLE] * 4 + [WITH_A_BOT], True),  # the bot in the newest game, listed first
    ([WITH_A_BOT] + [PEOPLE] * 4, True),  # in the oldest, listed last (in the last block)
    ([WITH_A_BOT] * 5, True),
])
def test_history_explains_the_star_only_when_a_listed_game_had_a_computer_player(
    home: Path, monkeypatch: pytest.MonkeyPatch, block: int, seated: list[tuple[str, str]],
    legend: bool,
) -> None:
    monkeypatch.setattr(history_module, "BLOCK", block)
    for seed, kinds in enumerate(seated):
        game = finished_game(seed, target=75, kinds=kinds)
        game.started = f"2026-11-29T21:0{seed}:00Z"
        record_game(game, header_for(game))
    code, out = run("history")
    assert code == 0, out
    footnote = out.rstrip().splitlines()[-1].strip()
    assert footnote == (f"{LEGEND}  {HOW_TO_REPLAY}" if legend else HOW_TO_REPLAY)
    assert ("*" in out) is legend


def test_history_json_and_filters(home: Path) -> None:
    games = [finished_game(seed, players=2 + seed % 2) for seed in range(4)]
    for game in games:
        record_game(game, header_for(game))
    code, out = run("history", "--json")
    rows = json.loads(out)
    assert code == 0 and len(rows) == 4
    newest = rows[0]
    assert newest["players"] == [p.name for p in games[-1].players]
    assert newest["totals"] == list(games[-1].totals)
    assert newest["winner"] == newest["players"][games[-1].winner]
    assert newest["rounds"] == len(games[-1].rounds)
    assert len(json.loads(run("history", "--json", "--limit", "2")[1])) == 2
    with_cy = json.loads(run("history", "--json", "--player", "Cy")[1])
    assert len(with_cy) == 2 and all("Cy" in row["players"] for row in with_cy)
    for typed in ("cy", "CY", " Cy "):  # as `racko review --player` matches a name
        assert json.loads(run("history", "--json", "--player", typed)[1]) == with_cy


@pytest.mark.slow
def test_stats_table_and_json_agree_with_the_games(home: Path) -> None:
    games = [finished_game(seed) for seed in range(5)]
    for game in games:
        record_game(game, header_for(game))
    code, out = run("stats", "--json")
    assert code == 0
    stats = {row["name"]: row for row in json.loads(out)}
    for seat, name in enumerate(["Ann", "Bob"]):
        wins = sum(game.winner == seat for game in games)
        rackos = sum(r.racko == seat for game in games for r in game.rounds)
        best = max(r.points[seat] for game in games for r in game.rounds)
        assert stats[name]["games"] == 5
        assert stats[name]["wins"] == wins
        assert stats[name]["rackos"] == rackos
        assert stats[name]["best_round"] == best
    assert stats["Bob"]["kinds"] == ["bot:easy"]
    code, out = run("stats")
    assert code == 0
    ann = next(line for line in out.splitlines() if line.strip().startswith("Ann"))
    assert ann.split()[1:5] == [
        "person", "5", str(stats["Ann"]["wins"]), f"{stats['Ann']['win_rate']:.0%}"
    ]


def test_stats_counts_a_player_as_history_player_finds_them(home: Path) -> None:
    # "history --player Ann" listed 4 games (the "ann" one too) where stats said Ann played
    # 3 and listed "ann" apart: one rule finds a player everywhere, case and accents aside.
    spellings = ["Ann", "ann", "Ann", "Zoë", "zoe"]
    games = [finished_game(seed, names=[name, "Bob"]) for seed, name in enumerate(spellings)]
    for game in games:
        record_game(game, header_for(game))
    code, out = run("stats", "--json")
    assert code == 0, out
    stats = {row["name"]: row for row in json.loads(out)}
    assert set(stats) == {"Ann", "Zoë", "Bob"}  # the spelling of most of their games
    listed = json.loads(run("history", "--json", "--player", "Ann")[1])
    assert stats["Ann"]["games"] == len(listed) == 3
    assert stats["Zoë"]["games"] == 2 and stats["Bob"]["games"] == 5
    ann = [game for name, game in zip(spellings, games, strict=True) if name.lower() == "ann"]
    rounds = [r for game in ann for r in game.rounds]
    assert stats["Ann"]["wins"] == sum(game.winner == 0 for game in ann)
    assert stats["Ann"]["rackos"] == sum(r.racko == 0 for r in rounds)
    assert stats["Ann"]["mean_round_points"] == round(
        sum(r.points[0] for r in rounds) / len(rounds), 2)
    assert stats["Ann"]["best_round"] == max(r.points[0] for r in rounds)


@pytest.mark.parametrize(("typed", "said"), [
    ("Zoe Anne", "No finished games with Zoe Anne. Did you mean 'Zoë Ann'?"),
    ("bob smth", "No finished games with bob smth. Did you mean 'Bob Smith'?"),
    ("Xavier", "No finished games with Xavier yet. Play one with: racko play"),
])
def test_a_player_name_typed_wrong_gets_the_names_it_may_have_meant(
    home: Path, typed: str, said: str
) -> None:
    # A slip got an invitation to play, as if the player had never played.
    for seed, names in enumerate([["Zoë Ann", "Bob Smith"], ["Ann", "Bob Smith"]]):
        game = finished_game(seed, names=names)
        record_game(game, header_for(game))
    code, out = run("history", "--player", typed)
    assert code == 0, out
    assert " ".join(out.split()) == said


@pytest.mark.parametrize("command", ["history", "stats"])
def test_an_unreadable_history_is_an_error_not_a_traceback(home: Path, command: str) -> None:
    (home / "history.sqlite3").write_text("not a database\n" * 200)
    result = CliRunner().invoke(main, [command])
    assert result.exit_code == 1
    assert "cannot be opened" in result.output and "history.sqlite3" in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


BOT_GAME = ["play", "--players", "2", "--bots", "easy,medium", "--target", "75", "--fast",
            "--seed", "5"]


@pytest.mark.parametrize(("what", "said"), [
    ("a folder", "is not a regular file (a folder, a device or a pipe)"),
    ("a text file", "cannot be opened: file is not a database"),
])
def test_a_game_plays_on_when_the_history_cannot_be_opened_and_says_so(
    home: Path, what: str, said: str
) -> None:
    path = home / "history.sqlite3"  # whatever it is, it is not a database
    if what == "a folder":
        path.mkdir()
    else:
        path.write_text("not a database\n" * 200)
    result = CliRunner().invoke(main, BOT_GAME)
    assert result.exit_code == 0, result.output
    out = " ".join(result.output.split())
    assert said in out and "kept and added to the history later" in out
    assert "Final standings" in out
    [record] = (home / "games").glob("*.jsonl")
    assert '"game_end"' in record.read_text()


def test_a_game_plays_on_unsaved_when_the_data_directory_cannot_be_written(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = home / "a-file"
    blocker.write_text("")
    monkeypatch.setenv("RACKO_HOME", str(blocker))
    result = CliRunner().invoke(main, BOT_GAME)
    assert result.exit_code == 0, result.output
    out = " ".join(result.output.split())
    assert "This game is not being saved" in out
    assert "Final standings" in out
    assert blocker.read_text() == ""


@pytest.mark.slow
def test_a_finished_game_goes_into_history_once_with_its_record(home: Path) -> None:
    result = CliRunner().invoke(main, BOT_GAME)
    assert result.exit_code == 0, result.output
    [record] = (home / "games").glob("*.jsonl")
    rows = json.loads(run("history", "--json")[1])
    assert [row["record"] for row in rows] == [str(record.resolve())]
    assert rows[0]["source"] == "play"


def test_simulated_games_stay_out_of_history_unless_asked(home: Path) -> None:
    simulate = ["simulate", "--players", "2", "--bots", "easy,hard", "--games", "3",
                "--seed", "1", "--target", "75"]
    assert CliRunner().invoke(main, simulate).exit_code == 0
    assert run("history", "--json") == (0, "[]\n")
    assert CliRunner().invoke(main, [*simulate, "--history"]).exit_code == 0
    rows = json.loads(run("history", "--json")[1])
    assert len(rows) == 3 and {row["source"] for row in rows} == {"simulate"}


MARKUP_NAMES = ["[/]", "[red]X[/red]"]
"""Names a person may type that rich would read as markup."""


@pytest.mark.parametrize("command", ["history", "stats"])
def test_names_that_look_like_markup_are_shown_as_typed(home: Path, command: str) -> None:
    for seed in (3, 4):  # each name wins one of them
        record_game(*with_header(finished_game(seed, names=MARKUP_NAMES)))
    code, out = run(command)
    assert code == 0, out
    # history: each name in both rows' scores, and once as the winner; stats: one row each.
    shown = 3 if command == "history" else 1
    assert out.count("[/]") == out.count("[red]X[/red]") == shown


def test_a_long_id_is_never_folded_at_80_columns(home: Path, monkeypatch: pytest.MonkeyPatch
                                                ) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    record_id = "2026-11-30-0111-annabelle-bartholomew-cy-2"  # the longest an ID gets
    names = ["Annabelle", "Bartholomew", "Cyrus", "Dorothea"]
    record_game(*with_header(finished_game(4, players=4, names=names)),
                record=home / "games" / f"{record_id}.jsonl")
    code, out = run("history")
    assert code == 0, out
    assert record_id in out
    assert max(len(line) for line in out.splitlines()) <= 80


LONGEST_ID = "2026-11-30-0111-annabelle-bartholomew-cy-2"
"""The longest an ID gets."""
ANSI = re.compile(r"\x1b\[[0-9;]*m")


@pytest.mark.parametrize("columns", [45, 60, 80, 100])
@pytest.mark.parametrize("language", ["en", "fr", "el"])
@pytest.mark.parametrize("colour", [False, True])
@pytest.mark.parametrize("block", [BLOCK, 2])  # one table, or streamed a block at a time
def test_every_id_in_the_history_stays_whole_on_one_line(
    home: Path, monkeypatch: pytest.MonkeyPatch, columns: int, language: str, colour: bool,
    block: int,
) -> None:
    monkeypatch.setenv("COLUMNS", str(columns))
    monkeypatch.setattr(history_module, "BLOCK", block)
    if colour:
        monkeypatch.delenv("NO_COLOR")
        monkeypatch.setenv("FORCE_COLOR", "1")
    names = ["Annabelle", "Bartholomew", "Cyrus", "Dorothea"]
    ids = [LONGEST_ID, "2026-11-30-0112-ann-bob", "2026-11-30-0113-cyrus-dorothea"]
    for seed, record_id in enumerate(ids):
        game = finished_game(seed, players=4, names=names)
        game.started = f"2026-11-30T01:1{seed}:00Z"
        record_game(*with_header(game), record=home / "games" / f"{record_id}.jsonl")
    code, out = run("--lang", language, "history")
    assert code == 0, out
    lines = ANSI.sub("", out).splitlines()
    assert max(cell_len(line) for line in lines) <= columns, out
    for record_id in ids:  # each whole on a line, once, after its label (if both fit)
        [line] = [line for line in lines if record_id in line]
        labelled = re.search(rf"(^| )\S+ {record_id}$", line.rstrip())
        assert labelled or cell_len(f"ID {record_id}") > columns and line == record_id, line
    assert "racko replay ID" in lines[-1]


@pytest.mark.parametrize("language", ["en", "fr", "el", "cs"])
@pytest.mark.parametrize("block", [BLOCK, 2])  # printed at once, or a block at a time
def test_at_45_columns_each_game_is_a_block_that_keeps_dates_and_names_whole(
    home: Path, monkeypatch: pytest.MonkeyPatch, language: str, block: int,
) -> None:
    # Columns cut the date ("2026-12-…") and broke 16-letter names nine letters a line.
    monkeypatch.setenv("COLUMNS", "45")
    monkeypatch.setattr(history_module, "BLOCK", block)
    names = ["Alexandrinakosta", "Bartholomew Fitz", "Cy"]
    games = []
    for seed in range(3):
        game = finished_game(seed, players=3, names=names)
        game.started = f"2026-11-30T01:1{seed}:00Z"
        record_game(*with_header(game), record=home / "games" / f"2026-11-30-011{seed}-a.jsonl")
        games.append(game)
    code, out = run("--lang", language, "history")
    assert code == 0, out
    lines = out.splitlines()
    assert max(cell_len(line) for line in lines) <= 45, out
    for seed, game in enumerate(games):
        assert local_time(game.started) in out, out  # the day and the time, on one line
        scores = [f"{name}{'*' if seat else ''} {total}"
                  for seat, (name, total) in enumerate(zip(names, game.totals, strict=True))]
        assert all(score in out for score in scores), out
        assert f"2026-11-30-011{seed}-a" in out
    for seat, name in enumerate(names):  # never broken: in every game's scores, and as winner
        wins = sum(game.winner == seat for game in games)
        assert out.count(name) == len(games) + wins, out
    assert "racko replay ID" in lines[-1]


@pytest.mark.parametrize("language", ["en", "fr", "el", "cs"])
def test_at_45_columns_short_names_get_blocks_too_each_id_whole_on_its_line(
    home: Path, monkeypatch: pytest.MonkeyPatch, language: str,
) -> None:
    # Short names fit the columns, but not an ID beside its time: those IDs went to the
    # left edge, the others stayed beside their times, and the rows read unevenly.
    monkeypatch.setenv("COLUMNS", "45")
    ids = ["2026-11-30-0110-ann-bob-smith-hard", "2026-11-30-0111-a"]
    for seed, ident in enumerate(ids):
        game = finished_game(seed, players=3, names=["Ann", "Bob Smith", "Hard"])
        record_game(*with_header(game), record=home / "games" / f"{ident}.jsonl")
    code, out = run("--lang", language, "history")
    assert code == 0, out
    lines = out.splitlines()
    assert max(cell_len(line) for line in lines) <= 45, out
    assert not any(line.startswith("─") for line in lines), out  # blocks, no table
    for ident in ids:
        line = next(line for line in lines if ident in line)
        assert line.endswith(ident) and not line.startswith(" "), out
    # The footnote's sentences each on a line of their own, no word left alone ("with:").
    footnote = lines[len(lines) - lines[::-1].index(""):]
    assert footnote[-1] == "racko replay ID" and all(len(line.split()) > 1 for line in footnote)


def test_an_id_exactly_too_wide_for_its_column_with_its_label_is_never_split(
    home: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The ID alone fitted the scores' column at 65 columns, "ID " and the ID did not: the
    # ID went to the next line.
    monkeypatch.setenv("COLUMNS", "65")
    ident = "2026-11-30-0110-ann-bob-cy-and-more"  # 35 letters, 38 with "ID ": the column 37
    game = finished_game(0, players=3, names=["Ann", "Bob", "Cy"])
    record_game(*with_header(game), record=home / "games" / f"{ident}.jsonl")
    code, out = run("history")
    assert code == 0, out
    assert f"ID {ident}" in out, out


@pytest.mark.parametrize("columns", [45, 50, 60, 65, 70, 80])
@pytest.mark.parametrize("language", ["en", "fr", "el", "cs"])
def test_stats_never_breaks_a_name(
    home: Path, monkeypatch: pytest.MonkeyPatch, columns: int, language: str,
) -> None:
    # A 16-letter name was folded eight letters a line to keep the columns side by side; a
    # name of two words wrapped between them read as two rows ("Bartholomew" and "Fitz").
    monkeypatch.setenv("COLUMNS", str(columns))
    names = ["Alexandrinakosta", "Bartholomew Fitz", "Cy"]
    for seed in range(2):
        record_game(*with_header(finished_game(seed, players=3, names=names)))
    code, out = run("--lang", language, "stats")
    assert code == 0, out
    assert max(cell_len(line) for line in out.splitlines()) <= columns, out
    for name in names:
        assert out.count(name) == 1, out  # each player's row, its name whole on one line


@pytest.mark.parametrize("language", ["en", "cs"])
def test_stats_never_wraps_a_name_of_two_words_under_its_row(
    home: Path, monkeypatch: pytest.MonkeyPatch, language: str,
) -> None:
    # At 45 columns "Bob Smith" went "Bob" on its row and "Smith" under it, where the next
    # row's name goes: with no colour to tell, two players called Bob.
    monkeypatch.setenv("COLUMNS", "45")
    record_game(*with_header(finished_game(2, players=3, names=["Ann", "Bo", "Cy"])))
    record_game(*with_header(finished_game(3, names=["Bob Smith", "Dee"],
                                           kinds=("human", "bot:medium"))))
    code, out = run("--lang", language, "stats")
    assert code == 0, out
    assert max(cell_len(line) for line in out.splitlines()) <= 45, out
    assert "Bob Smith" in out, out


@pytest.mark.parametrize("limit", ["9223372036854775808", "1000001", "0"])
def test_history_limit_out_of_range_is_a_usage_error(home: Path, limit: str) -> None:
    result = CliRunner().invoke(main, ["history", "--limit", limit])
    assert result.exit_code == 2
    assert "Invalid value for '--limit'" in result.output
    assert "Traceback" not in result.output


@pytest.mark.parametrize("columns", [50, 60, 80])
@pytest.mark.parametrize("language", ["en", "fr", "el", "cs"])
def test_a_score_never_leaves_its_player_nor_the_command_its_line(
    home: Path, monkeypatch: pytest.MonkeyPatch, columns: int, language: str,
) -> None:
    # Four long names: the scores' column holds two or three of them a line, not all four.
    monkeypatch.setenv("COLUMNS", str(columns))
    names = ["Annabelle", "Bartholomew", "Cyrus", "Dorothea"]
    game = finished_game(2, players=4, names=names)
    record_game(*with_header(game), record=home / "games" / "2026-11-30-0112-ann-bob.jsonl")
    code, out = run("--lang", language, "history")
    assert code == 0, out
    # Annabelle's score comes first, before any winner's column; seats 2-4 are bots, and a
    # starred name is only ever in the scores' column: each is followed by its score.
    assert re.search(r"\bAnnabelle \d", out), out
    for name in names[1:]:
        after = re.findall(rf"\b{name}\*(..)", out)
        assert after and all(re.fullmatch(r" \d", two) for two in after), out
    assert "racko replay ID" in out.rstrip().splitlines()[-1], out


@pytest.mark.parametrize("columns", [60, 70, 100])
@pytest.mark.parametrize("language", ["en", "fr", "el", "cs"])
def test_the_command_under_a_narrow_table_stays_whole(
    home: Path, monkeypatch: pytest.MonkeyPatch, columns: int, language: str,
) -> None:
    # Short names make a table narrower than the screen: its caption wraps at the table's
    # width, where Czech broke "racko" from "replay ID".
    monkeypatch.setenv("COLUMNS", str(columns))
    game = finished_game(2, players=2, names=["Al", "Bo"])
    record_game(*with_header(game), record=home / "games" / "2026-11-30-0112-al-bo.jsonl")
    code, out = run("--lang", language, "history")
    assert code == 0, out
    assert "racko replay ID" in out.rstrip().splitlines()[-1], out


@pytest.mark.parametrize(("names", "kinds", "sides"), [
    # A person and a computer player of the same name: only the computer player is starred.
    (["Hard", "Hard"], ["human", "bot:hard"], ["Hard", "Hard*"]),
    # A name holding " & " in a partners game stays one player.
    (["Ann", "Tom & Jerry", "Cy", "Di"], ["human", "bot:easy", "human", "human"],
     ["Ann & Cy", "Tom & Jerry* & Di"]),
])
def test_each_seat_is_starred_by_its_own_kind_not_by_its_name(
    home: Path, names: list[str], kinds: list[str], sides: list[str]
) -> None:
    game = finished_game(4, players=len(names), names=names, kinds=kinds,
                         partners=len(names) == 4)
    record_game(*with_header(game))
    code, out = run("history")
    assert code == 0, out
    said = " ".join(out.split())
    assert " · ".join(f"{side} {total}" for side, total in zip(sides, game.totals,
                                                               strict=True)) in said
