"""Reading keys: what a raw terminal sends, as keys; typed-ahead keys thrown away; prompts that
ignore keys they have no use for; racko's pager; hints counted into the record.

The keyboard is faked where click's `getchar` reads it, so most of these run without a
terminal; a pseudo-terminal shows that a key typed as a prompt appears is kept.
"""

from __future__ import annotations

import io
import random
import re
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import click
import pytest
from click.testing import CliRunner
from rich.console import Console
from rich.text import Text
from ttykit import CLEARED

import rack_o.cli.console as console_module
from rack_o.actions import DISCARD, DRAW, TAKE, place
from rack_o.cli import main
from rack_o.cli.console import ENTER, SPACE, Terminal, split_keys, windows_keys
from rack_o.cli.human import HumanAgent, taken_view
from rack_o.cli.pager import page
from rack_o.cli.play import play_again
from rack_o.cli.prompt import QuitGame, ask
from rack_o.cli.scoreboard import score_sheet
from rack_o.cli.session import run_session
from rack_o.game import Game, Player
from rack_o.record import HINTS_A_TURN, Header, parse_lines, read_header, rebuild
from rack_o.rules import Rules
from rack_o.store.recorder import hints_in

# ---------------------------------------------------------------- what a terminal sends


@pytest.mark.parametrize(
    ("chunk", "keys"),
    [
        ("d", ["d"]),
        ("D", ["d"]),
        ("\r", [ENTER]),
        ("\n", [ENTER]),
        ("\r\n", [ENTER]),
        (" ", [SPACE]),
        ("d5\r", ["d", "5", ENTER]),
        ("\r\r5", [ENTER, ENTER, "5"]),
        ("\x1b[A", ["up"]),
        ("\x1bOB", ["down"]),
        ("\x1b[6~", ["pagedown"]),
        ("\x1b", ["escape"]),
        ("\x1b[1;5C", ["esc[1;5c"]),  # Ctrl-Right: no use here, one key all the same
        ("\x1b[1;5Cd", ["esc[1;5c", "d"]),  # and what is typed after it is kept
        ("\x1bd", ["escd"]),  # Alt-D: one key, never a d
        ("\x1b\x1b", ["escape", "escape"]),
        ("\x1b[3~", ["delete"]),
        ("\x1b[", ["esc["]),  # a sequence cut short: never the letters it was to end with
        ("\x1b[1;", ["esc[1;"]),
        ("x\x1b[A", ["x", "up"]),
        ("\x1b[B\x1b[B", ["down", "down"]),  # a held arrow, a mouse wheel: one read, two keys
        ("\x1b[6~\x1b[6~", ["pagedown", "pagedown"]),
        ("\x1b[Cd", ["right", "d"]),
        ("\x1bOAq", ["up", "q"]),
        ("\x1b[1;5C\x1b[B", ["esc[1;5c", "down"]),
        ("\t", ["tab"]),
        ("\x7f", ["backspace"]),
        ("\x15", ["ctrl-u"]),
        ("é", ["é"]),
    ],
)
def test_what_a_raw_terminal_sends_comes_out_as_keys(chunk: str, keys: list[str]) -> None:
    assert split_keys(chunk) == keys


@pytest.mark.parametrize(
    ("chunk", "keys"),
    [("\xe0H", ["up"]), ("\x00P", ["down"]), ("\xe0Q", ["pagedown"]), ("\xe0M", ["right"]),
     ("\x00;", ["f1"]), ("\xe0S", ["delete"]), ("\x00D", ["esc[68~"]),  # F1, Delete, F10
     ("d", ["d"]), ("\r", [ENTER]), ("é", ["é"])],
)
def test_what_windows_sends_for_a_special_key_comes_out_as_that_key(
    chunk: str, keys: list[str]
) -> None:
    assert split_keys(windows_keys(chunk)) == keys


@pytest.mark.parametrize(
    ("chunk", "error"),
    [("\x03", KeyboardInterrupt), ("d\x03", KeyboardInterrupt), ("\x04", EOFError),
     ("5\x04", EOFError)],
)
def test_ctrl_c_and_ctrl_d_stop_even_among_other_keys(chunk: str, error: type) -> None:
    with pytest.raises(error):
        split_keys(chunk)


