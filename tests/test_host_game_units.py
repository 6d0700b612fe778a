"""The parts of a hosted game that need no network: a seat's terminal handing keys to the
screen that follows the game and drawing it again, the lines the host passes on, what a
waiting screen says, where the host sits on --resume, and `racko host`'s usage errors."""

from __future__ import annotations

import json
import os
import re
import shlex
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from clirun import assert_exited, flat, racko
from rich.console import Console

from rack_o.actions import DISCARD, DRAW
from rack_o.cli.console import blanked_in_place
from rack_o.cli.prompt import InputEnded
from rack_o.game import Game, Player
from rack_o.host.address import is_loopback, lan_address, ssh_line
from rack_o.host.guest_seats import GuestSeats
from rack_o.host.hosting import HostedGame
from rack_o.host.inbox import Inbox
from rack_o.host.keyboard import CTRL_C, KeyReader
from rack_o.host.local import LocalLink, local_terminal
from rack_o.host.opening import _host_seat
from rack_o.host.terminal import GuestInterrupt, RemoteTerminal
from rack_o.host.views import Presence, keys_line, waiting_line
from rack_o.record import given_away
from rack_o.store.writer import RecordWriter
from rack_o.view import SeatView

# ------------------------------------------------------------------ a seat's terminal


@pytest.fixture
def seat() -> Iterator[tuple[RemoteTerminal, Inbox, int]]:
    """A seat's terminal drawn on a pipe (its read end given too)."""
    inbox = Inbox()
    terminal = local_terminal(0, "Ann", inbox)
    read, write = os.pipe()
    os.set_blocking(read, False)
    terminal.attached(LocalLink(write), 60, 20)
    yield terminal, inbox, read
    os.close(read)
    os.close(write)


def shown(read: int) -> str:
    """What was drawn on the pipe since last asked."""
    try:
        return os.read(read, 1 << 20).decode()
    except BlockingIOError:
        return ""


def typed(terminal: RemoteTerminal, inbox: Inbox, data: bytes) -> None:
    terminal.receive(data, KeyReader())
    inbox.run_posted()


def test_keys_typed_while_nothing_reads_go_to_the_handler_and_the_rest_to_key(seat) -> None:
    terminal, inbox, _read = seat
    handled: list[str] = []
    terminal.on_keys(handled.append)
    typed(terminal, inbox, b"sq\x03")
    assert handled == ["s", "q", CTRL_C]
    terminal.receive(b"d", KeyReader())
    assert terminal.key("Your move > ") == "d"
    assert handled == ["s", "q", CTRL_C]


def test_a_repaint_without_a_drawer_prints_again_what_the_screen_showed(seat) -> None:
    terminal, _inbox, read = seat
    terminal.clear()
    terminal.console.print("Ann's rack: 3 9 14")
    shown(read)
    terminal.repaint()
    # Painted over at the same size: blanked line by line, nothing pushed into the scrollback.
    assert shown(read) == blanked_in_place(terminal.height) + "Ann's rack: 3 9 14\r\n"


def test_a_guest_s_screen_is_cleared_whole_only_when_it_must_be(seat) -> None:
    # The first screen of a connection, and one after a resize, are cleared whole (the
    # window holds what ssh left, or lines at other places); a hand-off's also takes the
    # scrollback; any other redraw is blanked in place, so the scrollback gains no copy.
    terminal, _inbox, read = seat
    terminal.clear()
    shown(read)
    terminal.clear()
    assert shown(read) == blanked_in_place(terminal.height)
    terminal.console.size = (70, 22)
    terminal.clear()
    assert shown(read) == "\x1b[H\x1b[2J"
    terminal.clear(scrollback=True)
    assert shown(read) == "\x1b[H\x1b[2J\x1b[3J"


def test_repainting_draws_with_its_callback_and_gives_the_old_one_back(seat) -> None:
    terminal, _inbox, read = seat
    terminal.on_redraw(lambda: terminal.console.print("the waiting screen"))
    with terminal.repainting(lambda: terminal.console.print("the rules")):
        terminal.repaint()
        assert "the rules" in shown(read)
    terminal.repaint()
    assert "the waiting screen" in shown(read)


# ------------------------------------------------------------------ what is shown


@pytest.mark.parametrize(
    ("name", "host", "port", "line", "user"),
    [
        ("Bob", "192.168.1.20", 2222, "ssh -p 2222 bob@192.168.1.20", "bob"),
        ("Mary Ann", "10.0.0.2", 2222, 'ssh -p 2222 "mary ann@10.0.0.2"', "mary ann"),
        ("Zoë", "10.0.0.2", 22, "ssh zoe@10.0.0.2", "zoe"),  # typed on any keyboard
        ("José Luis", "10.0.0.2", 22, 'ssh "jose luis@10.0.0.2"', "jose luis"),
        ("Βασίλης", "10.0.0.2", 22, "ssh βασίλης@10.0.0.2", "βασίλης"),
        # What OpenSSH refuses in a user name (' " ( ) ; & …, a - first) is left out.
        ("O'Neil", "10.0.0.2", 22, "ssh oneil@10.0.0.2", "oneil"),
        ('Al "Ace"', "10.0.0.2", 22, 'ssh "al ace@10.0.0.2"', "al ace"),
        ("-Jo (x)", "10.0.0.2", 22, 'ssh "jo x@10.0.0.2"', "jo x"),
        ("Jo\\ \\", "10.0.0.2", 22, "ssh jo@10.0.0.2", "jo"),  # no \\ last
        ("$HOME", "10.0.0.2", 22, "ssh '$home@10.0.0.2'", "$home"),
        # What the table's server refuses (SASLprep: an emoji is unassigned in Unicode 3.2;
        # right-to-left letters mixed with others) is left out too: it disconnected the guest.
        ("Zoë🎲", "10.0.0.2", 22, "ssh zoe@10.0.0.2", "zoe"),
        ("🎲", "10.0.0.2", 22, "ssh guest@10.0.0.2", "guest"),
        ("Ann דוד", "10.0.0.2", 22, "ssh ann@10.0.0.2", "ann"),
        ("דוד כהן 2", "10.0.0.2", 22, 'ssh "דוד כהן@10.0.0.2"', "דוד כהן"),
        ("مُحَمَّدٌ", "10.0.0.2", 22, 'ssh "مُحَمَّد@10.0.0.2"', "مُحَمَّد"),  # a mark last: the rule
        # As the server maps it (a variation selector, joiners dropped): the line names the
        # login the server compares with the seats', not one that matches none.
        ("Ann ☀️", "10.0.0.2", 22, 'ssh "ann ☀@10.0.0.2"', "ann ☀"),
        ("Ann 👨\u200d👩\u200d👧", "10.0.0.2", 22, "ssh ann@10.0.0.2", "ann"),
    ],
)
def test_each_guest_seat_gets_the_ssh_line_a_shell_takes_whole(
    name: str, host: str, port: int, line: str, user: str
) -> None:
    from asyncssh.saslprep import saslprep

    assert ssh_line(name, host, port) == line
    assert saslprep(user) == user  # the server takes it as it is
    target = f"{user}@{host}"
    assert shlex.split(line)[-1] == target  # sh, bash, zsh; PowerShell reads these quotes alike
    if "$" not in user and '"' not in user:
        # Windows' Command Prompt, which knows double quotes only: what it hands to ssh.
        assert _cmd_arguments(line)[-1] == target


