"""At a hosted table an escape sequence handed over in pieces is one key, as at racko's own
terminal (the same table, `keypieces`): a guest's over SSH, where a slow link cuts a Left arrow
after its ESC, and the host's own keyboard, read on a thread. A lone ESC at the end of what
came is Escape once nothing more came for a moment (`SEQUENCE_WAIT`), never at once: the "[D"
of a Left arrow that follows it would be a "[" and a d, and d draws a card."""

from __future__ import annotations

import asyncio
import os
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

asyncssh = pytest.importorskip("asyncssh", reason="racko host needs asyncssh (the host extra)")

from hostkit import (  # noqa: E402 - only once asyncssh is known to be there
    WAIT,
    Hosted,
    connect,
    hosted,
    on_game_thread,
    open_screen,
    result_of,
    run,
    wait_until,
)
from keypieces import LONG, PIECES  # noqa: E402

from rack_o.cli.keys import SEQUENCE_WAIT  # noqa: E402
from rack_o.host.inbox import Inbox  # noqa: E402
from rack_o.host.local import _read_keys, local_terminal  # noqa: E402
from rack_o.host.terminal import RemoteTerminal  # noqa: E402


def _waits_it_out(case: tuple[list[bytes], list[object], list[str]]) -> bool:
    """True for pieces whose reading waits out a pause or the moment a lone ESC waits for."""
    pieces, gaps, _keys = case
    return LONG in gaps or pieces[-1].endswith(b"\x1b")


CASES = [pytest.param(*case, id=name, marks=[pytest.mark.slow] if _waits_it_out(case) else [])
         for name, case in PIECES.items()]


class Received:
    """Each time racko has taken in what a terminal sent (`RemoteTerminal.receive`): set, and
    when."""

    def __init__(self) -> None:
        self.event = threading.Event()
        self.at = 0.0

    def wait(self) -> None:
        assert self.event.wait(WAIT), "racko never took in what was sent"
        self.event.clear()


@pytest.fixture
def received(monkeypatch: pytest.MonkeyPatch) -> Received:
    seen = Received()
    receive = RemoteTerminal.receive

    def receiving(self: RemoteTerminal, *args: object) -> None:
        receive(self, *args)  # type: ignore[arg-type]
        seen.at = time.monotonic()
        seen.event.set()

    monkeypatch.setattr(RemoteTerminal, "receive", receiving)
    return seen


def keys_read(terminal: RemoteTerminal, count: int) -> list[tuple[str, float]]:
    """The game side: `count` keys read, each with when it was read."""
    keys = []
    for _key in range(count):
        key = terminal.key("Your move > ")
        keys.append((key, time.monotonic()))
    return keys


# ------------------------------------------------------------------ a guest over SSH


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Hosted]:
    with hosted(tmp_path) as served:
        yield served


def guest_types(served: Hosted, received: Received, pieces: list[bytes], gaps: list[object],
                count: int) -> list[tuple[str, float]]:
    """A guest types `pieces` over SSH, each after racko took in the one before and `gaps`;
    the `count` keys racko reads, with when."""
    terminal = served.table.terminal(0)

    def read() -> list[tuple[str, float]]:
        wait_until(served.table, lambda: terminal.is_connected)
        return keys_read(terminal, count)

    async def scenario() -> list[tuple[str, float]]:
        async with await connect(served.port, "ann") as conn:
            chan, screen = await open_screen(conn)
            asked = on_game_thread(read)
            await screen.wait_for("Your move > ")
            chan.write(pieces[0].decode())
            for gap, piece in zip(gaps, pieces[1:], strict=True):
                await asyncio.to_thread(received.wait)
                if gap != "waited":
                    await asyncio.sleep(float(gap))  # type: ignore[arg-type]
                chan.write(piece.decode())
            return await result_of(asked)

    return run(scenario())


@pytest.mark.parametrize(("pieces", "gaps", "keys"), CASES)
def test_a_guests_escape_sequence_in_pieces_is_one_key(
    table: Hosted, received: Received, pieces: list[bytes], gaps: list[object], keys: list[str]
) -> None:
    read = guest_types(table, received, pieces, gaps, len(keys))
    assert [key for key, _at in read] == keys


@pytest.mark.slow
def test_a_guests_lone_escape_is_escape_once_nothing_more_came_for_a_moment(
    table: Hosted, received: Received
) -> None:
    [(key, at)] = guest_types(table, received, [b"\x1b"], [], 1)
    assert key == "escape"
    assert at - received.at >= SEQUENCE_WAIT - 0.02  # asyncio may wake a little early


# ------------------------------------------------------------------ the host's own keyboard


def host_types(received: Received, pieces: list[bytes], gaps: list[object], count: int
               ) -> list[tuple[str, float]]:
    """The host types `pieces` on their keyboard (a pipe here), read by `local._read_keys` on
    its thread; the `count` keys their seat reads, with when."""
    terminal = local_terminal(0, "Ann", Inbox())
    keyboard, typed = os.pipe()
    stop = threading.Event()
    reader = threading.Thread(target=_read_keys, args=(keyboard, terminal, stop), daemon=True)
    reader.start()

    def type_them() -> None:
        os.write(typed, pieces[0])
        for gap, piece in zip(gaps, pieces[1:], strict=True):
            received.wait()
            if gap != "waited":
                time.sleep(float(gap))  # type: ignore[arg-type]
            os.write(typed, piece)

    typist = threading.Thread(target=type_them, daemon=True)
    typist.start()
    try:
        return _within(WAIT, lambda: keys_read(terminal, count))
    finally:
        typist.join(WAIT)
        stop.set()
        os.close(typed)  # the reader's read ends
        reader.join(WAIT)
        os.close(keyboard)


def _within(seconds: float, work: Callable[[], list[tuple[str, float]]]
            ) -> list[tuple[str, float]]:
    """`work()`, or a failure if it takes longer than `seconds`."""
    future = on_game_thread(work)
    return future.result(seconds)


@pytest.mark.parametrize(("pieces", "gaps", "keys"), CASES)
def test_the_hosts_escape_sequence_in_pieces_is_one_key(
    received: Received, pieces: list[bytes], gaps: list[object], keys: list[str]
) -> None:
    read = host_types(received, pieces, gaps, len(keys))
    assert [key for key, _at in read] == keys


@pytest.mark.slow
def test_the_hosts_lone_escape_is_escape_once_nothing_more_came_for_a_moment(
    received: Received,
) -> None:
    [(key, at)] = host_types(received, [b"\x1b"], [], 1)
    assert key == "escape"
    assert at - received.at >= SEQUENCE_WAIT - 0.02
