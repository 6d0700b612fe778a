"""What the SSH table tests share: a real server on a free local port, a game thread, and
asyncssh clients that never read the tester's ~/.ssh. Every wait here has a timeout."""

from __future__ import annotations

import asyncio
import concurrent.futures
import os
import re
import shutil
import socket
import sys
import threading
import time
from collections.abc import Callable, Coroutine, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import asyncssh

from rack_o.host.guest_seats import GuestSeats
from rack_o.host.hostkey import load_or_create
from rack_o.host.lockout import LockOut
from rack_o.host.server import HostServer

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07|\x1b[()][0-9A-Za-z]")

CODE = "tq4m-8kxp"
WAIT = 5.0
"""Seconds any single step of a test may take before it counts as hung."""

T = TypeVar("T")


@dataclass
class Hosted:
    """A table served on 127.0.0.1:port."""

    table: GuestSeats
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
    table = GuestSeats(dict(enumerate(names)), idle=idle, pause_seconds=0)
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


def wait_until(table: GuestSeats, done: Callable[[], bool], timeout: float = WAIT) -> bool:
    """On the game thread: handle the table's events until `done()`, at most `timeout` s."""
    return table.wait(done, timeout)


# ---------------------------------------------------------------------------- a real racko host

RACK_ROW = re.compile(r"^\s*(\d{1,2})\s+(\d{1,2}) █")
"""A row of a rack on a turn or waiting screen: the slot, the card, the start of its bar."""
DREW = re.compile(r"You drew (\d+)\.")
SSH_LINE = re.compile(r"ssh -p (\d+) ([a-z]+)@127\.0\.0\.1")
PASSWORD = re.compile(r"password: ?$")


class Pty:
    """A program in a pseudo-terminal, its screen read with pyte. `pump` reads what it wrote;
    `text` keeps everything it wrote (without colours), `display` what shows now."""

    def __init__(self, command: str, args: Sequence[str], env: dict[str, str],
                 size: tuple[int, int] = (80, 24)) -> None:
        import ptys
        import pyte

        columns, lines = size
        self.child = ptys.spawn(command, list(args), env=env, dimensions=(lines, columns),
                                encoding="utf-8", timeout=WAIT, codec_errors="replace")
        self.child.delaybeforesend = None
        self.screen = pyte.Screen(columns, lines)
        self.stream = pyte.Stream(self.screen)
        self.text = ""
        self.changed = True
        """Something was drawn since the last `seen()`."""
        self._display: list[str] | None = None
        """`display` as last read, until the program writes or the window changes size."""

    def pump(self, timeout: float = 0.0) -> bool:
        """Read what the program wrote (waiting up to `timeout` for the first of it); True if
        there was anything. False at its end too."""
        import pexpect

        try:
            data = self.child.read_nonblocking(1 << 16, timeout)
        except (pexpect.TIMEOUT, pexpect.EOF):
            return False
        self.stream.feed(data)
        self._display = None
        self.text += ANSI.sub("", data).replace("\r", "")
        self.changed = True
        return True

    @property
    def display(self) -> list[str]:
        """The screen's lines as shown now, trailing blanks cut (read again only once the
        program wrote: a test polls it far more often than the screen changes)."""
        if self._display is None:
            self._display = [line.rstrip() for line in screen_lines(self.screen)]
        return list(self._display)

    def visible(self) -> str:
        """The screen as one text."""
        return "\n".join(self.display).rstrip("\n")

    def last_line(self) -> str:
        """The last line with anything on it (where a prompt waits)."""
        lines = [line for line in self.display if line.strip()]
        return lines[-1] if lines else ""

    def wait_for(self, pattern: str, timeout: float = 4 * WAIT, *, screen: bool = True
                 ) -> re.Match[str]:
        """Read until `pattern` shows (on the screen, or anywhere in `text`); its match."""
        deadline = time.monotonic() + timeout
        while True:
            found = re.search(pattern, self.visible() if screen else self.text)
            if found:
                return found
            if time.monotonic() > deadline:
                raise AssertionError(f"{pattern!r} never shown; the screen:\n{self.visible()}")
            if not self.pump(0.05) and not self.child.isalive():
                self.pump()
                found = re.search(pattern, self.visible() if screen else self.text)
                if found:
                    return found
                raise AssertionError(f"{pattern!r}: the program ended; it wrote:\n{self.text}")

    def send(self, keys: str) -> None:
        """Type `keys`."""
        self.changed = False
        self.child.send(keys)

    def resize(self, columns: int, lines: int) -> None:
        """The window changes size."""
        self.screen.resize(lines, columns)
        self._display = None
        self.child.setwinsize(lines, columns)

    def end(self) -> None:
        """Kill the program."""
        self.child.terminate(force=True)


NARROW = "\u1100"
"""Below this, no character takes two cells (wcwidth's first wide one is U+1100)."""
_WIDE: dict[str, bool] = {}
"""Whether a character takes two cells (wcwidth's answer, asked once a character)."""


