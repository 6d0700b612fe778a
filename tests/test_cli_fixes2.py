"""Regressions from the second QA pass: names with markup, hand-offs without a terminal, prompts."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from rich.console import Console

from rack_o.cli import main
from rack_o.cli.console import Terminal, fill, pager_prompt
from rack_o.cli.prompt import ask
from rack_o.game import Game, Player
from rack_o.rules import Rules

MARKUP_NAMES = ["[/]", "[red]X[/red]"]


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty RACKO_HOME, no colour, 80 columns."""
    monkeypatch.setenv("RACKO_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("COLUMNS", "80")
    return tmp_path


def racko(*args: str, input: str | None = None) -> Result:
    return CliRunner().invoke(main, list(args), input=input)


# ---------------------------------------------------------------- 1: names are never markup


@pytest.mark.parametrize("seed", [2, 3])
def test_names_with_markup_show_literally_on_every_screen(home: Path, seed: int) -> None:
    record = home / "game.jsonl"
    result = racko("play", "--players", "2", "--names", ",".join(MARKUP_NAMES),
                   "--bots", "hard,hard", "--fast", "--target", "5", "--seed", str(seed),
                   "--record", str(record))
    assert result.exit_code == 0, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert any(f"— {name} dealt" in result.output for name in MARKUP_NAMES)
    summary = racko("replay", str(record), "--summary")
    assert summary.exit_code == 0, summary.output
    assert any(f"— {name} dealt" in summary.output for name in MARKUP_NAMES)
    stepped = racko("replay", str(record), input="n\n" * 5)
    assert stepped.exit_code == 0, stepped.output
    for command in (["history"], ["stats"], ["resume", "--list"]):
        shown = racko(*command)
        assert shown.exception is None or isinstance(shown.exception, SystemExit), shown.output


# ---------------------------------------------------------------- 2: hot seat, output elsewhere


def test_hot_seat_without_a_terminal_says_every_rack_stays_visible(home: Path) -> None:
    result = racko("play", "--players", "2", "--names", "Ann,Bob", "--seed", "1",
                   input="\n\nq\ny\n")
    assert "The output is not a terminal, so racko cannot clear the screen between players: " \
        "every rack stays visible." in result.output.replace("\n", " ").replace("  ", " ")


def test_one_person_against_a_bot_is_not_warned(home: Path) -> None:
    result = racko("play", "--players", "2", "--bots", "easy", "--seed", "1", "--fast",
                   input="\nq\ny\n")
    assert "not a terminal" not in result.output


def test_a_hand_off_clears_the_keyboards_terminal_when_the_output_is_a_pipe(
    tmp_path: Path,
) -> None:
    tty = tmp_path / "tty"
    tty.write_text("")
    term = Terminal(Console(file=io.StringIO(), width=80), stdin=io.StringIO(), tty=str(tty))
    term.clear()
    assert tty.read_text() == ""  # only a hand-off (scrollback too) reaches for the tty
    term.clear(scrollback=True)
    assert tty.read_text() == "\x1b[H\x1b[2J\x1b[3J"
    assert term.console.file.getvalue() == ""  # type: ignore[attr-defined]
    Terminal(Console(file=io.StringIO()), tty=str(tmp_path / "no" / "tty")).clear(True)


# ---------------------------------------------------------------- 3: the pager's prompt


@pytest.mark.parametrize(
    ("text", "prompt"),
    [
        ("Rules of Rack-O - space for more, b back, q returns to the game",
         "Rules of Rack-O - space for more, b back, q returns to the game"),
        ("Règles du Rack-O - espace : suite, q revient au jeu.",
         "Regles du Rack-O - espace  suite, q revient au jeu"),
        ("Pravidla hry Rack-O - mezerník dál, q zpět do hry",
         "Pravidla hry Rack-O - mezernik dal, q zpet do hry"),
        ("Κανόνες του Rack-O - διάστημα για περισσότερα, q επιστροφή", "Rack-O  -  space  b  q"),
        ("100% sure? yes.", "100 sure yes"),
    ],
)
def test_the_pager_prompt_is_plain_ascii_without_prompt_syntax(text: str, prompt: str) -> None:
    assert pager_prompt(text) == prompt
    assert pager_prompt(text).isascii()


# ---------------------------------------------------------------- 9: a bare Enter is not a mistake


def test_a_bare_enter_where_a_key_is_wanted_only_asks_again() -> None:
    term = Terminal(Console(file=io.StringIO(), width=80), stdin=io.StringIO("\n\nd\n"))
    key = ask(term, "d or t", ("d", "t"), valid="type d or t", help_text="help")
    assert key == "d"
    out = term.console.file.getvalue()  # type: ignore[attr-defined]
    assert "not valid" not in out
    assert out.count("d or t > ") == 3


# ---------------------------------------------------------------- 11: confirming a discard


def test_throwing_a_drawn_card_away_is_confirmed_not_kept(home: Path) -> None:
    result = racko("play", "--players", "2", "--bots", "easy", "--seed", "1", "--fast",
                   input="\n\nd\nx\nq\ny\n")
    out = result.output
    assert "onto the discard pile." in out
    assert "Enter confirms · u takes it back" in out
    assert "keeps it" not in out


# ---------------------------------------------------------------- 10: the hand-off box


LOOK_AWAY = "Que tout le monde détourne les yeux, s'il vous plaît, merci beaucoup."


def rendered(renderable: object, width: int = 80) -> str:
    console = Console(file=io.StringIO(), width=width, color_system=None)
    console.print(renderable)
    return console.file.getvalue()  # type: ignore[attr-defined]


@pytest.mark.parametrize(("width", "whole"), [(80, True), (50, False)])
def test_the_hand_off_box_is_as_wide_as_its_sentence_up_to_the_screen(
    monkeypatch: pytest.MonkeyPatch, width: int, whole: bool
) -> None:
    import rack_o.cli.screens as screens

    monkeypatch.setattr(screens, "_", lambda s: LOOK_AWAY if s.startswith("Everyone") else s)
    game = Game(Rules(2), random.Random(1), players=[Player("Ann"), Player("Bob")])
    game.deal()
    out = rendered(screens.handoff_screen(game.view(game.mover)), width)
    assert (LOOK_AWAY in out) is whole
    assert max(len(line) for line in out.splitlines()) <= width
    if not whole:  # wrapped between words, inside the box
        assert "détourne" in out and "beaucoup." in out


# ---------------------------------------------------------------- 15: line breaks


def test_a_stop_message_keeps_the_resume_command_whole_and_each_score_with_its_name(
    home: Path,
) -> None:
    # Quit in round 1 after a bot's move: the message names both scores and the command.
    result = racko("play", "--players", "2", "--names", "Annabelle-Marie,Bartholomew",
                   "--bots", "easy", "--seed", "3", "--fast", input="\nq\ny\n")
    lines = result.output.splitlines()
    command = next(line for line in lines if line.startswith("racko resume "))
    assert command.split()[2].startswith("20") and len(command.split()) == 3
    stop = result.output[result.output.index("You quit the game."):]
    assert "Annabelle-Marie\u00a00" in stop and "Bartholomew\u00a00" in stop
    assert all(len(line) <= 80 for line in stop.splitlines() if not line.startswith("racko"))


def test_fill_never_breaks_at_a_no_break_space() -> None:
    text = "The game stopped in round 3 (Annabelle\u00a0120, Bartholomew\u00a0345)."
    for width in range(12, 60):
        for line in fill(text, width).splitlines():
            assert not line.startswith(("120", "345"))
    assert fill("one\ntwo", 80) == "one\ntwo"


def test_fill_keeps_a_command_line_whole() -> None:
    command = "racko resume /a/very/long/path/" + "x" * 80 + ".jsonl"
    assert fill("Carry on later with:\n" + command, 40).splitlines()[-1] == command


# ---------------------------------------------------------------- 13: the ID in history --json


def test_history_json_gives_the_game_id_replay_takes(home: Path) -> None:
    assert racko("play", "--players", "2", "--bots", "easy,hard", "--fast", "--target", "5",
                 "--seed", "2").exit_code == 0
    outside = home / "outside.jsonl"
    assert racko("play", "--players", "2", "--bots", "easy,hard", "--fast", "--target", "5",
                 "--seed", "3", "--record", str(outside)).exit_code == 0
    rows = json.loads(racko("history", "--json").output)
    ids = [row["id"] for row in rows]
    assert ids[0] == str(outside)
    assert ids[1].endswith("-easy-hard") and ids[1][:4].isdigit()
    table = racko("history").output
    assert f"ID {ids[1]}" in table
    for game_id in ids:
        assert racko("replay", game_id, "--summary").exit_code == 0


# ---------------------------------------------------------------- 16: simulate --json after Ctrl-C


def test_ctrl_c_writes_the_partial_json_marked_stopped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import rack_o.match as match_module

    play_one = match_module.play_one

    def stopped_at_game_3(match, index):  # type: ignore[no-untyped-def]
        if index == 2:
            raise KeyboardInterrupt
        return play_one(match, index)

    monkeypatch.setattr(match_module, "play_one", stopped_at_game_3)
    out = tmp_path / "partial.json"
    result = racko("simulate", "--bots", "easy,medium", "--games", "6", "--target", "100",
                   "--seed", "5", "--json", str(out))
    assert result.exit_code == 130
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["stopped"] is True and data["games"] == 2
    assert f'Partial JSON ("stopped": true) written to {out}.' in " ".join(result.output.split())


def test_a_finished_simulation_says_where_its_json_went(tmp_path: Path) -> None:
    out = tmp_path / "all.json"
    result = racko("simulate", "--bots", "easy,medium", "--games", "2", "--target", "100",
                   "--seed", "5", "--json", str(out))
    assert result.exit_code == 0, result.output
    assert "stopped" not in json.loads(out.read_text(encoding="utf-8"))
    assert f"JSON written to {out}." in " ".join(result.output.split())


# ---------------------------------------------------------------- 17: a torn last line


def test_a_torn_line_is_said_to_be_removed_only_once_it_is(home: Path) -> None:
    from test_store_games import record_text, unfinished_game

    game = unfinished_game(9, turns=6, target=75)
    # Two people at the keyboard: no pause, so the file is reopened (and cut) at once.
    text = record_text(game).replace('"kind": "bot:easy"', '"kind": "human"')
    games = home / "home" / "games"
    games.mkdir(parents=True)
    path = games / "torn.jsonl"
    path.write_bytes(text.encode() + b'{"type": "turn", "se')
    result = CliRunner().invoke(main, ["resume", "torn"], input="")
    assert result.exit_code == 1, result.output
    said = " ".join(result.output.split())
    assert "it held no move and has been removed." in said
    assert "is removed when the game goes on" not in said
    assert path.read_bytes() == text.encode()


# ---------------------------------------------------------------- 8: game IDs in ASCII


@pytest.mark.parametrize(
    ("names", "slug"),
    [
        (["Νίκος", "Easy"], "nikos-easy"),
        (["Γιώργος", "Χαρά"], "giorgos-chara"),
        (["Ψυχούλα", "Θεά"], "psychoula-thea"),
        (["Élodie", "Zdeněk"], "elodie-zdenek"),
        (["Šárka", "Øystein"], "sarka-oystein"),
        (["Ann", "Bob"], "ann-bob"),
        (["李", "王"], "players"),
    ],
)
def test_game_ids_spell_every_name_in_ascii(home: Path, names: list[str], slug: str) -> None:
    from rack_o.store.paths import create_record_file

    path = create_record_file("2026-11-30T01:27:00Z", names)
    game_id = path.name.removesuffix(".jsonl")
    assert game_id.isascii()
    assert game_id.split("-", 4)[4] == slug


# ---------------------------------------------------------------- 14: screens


LONG = ["Annabelle-Marie", "Bartholomew", "Constantinos", "Dorothea-Louise"]


def test_resume_list_explains_the_star_only_when_a_bot_is_listed(home: Path) -> None:
    from test_store_games import record_text, unfinished_game

    games = home / "home" / "games"
    games.mkdir(parents=True)
    text = record_text(unfinished_game(9, turns=6))
    (games / "2026-11-29-2105-ann-bob.jsonl").write_text(
        text.replace('"kind": "bot:easy"', '"kind": "human"'), encoding="utf-8")
    assert "a computer player" not in racko("resume", "--list").output
    (games / "2026-11-29-2106-ann-bob.jsonl").write_text(text, encoding="utf-8")
    listed = racko("resume", "--list").output
    assert "Bob*" in listed and "* a computer player" in listed


def test_a_partners_summary_fits_80_columns_with_aligned_tables(home: Path) -> None:
    record = home / "partners.jsonl"
    played = racko("play", "--players", "4", "--partners", "--bonus", "--names", ",".join(LONG),
                   "--bots", "hard,hard,hard,hard", "--fast", "--target", "300", "--seed", "5",
                   "--record", str(record))
    assert played.exit_code == 0, played.output
    out = racko("replay", str(record), "--summary").output
    lines = out.splitlines()
    assert lines[0] == f"partners: {', '.join(LONG)}"
    assert lines[1].startswith("first to 300 · bonus · partners · started 20")
    assert lines[1].endswith(" · seed 5")
    assert max(map(len, lines)) <= 80 and "…" not in out
    headers = [line for line in lines if line.startswith("Player ")]
    assert len(headers) >= 2 and len(set(headers)) == 1  # the same columns round after round
    for name in LONG:  # each name whole on a line; a team takes two lines, never three
        assert any(line.startswith(name) for line in lines)
    for first, second in (("Annabelle-Marie", "Constantinos"), ("Bartholomew", "Dorothea-Louise")):
        at = lines.index(next(line for line in lines if line.startswith(f"{first} &")))
        assert lines[at + 1].startswith(second)


# ---------------------------------------------------------------- 12: consistent messages


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--bots", "easy,easy,easy", "--partners"], "Error: --partners needs 4 players, not 3."),
        (["--bots", "easy,easy,easy", "--run-of-three"],
         "Error: --run-of-three is for 2 players only, not 3."),
        (["--bots", "easy,easy", "--seed", "-1"],
         "Invalid value for '--seed': -1 is not in the range x>=0."),
        (["--players", "3", "--bots", "hard,easy"],
         "Error: 3 players need 3 bots, but 2 were given: hard, easy."),
        (["--bots", "easy"], "Error: A simulation needs 2 to 4 seats, each with a bot; got 1 "
         "(use --bots hard,easy or --bot SEAT=BOT)."),
        (["--bots", "easy,nope"], "Error: Seat 2: unknown bot level 'nope'"),
        (["--bot", "2"], "'2' must be SEAT=LEVEL, such as 2=hard."),
    ],
)
def test_simulate_usage_errors_read_like_plays(home: Path, args: list[str], message: str) -> None:
    result = racko("simulate", "--games", "1", *args)
    assert result.exit_code == 2
    assert message in " ".join(result.output.split())


