"""`racko review`: the costly turns and a summary that fits 80×24, JSON, one player, the privacy
of unfinished hot-seat games, and damaged files refused (exit 2, the file untouched)."""

from __future__ import annotations

import hashlib
import io
import json
import random
import re
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from builders import (
    SeededGame,
    dealer_draw_for,
    deck_for,
    finished_game,
    play_sensibly,
    record_lines,
    record_text,
    write_record,
)
from click.testing import CliRunner
from rich.cells import cell_len
from rich.console import Console
from test_store_records import DAMAGE, lines_of

from rack_o import DRAW, TAKE, Game, Player, Rules, dumps, i18n, place
from rack_o.actions import Phase, Source
from rack_o.cli import main
from rack_o.cli import review as review_cli
from rack_o.review import POINTS_PER_TURN, THRESHOLDS, Decision, Move, Play
from rack_o.store.records import load_record

NEARLY = [2, 5, 11, 14, 33, 21, 25, 29, 34, 38]
GAPPY = [3, 6, 30, 12, 15, 19, 23, 8, 31, 36]
OTHER = [40, 4, 22, 9, 17, 1, 35, 28, 13, 32]


def moves_listed(out: str) -> str:
    """The lines of a review's moves table: under its title, above its summary."""
    title, rest = out.split("\n", 1)
    assert title.startswith("Review of "), out  # the title comes first
    return rest.split("Per round:")[0]


def invoke(args: list[str]) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["review", *args])
    return result.exit_code, result.output


def planted(path: Path, kinds: tuple[str, str] = ("human", "bot:hard"),
            names: tuple[str, str] = ("Ann", "Bob")) -> Path:
    """A record of one round's start: Ann takes 18 into slot 9 where slot 5 went Rack-O (a
    blunder), Bob draws 7 into slot 2, then Ann takes Bob's 4 into slot 10 instead of
    drawing (a useless discard)."""
    players = [Player(names[0], kinds[0]), Player(names[1], kinds[1])]
    game = Game(Rules(2), players=players, dealer_draw=dealer_draw_for(1, 2))
    game.deal(deck_for([NEARLY, OTHER], 18, [7], dealer=1))
    for action in (TAKE, place(9), DRAW, place(2), TAKE, place(10)):
        game.apply(action)
    path.write_text("".join(dumps(line) for line in record_lines(game)), encoding="utf-8")
    return path


def hot_seat_game(seed: int, turns: int | None, target: int = 150) -> Game:
    """Two people at one keyboard, played sensibly: to the end, or for `turns` turns."""
    game = SeededGame(Rules(2, target=target), random.Random(seed),
                      players=[Player("Ann"), Player("Bob")], seed=seed)
    play_sensibly(game, random.Random(seed + 1), 0.1, turns=turns)
    return game


def test_a_planted_blunder_is_listed_with_expert_s_move_and_summed_up(home: Path) -> None:
    code, out = invoke([str(planted(home / "g.jsonl"))])
    assert code == 0, out
    row = next(line for line in out.splitlines() if "take 18 → slot 9" in line)
    assert "take 18 → slot 5" in row and "blunder" in row
    row = next(line for line in out.splitlines() if "take 4 → slot 10" in line)
    assert "draw" in row and "mistake" in row
    assert "Bob" not in moves_listed(out)  # a bot's turns are not reviewed
    assert "Ann: accuracy 0%; 0 inaccuracies, 1 mistake, 1 blunder." in out
    # Only the slot cost: the take was expert's choice too.
    said = re.search(r"Biggest mistake: round 1, turn 1, putting the 18 in slot 9 instead of "
                     r"slot 5: (\d+\.\d\d) turns\. The expert bot's move: take 18 → slot 5\.",
                     " ".join(out.split()))
    assert said is not None and float(said[1]) >= THRESHOLDS[2]  # a blunder's worth


def test_the_title_comes_first_then_the_moves_then_the_summary(home: Path) -> None:
    code, out = invoke([str(planted(home / "g.jsonl")), "--full"])
    assert code == 0, out
    lines = out.splitlines()
    assert lines[0] == "Review of g: turns by Ann; also at the table: Bob (hard)", out
    assert lines[1].split()[:2] == ["Round", "Turn"], out  # the moves table's heading
    assert out.index("take 18 → slot 9") < out.index("Per round:") < out.index("Ann: accuracy")