def _cmd_arguments(line: str) -> list[str]:
    """`line` cut into arguments as a program started from Windows' Command Prompt receives
    them (double quotes group, and go; single quotes are letters like any other)."""
    arguments, current, quoted = [], "", False
    for char in line:
        if char == '"':
            quoted = not quoted
        elif char == " " and not quoted:
            arguments.append(current)
            current = ""
        else:
            current += char
    return [*arguments, current]


@pytest.mark.parametrize(
    ("bind", "address"), [("127.0.0.1", "127.0.0.1"), ("192.168.7.7", "192.168.7.7")]
)
def test_a_table_bound_to_one_address_gives_that_address(bind: str, address: str) -> None:
    assert lan_address(bind) == address


def test_a_table_on_every_address_gives_one_other_machines_can_reach() -> None:
    address = lan_address("")
    assert address == "127.0.0.1" or not is_loopback(address)


@pytest.mark.parametrize(
    ("presence", "drawn", "yours", "said"),
    [
        (Presence.HERE, False, False, "Bob is playing."),
        (Presence.HERE, True, False, "Bob drew a card and is placing it."),
        (Presence.AWAY, False, False, "Waiting for Bob (disconnected)."),
        (Presence.STAND_IN, False, False, "A computer player plays for Bob."),
        (Presence.HERE, False, True, "Your turn."),
    ],
)
def test_a_waiting_screen_says_whose_turn_it_is_and_what_they_do(
    presence: Presence, drawn: bool, yours: bool, said: str
) -> None:
    assert waiting_line("Bob", presence, drawn, yours=yours).plain == said


@pytest.mark.parametrize(("host", "width", "keys"), [
    (False, 100, "Enter ready · s score sheet · r rules · ? help · q leave the table"),
    (False, 50, "Enter ready · s sheet · r rules · ? help · q leave"),
    (False, 40, "Enter ready · s · r · ? · q leave"),  # what changes something keeps a word
    (False, 30, "Enter ready · s · r · ? · q"),
    (True, 60, "Enter ready · s sheet · r rules · ? help · b seat · q stop"),
    (True, 50, "Enter ready · s · r · ? · b seat · q stop"),
    (True, 40, "Enter ready · s · r · ? · b · q"),
])
def test_the_keys_of_a_waiting_screen_take_fewer_words_on_a_narrow_one(
    host: bool, width: int, keys: str
) -> None:
    console = Console(width=width, color_system=None)
    with console.capture() as captured:
        console.print(keys_line(host=host, ready=True))
    assert captured.get().strip() == keys


def test_a_host_without_a_seat_sees_no_rack_and_no_card_in_hand() -> None:
    from builders import seeded_game

    game = seeded_game(4)
    game.deal()
    game.apply(DRAW)
    view = game.public_view()
    assert (view.seat, view.rack, view.held, view.held_source, view.legal_actions) == (
        None, (), None, None, ())
    assert view.discard_pile == game.view(game.mover).discard_pile


def test_a_host_without_a_seat_sees_no_side_as_their_own() -> None:
    from builders import seeded_game

    from rack_o.cli.screens import scores_line

    game = seeded_game(4, players=4, partners=True)
    game.deal()

    def bold(view: SeatView) -> list[str]:
        line = scores_line(view)
        return [line.plain[span.start:span.end] for span in line.spans if "bold" in str(span.style)]

    assert bold(game.view(1)) != []  # a seated player's own side stands out
    assert bold(game.public_view()) == []


# ------------------------------------------------------------------ --resume


PLAYERS = [Player("Ann"), Player("Bob"), Player.for_bot("Hard", "hard"), Player("Cy")]


@pytest.mark.parametrize(
    ("seated", "line", "seat"),
    [
        (True, None, 0),  # a new game, or one started by racko play: the first person
        (True, {"host_seat": 1}, 1),
        (True, {"host_seat": None}, None),  # hosted without a seat: still none
        (True, {"host_seat": 2}, 0),  # a bot's seat: not the host's
        (True, {"host_seat": 1.0}, 0),  # not a seat number: ignored (it indexed nothing)
        (True, {"host_seat": True}, 0),
        (True, {"host_seat": "1"}, 0),
        (True, {"host_seat": 9}, 0),
        (False, {"host_seat": 1}, None),
    ],
)
def test_the_host_sits_where_the_record_says(
    seated: bool, line: dict | None, seat: int | None
) -> None:
    assert _host_seat(PLAYERS, seated, line) == seat


@pytest.mark.parametrize(
    ("lines", "given"),
    [
        ([{"type": "turn", "seat": 1, "stand_in": "bot:hard"},
          {"type": "turn", "seat": 3, "stand_in": "bot:hard"},
          {"type": "turn", "seat": 1},  # Bob came back? No: he played this turn himself
          {"type": "turn", "seat": 2}], [3]),
        # Given away before the deal, stopped before the computer player's first turn:
        ([{"type": "deal", "given_away": [3]}, {"type": "turn", "seat": 0}], [3]),
        ([{"type": "turn", "seat": 0, "given_away": [1, 3]}], [1, 3]),
        # Only a person's seat, named as a seat number, is given away:
        ([{"type": "deal", "given_away": [2, 9, -1, True, "1", 1.0]}], []),
        ([{"type": "deal", "given_away": 1}], []),
    ],
    ids=["stood-in-last", "before-its-turn", "two", "not-seats", "not-a-list"],
)
def test_a_seat_given_to_a_computer_player_goes_to_it_again(lines: list[dict], given: list[int]
                                                            ) -> None:
    assert given_away(lines, PLAYERS) == given


def guests_only(table: GuestSeats, game: Game, *, writer: RecordWriter | None = None,
                host_terminal: RemoteTerminal | None = None) -> HostedGame:
    """`game` at `table`, every person a guest (the host has no seat: `host_terminal`, if any,
    is their screen), recorded by `writer` if given; not played (the test moves the game)."""
    from rack_o.bots import make_bot
    from rack_o.cli.human import HumanAgent
    from rack_o.host.views import TableInfo

    return HostedGame(
        table, game, [HumanAgent(p.name, table.terminals[seat])
                      for seat, p in enumerate(game.players)],
        host_seat=None, host_terminal=host_terminal,
        info=TableInfo("tq4m-8kxp", "SHA256:x", {}),
        stand_in=lambda seat: make_bot("hard", seat, 3), writer=writer, pause_seconds=0)


