"""`racko simulate`: options, the result table and JSON, records, capped rounds, bad input."""

from __future__ import annotations

import io
import json
import re
from collections.abc import Callable
from pathlib import Path

import broken_bots
import click
import pytest
from click.testing import CliRunner
from rich.console import Console

import rack_o.match as match_module
from rack_o import Rules, rebuild
from rack_o.cli import main
from rack_o.cli.simulate import _report_interrupted, seat_specs
from rack_o.match import Match, game_seed, play_one, record_name
from rack_o.record import rules_line
from rack_o.tally import Tally

SEAT_KEYS = {"bot", "round_wins", "round_win_rate", "games_won", "mean_round_points", "mean_turns"}
TOP_KEYS = {"players", "games", "rounds", "seed", "rules", "seats", "capped_rounds",
            "rounds_per_second"}


def simulate(*args: str) -> click.testing.Result:
    return CliRunner().invoke(main, ["simulate", *args])


def test_json_has_the_documented_shape_and_does_not_depend_on_jobs(tmp_path: Path) -> None:
    common = ["--bots", "medium,easy", "--games", "8", "--target", "150", "--seed", "3"]
    one, two = tmp_path / "one.json", tmp_path / "two.json"
    first = simulate(*common, "--jobs", "1", "--json", str(one))
    second = simulate(*common, "--jobs", "2", "--json", str(two))
    assert first.exit_code == 0, first.output
    assert second.exit_code == 0, second.output
    a, b = json.loads(one.read_text()), json.loads(two.read_text())
    assert set(a) >= TOP_KEYS
    assert all(set(seat) >= SEAT_KEYS for seat in a["seats"])
    assert a["players"] == 2 and a["games"] == 8 and a["seed"] == 3
    assert a["rules"] == rules_line(Rules(2, target=150))
    assert sum(seat["round_wins"] for seat in a["seats"]) + a["capped_rounds"] == a["rounds"]
    assert sum(seat["games_won"] for seat in a["seats"]) == 8
    a.pop("rounds_per_second"), b.pop("rounds_per_second")
    assert a == b


def test_the_table_shows_each_seat_and_the_capped_rounds() -> None:
    result = simulate("--bots", "easy,random", "--games", "2", "--target", "150", "--seed", "1")
    assert result.exit_code == 0, result.output
    assert "easy" in result.output and "random" in result.output
    assert "capped rounds: 0" in result.output
    assert "rounds per second" in result.output


def test_a_level_typed_in_capitals_is_named_as_records_name_it(tmp_path: Path) -> None:
    # A script merging the JSON of several runs meets "hard" once, however it was typed.
    out = tmp_path / "out.json"
    result = simulate("--bots", "HARD,Easy", "--bot", "3= Medium", "--games", "1", "--target",
                      "50", "--seed", "1", "--json", str(out))
    assert result.exit_code == 0, result.output
    assert [seat["bot"] for seat in json.loads(out.read_text())["seats"]] == [
        "hard", "easy", "medium"]
    assert "hard, easy, medium · seed 1" in result.output


@pytest.mark.slow
def test_records_rebuild_through_the_engine_to_the_same_results(tmp_path: Path) -> None:
    out = tmp_path / "out.json"
    result = simulate("--bots", "hard,medium,easy", "--games", "3", "--target", "150",
                      "--seed", "8", "--jobs", "2", "--record-dir", str(tmp_path / "records"),
                      "--json", str(out))
    assert result.exit_code == 0, result.output
    files = sorted((tmp_path / "records").glob("*.jsonl"))
    assert len(files) == 3
    wins = [0, 0, 0]
    rules = Rules(3, target=150)
    for index, path in enumerate(files):
        game = rebuild(path.read_text(encoding="utf-8")).game
        again = play_one(Match(("hard", "medium", "easy"), rules, 8), index)
        assert game.is_over and game.winner == again.winner
        assert [r.racko for r in game.rounds] == [line.racko for line in again.rounds]
        assert [r.points for r in game.rounds] == [line.points for line in again.rounds]
        for r in game.rounds:
            wins[r.racko] += 1
    assert [seat["round_wins"] for seat in json.loads(out.read_text())["seats"]] == wins


