"""The table's SSH server (asyncssh, in an asyncio loop on a thread of its own): the table code
as the only password, and nothing but one game session per connection.

Refused here: every other way to log in (keys, keyboard-interactive, host-based, GSS); a
wrong code is slowed down and three lock the address out (lockout.py); exec (the guest is
told so), subsystems such as SFTP, TCP, UNIX-socket and tun/tap forwarding, agent and X11
forwarding; a session without a pty (told so); a second session on one connection; a
second connection for a taken seat (told so, by the GuestSeats). What the guest types goes to
their seat's RemoteTerminal, bounded there; what the game draws comes back through a
thread-safe link that hangs up on a guest who stops reading.

From the session on, a guest is told everything in the language their ssh sends in its
environment (LANGUAGE, LC_ALL, LC_MESSAGES, LANG, read as racko reads its own, except that C
or POSIX asks for none: `asked_language`), else the host's. Before it (the banner, a wrong
code) ssh has sent nothing yet: that is the host's.

asyncssh's own log is kept at WARNING and above, where it says nothing of codes, keys or
screens.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import logging
import math
import socket
import threading
from collections.abc import Callable, Mapping

import asyncssh

from rack_o.cli.exits import EXIT_STOPPED
from rack_o.cli.os_reasons import os_reason
from rack_o.cli.wrapping import fill
from rack_o.i18n import _, asked_language, ngettext, speaking
from rack_o.store.safe_text import controls_escaped

from .defaults import DEFAULT_PORT
from .guest_seats import GuestSeats
from .keyboard import SEQUENCE_WAIT, KeyReader
from .lockout import LockOut
from .tablecode import code_matches
from .terminal import RemoteTerminal

FAILURE_DELAY = 1.0
"""Seconds a wrong code waits before it is answered."""
LOGIN_TIMEOUT = 60.0
"""Seconds a connection has to log in."""
KEEPALIVE_SECONDS = 15.0
KEEPALIVE_COUNT = 4
"""A guest whose machine stops answering is let go after about a minute, so that their seat
is free for them to take back from elsewhere."""
MAX_CONNECTIONS = 32
"""Connections open at once, logged in or not: a table seats four, so more is a flood."""
MAX_UNSENT = 1 << 20
"""Bytes queued for a guest who does not read them before racko hangs up on them."""
HANG_UP_GRACE = 5.0
"""Seconds a guest who was let go has to take the last message before the line is cut."""
START_TIMEOUT = 10.0
SHUTDOWN_GRACE = 1.5
STOP_TIMEOUT = 2 * SHUTDOWN_GRACE + 2


class HostError(Exception):
    """The server cannot start; the message says why, in a sentence."""


UNKNOWN_WIDTH = 72
"""Columns a message is broken at for a guest whose window's width racko does not know (no
terminal asked for): less than the narrowest usual window, 80."""


def quiet_asyncssh() -> None:
    """Keep asyncssh's log to warnings and errors, which hold no code, key or screen."""
    logger = logging.getLogger("asyncssh")
    if logger.getEffectiveLevel() < logging.WARNING:
        logger.setLevel(logging.WARNING)


def _locked_message(seconds: float) -> str:
    count = max(1, math.ceil(seconds))
    return ngettext(
        "Too many wrong table codes from your address: try again in {count} second.",
        "Too many wrong table codes from your address: try again in {count} seconds.",
        count,
    ).format(count=count)


def _locked_out(connection: asyncssh.SSHServerConnection | None, seconds: float
                ) -> asyncssh.PermissionDenied:
    """The refusal of a locked-out address, its sentence said in the host's language.

    OpenSSH prints the reason given with a hang-up through its log, which shows every byte
    outside ASCII as an octal escape: a translated sentence goes first as a banner (shown as the
    terminal's text, as the line about the password is), and the reason stays the English one.
    """
    said = _locked_message(seconds)
    with speaking("en"):
        english = _locked_message(seconds)
    if said != english and connection is not None:
        with contextlib.suppress(OSError):
            connection.send_auth_banner(said + "\r\n")
    return asyncssh.PermissionDenied(english)


def logged_reason(message: Callable[[], str]) -> str:
    """A refusal's reason, which OpenSSH prints through its log, showing every byte outside
    ASCII as an octal escape: the sentence `message()` makes in the language spoken if it is
    all ASCII (French often is), else the English one."""
    said = message()
    if said.isascii():
        return said
    with speaking("en"):
        return message()


