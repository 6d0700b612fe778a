"""How a guest's going is told: their own ssh ends with exit status 0 when they chose to leave
or the game was over (the host closed the table after it), and 1 when their game was cut short
for them (the host stopped it, racko let them go for their silence, a refusal); the others read
that a guest who chose to leave left the table, and that one whose connection dropped is
disconnected."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

asyncssh = pytest.importorskip("asyncssh", reason="racko host needs asyncssh (the host extra)")

from hostkit import Hosted, connect, hosted, on_game_thread, open_screen, result_of, run  # noqa: E402
from test_host_ssh import seated  # noqa: E402

from rack_o.cli.exits import EXIT_OK, EXIT_STOPPED  # noqa: E402
from rack_o.host.guest_seats import GuestSeats  # noqa: E402
from rack_o.host.views import Presence, players_block, waiting_line  # noqa: E402


@pytest.fixture
def table(tmp_path: Path):
    with hosted(tmp_path) as served:
        yield served


def leaves(seats: GuestSeats) -> None:
    """Bob leaves the table, as a guest does with q (and y), Enter at the end, Ctrl-C or
    Ctrl-D: the screens and the seat call his terminal's `hang_up`."""
    seats.terminal(1).hang_up("You left the table.")


def host_closes(seats: GuestSeats) -> None:
    """The table closes after the game (`racko host` at its end)."""
    seats.close("The host closed the table. Thanks for playing!", code=EXIT_OK)


def host_stops(seats: GuestSeats) -> None:
    """The host stops the game in its middle (`HostedGame.stop`)."""
    seats.close("The host stopped the game.")


def let_go_for_silence(seats: GuestSeats) -> None:
    terminal = seats.terminal(1)
    seats.hang_up(1, terminal.idle_message())


@pytest.mark.parametrize(
    ("ending", "said", "status"),
    [(leaves, "You left the table.", EXIT_OK),
     (host_closes, "The host closed the table. Thanks for playing!", EXIT_OK),
     (host_stops, "The host stopped the game.", EXIT_STOPPED),
     (let_go_for_silence, "You pressed no key", EXIT_STOPPED)],
    ids=["left", "closed-after-the-game", "stopped", "idle"],
)
def test_a_guests_ssh_ends_with_0_when_they_chose_to_go_or_the_game_was_over(
    table: Hosted, ending, said: str, status: int
) -> None:
    async def scenario() -> tuple[str, int | None]:
        async with await connect(table.port, "bob") as conn:
            chan, screen = await open_screen(conn)
            assert await seated(table, 1)
            await result_of(on_game_thread(ending, table.table))
            await asyncio.wait_for(chan.wait_closed(), 5)
            return screen.text, chan.get_exit_status()

    text, code = run(scenario())
    assert said in text
    assert code == status


def test_a_guest_who_left_is_told_apart_from_one_who_dropped(table: Hosted) -> None:
    seats = table.table
    terminal = seats.terminal(1)

    async def connected() -> None:
        async with await connect(table.port, "bob") as conn:
            chan, _screen = await open_screen(conn)
            assert await seated(table, 1)
            await result_of(on_game_thread(leaves, seats))
            await asyncio.wait_for(chan.wait_closed(), 5)

    run(connected())
    assert not terminal.is_connected and terminal.left

    async def dropped() -> None:
        async with await connect(table.port, "bob") as conn:
            await open_screen(conn)
            assert await seated(table, 1)
            assert not terminal.left  # back: the seat's guest is here again
        # The connection closed from the guest's side: a drop.

    run(dropped())
    assert not terminal.left


@pytest.mark.parametrize(
    ("presence", "waiting", "listed"),
    [(Presence.LEFT, "Waiting for Bob (left the table).", "left the table"),
     (Presence.AWAY, "Waiting for Bob (disconnected).", "away")],
)
def test_the_others_read_that_a_guest_left_or_is_disconnected(
    presence: Presence, waiting: str, listed: str
) -> None:
    from rich.console import Console

    assert waiting_line("Bob", presence, False).plain == waiting
    console = Console(width=100, color_system=None)
    with console.capture() as captured:
        console.print(players_block(["Ann", "Bob"], [Presence.HOST, presence],
                                    lines={1: "ssh -p 2222 bob@10.0.0.2"}))
    assert f"Bob  {listed}  ssh -p 2222 bob@10.0.0.2" in captured.get()


@pytest.mark.parametrize("width", range(45, 80))
@pytest.mark.parametrize("line", ["ssh -p 24720 bartholomew-al@127.0.0.1",
                                  'ssh -p 24720 "ann marie@127.0.0.1"'])
def test_an_ssh_line_in_a_narrow_list_breaks_only_before_its_user_name(width: int,
                                                                       line: str) -> None:
    """"ssh -p" at a line's end and its port on the next read as two commands; a quoted
    target ("ann marie@…") is one word."""
    from rich.console import Console

    console = Console(width=width, color_system=None)
    with console.capture() as captured:
        console.print(players_block(["Bartholomew-Al", "Zoë"], [Presence.IDLE, Presence.AWAY],
                                    lines={0: line, 1: "ssh -p 24720 zoe@127.0.0.1"}))
    rows = [row.rstrip() for row in captured.get().splitlines()]
    assert all(len(row) <= width for row in rows), rows
    shown = " ".join(" ".join(rows).split())
    assert line in shown and "ssh -p 24720 zoe@127.0.0.1" in shown, rows
    assert not any(row.endswith(("ssh", "-p", '"ann')) for row in rows), rows


def test_at_a_table_the_others_read_that_a_guest_left_on_their_turn() -> None:
    from test_host_round_end_holds import shown, table, until, winning_deal

    with table(winning_deal(1, target=500), host_seat=0) as hosted:  # Bob plays first
        hosted.asked(1)
        hosted.press(1, "q")
        until(lambda: "Leave the table?" in shown(hosted.links[1]), "Bob is asked")
        hosted.press(1, "y")
        until(lambda: "Waiting for Player 2 (left the table)." in shown(hosted.links[0]),
              "the host reads that Bob left")
        assert hosted.links[1].code == EXIT_OK
        assert "disconnected" not in shown(hosted.links[0])

