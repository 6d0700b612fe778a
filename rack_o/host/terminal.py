"""One guest's seat as the game sees it: a `cli.console.PlayerTerminal`, over SSH.

A RemoteTerminal outlives connections: when its guest drops and comes back, the new
connection is attached to the same terminal, and the game side's redraw callback paints the
screen again. Everything here runs on the game thread except `receive`, which the SSH
thread calls with what the guest typed; that arrives through the table's Inbox.

Input is bounded twice: at most MAX_BACKLOG keys wait to be read (more are thrown away as
they arrive), and `line` keeps at most MAX_LINE characters.

A terminal speaks its guest's language (what their connection's environment asked for, else the
host's): whatever draws on it or answers its keys does so within `speaking()`.

A terminal remembers what was printed on it since the screen was last cleared, so that a
screen can be shown again (at the new size, after a resize or a reconnection) without its
drawer's help; and keys typed while nothing reads them can go to a handler instead of waiting
(a hosted game's screens for the players who are not on the move).
"""

from __future__ import annotations

import math
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from functools import partial
from typing import Protocol

from rich.cells import cell_len
from rich.console import Console
from rich.text import Text

from rack_o.cli.console import BOT_PAUSE, SMALLEST_WINDOW, blanked_in_place
from rack_o.cli.exits import EXIT_OK, EXIT_STOPPED
from rack_o.cli.layouts import key_meant
from rack_o.cli.openline import open_line_on
from rack_o.cli.wrapping import fill
from rack_o.i18n import _, current_language, ngettext, speaking

from .inbox import Inbox, Work
from .keyboard import BACKSPACE, CTRL_C, CTRL_D, CTRL_L, ENTER, PUT_AWAY, KeyReader

MAX_BACKLOG = 256
"""Keys a guest may type ahead of the game; what comes beyond is thrown away."""
MAX_LINE = 200
"""Characters `line` keeps; the rest of a longer line is cut off."""
DEFAULT_SIZE = (80, 24)
MIN_SIZE = (20, 5)
MAX_SIZE = (400, 200)
"""A guest's terminal size as the console uses it is kept within these, so that a client
claiming a million columns cannot make every drawing huge."""
MAX_SCREEN_LOG = 400
"""What was printed since the last clear is remembered up to this many prints (the oldest go)."""

IDLE_WARNING = 60.0
"""Seconds before a silent guest is let go (`--idle`) that their screen warns them, with a
bell; half the limit when that is under two minutes."""
_BELL = "\a"


def _count_shown(left: float) -> tuple[int, float]:
    """The seconds a silence warning says are left, `left` being the exact time, and the time
    left when that changes: never more than are left, so that a guest who trusts it is not let
    go; by tens down to ten, then each second (a repaint every second for a whole minute would
    be a lot to send)."""
    below = math.ceil(left) - 1  # the most whole seconds under `left`
    if below < 10:
        return max(1, below), max(0, below)
    count = below - below % 10
    return count, count


_CLEAR_SCREEN = "\x1b[H\x1b[2J"
_CLEAR_SCROLLBACK = "\x1b[3J"


class GuestGone(Exception):
    """The seat's guest is not coming back: the host gave the seat away, or the table closed."""

    def __init__(self, seat: int, name: str) -> None:
        super().__init__(f"{name} (seat {seat + 1}) has left the table")
        self.seat = seat
        self.name = name


class GuestInterrupt(KeyboardInterrupt):
    """The guest pressed Ctrl-C: a KeyboardInterrupt, told apart from the host's own by its type."""

    def __init__(self, seat: int) -> None:
        super().__init__(seat)
        self.seat = seat


class GuestEOF(EOFError):
    """The guest pressed Ctrl-D: an EOFError, told apart from the host's input ending."""

    def __init__(self, seat: int) -> None:
        super().__init__(seat)
        self.seat = seat


class StepAgain(Exception):
    """The guest came back in another language in the middle of a step of their turn: the step
    is asked again from its first screen, in that language."""

    def __init__(self, seat: int) -> None:
        super().__init__(seat)
        self.seat = seat


class Link(Protocol):
    """One guest connection, as the game thread uses it (any thread may call these)."""

    @property
    def is_open(self) -> bool:
        """False once closed, by either side."""
        ...

    def send(self, data: bytes) -> None:
        """Queue `data` for the guest's screen; nothing once the link is closed."""
        ...

    def close(self, message: str, code: int = EXIT_STOPPED) -> None:
        """Show `message` to the guest and hang up, their ssh ending with exit status `code`
        (EXIT_OK: an end they chose, or the game's)."""
        ...