def _cannot_listen(error: BaseException, bind: str, port: int) -> str:
    """Why the server could not listen on `bind`:`port`, in a sentence."""
    number = getattr(error, "errno", None)
    # A name that resolves to nothing (gaierror: "999.1.1.1", "example.invalid") is an
    # address this computer does not have, just as one that resolves elsewhere is.
    if number == errno.EADDRNOTAVAIL or isinstance(error, socket.gaierror):
        return _("racko can't listen on {address}: this computer has no such address. Choose "
                 "another with --bind.").format(address=controls_escaped(bind))
    if number == errno.EADDRINUSE:
        reason = _("another program uses it")
    elif number == errno.EACCES:
        reason = _("not allowed (ports below 1024 need administrator rights)")
    else:
        reason = os_reason(error)
    return _("racko can't listen on port {port}: {reason}. Choose another with --port.").format(
        port=port, reason=reason
    )


class HostServer:
    """Serves one GuestSeats over SSH, on a thread of its own, until `stop`."""

    def __init__(
        self,
        table: GuestSeats,
        code: str,
        host_key: asyncssh.SSHKey,
        *,
        bind: str = "",
        port: int = DEFAULT_PORT,
        lockout: LockOut | None = None,
        failure_delay: float = FAILURE_DELAY,
        login_timeout: float = LOGIN_TIMEOUT,
    ) -> None:
        """`bind` "" listens on every interface; `port` 0 picks a free port (see `port`)."""
        self.table = table
        self.code = code
        self.host_key = host_key
        self.bind = bind
        self.port = port
        self.lockout = lockout or LockOut()
        self.failure_delay = failure_delay
        self.login_timeout = login_timeout
        self.connections: set[asyncssh.SSHServerConnection] = set()
        """The open connections (SSH thread)."""
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._acceptor: asyncssh.SSHAcceptor | None = None
        self._error: BaseException | None = None

    # ------------------------------------------------------------------ the host's thread

    def start(self) -> int:
        """Listen, on the server's own thread; the port listened on. HostError if it cannot."""
        quiet_asyncssh()
        ready = threading.Event()
        self._thread = threading.Thread(
            target=self._serve, args=(ready,), name="racko-ssh", daemon=True
        )
        self._thread.start()
        if not ready.wait(START_TIMEOUT):
            raise HostError(_("The SSH server did not start."))
        if self._error is not None:
            raise HostError(_cannot_listen(self._error, self.bind, self.port)) from None
        return self.port

    def stop(self) -> None:
        """Stop listening, close every connection and end the server's thread (after
        `GuestSeats.close`, guests get a moment to take its goodbye)."""
        loop, thread = self._loop, self._thread
        if loop is None or thread is None or not thread.is_alive():
            return
        future = asyncio.run_coroutine_threadsafe(self._shutdown(), loop)
        with contextlib.suppress(Exception):
            future.result(STOP_TIMEOUT)
        with contextlib.suppress(RuntimeError):
            loop.call_soon_threadsafe(loop.stop)
        thread.join(STOP_TIMEOUT)

    def __enter__(self) -> HostServer:
        self.start()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.stop()

    # ------------------------------------------------------------------ the SSH thread

    def _serve(self, ready: threading.Event) -> None:
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        try:
            try:
                self._acceptor = loop.run_until_complete(self._listen())
                addresses = self._acceptor.get_addresses()
                # With port 0 each address family may get its own free port: the one told to
                # guests is IPv4's, which the ssh lines name.
                ipv4 = [address[1] for address in addresses if ":" not in address[0]]
                ports = ipv4 or [address[1] for address in addresses] or [self.port]
                self.port = ports[0]
                self._loop = loop
            except (OSError, ValueError) as error:
                self._error = error
                return
            finally:
                ready.set()
            loop.run_forever()
        finally:
            with contextlib.suppress(Exception):
                loop.run_until_complete(loop.shutdown_asyncgens())
            loop.close()

    async def _listen(self) -> asyncssh.SSHAcceptor:
        return await asyncssh.listen(
            host=self.bind,
            port=self.port,
            server_factory=lambda: _GuestConnection(self),
            server_host_keys=[self.host_key],
            server_version="racko",
            # The table code, as a password: nothing else logs in.
            password_auth=True,
            public_key_auth=False,
            kbdint_auth=False,
            host_based_auth=False,
            gss_host=None,
            # Nothing but the game: no forwarding of any kind, no SFTP or scp.
            agent_forwarding=False,
            x11_forwarding=False,
            sftp_factory=None,
            allow_scp=False,
            # Keys arrive raw, one by one; racko echoes and edits lines itself.
            allow_pty=True,
            line_editor=False,
            encoding=None,
            login_timeout=self.login_timeout,
            keepalive_interval=KEEPALIVE_SECONDS,
            keepalive_count_max=KEEPALIVE_COUNT,
        )

    async def _shutdown(self) -> None:
        if self._acceptor is not None:
            self._acceptor.close()
        # Guests the table let go are closing their side: a disconnect now would make OpenSSH
        # drop the goodbye it has not printed yet.
        await self._closed(SHUTDOWN_GRACE)
        for connection in list(self.connections):
            connection.close()
        await self._closed(SHUTDOWN_GRACE)

    async def _closed(self, timeout: float) -> None:
        """Wait up to `timeout` seconds for every connection to be closed."""
        connections = list(self.connections)
        if connections:
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(
                    asyncio.gather(*(c.wait_closed() for c in connections)), timeout
                )


