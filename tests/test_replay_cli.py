"""`racko replay`: stepping with every rack shown, the summary, damaged files refused (exit 2)."""

from __future__ import annotations

import hashlib
import io
import json
import random
import re
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from builders import (
    deal_next,
    finished_game,
    new_game,
    record_lines,
    unfinished_game,
    write_record,
)
from click.testing import CliRunner
from clirun import squashed
from rich.cells import cell_len
from rich.console import Console
from test_store_records import DAMAGE, lines_of

from rack_o import DISCARD, DRAW, Game, i18n
from rack_o.cli import main
from rack_o.cli.scoreboard import points_caption
from rack_o.rules import Rules


def invoke(args: list[str], keys: str = "") -> tuple[int, str]:
    result = CliRunner().invoke(main, ["replay", *args], input=keys)
    return result.exit_code, result.output


def test_summary_shows_every_round_table_and_the_winner(home: Path) -> None:
    game = finished_game(12, players=3)
    write_record(home / "games" / "2026-11-29-2105-ann-bob-cy.jsonl", game)
    code, out = invoke(["2026-11-29-2105", "--summary"])
    assert code == 0, out
    names = ["Ann", "Bob", "Cy"]
    for result in game.rounds:
        assert f"Round {result.round} — {names[result.dealer]} dealt" in out
        table = out.split(f"Round {result.round} — ")[1].splitlines()[1:]
        racko_row = next(line for line in table if line.strip().startswith(names[result.racko]))
        assert "75 Rack-O" in racko_row
        assert " ".join(f"{c:>2}" for c in result.racks[result.racko]) in racko_row
    winner = names[game.winner]
    assert f"{winner} wins with {game.totals[game.winner]} points after {len(game.rounds)}" in out