class SeatKeeper(Protocol):
    """The table a terminal's seat belongs to: it alone ends connections."""

    def hang_up(self, seat: int, message: str, *, release: bool = False,
                code: int = EXIT_STOPPED) -> None:
        """End `seat`'s connection with `message` (their ssh's exit status `code`); with
        `release`, the seat takes no more."""
        ...


def _spoken(language: str | None) -> str:
    """The language racko speaks for `language` (None: the host's)."""
    with speaking(language):
        return current_language()


def clamp_size(width: int, height: int) -> tuple[int, int]:
    """A terminal size the console can use: 0 (unknown) is the default, the rest kept in bounds."""
    width = width or DEFAULT_SIZE[0]
    height = height or DEFAULT_SIZE[1]
    return (min(max(width, MIN_SIZE[0]), MAX_SIZE[0]), min(max(height, MIN_SIZE[1]), MAX_SIZE[1]))


class _Screen:
    """The file a guest's console writes to: text in, bytes out to the current link.

    The guest's terminal is in raw mode and no pty stands between, so each newline goes out
    as CR LF, as a pty's output processing would send it.
    """

    encoding = "utf-8"

    def __init__(self, terminal: RemoteTerminal) -> None:
        self._terminal = terminal

    def write(self, text: str) -> int:
        link = self._terminal._link
        if link is not None and text and not self._terminal.too_small:
            link.send(text.replace("\n", "\r\n").encode("utf-8", "replace"))
        return len(text)

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return True