def screen_lines(screen: Any) -> list[str]:
    """pyte's `screen.display`, the same lines, read without asking wcwidth about every cell
    each time (pyte's own took most of a hosted game test's time)."""
    from pyte.screens import wcwidth

    def is_wide(char: str) -> bool:
        found = _WIDE.get(char)
        if found is None:
            found = _WIDE[char] = wcwidth(char) == 2
        return found

    columns = screen.columns
    lines = []
    for y in range(screen.lines):
        cells = screen.buffer[y]
        get, blank = cells.get, cells.default  # a cell never written is the line's default
        datas = [get(x, blank).data for x in range(columns)]
        whole = "".join(datas)
        if len(whole) == columns and "" not in datas and (not whole or max(whole) < NARROW):
            lines.append(whole)  # a character a cell, none of them two cells wide
            continue
        chars = []
        wide = False
        for x in range(columns):
            if wide:  # the stub after a two-cell character
                wide = False
                continue
            char = cells[x].data
            chars.append(char)
            if len(char) > 1:
                assert sum(map(wcwidth, char[1:])) == 0
            wide = is_wide(char[0])
        lines.append("".join(chars))
    return lines


def racko_env(home: Path) -> dict[str, str]:
    """racko's environment: its data under `home`, English, a colour terminal."""
    env = {key: value for key, value in os.environ.items()
           if key not in ("NO_COLOR", "COLUMNS", "LINES")}
    env.update(RACKO_HOME=str(home), LANGUAGE="en", TERM="xterm-256color")
    return env


@dataclass
class HostProcess:
    """`racko host` in a pty: its port, its table code."""

    pty: Pty
    port: int
    code: str

    @property
    def pid(self) -> int:
        return int(self.pty.child.pid)


def start_host(home: Path, *args: str, size: tuple[int, int] = (100, 30),
               short_holds: bool = False) -> HostProcess:
    """`racko host ARGS` on a free port of 127.0.0.1, saving under `home`; once its code shows.
    With `short_holds`, a round's end and the game's hold their keys 0.05 s, not 1.5
    (tests/short_holds.py): for tests that type nothing until a screen's keys count."""
    from ttykit import SHORT_HOLDS, racko_command

    command, before = (sys.executable, [SHORT_HOLDS]) if short_holds else (racko_command(), [])
    pty = Pty(command, [*before, "host", "--port", "0", "--bind", "127.0.0.1", *args],
              racko_env(home), size)
    code = pty.wait_for(r"Table code: ([a-z0-9]{4}-[a-z0-9]{4})", screen=False).group(1)
    port = int(pty.wait_for(SSH_LINE.pattern, screen=False).group(1))
    return HostProcess(pty, port, code)


SSH = shutil.which("ssh") or "/usr/bin/ssh"


def openssh(port: int, args: Sequence[str], home: Path, program: str = SSH
            ) -> tuple[list[str], dict[str, str]]:
    """The arguments and environment of OpenSSH's `program` (ssh, sftp, scp) reaching
    127.0.0.1:`port` with `args`: any host key trusted, no config, no key, no agent, a HOME
    of its own; DISPLAY for -X, with nothing listening there."""
    options = ["-F", "/dev/null", "-o", "StrictHostKeyChecking=no",
               "-o", "UserKnownHostsFile=/dev/null", "-o", "PubkeyAuthentication=no"]
    port_flag = "-P" if program != SSH else "-p"
    env = {"PATH": "/usr/bin:/bin", "HOME": str(home), "TERM": "xterm-256color",
           "LANG": "C.UTF-8", "DISPLAY": "127.0.0.1:9"}
    return [*options, port_flag, str(port), *args], env


def ssh_client(host: HostProcess, args: Sequence[str], home: Path, *, program: str = SSH,
               code: str | None = None, log_in: bool = True,
               size: tuple[int, int] = (80, 24)) -> Pty:
    """OpenSSH's `program` reaching the table with `args`, the code (`code`, else the table's)
    typed at its password prompt unless not to `log_in`."""
    arguments, env = openssh(host.port, args, home, program)
    client = Pty(program, arguments, env, size)
    if log_in:
        client.wait_for(PASSWORD.pattern)
        client.send((code or host.code) + "\r")
    return client


def ssh_guest(host: HostProcess, name: str, home: Path, *, size: tuple[int, int] = (80, 24),
              code: str | None = None, args: Sequence[str] = ()) -> Pty:
    """`ssh` to the table as `name`, logged in with the code (`code`, else the table's)."""
    return ssh_client(host, [*args, "-o", "LogLevel=ERROR", f"{name}@127.0.0.1"], home,
                      code=code, size=size)


def free_port() -> int:
    """A TCP port of 127.0.0.1 nothing listens on (at this moment)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def connect_when_listening(port: int, timeout: float = WAIT) -> socket.socket:
    """A connection to 127.0.0.1:`port`, once something listens there."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            return socket.create_connection(("127.0.0.1", port), timeout=1)
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.1)


