"""`racko play` through click's CliRunner: every option, every usage error, the record it writes."""

from __future__ import annotations

import io
import json
import random
import re
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from clirun import flat
from rich.console import Console

from rack_o.agent import play_game
from rack_o.bots import make_bot
from rack_o.cli import main
from rack_o.cli.new_game import start_notices
from rack_o.cli.session import end_notes
from rack_o.game import Game, Player
from rack_o.record import parse_lines, read_header, rebuild
from rack_o.rules import Rules
from rack_o.steps import Deal


def run(args: list[str], input: str | None = None) -> Result:
    return CliRunner().invoke(main, ["play", *args], input=input)


def events(path: Path) -> list[dict]:
    return [event for _, event in parse_lines(path.read_text(encoding="utf-8"))]


# ---------------------------------------------------------------- usage errors


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--players", "5"], "Invalid value for '--players': expected a whole number from 1 to 4 "
         "(such as --players 3), not 5."),
        (["--players", "1"], "add them with --bots, such as racko play --bots hard."),
        (["--players", "1", "--bots", "easy,easy,easy,easy"],
         "You and 4 bots make 5; Rack-O is for 2 to 4 players."),
        (["--players", "three"], "expected a whole number from 1 to 4 (such as --players 3), not "
         "'three'."),
        (["--players", "3", "--partners"], "--partners needs 4 players, not 3."),
        (["--players", "3", "--run-of-three"], "--run-of-three is for 2 players only, not 3."),
        (["--players", "1", "--bots", "easy,hard", "--run-of-three"],
         "--run-of-three is for 2 players only, not 3."),
        (["--players", "1", "--bots", "easy", "--partners"], "--partners needs 4 players, not 2."),
        (["--partners", "--run-of-three"], "--run-of-three is for 2 players only, not 4."),
        # Without --players, --bots seats one person with them: bots in every seat is refused.
        (["--partners", "--bots", "easy,easy,easy,easy"],
         "--partners seats 4 players, and 4 bots would take every seat: name 3 bots to keep "
         "a seat for you, or add --players 4 to watch the bots play each other."),
        (["--partners", "--bot", "1=hard", "--bots", "easy,easy,easy"],
         "--partners seats 4 players, and 4 bots would take every seat"),
        (["--partners", "--names", "Ann", "--bots", "easy,easy,easy,easy"],
         "--partners seats 4 players, and 4 bots would take every seat"),
        (["--run-of-three", "--bots", "easy,hard"],
         "--run-of-three seats 2 players, and 2 bots would take every seat: name 1 bot to keep "
         "a seat for you, or add --players 2 to watch the bots play each other."),
        # Without --players the names are the people's: one a bot would take is refused.
        (["--run-of-three", "--names", "Ann,Bob", "--bots", "hard"],
         "Invalid value for '--names': --run-of-three seats 2 players, but 2 names given and "
         "1 bot make 3: name only the people, or add --players 2 to name every seat, the "
         "bots' too."),
        (["--partners", "--names", "Ann,Bob,Cy,Dee", "--bots", "hard"],
         "--partners seats 4 players, but 4 names given and 1 bot make 5"),
        (["--target", "7"], "the target must be a multiple of 5 from 5 to 5,000 (such as 500), "
         "not 7"),
        (["--target", "0"], "the target must be a multiple of 5 from 5 to 5,000 (such as 500), "
         "not 0"),
        (["--target", "-5"], "the target must be a multiple of 5 from 5 to 5,000 (such as 500), "
         "not -5"),
        (["--players", "2", "--names", "Ann,Bob,Cy"], "3 names given for 2 players."),
        (["--names", "Ann,Bob,Cy,Dee,Eve"], "5 names given; Rack-O is for 2 to 4 players."),
        # One name alone: most likely someone who means to play the bots, told how.
        (["--names", "Ann"], "1 name given; Rack-O is for 2 to 4 players. To play against "
         "computer players, add them with --bots: racko play --names Ann --bots hard"),
        (["--names", "Ann Lee"], "add them with --bots: racko play --names 'Ann Lee' --bots hard"),
        (["--names", "Ann,Bob,Cy", "--bots", "easy,easy"],
         "3 names given and 2 bots; Rack-O is for 2 to 4 players."),
        (["--names", "Ann,ann"], "each player needs a different name."),
        (["--names", "Ann,,Bob"], "a name cannot be empty."),
        (["--names", "Ann,Bartholomew Longname"],
         "'Bartholomew Long'… is longer than 16 characters."),
        # An accent alone joins onto what is printed before it: the name would vanish.
        (["--names", "Ann,\u0301"], "starts with an accent or a mark on its own"),
        (["--names", "\u0301Bob,Ann"], "starts with an accent or a mark on its own"),
        (["--names", "Ann,\ufe0f"], "starts with an accent or a mark on its own"),
        (["--names", "Ann,\u0e34"], "starts with an accent or a mark on its own"),
        (["--names", "Ann,\u20dd"], "starts with an accent or a mark on its own"),
        (["--names", "Ann,\u1160x"], "starts with an accent or a mark on its own"),
        (["--seed", "-1"], "Invalid value for '--seed': a seed is a whole number, 0 or more, that "
         "decides the cards dealt (such as --seed 42), not -1."),
        (["--players", "2", "--bot", "3=easy"], "seat 3 does not exist with 2 players"),
        (["--players", "2", "--bot", "easy"], "'easy' must be SEAT=LEVEL, such as 2=hard."),
        (["--players", "3", "--bot", "2=easy", "--bot", "2=hard"], "seat 2 is given twice."),
        (["--players", "2", "--bots", "easy,easy,easy"], "3 bots do not fit in the 2 free seats"),
        (["--players", "2", "--bots", "easy,"], "must list bot levels separated by commas"),
        (["--players", "2", "--bot", "2=genius"], "unknown bot level 'genius'"),
        (["--players", "2", "--bots", "no_such_module:Bot"], "does not import"),
        (["--players", "3", "--bots", "easy", "--names", "Ann,Bob,Cy,Dee"],
         "4 names given: give 2 (one per person) or 3 (one per seat)."),
    ],
)
def test_usage_errors_exit_2_with_a_clear_message_before_anything_starts(
    home: Path, args: list[str], message: str
) -> None:
    record = home / "game.jsonl"
    result = run([*args, "--record", str(record)], input="")
    assert result.exit_code == 2, result.output
    assert message in " ".join(result.output.split())
    assert "Traceback" not in result.output
    assert "Drawing for the first deal" not in result.output
    assert not record.exists()


