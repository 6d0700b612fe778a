"""The SSH table with real connections: a server on a free local port, asyncssh clients.

Each test plays the game side on a thread of its own (`on_game_thread`) and the guests in
the test's asyncio loop; every wait has a timeout.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from pathlib import Path

import pytest

asyncssh = pytest.importorskip("asyncssh", reason="racko host needs asyncssh (the host extra)")

from hostkit import (  # noqa: E402 - only once asyncssh is known to be there
    CODE,
    Hosted,
    Screen,
    connect,
    hosted,
    on_game_thread,
    open_screen,
    result_of,
    run,
    wait_until,
)

from rack_o.host.keyboard import ENTER  # noqa: E402
from rack_o.host.lockout import LockOut  # noqa: E402
from rack_o.host.terminal import MAX_LINE, GuestGone, RemoteTerminal  # noqa: E402


@pytest.fixture
def table(tmp_path: Path):
    with hosted(tmp_path) as served:
        yield served


def ask_key(served: Hosted, seat: int = 0, prompt: str = "Your move > ") -> str:
    """The game side: wait for the guest, then ask for one key."""
    terminal = served.table.terminal(seat)
    wait_until(served.table, lambda: terminal.is_connected)
    return terminal.key(prompt)


# ------------------------------------------------------------------ getting in


def test_the_table_code_lets_a_guest_in_and_keys_arrive_one_by_one(table: Hosted) -> None:
    async def scenario() -> list[str]:
        async with await connect(table.port, "bob") as conn:
            chan, screen = await open_screen(conn)
            keys = []
            for press in ("d", "7", "\r"):  # no Enter needed after a key
                asked = on_game_thread(ask_key, table, 1)
                await screen.wait_for("Your move > ")
                screen.text = ""
                chan.write(press)
                keys.append(await result_of(asked))
            return keys

    assert run(scenario()) == ["d", "7", "\n"]


def test_the_code_may_be_typed_in_capitals_without_its_hyphen(table: Hosted) -> None:
    async def scenario() -> None:
        async with await connect(table.port, password=CODE.upper().replace("-", "")):
            pass

    run(scenario())


@pytest.mark.slow
def test_a_wrong_code_is_refused_and_slowed_down(tmp_path: Path) -> None:
    async def scenario() -> float:
        started = time.monotonic()
        with pytest.raises(asyncssh.PermissionDenied):
            await connect(served.port, password="tq4m-8kxq")
        return time.monotonic() - started

    with hosted(tmp_path, failure_delay=0.4) as served:
        assert run(scenario()) >= 0.4


@pytest.mark.slow
def test_three_wrong_codes_lock_the_address_out_even_for_the_right_one(tmp_path: Path) -> None:
    async def scenario() -> list[str]:
        refusals = []
        for password in ("wrong-1", "wrong-2", "wrong-3", CODE):
            with pytest.raises(asyncssh.PermissionDenied) as refused:
                await connect(served.port, password=password)
            refusals.append(refused.value.reason)
        await asyncio.sleep(0.6)  # the lock-out is over
        async with await connect(served.port):
            pass
        return refusals

    with hosted(tmp_path, lockout=LockOut(lock_seconds=0.5)) as served:
        refusals = run(scenario())
    assert refusals[0].startswith("Permission denied") and refusals[1] == refusals[0]
    assert refusals[2] == refusals[3] == (
        "Too many wrong table codes from your address: try again in 1 second."
    )


@pytest.mark.slow
def test_a_guest_who_never_logs_in_is_let_go(tmp_path: Path) -> None:
    async def scenario() -> bytes:
        reader, writer = await asyncio.open_connection("127.0.0.1", served.port)
        writer.write(b"SSH-2.0-slowpoke\r\n")
        data = await asyncio.wait_for(reader.read(), 5)  # ends when the server hangs up
        writer.close()
        return data

    with hosted(tmp_path, login_timeout=0.5) as served:
        started = time.monotonic()
        assert run(scenario()).startswith(b"SSH-2.0-racko")
        assert time.monotonic() - started < 4


def test_nothing_secret_reaches_the_log(table: Hosted, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)

    async def scenario() -> None:
        with pytest.raises(asyncssh.PermissionDenied):
            await connect(table.port, password="my-own-guess")
        async with await connect(table.port) as conn:
            chan, screen = await open_screen(conn)
            asked = on_game_thread(ask_key, table)
            await screen.wait_for("Your move > ")
            chan.write("q")
            await result_of(asked)

    run(scenario())
    logged = "\n".join(record.getMessage() for record in caplog.records)
    for secret in (CODE, "my-own-guess", "Your move"):
        assert secret not in logged


# ------------------------------------------------------------------ seats


def test_a_second_connection_for_a_taken_seat_is_refused_with_a_sentence(table: Hosted) -> None:
    async def scenario() -> tuple[str, int | None, str]:
        async with await connect(table.port, "ann") as first:
            chan, screen = await open_screen(first)
            assert await seated(table, 0)
            async with await connect(table.port, "ANN") as second:
                other_chan, other = await open_screen(second)
                await asyncio.wait_for(other_chan.wait_closed(), 5)
            asked = on_game_thread(ask_key, table)  # the first guest still plays
            await screen.wait_for("Your move > ")
            chan.write("t")
            return other.text, other_chan.get_exit_status(), await result_of(asked)

    refusal, status, key = run(scenario())
    assert "Ann's seat is taken by a connection that is still open." in refusal
    assert (status, key) == (1, "t")


def test_a_refusal_is_broken_between_words_at_the_guests_width(table: Hosted) -> None:
    async def scenario() -> str:
        async with await connect(table.port, "ann") as first:
            await open_screen(first)
            assert await seated(table, 0)
            async with await connect(table.port, "ann") as second:
                chan, screen = await open_screen(second, size=(40, 24))
                await asyncio.wait_for(chan.wait_closed(), 5)
            return screen.text

    lines = [line for line in run(scenario()).split("\r\n") if line]
    assert lines == ["Ann's seat is taken by a connection that",
                     "is still open. If that was you and your",
                     "connection dropped, try again in a", "minute."]


async def seated(served: Hosted, seat: int) -> bool:
    """From the clients' side: has the game thread seen `seat`'s guest arrive?"""
    terminal = served.table.terminal(seat)
    return await result_of(
        on_game_thread(wait_until, served.table, lambda: terminal.is_connected)
    )


def test_any_user_name_takes_the_next_free_seat(table: Hosted) -> None:
    async def scenario() -> None:
        async with await connect(table.port, "zed") as conn:
            await open_screen(conn)
            assert await seated(table, 0)

    run(scenario())


def test_a_second_session_on_one_connection_is_refused(table: Hosted) -> None:
    async def scenario() -> str:
        async with await connect(table.port) as conn:
            await open_screen(conn)
            with pytest.raises(asyncssh.ChannelOpenError) as refused:
                await open_screen(conn)
            return refused.value.reason

    assert run(scenario()) == "racko opens one session per connection."


def test_a_session_without_a_pty_is_refused_and_takes_no_seat(table: Hosted) -> None:
    async def scenario() -> tuple[str, int | None]:
        async with await connect(table.port, "ann") as conn:
            chan, screen = await open_screen(conn, size=None)
            await asyncio.wait_for(chan.wait_closed(), 5)
        async with await connect(table.port, "ann") as conn:  # the seat is still free
            await open_screen(conn)
            assert await seated(table, 0)
        return screen.text, chan.get_exit_status()

    text, status = run(scenario())
    assert text.startswith("racko needs a terminal") and status == 1


# ------------------------------------------------------------------ nothing but the game


def test_a_command_is_refused_with_a_sentence_and_nothing_runs(table: Hosted) -> None:
    async def scenario() -> asyncssh.SSHCompletedProcess:
        async with await connect(table.port) as conn:
            return await conn.run("touch /tmp/racko-was-here; id", term_type="xterm")

    result = run(scenario())
    assert result.exit_status == 1 and result.stdout == ""
    assert result.stderr.startswith("racko runs no commands")
    assert not Path("/tmp/racko-was-here").exists()


def test_sftp_is_refused(table: Hosted) -> None:
    async def scenario() -> None:
        async with await connect(table.port) as conn:
            with pytest.raises((asyncssh.ChannelOpenError, asyncssh.SFTPError)):
                await conn.start_sftp_client()

    run(scenario())


def test_scp_copies_nothing_either_way(table: Hosted, tmp_path: Path) -> None:
    (tmp_path / "mine").write_text("a file of the guest's")

    async def scenario() -> None:
        async with await connect(table.port) as conn:
            # asyncssh's scp may take the refusal for an empty copy; either way, nothing moves.
            with contextlib.suppress(asyncssh.Error, OSError):
                await asyncssh.scp((conn, "/etc/hostname"), tmp_path / "fetched")
        async with await connect(table.port) as conn:
            with contextlib.suppress(asyncssh.Error, OSError):
                await asyncssh.scp(tmp_path / "mine", (conn, str(tmp_path / "uploaded")))

    run(scenario())
    assert sorted(path.name for path in tmp_path.iterdir()) == ["host_key", "mine"]


@pytest.mark.parametrize(
    "forwarding",
    ["local tcp", "remote tcp", "local unix", "remote unix"],
)
def test_port_forwarding_is_refused(table: Hosted, forwarding: str) -> None:
    async def scenario() -> None:
        async with await connect(table.port) as conn:
            if forwarding == "local tcp":
                with pytest.raises(asyncssh.ChannelOpenError):
                    await conn.open_connection("127.0.0.1", table.port)
            elif forwarding == "remote tcp":
                with pytest.raises(asyncssh.ChannelListenError):
                    await conn.forward_remote_port("127.0.0.1", 0, "127.0.0.1", 9)
            elif forwarding == "local unix":
                with pytest.raises(asyncssh.ChannelOpenError):
                    await conn.open_unix_connection("/run/anything.sock")
            else:
                with pytest.raises(asyncssh.ChannelListenError):
                    await conn.forward_remote_path("/tmp/racko-forwarded.sock", "/dev/null")

    run(scenario())


def test_agent_forwarding_is_not_granted(table: Hosted, tmp_path: Path) -> None:
    async def scenario() -> str | None:
        async with await connect(
            table.port, agent_forwarding=True, agent_path=str(tmp_path / "agent.sock")
        ) as conn:
            await open_screen(conn)
            assert await seated(table, 0)
            (server_side,) = list(table.server.connections)
            return server_side.get_agent_path()

    assert run(scenario()) is None


def test_x11_forwarding_is_refused(table: Hosted, tmp_path: Path) -> None:
    async def scenario() -> str:
        async with await connect(table.port) as conn:
            with pytest.raises(asyncssh.ChannelOpenError) as refused:
                await conn.create_session(
                    Screen, term_type="xterm", x11_forwarding=True, x11_display="127.0.0.1:9",
                    x11_auth_path=str(tmp_path / "Xauthority"),
                )
            return refused.value.reason

    assert run(scenario()) == "X11 forwarding request failed"


# ------------------------------------------------------------------ bounded input


@pytest.mark.slow
def test_a_megabyte_line_is_cut_off_without_harm(table: Hosted) -> None:
    def ask_line_then_key() -> tuple[str, str]:
        terminal = table.table.terminal(0)
        wait_until(table.table, lambda: terminal.is_connected)
        line = terminal.line("Name: ")
        terminal.flush_input()
        key = terminal.key("Key > ")
        while key == ENTER:  # an Enter sent again while the host was still busy (below)
            key = terminal.key("Key > ")
        return line, key

    async def scenario() -> tuple[str, str]:
        async with await connect(table.port) as conn:
            chan, screen = await open_screen(conn)
            asked = on_game_thread(ask_line_then_key)
            await screen.wait_for("Name: ")
            chan.write("x" * 1_000_000 + "\r")
            await screen.wait_for("Name: " + "x" * MAX_LINE, timeout=30)  # the line is full
            # The first Enter may have been cut off with the rest, and so may another sent
            # while the host still works through the megabyte: Enter until the line ends.
            for _try in range(10):
                chan.write("\r")
                with contextlib.suppress(TimeoutError):
                    await screen.wait_for("Key > ", timeout=3)
                    break
            chan.write("k")
            return await result_of(asked, 10)

    line, key = run(scenario())
    assert line == "x" * MAX_LINE and key == "k"


@pytest.mark.slow
def test_a_guest_silent_on_their_turn_is_let_go_and_may_come_back(tmp_path: Path) -> None:
    def ask_twice() -> tuple[str, float]:
        terminal = served.table.terminal(0)
        wait_until(served.table, lambda: terminal.is_connected)
        started = time.monotonic()
        return terminal.key("Your move > "), time.monotonic() - started

    async def scenario() -> tuple[str, tuple[str, float]]:
        asked = on_game_thread(ask_twice)
        async with await connect(served.port) as conn:
            chan, screen = await open_screen(conn)
            await asyncio.wait_for(chan.wait_closed(), 5)
        async with await connect(served.port) as conn:
            chan, again = await open_screen(conn)
            await asyncio.sleep(0.1)
            chan.write("b")
            return screen.text, await result_of(asked)

    with hosted(tmp_path, idle=0.5) as served:
        text, (key, waited) = run(scenario())
    assert "You pressed no key for 1 second while it was up to you, so racko let you go." in text
    assert key == "b" and waited >= 0.5


# ------------------------------------------------------------------ faults


@pytest.mark.slow
def test_a_guest_who_drops_takes_the_seat_back_where_it_stood(table: Hosted) -> None:
    events: list[tuple[int, bool]] = []
    painted: list[tuple[int, int]] = []

    def game() -> tuple[RemoteTerminal, str]:
        terminal = table.table.terminal(1)
        table.table.on_presence(lambda seat, connected: events.append((seat, connected)))
        terminal.on_redraw(lambda: (painted.append((terminal.width, terminal.height)),
                                    terminal.console.print("Bob's rack: 3 9 14")))
        wait_until(table.table, lambda: terminal.is_connected)
        return terminal, terminal.key("Slot 1-10 > ")

    async def scenario() -> tuple[RemoteTerminal, str, str]:
        asked = on_game_thread(game)
        async with await connect(table.port, "bob") as conn:
            chan, first = await open_screen(conn)
            await first.wait_for("Slot 1-10 > ")
        # Gone mid-turn; the game thread keeps waiting for Bob's key.
        await asyncio.sleep(0.2)
        async with await connect(table.port, "bob") as conn:
            chan, second = await open_screen(conn, size=(100, 30))
            await second.wait_for("Slot 1-10 > ")
            chan.write("4")
            terminal, key = await result_of(asked)
            return terminal, key, second.text

    terminal, key, screen = run(scenario())
    assert terminal is table.table.terminal(1) and key == "4"
    assert events == [(1, True), (1, False), (1, True)]
    assert painted == [(80, 24), (100, 30)]
    assert screen == "\x1b[H\x1b[2JBob's rack: 3 9 14\r\nSlot 1-10 > "


def test_a_resized_window_is_redrawn_at_its_new_size(table: Hosted) -> None:
    def game() -> str:
        terminal = table.table.terminal(0)
        terminal.on_redraw(lambda: terminal.console.print("=" * terminal.width))
        wait_until(table.table, lambda: terminal.is_connected)
        return terminal.key("Your move > ")

    async def scenario() -> str:
        asked = on_game_thread(game)
        async with await connect(table.port) as conn:
            chan, screen = await open_screen(conn)
            await screen.wait_for("Your move > ")
            chan.change_terminal_size(50, 20)
            await screen.wait_for("\x1b[2J" + "=" * 50 + "\r\n")
            chan.write("x")
            await result_of(asked)
            return screen.text

    text = run(scenario())
    assert text.endswith("\x1b[H\x1b[2J" + "=" * 50 + "\r\nYour move > ")


def test_the_host_giving_the_seat_to_a_bot_ends_the_wait_and_tells_the_guest(
    table: Hosted,
) -> None:
    def game() -> str:
        terminal = table.table.terminal(0)
        wait_until(table.table, lambda: terminal.is_connected)
        table.table.post(lambda: terminal.release("A computer player has taken your seat."))
        try:
            terminal.key("Your move > ")
        except GuestGone as gone:
            return gone.name
        return "nobody"

    async def scenario() -> tuple[str, str, str]:
        asked = on_game_thread(game)
        async with await connect(table.port) as conn:
            chan, screen = await open_screen(conn)
            await asyncio.wait_for(chan.wait_closed(), 5)
        async with await connect(table.port, "ann") as conn:
            chan, again = await open_screen(conn)
            await asyncio.wait_for(chan.wait_closed(), 5)
        return await result_of(asked), screen.text, again.text

    name, told, refused = run(scenario())
    assert name == "Ann"
    assert "A computer player has taken your seat." in told
    assert ("Ann's seat has been given to a computer player: the host handed it over while its "
            "guest was away") in " ".join(refused.split())


def test_closing_the_table_says_goodbye_to_every_guest(tmp_path: Path) -> None:
    async def scenario() -> str:
        async with await connect(served.port) as conn:
            chan, screen = await open_screen(conn)
            assert await seated(served, 0)
            closing = on_game_thread(served.table.close, "The host stopped the table.")
            await result_of(closing)
            stopping = on_game_thread(served.server.stop)
            await asyncio.wait_for(chan.wait_closed(), 5)
            await result_of(stopping)
            return screen.text

    with hosted(tmp_path) as served:
        assert "The host stopped the table." in run(scenario())


@pytest.mark.slow
def test_a_flood_of_connections_is_cut_off_and_the_table_serves_again_after(
    table: Hosted,
) -> None:
    from rack_o.host.server import MAX_CONNECTIONS

    async def scenario() -> tuple[int, int]:
        flood = [await asyncio.open_connection("127.0.0.1", table.port)
                 for _ in range(MAX_CONNECTIONS + 5)]
        answered = 0
        for reader, _writer in flood:
            try:
                if await asyncio.wait_for(reader.readline(), 2):
                    answered += 1
            except (TimeoutError, ConnectionError):
                pass
        for _reader, writer in flood:
            writer.close()
        await asyncio.sleep(0.2)
        async with await connect(table.port) as conn:
            await open_screen(conn)
        return answered, len(flood)

    answered, tried = run(scenario())
    assert answered == MAX_CONNECTIONS and tried == MAX_CONNECTIONS + 5


def test_a_port_in_use_is_said_in_a_sentence(table: Hosted, tmp_path: Path) -> None:
    from rack_o.host.guest_seats import GuestSeats
    from rack_o.host.hostkey import load_or_create
    from rack_o.host.server import HostError, HostServer

    second = HostServer(GuestSeats({0: "Ann"}), CODE, load_or_create(tmp_path / "host_key"),
                        bind="127.0.0.1", port=table.port)
    with pytest.raises(HostError) as error:
        second.start()
    assert str(error.value) == (
        f"racko can't listen on port {table.port}: another program uses it. Choose another "
        "with --port."
    )