@pytest.mark.parametrize(("kinds", "options", "heading"), [
    # The Player column is left out when one player's turns are shown: the title says whose.
    (("human", "bot:hard"), [], "Review of g: turns by Ann; also at the table: Bob (hard)"),
    (("human", "human"), ["--player", "Bob"], "Review of g: turns by Bob; also at the table: Ann"),
    (("human", "bot:hard"), ["--player", "bob"],
     "Review of g: turns by Bob (hard); also at the table: Ann"),
    (("human", "bot:hard"), ["--all"], "Review of g: Ann, Bob (hard)"),
    (("human", "human"), [], "Review of g: Ann, Bob"),
    (("bot:easy", "bot:hard"), [], "Review of g: Ann (easy), Bob (hard)"),
], ids=["one person and a bot", "--player", "--player a bot", "--all", "two people", "bots"])
def test_the_title_says_whose_turns_are_shown(home: Path, kinds: tuple[str, str],
                                             options: list[str], heading: str) -> None:
    code, out = invoke([str(planted(home / "g.jsonl", kinds)), "--full", "--reveal", *options])
    assert code == 0, out
    assert out.splitlines()[0] == heading, out


def test_full_lists_the_good_turns_too_and_all_adds_the_bots(home: Path) -> None:
    path = planted(home / "g.jsonl")
    # --reveal: Bob's turns are in the round Ann is still playing (see the test below).
    _code, out = invoke([str(path), "--full", "--all", "--reveal"])
    moves = moves_listed(out)
    _code, text = invoke([str(path), "--json", "--all", "--reveal"])
    bob = [move for move in json.loads(text)["moves"] if move["seat"] == 1]
    assert [move["played"] for move in bob] == ["draw 7 to slot 2"]
    row = next(line for line in moves.splitlines() if "Bob" in line)
    assert "draw 7 → slot 2" in row and bob[0]["label"] in row
    good = 100 if bob[0]["label"] == "good" else 0
    assert f"Bob (hard): accuracy {good}%;" in out


@pytest.mark.parametrize("name", [
    "Alexandra Konstantinopoulou-Papadimitriou of Thessaloniki",  # longer than a screen shows
    'Zoë "the \\ quote"\tand a bell\a',  # control characters: spelt out on a screen
    "Bob\u202eevil\u200b",  # a right-to-left override and a zero-width space
    "Del\x7f and C1\x9b",  # what json.dumps leaves as it is
])
def test_the_json_names_each_player_as_the_record_writes_the_name(home: Path,
                                                                   name: str) -> None:
    # The JSON held the screen's form ("Alexandra Konstantinopoulou-Pap…", "Bob\\u202e…"),
    # which no script could match with the record or the history.
    path = planted(home / "g.jsonl", names=(name, "Bob"))
    code, text = invoke([str(path), "--json", "--all", "--reveal"])
    assert code == 0, text
    report = json.loads(text)
    assert [player["name"] for player in report["players"]] == [name, "Bob"]
    # Data, as written; but nothing in it acts on the terminal it is printed to.
    assert not any(char in text for char in "\a\t\x7f\x9b\u202e\u200b")
    assert {move["player"] for move in report["moves"] if move["seat"] == 0} == {name}


def test_names_with_markup_show_literally_in_every_table(home: Path) -> None:
    # A bot names itself as it likes, and "[/]" is a name a person may type.
    path = planted(home / "g.jsonl", names=("[/]", "[red]X[/red]"))
    code, out = invoke([str(path), "--full", "--all", "--reveal"])
    assert code == 0, out
    moves = moves_listed(out)
    assert any(line.split()[2:3] == ["[/]"] for line in moves.splitlines()), moves
    assert any("[red]X[/r…" in line for line in moves.splitlines()), moves  # cut to its cell
    heading = next(line for line in out.splitlines() if line.split()[:1] == ["Round"]
                   and "[/]" in line)
    assert "[red]X[/red]" in heading
    assert "Review of g: [/], [red]X[/red] (hard)" in out


def test_a_person_with_no_turn_of_their_own_gets_no_accuracy(home: Path) -> None:
    path = planted(home / "g.jsonl", kinds=("human", "human"))
    lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    for line in lines:
        if line["type"] == "turn" and line["seat"] == 1:
            line["left"] = True  # Bob's one turn: he left holding the card he drew
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    code, out = invoke([str(path), "--reveal"])
    assert code == 0, out
    assert "Bob: no turn to review." in out and "Bob: accuracy" not in out
    assert "Ann: accuracy 0%" in out