@pytest.mark.parametrize(
    ("typed", "line"),
    [("Ann", "Ann"), ("Anx\x7fn", "Ann"), ("A\x08\x08Bo", "Bo"), ("A\x1b[Dn\tn", "Ann"),
     ("\x1bOAAnn\x1b[1;5C", "Ann"), ("An\x1bdn", "Ann"),  # Alt-D types no d
     ("Ann\x1b", "Ann"), ("Ann\x1b[", "Ann"), ("Zoë\x15", "Zoë")],
)
def test_keys_typed_ahead_of_a_line_make_the_line_they_would_make_there(
    typed: str, line: str
) -> None:
    assert console_module._edited(typed) == line


class FakeKeyboard:
    """click.getchar's stand-in: each call gives the next chunk; tcflush is recorded."""

    def __init__(self, chunks: list[str]) -> None:
        self.chunks: Iterator[str] = iter(chunks)
        self.flushes = 0

    def getchar(self) -> str:
        return next(self.chunks)

    def tcflush(self, fd: int, queue: int) -> None:
        self.flushes += 1


@contextmanager
def _no_raw_terminal() -> Iterator[None]:
    yield None  # the keys come from click.getchar, faked


@pytest.fixture
def keyboard(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeKeyboard]:
    """A terminal keyboard whose chunks a test sets: `keyboard.chunks = iter([...])`."""
    fake = FakeKeyboard([])
    monkeypatch.setattr(console_module, "_is_terminal", lambda stream: True)
    monkeypatch.setattr(click, "getchar", fake.getchar)
    monkeypatch.setattr(console_module, "_keys_as_typed", _no_raw_terminal)
    monkeypatch.setattr(console_module.termios, "tcflush", fake.tcflush)
    monkeypatch.setattr(console_module.sys.stdin, "fileno", lambda: 0, raising=False)
    yield fake


def key_terminal(width: int = 80, height: int = 24) -> Terminal:
    console = Console(file=io.StringIO(), width=width, height=height, force_terminal=True,
                      color_system=None)
    return Terminal(console, pause_seconds=0)


def output(term: Terminal) -> str:
    return term.console.file.getvalue()  # type: ignore[attr-defined]


def test_keys_typed_together_are_read_one_by_one_until_thrown_away(keyboard: FakeKeyboard) -> None:
    keyboard.chunks = iter(["d5\r", "x"])
    term = key_terminal()
    assert not term.reads_lines
    assert [term.key(), term.key()] == ["d", "5"]
    term.flush_input()  # the Enter typed with them is gone, and the keyboard's queue too
    assert keyboard.flushes == 1
    assert term.key() == "x"


def test_a_prompt_ignores_a_stray_enter_and_space_without_a_word(keyboard: FakeKeyboard) -> None:
    keyboard.chunks = iter(["\r", " ", "t"])
    term = key_terminal()
    assert ask(term, "d or t", ("d", "t"), valid="d or t", help_text="help") == "t"
    shown = output(term)
    assert shown.count("d or t > ") == 1  # asked once: the ignored keys left it on screen
    assert "not valid" not in shown


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        ("\x1b[A", "Up arrow is not valid here: press d or t."),
        ("\x1bOD", "Left arrow is not valid here: press d or t."),
        ("\x1b", "Esc is not valid here: press d or t."),
        ("\t", "Tab is not valid here: press d or t."),
        ("\x15", "Ctrl-U is not valid here: press d or t."),
        ("\x1b[15~", "That key is not valid here: press d or t."),  # F5
        ("\x1bd", "That key is not valid here: press d or t."),  # Alt-D, never a d
    ],
)
def test_a_key_that_types_nothing_is_a_wrong_key_named_as_on_the_keyboard(
    keyboard: FakeKeyboard, typed: str, said: str
) -> None:
    keyboard.chunks = iter(["z", typed, "t"])
    term = key_terminal()
    notes: list[object] = []
    assert ask(term, "d or t", ("d", "t"), valid="press d or t", help_text="help",
               redraw=notes.append) == "t"
    # The note about z is replaced by one about the new key, never left to seem its answer.
    assert [note.plain for note in notes] == [  # type: ignore[attr-defined]
        "z is not valid here: press d or t.", said]