def test_the_line_after_a_seat_is_given_away_says_so(tmp_path) -> None:
    from builders import seeded_game
    from test_host_units import FakeLink

    from rack_o.record import parse_lines

    game = seeded_game(3, players=3, names=["Ann", "Bob", "Cy"], kinds=["human"] * 3)
    table = GuestSeats({0: "Ann", 1: "Bob", 2: "Cy"}, idle=None, pause_seconds=0)
    for name in ("ann", "bob", "cy"):
        table.join(name, FakeLink(), 80, 24)
    table.inbox.run_posted()
    writer = RecordWriter(tmp_path / "given.jsonl")
    session = guests_only(table, game, writer=writer)
    session.give_to_bot(1)  # before the deal: nobody came for Bob
    game.deal()
    assert game.mover == 2
    game.apply(game.legal_actions()[0], 2)  # half of Cy's turn, then Ann is given away
    session.give_to_bot(0)
    game.apply(game.legal_actions()[0], 2)
    writer.close()
    lines = [line for _number, line in parse_lines(
        (tmp_path / "given.jsonl").read_text(encoding="utf-8"))]
    assert [(line["type"], line.get("given_away")) for line in lines] == [
        ("deal", [1]), ("turn", [0])]
    assert given_away(lines, game.players) == [0, 1]


# ------------------------------------------------------------------ usage


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--resume", "x", "--players", "3"],
         "--resume plays the table as it was saved: leave out the table options"),
        (["--names", "Ann", "--bots", "hard"], "Nobody would join this table"),
        # Not told to add the --no-seat it was given.
        (["--players", "2", "--bots", "easy,easy", "--no-seat"],
         "Nobody would join this table: give it a person's seat for a guest (--names, "
         "--players)."),
        # One user name would take both seats: the second guest could never sit down.
        (["--names", "Ann,(Ann)", "--no-seat"],
         "Ann and (Ann) would have the same ssh user name, ann: give them names that differ"),
        (["--names", "Ann,Bob"], "racko host plays your seat from this terminal"),
        (["--port", "70000"], "expected a whole number from 0 to 65,535 (such as --port 2222), "
         "not 70000."),
        # A hosted table needs a person: it does not offer to watch the bots, as play does.
        (["--partners", "--bots", "easy,easy,easy,easy"],
         "--partners seats 4 players, and 4 bots would take every seat: name 3 bots to keep a "
         "seat for a person."),
        # Taken in silence before: it only ever acts on a saved game's bots.
        (["--names", "Ann,Bob", "--no-seat", "--load-bots"],
         "--load-bots goes with --resume: racko host --resume ID --load-bots"),
    ],
    ids=["resume-with-options", "no-guest-seat", "no-seat-nor-guest", "one-login-for-two",
         "no-terminal", "port", "every-seat-a-bot", "load-bots-alone"],
)
def test_racko_host_says_what_is_wrong_before_it_opens_a_table(
    args: list[str], said: str, home
) -> None:
    pytest.importorskip("asyncssh")
    result = racko("host", *args)
    assert_exited(result, 2)
    assert said in flat(result.output)
    assert "watch the bots" not in result.output


def test_racko_host_without_asyncssh_says_how_to_install_it(monkeypatch, home) -> None:
    monkeypatch.setitem(sys.modules, "asyncssh", None)
    result = racko("host", "--names", "Ann,Bob")
    assert_exited(result, 1)
    assert "pip install 'racko[host]'" in result.output


def test_keys_typed_while_a_turn_screen_is_drawn_are_dropped_but_ctrl_c(seat) -> None:
    from rack_o.host.screen import SeatScreen

    terminal, inbox, _read = seat
    screen = SeatScreen(None, terminal, 0)  # type: ignore[arg-type]  # a turn asks it nothing
    screen.turn(True)
    typed(terminal, inbox, b"d3")  # before the prompt: not what the guest saw
    terminal.receive(b"x", KeyReader())  # once it asks
    assert terminal.key("Slot > ") == "x"
    with pytest.raises(GuestInterrupt):
        typed(terminal, inbox, b"\x03")


def test_a_saved_games_bot_from_outside_racko_is_not_imported_without_load_bots(home) -> None:
    pytest.importorskip("asyncssh")
    from builders import seeded_game, write_record

    game = seeded_game(3, names=["Ann", "Bob", "Odd"],
                       kinds=["human", "human", "bot:example_bot:Unheard"], players=3)
    game.deal()
    path = write_record(home / "games" / "odd.jsonl", game)
    before = path.read_bytes()
    result = racko("host", "--resume", str(path), "--no-seat", "--port", "0")
    assert_exited(result, 2)
    said = flat(result.output)
    # Refused as racko resume refuses it: the file, its line 1, why; before any table opened.
    assert f"cannot resume {path}, line 1: seat 3 (Odd) was played by the bot" in said
    assert "Resume with --load-bots to import it, if you trust it." in said
    assert "Table code" not in said
    assert "Usage:" not in said
    assert path.read_bytes() == before


@pytest.mark.parametrize(("names", "said"), [
    (["Ann", "Ann"], "two seats are named Ann: one guest could never reach the second."),
    (["Ann", "(Ann)"], "Ann and (Ann) would have the same ssh user name, ann"),
], ids=["same-name", "same-login"])
def test_a_saved_game_whose_seats_one_login_would_take_opens_no_table(
    home, names: list[str], said: str
) -> None:
    """A record may name two players alike (racko's options never do): one ssh user name would
    take both seats, and the second guest could never sit down."""
    pytest.importorskip("asyncssh")
    from builders import seeded_game, write_record

    game = seeded_game(3, names=names, kinds=["human", "human"])
    game.deal()
    path = write_record(home / "games" / "twins.jsonl", game)
    before = path.read_bytes()
    result = racko("host", "--resume", str(path), "--no-seat", "--port", "0")
    assert_exited(result, 2)
    shown = flat(result.output)
    assert f"cannot resume {path}, line 1: {said}" in shown
    assert "It goes on at one keyboard with: racko resume twins" in shown
    assert "give them names" not in shown  # a saved game's names cannot change
    assert "Table code" not in shown
    assert path.read_bytes() == before


@pytest.mark.parametrize("where", ["elsewhere", "in-racko-s-games"])
def test_a_saved_game_over_but_for_its_last_lines_opens_no_table(home, tmp_path,
                                                                  where: str) -> None:
    # It opened a table for a game that was over, waiting for guests.
    pytest.importorskip("asyncssh")
    from builders import finished_game, record_lines

    from rack_o.store.history import recent_games

    folder = home / "games" if where == "in-racko-s-games" else tmp_path / "from-a-friend"
    folder.mkdir(exist_ok=True)
    lines = record_lines(finished_game(3))
    for line in lines:
        if line["type"] == "game":
            line["players"] = [{**player, "kind": "human"} for player in line["players"]]
    path = folder / "done.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in lines[:-2]))  # as cut
    result = racko("host", "--resume", str(path), "--no-seat", "--port", "0")
    assert_exited(result, 1)
    assert "That game is over" in flat(result.output), result.output
    assert "Table code" not in result.output
    assert [json.loads(line) for line in path.read_text().splitlines()] == lines
    assert len(recent_games()) == (1 if where == "in-racko-s-games" else 0)