def before_bob_moves(lines: list[dict]) -> list[dict]:
    first = next(i for i, line in enumerate(lines) if line["type"] == "turn")
    return lines[: first + 1]  # Ann's first turn only


def bob_leaves(lines: list[dict]) -> list[dict]:
    return [{**line, "left": True} if line["type"] == "turn" and line["seat"] == 1 else line
            for line in lines]  # Bob's one turn: he left holding the card he drew


@pytest.mark.parametrize("cut", [before_bob_moves, bob_leaves],
                         ids=["before his first turn", "his one turn was leaving"])
def test_a_player_with_no_reviewed_turn_has_no_accuracy_or_mean_cost_null_in_json_a_dash_in_text(
    home: Path, cut: Callable[[list[dict]], list[dict]]
) -> None:
    path = planted(home / "g.jsonl")
    lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    path.write_text("".join(json.dumps(line) + "\n" for line in cut(lines)), encoding="utf-8")
    code, out = invoke([str(path), "--player", "Bob", "--json"])
    assert code == 0, out
    [bob] = json.loads(out)["players"]
    assert (bob["name"], bob["turns"], bob["accuracy"], bob["mean_cost"], bob["worst"]) == (
        "Bob", 0, None, None, None)
    code, out = invoke([str(path), "--all"])
    assert code == 0, out
    [row] = [line.split() for line in out.splitlines() if line.split()[:1] == ["1"]
             and "%" in line]  # round 1: Ann's share of good turns, and Bob's dash
    assert row[2:] == ["·", row[3], "–"] and row[1] == "0%"
    assert "Bob (hard): no turn to review." in out and "100%" not in out


def test_json_gives_every_move_and_the_tallies(home: Path) -> None:
    # --reveal: the round is still being played, and its points at stake are reviewed too.
    code, out = invoke([str(planted(home / "g.jsonl")), "--json", "--reveal"])
    assert code == 0, out
    data = json.loads(out)
    assert set(data) == {"id", "finished", "players", "moves"}
    assert data["finished"] is False
    first, second = data["moves"]
    for move in data["moves"]:
        assert {"round", "turn", "seat", "played", "best", "cost", "label"} <= set(move)
    assert (first["round"], first["turn"], first["seat"]) == (1, 1, 0)
    assert (first["played"], first["best"], first["label"]) == (
        "take 18 to slot 9", "take 18 to slot 5", "blunder")
    assert (second["turn"], second["played"], second["best"]) == (3, "take 4 to slot 10", "draw")
    [ann] = data["players"]
    assert (ann["name"], ann["seat"], ann["turns"], ann["accuracy"]) == ("Ann", 0, 2, 0.0)
    assert ann["labels"]["blunder"] == 1
    assert ann["worst"] == {"round": 1, "turn": 1, "cost": first["cost"]}
    assert [r["round"] for r in ann["rounds"]] == [1]


@pytest.mark.parametrize(("name", "seats"), [("ann", [0]), ("Bob", [1]), (" ANN ", [0])])
def test_player_reviews_one_person_or_bot_by_name(home: Path, name: str,
                                                  seats: list[int]) -> None:
    code, out = invoke([str(planted(home / "g.jsonl")), "--player", name, "--json", "--reveal"])
    assert code == 0, out
    data = json.loads(out)
    assert {move["seat"] for move in data["moves"]} == set(seats)
    assert [player["seat"] for player in data["players"]] == seats


LONG = "Abcdefghij Abcdefghij Abcdefghij Abc"
"""A name longer than a screen shows: "Abcdefghij Abcdefghij Abcdefghi…"."""


@pytest.mark.parametrize(("name", "seats"), [
    (LONG, [0]),  # as the record and --json write it
    (LONG + "d", [1]),
    ("Abcdefghij Abcdefghij Abcdefghi…", [0, 1]),  # as shown, both cut alike
], ids=["one long name", "its twin", "as shown"])
def test_player_takes_a_long_name_as_the_record_writes_it(home: Path, name: str,
                                                         seats: list[int]) -> None:
    path = planted(home / "g.jsonl", names=(LONG, LONG + "d"))
    code, out = invoke([str(path), "--player", name, "--json", "--reveal"])
    assert code == 0, out
    data = json.loads(out)
    assert [player["seat"] for player in data["players"]] == seats