@pytest.mark.parametrize("typed", ["\x1b[A", "\t", "\x1b"])
def test_a_key_that_types_nothing_gets_a_note_under_a_prompt_without_a_screen(
    keyboard: FakeKeyboard, typed: str
) -> None:
    keyboard.chunks = iter([typed, "t"])
    term = key_terminal()
    assert ask(term, "d or t", ("d", "t"), valid="press d or t", help_text="help") == "t"
    shown = output(term)
    assert "is not valid here: press d or t." in shown
    assert shown.count("d or t > ") == 2  # asked again under the note


@pytest.mark.parametrize("typed", [["\x1b[A", "\x1b[A", "\x1b[B", "\x1b"], ["x", "z", "\t"]])
def test_a_wrong_key_again_at_play_again_is_noted_once(
    keyboard: FakeKeyboard, typed: list[str]
) -> None:
    """Each wrong key said the note and the question again under the last, until the final
    standings scrolled off: the note, still just above the question, is said once."""
    keyboard.chunks = iter([*typed, "n"])
    term = key_terminal()
    assert play_again(term) is False
    shown = output(term)
    assert shown.count("Press y to play again, or n to stop.") == 1, shown
    assert shown.count("Play again, same players, new cards?") == 2, shown


def test_a_wrong_key_is_said_with_the_screen_painted_again(keyboard: FakeKeyboard) -> None:
    keyboard.chunks = iter(["z", "d"])
    term = key_terminal()
    notes: list[object] = []
    assert ask(term, "d or t", ("d", "t"), valid="press d or t", help_text="help",
               redraw=notes.append) == "d"
    assert len(notes) == 1 and isinstance(notes[0], Text)
    assert notes[0].plain == "z is not valid here: press d or t."


def test_q_asks_first_and_only_a_key_pressed_after_the_question_answers(
    keyboard: FakeKeyboard,
) -> None:
    keyboard.chunks = iter(["q\r", "n", "q", "y"])
    term = key_terminal()
    with pytest.raises(QuitGame):
        ask(term, "d or t", ("d", "t"), valid="d or t", help_text="help", redraw=lambda n: None)
    assert output(term).count("Quit this game?") == 2  # the Enter typed with q was no answer


def seated(players: int = 2, seed: int = 3) -> Game:
    game = Game(Rules(players), random.Random(seed),
                players=[Player(name) for name in ("Ann", "Bob", "Cy", "Dee")[:players]])
    game.deal()
    return game


@pytest.mark.parametrize(("key", "slot"), [("1", 1), ("9", 9), ("0", 10)])
def test_one_key_names_each_slot_and_0_is_slot_10(
    keyboard: FakeKeyboard, key: str, slot: int
) -> None:
    game = seated()
    term = key_terminal()
    agent = HumanAgent("Ann", term)
    keyboard.chunks = iter(["d", key, "\r"])
    assert agent.choose(game.view(game.mover)) == DRAW
    game.apply(DRAW)
    assert agent.choose(game.view(game.mover)) == place(slot)


def test_space_confirms_like_enter(keyboard: FakeKeyboard) -> None:
    game = seated()
    game.apply(DRAW)
    keyboard.chunks = iter(["x", " "])
    assert HumanAgent("Ann", key_terminal()).choose(game.view(game.mover)) == DISCARD


def test_u_after_t_goes_back_and_a_confirmed_take_comes_as_take_then_the_placement(
    keyboard: FakeKeyboard,
) -> None:
    game = seated()
    view = game.view(game.mover)
    agent = HumanAgent("Ann", key_terminal())
    keyboard.chunks = iter(["t", "u", "t", "4", "\r"])
    assert agent.choose(view) == TAKE
    game.apply(TAKE)
    assert agent.choose(game.view(game.mover)) == place(4)


def test_the_view_of_a_take_not_yet_made_is_the_engines_after_taking() -> None:
    game = seated()
    view = game.view(game.mover)
    game.apply(TAKE)
    assert taken_view(view) == game.view(game.mover)


def test_a_hint_is_counted_once_per_decision(keyboard: FakeKeyboard) -> None:
    from rack_o.bots import hint as bot_hint

    game = seated()
    agent = HumanAgent("Ann", key_terminal(), bot_hint)
    keyboard.chunks = iter(["h", "h", "d", "h", "x", "\r"])
    agent.choose(game.view(game.mover))
    game.apply(DRAW)
    agent.choose(game.view(game.mover))
    assert agent.hints_this_turn == 2


