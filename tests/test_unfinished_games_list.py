"""`racko resume --list`: the star that marks a computer player is explained when one is
listed; a damaged record among many is named, the others listed."""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable
from pathlib import Path

import pytest
from builders import record_text, unfinished_game, write_record
from clirun import assert_exited, flat, racko, squashed

LEGEND = "* a computer player"


def test_resume_list_explains_the_star_only_when_a_bot_is_listed(home: Path) -> None:
    games = home / "games"
    people = unfinished_game(9, turns=6, kinds=("human", "human"))
    write_record(games / "2026-11-29-2105-ann-bob.jsonl", people)
    alone = racko("resume", "--list")
    assert_exited(alone, 0)
    assert "Bob 0" in alone.output and "*" not in alone.output
    write_record(games / "2026-11-29-2106-ann-bob.jsonl", unfinished_game(9, turns=6))
    listed = racko("resume", "--list")
    assert_exited(listed, 0)
    assert "Bob* 0" in listed.output
    assert listed.output.rstrip().splitlines()[-2].strip() == LEGEND


THREE = (("Player 1", "human"), ("Expert", "bot:expert"), ("Hard", "bot:hard"))
GREEK = (("Παίκτης 1", "human"), ("Expert", "bot:expert"), ("Hard", "bot:hard"))
PARTNERS = (("Annabelle-Marie", "human"), ("Bartholomew-Max", "bot:hard"),
            ("Christabel-Rose", "human"), ("Demetrius-Alexa", "bot:easy"))


# Each table: the games listed (ID, players), and each piece of the scores that must stay on
# one line, with how many rows show it. Round 1 is under way: every score is 0, a team's
# with its last player.
TABLES = {
    "three players": (
        {"2026-12-01-0431-player-1-expert-hard-3": THREE,
         "2026-12-01-0432-paiktis-1-expert-hard": GREEK},
        # A name that ends in a number is set off from its score by a colon, and so is every
        # other score of its line.
        {"Player 1{colon} 0": 1, "Παίκτης 1{colon} 0": 1, "Expert*{colon} 0": 2,
         "Hard*{colon} 0": 2},
    ),
    "partners": (
        {"2026-12-01-0433-annabelle-marie-barthol": PARTNERS},
        {"Annabelle-Marie &": 1, "Christabel-Rose 0": 1, "Bartholomew-Max* &": 1,
         "Demetrius-Alexa* 0": 1},
    ),
}


@pytest.mark.parametrize("language", ["en", "el", "fr", "cs"])
@pytest.mark.parametrize("columns", ["60", "80", "100"])
@pytest.mark.parametrize("table", TABLES)
def test_resume_list_keeps_each_score_on_the_line_of_its_name(
    home: Path, monkeypatch: pytest.MonkeyPatch, table: str, columns: str, language: str
) -> None:
    monkeypatch.setenv("COLUMNS", columns)
    seats, kept_whole = TABLES[table]
    for n, (game_id, players) in enumerate(seats.items()):
        names, kinds = zip(*players, strict=True)
        game = unfinished_game(n, turns=5, players=len(names), names=names, kinds=kinds,
                               partners=len(names) == 4)
        write_record(home / "games" / f"{game_id}.jsonl", game)
    listed = racko("--lang", language, "resume", "--list")
    assert_exited(listed, 0)
    lines = listed.output.splitlines()
    assert all(len(line) <= int(columns) for line in lines)
    for game_id in seats:  # whole, to be copied into racko resume ID
        assert sum(game_id in line for line in lines) == 1, listed.output
    colon = "\u00a0:" if language == "fr" else ":"
    for piece, rows in kept_whole.items():
        piece = piece.format(colon=colon)
        assert sum(piece in line for line in lines) == rows, listed.output


@pytest.mark.parametrize(("games", "said"), [
    (1, "Carry it on with: racko resume"),
    (3, "Carry one on with: racko resume ID (or run racko resume and type its number)"),
])
def test_resume_list_ends_saying_how_to_carry_a_game_on(
    home: Path, monkeypatch: pytest.MonkeyPatch, games: int, said: str
) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    for n in range(games):
        write_record(home / "games" / f"2026-11-29-210{n}-ann-bob.jsonl",
                     unfinished_game(n, turns=4))
    listed = racko("resume", "--list")
    assert_exited(listed, 0)
    assert listed.output.rstrip().splitlines()[-1] == said