def test_an_unknown_player_is_a_usage_error_naming_the_players(home: Path) -> None:
    code, out = invoke([str(planted(home / "g.jsonl")), "--player", "Zed"])
    assert code == 2
    # Worded as click words every other refused value: "Invalid value for '--player':".
    assert ("Invalid value for '--player': nobody called 'Zed' played this game; the players "
            "are Ann, Bob.") in " ".join(out.split())


def test_a_game_of_bots_alone_has_every_seat_reviewed(home: Path) -> None:
    path = planted(home / "g.jsonl", kinds=("bot:medium", "bot:hard"))
    data = json.loads(invoke([str(path), "--json"])[1])
    assert {move["seat"] for move in data["moves"]} == {0, 1}


def test_an_unfinished_hot_seat_game_is_reviewed_only_with_reveal(home: Path) -> None:
    path = write_record(home / "open.jsonl", hot_seat_game(3, turns=6))
    code, out = invoke([str(path)])
    assert code == 2
    assert "not finished and has 2 or more people" in out and "--reveal" in out
    assert "→" not in out  # no card shown
    code, out = invoke([str(path), "--reveal", "--json"])
    assert code == 0, out
    assert len(json.loads(out)["moves"]) == 6


def test_a_finished_hot_seat_game_needs_no_reveal(home: Path) -> None:
    # Only the game being over counts, not its length: a short one is reviewed sooner.
    path = write_record(home / "done.jsonl", hot_seat_game(4, turns=None, target=75))
    code, out = invoke([str(path), "--json"])
    assert code == 0, out
    data = json.loads(out)
    assert data["finished"] is True and [p["seat"] for p in data["players"]] == [0, 1]


@pytest.mark.usefixtures("reviews_once")
def test_a_saved_game_is_found_by_its_id(home: Path) -> None:
    write_record(home / "games" / "2026-11-29-2105-ann-bob.jsonl", finished_game(12))
    code, out = invoke(["2026-11-29-2105", "--player", "Ann"])
    assert code == 0, out
    assert "Review of 2026-11-29-2105-ann-bob: turns by Ann; also at the table: Bob (easy)" in out


def test_an_unknown_id_is_a_usage_error(home: Path) -> None:
    code, out = invoke(["nope"])
    assert code == 2 and 'No saved game "nope"' in out


@pytest.mark.parametrize(("name", "damage", "reason"), DAMAGE, ids=[d[0] for d in DAMAGE])
def test_a_damaged_file_exits_2_naming_file_line_and_reason_and_stays_unchanged(
    home: Path, name: str, damage: Callable[[list[str]], tuple[bytes, int | None]], reason: str
) -> None:
    data, line = damage(lines_of())
    path = home / "damaged.jsonl"
    path.write_bytes(data)
    before = hashlib.sha256(path.read_bytes()).hexdigest()
    for args in ([str(path)], [str(path), "--json"]):
        code, out = invoke(args)
        assert code == 2
        assert f"cannot review {path}" in out and reason in out
        if line is not None:
            assert f"line {line}:" in out
        assert "left exactly as it was" in out
    assert hashlib.sha256(path.read_bytes()).hexdigest() == before