def test_an_empty_record_name_asks_for_a_file_name(home: Path) -> None:
    result = run(["--bots", "easy", "--record", ""], input="")
    assert result.exit_code == 2, result.output
    assert "--record': give the name of a new file." in " ".join(result.output.split())


def test_record_refuses_an_existing_file_and_leaves_it_alone(home: Path) -> None:
    record = home / "old.jsonl"
    record.write_text("precious\n", encoding="utf-8")
    result = run(["--players", "2", "--bots", "easy,easy", "--record", str(record)])
    assert result.exit_code == 2
    assert "already exists and is not empty; racko never writes over a record" in " ".join(
        result.output.split()
    )
    assert record.read_text(encoding="utf-8") == "precious\n"


class _AnotherRackoWrites(io.BytesIO):
    """The keyboard of a racko asking who plays, while another racko, given the same --record,
    finishes a game into that file: it is written as the first answer is read."""

    def __init__(self, answers: str, record: Path, game: str) -> None:
        super().__init__(answers.encode())
        self.record, self.game = record, game

    def _meanwhile(self, size: int | None) -> None:
        # read(0) is click looking at what kind of stream this is, before the options.
        if size != 0 and not self.record.stat().st_size:
            self.record.write_text(self.game, encoding="utf-8")

    def read(self, size: int | None = -1) -> bytes:
        self._meanwhile(size)
        return super().read(size)

    def read1(self, size: int = -1) -> bytes:
        self._meanwhile(size)
        return super().read1(size)

    def readline(self, size: int | None = -1) -> bytes:
        self._meanwhile(size)
        return super().readline(size)


def test_a_record_written_while_the_names_were_asked_is_not_written_over(home: Path) -> None:
    # --record found the file empty, but the game was opened after the questions: a second
    # game line was appended to the other racko's game, and neither could be read again.
    record = home / "tuesday.jsonl"
    record.touch()
    other = home / "other.jsonl"
    assert run(["--players", "2", "--bots", "easy,easy", "--fast", "--target", "5", "--seed",
                "1", "--record", str(other)], input="").exit_code == 0
    finished = other.read_text(encoding="utf-8")
    keyboard = _AnotherRackoWrites("Ann\nBob\n", record, finished)
    result = CliRunner().invoke(main, ["play", "--players", "2", "--record", str(record)],
                                input=keyboard)  # type: ignore[arg-type]
    assert result.exit_code == 2, result.output
    assert (f"--record': {record} already exists and is not empty; racko never writes over a "
            "record. Give a new file name.") in flat(result.output)
    assert "Traceback" not in result.output
    assert record.read_text(encoding="utf-8") == finished


def test_record_in_a_missing_folder_is_a_usage_error(home: Path) -> None:
    result = run(["--players", "2", "--bots", "easy,easy", "--record",
                  str(home / "nowhere" / "g.jsonl")])
    assert result.exit_code == 2
    assert "does not exist" in result.output


@pytest.mark.parametrize("made", ["nothing", "an empty file"])
def test_record_ending_in_a_slash_names_a_folder_and_makes_no_file(home: Path, made: str
                                                                   ) -> None:
    # "--record games/" made a file called "games" and wrote the game into it.
    target = home / "games-folder"
    if made == "an empty file":
        target.touch()
    result = run(["--names", "Ann", "--bots", "easy", "--record", f"{target}/"], input="")
    assert result.exit_code == 2, result.output
    said = flat(result.output)
    assert "Invalid value for '--record'" in said
    assert ("the folder" in said and "does not exist" in said if made == "nothing"
            else "Not a directory" in said), said
    assert (target.exists() and target.stat().st_size == 0) is (made == "an empty file")


# ---------------------------------------------------------------- options that play