@pytest.mark.parametrize("language", ["en", "el", "fr", "cs"])
@pytest.mark.parametrize("stepping", [False, True], ids=["summary", "stepping"])
def test_the_round_tables_footnote_is_wrapped_at_the_terminals_width_as_in_play(
    home: Path, monkeypatch: pytest.MonkeyPatch, language: str, stepping: bool
) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    game = finished_game(6, target=50, names=("Al", "Cy"))  # short names: a narrow table
    write_record(home / "games" / "g.jsonl", game)
    if stepping:
        code, out = invoke(["g", "--lang", language], keys="\n" + "n\n" * len(game.rounds))
    else:
        code, out = invoke(["g", "--summary", "--lang", language])
    assert code == 0, out
    with i18n.restoring_language():
        i18n.install(language)
        footnote = points_caption(Rules(2))
    # Laid out at the terminal's width, as play shows it (one line unless longer than 80).
    at_80 = Console(file=io.StringIO(), width=80)
    with at_80.capture() as captured:
        at_80.print(footnote)
    wrapped = [line.rstrip() for line in captured.get().splitlines()]
    assert len(wrapped) == -(-len(footnote) // 80)
    lines = [line.rstrip() for line in out.splitlines()]
    found = [at for at in range(len(lines)) if lines[at : at + len(wrapped)] == wrapped]
    assert len(found) == len(game.rounds), out
    if not stepping:  # piped, a stepping screen's prompt runs on into the next screen
        assert max(map(len, lines)) <= 80


def test_stepping_shows_every_rack_turn_by_turn(home: Path) -> None:
    game = finished_game(3)
    path = write_record(home / "g.jsonl", game)
    code, out = invoke([str(path)], keys="\n\n\nq\n")
    assert code == 0, out
    assert "Drawing for the first deal" in out
    assert "round 1, turn 0" in out and "round 1, turn 2" in out
    assert "round 1, turn 3" not in out
    deal = record_lines(game)[2]
    assert deal["type"] == "deal"
    screens = out.split("Replay of g")
    first_deal = screens[2]
    for seat, name in enumerate(["Ann", "Bob"]):
        row = next(line for line in first_deal.splitlines() if line.startswith(name))
        dealt = dealt_rack(deal["deck"], seat, 2, deal["dealer"])
        assert row.split()[1:11] == [str(card) for card in dealt]


def test_an_id_matching_several_games_names_each_one_whole_on_a_line_of_its_own(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    ids = ["2026-12-01-0425-ann-bob-cy", "2026-12-01-0430-ann-bob-cy",
           "2026-12-01-0431-player-1-expert-hard", "2026-12-01-0431-player-1-expert-hard-2",
           "2026-12-01-0431-player-1-expert-hard-3", "2026-12-01-0432-paiktis-1-expert-hard"]
    for seed, game_id in enumerate(ids):
        write_record(home / "games" / f"{game_id}.jsonl", finished_game(seed))
    code, out = invoke(["2026"])
    assert code == 2, out
    lines = out.splitlines()
    said = next(n for n, line in enumerate(lines)
                if line.endswith('"2026" matches 6 saved games:'))
    assert lines[said + 1:] == [f"  {game_id}" for game_id in sorted(ids)] + [
        'Give the full ID, or more of its start than "2026".']


def dealt_rack(deck: list[int], seat: int, players: int, dealer: int) -> list[int]:
    """Slot 1 first: the seat's tenth card received down to its first."""
    order = [(dealer + 1 + k) % players for k in range(10 * players)]
    received = [card for card, to in zip(deck, order, strict=False) if to == seat]
    return list(reversed(received))


def test_n_jumps_to_the_round_table_and_the_end_says_so(home: Path) -> None:
    game = finished_game(7)
    path = write_record(home / "g.jsonl", game)
    keys = "\n" + "n\n" * len(game.rounds) + "\n"
    code, out = invoke([str(path)], keys=keys)
    assert code == 0, out
    assert out.count("RACK-O!") == len(game.rounds)
    assert "Final standings" in out and "The end of the game." in out


@pytest.mark.parametrize("last_key", ["\n", " \n", "q\n", "n\n", ""],
                         ids=["enter", "space", "q", "n", "input-ends"])
@pytest.mark.parametrize("finished", [True, False], ids=["finished", "unfinished"])
def test_the_last_step_says_the_replay_is_over_and_offers_only_leaving(
    home: Path, monkeypatch: pytest.MonkeyPatch, finished: bool, last_key: str
) -> None:
    monkeypatch.setenv("LINES", "60")  # each round's end on the screen of its last turn
    if finished:
        game = finished_game(7)
        to_the_end = "n\n" * len(game.rounds)
    else:
        game = unfinished_game(3, 5, kinds=("human", "bot:easy"))
        to_the_end = "n\n"  # the round never ends: n stops at the record's last turn
    write_record(home / "games" / "g.jsonl", game)
    code, out = invoke(["g"], keys="\n" + to_the_end + "?\n" + last_key)
    assert code == 0, out
    ending = "The end of the game." if finished else "The end of the record."
    prompt = f"{ending} Enter or q ends the replay · b back > "
    last = out.split("Replay of g")[-1]
    if not finished:
        assert "round 1, turn 5" in last and "racko resume g" in last
    assert "next turn" not in last and "n end of the round" not in last
    assert last.count(prompt) == 2  # asked again after the help
    assert ("The replay is over: press Enter (or Space) or q to leave it, b to go back.\n"
            + prompt) in last
    assert out.rstrip().endswith(prompt.rstrip())  # nothing more once left


def test_a_wrong_key_says_what_is_valid(home: Path) -> None:
    path = write_record(home / "g.jsonl", finished_game(7))
    code, out = invoke([str(path)], keys="z\nq\n")
    assert code == 0
    assert ("z is not valid here: press Enter (or Space) for the next turn, n to jump to the "
            "end of the round, b to go back a turn, q to quit.") in " ".join(out.split())
    assert "round 1, turn" not in out  # nothing moved


def test_an_unfinished_record_ends_with_how_to_resume(home: Path) -> None:
    write_record(home / "games" / "open.jsonl", unfinished_game(4, turns=5, target=500))
    code, out = invoke(["open", "--summary"])
    assert code == 0
    assert "the game is unfinished" in out and "racko resume open" in out
    code, out = invoke(["open"], keys="\n" * 20)
    assert "the game is unfinished" in out


def test_a_record_that_stops_before_the_first_deal_says_so(home: Path) -> None:
    # It said "The record ends in round 0 after 0 turns": there is no round 0.
    lines = record_lines(finished_game(4))
    path = home / "games" / "early.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in lines[:2]))  # game, draw
    code, out = invoke(["early", "--summary"])
    assert code == 0, out
    assert ("The record ends before the first deal: the game is unfinished. Carry it on with: "
            "racko resume early") in " ".join(out.split())
    assert "round 0" not in out


def test_a_game_being_played_in_another_racko_is_not_offered_to_resume(home: Path) -> None:
    # "Carry it on with: racko resume open" was given, and resume refused it.
    fcntl = pytest.importorskip("fcntl")
    path = home / "games" / "open.jsonl"
    write_record(path, unfinished_game(4, turns=5, target=500))
    with path.open("ab") as held:
        fcntl.flock(held.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        code, out = invoke(["open", "--summary"])
    assert code == 0, out
    assert squashed("the game is being played right now in another racko.") in squashed(out)
    assert "racko resume" not in out


def test_an_unknown_id_is_a_usage_error(home: Path) -> None:
    code, out = invoke(["nope"])
    assert code == 2
    assert 'No saved game "nope"' in out


@pytest.mark.parametrize(("name", "damage", "reason"), DAMAGE, ids=[d[0] for d in DAMAGE])
def test_damaged_files_exit_2_naming_file_line_and_reason_and_stay_unchanged(
    home: Path, name: str, damage: Callable[[list[str]], tuple[bytes, int | None]], reason: str
) -> None:
    data, line = damage(lines_of())
    path = home / "damaged.jsonl"
    path.write_bytes(data)
    before = hashlib.sha256(path.read_bytes()).hexdigest()
    for args in ([str(path)], [str(path), "--summary"]):
        code, out = invoke(args)
        assert code == 2
        assert f"cannot replay {path}" in out
        assert reason in out
        if line is not None:
            assert f"line {line}:" in out
        assert "left exactly as it was" in out
    assert hashlib.sha256(path.read_bytes()).hexdigest() == before


def test_an_unfinished_file_outside_the_games_folder_says_to_resume_its_path(
    home: Path, tmp_path: Path
) -> None:
    outside = tmp_path / "elsewhere.jsonl"
    write_record(outside, unfinished_game(5, turns=9))
    code, out = invoke([str(outside), "--summary"])
    assert code == 0, out
    assert squashed(f"Carry it on with: racko resume {outside}") in squashed(out)


def test_replay_refuses_an_unfinished_game_of_two_people_without_reveal(home: Path) -> None:
    write_record(home / "games" / "open.jsonl", unfinished_game(3, 3, kinds=("human", "human")))
    code, out = invoke(["open"], "\n" * 50)
    assert code == 2
    assert ("Error: this game is not finished and has 2 or more people at the table: replaying "
            "it now would show their racks. Add --reveal if everyone agrees, or see the scores "
            "with --summary.") in " ".join(out.split())
    assert "Ann" not in out
    code, out = invoke(["open", "--reveal"], "\n" * 50)
    assert code == 0, out
    assert re.search(r"^Ann( +\d+){11}$", out, flags=re.MULTILINE)  # her rack and points
    code, out = invoke(["open", "--summary"])
    assert code == 0, out


@pytest.mark.parametrize("command", ["replay", "review"])
@pytest.mark.parametrize(("kinds", "options"), [
    (("human", "human"), ["--reveal"]), (("human", "human"), ["--reveal", "--summary"]),
    (("human", "bot:easy"), ["--reveal"]), (("human", "human"), []),
], ids=["two-people", "two-people-summary", "one-person", "two-people-without-reveal"])
def test_a_game_being_played_right_now_is_not_revealed_to_another_terminal(
    home: Path, command: str, kinds: tuple[str, ...], options: list[str]
) -> None:
    """A player waiting for their turn could read every rack at a second terminal: the
    refusal taught --reveal, and --reveal showed them."""
    fcntl = pytest.importorskip("fcntl")
    if command == "review" and "--summary" in options:
        options = ["--reveal", "--json"]
    path = home / "games" / "open.jsonl"
    write_record(path, unfinished_game(3, 3, kinds=kinds))
    with path.open("ab") as held:
        fcntl.flock(held.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        result = CliRunner().invoke(main, [command, "open", *options], input="\n" * 50)
    said = " ".join(result.output.split())
    assert result.exit_code == 2, result.output
    assert "this game is being played right now" in said
    assert "Add --reveal" not in said
    assert not re.search(r"^Bob( +\d+){11}$", result.output, flags=re.MULTILINE)
    # Once it is left, --reveal shows it again.
    result = CliRunner().invoke(main, [command, "open", "--reveal"], input="q\n")
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize(
    ("kinds", "options", "seed_shown"),
    [(("human", "human"), [], False), (("human", "human"), ["--reveal"], True),
     (("human", "bot:easy"), [], True)],
)
def test_the_summary_of_an_unfinished_game_of_two_people_keeps_its_seed_back(
    home: Path, kinds: tuple[str, ...], options: list[str], seed_shown: bool
) -> None:
    # Anyone with the seed could deal the same cards in another window and see every rack.
    write_record(home / "games" / "open.jsonl", unfinished_game(3, 3, kinds=kinds))
    seed = json.loads((home / "games" / "open.jsonl").read_text().splitlines()[0])["seed"]
    code, out = invoke(["open", "--summary", *options])
    assert code == 0, out
    assert (f"seed {seed}" in out) is seed_shown, out
    assert "the game is unfinished" in out


@pytest.mark.parametrize(
    ("kinds", "turns"),
    [(("human", "human"), None), (("human", "bot:easy"), 3), (("bot:easy", "bot:hard"), 3)],
)
def test_replay_steps_through_finished_games_and_games_of_at_most_one_person(
    home: Path, kinds: tuple[str, ...], turns: int | None
) -> None:
    if turns is None:
        game = finished_game(3, kinds=kinds)
    else:
        game = unfinished_game(3, turns, kinds=kinds)
    write_record(home / "games" / "g.jsonl", game)
    code, out = invoke(["g"], "q\n")
    assert code == 0, out
    assert out.startswith("Replay of g\nDrawing for the first deal: Ann drew ")


# A prompt may wrap in a narrow window: between its words, any white space.
PROMPTS = re.compile(r"((?:Enter for the next turn · n (?:end of the round|next round's end)"
                     r"(?: · b back)? · q quit|"
                     r"Enter next turn · n (?:round's end|next round's end) · b back · q quit|"
                     r"Enter for the rest of "
                     r"this turn · b back · q quit|"
                     r"Enter for the end of the round · b back · q quit|"
                     r"Enter for the final standings · b back · q quit|"
                     r"The end of the game\. Enter or q ends the replay · b back) > )"
                     .replace(" ", r"\s+"))


@pytest.mark.parametrize(("columns", "lines", "players"), [(80, 24, 3), (60, 20, 4)])
def test_every_replay_screen_fits_the_terminal_and_the_last_turn_is_followed_by_the_end(
    home: Path, monkeypatch: pytest.MonkeyPatch, columns: int, lines: int, players: int
) -> None:
    monkeypatch.setenv("COLUMNS", str(columns))
    monkeypatch.setenv("LINES", str(lines))
    game = finished_game(8, players=players, target=100)
    write_record(home / "games" / "g.jsonl", game)
    code, out = invoke(["g"], keys="n\n" * 100)
    assert code == 0, out
    # Each screen ends with its prompt, on lines of its own.
    parts = PROMPTS.split(out)
    screens, prompts = parts[:-1:2], parts[1::2]
    assert all(len(screen.splitlines()) + len(prompt.splitlines()) <= lines
               for screen, prompt in zip(screens, prompts, strict=True)), max(
        screens, key=lambda screen: len(screen.splitlines()))
    # The last turn's screen starts with where it is and what was played; the round's end,
    # the round table and the standings follow on the next screens, nothing left out.
    last = next(at for at, screen in enumerate(screens) if screen.startswith(
        f"Replay of g  ·  round {len(game.rounds)}, turn {game.rounds[-1].turns}  ·  "))
    assert re.search(r"^\w+ (drew|took) \d+", screens[last].splitlines()[1])
    rest = "\n".join(screens[last:])
    for said in ("RACK-O!", f"Round {len(game.rounds)} — ", "Final standings",
                 f"wins with {max(game.totals)} points"):
        assert said in rest, said
    assert out.endswith("The end of the game. Enter or q ends the replay · b back > \n")


def finished_in_the_smallest_window(home: Path, monkeypatch: pytest.MonkeyPatch) -> Game:
    """A finished game saved as "g", replayed in a window of 45 by 15: its last round's end
    takes more than one screen."""
    monkeypatch.setenv("COLUMNS", "45")
    monkeypatch.setenv("LINES", "15")
    game = finished_game(8, target=100)
    write_record(home / "games" / "g.jsonl", game)
    return game


def test_a_last_round_s_end_too_long_for_one_screen_is_followed_by_the_final_standings(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    finished_in_the_smallest_window(home, monkeypatch)
    code, out = invoke(["g"], keys="n\n" * 60)
    assert code == 0, out
    before, standings = out.rsplit("Final standings", 1)
    # The screen before the standings ends with the prompt that says they come next.
    assert " ".join(before.split()).endswith("Enter for the final standings · b back · q quit >")
    assert "The end of the game." in standings


def test_b_at_the_final_standings_shows_the_turn_that_went_out_again(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # b there went back to the turn before the last one, skipping the Rack-O.
    game = finished_in_the_smallest_window(home, monkeypatch)
    _code, through = invoke(["g"], keys="n\n" * 60)
    before_the_end = through.count(" > ") - 1  # the keys up to the game's end, each asked
    code, out = invoke(["g"], keys="n\n" * before_the_end + "b\nq\n")
    assert code == 0, out
    rounds, last = len(game.rounds), game.rounds[-1].turns
    after_b = " ".join(out.split()).rsplit("The end of the game.", 1)[1]
    assert f"Replay of g · round {rounds}, turn {last} · " in after_b, after_b
    assert f"round {rounds}, turn {last - 1} · " not in after_b


@pytest.mark.parametrize("command", ["replay", "review"])
def test_the_refusal_to_show_an_unfinished_game_of_people_breaks_between_words(
    home: Path, monkeypatch: pytest.MonkeyPatch, command: str
) -> None:
    monkeypatch.setenv("COLUMNS", "60")
    write_record(home / "games" / "open.jsonl", unfinished_game(3, 3, kinds=("human", "human")))
    result = CliRunner().invoke(main, [command, "open"])
    assert result.exit_code == 2
    lines = result.output.splitlines()
    assert lines[0].startswith("Error: this game is not finished and has 2 or more people")
    assert all(len(line) <= 60 for line in lines), lines


def tied_at_the_top() -> Game:
    """Player 1 goes out in round 1, Player 2 in round 2: both on 110 with 100 to reach, so a
    third round (Player 1 out again) decides."""
    game = new_game(2, dealer=1, target=100)
    out, seven = list(range(1, 11)), [11, 12, 13, 14, 15, 16, 40, 17, 18, 19]
    for racks in ([out, seven], [seven, out], [out, seven]):
        deal_next(game, racks, 20)
        game.apply(DRAW)
        game.apply(DISCARD)
    assert [result.totals for result in game.rounds] == [(75, 35), (110, 110), (185, 145)]
    return game


@pytest.mark.parametrize("stepping", [False, True], ids=["summary", "stepping"])
def test_a_round_that_ends_tied_at_the_top_says_another_round_decides(
    home: Path, stepping: bool
) -> None:
    write_record(home / "games" / "g.jsonl", tied_at_the_top())
    args, keys = (["g"], "\n" + "n\n" * 3) if stepping else (["g", "--summary"], "")
    code, out = invoke(args, keys=keys)
    assert code == 0, out
    said = squashed(out)
    sentence = squashed(
        "Player 1 and Player 2 are tied at the top with 110: another round decides.")
    assert said.count(sentence) == 1, out
    assert said.index(sentence) < said.index(squashed("Round 3 —")), out


@pytest.mark.parametrize("language", ["en", "cs"])
@pytest.mark.parametrize("columns", [45, 50, 60, 70])
@pytest.mark.parametrize("partners", [False, True], ids=["players", "partners"])
def test_a_narrow_summary_keeps_every_name_and_number_whole_as_in_play(
    home: Path, monkeypatch: pytest.MonkeyPatch, columns: int, language: str, partners: bool
) -> None:
    # At 60 columns the summary squeezed its full table: the names' column went, "To go"
    # was cut to "Zbýv" in Czech and its 60 to 6.
    monkeypatch.setenv("COLUMNS", str(columns))
    names = ("Hard", "Easy", "Medium", "Expert")
    game = finished_game(3, players=4, target=100, names=names, partners=partners, bonus=True)
    write_record(home / "games" / "g.jsonl", game)
    code, out = invoke(["g", "--summary", "--lang", language])
    assert code == 0, out
    assert max(len(line) for line in out.splitlines()) <= columns, out
    with i18n.restoring_language():
        i18n.install(language)
        to_go, caption = i18n._("To go"), points_caption(game.rules)
    first = game.rounds[0]
    # The first round's table: from under its title (which names the dealer) to its footnote.
    table = out.split("—", 1)[1].split("\n", 1)[1].split(caption[:12], 1)[0]
    lines = table.splitlines()
    for name, rack in zip(names, first.racks, strict=True):
        # The name, then its rack on its line or the next.
        at = next(i for i, line in enumerate(lines) if re.search(rf"\b{name}\b", line))
        assert " ".join(map(str, rack)) in " ".join(" ".join(lines[at:at + 2]).split()), out
    words = re.findall(r"\w+", table)
    assert all(str(total) in words for total in first.totals), out
    if to_go in table:  # the full table: each distance to the target whole
        distances = [str(100 - total) for total in first.totals if total < 100]
        assert all(distance in words for distance in distances), out
    else:
        assert to_go[:3] not in table, out  # nor cut short


@pytest.mark.parametrize("language", ["en", "el", "fr", "cs"])
@pytest.mark.parametrize("columns", range(36, 72, 3))
def test_the_summarys_rules_line_breaks_only_between_its_details(
    home: Path, monkeypatch: pytest.MonkeyPatch, columns: int, language: str
) -> None:
    # At 45 columns "started" ended a line and its date began the next.
    monkeypatch.setenv("COLUMNS", str(columns))
    game = finished_game(3, players=4, target=100, partners=True, bonus=True)
    write_record(home / "games" / "g.jsonl", game)
    code, out = invoke(["g", "--summary", "--lang", language])
    assert code == 0, out
    with i18n.restoring_language():
        i18n.install(language)
        started = i18n._("started {started}").split("{started}")[0].strip()
        seed = i18n._("seed {seed}").split("{seed}")[0].strip()
    lines = [line.rstrip() for line in out.splitlines()[1:4]]
    assert any(re.search(rf"{re.escape(started)} \d{{4}}-\d\d-\d\d \d\d:\d\d", line)
               for line in lines), out
    assert any(f"{seed} 3" in line for line in lines), out
    assert not [line for line in lines if line.endswith("·") or line.startswith("·")], out


def _round_of_discards(path: Path, turns: int) -> Game:
    """A record of one round in which every drawn card is discarded for `turns` turns (a legal
    round that never ends, the draw pile turned over every 19 turns); its game."""
    from rack_o.game import Player
    from rack_o.record import dumps, event, header_of

    game = Game(Rules(2), random.Random(1), players=(Player("Ann"), Player("Bob")))
    game.deal()
    for _ in range(turns):
        game.apply(DRAW)
        game.apply(DISCARD)
    path.write_text(dumps(header_of(game, 1).event())
                    + "".join(dumps(event(step)) for step in game.steps), encoding="utf-8")
    return game


def test_each_turn_over_of_a_long_round_is_told_with_the_turn_that_emptied_the_pile(
    tmp_path: Path,
) -> None:
    from rack_o.cli.replay import steps
    from rack_o.steps import Turn, TurnOver
    from rack_o.store.records import load_record

    game = _round_of_discards(tmp_path / "long.jsonl", 200)
    told = [step.what for step in steps(load_record(tmp_path / "long.jsonl"))][2:]  # the turns
    played = game.steps[2:]
    expected = []
    for before, after in zip(played, [*played[1:], None], strict=True):
        if isinstance(before, Turn):
            expected.append(f"drew and discarded {before.discarded}."
                            + (f" The draw pile ran out: the discard pile was turned over and "
                               f"{after.card} turned up." if isinstance(after, TurnOver) else ""))
    assert len(told) == 200 and sum("ran out" in what for what in told) == 10
    assert [what.split(" ", 1)[1] for what in told] == expected


def test_stepping_costs_as_much_at_the_end_of_a_long_round_as_at_its_start(
    tmp_path: Path,
) -> None:
    from rack_o.cli.replay import steps
    from rack_o.store.records import load_record

    turns, measured = 40_000, 2_000
    _round_of_discards(tmp_path / "long.jsonl", turns)
    stepped = steps(load_record(tmp_path / "long.jsonl"))

    def seconds(count: int) -> float:
        start = time.perf_counter()
        for _ in range(count):
            next(stepped)
        return time.perf_counter() - start

    # Each end timed in five parts, the quickest taken: a moment's load on a shared machine
    # slows a part, not all five.
    first = min(seconds(measured // 5) for _ in range(5))
    seconds(turns - 2 * measured)
    last = min(seconds(measured // 5) for _ in range(5))
    # Asking the round's history each turn made a step's cost grow with the turns before it:
    # the last steps then cost ten times the first.
    assert last < 3 * first


def _rounds_won_at_once(path: Path, rounds: int) -> None:
    """A record of `rounds` rounds, each gone Rack-O at its first turn (a stacked deck), in a
    game to a target they never reach (the highest: 600 rounds bring a player 22,500)."""
    from builders import deck_for

    from rack_o.game import Player
    from rack_o.record import dumps, event, header_of
    from rack_o.rules import HIGHEST_TARGET

    game = Game(Rules(2, target=HIGHEST_TARGET), random.Random(1),
                players=(Player("Ann"), Player("Bob", "bot:easy")))
    for _ in range(rounds):
        dealer = game.dealer if game.round == 0 else (game.dealer + 1) % 2
        racks = [list(range(20, 10, -1))] * 2
        racks[(dealer + 1) % 2] = list(range(1, 11))  # the first to play goes out
        game.deal(deck_for(racks, 21, dealer=dealer))
        game.apply(DRAW)
        game.apply(DISCARD)
    path.write_text(dumps(header_of(game, 1).event())
                    + "".join(dumps(event(step)) for step in game.steps), encoding="utf-8")


def test_the_summary_of_a_game_of_many_rounds_streams_out_round_after_round(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import rack_o.cli.replay as replay_module
    import rack_o.cli.scoreboard as scoreboard_module

    rounds = 600
    _rounds_won_at_once(home / "many.jsonl", rounds)
    built = 0

    class Counted(scoreboard_module.Table):
        def __init__(self, *args: object, **kwargs: object) -> None:
            nonlocal built
            built += 1
            super().__init__(*args, **kwargs)

    written: list[tuple[float, int, str]] = []

    class Timed(io.StringIO):
        def write(self, text: str) -> int:
            written.append((time.perf_counter(), built, text))
            return len(text)

    monkeypatch.setattr(scoreboard_module, "Table", Counted)
    monkeypatch.setattr(replay_module, "make_console",
                        lambda: Console(file=Timed(), width=80, color_system=None))
    start = time.perf_counter()
    code, _out = invoke([str(home / "many.jsonl"), "--summary"])
    took = time.perf_counter() - start
    assert code == 0
    text = "".join(text for _when, _built, text in written)
    assert text.count("Round ") >= rounds and f"Round {rounds} " in text
    first_table, built_then = next((when, count) for when, count, text in written
                                   if "Round 1 " in text)
    # Drawn whole first, nothing showed until the last table was drawn (and the whole
    # drawing was held in memory): a game of 60,000 rounds took minutes and gigabytes.
    assert first_table - start < took / 3
    # The rounds are only measured before the first table is printed: every table built
    # first held ~10 KB a round until then (150 MB for 16,000 rounds).
    assert built_then == 1


def _replayed_at(monkeypatch: pytest.MonkeyPatch, lines: int, record: Path, game: Game,
                 keys: str) -> str:
    """What `racko replay` shows of `game`, saved as `record` in the games folder, in a window
    80 columns wide and `lines` high, as `keys` are pressed."""
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setenv("LINES", str(lines))
    write_record(record, game)
    code, out = invoke([record.stem], keys=keys)
    assert code == 0, out
    return out


@pytest.mark.parametrize(("lines", "prompt"), [
    (24, "Enter for the next turn · n end of the round · b back · q quit > "),
    # The turn that ended a round, the round's end on the next screen.
    (12, "Enter for the end of the round · b back · q quit > "),
])
def test_the_replay_keys_say_what_enter_is_for(
    home: Path, monkeypatch: pytest.MonkeyPatch, lines: int, prompt: str
) -> None:
    out = _replayed_at(monkeypatch, lines, home / "games" / "g.jsonl",
                       finished_game(8, players=3, target=100), "\n" * 40 + "q\n")
    assert prompt in out
    assert "Enter next turn" not in out and "Enter the rest" not in out


def test_n_goes_to_the_round_s_end_and_from_there_to_the_next_round_s_end(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = _replayed_at(monkeypatch, 40, home / "games" / "g.jsonl",
                       finished_game(8, players=3, target=300), "n\nn\nq\n")
    mid, at_end = ("Enter for the next turn · n end of the round · b back · q quit > ",
                   "Enter for the next turn · n next round's end · b back · q quit > ")
    first, second, third = out.split(" > ")[:3]
    assert (first + " > ").endswith(mid), first
    for screen in (second, third):  # round 1's end, then round 2's
        assert "Points: n × 5" in screen and (screen + " > ").endswith(at_end), screen
    assert "Round 2" in third or "round 2" in third, third


def test_a_round_end_cut_over_two_screens_is_said_to_be_the_round_s_end(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = _replayed_at(monkeypatch, 12, home / "games" / "g.jsonl",
                       finished_game(8, players=3, target=100), "\n" * 400 + "q\n")
    assert "rest of this turn" not in out  # the turn was whole: what follows is the round's
    prompt = "Enter for the end of the round · b back · q quit > "
    cut = out.split(prompt)
    assert len(cut) > 2, out  # every round of the game
    for before, after in zip(cut, cut[1:], strict=False):
        screen = before.rsplit(" > ", 1)[-1]
        # The turn that made a Rack-O, or the start of the round's end, on the screen before;
        assert "Rack-O" in screen or "RACK-O!" in screen, screen
        # more of the round's end on the next, never another turn.
        assert "Replay of g" not in after.split(" > ", 1)[0], after


def test_a_turn_before_the_unfinished_note_alone_says_the_record_ends_next(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = _replayed_at(monkeypatch, 12, home / "games" / "open.jsonl",
                       unfinished_game(4, turns=5, target=500), "\n" * 40)
    prompt = "Enter for the end of the record · b back · q quit > "
    assert out.count(prompt) == 1, out
    before, after = out.split(prompt)
    assert "turn 5" in before.rsplit(" > ", 1)[-1]  # the record's last turn
    assert "the game is unfinished" in " ".join(after.split(" > ", 1)[0].split())
    assert "rest of this turn" not in out


def test_b_at_the_end_of_the_replay_goes_back_to_the_last_turn(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LINES", "60")  # each round's end on the screen of its last turn
    game = unfinished_game(3, 5, kinds=("human", "bot:easy"))
    write_record(home / "games" / "g.jsonl", game)
    # The deal, n to the record's last turn (turn 5), b to turn 4, Enter to turn 5 again, q.
    code, out = invoke(["g"], keys="\nn\nb\n\nq\n")
    assert code == 0, out
    screens = out.split("Replay of g")
    turns = [re.search(r"round 1, turn (\d+)", screen) for screen in screens]
    assert [int(found.group(1)) for found in turns if found][-3:] == [5, 4, 5]
    assert screens[-1].count("The end of the record.") >= 1


@pytest.mark.parametrize("width", [45, 60])
def test_long_names_are_cut_in_the_racks_and_every_card_is_shown_whole(
    home: Path, monkeypatch: pytest.MonkeyPatch, width: int
) -> None:
    monkeypatch.setenv("COLUMNS", str(width))
    names = ["Alexandra-Konsta", "名字太郎花子次郎三郎四郎五"]
    game = unfinished_game(5, 6, names=names, kinds=("bot:easy", "bot:easy"))
    write_record(home / "games" / "g.jsonl", game)
    code, out = invoke(["g"], keys="\n" * 8)
    assert code == 0, out
    last = out.split("Replay of g")[-1].splitlines()
    rows = [line for line in last if re.search(r"(\s+\d{1,2}){10}\s+(\d+|out|Rack-O)$",
                                               line.rstrip())]
    assert len(rows) == 2, last
    for row, rack in zip(rows, game.racks, strict=True):
        assert row.rstrip().split()[-11:-1] == [str(card) for card in rack]
    assert all(cell_len(line) <= width for line in last)


def test_a_game_of_bots_stopped_at_the_turn_cap_is_not_offered_to_be_carried_on(
    home: Path, tmp_path: Path
) -> None:
    made = CliRunner().invoke(main, ["simulate", "--games", "1", "--bots", "random,random",
                                     "--seed", "1", "--record-dir", str(tmp_path / "recs")])
    assert made.exit_code == 0, made.output
    [record] = (tmp_path / "recs").glob("*.jsonl")
    code, out = invoke([str(record), "--summary"])
    assert code == 0, out
    said = " ".join(out.split())
    assert ("computer players alone did not finish the round, so the game cannot be carried "
            f"on. Remove its record with: racko resume --drop {record}") in said
    assert "Carry it on with" not in said


def test_a_drawn_card_thrown_away_as_its_player_left_and_a_stand_in_s_turn_are_told_so(
    home: Path,
) -> None:
    # Replay said "Ann drew and discarded 13.", as if she had chosen to; review leaves such
    # a turn out. A hosted table's computer player in Bob's seat reads "Bob (computer)".
    game = unfinished_game(2, 4)
    game.apply(DRAW)
    drawn = game.view(game.mover).held
    mover = game.players[game.mover].name
    game.apply(DISCARD)
    lines = record_lines(game)
    turns = [line for line in lines if line["type"] == "turn"]
    turns[-1]["left"] = True
    turns[-2]["stand_in"] = "bot:hard"
    other = game.players[turns[-2]["seat"]].name
    (home / "games").mkdir(exist_ok=True)
    (home / "games" / "g.jsonl").write_text("".join(json.dumps(line) + "\n" for line in lines),
                                           encoding="utf-8")
    code, out = invoke(["g"], keys="\n" * 40)
    assert code == 0, out
    said = " ".join(out.split())
    assert (f"{mover}'s turn was cut short after drawing {drawn}: a draw cannot be undone, so "
            "it was discarded.") in said
    assert f"{mover} drew and discarded {drawn}" not in said
    assert f"{other} (computer) " in said


@pytest.mark.parametrize("language", ["en", "fr", "el", "cs"])
def test_a_replay_s_keys_take_one_line_of_60_columns_every_key_named(language: str) -> None:
    # At 60 columns the prompt left b out, and in French and Greek still put its ">" on a
    # line of its own.
    from rack_o.cli.prompt import fitting, prompt_lines
    from rack_o.cli.replay import KEYS_PROMPT, KEYS_PROMPT_AT_ROUND_END

    with i18n.speaking(language):
        for forms in (KEYS_PROMPT, KEYS_PROMPT_AT_ROUND_END):
            prompts = [i18n._(form) for form in forms]
            assert prompt_lines(60, prompts) == 1, fitting(60, prompts)
            assert all(f"[bold]{key}[/]" in fitting(60, prompts) for key in "nbq")


def test_b_on_the_first_screen_says_nothing_comes_before_it(home: Path) -> None:
    # It showed the same screen again without a word, as if b were broken.
    write_record(home / "games" / "g.jsonl", unfinished_game(3, 5, kinds=("human", "bot:easy")))
    code, out = invoke(["g"], keys="b\n\nb\nq\n")  # b; the deal; b back to the first; q
    assert code == 0, out
    assert out.count("This is the start of the record: nothing comes before it.") == 1, out
    assert out.count("Replay of g") >= 3, out  # the first screen, the deal, the first again