def test_the_summary_of_a_whole_game_fits_80_by_24(home: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    path = write_record(home / "g.jsonl", finished_game(21, target=300))
    code, out = invoke([str(path), "--all"])
    assert code == 0, out
    summary = out[out.index("Per round:"):].splitlines()
    assert len(summary) <= 24 and max(len(line) for line in out.splitlines()) <= 80


def _move(seat: int, round_: int, turn: int, cost: float) -> Move:
    choose = Decision(Phase.CHOOSE, None, TAKE, DRAW, 5.0 + cost, 5.0)
    placed = Decision(Phase.PLACE, 33, place(9), place(9), 5.0, 5.0)
    return Move(round_, turn, seat, Play(Source.DISCARD, 33, 9), Play(Source.DRAW, None, None),
                choose, placed, POINTS_PER_TURN[2] * cost, cost)


def test_the_summary_of_four_players_and_fourteen_rounds_fits_80_by_24(home: Path) -> None:
    game = finished_game(5, players=4, target=75, names=["Annabelle", "Bartholomew",
                                                          "Cyrille", "Dimitra"])
    record = load_record(write_record(home / "four.jsonl", game))
    moves = [_move(seat, round_, 4 * k + seat + 1, cost=0.4 * k)
             for round_ in range(1, 15) for k in range(6) for seat in range(4)]
    console = Console(file=io.StringIO(), width=80, no_color=True)
    console.print(review_cli.summary(moves, [0, 1, 2, 3], record))
    lines = console.file.getvalue().splitlines()
    assert len(lines) <= 24 and max(len(line) for line in lines) <= 80
    shown = " ".join(console.file.getvalue().split())
    assert "Dimitra (easy): accuracy 17%; biggest mistake: round 1, turn 24, 2.00 turns." in shown


@pytest.mark.parametrize(("players", "rounds", "rows_say"), [
    (2, 28, "Per round: share of good turns · cost of the worst"),  # in two blocks
    (4, 27, "Per round: share of good turns"),  # two blocks, the worst's cost left out
    (4, 100, "Every 3 rounds: share of good turns"),  # the most rounds a game to 500 has
], ids=["2 players, 28 rounds", "4 players, 27 rounds", "4 players, 100 rounds"])
def test_the_summary_of_a_long_game_fits_80_by_24(home: Path, players: int, rounds: int,
                                                   rows_say: str) -> None:
    game = finished_game(5, players=players, target=75)
    record = load_record(write_record(home / "long.jsonl", game))
    moves = [_move(seat, round_, players * k + seat + 1, cost=0.4 * k)
             for round_ in range(1, rounds + 1) for k in range(3) for seat in range(players)]
    console = Console(file=io.StringIO(), width=80, no_color=True)
    console.print(review_cli.summary(moves, list(range(players)), record))
    text = console.file.getvalue()
    lines = text.splitlines()
    assert len(lines) <= 24 and max(len(line) for line in lines) <= 80, text
    assert lines[0].startswith(rows_say), text
    numbers = [int(cell) for line in lines[3:] for cell in re.findall(r"(?:^|\s)(\d+)(?:–\d+)?\s",
                                                                     line)]
    assert {1, rounds} <= set(numbers), text  # the first row and the last
    assert text.count(": accuracy") == players, text


def test_the_summary_of_no_turn_at_all_says_so(home: Path) -> None:
    record = load_record(write_record(home / "none.jsonl", finished_game(5)))
    console = Console(file=io.StringIO(), width=80, no_color=True)
    console.print(review_cli.summary([], [0], record))
    text = console.file.getvalue()
    assert text.startswith("Per round:"), text
    assert "no turn to review" in text, text
    assert not re.search(r"^\s*1\s", text, re.MULTILINE), text  # no round made up


def test_a_slow_review_shows_a_progress_bar_on_a_terminal_only(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(review_cli, "PROGRESS_AFTER", 0.0)
    moves = [_move(0, 1, turn, 0.0) for turn in range(1, 4)]
    terminal = Console(file=io.StringIO(), force_terminal=True, width=80)
    assert list(review_cli.with_progress(iter(moves), 3, terminal)) == moves
    assert "Reviewing" in terminal.file.getvalue()
    piped = Console(file=io.StringIO(), width=80)
    assert list(review_cli.with_progress(iter(moves), 3, piped)) == moves
    assert piped.file.getvalue() == ""


def test_the_progress_names_the_round_being_reviewed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(review_cli, "PROGRESS_AFTER", 0.0)
    moves = [_move(0, round_, turn, 0.0) for round_ in (1, 2, 3) for turn in (1, 3)]
    terminal = Console(file=io.StringIO(), force_terminal=True, width=80)
    assert list(review_cli.with_progress(iter(moves), 6, terminal, rounds=3)) == moves
    assert "Reviewing round 3 of 3" in terminal.file.getvalue()


class _Stream(io.StringIO):
    def __init__(self, tty: bool) -> None:
        super().__init__()
        self.tty = tty

    def isatty(self) -> bool:
        return self.tty


@pytest.mark.parametrize(("stdout", "stderr", "as_json", "shown"), [
    (True, True, False, True),     # read at a terminal: the progress on stderr
    (False, True, False, False),   # racko review … | less: nothing under the pager
    (True, False, False, False),   # stderr elsewhere: nobody sees it
    (True, True, True, False),     # --json: nothing but the JSON, wherever it goes
])
def test_progress_shows_only_when_the_review_is_read_at_a_terminal(
    monkeypatch: pytest.MonkeyPatch, stdout: bool, stderr: bool, as_json: bool, shown: bool,
) -> None:
    for name in ("FORCE_COLOR", "TTY_COMPATIBLE", "TTY_INTERACTIVE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr("sys.stdout", _Stream(stdout))
    monkeypatch.setattr("sys.stderr", _Stream(stderr))
    console = review_cli.progress_console(as_json)
    assert (console is not None) is shown
    if console is not None:
        assert console.file is sys.stderr


@pytest.mark.usefixtures("reviews_once")
def test_the_record_text_of_the_game_is_what_is_reviewed(home: Path) -> None:
    """A record written by racko's own writer and one written here review the same."""
    game = finished_game(9)
    first = write_record(home / "a.jsonl", game)
    second = home / "b.jsonl"
    second.write_text(record_text(game), encoding="utf-8")
    assert invoke([str(first), "--json"])[1].replace("\"a\"", "\"b\"") == invoke(
        [str(second), "--json"])[1]


LANGUAGES = ["en", "fr", "cs", "el"]
DECIMALS = re.compile(r"\d+(?:[.,]\d\d)?")


def _three_players_reviewed(home: Path, monkeypatch: pytest.MonkeyPatch, language: str,
                            columns: int) -> tuple[Path, str, list[str]]:
    """A finished three-player game's record, its review in `language` at `columns`, and the
    review's lines under the moves table's rule."""
    monkeypatch.setenv("COLUMNS", str(columns))
    path = write_record(home / "g.jsonl", finished_game(
        7, players=3, target=75, names=["Annabelle", "Bob", "Zoë"]))
    out = CliRunner().invoke(main, ["--lang", language, "review", str(path), "--all"]).output
    lines = out.splitlines()
    rule = next(at for at, line in enumerate(lines) if line.startswith("──"))
    return path, out, lines[rule + 1:]


def _numbers(play: str) -> list[str]:
    """The card and slot a --json play names: "take 18 to slot 9" → ["18", "9"]."""
    return re.findall(r"\d+", play)


@pytest.mark.usefixtures("reviews_once")
@pytest.mark.parametrize("language", LANGUAGES)
def test_at_60_columns_each_costly_turn_keeps_every_number_on_its_row(
    home: Path, monkeypatch: pytest.MonkeyPatch, language: str
) -> None:
    path, out, below = _three_players_reviewed(home, monkeypatch, language, 60)
    _code, text = invoke([str(path), "--all", "--json"])
    costly = [move for move in json.loads(text)["moves"] if move["label"] != "good"]
    rows = below[: len(costly)]
    assert len(costly) >= 5 and all(len(line) <= 60 and "…" not in line for line in rows), out
    for move, row in zip(costly, rows, strict=True):
        # Round, turn, the cards and slots played and the expert's, then the whole cost.
        numbers = DECIMALS.findall(row)
        assert numbers[:-1] == [str(move["round"]), str(move["turn"]), *_numbers(
            move["played"]), *_numbers(move["best"])], row
        assert abs(float(numbers[-1].replace(",", ".")) - move["cost"]) <= 0.051, row
        assert move["player"] in row


@pytest.mark.usefixtures("reviews_once")
@pytest.mark.parametrize("language", LANGUAGES)
def test_at_80_columns_the_columns_of_plays_stay_two_spaces_apart(
    home: Path, monkeypatch: pytest.MonkeyPatch, language: str
) -> None:
    # Translated, the short plays ("pioche 50 → 10") fit with two spaces between columns, but
    # came one space apart: "pioche 50 → 10 prend 3 → 1" read as one move, "→ 5 0,61" as 50,61.
    _path, out, below = _three_players_reviewed(home, monkeypatch, language, 80)
    rows = [line for line in below if "→" in line]
    assert len(rows) >= 5, out
    assert not any(re.search(r"→\s\d+\s\S", row) for row in rows), out


@pytest.mark.usefixtures("reviews_once")
@pytest.mark.parametrize("language", LANGUAGES)
def test_at_60_columns_the_summary_keeps_every_number_whole(
    home: Path, monkeypatch: pytest.MonkeyPatch, language: str
) -> None:
    monkeypatch.setenv("COLUMNS", "60")
    names = ["Annabelle-Marie", "Bartholomew", "Konstantinos", "Ἀλέξανδρος"]
    path = write_record(home / "four.jsonl", finished_game(5, players=4, target=75,
                                                           names=names))
    _code, text = invoke([str(path), "--all", "--json"])
    players = json.loads(text)["players"]
    out = CliRunner().invoke(main, ["--lang", language, "review", str(path), "--all"]).output
    summary = out.rsplit("\n\n", 1)[1].splitlines()
    assert all(cell_len(line) <= 60 and "…" not in line for line in summary), out
    rule = next(at for at, line in enumerate(summary) if line.startswith("──"))
    rounds = summary[rule + 1 : rule + 1 + len(players[0]["rounds"])]
    for number_, row in enumerate(rounds, start=1):
        shares = [str(round(100 * tallied["accuracy"])) for player in players
                  for tallied in player["rounds"] if tallied["round"] == number_]
        numbers = DECIMALS.findall(row)  # the round, then each player's share and cost
        assert [numbers[0], *numbers[1::2]] == [str(number_), *shares], row
        assert len(numbers) == 1 + 2 * len(players) and all(
            re.fullmatch(r"\d+[.,]\d\d", cost) for cost in numbers[2::2]), row


@pytest.mark.usefixtures("reviews_once")
@pytest.mark.parametrize("language", LANGUAGES)
def test_at_60_columns_the_biggest_mistake_keeps_each_move_and_number_with_its_word(
    home: Path, monkeypatch: pytest.MonkeyPatch, language: str
) -> None:
    # The sentence is too long for 60 columns: it wrapped inside "prend 18 → empl. 9" and
    # between "3.4" and "turns".
    monkeypatch.setenv("COLUMNS", "60")
    path = planted(home / "g.jsonl")
    out = CliRunner().invoke(main, ["--lang", language, "review", str(path)]).output
    summary = out.rsplit("\n\n", 1)[1].splitlines()
    with i18n.speaking(language):
        # Only the slot cost: the take was expert's choice too.
        played = i18n._("putting the {card} in slot {slot} instead of slot {best}").format(
            card=18, slot=9, best=5)
        best = review_cli.play_text(Play(Source.DISCARD, 18, 5))
        point = re.escape(review_cli.turns_text(0.0)[1])  # the decimal sign
    lines = summary[next(at for at, line in enumerate(summary) if line.startswith("Ann")):]
    assert len(lines) >= 3 and all(cell_len(line) <= 60 for line in lines), out
    joined = "\n".join(line.replace("\u00a0", " ") for line in lines)
    # The half that cost may wrap between its words; expert's move is whole on a line.
    assert played in " ".join(joined.split()) and best in joined, out
    assert re.search(rf"\d+{point}\d\d \w", joined), out  # the cost and its unit on one line
    for line in lines:
        # Nothing ends a line after a number or an arrow, nor starts one but the cost.
        assert not re.search(r"(\d|→)\s*$", line), out
        assert not re.match(r"\s*(→|\d+(?![.,\d]))", line), out


def test_help_gives_the_thresholds_of_the_labels() -> None:
    result = CliRunner().invoke(main, ["review", "--help"], terminal_width=80)
    said = " ".join(result.output.split())
    inaccuracy, mistake, blunder = THRESHOLDS
    assert (f"good, inaccuracy, mistake or blunder (from {inaccuracy:.1f}, {mistake:.1f} and "
            f"{blunder:.1f} turns lost)") in said
    assert "docs/" not in said  # an installed racko has no docs folder beside it


def test_a_record_with_no_turn_yet_says_there_is_nothing_to_review(home: Path) -> None:
    from builders import unfinished_game

    path = write_record(home / "new.jsonl", unfinished_game(3, 0, kinds=("human", "bot:easy")))
    code, out = invoke([str(path)])
    assert code == 0, out
    assert " ".join(out.split()) == "Nothing to review: no turn of Ann was played yet."


def test_turns_left_out_of_a_round_still_played_are_not_said_to_be_unplayed(home: Path) -> None:
    from builders import unfinished_game

    # A game of Ann's against a bot, the bot's first turn played in the round Ann is playing.
    game = next(game for seed in range(40)
                if (game := unfinished_game(seed, 1, kinds=("human", "bot:easy"))).mover == 0)
    path = write_record(home / "open.jsonl", game)
    code, out = invoke([str(path), "--all"])
    assert code == 0, out
    said = " ".join(out.split())
    assert said.startswith("Nothing to review yet. Round 1 is still being played: its turns by "
                           "the other players are left out"), said
    assert "was played yet" not in said


def test_a_player_without_a_costly_turn_is_told_every_turn_was_good(home: Path) -> None:
    from builders import unfinished_game

    # Two turns of a game of bots: Ann, the hard bot, plays hers (with these cards) as well as
    # expert would.
    path = write_record(home / "open.jsonl", unfinished_game(0, 2, kinds=("bot:hard", "bot:easy")))
    code, out = invoke([str(path), "--player", "Ann"])
    assert code == 0, out
    assert out.splitlines()[1] == "Every turn reviewed was good: --full lists them all."
    code, out = invoke([str(path), "--player", "Ann", "--full"])
    assert "Every turn reviewed was good" not in out and "good" in moves_listed(out)


def test_long_names_are_cut_before_a_play_is_broken_at_45_columns(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "45")
    names = ("Alexandra-Konsta", "Bartholomew-Long")
    path = write_record(home / "bots.jsonl",
                        finished_game(6, names=names, kinds=("bot:easy", "bot:easy")))
    code, out = invoke([str(path)])
    assert code == 0, out
    rows = [line for line in out.splitlines() if re.match(r" *\d+:\d+ ", line)]
    assert rows and all("Alexa…" in row or "Barth…" in row for row in rows), rows
    # A play that must wrap never does inside "37 → 10" ("take 37 →" / "10" read as a move to
    # no slot, then a slot alone).
    assert not [line for line in out.splitlines() if re.fullmatch(r" +\d+", line)], out
    assert not [line for line in out.splitlines() if line.rstrip().endswith("→")], out
    assert all(cell_len(line) <= 45 for line in out.splitlines())


@pytest.mark.parametrize("language", ["el", "fr", "cs"])
def test_a_play_that_wraps_at_45_columns_keeps_its_card_arrow_and_slot_together(
    home: Path, monkeypatch: pytest.MonkeyPatch, language: str
) -> None:
    # Greek plays are long ("παίρνει 21 → 4"): most wrapped, many at the arrow.
    monkeypatch.setenv("COLUMNS", "45")
    path = write_record(home / "bots.jsonl",
                        finished_game(6, names=("Ann", "Bob"), kinds=("bot:easy", "bot:easy")))
    result = CliRunner().invoke(main, ["--lang", language, "review", str(path), "--full"])
    assert result.exit_code == 0, result.output
    out = result.output
    lines = out.splitlines()
    assert not [line for line in lines if line.rstrip().endswith("→")], out
    moves = [line for line in lines if "→" in line]
    assert moves and all(re.search(r"\d+\s→\s\S", line) for line in moves), out


def test_a_biggest_mistake_whose_cost_is_points_at_stake_is_starred_and_explained(
    home: Path,
) -> None:
    # "0.41 turns." for a turn that lost no turn at all: its cost was the card handed to a
    # rival about to go out (starred in the moves table, not in the summary).
    result = CliRunner().invoke(main, ["simulate", "--bots", "hard,easy", "--games", "1",
                                       "--seed", "5", "--target", "200", "--record-dir",
                                       str(home / "sim")])
    assert result.exit_code == 0, result.output
    code, out = invoke([str(home / "sim" / "game-00001.jsonl")])
    assert code == 0, out
    said = " ".join(out.split())
    assert re.search(r"Biggest mistake: round \d+, turn \d+, [^:]+: \d+\.\d+\* turns\.", said), said
    assert said.endswith("* A rival may go out before this player's next turn: points at "
                         "stake count.")


@pytest.mark.parametrize("rule", [[], ["--run-of-three"]], ids=["plain", "run of three"])
def test_under_the_run_of_three_rule_the_summary_says_its_costs_are_rougher(
    home: Path, rule: list[str]
) -> None:
    # There the estimate is 0.84 turns off on average, against 0.11 (docs/review.md).
    result = CliRunner().invoke(main, ["simulate", "--bots", "hard,easy", "--games", "1",
                                       "--seed", "3", "--target", "50", *rule,
                                       "--record-dir", str(home / "sim")])
    assert result.exit_code == 0, result.output
    code, out = invoke([str(home / "sim" / "game-00001.jsonl")])
    assert code == 0, out
    note = ("Under the run-of-three rule the turns to go are rougher estimates: read a single "
            "turn's cost with care.")
    assert (note in " ".join(out.split())) is bool(rule)