def bot_game(home: Path, *args: str) -> tuple[Result, list[dict], Path]:
    record = home / "game.jsonl"
    result = run(["--fast", "--target", "50", "--seed", "4", "--record", str(record), *args])
    assert result.exit_code == 0, result.output
    return result, events(record), record


@pytest.mark.slow
def test_a_bot_game_plays_to_the_end_and_its_record_rebuilds_to_the_same_scores(
    home: Path,
) -> None:
    result, records, record = bot_game(home, "--players", "2", "--bots", "easy,medium")
    end = records[-1]
    assert end["type"] == "game_end"
    game = rebuild(record.read_text(encoding="utf-8")).game
    assert game.is_over and list(game.totals) == end["totals"] and game.winner == end["winner"]
    names = [p["name"] for p in records[0]["players"]]
    winner = names[end["winner"]]
    assert f"{winner} wins with {end['totals'][end['winner']]} points" in result.output
    assert "\x1b" not in result.output  # not a terminal: no control codes at all


@pytest.mark.slow
def test_players_target_seed_and_variants_reach_the_record(home: Path) -> None:
    result, records, _ = bot_game(
        home, "--players", "4", "--partners", "--bonus", "--bots", "easy,easy,easy,easy"
    )
    header = records[0]
    assert header["seed"] == 4 and "Seed 4" in result.output
    assert header["rules"] == {
        "deck_size": 60, "target": 50, "bonus": True, "partners": True, "run_of_three": False,
    }
    assert len(records[-1]["totals"]) == 2  # partners score per team
    assert "Final standings" in result.output and "Team" in result.output


@pytest.mark.parametrize("players", [[], ["--players", "1"]], ids=["without", "one person"])
def test_run_of_three_sets_two_players(home: Path, players: list[str]) -> None:
    # One person and one bot: without --players, --bots leaves a seat for a person; with
    # --players 1 the person and the bot make the two ("not 1 player" was refused).
    record = home / "game.jsonl"
    run([*players, "--run-of-three", "--bots", "hard", "--names", "Ann", "--seed", "4",
         "--record", str(record)], input="\nq\ny\n")
    records = events(record)
    assert records[0]["rules"]["run_of_three"] is True
    assert len(records[0]["players"]) == 2


@pytest.mark.slow
def test_names_may_name_every_seat_bots_included(home: Path) -> None:
    _, records, _ = bot_game(home, "--players", "2", "--names", "Robo,Tin", "--bots", "easy,easy")
    assert records[0]["players"] == [
        {"name": "Robo", "kind": "bot:easy"},
        {"name": "Tin", "kind": "bot:easy"},
    ]


def test_a_user_bot_sits_under_its_name_on_one_shown_line_never_blank(home: Path) -> None:
    _, records, _ = bot_game(home, "--players", "3", "--bots",
                             "broken_bots:Unnamed,broken_bots:Shouty,easy")
    assert [p["name"] for p in records[0]["players"]] == ["Unnamed", "Two Lines[31m r…", "Easy"]


@pytest.mark.parametrize(("bot", "command"), [
    ("example_bot:BandBot", "racko resume {id} --load-bots"),
    ("hard", "racko resume {id}"),
])
def test_the_note_to_carry_on_asks_to_load_a_bot_from_code_outside_racko(
    home: Path, bot: str, command: str
) -> None:
    # Resume imports such a bot only when asked to: the note names the option it needs.
    result = run(["--names", "Ann", "--bot", f"2={bot}", "--seed", "4"], input="\nq\ny\n")
    shown = result.output.splitlines()
    game_id = next(line.split()[2] for line in shown if line.startswith("racko resume "))
    assert command.format(id=game_id) in shown, result.output


@pytest.mark.slow
def test_bot_places_a_level_at_a_seat_and_bots_fills_the_last_seats(home: Path) -> None:
    _, records, _ = bot_game(
        home, "--players", "3", "--bot", "1=medium", "--bots", "easy,easy"
    )
    assert [p["kind"] for p in records[0]["players"]] == ["bot:medium", "bot:easy", "bot:easy"]
    assert [p["name"] for p in records[0]["players"]] == ["Medium", "Easy 2", "Easy 3"]


@pytest.mark.slow
def test_without_seed_one_is_chosen_shown_and_recorded(home: Path) -> None:
    record = home / "game.jsonl"
    result = run(["--players", "2", "--bots", "easy,easy", "--fast", "--target", "50",
                  "--record", str(record)])
    assert result.exit_code == 0
    seed = events(record)[0]["seed"]
    assert isinstance(seed, int)
    # Bots alone: the note gives the whole table (its target too), so the command copied
    # deals the same cards to bots again, under the same rules.
    assert (f"Seed {seed}. To deal these cards again:\nracko play --seed {seed} --players 2 "
            "--target 50 --bots easy,easy\n") in result.output


@pytest.mark.slow
def test_the_same_seed_deals_the_same_cards(home: Path, tmp_path: Path) -> None:
    decks = []
    for name in ("a.jsonl", "b.jsonl"):
        record = tmp_path / name
        run(["--players", "2", "--bots", "easy,easy", "--fast", "--seed", "99",
             "--target", "50", "--record", str(record)])
        decks.append([e for e in events(record) if e["type"] in ("dealer_draw", "deal")])
    assert decks[0] == decks[1]