def test_with_hints_off_h_says_so(keyboard: FakeKeyboard) -> None:
    game = seated()
    term = key_terminal()
    keyboard.chunks = iter(["h", "d"])
    assert HumanAgent("Ann", term, None).choose(game.view(game.mover)) == DRAW
    assert "Hints are off for this game." in output(term)
    assert "h hint" not in output(term)


@pytest.mark.parametrize(("height", "history"), [(24, True), (20, False)])
def test_a_rack_screen_fits_the_terminals_height_scores_first(
    keyboard: FakeKeyboard, height: int, history: bool
) -> None:
    game = seated(4)
    for _ in range(3):
        game.apply(DRAW)
        game.apply(DISCARD)
    term = key_terminal(60, height)
    keyboard.chunks = iter(["?", "d"])
    HumanAgent(game.players[game.mover].name, term).choose(game.view(game.mover))
    last = re.split(CLEARED, output(term))[-1]
    lines = last.rstrip().splitlines()
    assert len(lines) <= height  # the help and the prompt included
    assert lines[0].startswith("Round 1") and "Ann 0" in lines[1]
    assert ("Since your last turn:" in last or "This round so far:" in last) is history
    assert "d draws the top card" in last


SLOT_AND_CARD = re.compile(r"(?<![\d█])(\d+) +(\d+) █+")


@pytest.mark.parametrize(("size", "keys", "drawn"), [
    ((45, 15), ["?", "d"], False),  # the help, seven lines at 45 columns
    ((45, 15), ["5", "u", "x", ENTER], True),
    ((40, 12), ["t", "3", ENTER], False),
    ((40, 12), ["z", "x", "4", ENTER], True),  # a wrong key's note
])
def test_a_short_terminal_always_shows_the_whole_rack_the_piles_and_the_prompt(
    keyboard: FakeKeyboard, size: tuple[int, int], keys: list[str], drawn: bool
) -> None:
    game = seated(4)
    if drawn:
        game.apply(DRAW)
    columns, lines = size
    term = key_terminal(columns, lines)
    keyboard.chunks = iter(keys)
    HumanAgent(game.players[game.mover].name, term).choose(game.view(game.mover))
    # Each screen up to its prompt's ">" (the key pressed is echoed after it).
    screens = [screen.rpartition(">")[0] + ">"
               for screen in re.split(CLEARED, output(term))[1:]]
    assert len(screens) == len(keys)
    rack = game.racks[game.mover]
    for screen in screens:
        assert len(screen.splitlines()) <= lines, screen
        slots = {int(slot): int(card) for slot, card in SLOT_AND_CARD.findall(screen)}
        assert sorted(slots) == list(range(1, 11)), screen
        changed = [slot for slot in slots if slots[slot] != rack[slot - 1]]
        assert len(changed) <= 1 and all(slots[slot] == game.held or slots[slot] ==
                                         game.discard_top for slot in changed), screen
        assert "Discard pile:" in screen, screen


# ---------------------------------------------------------------- the pager