@pytest.mark.parametrize("table", ["bots-alone", "every-guest-given-away"])
def test_a_saved_game_nobody_could_join_opens_no_table_and_says_how_it_goes_on(
    home, table: str
) -> None:
    """Its table's options cannot change: the message says it goes on at one keyboard, not to
    give it a person's seat or add --no-seat (already there)."""
    pytest.importorskip("asyncssh")
    from builders import record_lines, unfinished_game

    kinds = ["bot:hard", "bot:easy"] if table == "bots-alone" else ["human", "human"]
    game = unfinished_game(5, turns=6, names=["Ann", "Bob"], kinds=kinds)
    lines = [json.dumps(line) for line in record_lines(game)]
    if table == "every-guest-given-away":
        last = json.loads(lines[-1])
        lines[-1] = json.dumps({**last, "given_away": [0, 1]})  # b pressed for both guests
    path = home / "games" / "nobody.jsonl"
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    before = path.read_bytes()
    result = racko("host", "--resume", str(path), "--no-seat", "--port", "0")
    assert_exited(result, 1)
    said = flat(result.output)
    why = ("none of its seats is a person's" if table == "bots-alone"
           else "every guest's seat went to a computer player")
    assert f"Nobody could join a table for this game: {why}." in said
    assert "It goes on at one keyboard with: racko resume nobody" in said
    assert "Table code" not in said
    assert "--no-seat" not in said
    assert path.read_bytes() == before


# ------------------------------------------------------------------ leaving


class _Table:
    """A table around one seat that is not stopping."""

    stopping = False

    def choosing(self, seat: int, view: object) -> None:
        """Nothing to tell the others here."""


def test_a_guest_who_leaves_holding_a_drawn_card_discards_it_and_the_line_says_so(
    seat,
) -> None:
    from builders import dealt

    from rack_o.actions import DISCARD, DRAW
    from rack_o.cli.human import HumanAgent
    from rack_o.cli.prompt import QuitGame
    from rack_o.host.seat import PersonSeat

    terminal, _inbox, _read = seat
    game = dealt([list(range(10, 0, -1)), list(range(20, 10, -1))], 30, [40], dealer=1)
    game.apply(DRAW)
    human = HumanAgent("Ann", terminal)

    def quits(view: object) -> None:
        raise QuitGame  # Ann pressed q, then y to leave the table

    human._place = quits  # type: ignore[method-assign]
    person = PersonSeat(human, terminal, _Table(), lambda: None)
    assert person.choose(game.view(0)) == DISCARD
    assert person.turn_notes() == {"left": True}
    game.apply(DISCARD)
    game.apply(DRAW)
    game.apply(DISCARD)  # Bob's turn
    human._choose_pile = lambda view: DRAW  # type: ignore[method-assign]  # Ann is back
    assert person.choose(game.view(0)) == DRAW
    assert person.turn_notes() == {}  # a new turn: nothing to say of it


@pytest.mark.parametrize("leaves", ["ctrl-c", "ctrl-d"])
def test_a_guest_who_leaves_by_ctrl_c_with_a_drawn_card_is_told_it_is_kept(
    seat, leaves: str
) -> None:
    from builders import dealt

    from rack_o.actions import DRAW, place
    from rack_o.cli.human import HumanAgent
    from rack_o.cli.prompt import InputEnded
    from rack_o.host.seat import PersonSeat

    terminal, _inbox, _read = seat
    game = dealt([list(range(10, 0, -1)), list(range(20, 10, -1))], 30, [40], dealer=1)
    game.apply(DRAW)
    human = HumanAgent("Ann", terminal)
    told: list[str] = []
    terminal.hang_up = told.append  # type: ignore[method-assign, assignment]
    asked: list[int] = []

    def leaves_then_comes_back(view: object) -> object:
        asked.append(1)
        if len(asked) == 1:
            raise GuestInterrupt(0) if leaves == "ctrl-c" else InputEnded
        return place(3)

    human._place = leaves_then_comes_back  # type: ignore[method-assign, assignment]
    person = PersonSeat(human, terminal, _Table(), lambda: None)
    drawn = game.view(0).held
    assert person.choose(game.view(0)) == place(3)  # the card was there when she came back
    assert told == [f"You left the table with the {drawn} you drew still in your hand. The game "
                    "goes on: connect again with the same command to take your seat back."]


# ------------------------------------------------------------ a screen filling the terminal


class _Host:
    """A hosted game as a screen sees it: everyone here; `gate`: waiting for a deal."""

    saved = True
    """A table stopped now could open again."""

    def __init__(self, game: object, gate: bool, notes: int = 0) -> None:
        """`notes`: lines more that the wait for a deal shows."""
        from rich.text import Text

        from rack_o.host.views import TableInfo

        self.game = game
        self.info = TableInfo("tq4m-8kxp", "SHA256:x", {})
        self.host_seat = None
        self.over_lines = None
        self.over_summary = 0
        self.gate_lines = [Text("Round 1 is about to be dealt."),
                           *(Text(f"Note {n}.") for n in range(notes))] if gate else None
        self.host_notes: list[object] = []

    def presence(self, seat: int) -> Presence:
        return Presence.HERE

    def is_ready(self, seat: int) -> bool:
        return False

    def not_ready(self) -> list[str]:
        return ["Bob"]

    def stand_in_turns(self) -> frozenset[int]:
        return frozenset()

    def away_guests(self) -> list[int]:
        return []

    def logins(self) -> dict[int, str]:
        return {}


def drawn_at(game: object, gate: bool, width: int, height: int, notes: int = 0) -> list[str]:
    """Bob's screen at a hosted table, on a terminal `width` by `height`, as it shows (with
    `notes` lines more while waiting for a deal)."""
    import pyte

    from rack_o.host.screen import SeatScreen

    inbox = Inbox()
    terminal = local_terminal(1, "Bob", inbox)
    read, write = os.pipe()
    try:
        os.set_blocking(read, False)
        terminal.attached(LocalLink(write), width, height)
        SeatScreen(_Host(game, gate, notes), terminal, 1).show()  # type: ignore[arg-type]
        screen = pyte.Screen(width, height)
        pyte.Stream(screen).feed(shown(read))
    finally:
        os.close(read)
        os.close(write)
    return [line.rstrip() for line in screen.display]