class _ChannelLink:
    """A guest's channel as the game thread writes to it: any thread may send or close, and
    nothing goes out once it is closed."""

    def __init__(
        self,
        loop: asyncio.AbstractEventLoop,
        connection: asyncssh.SSHServerConnection,
        channel: asyncssh.SSHServerChannel,
        language: str | None = None,
    ) -> None:
        """`language`: the guest's (None: the host's)."""
        self._loop = loop
        self._language = language
        self._connection = connection
        self._channel = channel
        self._open = True

    @property
    def is_open(self) -> bool:
        return self._open

    def send(self, data: bytes) -> None:
        if self._open:
            self._call(self._write, data)

    def close(self, message: str, code: int = EXIT_STOPPED) -> None:
        if self._open:
            self._open = False
            self._call(self._end, message, code)

    def lost(self) -> None:
        """The channel went away (SSH thread)."""
        self._open = False

    def _call(self, function: Callable[..., None], *args: object) -> None:
        with contextlib.suppress(RuntimeError):  # the server has stopped: nobody to tell
            self._loop.call_soon_threadsafe(function, *args)

    def _write(self, data: bytes) -> None:
        try:
            self._channel.write(data)
        except OSError:
            return  # closing already
        if self._channel.get_write_buffer_size() > MAX_UNSENT:
            with speaking(self._language):
                self.close(_("Your connection is not taking what racko sends, so racko hung "
                             "up."))

    def _end(self, message: str, code: int) -> None:
        with contextlib.suppress(OSError):
            self._channel.write(b"\r\n" + _as_shown(self._channel, message))
            self._channel.exit(code)
        # A client that does not read would keep the channel from closing: cut it off.
        self._loop.call_later(HANG_UP_GRACE, self._abort)

    def _abort(self) -> None:
        if not self._connection.is_closed():
            self._connection.abort()


class _GuestConnection(asyncssh.SSHServer):
    """One SSH connection: logs in with the table code only, opens one session at most."""

    def __init__(self, host: HostServer) -> None:
        self._host = host
        self._connection: asyncssh.SSHServerConnection | None = None
        self._address = "?"
        self._session_opened = False

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        peer = conn.get_extra_info("peername")
        self._address = str(peer[0]) if peer else "?"
        if len(self._host.connections) >= MAX_CONNECTIONS:
            conn.abort()
            return
        self._connection = conn
        self._host.connections.add(conn)

    def connection_lost(self, exc: Exception | None) -> None:
        if self._connection is not None:
            self._host.connections.discard(self._connection)

    def begin_auth(self, username: str) -> bool:
        left = self._host.lockout.seconds_left(self._address)
        if left > 0:
            raise _locked_out(self._connection, left)
        if self._connection is not None:
            self._connection.send_auth_banner(
                _("racko: the password is the table code your host gave you.") + "\r\n"
            )
        return True

    def password_auth_supported(self) -> bool:
        return True

    async def validate_password(self, username: str, password: str) -> bool:
        lockout = self._host.lockout
        left = lockout.seconds_left(self._address)
        if left > 0:
            raise _locked_out(self._connection, left)
        if code_matches(password, self._host.code):
            lockout.succeeded(self._address)
            return True
        # Counted before the pause, so that guesses sent side by side are counted too.
        locked = lockout.failed(self._address)
        await asyncio.sleep(self._host.failure_delay)
        if locked:
            left = lockout.seconds_left(self._address)
            # The host hears of it: a guest at that address is kept out too.
            self._host.table.locked_out(self._address, left)
            raise _locked_out(self._connection, left)
        return False

    def session_requested(self) -> _GuestSession:
        if self._session_opened or self._connection is None:
            raise asyncssh.ChannelOpenError(
                asyncssh.OPEN_ADMINISTRATIVELY_PROHIBITED,
                logged_reason(lambda: _("racko opens one session per connection.")),
            )
        self._session_opened = True
        return _GuestSession(self._host, self._connection)

    # Every kind of forwarding is refused (these are asyncssh's defaults, said out loud).

    def connection_requested(self, *args: object) -> bool:
        return False

    def server_requested(self, *args: object) -> bool:
        return False

    def unix_connection_requested(self, *args: object) -> bool:
        return False

    def unix_server_requested(self, *args: object) -> bool:
        return False

    def tun_requested(self, *args: object) -> bool:
        return False

    def tap_requested(self, *args: object) -> bool:
        return False


