"""`racko resume` through CliRunner: listing, choosing, damaged files, and records cut short."""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable
from pathlib import Path

import pytest
from builders import finished_game, record_lines, record_text, unfinished_game, write_record
from click.testing import CliRunner
from test_store_records import DAMAGE, lines_of

from rack_o.cli import main
from rack_o.store.history import recent_games
from rack_o.store.records import load_record


def invoke(args: list[str], keys: str = "") -> tuple[int, str]:
    result = CliRunner().invoke(main, ["resume", *args], input=keys)
    return result.exit_code, result.output


def flat(text: str) -> str:
    """The output with its line wrapping undone."""
    return " ".join(text.split())


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_nothing_to_resume(home: Path) -> None:
    write_record(home / "games" / "done.jsonl", finished_game(1))
    code, out = invoke([])
    assert code == 1
    assert "No unfinished games" in out and "racko play" in out


@pytest.mark.parametrize("args", [[], ["--list"]])
@pytest.mark.parametrize("columns", ["60", "80"])
def test_nothing_to_resume_keeps_the_command_to_start_one_whole(
    home: Path, monkeypatch: pytest.MonkeyPatch, args: list[str], columns: str
) -> None:
    monkeypatch.setenv("COLUMNS", columns)
    code, out = invoke(args)
    assert code == (0 if args else 1)  # an empty list is a list; nothing to carry on is not
    assert out.splitlines()[-1] == "racko play", out


def test_list_shows_players_start_round_and_scores_latest_first(home: Path) -> None:
    old = write_record(home / "games" / "2026-11-28-2000-ann-bob.jsonl",
                       unfinished_game(3, turns=70, target=500))
    new = write_record(home / "games" / "2026-11-29-2105-ann-bob.jsonl",
                       unfinished_game(4, turns=5, target=500))
    os.utime(old, (1_000_000, 1_000_000))
    write_record(home / "games" / "done.jsonl", finished_game(1))
    code, out = invoke(["--list"])
    assert code == 0
    lines = out.splitlines()
    rows = [line for line in lines if "-ann-bob" in line]
    assert [row.split()[:2] for row in rows] == [["1", new.stem], ["2", old.stem]]
    game = load_record(old).game
    assert f"Ann {game.totals[0]} · Bob* {game.totals[1]}" in rows[1]
    assert f" {game.round} " in rows[1]
    assert "done" not in out


@pytest.mark.parametrize(
    ("keys", "resumed"),
    [("\n", "new"), ("2\n", "old"), ("7\n2\n", "old"), ("q\n", None)],
    ids=["Enter: the latest", "a number", "a wrong number, then a right one", "q"],
)
def test_with_several_games_the_player_picks_one(home: Path, keys: str, resumed: str | None
                                                 ) -> None:
    old = write_record(home / "games" / "old.jsonl", unfinished_game(3, turns=5, target=500))
    write_record(home / "games" / "new.jsonl", unfinished_game(4, turns=5, target=500))
    os.utime(old, (1_000_000, 1_000_000))
    code, out = invoke([], keys=keys)
    if resumed is None:
        assert code == 0 and "resuming" not in out
    else:
        assert f"resuming {resumed}" in out
    if keys.startswith("7"):
        assert "Type a number from 1 to 2" in out


def test_resume_without_an_id_takes_the_latest_and_says_how_to_carry_on(home: Path) -> None:
    path = write_record(home / "games" / "2026-11-29-2105-ann-bob.jsonl",
                        unfinished_game(4, turns=5, target=500))
    before = digest(path)
    code, out = invoke([], keys="")  # the input ends at once, like Ctrl-D
    assert code == 1
    assert "resuming 2026-11-29-2105-ann-bob" in out
    assert "Carry on later with: racko resume 2026-11-29-2105-ann-bob" in flat(out)
    assert digest(path) == before  # nothing was played, nothing written


def test_a_bot_game_resumed_plays_to_the_end_and_goes_into_history(home: Path) -> None:
    game = unfinished_game(9, turns=6, target=75)
    bots = record_text(game).replace('"kind": "human"', '"kind": "bot:easy"')
    path = home / "games" / "bots.jsonl"
    path.write_text(bots)
    code, out = invoke(["bots", "--fast"])
    assert code == 0, out
    record = load_record(path)
    resumed = record.game
    assert resumed.is_over
    written = [json.loads(line) for line in bots.splitlines()]
    assert record.events[: len(written)] == written
    [row] = recent_games(path=home / "history.sqlite3")
    assert row.totals == list(resumed.totals)
    assert "Final standings" in out