@pytest.mark.parametrize("gate", [False, True], ids=["waiting", "ready-for-the-deal"])
def test_a_screen_exactly_as_tall_as_the_terminal_keeps_its_top_line(gate: bool) -> None:
    from builders import seeded_game

    game = seeded_game(3, players=3, names=["Ann", "Bob", "Hard"],
                       kinds=["human", "human", "bot:hard"])
    if not gate:
        game.deal()
    notes = 10  # for the wait for a deal to be as tall as the smallest window (15 lines)
    tall = drawn_at(game, gate, 60, 60, notes)
    while not tall[-1]:
        tall.pop()
    assert len(tall) >= 15
    assert drawn_at(game, gate, 60, len(tall), notes) == tall


def test_a_host_without_a_seat_sees_the_table_whole_in_the_smallest_window() -> None:
    """The public table (no seat of the host's): long names wrap each move onto two lines, and
    four moves at least were shown, so the screen took more lines than the window and its top
    line (round, who dealt, whose turn) scrolled away at every move."""
    import pyte
    from builders import seeded_game

    from rack_o.host.screen import SeatScreen

    names = ["Bartholomew-Al", "Christabel-Rose", "Maximilian-Jo"]
    game = seeded_game(3, players=3, names=names, kinds=["human", "bot:hard", "bot:hard"])
    game.deal()
    for _turn in range(9):
        game.apply(game.legal_actions()[0], game.mover)
        game.apply(game.legal_actions()[-1], game.mover)
    host = _Host(game, gate=False)
    host.stand_in_turns = lambda: frozenset(range(len(game.history)))  # type: ignore[method-assign]
    terminal = local_terminal(0, "Host", Inbox())
    read, write = os.pipe()
    try:
        os.set_blocking(read, False)
        terminal.attached(LocalLink(write), 45, 15)
        SeatScreen(host, terminal, None, is_host=True).show()  # type: ignore[arg-type]
        tall = pyte.Screen(45, 60)  # as tall as the screen drawn, whatever its height
        pyte.Stream(tall).feed(shown(read))
    finally:
        os.close(read)
        os.close(write)
    lines = [line.rstrip() for line in tall.display]
    while not lines[-1]:
        lines.pop()
    assert len(lines) <= 15, "\n".join(lines)
    assert lines[0].startswith("Round 1"), "\n".join(lines)


@contextmanager
def host_seat_screen(game: object, gate: bool) -> Iterator[tuple[object, object, int]]:
    """The host's (Ann's) seat screen at a 100x30 terminal, Bob (seat 2) away: the host, the
    screen and the pipe its terminal draws into."""
    from rack_o.host.screen import SeatScreen

    host = _Host(game, gate=gate)
    host.away_guests = lambda: [1]  # type: ignore[method-assign]
    terminal = local_terminal(0, "Ann", Inbox())
    read, write = os.pipe()
    try:
        os.set_blocking(read, False)
        terminal.attached(LocalLink(write), 100, 30)
        yield host, SeatScreen(host, terminal, 0, is_host=True), read  # type: ignore[arg-type]
    finally:
        os.close(read)
        os.close(write)


def drawn_plain(read: int) -> str:
    """What was drawn into `read` since last read, without its escape sequences."""
    return re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", shown(read))


@pytest.mark.parametrize("name", ["Bob[/]", "[bold]Bob", "Bob [red]"])
def test_the_seat_question_shows_a_name_with_brackets_as_it_is(name: str) -> None:
    from builders import seeded_game

    with host_seat_screen(seeded_game(3, names=["Ann", name]), gate=True) as (_, screen, read):
        screen.pressed("b")  # type: ignore[attr-defined]
        drawn = drawn_plain(read)
    assert f"Which seat goes to a computer player? 2 {name} · any other key: none" in drawn


@pytest.mark.parametrize("gate", [False, True], ids=["in-a-round", "before-a-deal"])
def test_the_seat_question_goes_once_the_guest_it_offers_is_back(gate: bool) -> None:
    from builders import seeded_game

    game = seeded_game(3, names=["Ann", "Bob"])
    if not gate:
        game.deal()
    with host_seat_screen(game, gate) as (host, screen, read):
        screen.pressed("b")  # type: ignore[attr-defined]
        drawn_plain(read)
        host.away_guests = lambda: []  # type: ignore[attr-defined]  # Bob connects again
        screen.show()  # type: ignore[attr-defined]
        drawn = drawn_plain(read)
    assert "Which seat" not in drawn
    assert "Nobody is away: a seat goes to a computer player only while its guest is not " \
        "connected." in " ".join(drawn.split())
    assert screen.question is None  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("over", "is_host", "key", "said"),
    [(False, False, "d", "d does nothing here: press s, r, ? or q."),
     (False, True, "d", "d does nothing here: press s, r, ?, b or q."),
     (True, False, "q", "q does nothing here: press Enter, s or r."),
     (True, True, "b", "b does nothing here: press Enter, s or r.")],
    ids=["guest", "host", "guest-at-the-end", "host-at-the-end"],
)
def test_a_key_that_does_nothing_is_told_the_keys_that_do(
    over: bool, is_host: bool, key: str, said: str
) -> None:
    from builders import seeded_game
    from rich.text import Text

    from rack_o.host.screen import SeatScreen

    host = _Host(seeded_game(3), gate=False)
    if over:
        host.over_lines = [Text("Ann wins with 75 points after 1 round.")]
        host.over_summary = 1
    screen = SeatScreen(host, local_terminal(1, "Bob", Inbox()), 1, is_host=is_host)  # type: ignore[arg-type]
    screen.pressed(key)
    assert isinstance(screen.note, Text) and screen.note.plain == said


# ------------------------------------------------------------ keys on a screen that waits


@pytest.mark.parametrize(
    ("data", "opened"),
    [(b"s", "Score sheet"), (b"S", "Score sheet"), (b"r", "Rules of Rack-O"),
     (b"R", "Rules of Rack-O")],
)
def test_a_waiting_screen_takes_its_keys_in_either_case(seat, data: bytes, opened: str) -> None:
    from builders import seeded_game

    from rack_o.host.screen import SeatScreen

    terminal, inbox, _read = seat
    game = seeded_game(3, names=["Ann", "Bob"])
    game.deal()
    screen = SeatScreen(_Host(game, gate=False), terminal, 0)  # type: ignore[arg-type]
    typed(terminal, inbox, data)
    assert screen.pager is not None and screen.pager.title == opened
    assert screen.note is None  # not "S does nothing here"


@pytest.mark.parametrize("data", [b"q", b"Q"])
def test_a_capital_q_asks_a_guest_whether_to_leave_as_q_does(seat, data: bytes) -> None:
    from builders import seeded_game

    from rack_o.host.screen import SeatScreen

    terminal, inbox, _read = seat
    game = seeded_game(3, names=["Ann", "Bob"])
    game.deal()
    screen = SeatScreen(_Host(game, gate=False), terminal, 0)  # type: ignore[arg-type]
    typed(terminal, inbox, data)
    assert screen.question == "leave"