class _GuestSession(asyncssh.SSHServerSession):
    """The one session of a connection: a guest at their seat, or a sentence saying why not."""

    def __init__(self, host: HostServer, connection: asyncssh.SSHServerConnection) -> None:
        self._host = host
        self._connection = connection
        self._channel: asyncssh.SSHServerChannel | None = None
        self._command = False
        self._link: _ChannelLink | None = None
        self._terminal: RemoteTerminal | None = None
        self._reader = KeyReader()
        self._waiting: asyncio.TimerHandle | None = None
        """Ends the wait for the rest of a sequence after a lone ESC (`KeyReader.waits`)."""

    def connection_made(self, chan: asyncssh.SSHServerChannel) -> None:
        self._channel = chan

    def pty_requested(self, term_type: str, term_size: tuple[int, int, int, int],
                      term_modes: Mapping[int, int]) -> bool:
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        # Accepted only to say, in a sentence, that no command runs here.
        self._command = True
        return True

    def subsystem_requested(self, subsystem: str) -> bool:
        return False

    def session_started(self) -> None:
        channel = self._channel
        assert channel is not None
        language = asked_language(channel.get_environment())
        with speaking(language):
            self._start(channel, language)

    def _start(self, channel: asyncssh.SSHServerChannel, language: str | None) -> None:
        """Seat the guest, reading `language` (None: the host's), or say why not."""
        if self._command:
            self._refuse(channel, _(
                "racko runs no commands: connect with the ssh command alone, nothing after the "
                "address."
            ))
            return
        if channel.get_terminal_type() is None:
            self._refuse(channel, _(
                "racko needs a terminal: run the ssh command in a terminal window, with its "
                "input not redirected (ssh -t forces one)."
            ))
            return
        username = self._connection.get_extra_info("username") or ""
        width, height = channel.get_terminal_size()[:2]
        loop = asyncio.get_running_loop()
        self._link = _ChannelLink(loop, self._connection, channel, language)
        joined = self._host.table.join(username, self._link, width, height, language)
        if isinstance(joined, str):
            self._link.close(joined)
            return
        self._terminal = joined

    def data_received(self, data: bytes, datatype: asyncssh.DataType) -> None:
        self._stop_waiting()
        if self._terminal is not None and self._link is not None and self._link.is_open:
            self._terminal.receive(data, self._reader)
            if self._reader.waits:
                # A lone ESC at the end of what came: the rest of an arrow's sequence may be a
                # packet behind (its "[D" read alone would be a "[" and a d that draws).
                loop = asyncio.get_running_loop()
                self._waiting = loop.call_later(SEQUENCE_WAIT, self._waited)

    def _waited(self) -> None:
        """Nothing more came after a lone ESC: it is Escape."""
        self._waiting = None
        if self._terminal is not None and self._link is not None and self._link.is_open:
            self._terminal.waited(self._reader)

    def _stop_waiting(self) -> None:
        if self._waiting is not None:
            self._waiting.cancel()
            self._waiting = None

    def terminal_size_changed(
        self, width: int, height: int, pixwidth: int, pixheight: int
    ) -> None:
        if self._terminal is not None and self._link is not None:
            self._host.table.resized(self._terminal.seat, self._link, width, height)

    def eof_received(self) -> bool:
        return False  # the guest's input ended: close the session

    def break_received(self, msec: int) -> bool:
        return False

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop_waiting()
        if self._link is not None:
            self._link.lost()
            if self._terminal is not None:
                self._host.table.leave(self._terminal.seat, self._link)
        # One session per connection: when it ends, so does the connection.
        self._connection.close()

    @staticmethod
    def _refuse(channel: asyncssh.SSHServerChannel, message: str) -> None:
        channel.write_stderr(_as_shown(channel, message))
        channel.exit(EXIT_STOPPED)


def _as_shown(channel: asyncssh.SSHServerChannel, message: str) -> bytes:
    """`message` as the guest's terminal is to show it: broken between words at its width (a
    terminal would break a word in two), or at UNKNOWN_WIDTH when the guest has no terminal
    here, each line ended with CR LF."""
    width = channel.get_terminal_size()[0]
    message = fill(message, width or UNKNOWN_WIDTH)
    return (message.replace("\n", "\r\n") + "\r\n").encode("utf-8", "replace")