def test_events_missing_at_the_tail_are_written_and_a_finished_game_recorded(home: Path) -> None:
    game = finished_game(8)
    last_turn = max(i for i, e in enumerate(record_lines(game)) if e["type"] == "turn")
    path = home / "games" / "cut.jsonl"
    path.write_text("".join(json.dumps(e) + "\n" for e in record_lines(game)[: last_turn + 1]))
    code, out = invoke(["cut"])
    assert code == 0, out
    assert [json.loads(line) for line in path.read_text().splitlines()] == record_lines(game)
    assert "Final standings" in out
    assert len(recent_games(path=home / "history.sqlite3")) == 1


def test_a_torn_last_line_is_cut_before_the_game_goes_on(home: Path) -> None:
    game = unfinished_game(9, turns=6, target=75)
    text = record_text(game).replace('"kind": "human"', '"kind": "bot:easy"')
    path = home / "games" / "torn.jsonl"
    path.write_bytes(text.encode() + b'{"type": "turn", "se')
    code, out = invoke(["torn", "--fast"])
    assert code == 0, out
    record = load_record(path)
    assert record.game.is_over
    assert path.read_text().startswith(text)
    assert b'"se{' not in path.read_bytes()


def test_a_finished_game_is_not_resumed(home: Path) -> None:
    game = finished_game(2)
    path = write_record(home / "games" / "done.jsonl", game)
    before = digest(path)
    code, out = invoke(["done"])
    assert code == 1
    assert "That game is over" in out
    # Each command on a line of its own: never broken before the ID.
    assert "Step through the game: racko replay done" in out.splitlines()
    assert "What each move cost: racko review done" in out.splitlines()
    assert digest(path) == before


@pytest.mark.parametrize(
    ("kind", "message"),
    [
        ("bot:mypackage.mybots:Clever", "Resume with --load-bots"),
        ("wizard", 'seat 2 is "wizard": a player\'s kind is "human" or "bot:<level>"'),
        # A level of another program's: nothing to choose instead at resume.
        ("bot:superbot", "was played by the bot 'superbot', which racko does not have (its "
                         "levels are random, easy, medium, hard, expert), so nobody can take "
                         "that seat."),
    ],
)
def test_seats_nobody_can_take_are_refused(home: Path, kind: str, message: str) -> None:
    text = record_text(unfinished_game(4, turns=3)).replace('"kind": "bot:easy"',
                                                            f'"kind": "{kind}"')
    path = home / "games" / "odd.jsonl"
    path.write_text(text)
    before = digest(path)
    code, out = invoke(["odd"])
    assert code == 2
    # The record's fault, named as a damaged file's is: its players are its line 1.
    assert f"cannot resume {path}, line 1: seat " in out and "Usage:" not in out
    assert message in flat(out) and "The file was left exactly as it was." in out
    assert "choose one of" not in out
    assert digest(path) == before


@pytest.mark.parametrize(("name", "damage", "reason"), DAMAGE, ids=[d[0] for d in DAMAGE])
def test_damaged_files_exit_2_naming_file_line_and_reason_and_stay_unchanged(
    home: Path, name: str, damage: Callable[[list[str]], tuple[bytes, int | None]], reason: str
) -> None:
    data, line = damage(lines_of())
    path = home / "games" / "damaged.jsonl"
    path.write_bytes(data)
    before = digest(path), path.stat().st_mtime_ns
    code, out = invoke([str(path)])
    assert code == 2
    assert f"cannot resume {path}" in out
    assert reason in out
    if line is not None:
        assert f"line {line}:" in out
    assert "left exactly as it was" in out
    assert (digest(path), path.stat().st_mtime_ns) == before