class _Keeper:
    """The table around a guest's terminal: what each guest let go was told."""

    def __init__(self) -> None:
        self.told: list[str] = []

    def hang_up(self, seat: int, message: str, *, release: bool = False, code: int = 1) -> None:
        self.told.append(message)


GOES_ON = ("You left the table. The game goes on: connect again with the same command to take "
           "your seat back.")
MAY_PLAY_AGAIN = ("You left the table. If the host plays again, the same ssh command takes your "
                  "seat back.")
BEFORE_DEAL = ("You left the table before the deal: connect again with the same command to take "
               "your seat back.")


@pytest.mark.parametrize(
    ("when", "data", "told"),
    [("in-the-game", b"\x03", GOES_ON),
     ("in-the-game", b"\x04", GOES_ON),
     ("at-the-end", b"\x03", "Thanks for playing!"),  # a host without a screen: it is over
     ("at-the-end", b"\x04", "Thanks for playing!"),
     ("at-the-end", b"\r", "Thanks for playing!"),
     ("host-choosing", b"\x03", MAY_PLAY_AGAIN),
     ("host-choosing", b"\x04", MAY_PLAY_AGAIN),
     ("at-the-gate", b"\x03", BEFORE_DEAL),  # the deal waits for everyone: nothing goes on
     ("at-the-gate", b"\x04", BEFORE_DEAL)],
)
def test_a_guest_leaving_is_told_what_becomes_of_the_game(
    when: str, data: bytes, told: str
) -> None:
    from builders import seeded_game
    from rich.text import Text

    from rack_o.host.screen import SeatScreen

    game = seeded_game(3, names=["Ann", "Bob"])
    game.deal()
    host = _Host(game, gate=when == "at-the-gate")
    if when not in ("in-the-game", "at-the-gate"):
        host.over_lines = [Text("Ann wins with 75 points after 1 round.")]
        host.over_summary = 1
    inbox, keeper = Inbox(), _Keeper()
    terminal = RemoteTerminal(1, "Bob", inbox, keeper, idle=None)
    screen = SeatScreen(host, terminal, 1)  # type: ignore[arg-type]
    if when == "host-choosing":
        screen.host_chooses()
    typed(terminal, inbox, data)
    assert keeper.told == [told]


# ------------------------------------------------------------ the host's own keys


def hosted_from_anns_seat(game: Game) -> tuple[HostedGame, RemoteTerminal]:
    """`game` at a table Ann hosts from seat 1 (her terminal drawn nowhere), Bob her guest
    (away): the hosted game and Ann's terminal."""
    from rack_o.cli.human import HumanAgent
    from rack_o.host.guest_seats import GuestSeats
    from rack_o.host.views import TableInfo

    seats = GuestSeats({1: "Bob"}, idle=None, pause_seconds=0)
    ann = local_terminal(0, "Ann", seats.inbox)
    session = HostedGame(
        seats, game, [HumanAgent("Ann", ann), HumanAgent("Bob", seats.terminal(1))],
        host_seat=0, host_terminal=ann, info=TableInfo("tq4m-8kxp", "SHA256:x", {}),
        stand_in=lambda seat: None)  # type: ignore[arg-type,return-value]
    return session, ann


@pytest.mark.parametrize("data", [b"\r\x03", b"\r\x04"], ids=["ctrl-c", "ctrl-d"])
def test_a_ctrl_c_or_ctrl_d_typed_with_the_last_move_is_a_no_to_playing_again(
    data: bytes,
) -> None:
    from builders import finished_game

    from rack_o.host.keyboard import ENTER

    session, ann = hosted_from_anns_seat(finished_game(3, target=5))
    ann.receive(data, KeyReader())
    assert ann.key() == ENTER  # the last move's Enter; the key after it came with it, unread
    asked: list[object] = []
    try:
        session._decide(ann, lambda terminal: asked.append(terminal) or True)
    except (KeyboardInterrupt, EOFError) as error:  # it would stop the test run itself
        pytest.fail(f"{error!r} came out of the play-again question")
    assert (asked, session.closing, session.again) == ([], True, False)


@pytest.mark.parametrize(("data", "stops"), [(b"\x03", KeyboardInterrupt), (b"\x04", InputEnded)],
                         ids=["ctrl-c", "ctrl-d"])
def test_the_hosts_ctrl_c_or_ctrl_d_on_a_waiting_screen_stops_the_game_as_on_their_turn(
    data: bytes, stops: type[BaseException]
) -> None:
    from builders import seeded_game

    game = seeded_game(3, names=["Ann", "Bob"])
    game.deal()
    session, ann = hosted_from_anns_seat(game)
    ann.receive(data, KeyReader())  # no prompt of Ann's is read: her waiting screen takes it
    try:
        session.seats.wait(lambda: False, 1)
    except stops:
        pass
    except (KeyboardInterrupt, EOFError) as error:  # it would stop the test run itself
        pytest.fail(f"{error!r} came out of the table")
    else:
        pytest.fail("the game goes on")
    assert session.stopping


def test_the_host_reads_who_is_away_and_the_line_that_takes_their_seat_back() -> None:
    from builders import seeded_game

    from rack_o.host.views import TableInfo

    game = seeded_game(3, players=3, names=["Ann", "Bob", "Cy"])
    game.deal()
    game.apply(DRAW, game.mover)  # someone is playing, not Ann alone: Ann's screen waits
    while game.mover == 0:
        game.apply(DISCARD, 0)
        game.apply(DRAW, game.mover)
    with host_seat_screen(game, gate=False) as (host, screen, read):
        host.info = TableInfo("tq4m-8kxp", "SHA256:x", {1: "ssh -p 2299 bob@192.0.2.2"})
        screen.show()  # type: ignore[attr-defined]
        drawn = " ".join(drawn_plain(read).split())
    assert "Bob is away: ssh -p 2299 bob@192.0.2.2" in drawn


class _ReadyHost(_Host):
    """`_Host` waiting for a deal, Bob (seat 1) ready or not."""

    def __init__(self, game: object, bob_ready: bool) -> None:
        super().__init__(game, gate=True)
        self.bob_ready = bob_ready

    def is_ready(self, seat: int) -> bool:
        return seat == 1 and self.bob_ready