@pytest.mark.slow
def test_bots_without_players_seat_one_person_whose_name_is_asked(home: Path) -> None:
    record = home / "game.jsonl"
    # The name: Enter takes "Player 1"; deal; then quit.
    result = run(["--bots", "easy", "--seed", "2", "--record", str(record)], input="\n\nq\ny\n")
    assert "How many people play" not in result.output
    assert "Your name? [Player 1]" in result.output
    assert result.exit_code == 1
    assert "You quit the game." in result.output
    assert events(record)[0]["players"] == [{"name": "Player 1", "kind": "human"},
                                            {"name": "Easy", "kind": "bot:easy"}]


def test_a_bare_play_asks_how_many_people_and_two_enters_seat_two(home: Path) -> None:
    record = home / "game.jsonl"
    result = run(["--seed", "2", "--record", str(record)], input="\n\n")
    assert "How many people play, 1-4? [2]" in result.output
    assert "Names of the 2 people, separated by commas? [Player 1, Player 2]" in result.output
    assert events(record)[0]["players"] == [{"name": "Player 1", "kind": "human"},
                                            {"name": "Player 2", "kind": "human"}]


@pytest.mark.parametrize(
    ("typed", "seated"),
    [("Ann,Bob", ["Ann", "Bob", "Player 3"]),
     ("Ann", ["Ann", "Player 2", "Player 3"]),
     ("Player 3,Bob", ["Player 3", "Bob", "Player 1"])],
)
def test_fewer_names_than_people_leave_each_other_seat_its_own_default_name(
    home: Path, typed: str, seated: list[str]
) -> None:
    record = home / "game.jsonl"
    # Enter at the second question (the names of the others) keeps their defaults.
    run(["--seed", "2", "--record", str(record)], input=f"3\n{typed}\n\n")
    assert [p["name"] for p in events(record)[0]["players"]] == seated


def test_a_misspelt_level_at_the_question_is_answered_with_the_nearest(home: Path) -> None:
    record = home / "game.jsonl"
    result = run(["--seed", "2", "--record", str(record)], input="1\nhrad\nhard\nAnn\n")
    assert ("'hrad' is not a level: choose from easy, medium, hard, expert. Did you mean "
            "'hard'?") in " ".join(result.output.split())
    assert events(record)[0]["players"][1] == {"name": "Hard", "kind": "bot:hard"}


def test_one_person_is_asked_which_bots_to_play_against(home: Path) -> None:
    record = home / "game.jsonl"
    result = run(["--seed", "2", "--record", str(record)], input="1\nhard,genius\nhard,easy\nAnn\n")
    assert "Who plays against you?" in result.output
    assert "'genius' is not a level" in result.output
    assert "Did you mean" not in result.output  # nothing is near "genius"
    assert events(record)[0]["players"] == [{"name": "Ann", "kind": "human"},
                                            {"name": "Hard", "kind": "bot:hard"},
                                            {"name": "Easy", "kind": "bot:easy"}]


def test_a_bad_answer_to_a_setup_question_is_asked_again(home: Path) -> None:
    result = run(["--seed", "2", "--record", str(home / "g.jsonl")],
                 input="7\n2\nAnn,ann\n,Bob\nAnn,Bob,Cy\n")
    assert "Type a number from 1 to 4, or Enter for 2." in result.output
    assert ("] 'Ann' and 'ann' read as one name (case and accents do not count): each player "
            "needs a different name. Names of") in flat(result.output)
    assert "] A name cannot be empty.\n" in result.output
    assert "3 names given for 2 people." in result.output
    assert result.exit_code == 1 and "The input ended (Ctrl-D): no game was started." in (
        result.output)


def test_ctrl_d_during_setup_starts_no_game(home: Path) -> None:
    result = run(["--seed", "2"], input="")
    assert result.exit_code == 1
    assert "no game was started" in result.output


def test_a_wrong_key_changes_nothing_and_says_what_is_valid(home: Path) -> None:
    record = home / "game.jsonl"
    result = run(["--names", "Ann", "--bots", "easy", "--seed", "5", "--record", str(record)],
                 input="\nzz\n")
    assert result.exit_code == 1
    assert "zz is not valid here: press d to draw or t to take" in result.output
    assert not any(e["type"] == "turn" and e["seat"] == 0 for e in events(record))


@pytest.mark.parametrize(("first", "key", "source", "reason"), [
    # A draw cannot be taken back; a card taken from the discard pile cannot be thrown back.
    ("d", "u", "draw", "A draw cannot be undone: put {card} in a slot (1-9, or 0 for slot 10), "
     "or press x to discard it."),
    ("t", "x", "discard", "A card taken from the discard pile goes into your rack: put {card} in "
     "a slot (1-9, or 0 for slot 10), or press u to put it back."),
])
def test_a_key_that_cannot_work_on_a_card_in_hand_says_why(
    home: Path, first: str, key: str, source: str, reason: str
) -> None:
    record = home / "game.jsonl"
    result = run(["--names", "Ann", "--bots", "easy", "--seed", "5", "--record", str(record)],
                 input=f"\n{first}\n{key}\n5\n\nq\ny\n")
    card = next(e["card"] for e in events(record) if e["type"] == "turn" and e["seat"] == 0)
    shown = " ".join(result.output.split())
    assert reason.format(card=card) in shown, shown
    assert f"{key} is not valid here" not in shown
    # The key changed nothing: the card went where the next key put it.
    assert [(e["source"], e["slot"]) for e in events(record)
            if e["type"] == "turn" and e["seat"] == 0] == [(source, 5)]