def test_play_also_refuses_a_negative_seed(home: Path) -> None:
    result = racko("play", "--seed", "-1")
    assert result.exit_code == 2 and "-1 is not in the range x>=0" in result.output


def test_simulate_says_how_many_games_went_into_the_history_in_a_sentence(home: Path) -> None:
    result = racko("simulate", "--bots", "easy,medium", "--games", "2", "--target", "50",
                   "--seed", "1", "--history")
    assert result.exit_code == 0, result.output
    assert "2 games added to the history." in result.output


def test_a_data_folder_that_is_a_file_is_named_in_a_sentence(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocking = tmp_path / "fileh"
    blocking.write_text("", encoding="utf-8")
    monkeypatch.setenv("RACKO_HOME", str(blocking))
    for command in ("history", "stats"):
        result = racko(command)
        assert result.exit_code == 1
        said = " ".join(result.output.split())
        assert f"cannot be opened: {blocking} is a file, not a folder." in said
        assert "Errno" not in said


def test_a_wrong_replay_key_is_a_sentence_then_the_keys(home: Path) -> None:
    record = home / "g.jsonl"
    assert racko("play", "--players", "2", "--bots", "easy,hard", "--fast", "--target", "5",
                 "--seed", "2", "--record", str(record)).exit_code == 0
    out = " ".join(racko("replay", str(record), input="z\nq\n").output.split())
    assert "Not a replay key. Press Enter for the next turn" in out


# ---------------------------------------------------------------- 4: stats headings at 80 columns


LONG_HEADINGS = {
    "Player": "Joueur", "Plays as": "Joue en tant que", "Games": "Παιχνίδια",
    "Wins": "Victoires", "Win rate": "Taux de victoire", "Mean round": "Manche moyenne",
    "Rack-Os": "Rack-O", "Best round": "Καλύτερος γύρος",
}


def test_stats_headings_wrap_between_words_and_fit_80_columns(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import rack_o.cli.history as history_module

    monkeypatch.setenv("RACKO_HOME", str(tmp_path))
    monkeypatch.setenv("COLUMNS", "80")
    made = racko("simulate", "--bots", "hard,easy,medium,random", "--games", "2", "--target",
                 "100", "--seed", "1", "--history")
    assert made.exit_code == 0, made.output
    monkeypatch.setattr(history_module, "_", lambda text: LONG_HEADINGS.get(text, text))
    out = racko("stats").output
    assert "…" not in out
    assert max(len(line) for line in out.splitlines()) <= 80
    for word in ("Παιχνίδια", "Victoires", "victoire", "moyenne", "Καλύτερος", "random"):
        assert word in out