@pytest.mark.parametrize(
    ("is_host", "seat", "bob_ready", "said"),
    [(False, 1, False, "z does nothing here: press Enter, s, r, ? or q."),
     (True, 1, False, "z does nothing here: press Enter, s, r, ?, b or q."),
     (False, 1, True, "z does nothing here: press u, s, r, ? or q."),
     (True, 1, True, "z does nothing here: press u, s, r, ?, b or q."),
     (True, None, False, "z does nothing here: press s, r, ?, b or q.")],
    ids=["guest", "host", "guest-ready", "host-ready", "host-without-a-seat"],
)
def test_a_key_that_does_nothing_before_a_deal_is_told_enter_or_u_too(
    is_host: bool, seat: int | None, bob_ready: bool, said: str
) -> None:
    from builders import seeded_game
    from rich.text import Text

    from rack_o.host.screen import SeatScreen

    host = _ReadyHost(seeded_game(3), bob_ready)
    screen = SeatScreen(host, local_terminal(1, "Bob", Inbox()), seat, is_host=is_host)  # type: ignore[arg-type]
    screen.pressed("z")
    assert isinstance(screen.note, Text) and screen.note.plain == said


@pytest.mark.parametrize(("key", "said"), [
    ("escape", "Esc does nothing here: press Enter, s, r, ? or q."),
    ("up", "Up arrow does nothing here: press Enter, s, r, ? or q."),
    ("tab", "Tab does nothing here: press Enter, s, r, ? or q."),
    ("ctrl-z", "Ctrl-Z does nothing here: press Enter, s, r, ? or q."),
    ("escd", "That key does nothing here: press Enter, s, r, ? or q."),  # Alt-D
])
def test_a_key_that_types_nothing_is_told_what_to_press_as_a_letter_is(key: str, said: str
                                                                        ) -> None:
    """As racko play names such a key: never a silence, and no note is a key's raw name."""
    from builders import seeded_game
    from rich.text import Text

    from rack_o.host.screen import SeatScreen

    screen = SeatScreen(_ReadyHost(seeded_game(3), False), local_terminal(1, "Bob", Inbox()), 1,
                        is_host=False)  # type: ignore[arg-type]
    screen.pressed(key)
    assert isinstance(screen.note, Text) and screen.note.plain == said


@pytest.mark.parametrize(("is_host", "seat"), [(False, 1), (True, 1)], ids=["guest", "host"])
def test_the_help_before_a_deal_says_what_enter_and_u_do(is_host: bool, seat: int) -> None:
    from builders import seeded_game
    from rich.text import Text

    from rack_o.host.screen import SeatScreen

    screen = SeatScreen(_ReadyHost(seeded_game(3), False), local_terminal(1, "Bob", Inbox()),
                        seat, is_host=is_host)  # type: ignore[arg-type]
    screen.pressed("?")
    assert isinstance(screen.note, Text)
    assert screen.note.plain.startswith(
        "Press Enter when you are ready for the cards to be dealt; u takes it back until "
        "they are. ")
    assert "While the others play" not in screen.note.plain  # nobody plays yet
    assert "the game goes on" not in screen.note.plain  # it is dealt once everyone is ready


@pytest.mark.parametrize(("saved", "promised"), [(True, True), (False, False)],
                         ids=["a card dealt", "before the first deal"])
def test_the_host_s_help_promises_the_table_opens_again_only_where_it_can(
        saved: bool, promised: bool) -> None:
    # Before the first deal q keeps no game ("No card was dealt, so there is no game to carry
    # on"), but the help said it was saved and racko host --resume would open the table again.
    from builders import seeded_game
    from rich.text import Text

    from rack_o.host.screen import SeatScreen

    host = _ReadyHost(seeded_game(3), False)
    host.saved = saved
    screen = SeatScreen(host, local_terminal(1, "Bob", Inbox()), 1,  # type: ignore[arg-type]
                        is_host=True)
    screen.pressed("?")
    assert isinstance(screen.note, Text)
    assert "q stops the game" in screen.note.plain
    assert ("racko host --resume opens the table again" in screen.note.plain) is promised


@pytest.mark.parametrize(("is_host", "said"), [
    (True, "The game is over. Enter closes the table; s shows the score sheet, r the rules."),
    (False, "The game is over. Enter leaves the table; s shows the score sheet, r the rules."),
], ids=["host", "guest"])
def test_the_help_at_the_game_s_end_says_what_the_keys_do_there(is_host: bool,
                                                                 said: str) -> None:
    # The host's said q stopped the game and racko host --resume opened the table again:
    # there q does nothing, and a finished game opens no more.
    from builders import seeded_game
    from rich.text import Text

    from rack_o.host.screen import SeatScreen

    host = _Host(seeded_game(3), False)
    host.over_lines = [Text("Ann wins.")]  # type: ignore[list-item]
    screen = SeatScreen(host, local_terminal(1, "Bob", Inbox()), 1,  # type: ignore[arg-type]
                        is_host=is_host)
    screen.pressed("?")
    assert isinstance(screen.note, Text) and screen.note.plain == said


# ------------------------------------------------------------------ a seat's help


class _Table:
    stopping = False

    def choosing(self, seat: int, view: object) -> None:
        pass


def ann_s_draw(guest: bool, size: tuple[int, int], language: str, keys: tuple[bytes, ...]
               ) -> str:
    """What Ann's hosted terminal of `size` in `language` was sent during her turn's first
    step, `keys` typed (each once its prompt is drawn, as the SSH thread passes keys on: a key
    typed before a turn's first screen is thrown away), the last of them d."""
    from builders import dealt

    from rack_o.cli.human import HumanAgent
    from rack_o.host.seat import PersonSeat

    inbox = Inbox()
    terminal = local_terminal(0, "Ann", inbox)
    read, write = os.pipe()
    os.set_blocking(read, False)
    terminal.attached(LocalLink(write), *size, language)
    game = dealt([[3, 9, 14, 20, 22, 25, 30, 33, 36, 40], [1, 2, 4, 5, 6, 7, 8, 10, 11, 12]],
                 17, dealer=1)
    person = PersonSeat(HumanAgent("Ann", terminal), terminal, _Table(), lambda: None,  # type: ignore[arg-type]
                        guest=guest)
    drawn = ""

    def guest_types() -> None:
        nonlocal drawn
        for key in keys:
            prompts = drawn.count(" > ")
            deadline = time.monotonic() + 10
            while drawn.count(" > ") == prompts and time.monotonic() < deadline:
                time.sleep(0.01)
                drawn += shown(read)
            terminal.receive(key, KeyReader())

    typing = threading.Thread(target=guest_types)
    typing.start()
    try:
        assert person.choose(game.view(0)) == DRAW
    finally:
        typing.join()
        drawn += shown(read)
        os.close(read)
        os.close(write)
    return drawn