def test_a_huge_file_is_refused_without_reading_it(home: Path) -> None:
    from rack_o.store.records import MAX_RECORD_BYTES

    path = home / "games" / "huge.jsonl"
    with open(path, "wb") as file:
        file.truncate(MAX_RECORD_BYTES + 1)
    before = path.stat().st_mtime_ns
    code, out = invoke(["huge"])
    assert code == 2
    assert "larger than any game record" in out and str(path) in out
    assert path.stat().st_size == MAX_RECORD_BYTES + 1 and path.stat().st_mtime_ns == before


def test_an_unknown_id_is_a_usage_error(home: Path) -> None:
    code, out = invoke(["nope"])
    assert code == 2 and 'No saved game "nope"' in out


def test_a_game_being_played_elsewhere_is_not_resumed_twice(home: Path) -> None:
    from rack_o.store.writer import RecordWriter

    path = write_record(home / "games" / "busy.jsonl", finished_game(8))
    text = path.read_text().splitlines(keepends=True)
    path.write_text("".join(text[:6]))  # mid-game
    before = digest(path)
    with RecordWriter(path):  # another racko is playing it
        code, out = invoke(["busy", "--fast"], keys="\n")
    assert code == 1
    # broken between words at the terminal's width, wherever the path's length puts the break
    assert "being played right now in another racko" in flat(out)
    assert digest(path) == before


def test_names_that_look_like_markup_are_listed_as_typed(home: Path) -> None:
    game = unfinished_game(4, turns=5, target=500)
    text = record_text(game).replace('"Ann"', '"[/]"').replace('"Bob"', '"[red]X[/red]"')
    (home / "games" / "markup.jsonl").write_text(text)
    code, out = invoke(["--list"])
    assert code == 0, out
    assert f"[/] {game.totals[0]} · [red]X[/red]* {game.totals[1]}" in out