def test_resume_list_lists_many_games_and_names_a_big_hostile_record_among_them(
    home: Path,
) -> None:
    games = home / "games"
    ids = [f"2026-11-29-{2000 + n}-ann-bob" for n in range(40)]
    for n, game_id in enumerate(ids):
        write_record(games / f"{game_id}.jsonl", unfinished_game(n, turns=4))
    game_line = record_text(unfinished_game(1, turns=0)).splitlines(keepends=True)[0]
    hostile = games / "2026-11-29-2100-hostile.jsonl"
    hostile.write_text(game_line + '{"type": "turn"}\n' * 50_000, encoding="utf-8")
    before = hashlib.sha256(hostile.read_bytes()).hexdigest()
    listed = racko("resume", "--list")
    assert_exited(listed, 0)
    assert all(game_id in listed.output for game_id in ids)
    assert squashed(f"Skipped a damaged record: {hostile}, line 2:") in squashed(listed.output)
    assert 'the second line must be "dealer_draw", not "turn"' in flat(listed.output)
    assert hashlib.sha256(hostile.read_bytes()).hexdigest() == before


def test_resume_list_names_the_damaged_records_in_the_order_of_their_names(home: Path) -> None:
    games = home / "games"
    write_record(games / "2026-11-29-2105-ann-bob.jsonl", unfinished_game(9, turns=6))
    names = ["c-broken.jsonl", "a-broken.jsonl", "b-broken.jsonl"]
    for name in names:
        (games / name).write_text("not a record\n", encoding="utf-8")
    listed = racko("resume", "--list")
    assert_exited(listed, 0)
    skipped = [line for line in flat(listed.output).split("Skipped a damaged record: ")[1:]]
    assert [line.split(",")[0].split(":")[0] for line in skipped] == [
        str(games / name) for name in sorted(names)]


@pytest.mark.parametrize("carry_on", [["--list"], []], ids=["--list", "no ID"])
def test_an_empty_file_among_the_saves_is_named_in_one_line_and_left_alone(
    home: Path, carry_on: list[str]
) -> None:
    games = home / "games"
    write_record(games / "2026-11-29-2105-ann-bob.jsonl", unfinished_game(9, turns=6))
    empty = games / "2026-11-29-2100-ann-bob.jsonl"
    empty.write_bytes(b"")
    before = empty.stat()
    listed = racko("resume", *carry_on, input="q\n")
    said = squashed(listed.output)
    assert squashed(f"Left out {empty}: the file is empty, so no game was saved in it; racko "
                    "leaves it as it is.") in said, listed.output
    assert "2026-11-29-2105-ann-bob" in listed.output
    assert "damaged" not in listed.output
    after = empty.stat()
    assert (after.st_size, after.st_mtime_ns) == (0, before.st_mtime_ns)