@pytest.mark.timeout(20)
@pytest.mark.parametrize("language", ["en", "fr", "el", "cs"])
@pytest.mark.parametrize("guest", [True, False], ids=["guest", "host"])
def test_the_help_at_a_turn_says_what_q_does_there_and_fits_45_by_15(
    guest: bool, language: str
) -> None:
    """A guest's q leaves the table, the host's stops the game (racko play's help says q
    quits): the ? help says which, and at the smallest window it still leaves the whole rack
    on screen."""
    import pyte

    from rack_o.host.seat import GUEST_CHOOSE_HELP, HOST_CHOOSE_HELP
    from rack_o.i18n import _, speaking

    drawn = ann_s_draw(guest, (45, 15), language, (b"?", b"d"))
    with speaking(language):
        helped = _(GUEST_CHOOSE_HELP if guest else HOST_CHOOSE_HELP)
    assert helped.endswith("q leaves the table." if guest else "q stops the game.") or (
        language != "en")
    screen = pyte.Screen(45, 15)
    pyte.Stream(screen).feed(drawn[:drawn.rindex(" > ") + 3])  # as it stood before the d
    lines = [line.rstrip() for line in screen.display]
    assert flat(helped) in flat("\n".join(lines))
    assert {int(row.split()[0]) for row in lines if re.match(r" ?\d{1,2} +\d{1,2} ", row)} == set(
        range(1, 6))  # slots 1-5 lead the rows, 6-10 beside them: slot 1 never scrolled away


@pytest.mark.timeout(20)
@pytest.mark.parametrize(("guest", "said"), [(True, "q leave the table > "),
                                             (False, "q stop the game > ")],
                         ids=["guest", "host"])
def test_the_draw_or_take_prompt_names_what_q_does_at_a_hosted_table(guest: bool,
                                                                      said: str) -> None:
    """racko play's prompt says "q quit"; at a hosted table a guest's q leaves the table and
    the host's stops the game, as their ? help says."""
    import pyte

    drawn = ann_s_draw(guest, (100, 30), "en", (b"d",))
    screen = pyte.Screen(100, 30)
    pyte.Stream(screen).feed(drawn[:drawn.index(" > ") + 3])
    prompt = next(line for line in screen.display if " > " in line)
    assert prompt.rstrip().endswith(said.rstrip()) and "q quit" not in prompt


@pytest.mark.timeout(20)  # without the q kept, key() would wait for ever
@pytest.mark.parametrize(("is_host", "question"), [(False, "leave"), (True, "stop")])
def test_a_quit_question_pending_as_the_turn_begins_is_asked_again_by_the_turn(
    seat, is_host: bool, question: str
) -> None:
    """Asked "Leave the table?" while another played, the person's turn came: the question
    went with the screen, and their y was "not valid here". The turn starts with q instead."""
    from builders import seeded_game

    from rack_o.host.screen import SeatScreen

    terminal, _inbox, _read = seat
    game = seeded_game(3, names=["Ann", "Bob"])
    game.deal()
    screen = SeatScreen(_Host(game, gate=False), terminal, 0, is_host=is_host)  # type: ignore[arg-type]
    screen.question = question
    screen.turn(True)
    assert screen.question is None
    terminal.flush_input()  # as the turn's first screen does: the kept key stays
    assert terminal.key() == "q"


@pytest.mark.timeout(20)
@pytest.mark.parametrize("language", ["en", "fr", "el", "cs"])
@pytest.mark.parametrize(("key", "said"), [
    (b"r", "Your turn: the rules were put away (r shows them again)."),
    (b"s", "Your turn: the score sheet was put away (s shows it again)."),
], ids=["rules", "score-sheet"])
def test_the_rules_read_as_the_turn_begins_are_said_to_be_put_away(key: bytes, said: str,
                                                                   language: str) -> None:
    """Reading the rules while another played, the person's turn came: the pager went with
    the screen, and its keys (q returns, b goes back) fell on the turn unawares. The turn's
    first screen says so, in the person's language (not the host's)."""
    import pyte
    from builders import seeded_game

    from rack_o.cli.human import HumanAgent
    from rack_o.host.screen import SeatScreen
    from rack_o.i18n import _, speaking

    inbox = Inbox()
    terminal = local_terminal(0, "Ann", inbox)
    read, write = os.pipe()
    os.set_blocking(read, False)
    terminal.attached(LocalLink(write), 60, 20, language)
    with speaking(language):
        said = _(said.replace(f"({key.decode()} ", "({key} ")).format(key=key.decode())
    game = seeded_game(3, names=["Ann", "Bob"])
    game.deal()
    screen = SeatScreen(_Host(game, gate=False), terminal, game.mover)  # type: ignore[arg-type]
    screen.human = HumanAgent("Ann", terminal)
    typed(terminal, inbox, key)  # while Bob plays
    assert screen.pager is not None
    screen.turn(True)
    assert screen.pager is None
    shown(read)
    drawn = ""

    def types_d() -> None:
        nonlocal drawn
        deadline = time.monotonic() + 10
        while " > " not in drawn and time.monotonic() < deadline:
            time.sleep(0.01)
            drawn += shown(read)
        terminal.receive(b"d", KeyReader())

    typing = threading.Thread(target=types_d)
    typing.start()
    try:
        assert screen.human.choose(game.view(game.mover)) == DRAW
    finally:
        typing.join()
        os.close(read)
        os.close(write)
    screen_seen = pyte.Screen(60, 20)
    pyte.Stream(screen_seen).feed(drawn[:drawn.index(" > ")])
    assert flat(said) in flat(" ".join(screen_seen.display))
    assert screen.human.turn_note is None  # said once: the next turn's screen is as ever


@pytest.mark.timeout(20)
@pytest.mark.parametrize(("guest", "said"), [(True, "q leave > "), (False, "q stop > ")],
                         ids=["guest", "host"])
def test_a_narrow_window_s_draw_or_take_prompt_still_names_q_in_a_word(guest: bool,
                                                                       said: str) -> None:
    """At 50 columns "q leave the table" does not fit beside the moves: q is still named, in a
    word, before the prompt falls back to the moves and ? help alone."""
    import pyte

    drawn = ann_s_draw(guest, (50, 15), "en", (b"d",))
    screen = pyte.Screen(50, 15)
    pyte.Stream(screen).feed(drawn[:drawn.index(" > ") + 3])
    prompt = next(line for line in screen.display if " > " in line)
    assert prompt.rstrip().endswith(said.rstrip()) and "? help" in prompt, prompt


def test_rules_left_open_by_a_guest_who_went_away_are_not_said_put_away(seat) -> None:
    # Their new connection never showed the rules: the note would be stale (and was in the
    # host's language, made while they were away).
    from builders import seeded_game

    from rack_o.cli.human import HumanAgent
    from rack_o.host.screen import SeatScreen

    terminal, inbox, _read = seat
    game = seeded_game(3, names=["Ann", "Bob"])
    game.deal()
    screen = SeatScreen(_Host(game, gate=False), terminal, game.mover)  # type: ignore[arg-type]
    screen.human = HumanAgent("Ann", terminal)
    typed(terminal, inbox, b"r")  # while Bob plays
    assert screen.pager is not None
    link = terminal._link
    assert link is not None and terminal.detached(link)  # Ann's connection drops
    screen.turn(True)
    assert screen.pager is None and screen.human.turn_note is None