def pump_all(ptys: Sequence[Pty], timeout: float = 0.05) -> None:
    """Read what every program wrote, waiting up to `timeout` for any of them."""
    import select

    fds = {pty.child.child_fd: pty for pty in ptys if pty.child.isalive()}
    if not fds:
        return
    readable, _w, _x = select.select(list(fds), [], [], timeout)
    for fd in readable:
        while fds[fd].pump():
            pass


# ---------------------------------------------------------------------------- a guest's play


def rack_rows(lines: Sequence[str]) -> set[tuple[int, int]]:
    """The (slot, card) rows of a rack on a screen."""
    rows = set()
    for line in lines:
        found = RACK_ROW.match(line)
        if found:
            rows.add((int(found.group(1)), int(found.group(2))))
    return rows


def band(card: int, deck_size: int) -> int:
    """The slot a card belongs in when the deck is shared out evenly over the ten slots."""
    return max(1, min(10, -(-card * 10 // deck_size)))


CHOOSE = re.compile(r": d draw · t take (\d+)")
PLACE = re.compile(r"Slot 1-9(?: or |, )0=10 for (\d+)")
CONFIRM = "Enter confirms"
READY = "Press Enter when you are ready"
OVER = "Enter leaves the table"
CLOSE = "Enter closes the table"
AGAIN = "Play again, same players, new cards? y yes · n no >"
"""The host's question at the end of a game (their last line)."""
CHOOSING = "to choose whether to play again."
"""What a guest reads at the end of a game while the host chooses."""


def shows_the_end(screen: Pty) -> bool:
    """True when `screen` shows the end of the game: a guest's (waiting for the host's choice,
    or free to leave) or the host's (asked whether to play again, or free to close the table)."""
    last = screen.last_line()
    return (OVER in last or CLOSE in last or AGAIN in last
            or any(CHOOSING in line for line in screen.display))


def policy_key(lines: Sequence[str], deck_size: int) -> str | None:
    """The key a guest presses at the screen `lines` (their own rack and prompt): each card to
    the slot of its band; Enter to confirm and when asked if ready. None: nothing to press."""
    last = next((line for line in reversed(lines) if line.strip()), "")
    rack = dict(rack_rows(lines))

    def wanted(card: int) -> bool:
        slot = band(card, deck_size)
        return slot in rack and band(rack[slot], deck_size) != slot

    if any(READY in line for line in lines) and "Enter ready" in last:
        return "\r"
    if not last.endswith(">"):
        return None  # no prompt waits, or the key pressed shows after it: it is being read
    if CONFIRM in last:
        return "\r"
    found = CHOOSE.search(last)
    if found and len(rack) == 10:
        return "t" if wanted(int(found.group(1))) else "d"
    found = PLACE.search(last)
    if found and len(rack) == 10:
        card = int(found.group(1))
        if wanted(card) or "puts it back" in last:
            return str(band(card, deck_size) % 10)
        return "x"
    return None


@dataclass
class Seen:
    """What a guest's screens showed over a game: their rack rows and the cards they drew."""

    rows: set[tuple[int, int]]
    drew: set[int]
    screens: int = 0


def play_guests(host: HostProcess, guests: dict[str, Pty], deck_size: int, *,
                seen: dict[str, Seen] | None = None, timeout: float = 180,
                until: Callable[[], bool] | None = None,
                before_key: Callable[[str, str], bool] | None = None) -> None:
    """Play every guest by what their screen shows until each shows the end of the game (or
    `until()`); `seen` collects what each screen showed. `before_key(name, key)` may act
    instead of the key (it returns False, and the key is not pressed)."""
    deadline = time.monotonic() + timeout
    acted: dict[str, str] = {}
    while True:
        pump_all([host.pty, *guests.values()])  # `before_key` may have replaced a guest
        if until is not None and until():
            return
        for name, guest in guests.items():
            lines = guest.display
            if seen is not None and guest.changed:
                record = seen.setdefault(name, Seen(set(), set()))
                record.rows |= rack_rows(lines)
                record.drew |= {int(card) for card in DREW.findall("\n".join(lines))}
                record.screens += 1
            guest.changed = False
            shown = "\n".join(lines)
            if acted.get(name) == shown:
                continue  # pressed already: wait for the screen to change
            key = policy_key(lines, deck_size)
            if key is None:
                continue
            acted[name] = shown
            if before_key is None or before_key(name, key):
                guest.send(key)
            elif guests[name] is not guest:
                del acted[name]  # a new connection: its screen may be the same as before
        if until is None and all(map(shows_the_end, guests.values())):
            return
        if time.monotonic() > deadline:
            shown = "\n\n".join(f"{name}:\n{guest.visible()}" for name, guest in guests.items())
            raise AssertionError(f"the game did not end in time; the screens:\n{shown}")