def test_the_list_never_wraps_an_id(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    long_id = "2026-11-30-0111-annabelle-bartholomew-cy-2"
    write_record(home / "games" / f"{long_id}.jsonl", unfinished_game(4, turns=5, players=4))
    code, out = invoke(["--list"])
    assert code == 0, out
    assert long_id in out


def test_a_file_outside_the_games_folder_is_named_by_its_path(home: Path, tmp_path: Path) -> None:
    outside = tmp_path / "saved" / "tuesday night.jsonl"
    outside.parent.mkdir()
    write_record(outside, unfinished_game(4, turns=5, target=500))
    code, out = invoke([str(outside)], keys="")
    assert code == 1
    assert f"Carry on later with: racko resume '{outside}'" in flat(out)
    done = write_record(tmp_path / "saved" / "done.jsonl", finished_game(2))
    code, out = invoke([str(done)])
    assert code == 1
    assert f"racko replay {done}" in flat(out)


@pytest.mark.parametrize("end", ["round", "game"])
def test_a_round_end_the_writer_did_not_live_to_write_is_shown(home: Path, end: str) -> None:
    game = finished_game(8)
    kind = "round_end" if end == "round" else "game_end"
    cut = next(i for i, e in enumerate(record_lines(game)) if e["type"] == kind)
    if end == "game":
        cut -= 1  # the round_end before the game_end is missing too
    path = home / "games" / "cut.jsonl"
    path.write_text("".join(json.dumps(e) + "\n" for e in record_lines(game)[:cut]))
    result = game.rounds[0 if end == "round" else -1]
    code, out = invoke(["cut"], keys="")
    text = flat(out)
    assert f"RACK-O! {['Ann', 'Bob'][result.racko]} goes out in round {result.round}" in text
    assert f"Round {result.round} — {['Ann', 'Bob'][result.dealer]} dealt" in text
    if end == "round":
        assert code == 1
        assert text.index("RACK-O!") < text.index(f"Press Enter to deal round {result.round + 1}")
    else:
        assert code == 0
        assert text.index("RACK-O!") < text.index("Final standings")


@pytest.mark.parametrize("kind", ["bot:superbot", "bot:os:getcwd"],
                         ids=["level-racko-lacks", "outside-bot"])
def test_a_game_over_but_for_its_last_lines_gets_them_though_a_seat_cannot_be_taken(
    home: Path, kind: str
) -> None:
    """No player is needed to write the lines its last turn implies: written, and the game said
    to be over, as racko host --resume does (it was refused for the seat nobody could take)."""
    lines = record_lines(finished_game(8))
    lines[0]["players"][1]["kind"] = kind
    path = home / "games" / "cut.jsonl"
    path.write_text("".join(json.dumps(e) + "\n" for e in lines[:-1]))  # no game_end
    code, out = invoke(["cut"], keys="")
    assert code == 1
    assert "That game is over:" in flat(out)
    assert "cannot resume" not in out
    assert [json.loads(line) for line in path.read_text().splitlines()] == lines


def test_resuming_says_a_torn_last_line_is_removed(home: Path) -> None:
    game = unfinished_game(9, turns=6, target=75)
    path = home / "games" / "torn.jsonl"
    path.write_bytes(record_text(game).encode() + b'{"type": "turn", "se')
    code, out = invoke(["torn"], keys="")  # leaves at once: nothing is written
    assert code == 1
    assert "The last line of the record was cut off while it was being saved" in flat(out)
    assert path.read_bytes().endswith(b'"se')


@pytest.mark.parametrize("keys", ["", "q\n", "\nq\ny\n"],
                         ids=["input ends", "q at the hand-off", "q at the turn"])
def test_a_hot_seat_game_left_before_a_move_keeps_its_torn_last_line(
    home: Path, keys: str
) -> None:
    """The torn line goes with the first line written: leaving with nothing played leaves
    the file exactly as it was, as at the pause of a game against bots."""
    game = unfinished_game(9, turns=6, target=75, kinds=("human", "human"))
    path = home / "games" / "torn.jsonl"
    path.write_bytes(record_text(game).encode() + b'{"type": "turn", "se')
    before = digest(path)
    code, out = invoke(["torn"], keys=keys)
    assert code == 1, out
    assert digest(path) == before, out


def test_a_read_only_record_is_never_written_even_by_root(home: Path) -> None:
    game = unfinished_game(9, turns=6, target=75)
    path = home / "games" / "locked.jsonl"
    path.write_text(record_text(game).replace('"kind": "human"', '"kind": "bot:easy"'))
    path.chmod(0o444)
    before = digest(path), path.stat().st_mtime_ns
    code, out = invoke(["locked", "--fast"])
    assert code == 2, out
    assert f"cannot write to {path}: Permission denied." in flat(out)
    assert (digest(path), path.stat().st_mtime_ns) == before


def test_a_read_only_record_is_said_to_be_so_before_enter_is_asked_for(home: Path) -> None:
    # One person mid-round: the pause would ask for Enter, and only then find it cannot save.
    game = unfinished_game(9, turns=6, target=75)
    path = home / "games" / "locked.jsonl"
    path.write_text(record_text(game))
    path.chmod(0o444)
    code, out = invoke(["locked"], keys="\n" * 5)
    assert code == 2, out
    assert f"cannot write to {path}: Permission denied." in flat(out)
    assert "Press Enter to carry on" not in out


def test_part_of_an_id_names_the_one_unfinished_game_among_finished_ones(home: Path) -> None:
    write_record(home / "games" / "2026-11-29-2100-ann-bob.jsonl", finished_game(2))
    write_record(home / "games" / "2026-11-29-2105-ann-bob.jsonl",
                 unfinished_game(4, turns=5, target=500))
    write_record(home / "games" / "2026-11-29-2110-ann-bob.jsonl", finished_game(3))
    code, out = invoke(["2026-11-29"], keys="")  # the input ends at once, like Ctrl-D
    assert "resuming 2026-11-29-2105-ann-bob" in out, out
    assert code == 1


def test_part_of_an_id_lists_only_the_unfinished_games_it_matches(home: Path) -> None:
    write_record(home / "games" / "2026-11-29-2100-ann-bob.jsonl", finished_game(2))
    for minute in ("05", "10"):
        write_record(home / "games" / f"2026-11-29-21{minute}-ann-bob.jsonl",
                     unfinished_game(4, turns=5, target=500))
    code, out = invoke(["2026-11-29"])
    assert code == 2
    assert '"2026-11-29" matches 2 saved games:' in out, out
    assert "2026-11-29-2105-ann-bob" in out and "2026-11-29-2110-ann-bob" in out
    assert "2026-11-29-2100-ann-bob" not in out


def test_list_with_an_id_says_it_takes_none_rather_than_ignore_it(home: Path) -> None:
    write_record(home / "games" / "a.jsonl", unfinished_game(3, 6))
    code, out = invoke(["--list", "a"])
    assert code == 2
    assert "--list lists every unfinished game and takes no ID" in flat(out)


@pytest.mark.parametrize(("keys", "code"), [("q\n", 1), ("", 1)])
def test_q_or_the_end_of_input_at_carry_on_leaves_the_game_as_it_was(
    home: Path, keys: str, code: int,
) -> None:
    path = write_record(home / "games" / "open.jsonl", unfinished_game(3, 6))
    before = digest(path)
    got, out = invoke(["open"], keys)
    assert got == code
    assert "Press Enter to carry on · q leaves" in out
    assert "Nothing was played." in flat(out) and "racko resume open" in out
    assert digest(path) == before


def test_a_wrong_key_at_carry_on_says_what_is_allowed_and_asks_again(home: Path) -> None:
    write_record(home / "games" / "open.jsonl", unfinished_game(3, 6))
    _code, out = invoke(["open"], "u\nq\n")
    assert "u is not valid here: Enter carries the game on, q leaves it as it is." in flat(out)
    assert "Nothing was played." in flat(out)


@pytest.mark.parametrize("width", [60, 61, 67, 72, 80, 90, 100])
@pytest.mark.parametrize("language", ["en", "el"])
def test_the_list_keeps_each_name_with_its_score_and_each_id_whole_at_any_width(
    home: Path, monkeypatch: pytest.MonkeyPatch, width: int, language: str
) -> None:
    monkeypatch.setenv("COLUMNS", str(width))
    alone = unfinished_game(4, turns=40, players=4,
                            names=["Ἀλέξανδρος", "Hráč 2", "Konstantinos", "Dorothea"])
    teams = unfinished_game(5, turns=40, players=4, partners=True,
                            names=["Hráč 1", "Hráč 2", "Hráč 3", "Hráč 4"])
    ids = ["2026-11-30-0111-alexandros-hrac-2-konstantinos",
           "2026-11-30-0112-hrac-1-hrac-2-hrac-3-hrac-4"]
    for game_id, game in zip(ids, (alone, teams), strict=True):
        write_record(home / "games" / f"{game_id}.jsonl", game)
    result = CliRunner().invoke(main, ["--lang", language, "resume", "--list"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    sides = [f"{name}{'' if seat == 0 else '*'} {total}" for seat, (name, total) in enumerate(
        zip(["Ἀλέξανδρος", "Hráč 2", "Konstantinos", "Dorothea"], alone.totals, strict=True))]
    sides += [f"Hráč 1 & Hráč 3* {teams.totals[0]}", f"Hráč 2* & Hráč 4* {teams.totals[1]}"]
    for whole in (*sides, *ids):
        assert any(whole in line for line in lines), (whole, result.output)
    assert all(len(line) <= width for line in lines), result.output


@pytest.mark.parametrize(
    ("players", "variant", "label"),
    [(2, "bonus", "bonus Rack-O"), (4, "partners", "partners"),
     (2, "run_of_three", "run of three")],
)
@pytest.mark.parametrize("turns", [0, 5], ids=["before the first turn", "mid-round"])
def test_resuming_names_the_variants_the_table_plays(
    home: Path, players: int, variant: str, label: str, turns: int
) -> None:
    game = unfinished_game(4, turns=turns, players=players, target=500, **{variant: True})
    write_record(home / "games" / "g.jsonl", game)
    code, out = invoke(["g"], keys="")
    assert code == 1
    head = flat(out.split("Press Enter")[0])
    assert f"first to 500 wins · {label}" in head, out


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_game_played_to_its_end_is_in_the_history_once_after_resume_is_asked_for_it(
    home: Path, language: str,
) -> None:
    """racko play puts the game in the history as it ends; resume, finding it over, offers it
    again (in case it ended before it was added): the history must know it for the same game,
    the game line's own fields (its language) included."""
    played = CliRunner().invoke(main, ["--lang", language, "play", "--players", "2", "--bots",
                                       "hard,hard", "--target", "75", "--seed", "5", "--fast"])
    assert played.exit_code == 0, played.output
    [record] = (home / "games").glob("*.jsonl")
    assert len(recent_games()) == 1
    code, out = invoke([record.stem])
    assert code == 1, out
    assert [game.record for game in recent_games()] == [str(record.resolve())]


@pytest.mark.parametrize("cut", [0, 1, 2], ids=["whole", "without game_end",
                                                "without round_end and game_end"])
@pytest.mark.parametrize("where", ["elsewhere", "in-racko-s-games"])
def test_a_finished_record_resumed_goes_into_the_history_only_if_it_is_racko_s_own(
    home: Path, tmp_path: Path, where: str, cut: int
) -> None:
    """A finished record from another computer, or from simulate without --history, is no game
    played here: resuming it only says it is over, and leaves the file, the history and stats as
    they were. One that lacks the last lines the rules imply is unfinished (rack-o/1): resuming
    writes them, wherever the file is, and only racko's own goes into the history."""
    folder = home / "games" if where == "in-racko-s-games" else tmp_path / "from-a-friend"
    folder.mkdir(exist_ok=True)
    lines = record_lines(finished_game(3))
    path = folder / "done.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in lines[:len(lines) - cut]))
    before = digest(path)
    code, out = invoke([str(path)])
    assert len(recent_games()) == (1 if where == "in-racko-s-games" else 0)
    stats = CliRunner().invoke(main, ["stats"])
    assert ("No finished games" in stats.output) == (where == "elsewhere"), stats.output
    if not cut:
        assert code == 1 and "That game is over" in flat(out), out
        assert digest(path) == before
    else:
        assert code == 0 and "Final standings" in out, out
        assert [json.loads(line) for line in path.read_text().splitlines()] == lines


@pytest.mark.parametrize("width", [80, 60, 45])
def test_where_the_game_stands_breaks_between_its_parts_never_after_a_dot(width: int) -> None:
    from rich.console import Console

    from rack_o.cli.resume import _notices

    game = unfinished_game(9, turns=6, players=4, target=75,
                           names=("Player 1", "Expert", "Hard", "Medium"))
    console = Console(width=width, color_system=None)
    with console.capture() as captured:
        for line in _notices("2026-12-03-0816-player-1-expert-hard-med", game, None):
            console.print(line)
    shown = captured.get()
    assert "Round 1, 6 turns played" in flat(shown) and "first to 75 wins" in shown, shown
    assert not any(line.rstrip().endswith("·") for line in shown.splitlines()), shown
    assert not any(line.lstrip().startswith("·") for line in shown.splitlines()), shown


@pytest.mark.parametrize("seed", [None, 2.5])
def test_a_game_whose_seed_deals_nothing_is_carried_on_into_its_next_round(
    home: Path, seed: object
) -> None:
    # The engine no longer makes a generator of its own: resume gives one.
    import random

    from builders import seeded_game, sensible_action, write_with_header

    game = seeded_game(11)
    game.deal()
    rng = random.Random(3)
    while not (game.round == 1 and game.phase == "deal"):
        game.apply(sensible_action(game, rng, 0.1))
    path = write_with_header(home / "g.jsonl", game, lambda line: line.update(seed=seed))
    result = CliRunner().invoke(main, ["resume", str(path)], input="\nq\ny\n")
    assert "Traceback" not in result.output, result.output
    assert "The game stopped in round 2" in " ".join(result.output.split()), result.output
    dealt = [json.loads(line) for line in path.read_text().splitlines()]
    assert [line["type"] for line in dealt].count("deal") == 2


def test_a_hosted_game_s_seat_given_to_a_computer_player_is_said_to_be_a_person_s_again(
    home: Path,
) -> None:
    # racko host --resume gives it to the computer player again; at one keyboard every seat
    # is a person's, and the table is told so rather than finding Cat asked to play.
    game = unfinished_game(9, turns=6, target=75, kinds=("human", "human"))
    lines = record_lines(game)
    last = max(i for i, line in enumerate(lines)
               if line["type"] == "turn" and line["seat"] == 1)
    lines[last] = {**lines[last], "stand_in": "bot:hard"}
    path = home / "games" / "hosted.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    code, out = invoke(["hosted"])
    assert code == 1, out
    name = game.players[1].name
    assert (f"When the hosted table stopped, a computer player was playing for {name}. Here "
            "that seat is played at this keyboard again; racko host --resume gives it back to "
            "the computer player.") in flat(out)