def test_a_capped_round_stops_its_game_and_is_counted(tmp_path: Path) -> None:
    out = tmp_path / "out.json"
    result = simulate("--bots", "random,random", "--games", "2", "--turn-cap", "30",
                      "--seed", "2", "--record-dir", str(tmp_path), "--json", str(out))
    assert result.exit_code == 0, result.output
    assert "capped rounds: 2" in result.output
    data = json.loads(out.read_text())
    assert data["capped_rounds"] == 2 and data["rounds"] == 2
    assert all(seat["games_won"] == 0 for seat in data["seats"])
    for path in tmp_path.glob("*.jsonl"):
        text = path.read_text(encoding="utf-8")
        assert '"game_end"' not in text
        game = rebuild(text).game
        assert not game.is_over and game.turn == 30


def test_a_user_bot_plays_from_a_seat(tmp_path: Path) -> None:
    out = tmp_path / "out.json"
    result = simulate("--bot", "2=example_bot:BandBot", "--bots", "easy", "--games", "2",
                      "--target", "150", "--seed", "4", "--json", str(out))
    assert result.exit_code == 0, result.output
    seats = json.loads(out.read_text())["seats"]
    assert [seat["bot"] for seat in seats] == ["easy", "example_bot:BandBot"]
    assert sum(seat["round_wins"] for seat in seats) > 0


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--bots", "hard,grandmaster"], "unknown bot level 'grandmaster'"),
        (["--bots", "hard,no_such_module_xyz:Bot"], "'no_such_module_xyz' does not import"),
        (["--bots", "hard,broken_bots:NoChoose"], "lacks the bot interface"),
        (["--bots", "hard,broken_bots:NumberName"],
         "NumberName lacks the bot interface: it needs a `name` string (its name is 42, an int)."),
        (["--bots", "hard,easy,easy", "--players", "2"], "2 players need 2 bots, but 3"),
        (["--bots", "hard"], "2 to 4 seats"),
        (["--bot", "5=hard", "--bots", "easy"], "seat 5 does not exist with 2 players"),
        (["--bot", "0=hard"], "seat 0 does not exist: a table has seats 1 to 4."),
        (["--bot", "5=hard"], "seat 5 does not exist: a table has seats 1 to 4."),
        (["--players", "4", "--bots", "easy", "--bot", "1=hard"],
         "4 players need 4 bots, but 2 were given"),
        (["--players", "3", "--bot", "4=hard"], "seat 4 does not exist with 3 players"),
        (["--bot", "two=hard", "--bots", "easy"], "SEAT=LEVEL"),
        (["--bots", "hard,easy", "--partners"], "--partners needs 4 players, not 2."),
        # A script's unset variable: the current folder was written into.
        (["--json", ""], "--json needs a name: it was given an empty one."),
    ],
)
def test_usage_errors_exit_2_before_anything_starts(
    args: list[str], message: str, tmp_path: Path
) -> None:
    result = simulate(*args, "--record-dir", str(tmp_path / "never"))
    assert result.exit_code == 2
    assert message in " ".join(result.output.split())
    assert not (tmp_path / "never").exists()


def test_an_empty_record_folder_is_refused_not_taken_for_this_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    result = simulate("--games", "1", "--record-dir", "")
    assert result.exit_code == 2
    assert "--record-dir needs a name: it was given an empty one." in result.output
    assert not list(tmp_path.iterdir())


@pytest.mark.parametrize(
    ("bot", "said"),
    [
        ("broken_bots:Cheater", "Cheater (seat 2) chose 'place in slot 1', which is not legal"),
        ("broken_bots:Crasher", "Crasher (seat 2) failed: RuntimeError('out of ideas')"),
        ("broken_bots:Stubborn", "Stubborn (seat 2) failed: BaseException('not an Exception')"),
        ("broken_bots:Wordy", "Wordy (seat 2) chose 'draw' (a str, not an Action), which is not"),
    ],
)
def test_a_misbehaving_bot_stops_the_game_naming_it(bot: str, said: str, tmp_path: Path) -> None:
    result = simulate("--bots", f"hard,{bot}", "--games", "3", "--seed", "1",
                      "--record-dir", str(tmp_path))
    assert result.exit_code == 1
    output = " ".join(result.output.split())
    assert said in output
    if "Cheater" in bot:
        assert "legal: draw from the draw pile, take the top discard" in output
    record = tmp_path / "game-00001.jsonl"
    game = rebuild(record.read_text(encoding="utf-8")).game  # the record so far is intact
    assert not game.is_over


