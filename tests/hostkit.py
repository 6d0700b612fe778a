"""What the SSH table tests share: a real server on a free local port, a game thread, and
asyncssh clients that never read the tester's ~/.ssh. Every wait here has a timeout."""

from __future__ import annotations

import asyncio
import concurrent.futures
import threading
from collections.abc import Callable, Coroutine, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import asyncssh

from rack_o.host.hostkey import load_or_create
from rack_o.host.lockout import LockOut
from rack_o.host.server import HostServer
from rack_o.host.table import Table

CODE = "tq4m-8kxp"
WAIT = 5.0
"""Seconds any single step of a test may take before it counts as hung."""

T = TypeVar("T")


@dataclass
class Hosted:
    """A table served on 127.0.0.1:port."""

    table: Table
    server: HostServer
    port: int
    code: str = CODE


@contextmanager
def hosted(
    home: Path,
    names: Sequence[str] = ("Ann", "Bob"),
    *,
    idle: float | None = None,
    lockout: LockOut | None = None,
    failure_delay: float = 0.05,
    login_timeout: float = 5.0,
) -> Iterator[Hosted]:
    """Serve a table whose seats are `names`, with its host key in `home`; stopped after."""
    table = Table(dict(enumerate(names)), idle=idle, pause_seconds=0)
    server = HostServer(
        table, CODE, load_or_create(home / "host_key"), bind="127.0.0.1", port=0,
        lockout=lockout, failure_delay=failure_delay, login_timeout=login_timeout,
    )
    port = server.start()
    try:
        yield Hosted(table, server, port)
    finally:
        table.close("The test is over.")
        server.stop()


def on_game_thread(function: Callable[..., T], *args: Any) -> concurrent.futures.Future[T]:
    """Run `function(*args)` on a thread of its own, as the game would (a daemon: a test that
    fails never waits for it)."""
    future: concurrent.futures.Future[T] = concurrent.futures.Future()

    def run() -> None:
        try:
            future.set_result(function(*args))
        except BaseException as error:  # noqa: BLE001 - handed to the test as it is
            future.set_exception(error)

    threading.Thread(target=run, daemon=True).start()
    return future


async def result_of(future: concurrent.futures.Future[T], timeout: float = WAIT) -> T:
    """The game thread's result, awaited from the clients' loop."""
    return await asyncio.wait_for(asyncio.wrap_future(future), timeout)


def run(scenario: Coroutine[Any, Any, T], timeout: float = 4 * WAIT) -> T:
    """Run a client scenario to its end, or fail after `timeout` seconds."""
    return asyncio.run(asyncio.wait_for(scenario, timeout))


async def connect(port: int, username: str = "ann", password: str = CODE,
                  **options: Any) -> asyncssh.SSHClientConnection:
    """An asyncssh client logged in (or refused) with `password`, trusting any host key and
    using nothing of the tester's own SSH set-up."""
    options.setdefault("agent_path", None)
    return await asyncssh.connect(
        "127.0.0.1", port, username=username, password=password, known_hosts=None,
        client_keys=None, config=None, preferred_auth="password", connect_timeout=WAIT,
        **options,
    )


class Screen(asyncssh.SSHClientSession):
    """What a client is shown: everything the server sent, stdout and stderr alike."""

    def __init__(self) -> None:
        self.text = ""
        self._changed = asyncio.Event()

    def data_received(self, data: str, datatype: asyncssh.DataType) -> None:
        self.text += data
        self._changed.set()

    async def wait_for(self, text: str, timeout: float = WAIT) -> None:
        """Return once `text` was shown; TimeoutError (with the screen) if it is not."""

        async def shown() -> None:
            while text not in self.text:
                self._changed.clear()
                await self._changed.wait()

        try:
            await asyncio.wait_for(shown(), timeout)
        except TimeoutError:
            raise TimeoutError(f"{text!r} never shown; the screen: {self.text!r}") from None


async def open_screen(
    conn: asyncssh.SSHClientConnection, size: tuple[int, int] | None = (80, 24), **options: Any
) -> tuple[asyncssh.SSHClientChannel, Screen]:
    """Start the session as `ssh` does: a shell, with a pty of `size` (None: no pty)."""
    if size is not None:
        options.update(term_type="xterm-256color", term_size=size)
    return await conn.create_session(Screen, **options)


def wait_until(table: Table, done: Callable[[], bool], timeout: float = WAIT) -> bool:
    """On the game thread: handle the table's events until `done()`, at most `timeout` s."""
    return table.wait(done, timeout)