class _GuestConsole(Console):
    """A guest's console: rich's `input` would read the host's keyboard, so it refuses; what
    is printed is remembered until the screen is cleared (`screen_log`)."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.screen_log: deque[tuple[tuple[object, ...], dict[str, object]]] = deque(
            maxlen=MAX_SCREEN_LOG)
        self.logging = True

    def print(self, *objects: object, **kwargs: object) -> None:
        if self.logging:
            self.screen_log.append((objects, kwargs))
        super().print(*objects, **kwargs)  # type: ignore[arg-type]

    def input(self, *args: object, **kwargs: object) -> str:
        raise RuntimeError("a guest's keys are read with RemoteTerminal.key or .line")


class RemoteTerminal:
    """A seat's terminal over SSH: a console sized to the guest's window, and their keys."""

    def __init__(
        self,
        seat: int,
        name: str,
        inbox: Inbox,
        keeper: SeatKeeper,
        *,
        idle: float | None,
        pause_seconds: float = BOT_PAUSE,
    ) -> None:
        """The language is the host's until a guest connects (`attached`)."""
        self.seat = seat
        self.name = name
        self.pause_seconds = pause_seconds
        """How long `pause` holds still (guests' events are handled meanwhile)."""
        self.idle = idle
        """Seconds a guest may stay silent while racko waits for their key (None: forever)."""
        self.language: str | None = None
        """The language of the guest's connection (None: the host's)."""
        self._step_language: tuple[str | None] | None = None
        """The language a step of the person's turn started in, while it lasts (`step`)."""
        self._step_again = False
        """The guest came back in another language during the step under way: it is asked
        again (`StepAgain`) at the next key it waits for."""
        # The guest's environment is not the host's: nothing of os.environ (COLUMNS,
        # NO_COLOR…) may reach this console, hence the empty _environ.
        self.console: Console = _GuestConsole(
            file=_Screen(self), width=DEFAULT_SIZE[0], height=DEFAULT_SIZE[1],
            force_terminal=True, color_system="standard", highlight=False, emoji=False,
            legacy_windows=False, _environ={},
        )
        self.open_line = open_line_on(self.console)
        """The line a key was echoed on, while its newline is owed (`prompt.echo`)."""
        self._inbox = inbox
        self._keeper = keeper
        self._link: Link | None = None
        """The connection the screen is drawn on now (game thread)."""
        self.too_small: tuple[int, int] | None = None
        """The guest's window size when it is smaller than SMALLEST_WINDOW: their screen then
        says so, and nothing else is sent (a rack with slots cut off would mislead)."""
        self.connections = 0
        """How many connections the guest has had (`attached` counts them): a note on the
        screen that answers a key belongs to the one the key was typed on."""
        self._released = False
        self._keys: deque[str] = deque()
        self._kept: str | None = None
        """A key typed for the turn about to begin (`keep_for_turn`)."""
        self._handed: deque[str] = deque()
        """Keys arrived together, being handed to the keys handler (`_arrived`)."""
        self._thrown: tuple[str, ...] = ()
        """The keys the last `flush_input` threw away."""
        self._handing = False
        """True while `_arrived` hands keys to the keys handler."""
        self._redraw: Callable[[], None] | None = None
        self._on_keys: Callable[[str], None] | None = None
        self._reading = False
        """True while `key` or `line` waits for this guest's keys."""
        self._prompt: str | None = None
        """The prompt `key` or `line` is waiting after, shown again after a redraw."""
        self._last_prompt: str | None = None
        """The prompt asked last: still on screen when `key` is asked with none."""
        self._typed: str | None = None
        """What `line` has been given so far."""
        self._attached_at = 0.0
        self.left = False
        """The guest's last connection ended because they left (`hang_up`), not dropped."""
        self.idled = False
        """The guest's last connection ended because racko let them go for their silence."""
        self._warned_until: float | None = None
        """When the guest warned of their silence is let go (time.monotonic); None: not
        warned (`idle_warning`)."""
        self._warned_count = 0
        """The seconds left the warning said when last drawn (`_count_shown`)."""
        # Shared with the SSH thread:
        self._lock = threading.Lock()
        self._backlog = 0
        """Keys accepted from the guest and not read yet (under _lock)."""
        self._input_at = 0.0
        """When the guest last sent anything (time.monotonic)."""
        self._painted_at: tuple[int, int] | None = None
        """The window's size when racko last cleared it on this connection (None: not yet)."""
        self.typed_key = ""
        """The last key `key` gave as the guest typed it, before `key_meant` (ψ on a Greek
        layout, which `key` gives as c): what a message about that key names."""

    # ------------------------------------------------------------------ the Terminal interface

    @property
    def width(self) -> int:
        """The guest's terminal width in columns."""
        return self.console.size.width

    @property
    def height(self) -> int:
        """The guest's terminal height in lines."""
        return self.console.size.height

    @property
    def is_connected(self) -> bool:
        """True while the guest is connected (as far as the game thread has heard)."""
        return self._link is not None

    def key(self, prompt: str = "") -> str:
        """One keypress after `prompt` (rich markup): a printable character lower-cased, Enter
        as ENTER, other keys as longer names; a key is taken by where it sits on the keyboard,
        in this terminal's language (`key_meant`). Waits through the guest's absences.

        GuestInterrupt (a KeyboardInterrupt) on Ctrl-C, GuestEOF (an EOFError) on Ctrl-D;
        GuestGone once the seat is released.
        """
        with self._asking(prompt, None):
            while True:
                key = self._next_key()
                if key == CTRL_C:
                    raise GuestInterrupt(self.seat)
                if key == CTRL_D:
                    raise GuestEOF(self.seat)
                if key == CTRL_L:  # paints the screen again, as at racko's own terminal
                    self.repaint()
                    continue
                self.typed_key = key.lower() if len(key) == 1 else key
                return self._meant(key)

    def line(self, prompt: str = "", recall: str = "") -> str:
        """A line of text typed after `prompt` and ended with Enter, echoed as it is typed,
        at most MAX_LINE characters (the rest is cut off); Up puts `recall` (an answer refused)
        in place of what is typed; errors as for `key`, and Ctrl-D on an empty line only."""
        with self._asking(prompt, ""):
            while True:
                key = self._next_key()
                typed = self._typed or ""
                if key == CTRL_C:
                    raise GuestInterrupt(self.seat)
                if key == CTRL_D and not typed:
                    raise GuestEOF(self.seat)
                if key == ENTER:
                    self._send("\n")
                    return typed
                if key == BACKSPACE and typed:
                    self._typed = self._erased(typed, typed[-1])
                elif key == "ctrl-u" and typed:
                    self._typed = self._erased(typed, typed)
                elif key == "up" and recall:
                    self._typed = self._erased(typed, typed) + recall
                    self._send(recall)
                elif len(key) == 1 and len(typed) < MAX_LINE:
                    self._send(key)
                    self._typed = typed + key

    def _erased(self, typed: str, end: str) -> str:
        """`typed` without `end`, its last characters, which the guest's screen loses too."""
        width = cell_len(end)
        self._send("\b" * width + " " * width + "\b" * width)
        return typed[: len(typed) - len(end)]

    @property
    def thrown_keys(self) -> tuple[str, ...]:
        """The keys the last `flush_input` threw away (as `key` names them)."""
        return self._thrown

    def flush_input(self) -> bool:
        """Throw away whatever the guest typed ahead (asked by the keys handler: the keys
        that came with the one it is given, too); True if they had. A Ctrl-C among it is still
        obeyed (GuestInterrupt), as at racko's own terminal, and so is a Ctrl-D (GuestEOF), as
        while a turn's screen is drawn: neither is ever thrown away."""
        self._inbox.run_posted()
        kept, self._kept = self._kept, None
        with self._lock:
            thrown = list(self._keys)
            self._backlog -= len(thrown)
            self._keys.clear()
        thrown += self._handed  # typed with the key the handler is given now
        self._handed.clear()
        self._thrown = tuple(thrown)
        if CTRL_C in thrown:
            raise GuestInterrupt(self.seat)
        if CTRL_D in thrown:
            raise GuestEOF(self.seat)
        if kept is not None:
            with self._lock:
                self._keys.append(kept)
                self._backlog += 1
        return bool(thrown)

    def keep_for_turn(self, key: str) -> None:
        """`key` (as `key` gives it), typed once the screen said the turn about to begin was the
        guest's: the turn's first screen reads it as if typed after it was drawn (the next
        `flush_input` keeps it, and throws away only the rest)."""
        self._kept = key

    def clear(self, scrollback: bool = False, *, keep: bool = False) -> None:
        """Blank the guest's screen, and their scrollback if asked. A screen painted over one
        racko painted at the same size is blanked in place (`blanked_in_place`), so that the
        guest's scrollback does not gain a copy of it at every move, as at racko play (a
        table always has a person at it: nothing is `keep`t)."""
        self._screen_log().clear()
        if self.open_line is not None:
            self.open_line.closed_by_clearing()
        size = (self.width, self.height)
        if scrollback:
            self._send(_CLEAR_SCREEN + _CLEAR_SCROLLBACK)
        elif self._painted_at != size:
            self._send(_CLEAR_SCREEN)
        else:
            self._send(blanked_in_place(self.height))
        self._painted_at = size

    def pause(self) -> None:
        """Hold still for `pause_seconds`, handling the guests' events meanwhile."""
        if self.pause_seconds > 0:
            self._inbox.wait(lambda: False, self.pause_seconds)

    # ------------------------------------------------------------------ for the game side

    def speaking(self) -> AbstractContextManager[None]:
        """Within: racko speaks this terminal's language (the language of the step of the
        person's turn under way, if any: see `step`)."""
        pinned = self._step_language
        return speaking(self.language if pinned is None else pinned[0])

    @contextmanager
    def step(self) -> Iterator[None]:
        """Within: a step of the person's turn, spoken in the language it started in, so that
        its screen and prompt never mix two. A guest back in another language meanwhile gets
        the step asked again from its first screen, in theirs: the key it waits for raises
        StepAgain (the screen is not painted again in the step's language first)."""
        pinned = self._step_language
        if pinned is None:
            self._step_language = (self.language,)
        try:
            with self.speaking():
                yield
        finally:
            self._step_language = pinned
            if pinned is None:
                self._step_again = False

    def wait_for_guest(self) -> None:
        """Wait (handling the table's events meanwhile) until a guest is connected; GuestGone
        once the seat is released."""
        self._inbox.run_posted()
        while self._link is None and not self._released:
            self._inbox.wait(lambda: self._link is not None or self._released, None)
        if self._released:
            raise GuestGone(self.seat, self.name)

    def on_redraw(self, callback: Callable[[], None] | None) -> None:
        """Call `callback` (game thread) to paint this guest's screen again, on a cleared screen,
        when their window changed size or they came back; the prompt being asked, and what was
        typed after it, are shown again after it. It must not wait for keys. Without one (None),
        what was printed since the screen was last cleared is printed again."""
        self._redraw = callback

    @contextmanager
    def repainting(self, callback: Callable[[], None]) -> Iterator[None]:
        """Within: `callback` paints the screen again (see `on_redraw`); the callback before
        comes back on leaving."""
        before = self._redraw
        self._redraw = callback
        try:
            yield
        finally:
            self._redraw = before

    def reprompt(self, prompt: str) -> None:
        """Said by a redraw callback: the prompt being asked reads `prompt` now (it depends on
        the terminal's size); it is what is shown after the callback."""
        if self._prompt is not None:
            self._prompt = prompt

    def put_away(self, *prompts: str) -> bool:
        """If one of `prompts` (as asked) is being asked now, answer it with PUT_AWAY, a key no
        question takes for yes, and say True: a question the guest left open when they dropped
        is put away when they come back (game thread)."""
        if not (self._reading and self._prompt in prompts) or self._step_again:
            return False  # (a step asked again asks no question)
        with self._lock:
            self._backlog += 1
        self._keys.append(PUT_AWAY)
        return True

    def later(self, seconds: float, work: Work) -> None:
        """Run `work` on the game thread at its first wait once `seconds` have passed (game
        thread only)."""
        self._inbox.later(seconds, work)

    def on_keys(self, handler: Callable[[str], None] | None) -> None:
        """Give `handler` (game thread) each key the guest types while neither `key` nor `line`
        reads this terminal (lower-cased and taken by where it sits on the keyboard, as by
        `key`), Ctrl-C and Ctrl-D as CTRL_C and CTRL_D, instead of keeping it for the next
        read. It must not wait for keys. None: keep them (the default)."""
        self._on_keys = handler

    def repaint(self) -> None:
        """Paint the guest's screen again, cleared: drawn by the redraw callback (or what was on
        it printed again, if anything), then the prompt being asked, if any."""
        if self._step_again:
            return  # the step's first screen, in the guest's language, is drawn instead
        if self.too_small is not None and self._link is not None:
            width, height = self.too_small
            with self.speaking():
                notice = _("This window is {width}×{height}: make it at least "
                           "{least_width}×{least_height} to see the game.").format(
                    width=width, height=height, least_width=SMALLEST_WINDOW[0],
                    least_height=SMALLEST_WINDOW[1])
            self._link.send((_CLEAR_SCREEN + fill(notice, width)).replace("\n", "\r\n").encode())
            self._painted_at = None  # the next screen is drawn on a cleared one
            return
        shown = list(self._screen_log())
        with self.speaking():
            if self._redraw is not None:
                self.clear()
                self._redraw()
            elif shown:
                self.clear()
                for objects, kwargs in shown:
                    self.console.print(*objects, **kwargs)  # type: ignore[arg-type]
            self._show_prompt()

    def hang_up(self, message: str) -> None:
        """The guest leaves the table, as they chose: their connection, if any, ends showing
        `message` (their ssh's exit status 0), and the seat waits for them; the others are
        told they left, not that they dropped (`left`)."""
        if self._link is not None:
            self.left = True
        self._keeper.hang_up(self.seat, message, code=EXIT_OK)

    def idle_left(self, since: float) -> float | None:
        """Seconds until a connected guest silent since `since` (time.monotonic) is warned of
        their silence (`idle_warning`), or, once warned, let go for it; either is done now if
        its time has come. None: no limit, or not connected (or let go now)."""
        if self._link is None or self.idle is None:
            return None
        quiet_since = max(since, self._input_at, self._attached_at)
        deadline = quiet_since + self.idle
        left = deadline - time.monotonic()
        if left <= 0:
            self._let_go_for_silence()
            return None
        if self._warned_until is None and left > self._warning_lead():
            return left - self._warning_lead()
        if self._warned_until is None:
            self._warn(deadline)
        count, changes_at = _count_shown(left)
        if count != self._warned_count:  # the warning counts down
            self._warned_count = count
            self.repaint()
        return left - changes_at

    def idle_warning(self, width: int | None = None) -> Text | None:
        """The line that warns a guest silent for nearly `idle` that racko will let them go
        (in the language spoken, as drawn), in fewer words where it must fit one line of
        `width` columns that the whole sentence would not; None while they are not warned."""
        if self._warned_until is None:
            return None
        seconds = self._warned_count
        said = ngettext(
            "Press a key within {count} second, or racko lets you go.",
            "Press a key within {count} seconds, or racko lets you go.",
            seconds,
        ).format(count=seconds)
        if width is not None and cell_len(said) > width:
            # Translators: the warning in fewer words, for one line of a window of 45 columns.
            said = _("A key within {count} s, or racko lets you go.").format(count=seconds)
        return Text(said, "bold red")

    def _warning_lead(self) -> float:
        assert self.idle is not None
        return min(IDLE_WARNING, self.idle / 2)

    def _warn(self, deadline: float) -> None:
        """Warn the guest, with a bell, that they are let go at `deadline` (time.monotonic)
        unless they press a key; `idle_left` draws the warning's line with its count."""
        self._warned_until = deadline
        self._warned_count = 0  # not drawn yet
        self._send(_BELL)

    def _unwarn(self) -> None:
        """The guest is back (or gone): the warning goes from their screen."""
        if self._warned_until is not None:
            self._warned_until = None
            if self._link is not None:
                self.repaint()

    def _let_go_for_silence(self) -> None:
        """Let the guest go for their silence, telling them why; the others read why too
        (`idled`)."""
        self.idled = self._link is not None
        self._warned_until = None
        self._keeper.hang_up(self.seat, self._idle_message())

    def release(self, message: str) -> None:
        """Take the seat from its guest for good (a bot plays it now): `message` is shown to them
        if connected, nobody may connect to it again, and `key` raises GuestGone."""
        self._released = True
        self._keeper.hang_up(self.seat, message, release=True)

    @property
    def is_released(self) -> bool:
        """True once the seat was taken from its guest."""
        return self._released

    # ------------------------------------------------------------------ the SSH thread

    def receive(self, data: bytes, reader: KeyReader) -> None:
        """What the guest typed (SSH thread): as many keys as fit in the backlog are queued for
        the game thread, the rest thrown away. A lone ESC at its end is held by `reader`
        (`KeyReader.waits`): the caller calls `waited` if nothing more comes in time."""
        self._input_at = time.monotonic()
        room = self._room()
        if room <= 0:
            reader.reset()
            return
        keys = reader.feed(data[:room])
        if len(data) > room or len(keys) > room:
            reader.reset()  # the cut may fall inside a character or an escape sequence
        self._queue(keys[:room])

    def waited(self, reader: KeyReader) -> None:
        """Nothing more came for SEQUENCE_WAIT after the lone ESC `reader` holds (SSH thread):
        it is Escape, queued as a key typed."""
        keys = reader.waited()
        if keys and self._room() > 0:
            self._queue(keys)

    def _room(self) -> int:
        with self._lock:
            return MAX_BACKLOG - self._backlog

    def _queue(self, keys: list[str]) -> None:
        if keys:
            with self._lock:
                self._backlog += len(keys)
            self._inbox.post(partial(self._arrived, keys))

    # ------------------------------------------------------------------ events (game thread)

    def attached(self, link: Link, width: int, height: int, language: str | None = None
                 ) -> None:
        """The guest is connected through `link`, their window `width` by `height`, reading
        `language` (None: the host's)."""
        self._link = link
        self.connections += 1
        self.language = language
        self.left = self.idled = False
        self._warned_until = None
        pinned = self._step_language
        if pinned is not None and _spoken(pinned[0]) != _spoken(language):
            self._step_again = True
        self._attached_at = time.monotonic()
        self._painted_at = None  # a new connection's screen holds whatever ssh left there
        with self._lock:
            # Keys typed on an earlier connection are stale.
            self._backlog -= len(self._keys)
            self._keys.clear()
        self._kept = None
        self._sized(width, height)

    def _sized(self, width: int, height: int) -> None:
        """The guest's window is `width` by `height` (0: not known)."""
        self.console.size = clamp_size(width, height)
        small = 0 < width < SMALLEST_WINDOW[0] or 0 < height < SMALLEST_WINDOW[1]
        self.too_small = (width, height) if small else None

    def shows_any_size(self) -> None:
        """From now on, what is printed is shown whatever the window's size (the game's last
        words, which hold no rack); until then a window too small shows only how small it is."""
        self.too_small = None

    def detached(self, link: Link) -> bool:
        """`link` was closed; True if it was this terminal's connection."""
        if self._link is not link:
            return False
        self._link = None
        return True

    def resized(self, link: Link, width: int, height: int) -> None:
        """The guest's window changed size: repaint at the new size."""
        if self._link is link:
            self._sized(width, height)
            self.repaint()

    def _arrived(self, keys: list[str]) -> None:
        """Keys the guest typed: kept for the next read, or handed to the keys handler one by
        one (those it has not had yet are typed ahead: `flush_input` throws them away)."""
        self._unwarn()
        if self.too_small is not None:
            # The window shows nothing of the game: a key typed blind would play unseen.
            kept = [key for key in keys if key in (CTRL_C, CTRL_D)]
            with self._lock:
                self._backlog -= len(keys) - len(kept)
            keys = kept
        if self._reading or self._on_keys is None:
            self._keys.extend(keys)
            return
        with self._lock:
            self._backlog -= len(keys)
        self._handed.extend(keys)
        if self._handing:
            return  # the handler flushes, running what was posted: these are typed ahead
        self._handing = True
        try:
            while self._handed:
                key = self._handed.popleft()
                handler = self._on_keys
                if handler is None or self._reading or self._released:
                    return
                if key == CTRL_L:  # the waiting screen too is painted again
                    self.repaint()
                    continue
                with self.speaking():
                    handler(self._meant(key))
        finally:
            self._handing = False
            self._handed.clear()

    def mark_released(self) -> None:
        """The table closed or gave the seat away: waiting for this guest ends."""
        self._released = True

    def reopen(self) -> None:
        """The seat given away waits for its guest again (a new game at the table)."""
        self._released = False

    # ------------------------------------------------------------------ inside

    def _send(self, text: str) -> None:
        self.console.file.write(text)

    def _meant(self, key: str) -> str:
        """The key a prompt or a keys handler is given for `key` as typed: a character
        lower-cased (unless that makes it longer), then taken by where it sits on the keyboard
        in this terminal's language (`key_meant`)."""
        lowered = key.lower()
        with self.speaking():
            return key_meant(lowered if len(key) == 1 and len(lowered) == 1 else key)

    def _screen_log(self) -> deque[tuple[tuple[object, ...], dict[str, object]]]:
        return self.console.screen_log  # type: ignore[attr-defined]

    @contextmanager
    def _asking(self, prompt: str, typed: str | None) -> Iterator[None]:
        # An empty prompt asks again after a key that was ignored: the last one is still shown.
        self._prompt, self._typed = prompt, typed
        self._show_prompt()
        if not prompt:
            self._prompt = self._last_prompt
        self._reading = True
        try:
            yield
        finally:
            self._reading = False
            self._last_prompt = self._prompt
            self._prompt = self._typed = None

    def _show_prompt(self) -> None:
        console = self.console
        if self._prompt:
            console.logging = False  # type: ignore[attr-defined]
            try:
                console.print(self._prompt, end="")
            finally:
                console.logging = True  # type: ignore[attr-defined]
        if self._typed:
            self._send(self._typed)

    def idle_message(self) -> str:
        """What a guest let go for their silence is told: for how long (in whole minutes, else
        in seconds), in their language."""
        return self._idle_message()

    def _idle_message(self) -> str:
        seconds = max(1, round(self.idle or 0))
        with self.speaking():  # asked on the game thread, for whichever screen
            if seconds % 60:
                silent = ngettext(
                    "You pressed no key for {count} second while it was up to you, so racko let "
                    "you go.",
                    "You pressed no key for {count} seconds while it was up to you, so racko "
                    "let you go.",
                    seconds,
                ).format(count=seconds)
            else:
                silent = ngettext(
                    "You pressed no key for {count} minute while it was up to you, so racko let "
                    "you go.",
                    "You pressed no key for {count} minutes while it was up to you, so racko let "
                    "you go.",
                    seconds // 60,
                ).format(count=seconds // 60)
            return silent + " " + _("Connect again with the same command to take your seat back.")

    def _key_or_change(self, link: Link | None) -> bool:
        """True once a key is in, the seat is released, or its link is no longer `link`."""
        return bool(self._keys) or self._released or self._link is not link

    def _next_key(self) -> str:
        """The next key typed, waiting for it (and through absences); GuestGone if released."""
        self._inbox.run_posted()  # whatever happened meanwhile (a new connection…) comes first
        started = time.monotonic()
        while True:
            if self._released:
                raise GuestGone(self.seat, self.name)
            if self._step_again:
                self._step_again = False
                raise StepAgain(self.seat)
            if self._keys:
                with self._lock:
                    self._backlog -= 1
                return self._keys.popleft()
            link = self._link
            timeout = self.idle_left(started)
            if timeout is None and link is not None and self.idle is not None:
                continue  # let go just now
            self._inbox.wait(partial(self._key_or_change, link), timeout)