@pytest.mark.parametrize("left", ["game-00002.jsonl", "game-00002.jsonl.part"],
                         ids=["a-record", "a-part-a-crashed-run-left"])
def test_a_record_dir_holding_a_game_s_record_or_part_is_refused_before_any_game(
    tmp_path: Path, left: str
) -> None:
    """A part left by a run that crashed stopped the next run after its first game, blaming
    "another program while the games were played", and went at the end with the run's own."""
    (tmp_path / left).write_text("{}\n", encoding="utf-8")
    result = simulate("--bots", "easy,easy", "--games", "3", "--seed", "1",
                      "--record-dir", str(tmp_path))
    assert result.exit_code == 2, result.output
    said = " ".join(result.output.split())
    assert f"--record-dir {tmp_path} already holds {left}; records are never overwritten" in said
    assert sorted(path.name for path in tmp_path.iterdir()) == [left]
    assert (tmp_path / left).read_text(encoding="utf-8") == "{}\n"


def test_the_json_goes_where_it_was_named_whatever_folder_a_bot_went_to(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    result = simulate("--bots", "hard,broken_bots:Wanderer", "--games", "1", "--target", "50",
                      "--seed", "1", "--turn-cap", "60", "--json", "out.json")
    assert "JSON written to out.json." in " ".join(result.output.split()), result.output
    assert json.loads((tmp_path / "out.json").read_text(encoding="utf-8"))["games"] == 1


def test_a_worker_process_a_bot_ended_stops_the_match_with_a_sentence(tmp_path: Path) -> None:
    # Its pool broke: a traceback of concurrent.futures was all that was said.
    result = simulate("--bots", "hard,broken_bots:Vanisher", "--games", "4", "--seed", "1",
                      "--jobs", "2")
    assert result.exit_code == 1
    output = " ".join(result.output.split())
    assert "A worker process stopped abruptly, so the match cannot go on" in output, output
    assert "Traceback" not in output and "BrokenProcessPool" not in output


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_the_failure_reported_is_the_earliest_games_whichever_worker_is_quicker(
        jobs: str, tmp_path: Path) -> None:
    # Seed 2: in game 1 Moody fails slowly, in game 2 at once. Played side by side, game 2
    # fails first; the match still names game 1, as one job does.
    result = simulate("--bots", "hard,broken_bots:Moody", "--games", "4", "--seed", "2",
                      "--jobs", jobs, "--record-dir", str(tmp_path))
    assert result.exit_code == 1
    output = " ".join(result.output.split())
    assert "Game 1 stopped: Moody (seat 2) failed: RuntimeError('slowly')" in output, output


def test_a_game_still_played_when_the_match_stops_leaves_no_record(tmp_path: Path) -> None:
    # Seed 3: game 1 fails at once, game 2 (in the other worker) is still being played, its
    # record written line by line: the worker is killed, and its record half written was left.
    result = simulate("--bots", "hard,broken_bots:Staller", "--games", "2", "--seed", "3",
                      "--jobs", "2", "--record-dir", str(tmp_path))
    assert result.exit_code == 1, result.output
    assert "Game 1 stopped: Staller (seat 2) failed" in " ".join(result.output.split())
    assert sorted(path.name for path in tmp_path.iterdir()) == ["game-00001.jsonl"]


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_bot_that_cannot_be_made_for_a_game_stops_the_match_with_a_sentence(
    jobs: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Made once to check the spec, it fails when the game makes it again (in this process, or
    # in a worker forked after the check), as a bot fails on a worker that lacks its module.
    monkeypatch.setattr(broken_bots.Fussy, "made", 0)
    result = simulate("--bots", "easy,broken_bots:Fussy", "--games", "2", "--seed", "1",
                      "--jobs", jobs, "--record-dir", str(tmp_path))
    assert result.exit_code == 1, result.output
    assert not isinstance(result.exception, ValueError) and "Traceback" not in result.output
    output = " ".join(result.output.split())
    # With two jobs both games fail, each in its own worker: the first to finish is told.
    games = "1" if jobs == "1" else "(1|2)"
    assert re.search(f"Game {games} stopped before its first deal: the bot of seat 2 could not "
                     "be made where the game was to be played: bot 'broken_bots:Fussy': Fussy"
                     + re.escape("() failed (OSError('model file busy'))"), output), output
    assert not list(tmp_path.glob("*.jsonl"))


@pytest.mark.parametrize(
    ("bot", "names"),
    [
        ("broken_bots:Unnamed", ["Unnamed 1", "Unnamed 2"]),
        ("broken_bots:Shouty", ["Two Lines[31m r… 1", "Two Lines[31m r… 2"]),
    ],
)
def test_a_bot_s_name_goes_into_the_record_on_one_shown_line_never_blank(
    bot: str, names: list[str], tmp_path: Path
) -> None:
    result = simulate("--bots", f"{bot},{bot}", "--games", "1", "--seed", "1", "--turn-cap", "5",
                      "--record-dir", str(tmp_path))
    assert result.exit_code == 0, result.output
    header = json.loads((tmp_path / "game-00001.jsonl").read_text(encoding="utf-8").split("\n")[0])
    assert [player["name"] for player in header["players"]] == names
    assert [player["kind"] for player in header["players"]] == [f"bot:{bot}"] * 2


def test_existing_records_are_never_overwritten(tmp_path: Path) -> None:
    existing = tmp_path / "game-00001.jsonl"
    existing.write_text("mine\n", encoding="utf-8")
    result = simulate("--bots", "easy,easy", "--games", "1", "--record-dir", str(tmp_path))
    assert result.exit_code == 2
    assert existing.read_text(encoding="utf-8") == "mine\n"


def test_history_flag_adds_the_finished_games(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("RACKO_HOME", str(tmp_path))
    result = simulate("--bots", "easy,medium", "--games", "2", "--target", "150", "--seed", "6",
                      "--history")
    assert result.exit_code == 0, result.output
    assert "2 games added to the history" in result.output


@pytest.mark.parametrize(
    ("players", "bots", "seats", "expected"),
    [
        (None, "hard,easy", (), ["hard", "easy"]),
        (None, "easy", ("1=hard",), ["hard", "easy"]),
        (3, "easy,medium", ("2=hard",), ["easy", "hard", "medium"]),
        (None, None, ("2=easy", "1=random"), ["random", "easy"]),
    ],
)
def test_seats_are_filled_from_bot_and_bots(players, bots, seats, expected) -> None:
    assert seat_specs(players, bots, seats) == expected


def test_a_json_file_under_a_file_is_said_to_be_there(tmp_path: Path) -> None:
    # It said "the folder …/afile does not exist": it does, as a file.
    blocker = tmp_path / "afile"
    blocker.write_text("mine\n")
    result = simulate("--bots", "easy,easy", "--games", "1", "--json", str(blocker / "out.json"))
    assert result.exit_code == 2, result.output
    assert "".join(f"cannot write there ({blocker} is a file, not a folder).".split()) in "".join(
        result.output.split())
    assert blocker.read_text() == "mine\n"


def test_a_json_file_in_a_missing_folder_is_refused_before_anything_starts(
    tmp_path: Path,
) -> None:
    target = tmp_path / "no-such-folder" / "out.json"
    result = simulate("--bots", "easy,easy", "--games", "2", "--json", str(target),
                      "--record-dir", str(tmp_path / "records"))
    assert result.exit_code == 2
    output = " ".join(result.output.split())
    assert "the folder" in output and "does not exist" in output
    assert "Simulating" not in output
    assert not (tmp_path / "records").exists() and not target.parent.exists()


GAME_LINE = '{"type": "game", "format": "rack-o/1", "players": []}'


@pytest.mark.parametrize("text", [f'{GAME_LINE}\n{{"type": "dealer_draw"}}\n', GAME_LINE],
                         ids=["a record", "its first line alone, torn"])
def test_a_game_record_is_never_written_over_by_the_json(tmp_path: Path, text: str) -> None:
    record = tmp_path / "mygame.jsonl"
    record.write_text(text, encoding="utf-8")
    before = record.read_bytes()
    result = simulate("--bots", "easy,easy", "--games", "2", "--json", str(record))
    assert result.exit_code == 2, result.output
    output = " ".join(result.output.split())
    assert "that is a game record, and racko never writes over one" in output
    assert "Simulating" not in output
    assert record.read_bytes() == before


@pytest.mark.parametrize("text", ['{"type": "game", "format": "rack-o/2"}\n', "[" * 100_000,
                                  "\x00\xff junk"],
                         ids=["another format", "nested too deep for a parser", "binary"])
def test_a_json_file_already_there_that_is_no_record_is_replaced(tmp_path: Path,
                                                                 text: str) -> None:
    out = tmp_path / "out.json"
    out.write_text(text, encoding="utf-8")
    result = simulate("--bots", "easy,easy", "--games", "1", "--target", "5", "--json", str(out))
    assert result.exit_code == 0, result.output
    assert "seats" in json.loads(out.read_text(encoding="utf-8"))


@pytest.mark.parametrize("through_a_link", [False, True])
def test_the_json_is_never_put_where_the_run_writes_a_record(tmp_path: Path,
                                                             through_a_link: bool) -> None:
    records = tmp_path / "recs"
    records.mkdir()
    json_path = records / "game-00001.jsonl"
    if through_a_link:
        (tmp_path / "out.json").symlink_to(json_path)
        json_path = tmp_path / "out.json"
    result = simulate("--bots", "easy,easy", "--games", "2", "--target", "5", "--seed", "1",
                      "--record-dir", str(records), "--json", str(json_path))
    assert result.exit_code == 2, result.output
    assert "is where --record-dir writes a game's record" in " ".join(result.output.split())
    assert not list(records.iterdir())


@pytest.mark.parametrize(("folder", "reason"), [
    ("dangling", "dangling is a link to gone, which does not exist"),
    ("afile/records", "afile is a file, not a folder"),
])
def test_a_record_dir_behind_a_file_or_a_link_to_nothing_says_which(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, folder: str, reason: str
) -> None:
    (tmp_path / "dangling").symlink_to("gone")
    (tmp_path / "afile").write_text("", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    result = simulate("--bots", "easy,easy", "--games", "1", "--record-dir", folder)
    assert result.exit_code == 2, result.output
    assert f"--record-dir {folder}: cannot write there ({reason})." in " ".join(
        result.output.split())
    assert not (tmp_path / "gone").exists()


def test_the_history_is_never_written_over_by_the_json(tmp_path: Path) -> None:
    import sqlite3

    history = tmp_path / "history.sqlite3"
    with sqlite3.connect(history) as conn:
        conn.execute("CREATE TABLE games (id INTEGER)")
    conn.close()
    before = history.read_bytes()
    result = simulate("--bots", "easy,easy", "--games", "1", "--target", "5",
                      "--json", str(history))
    assert result.exit_code == 2, result.output
    assert "that is a database" in " ".join(result.output.split())
    assert history.read_bytes() == before


@pytest.mark.parametrize("made", ["nothing", "an empty file"])
def test_a_json_path_ending_in_a_slash_is_refused_as_a_folder_before_anything_starts(
    tmp_path: Path, made: str
) -> None:
    # "--json out/" played every game and then wrote them to a file called "out".
    target = tmp_path / "out"
    if made == "an empty file":
        target.touch()
    result = simulate("--bots", "easy,easy", "--games", "2", "--json", f"{target}/")
    assert result.exit_code == 2, result.output
    output = " ".join(result.output.split())
    assert "Simulating" not in output
    assert ("the folder" in output and "does not exist" in output if made == "nothing"
            else "Not a directory" in output), output
    assert (target.exists() and target.stat().st_size == 0) is (made == "an empty file")


def test_a_table_of_capped_rounds_only_shows_no_means(tmp_path: Path) -> None:
    out = tmp_path / "out.json"
    result = simulate("--bots", "random,random", "--games", "2", "--turn-cap", "30",
                      "--seed", "10", "--json", str(out))
    assert result.exit_code == 0, result.output
    rows = [line for line in result.output.splitlines() if line.split()[1:2] == ["random"]]
    assert len(rows) == 2
    assert all(line.count("–") >= 2 and " 0.0 " not in line for line in rows)
    assert "No round was scored, so there are no points or turns per round" in result.output
    seats = json.loads(out.read_text())["seats"]
    assert all(seat["mean_round_points"] is None and seat["mean_turns"] is None
               for seat in seats)


def test_records_have_a_start_time_and_an_integer_seed_per_game(tmp_path: Path) -> None:
    result = simulate("--bots", "easy,medium", "--games", "3", "--target", "100", "--seed", "5",
                      "--jobs", "2", "--record-dir", str(tmp_path))
    assert result.exit_code == 0, result.output
    lines = [
        json.loads(path.read_text(encoding="utf-8").splitlines()[0])
        for path in sorted(tmp_path.glob("*.jsonl"))
    ]
    assert [line["seed"] for line in lines] == [game_seed(5, index) for index in range(3)]
    assert all(type(line["seed"]) is int and 0 <= line["seed"] < 2**53 for line in lines)
    assert len({line["seed"] for line in lines}) == 3
    assert all(re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", line["started"])
               for line in lines)


def test_ctrl_c_reports_the_games_and_records_finished_so_far(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    play = match_module.play_one

    def stopped_at_game_4(
        match: Match, index: int, keep: Callable[[match_module.GameOutcome], None]
    ) -> match_module.GameOutcome:
        if index == 3:
            raise KeyboardInterrupt
        return play(match, index, keep)

    monkeypatch.setattr(match_module, "play_one", stopped_at_game_4)
    result = simulate("--bots", "easy,medium", "--games", "8", "--target", "100", "--seed", "5",
                      "--record-dir", str(tmp_path))
    assert result.exit_code == 130
    output = " ".join(result.output.split())
    assert "Stopped (Ctrl-C) after 3 of 8 games." in output
    assert "Results per seat" in output
    assert re.search(r"3 games, \d+ rounds, capped rounds: 0 Partial results", output), output
    assert f"3 records were written to {tmp_path}." in output
    assert "not counted" not in output
    assert len(list(tmp_path.glob("*.jsonl"))) == 3


def test_records_of_games_a_second_ctrl_c_left_uncounted_are_said_to_be(tmp_path: Path) -> None:
    # Workers finish the games they were playing after a second Ctrl-C stopped the wait.
    for number in (1, 2, 3):
        (tmp_path / record_name(number - 1)).write_text("{}\n")
    tally = Tally(("easy", "easy"), Rules(2))
    tally.add(play_one(Match(("easy", "easy"), Rules(2, target=100), 5), 0, lambda _o: None))
    said = io.StringIO()
    _report_interrupted(Console(file=said, width=200), tally, tmp_path, 8)
    output = " ".join(said.getvalue().split())
    assert f"3 records were written to {tmp_path}." in output
    assert ("2 of them are of games that finished after the second Ctrl-C: they are not counted "
            "above.") in output


def test_a_match_stopped_before_any_round_has_no_win_rate() -> None:
    [seat, _other] = Tally(("easy", "easy"), Rules(2)).seats()
    assert seat["round_wins"] == 0
    assert seat["round_win_rate"] is None and seat["round_win_interval"] is None


def test_a_history_that_cannot_be_opened_is_reported_without_a_traceback(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    home = tmp_path / "home"
    home.write_text("a file, not a folder\n", encoding="utf-8")
    monkeypatch.setenv("RACKO_HOME", str(home))
    result = simulate("--bots", "easy,medium", "--games", "2", "--target", "150", "--seed", "6",
                      "--history")
    assert result.exit_code == 1
    assert "Results per seat" in result.output
    assert "history" in result.output and "Traceback" not in result.output
    assert home.read_text(encoding="utf-8") == "a file, not a folder\n"


def test_a_record_made_by_another_run_meanwhile_is_named_and_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Two runs on one empty --record-dir both pass the check; the second to write a record
    # said "[Errno 17] File exists: '…/game-00001.jsonl'".
    import rack_o.cli.simulate as simulate_cli

    folder = tmp_path / "recs"
    folder.mkdir()
    theirs = folder / record_name(0)
    monkeypatch.setattr(simulate_cli, "_check_record_dir",
                        lambda record_dir, games: theirs.write_text("theirs\n"))
    result = simulate("--bots", "easy,easy", "--games", "2", "--target", "50",
                      "--record-dir", str(folder))
    assert result.exit_code == 1, result.output
    said = "".join(result.output.split())  # a long path is folded anywhere
    assert "".join((f"The simulation stopped: {theirs} was made by another program while the "
                    "games were played (another racko writing records in the same folder?); "
                    "records are never written over.").split()) in said
    assert "Errno" not in said
    assert theirs.read_text() == "theirs\n"
