"""`racko simulate`: options, the result table and JSON, records, capped rounds, bad input."""

from __future__ import annotations

import json
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from rack_o import Rules, rebuild
from rack_o.bots.match import play_one, seat_turns, wilson
from rack_o.cli import main
from rack_o.cli.simulate import seat_specs

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
    assert a["rules"] == Rules(2, target=150).to_record()
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
        game = rebuild(path.read_text(encoding="utf-8"))
        again = play_one(["hard", "medium", "easy"], rules, 8, index)
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
        game = rebuild(text)
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
        (["--bots", "hard,expert"], "unknown bot level 'expert'"),
        (["--bots", "hard,no_such_module_xyz:Bot"], "'no_such_module_xyz' does not import"),
        (["--bots", "hard,broken_bots:NoChoose"], "lacks the bot interface"),
        (["--bots", "hard,easy,easy", "--players", "2"], "2 players need 2 bots, but 3"),
        (["--bots", "hard"], "2 to 4 seats"),
        (["--bot", "5=hard", "--bots", "easy"], "seats are numbered 1 to 2"),
        (["--bot", "two=hard", "--bots", "easy"], "SEAT=BOT"),
        (["--bots", "hard,easy", "--partners"], "Partners needs exactly 4 players"),
    ],
)
def test_usage_errors_exit_2_before_anything_starts(
    args: list[str], message: str, tmp_path: Path
) -> None:
    result = simulate(*args, "--record-dir", str(tmp_path / "never"))
    assert result.exit_code == 2
    assert message in " ".join(result.output.split())
    assert not (tmp_path / "never").exists()


@pytest.mark.parametrize(
    ("bot", "said"),
    [
        ("broken_bots:Cheater", "Cheater (seat 2) chose 'place in slot 1', which is not legal"),
        ("broken_bots:Crasher", "Crasher (seat 2) failed: RuntimeError('out of ideas')"),
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
    game = rebuild(record.read_text(encoding="utf-8"))  # the record so far is intact
    assert not game.is_over


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


@pytest.mark.parametrize(
    ("turns", "first", "expected"),
    [(7, 0, (4, 3)), (7, 1, (3, 4)), (9, 2, (3, 3, 3)), (10, 2, (3, 3, 4))],
)
def test_each_seat_played_its_share_of_a_round(turns: int, first: int, expected) -> None:
    assert seat_turns(turns, first, len(expected)) == expected


@pytest.mark.parametrize(("wins", "n"), [(0, 10), (5, 10), (10, 10), (812, 1000)])
def test_wilson_interval_holds_the_rate(wins: int, n: int) -> None:
    low, high = wilson(wins, n)
    assert 0 <= low <= wins / n <= high <= 1
    assert high - low < 0.6