def test_the_pager_shows_a_screen_at_a_time_and_never_runs_a_program(
    keyboard: FakeKeyboard, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(subprocess, "Popen", lambda *a, **k: pytest.fail("a program was run"))
    text = "\n".join(f"line {n}" for n in range(1, 31))
    term = key_terminal(40, 10)
    keyboard.chunks = iter([" ", "\x1b[B", "b", "\x1b[6~", " ", " ", " ", "q"])
    page(term, Text(text), "Rules")
    screens = re.split(CLEARED, output(term))[1:]
    firsts = [screen.lstrip().split("\n", 1)[0] for screen in screens]
    # space, down, b, page down, space, space (to the last screen), space (leaves: no q)
    assert firsts == ["line 1", "line 10", "line 11", "line 2", "line 11", "line 20", "line 22"]
    assert "1-9/30 · space b q" in screens[0]  # the short form: the long one is too wide


@pytest.mark.parametrize(
    ("width", "first", "before_the_end", "at_the_end"),
    [(80, "Rules · lines 1-9 of 30 · space more · b back · q returns",
      "Rules · lines 13-21 of 30 · space more · b back · q returns",
      "Rules · lines 22-30 of 30 (end) · b back · space or q returns"),
     (40, "1-9/30 · space b q", "13-21/30 · space b q", "22-30/30 (end) · b q")],
    ids=["long", "short"],
)
def test_the_pagers_last_screen_says_it_is_the_end_and_offers_no_more(
    keyboard: FakeKeyboard, width: int, first: str, before_the_end: str, at_the_end: str
) -> None:
    text = "\n".join(f"line {n}" for n in range(1, 31))
    term = key_terminal(width, 10)
    keyboard.chunks = iter(["\x1b[F", "b", "\x1b[F", "q"])  # end, back, end, q
    page(term, Text(text), "Rules")
    statuses = [screen.rstrip().rsplit("\n", 1)[-1].strip()
                for screen in re.split(CLEARED, output(term))[1:]]
    assert statuses == [first, at_the_end, before_the_end, at_the_end]


def test_without_a_terminal_the_pager_prints_all_and_waits_for_a_line() -> None:
    term = Terminal(Console(file=io.StringIO(), width=40), stdin=io.StringIO("\n"))
    page(term, Text("a\nb"), "Rules")
    assert output(term).startswith("a\nb\nPress Enter to go back.")


# ---------------------------------------------------------------- hints in the record


def test_the_game_line_says_hints_were_off_and_a_line_without_it_had_them_on() -> None:
    rules = Rules(2)
    players = (Player("Ann"), Player("Bob"))
    off = Header(players, rules, 1, "2026-01-01T00:00:00Z", hints=False).event()
    assert off["hints"] is False
    assert read_header(1, off).hints is False
    on = Header(players, rules, 1).event()
    assert "hints" not in on and read_header(1, on).hints is True
    # Not racko's true or false: another writer's field of that name, which turns nothing off.
    assert read_header(1, {**on, "hints": "no"}).hints is True


def test_hints_used_are_summed_from_the_turn_lines() -> None:
    lines = [
        {"type": "turn", "seat": 0, "hints": 2},
        {"type": "turn", "seat": 1},
        {"type": "turn", "seat": 0, "hints": 1},
        {"type": "turn", "seat": 1, "hints": True},  # not a count
        {"type": "deal", "seat": 1, "hints": 3},
        {"type": "turn", "seat": 7, "hints": 3},
        {"type": "turn", "seat": 0, "hints": 3},  # take, put back with u, draw: three asked
        {"type": "turn", "seat": 1, "hints": 4},  # more than a turn can show
        {"type": "turn", "seat": 1, "hints": 10 ** 4299},  # summed, it could not be printed
    ]
    assert hints_in(lines, 2) == [6, 0]


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("RACKO_HOME", str(tmp_path))
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("COLUMNS", "80")
    return tmp_path


def racko(*args: str, input: str | None = None):  # type: ignore[no-untyped-def]
    return CliRunner().invoke(main, list(args), input=input)


@pytest.mark.parametrize(("keys", "hints"), [
    ("h d h x", 2),  # at the pile question, then for the card drawn
    ("h t h u d h x", HINTS_A_TURN),  # and for the card taken, put back with u: the most
], ids=["two", "the-most"])
def test_the_hints_shown_during_a_turn_are_written_on_its_line_and_counted_back(
    home: Path, keys: str, hints: int
) -> None:
    record = home / "game.jsonl"
    typed = "\n" + "\n".join(keys.split()) + "\n\nq\ny\n"
    result = racko("play", "--names", "Ann", "--bots", "easy", "--seed", "5", "--fast",
                   "--record", str(record), input=typed)
    assert result.exit_code == 1, result.output
    lines = [line for _, line in parse_lines(record.read_text(encoding="utf-8"))]
    [ann] = [line for line in lines if line["type"] == "turn" and line["seat"] == 0]
    assert ann["hints"] == hints
    # racko's own field after the spec's, "type" first as every line has it.
    assert list(ann) == ["type", "seat", "source", "card", "slot", "hints"]
    assert hints_in(lines, 2) == [hints, 0]
    assert rebuild(record.read_text(encoding="utf-8")).game.turn >= 1  # still a valid record


def test_the_standings_count_hints_from_before_a_resume_and_say_when_they_were_off() -> None:
    from test_cli_session import BandBot

    players = (Player("Ann"), Player("Bob"))
    for hints, said in ((True, "Hints used: Ann\u00a03, Bob\u00a01."),
                        (False, "Hints were off for this game.")):
        game = Game(Rules(2, target=5), random.Random(2), players=players)
        term = Terminal(Console(file=io.StringIO(), width=80), stdin=io.StringIO("\n" * 500),
                        pause_seconds=0)
        agents = [BandBot("Ann"), BandBot("Bob")]
        for agent in agents:
            agent.is_human = True  # type: ignore[attr-defined]
        header = Header(players, game.rules, 77, hints=hints)
        earlier = [{"type": "turn", "seat": 0, "hints": 3}, {"type": "turn", "seat": 1, "hints": 1}]
        assert run_session(term, game, agents, header=header, events=earlier) == 0
        shown = output(term)
        assert said in shown
        assert ("Seed 77. To deal these cards again:\nracko play --seed 77 --names Ann,Bob "
                "--target 5\n") in shown


def partners_sheet(names: list[str], width: int) -> tuple[Game, list[list[str]]]:
    """A partners game of two rounds and the words of each line of its score sheet."""
    from rack_o.agent import play_game
    from rack_o.bots import make_bot

    game = Game(Rules(4, target=500, partners=True), random.Random(1),
                players=[Player(name) for name in names])
    play_game(game, [make_bot("easy", seat, 1) for seat in range(4)], rounds=2)
    console = Console(file=io.StringIO(), width=width, color_system=None)
    console.print(score_sheet(game.rounds, names, game.rules, game.totals))
    shown = console.file.getvalue()  # type: ignore[attr-defined]
    assert all(len(line) <= width for line in shown.splitlines())
    return game, [line.split() for line in shown.splitlines()]


@pytest.mark.parametrize(("names", "width"), [
    (["Ann", "Bob", "Cy", "Dee"], 40),
    (["Annabelle-Marie", "Bartholomew-Max", "Christabel-Rose", "Demetrius-Alexa"], 80),
], ids=["short names, 40 columns", "long names, 80 columns"])
def test_the_score_sheet_adds_partners_by_team_where_players_leave_no_room(
    names: list[str], width: int
) -> None:
    game, rows = partners_sheet(names, width)
    for result in game.rounds:
        teams = [sum(p for seat, p in enumerate(result.points) if seat % 2 == team)
                 for team in (0, 1)]
        assert [str(result.round), *map(str, teams)] in rows
    assert rows[-1] == ["Total", *map(str, game.totals)]


@pytest.mark.parametrize("width", [80, 100])
def test_the_score_sheet_shows_each_partner_s_points_beside_the_team_s(width: int) -> None:
    game, rows = partners_sheet(["Ann", "Bob", "Cy", "Dee"], width)
    assert ["Round", "Ann", "Cy", "Ann", "&", "Cy", "Bob", "Dee", "Bob", "&", "Dee"] in rows
    for result in game.rounds:
        ann, bob, cy, dee = result.points
        assert [str(result.round), *map(str, (ann, cy, ann + cy, bob, dee, bob + dee))] in rows
    ann, bob, cy, dee = (sum(result.points[seat] for result in game.rounds) for seat in range(4))
    assert rows[-1] == ["Total", *map(str, (ann, cy, game.totals[0], bob, dee, game.totals[1]))]


def test_line_input_from_a_pipe_plays_on_slot_10_as_0_or_10(home: Path) -> None:
    record = home / "game.jsonl"
    result = racko("play", "--names", "Ann", "--bots", "easy", "--seed", "5", "--fast",
                   "--record", str(record), input="\nd\n10\n\nd\n0\n\nq\ny\n")
    assert result.exit_code == 1, result.output
    lines = [line for _, line in parse_lines(record.read_text(encoding="utf-8"))]
    assert [line["slot"] for line in lines if line["type"] == "turn" and line["seat"] == 0] \
        == [10, 10]
    assert "Play again" not in result.output  # asked at a keyboard only


@pytest.mark.parametrize(("keys", "slot"), [(["1", "0", "\r"], 10), (["4", "x", "7", " "], 7),
                                            (["4", "u", "2", "\r"], 2)])
def test_another_slot_at_the_preview_moves_the_card_there(
    keyboard: FakeKeyboard, keys: list[str], slot: int
) -> None:
    game = seated()
    game.apply(DRAW)
    keyboard.chunks = iter(keys)
    assert HumanAgent("Ann", key_terminal()).choose(game.view(game.mover)) == place(slot)