@pytest.mark.slow
def test_output_fits_80_columns(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    result, _, _ = bot_game(home, "--players", "4", "--bots", "easy,easy,easy,easy", "--bonus")
    assert max(len(line) for line in result.output.splitlines()) <= 80


@pytest.mark.slow
def test_the_record_holds_each_event_once_in_order(home: Path) -> None:
    _, records, record = bot_game(home, "--players", "2", "--bots", "easy,easy")
    lines = record.read_text(encoding="utf-8").splitlines()
    assert [json.loads(line) for line in lines] == records
    assert [e["type"] for e in records[:3]] == ["game", "dealer_draw", "deal"]
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", records[0]["started"])


def test_help_hint_and_rules_keys_answer_and_change_nothing(home: Path) -> None:
    record = home / "game.jsonl"
    result = run(["--names", "Ann", "--bots", "easy", "--seed", "5", "--record", str(record)],
                 input="\n?\nh\nr\n\nq\n\nq\ny\n")
    shown = " ".join(result.output.split())
    assert "d draws the top card of the draw pile" in shown
    assert re.search(r"Hint: (Take|Draw)\b", shown)
    assert "Press Enter to go back." in shown  # after the rules (not a terminal: no pager)
    assert shown.count("Quit this game?") == 2  # Enter at the question carries on
    assert result.exit_code == 1 and "You quit the game." in shown
    assert not any(e["type"] == "turn" and e["seat"] == 0 for e in events(record))


@pytest.mark.parametrize("args", [["--bots", "nope"], ["--bot", "2=nosuch.mod:X"]])
def test_a_bad_bot_is_refused_before_any_question(home: Path, args: list[str]) -> None:
    result = run(args, input="\n\n")
    assert result.exit_code == 2, result.output
    assert "How many players" not in result.output
    assert "Traceback" not in result.output


@pytest.mark.parametrize("where", ["--names", "prompt"])
def test_a_far_too_long_name_is_echoed_only_in_part(home: Path, where: str) -> None:
    name = "x" * 250
    if where == "--names":
        result = run(["--names", f"Ann,{name}"], input="")
    else:
        result = run(["--players", "2", "--bots", "easy"], input=f"{name}\n")
    # Quoted up to the longest a name may be (16), not echoed whole.
    assert "'" + "x" * 16 + "'… is longer than 16 characters." in result.output
    assert "x" * 17 not in result.output


def test_a_question_mark_at_the_name_prompt_explains_it(home: Path) -> None:
    record = home / "g.jsonl"
    result = run(["--players", "2", "--bots", "easy", "--record", str(record)], input="?\nAnn\n")
    assert "Type each person's name (at most 16 characters)" in result.output
    assert events(record)[0]["players"][0] == {"name": "Ann", "kind": "human"}


# ---------------------------------------------------------------- what the table is told


def test_a_lone_person_s_confirmed_move_is_said_before_the_bots_reply(home: Path) -> None:
    result = run(["--bots", "easy", "--names", "Ann", "--seed", "1", "--fast"],
                 input="\nd\n5\n\nq\ny\n")
    out = result.output
    drawn = re.search(r"^You drew (\d+)\.$", out, flags=re.MULTILINE)
    assert drawn, out
    said = re.search(rf"Ann drew {drawn[1]}, put it in slot 5 and discarded \d+\.$", out,
                     flags=re.MULTILINE)
    assert said, out
    confirm = out.index("Enter confirms", drawn.end())
    assert confirm < said.start() < out.index("Easy ", said.end())


def test_in_hot_seat_a_confirmed_move_never_names_the_drawn_card(home: Path) -> None:
    result = run(["--players", "3", "--bots", "easy", "--names", "Ann,Bob", "--seed", "1",
                  "--fast"], input="\n\nd\n5\n\n\nq\ny\n")
    out = result.output
    assert re.search(r"^You drew \d+\.$", out, flags=re.MULTILINE), out
    assert not re.search(r"(Ann|Bob) drew \d+, put it", out), out


@pytest.mark.parametrize(("args", "said"), [
    (["--players", "2", "--bots", "easy,easy"], True),
    (["--bots", "easy", "--names", "Ann"], False),
])
def test_a_table_of_computer_players_only_is_told_it_plays_itself(
    home: Path, args: list[str], said: bool
) -> None:
    result = run([*args, "--fast", "--target", "5", "--seed", "3"], input="\nq\ny\n")
    assert ("the game plays itself" in result.output) is said, result.output


@pytest.mark.parametrize(("people", "shown"), [
    ("1", "Who plays against you? [hard]"),
    ("2", "[2]"),
])
def test_a_setup_question_shows_its_default_in_brackets(
    home: Path, people: str, shown: str
) -> None:
    result = run(["--seed", "2", "--target", "5", "--fast"], input=f"{people}\n\n\nq\ny\n")
    assert shown in " ".join(result.output.split()), result.output



def test_the_end_of_a_game_says_how_to_replay_and_review_it(home: Path) -> None:
    result = run(["--players", "2", "--bots", "easy,easy", "--fast", "--target", "5",
                  "--seed", "4"])
    replay = re.search(r"^Step through the game: racko replay (\S+)$", result.output,
                       flags=re.MULTILINE)
    review = re.search(r"^What each move cost: racko review (\S+)$", result.output,
                       flags=re.MULTILINE)
    assert replay and review, result.output
    assert replay[1] == review[1]
    reviewed = CliRunner().invoke(main, ["review", review[1]])
    assert reviewed.exit_code == 0, reviewed.output
    replayed = CliRunner().invoke(main, ["replay", replay[1], "--summary"])
    assert replayed.exit_code == 0, replayed.output


def test_the_bot_levels_are_named_on_a_line_before_the_question(home: Path) -> None:
    result = run(["--seed", "2", "--target", "5", "--fast"], input="1\n\n\nq\ny\n")
    lines = result.output.splitlines()
    levels = next(i for i, line in enumerate(lines) if "Bot levels: " in line)
    assert "easy, medium, hard, expert" in lines[levels], lines[levels]
    assert "Who plays against you? [hard]" in lines[levels + 1]


@pytest.mark.parametrize(("options", "told"), [
    ([], True), (["--hint-level", "expert"], True), (["--no-hints"], False),
])
def test_the_help_at_a_turn_tells_of_the_hint_key_when_hints_are_on(
    home: Path, options: list[str], told: bool
) -> None:
    result = run(["--bots", "hard", "--names", "Ann", "--seed", "2", "--fast", *options],
                 input="\n?\nq\ny\n")
    assert "d draws the top card of the draw pile" in result.output
    assert ("h suggests a move and says why." in flat(result.output)) is told


@pytest.mark.parametrize(("args", "level"), [([], None), (["--hint-level", "hard"], None),
                                             (["--hint-level", "expert"], "expert"),
                                             (["--hint-level", "Expert"], "expert")])
def test_hint_level_chooses_whose_move_h_gives_and_the_record_keeps_it(
    home: Path, args: list[str], level: str | None
) -> None:
    record = home / "game.jsonl"
    result = run(["--names", "Ann", "--bots", "easy", "--seed", "5", "--record", str(record),
                  *args], input="\nh\nq\ny\n")
    assert re.search(r"Hint: (Take|Draw)\b", " ".join(result.output.split())), result.output
    game_line = events(record)[0]
    assert game_line.get("hint_level") == level
    assert "hints" not in game_line  # hints are on


def test_an_expert_hint_is_kept_when_the_game_is_carried_on(home: Path) -> None:
    from rack_o.cli.setup import hints_of
    from rack_o.store.records import load_record

    record = home / "game.jsonl"
    run(["--names", "Ann", "--bots", "easy", "--seed", "5", "--record", str(record),
         "--hint-level", "expert"], input="\nq\ny\n")
    assert hints_of(load_record(record).header) == "expert"
    resumed = CliRunner().invoke(main, ["resume", str(record)], input="\n\nh\nq\ny\n")
    assert re.search(r"Hint: (Take|Draw)\b", " ".join(resumed.output.split())), resumed.output


def test_a_new_game_s_header_is_its_game_line_as_written(home: Path) -> None:
    """What racko play keeps of a game as it ends (the history's fingerprint, a hosted
    table's next game's hint level) is read from the same game line as its record."""
    from rack_o.cli.new_game import new_game
    from rack_o.cli.setup import hints_of
    from rack_o.game import Player
    from rack_o.rules import Rules
    from rack_o.store.records import load_record

    record = home / "game.jsonl"
    seats = [Player("Ann"), Player("Bob")]
    with new_game(Rules(2), seats, 5, record, hints="expert") as started:
        header = started.header
    assert header.event() == events(record)[0]
    assert hints_of(header) == hints_of(load_record(record).header) == "expert"


def test_no_hints_with_a_hint_level_is_a_usage_error(home: Path) -> None:
    record = home / "game.jsonl"
    result = run(["--players", "2", "--bots", "easy,easy", "--no-hints", "--hint-level",
                  "expert", "--record", str(record)], input="")
    assert result.exit_code == 2
    assert "--no-hints turns h off: --hint-level has nothing to choose." in result.output
    assert not record.exists()


@pytest.mark.parametrize(("args", "people"), [
    (["--partners", "--bots", "easy,easy,easy"], ["Ann"]),
    (["--run-of-three", "--bots", "easy"], ["Ann"]),
    (["--players", "4", "--partners", "--bots", "easy,easy,easy,easy"], []),
    (["--players", "2", "--run-of-three", "--bots", "easy,easy"], []),
], ids=["partners, one person", "run of three, one person", "partners, bots only",
        "run of three, bots only"])
def test_a_variant_seats_one_person_with_the_bots_unless_players_says_how_many(
    home: Path, args: list[str], people: list[str]
) -> None:
    record = home / "game.jsonl"
    result = run([*args, "--names", "Ann", "--seed", "3", "--target", "5", "--fast",
                  "--record", str(record)] if people else
                 [*args, "--seed", "3", "--target", "5", "--fast", "--record", str(record)],
                 input="\nq\ny\n")
    seated = events(record)[0]["players"]
    assert [p["name"] for p in seated if p["kind"] == "human"] == people, result.output
    watching = "Every seat is a computer player: the game plays itself"
    assert (watching in " ".join(result.output.split())) == (not people)


def test_the_help_of_bots_says_who_sits_with_them() -> None:
    said = " ".join(CliRunner().invoke(main, ["play", "--help"]).output.split())
    assert ("Without --players they play with you (or the people --names lists): at most 3 with "
            "--partners, 1 with --run-of-three. With --players and a bot in every seat, the bots "
            "play each other.") in said


def opening_text(game: Game) -> str:
    """The lines `game` opens with, as one line of words."""
    console = Console(file=io.StringIO(), width=80)
    with console.capture() as captured:
        for line in start_notices(game, 7):
            console.print(line)
    return " ".join(captured.get().split())


@pytest.mark.parametrize(
    ("partners", "said"),
    [(True, "Partners: Ann & Cy against Bob & Di."), (False, None)],
    ids=["partners", "each for themselves"],
)
def test_the_opening_lines_say_who_partners_whom(partners: bool, said: str | None) -> None:
    rules = Rules(4, partners=partners)
    players = [Player(name) for name in ("Ann", "Bob", "Cy", "Di")]
    game = Game(rules, players=players, dealer_draw=[1, 2, 3, 60])
    text = opening_text(game)
    if said is None:
        assert "Partners:" not in text and " & " not in text, text
    else:
        assert said in text, text


@pytest.mark.parametrize(("kinds", "said"), [
    (["human", "bot:expert", "human"], "Computer player: Bob (expert)."),
    (["human", "bot:expert", "bot:easy"], "Computer players: Bob (expert) and Cy (easy)."),
    (["human", "human", "human"], None),
], ids=["a-bot-named-like-a-person", "two-bots", "people-alone"])
def test_the_opening_lines_say_which_player_a_person_s_name_hides_a_bot_behind(
    kinds: list[str], said: str | None
) -> None:
    """--names Ann,Bob,Cy --bot 2=expert: Bob looked like a person until he never got a
    hand-off (a bot under its own name, "Expert", needs no word)."""
    players = [Player(name, kind) for name, kind in zip(("Ann", "Bob", "Cy"), kinds,
                                                           strict=True)]
    game = Game(Rules(3), players=players, dealer_draw=[1, 2, 50])
    text = opening_text(game)
    if said is None:
        assert "Computer player" not in text, text
    else:
        assert said in text, text


def test_bots_under_their_own_names_are_not_pointed_out_again() -> None:
    players = [Player("Ann"), Player("Hard", "bot:hard"), Player("Expert 3", "bot:expert")]
    game = Game(Rules(3), players=players, dealer_draw=[1, 2, 50])
    assert "Computer player" not in opening_text(game)


@pytest.mark.parametrize(("args", "options"), [
    (["--players", "2", "--bots", "hard,easy"],
     "--seed 4 --players 2 --target 5 --bots hard,easy"),
    (["--players", "3", "--bots", "hard,easy,medium"],
     "--seed 4 --players 3 --target 5 --bots hard,easy,medium"),
    (["--players", "4", "--partners", "--bots", "hard,easy,medium,hard"],
     "--seed 4 --players 4 --target 5 --partners --bots hard,easy,medium,hard"),
    # One person against bots: "--players 4" alone asked for four people's names. The
    # people's names are given too, so that nobody is asked for them again.
    (["--names", "Kim", "--bots", "easy,hard,expert"],
     "--seed 4 --names Kim --target 5 --bots easy,hard,expert"),
    (["--names", "Kim", "--bots", "expert"], "--seed 4 --names Kim --target 5 --bots expert"),
    (["--players", "3", "--names", "Kim", "--bot", "2=easy", "--bot", "3=hard"],
     "--seed 4 --names Kim --target 5 --bots easy,hard"),
    (["--players", "3", "--names", "Kim", "--bot", "1=easy", "--bot", "3=hard"],
     "--seed 4 --players 3 --names Kim --target 5 --bot 1=easy --bot 3=hard"),
    (["--players", "2", "--names", "Ann,Bob"], "--seed 4 --names Ann,Bob --target 5"),
    (["--players", "3", "--names", "Ann,Bob", "--bots", "hard"],
     "--seed 4 --players 3 --names Ann,Bob --target 5 --bots hard"),
    (["--players", "2", "--names", "Ann Marie,Bob"],
     "--seed 4 --names 'Ann Marie,Bob' --target 5"),
    # Bots named by --names keep their names: every seat's, with --players to say so.
    (["--players", "2", "--names", "Al,Bo", "--bots", "hard,hard"],
     "--seed 4 --players 2 --names Al,Bo --target 5 --bots hard,hard"),
    (["--players", "3", "--names", "Kim,Zed,Bo", "--bots", "hard,easy"],
     "--seed 4 --players 3 --names Kim,Zed,Bo --target 5 --bots hard,easy"),
    # A bot from outside racko beside them is not made again: its name is taken as given.
    (["--players", "3", "--names", "Kim,Zed,Bo", "--bots", "hard,broken_bots:Census"],
     "--seed 4 --players 3 --names Kim,Zed,Bo --target 5 --bots hard,broken_bots:Census"),
    # Beside one, every seat is named: the outside bot's own name is never asked again.
    (["--players", "3", "--names", "Kim", "--bots", "hard,broken_bots:Census"],
     "--seed 4 --players 3 --names Kim,Hard,Census --target 5 --bots hard,broken_bots:Census"),
])
def test_the_seed_note_names_what_deals_the_same_cards_again(
    home: Path, args: list[str], options: str
) -> None:
    # The deck's size follows the number of players: --seed alone dealt other cards to four.
    # The bots are named too, so that the command sits down the same table.
    record = home / "seeded.jsonl"
    result = run([*args, "--seed", "4", "--target", "5", "--fast", "--record", str(record)],
                 input="")
    shown = " ".join(result.output.split())
    if "Ann" not in " ".join(args):  # a hot-seat game keeps its seed to the end
        assert f"Seed 4. To deal these cards again: racko play {options} " in shown, shown
    header = read_header(1, events(record)[0])
    humans = [seat for seat, player in enumerate(header.players) if player.is_human]
    notes = end_notes(header, [player.name for player in header.players], humans,
                      [0] * len(header.players))
    assert f"Seed 4. To deal these cards again:\nracko play {options}" in notes, notes
    # Run as printed, it sits the same people and bots down to the same cards, asking nothing.
    again = home / "again.jsonl"
    run([*shlex.split(options), "--fast", "--record", str(again)], input="")
    first, second = events(record), events(again)
    assert second[0]["players"] == first[0]["players"]
    draws = [[line for line in lines if line["type"] == "dealer_draw"] for lines in (first, second)]
    assert draws[0] and draws[1] == draws[0]


@pytest.mark.parametrize(("variant", "plain"), [
    (Rules(4, partners=True), Rules(4)),
    (Rules(4, 1000, bonus=True, partners=True), Rules(4)),
    (Rules(2, 1000, bonus=True, run_of_three=True), Rules(2)),
], ids=["partners", "partners, bonus, target", "run of three, bonus, target"])
def test_only_the_player_count_changes_the_cards_a_seed_deals(variant: Rules, plain: Rules) -> None:
    # The variants and the target change how the cards score, never which cards are dealt,
    # nor who deals: the seed note names them so that the same game is played again.
    def dealt(rules: Rules) -> tuple[tuple[int, ...], list[Deal]]:
        game = Game(rules, random.Random(4))
        play_game(game, [make_bot("easy", seat, 4) for seat in range(rules.players)], rounds=3)
        deals = [step for step in game.steps if isinstance(step, Deal)]
        return game.dealer_draw, deals[:2]

    draw, deals = dealt(variant)
    assert len(deals) == 2
    assert (draw, deals) == dealt(plain)


def test_a_bot_class_that_cannot_be_made_twice_is_refused_in_a_sentence(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Made once to check the spec, again to learn its name: a traceback came out of seating.
    import broken_bots

    monkeypatch.setattr(broken_bots.Fussy, "made", 0)
    result = run(["--players", "2", "--bots", "broken_bots:Fussy,hard", "--fast", "--seed", "3"],
                 input="")
    assert result.exit_code == 2, result.output
    said = " ".join(result.output.split())
    assert ("Seat 1: bot 'broken_bots:Fussy': Fussy() failed (OSError('model file busy')) as "
            "racko made it.") in said
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_a_command_wider_than_the_window_is_broken_between_options_as_a_shell_reads_on(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Wrapped between words, its first line read as a whole command ("racko play --seed 3
    # --names 'Ann Marie' --bot"), and copied alone it ran another game. Each line but the
    # last now ends with " \\": the lines copied together run the command, one alone runs none.
    monkeypatch.setenv("COLUMNS", "45")
    result = run(["--players", "1", "--bots", "easy,hard", "--names", "Ann Marie", "--seed", "3",
                  "--fast"], input="")
    lines = result.output.splitlines()
    command = "racko play --seed 3 --names 'Ann Marie' --bots easy,hard"
    at = next(i for i, line in enumerate(lines) if line.startswith("racko play --seed"))
    broken = lines[at:at + 2]
    assert broken == ["racko play --seed 3 --names 'Ann Marie' \\", "  --bots easy,hard"], broken
    assert all(len(line) <= 45 for line in broken)
    assert shlex.split("\n".join(broken).replace("\\\n", "")) == shlex.split(command)
    # A command with no option to break before ("racko resume ID") is broken before its ID,
    # the ID whole on the next line: it was cut at the window's edge, in the middle of the ID.
    at = next(i for i, line in enumerate(lines) if line.startswith("racko resume"))
    broken = lines[at:at + 2]
    assert broken[0] == "racko resume \\", broken
    assert all(len(line) <= 45 for line in broken)
    words = shlex.split("\n".join(broken).replace("\\\n", ""))
    assert words[:2] == ["racko", "resume"] and len(words) == 3
    assert words[2].startswith("20") and words[2].endswith("-ann-marie-easy-hard"), words