def test_an_empty_file_a_game_is_being_started_in_is_left_out_in_silence(home: Path) -> None:
    fcntl = pytest.importorskip("fcntl")
    games = home / "games"
    write_record(games / "2026-11-29-2105-ann-bob.jsonl", unfinished_game(9, turns=6))
    starting = games / "2026-11-29-2110-cy-dee.jsonl"
    # Another racko has just created the file and holds its lock: its game line is on its way.
    with starting.open("ab") as held:
        fcntl.flock(held.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        listed = racko("resume", "--list")
    assert_exited(listed, 0)
    assert "2026-11-29-2110" not in listed.output and "Left out" not in listed.output


def test_the_input_ending_at_the_choice_of_a_game_says_so_and_resumes_nothing(
        home: Path) -> None:
    games = home / "games"
    for minute in ("05", "06"):
        write_record(games / f"2026-11-29-21{minute}-ann-bob.jsonl", unfinished_game(9, turns=6))
    before = {path: path.read_bytes() for path in games.iterdir()}
    ended = racko("resume", input="")
    assert_exited(ended, 1)
    assert ended.output.rstrip().endswith("The input ended (Ctrl-D).")
    assert {path: path.read_bytes() for path in games.iterdir()} == before


def _folder(path: Path) -> None:
    path.mkdir()


def _pipe(path: Path) -> None:
    os.mkfifo(path)


def _link_to_a_device(path: Path) -> None:
    path.symlink_to("/dev/zero")


def _link_to_nothing(path: Path) -> None:
    path.symlink_to(path.with_name("gone.jsonl"))


def _link_looping(path: Path) -> None:
    path.symlink_to(path)


@pytest.mark.parametrize(("make", "said"), [
    (_folder, "not a regular file, so not a game record"),
    (_pipe, "not a regular file, so not a game record"),
    (_link_to_a_device, "not a regular file, so not a game record"),
    (_link_to_nothing, "no such file"),
    (_link_looping, "cannot be read (Too many levels of symbolic links)"),
], ids=["a folder", "a named pipe", "a link to a device", "a link to nothing", "a link looping"])
@pytest.mark.parametrize("carry_on", [["--list"], []], ids=["--list", "no ID"])
def test_what_is_named_like_a_save_but_is_no_file_is_skipped_with_a_note(
    home: Path, make: Callable[[Path], None], said: str, carry_on: list[str]
) -> None:
    if make is _pipe and not hasattr(os, "mkfifo"):
        pytest.skip("no named pipes here")
    games = home / "games"
    write_record(games / "2026-11-29-2105-ann-bob.jsonl", unfinished_game(9, turns=6))
    write_record(games / "2026-11-29-2110-ann-bob.jsonl", unfinished_game(8, turns=6))
    odd = games / "2026-11-29-2100-odd.jsonl"
    make(odd)
    (games / "notes").mkdir()  # not named like a record: passed over in silence
    listed = racko("resume", *carry_on, input="q\n")
    assert_exited(listed, 0)
    assert squashed(f"Skipped {odd}: {said}") in squashed(listed.output), listed.output
    assert "notes" not in listed.output and "damaged" not in listed.output
    assert "2026-11-29-2105-ann-bob" in listed.output


UNLISTABLE = pytest.mark.parametrize(("make", "reason"), [
    # Said as play and history say it, not as the system's "Not a directory".
    (lambda games: games.write_text("x", encoding="utf-8"), "{games} is a file, not a folder"),
    (lambda games: games.symlink_to(games), "{games} is a link that leads back to itself"),
], ids=["a file", "a link looping"])
"""A saves folder that cannot be listed, and what is said of it."""


def unlistable(home: Path, make: Callable[[Path], None]) -> Path:
    """The saves folder under `home`, made by `make` into something that cannot be listed."""
    games = home / "games"
    games.rmdir()
    make(games)
    return games


@UNLISTABLE
@pytest.mark.parametrize("carry_on", [["--list"], []], ids=["--list", "no ID"])
def test_a_saves_folder_that_cannot_be_listed_is_said_to_be_so_not_to_be_empty(
    home: Path, make: Callable[[Path], None], reason: str, carry_on: list[str]
) -> None:
    games = unlistable(home, make)
    listed = racko("resume", *carry_on, input="q\n")
    assert_exited(listed, 2)
    reason = reason.format(games=games)
    assert squashed(f"Error: cannot list the saved games in {games}: {reason}.") in squashed(
        listed.output), listed.output
    assert "No unfinished games" not in listed.output


@UNLISTABLE
@pytest.mark.parametrize("command", [["resume"], ["resume", "--drop"], ["replay"], ["review"]])
def test_an_id_looked_for_in_a_saves_folder_that_cannot_be_listed_says_so_not_that_none_is_there(
    home: Path, make: Callable[[Path], None], reason: str, command: list[str]
) -> None:
    # The game may be there: "No saved game" would send its player looking for nothing.
    games = unlistable(home, make)
    result = racko(*command, "2026-11-29", input="q\n")
    assert_exited(result, 2)
    said = (f'No file "2026-11-29", and the saved games in {games} cannot be looked at: '
            f"{reason.format(games=games)}.")
    assert squashed(said) in squashed(result.output), result.output
    assert "No saved game" not in result.output
