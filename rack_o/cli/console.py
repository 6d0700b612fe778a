"""The terminal a game is played at: a rich Console for output, keys and lines for input.

Passed in to everything that draws or asks, never global, so tests can give a StringIO
console and scripted input. On a keyboard that is a terminal each choice is one keypress
(the terminal set raw as click's `getchar` does, but keeping the keys already typed); from a
pipe or a test, input is read line by line. What the terminal sends is made keys by one
`keys.KeyDecoder`, which keeps a sequence begun in one read for the next. Control codes
(clearing) are only sent to a real terminal: the console's, or at a hand-off the keyboard's
(/dev/tty) when the output goes elsewhere. A window resized (SIGWINCH) while a key is awaited
paints the screen again at its new size, through the callback of `repainting`, as a terminal
reached over a connection does (rack_o.host.terminal).
"""

from __future__ import annotations

import codecs
import errno
import os
import re
import select
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import AbstractContextManager, contextmanager, suppress
from dataclasses import dataclass, field
from typing import Protocol, TextIO

import click
from rich.console import Console, RenderableType
from rich.control import Control
from rich.segment import ControlType

from rack_o.store.safe_text import printable as printable

from . import (
    nobreak,  # noqa: F401 - rich must never end a line at a no-break space
    suspend,
)
from .keys import (
    BACKSPACE,
    CTRL_C,
    CTRL_D,
    CTRL_L,
    PASTE_OFF,
    PASTE_ON,
    SEQUENCE_WAIT,
    KeyDecoder,
    Pending,
    keys_in,
)
from .keys import ENTER as ENTER
from .keys import SPACE as SPACE
from .layouts import key_meant
from .openline import OpenLine, open_line_on
from .quit_signal import interrupted_by
from .trimmed import EndsTrimmed

try:
    import termios
    import tty
except ImportError:  # pragma: no cover - Windows: typed-ahead keys cannot be thrown away
    termios = None  # type: ignore[assignment]
    tty = None  # type: ignore[assignment]

_READ_BYTES = 1024
"""The most one read of the keyboard takes: keys typed fast or held (over SSH many arrive
together), so that an escape sequence is almost never cut between two reads."""
_DRAIN_READS = 16
"""The most reads that look through keys typed ahead before they are thrown away."""

SMALLEST_WINDOW = (45, 15)
"""The smallest window (columns, lines) every screen of racko fits."""
BOT_PAUSE = 0.8
"""Seconds a computer player's move stays on screen before the game goes on (no --fast)."""

# Home, erase the screen, and erase the scrollback too (what `clear` does), so the
# previous player's rack cannot be scrolled back to.
_CLEAR_SCREEN = "\x1b[H\x1b[2J"
_CLEAR_SCROLLBACK = "\x1b[3J"


def blanked_in_place(height: int) -> str:
    """Codes that blank a screen of `height` lines one line at a time and leave the cursor at
    its top: erasing the whole screen at once (`_CLEAR_SCREEN`) makes tmux, VTE and others
    push a copy of it into the scrollback, a copy per redraw."""
    blank_line = Control((ControlType.ERASE_IN_LINE, 2)).segment.text
    down = Control.move(0, 1).segment.text  # never scrolls, even from the last line
    home = Control.home().segment.text
    return home + down.join([blank_line] * max(height, 1)) + home

# What click's getchar gives on Windows for a special key: NUL or 0xE0 then the key's code.
# Each is given the escape sequence a terminal sends for that key (named in `keys.SEQUENCES`).
_WINDOWS_KEYS = {"H": "\x1b[A", "P": "\x1b[B", "K": "\x1b[D", "M": "\x1b[C",
                 "I": "\x1b[5~", "Q": "\x1b[6~", "G": "\x1b[H", "O": "\x1b[F",
                 "R": "\x1b[2~", "S": "\x1b[3~",
                 ";": "\x1bOP", "<": "\x1bOQ", "=": "\x1bOR", ">": "\x1bOS"}


def lines_taken(console: Console, *renderables: RenderableType) -> int:
    """How many lines `renderables` take, one under the other, on `console`."""
    return sum(len(console.render_lines(r, console.options, pad=False)) for r in renderables)


class _Console(Console):
    """rich's console, leaving a reader gone to the command group: rich's own answer to a
    broken pipe is exit 1, where racko stops quietly with 0 (`rack_o.cli.LazyGroup`)."""

    def on_broken_pipe(self) -> None:
        """Stop drawing, and pass the broken pipe on to the one place that handles it."""
        self.quiet = True
        raise BrokenPipeError(errno.EPIPE, os.strerror(errno.EPIPE))


def make_console(stderr: bool = False) -> Console:
    """The console `racko` draws on: stdout (or stderr), colour unless NO_COLOR or not a
    terminal; when it is no terminal (a pipe, a file), no line printed on it ends in blanks."""
    console = _Console(highlight=False, emoji=False, stderr=stderr, _environ=screen_environ())
    if not _is_terminal(console.file):  # FORCE_COLOR makes rich take a pipe for a terminal
        console.push_render_hook(EndsTrimmed())
    return console


def screen_environ() -> Mapping[str, str] | None:
    """The environment a console reads its size from: without a COLUMNS or LINES of 0 (or
    00), which rich takes for a screen 0 wide, so that it prints nothing at all; the
    terminal's size (or 80 columns) is used instead. None when the environment is fine."""
    zero = [name for name in ("COLUMNS", "LINES")
            if os.environ.get(name, "").isdigit() and not int(os.environ[name])]
    if not zero:
        return None
    return {name: value for name, value in os.environ.items() if name not in zero}


def split_keys(chunk: str) -> list[str]:
    """The keys in `chunk`, all of what was typed (`keys.keys_in`), as `Terminal.key` gives
    them (`_as_read`): a character lower-cased; KeyboardInterrupt on a Ctrl-C and EOFError
    on a Ctrl-D, wherever they are in it."""
    return _as_read(keys_in(chunk), chunk)


def _as_read(keys: list[str], typed: str = "") -> list[str]:
    """`keys` (those `typed`) as the local terminal gives them: a character lower-cased
    (unless that makes it longer); KeyboardInterrupt if a Ctrl-C (or a Ctrl-\\) is among
    them, else EOFError if a Ctrl-D is."""
    if CTRL_C in keys:
        raise interrupted_by(typed)
    if CTRL_D in keys:
        raise EOFError
    return [key.lower() if len(key) == 1 and len(key.lower()) == 1 else key for key in keys]


def windows_keys(chunk: str) -> str:
    """A chunk from click's getchar with a Windows special key (arrows, Page Up…) turned into
    that key's escape sequence: it came as two characters ("\\xe0H" for Up) that read as "à"
    and "h" (a hint). Another special key is a sequence of its own (F1 "\x1b[59~"), never
    taken for Escape."""
    if len(chunk) == 2 and chunk[0] in "\x00\xe0":
        return _WINDOWS_KEYS.get(chunk[1], f"\x1b[{ord(chunk[1])}~")
    return chunk


def keyboard_tty() -> str | None:
    """"/dev/tty" when the keyboard is a terminal (where a cleared screen can be sent even if
    the output goes to a pipe), else None."""
    return "/dev/tty" if _is_terminal(sys.stdin) else None


@contextmanager
def _keys_as_typed() -> Iterator[int | None]:
    """Within: the keyboard's terminal hands over each key as typed, unechoed, Ctrl-C and
    Ctrl-D as characters (raw, as click's getchar sets it), lines still ending where they
    should on output; keys typed before are kept. Yields its file descriptor, or None where it
    cannot be set so (no termios: click's getchar reads the keys)."""
    fd: int | None = None
    before: list | None = None
    if termios is not None:
        try:
            fd = sys.stdin.fileno()
            before = termios.tcgetattr(fd)
        except (OSError, ValueError, termios.error):
            fd = before = None
    raw: int | None = None
    try:
        if fd is not None and before is not None:
            try:
                tty.setraw(fd, termios.TCSANOW)  # not TCSAFLUSH, tty's default
                mode = termios.tcgetattr(fd)
                mode[1] |= termios.OPOST  # a prompt that wraps starts its next line at the left
                termios.tcsetattr(fd, termios.TCSANOW, mode)
                raw = fd
            except (OSError, ValueError, termios.error):
                raw = None
        yield raw
    finally:
        _restore(fd, before)  # even after a Ctrl-C that came while the terminal was being set


def _ready(fd: int, seconds: float) -> bool:
    """True once `fd` has something to read, within `seconds`."""
    return bool(select.select([fd], [], [], seconds)[0])


def _typed_while_raw(fd: int | None) -> bytes:
    """The keys typed after the last read of `fd` (from `_keys_as_typed`) while it was still
    raw, read just after it was set back to read lines: it then hands them over as a line of
    their own, with no line end, which `_lines_ended` would take for one ended by Ctrl-D."""
    if fd is None or termios is None:
        return b""
    try:
        if not termios.tcgetattr(fd)[3] & termios.ICANON:
            return b""  # set raw before racko set it: keys typed wait as keys
        return _waiting(fd)
    except (OSError, termios.error):
        return b""


def _waiting(fd: int) -> bytes:
    """What was typed and not read yet (read without waiting, a bounded amount)."""
    waiting = b""
    for _read in range(_DRAIN_READS):
        if not select.select([fd], [], [], 0)[0]:
            break
        read = os.read(fd, _READ_BYTES)
        if not read:
            break
        waiting += read
    return waiting


_LINE_BYTES = 4096
"""Bytes one read of a line typed ahead takes: the longest line a terminal keeps (Linux's)."""


def _lines_ended() -> tuple[bool, bytes]:
    """Whether a Ctrl-D was typed while the keyboard read lines (between prompts, racko busy),
    and the lines typed then (read, to be thrown away). There, a Ctrl-D is no character: it
    ends the line typed so far, which a read gets without its line end, or gives a read of
    nothing; set raw afterwards, the terminal would hand it over as a NUL, a key of its own."""
    ended, lines = False, b""
    if termios is None:
        return ended, lines
    try:
        fd = sys.stdin.fileno()
        mode = termios.tcgetattr(fd)
    except (OSError, ValueError, termios.error):
        return ended, lines
    if not mode[3] & termios.ICANON:
        return ended, lines  # raw already: a Ctrl-D typed is the character itself
    # A line ends with a newline, or the terminal's other end-of-line characters if set.
    ends = {b"\n", mode[6][termios.VEOL], mode[6][termios.VEOL2]} - {b"\0"}
    if mode[0] & termios.ICRNL:
        # A Return typed while the keyboard reads lines comes as a newline; one that comes as
        # itself was typed while it was raw (readline's, say), and handed over as a line of its
        # own when it went back to reading lines.
        ends.add(b"\r")
    with suppress(OSError):
        for _read in range(_DRAIN_READS):
            # Only a whole line (or an end of input) makes the keyboard readable here.
            if not select.select([fd], [], [], 0)[0]:
                break
            read = os.read(fd, _LINE_BYTES)
            lines += read
            if not read or (len(read) < _LINE_BYTES and read[-1:] not in ends):
                ended = True
                break
    return ended, lines


def _line_of(typed: str) -> tuple[str, str, str]:
    """`typed` cut at its first line end: (the line, the end or "" if none, what follows)."""
    found = re.search(r"\r\n|[\r\n]", typed)
    if found is None:
        return typed, "", ""
    return typed[:found.start()], found.group(), typed[found.end():]


def _edited(typed: str) -> str:
    """Keys typed ahead as the line they make (`keys.keys_in`): Backspace rubs out, other
    keys that type nothing (arrows, Tab, Alt-x) are left out, as a line typed at a prompt
    without them would read."""
    line: list[str] = []
    for key in keys_in(typed):
        if key == BACKSPACE:
            if line:
                line.pop()
        elif len(key) == 1 and key.isprintable():
            line.append(key)
    return "".join(line)


@contextmanager
def _started_with(text: str) -> Iterator[None]:
    """Within: the next line readline reads starts with `text`, shown after its prompt and
    editable (keys typed ahead of the prompt)."""
    import readline

    hook = getattr(readline, "set_pre_input_hook", None)
    if not text or hook is None:
        yield
        return

    def insert() -> None:
        readline.insert_text(text)
        readline.redisplay()

    hook(insert)
    try:
        yield
    finally:
        hook()


@contextmanager
def _recalled(text: str) -> Iterator[None]:
    """Within: Up at a line readline reads brings back `text` (and nothing else)."""
    import readline

    if text:
        readline.add_history(text)
    try:
        yield
    finally:
        readline.clear_history()


def _restore(fd: int | None, before: list | None) -> None:
    if fd is not None and before is not None and termios is not None:
        with suppress(OSError, ValueError, termios.error):
            termios.tcsetattr(fd, termios.TCSADRAIN, before)


_RESIZE_CHECK = 0.5
"""Seconds between looks for a resize heard while no key was awaited."""


class _Continued(BaseException):
    """racko was stopped from outside while it waited for a key, and continued, with a hand
    back to run (`Terminal.on_continue`): raised out of that wait (from a signal handler: a
    BaseException, as KeyboardInterrupt is, so that no `except Exception` on the way takes
    it)."""


class _Resizes:
    """Within: each SIGWINCH (the window changed size) leaves a byte in a pipe, so that a wait
    for a key wakes up to it, and none is missed while racko is busy elsewhere."""

    def __init__(self) -> None:
        self.fd, self._write = os.pipe()
        try:
            os.set_blocking(self.fd, False)
            os.set_blocking(self._write, False)
            self._previous = signal.signal(signal.SIGWINCH, self._resized)
        except BaseException:
            self.close(restore=False)
            raise

    def _resized(self, signum: int, frame: object) -> None:
        with suppress(OSError):  # a full pipe already holds a resize not yet painted
            os.write(self._write, b"w")

    def mark(self) -> None:
        """Make the next wait repaint, as if the window had just been resized."""
        self._resized(signal.SIGWINCH, None)

    def taken(self) -> bool:
        """True if the window was resized since last asked (the pipe is emptied)."""
        came = False
        with suppress(OSError):
            while os.read(self.fd, 64):
                came = True
        return came

    def close(self, restore: bool = True) -> None:
        """Put the previous handler of SIGWINCH back; close the pipe."""
        if restore:
            # None: the handler before was not set from Python; the default is the closest.
            previous = self._previous if self._previous is not None else signal.SIG_DFL
            signal.signal(signal.SIGWINCH, previous)
        os.close(self.fd)
        os.close(self._write)


def _watches_resizes() -> bool:
    """True where a resized window can be heard of: POSIX, on the main thread."""
    return (hasattr(signal, "SIGWINCH")
            and threading.current_thread() is threading.main_thread())


_CONTROL_CODE = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)")
"""A colour, style or link code in a line the console drew (CSI and OSC sequences)."""


def _line_editing() -> bool:
    """True once `input()` edits lines with readline (Left, Right, Home, End, Backspace over
    any letter, wide ones too), the terminal's arrows not typed into the line as escape
    codes; False where Python has no readline (Windows: its console edits lines itself)."""
    try:
        import readline
    except ImportError:  # pragma: no cover - Windows
        return False
    readline.set_auto_history(False)  # Up brings back no answer given to another question
    return True


def _is_terminal(stream: object) -> bool:
    try:
        return bool(stream is not None and stream.isatty())  # type: ignore[attr-defined]
    except (AttributeError, ValueError):
        return False


class PlayerTerminal(Protocol):
    """What a person plays through, at this keyboard (`Terminal`) or over SSH (a guest's
    `host.terminal.RemoteTerminal`): the turn screens, prompts and the pager use this alone."""

    console: Console

    @property
    def width(self) -> int:
        """The window's width, in columns."""

    @property
    def height(self) -> int:
        """The window's height, in lines."""

    def key(self, prompt: str = "") -> str:
        """One key (`keys` names), after showing `prompt`."""

    def line(self, prompt: str, recall: str = "") -> str:
        """A line typed, after showing `prompt`; Up brings back `recall` (an answer refused)."""

    def flush_input(self) -> bool:
        """Throw away keys typed ahead; True if there were some."""

    @property
    def thrown_keys(self) -> tuple[str, ...]:
        """The keys the last `flush_input` threw away (as `key` names them)."""

    def clear(self, scrollback: bool = False, *, keep: bool = False) -> None:
        """Clear the screen (and its scrollback)."""

    def pause(self) -> None:
        """Wait as long as a bot's move is shown."""

    def repainting(self, callback: Callable[[], None]) -> AbstractContextManager[None]:
        """While in the block, `callback` paints the screen again whenever it must."""

    def reprompt(self, prompt: str) -> None:
        """Show `prompt` again in place of the last one, on the line it took."""


@dataclass
class Terminal:
    """Where a session draws and reads: a console, the keyboard (or an input stream), a pause."""

    console: Console = field(default_factory=make_console)
    stdin: TextIO | None = None
    """None reads the keyboard: single keys on a terminal, else lines from standard input;
    a stream is read line by line."""
    pause_seconds: float = BOT_PAUSE
    """How long a bot's move stays on screen before the game moves on."""
    tty: str | None = None
    """A terminal to clear the screen and scrollback on when the console is not one."""
    _typed: list[str] = field(default_factory=list, repr=False)
    """Keys that arrived in one read with the key returned before them, not yet asked for."""
    _ahead: str = field(default="", repr=False)
    """What was typed after a line that line editing read, in the same burst of typing (the
    next line, or keys): not read yet."""
    _decoder: codecs.IncrementalDecoder | None = field(default=None, repr=False)
    _keys: KeyDecoder = field(default_factory=lambda: KeyDecoder(enter_across_chunks=False),
                              repr=False)
    """What was typed, as keys: a sequence begun in one read goes on in the next (an Enter
    does not: "\\r" then "\\n" in the next read are two keys pressed)."""
    _repaint: Callable[[], None] | None = field(default=None, repr=False)
    """Paints the screen again after a resize (`repainting`)."""
    _resizes: _Resizes | None = field(default=None, repr=False)
    _prompt: str = field(default="", repr=False)
    """The prompt on screen under the screen `_repaint` paints (said again after it)."""
    _painted_at: tuple[int, int] | None = field(default=None, repr=False)
    """The terminal's size when the screen was last cleared."""
    _shell_mode: list | None = field(default=None, repr=False)
    """The keyboard's terminal settings before racko changed them for the game (`keys_unseen`):
    the shell's, while racko is stopped (Ctrl-Z)."""
    _reading: bool = field(default=False, repr=False)
    """True while racko waits for a key (`_next_key`): a screen may be painted again then."""
    _repaint_due: bool = field(default=False, repr=False)
    """racko was stopped and continued while busy: the screen is painted again before the
    next key is awaited."""
    _stop_due: bool = field(default=False, repr=False)
    """A Ctrl-Z was among the keys typed ahead that `flush_input` threw away: racko stops at
    the next key prompt, as it would have on reading that key."""
    on_continue: Callable[[], None] | None = field(default=None, repr=False)
    """Called once racko is continued after a stop (Ctrl-Z, then the shell's fg), before its
    screen is painted again: a hot-seat turn hands the keyboard over again, since whoever
    typed fg may not be the person whose rack it was. It may wait for keys."""
    _continued: bool = field(default=False, repr=False)
    """Continued after a stop while busy: `on_continue` runs before the next key is awaited."""
    typed_key: str = field(default="", repr=False)
    """The last key `key` gave as it was typed, before `key_meant` (ψ on a Greek layout,
    which `key` gives as c): what a message about that key names."""
    _thrown: tuple[str, ...] = field(default=(), repr=False)
    """The keys the last `flush_input` threw away."""
    open_line: OpenLine | None = field(default=None, init=False, repr=False)
    """The line a key was echoed on, while its newline is owed (`prompt.echo`); None when the
    console is no terminal."""

    def __post_init__(self) -> None:
        self.open_line = open_line_on(self.console)

    @property
    def reads_lines(self) -> bool:
        """True when input comes line by line (a pipe, a script, a test), not key by key."""
        return self.stdin is not None or not _is_terminal(sys.stdin)

    @property
    def edits_lines(self) -> bool:
        """True where a line is read with line editing (readline), Up included."""
        return (self.stdin is None and sys.stdout is not None and _is_terminal(sys.stdin)
                and _is_terminal(sys.stdout) and _line_editing())

    @property
    def width(self) -> int:
        """The terminal's width in columns."""
        return self.console.size.width

    @property
    def height(self) -> int:
        """The terminal's height in lines."""
        return self.console.size.height

    def key(self, prompt: str = "") -> str:
        """One key pressed after `prompt` (rich markup): a printable character lower-cased,
        Enter as ENTER, Space as SPACE, other keys as longer names ("up", "tab", "escd"),
        an escape sequence handed over in pieces as one key (`_read_keys`).

        A key is taken by where it sits on the keyboard, in the language spoken (`key_meant`:
        é on a French number row is 2). Nothing is echoed. KeyboardInterrupt on Ctrl-C,
        EOFError on Ctrl-D (also one typed while racko was busy, `_lines_ended`). Ctrl-Z
        stops racko as the shell's job where it can (`suspend`), and the key is awaited again
        once it is continued. When input
        comes line by line, a whole line is read, stripped and lower-cased (empty: ENTER; one
        character: a key, taken as above).
        """
        if self.reads_lines:
            typed = self.read(prompt).strip()
            self.typed_key = typed.lower() if typed else ENTER
            return key_meant(self.typed_key) if typed else ENTER
        while True:
            if self._continued:
                self._continued = False
                self._handed_back()
                # Painted again once handed back (the hand back's own keys took the flag).
                self._repaint_due = self._repaint is not None
            if self._stop_due:
                self._stop_due = False
                self.typed_key = suspend.CTRL_Z
                self._prompt = prompt or self._prompt  # said under the screen painted again
            else:
                try:
                    self._next_key(prompt)
                except _Continued:
                    prompt = ""  # said again under the screen painted again
                    continue
            if self.typed_key == CTRL_L:
                # Ctrl-L paints the screen again, as in most terminal programs; where no
                # screen can be painted again (a question under the final standings) it does
                # nothing, and is no wrong key either.
                self._repaint_due = self._repaint is not None
                prompt = ""  # said again under the screen painted again, or still on it
                continue
            if self.typed_key != suspend.CTRL_Z or not self._stopped():
                return key_meant(self.typed_key)
            prompt = ""  # said again under the screen painted again

    def _next_key(self, prompt: str) -> None:
        """The next key pressed after `prompt` (`key`, at a terminal), as `typed_key`."""
        # The terminal is set to hand over keys as they are typed before the prompt shows, so
        # that a key pressed the instant it appears is kept: click's getchar sets its raw mode
        # with a flush, which lost such a key. Keys typed ahead are thrown away only where
        # racko means to (`flush_input`).
        if self._ahead:
            ahead, self._ahead = self._ahead, ""
            self._typed += self._keys_typed(ahead)
        if not self._typed:
            # Keys typed while racko was busy wait as lines: a Ctrl-D among them would be
            # handed over raw as a NUL, which no prompt takes for the end of the input.
            ended, lines = _lines_ended()
            if ended:
                raise EOFError
            self._typed += self._keys_typed(self._decoded(lines))
        with _keys_as_typed() as fd:
            if self._repaint_due:
                self._repaint_due = False
                if self._repaint is not None:
                    self.clear()
                    self._repaint()
                    prompt = prompt or self._prompt
            if prompt:
                self._prompt = prompt
                self.console.print(prompt, end="")
            # Not on TERM=dumb: it knows no bracketed paste, and shows the codes as garbage.
            bracketing = (fd is not None and self.console.is_terminal
                          and not self.console.is_dumb_terminal)
            if bracketing:
                self.console.file.write(PASTE_ON)  # a paste is one key (`keys.PASTE`)
            self.console.file.flush()
            self._reading = True
            try:
                while not self._typed:
                    self._typed += self._read_keys(fd)
            finally:
                self._reading = False
                if bracketing:
                    with suppress(OSError, ValueError):
                        self.console.file.write(PASTE_OFF)  # as the shell had it
                        self.console.file.flush()
        self.typed_key = self._typed.pop(0)
        typed_meanwhile = _typed_while_raw(fd)
        if typed_meanwhile:
            self._typed += self._keys_typed(self._decoded(typed_meanwhile))

    def _stopped(self) -> bool:
        """Ctrl-Z: racko stopped as the shell's job (`suspend`) and, continued, painted its
        screen again with the prompt under it; False where it cannot stop (a key then)."""
        if not suspend.can_stop():
            return False
        bracketing = self.console.is_terminal and not self.console.is_dumb_terminal
        if self._reading and bracketing:
            self.console.file.write(PASTE_OFF)  # stopped from outside while reading a key
            self.console.file.flush()
        if self._repaint is not None:
            # As a full-screen program's screen goes: a rack left on show under the shell's
            # prompt could be read by whoever has the keyboard next. Painted again on return.
            self.clear()
            self.console.file.flush()
        stopped = suspend.stop_until_continued(self._shell_mode)
        if stopped and self.on_continue is not None:
            if self._reading:
                # Stopped from outside, a signal within the wait for a key: the hand back
                # waits for keys of its own, so this wait is left first (`key` runs it, then
                # paints the screen again).
                self._continued = self._repaint_due = True
                raise _Continued
            self._handed_back()
        if self._reading and bracketing:
            self.console.file.write(PASTE_ON)
        if self._repaint is not None:
            self._paint_again()
        elif stopped:  # a screen nobody can paint again: the prompt at least, on a line of its own
            self.console.print()
            if self._prompt:
                self.console.print(self._prompt, end="")
            self.console.file.flush()
        return stopped

    def _handed_back(self) -> None:
        """Continued after a stop: `on_continue` runs (once: a stop within it runs it no
        more), then the screen and prompt being asked are as they were, to be painted again."""
        hand_back, self.on_continue = self.on_continue, None
        if hand_back is None:
            return
        prompt, repaint = self._prompt, self._repaint
        try:
            hand_back()
        finally:
            self.on_continue = hand_back
            self._prompt, self._repaint = prompt, repaint

    def _stopped_from_outside(self) -> None:
        """A stop signal racko did not send itself (`suspend.stops_handled`): stopped as for
        Ctrl-Z at a key prompt, the screen blanked first, and painted again once continued (at
        once if racko waits for a key, else before it next does). Any screen racko painted is
        blanked: a Ctrl-Z typed just after a key at the rack comes while that rack is still
        on show, and no screen is asking for keys then."""
        if self._reading:
            self._stopped()  # as for the Ctrl-Z key
            return
        if self._repaint is not None or self._painted_at is not None:
            # Busy drawing, maybe: rich is not called again from within itself.
            with suppress(OSError, ValueError):
                self.console.file.flush()
                if self.console.is_terminal:
                    # TERM=dumb shows the codes as garbage: lines scroll the screen away.
                    blank = ("\n" * self.height if self.console.is_dumb_terminal
                             else _CLEAR_SCREEN + _CLEAR_SCROLLBACK)
                    os.write(self.console.file.fileno(), blank.encode("ascii"))
        if suspend.stop_until_continued(self._shell_mode):
            self._repaint_due = True
            self._continued = self.on_continue is not None

    @contextmanager
    def repainting(self, callback: Callable[[], None]) -> Iterator[None]:
        """Within: when the window is resized while a key is awaited, the screen is cleared,
        `callback` paints it again (at the new size) and the prompt being asked is shown
        again under it; keys typed before are kept. The callback must not wait for keys. The
        callback before comes back on leaving. Nothing happens where input comes line by line
        or the size cannot be watched (Windows, a thread)."""
        if not self._hears_resizes():
            yield
            return
        before = self._repaint
        outermost = self._resizes is None
        try:
            if outermost:
                try:
                    self._resizes = _Resizes()
                except (OSError, ValueError):
                    outermost = False
                else:
                    if self._painted_at is not None and self._size() != self._painted_at:
                        self._resizes.mark()  # resized after the screen was drawn, before this
            self._repaint = callback
            yield
        finally:
            self._repaint = before
            if outermost and self._resizes is not None:
                self._resizes.close()
                self._resizes = None

    @contextmanager
    def watching_resizes(self) -> Iterator[None]:
        """Within (a whole game): every resize of the window is heard of, also while a screen
        is being laid out before its prompt (`repainting` alone would miss those)."""
        if not self._hears_resizes() or self._resizes is not None:
            yield
            return
        try:
            self._resizes = _Resizes()
        except (OSError, ValueError):
            yield
            return
        try:
            yield
        finally:
            self._resizes.close()
            self._resizes = None

    def _hears_resizes(self) -> bool:
        """True where a resize can be heard of and painted: keys from a terminal, the screen a
        terminal (not a file a resize would write screens into), POSIX, the main thread."""
        return not self.reads_lines and self.console.is_terminal and _watches_resizes()

    def wait_painted(self, seconds: float) -> None:
        """Let `seconds` pass with no prompt asked (a screen held a moment before its prompt):
        a resize meanwhile paints the screen again (`repainting`) at once, not only once a
        key is awaited (the terminal alone had scrolled its top away, a heading lost)."""
        resizes = self._resizes
        if resizes is None or self._repaint is None:
            time.sleep(seconds)
            return
        deadline = time.monotonic() + seconds
        while (left := deadline - time.monotonic()) > 0:
            try:
                ready, _, _ = select.select([resizes.fd], [], [], left)
            except (OSError, ValueError):
                time.sleep(max(0.0, deadline - time.monotonic()))
                return
            if ready and resizes.taken():
                asked, self._prompt = self._prompt, ""  # no prompt is on this screen yet
                try:
                    self._paint_again()
                finally:
                    self._prompt = asked

    def reprompt(self, prompt: str) -> None:
        """Said by a `repainting` callback: the prompt being asked reads `prompt` now (it
        depends on the terminal's size); it is what is shown after the callback."""
        self._prompt = prompt

    def _size(self) -> tuple[int, int]:
        size = self.console.size
        return size.width, size.height

    def _paint_again(self) -> None:
        """The screen painted again after a resize, the prompt being asked under it."""
        if self._repaint is None:
            return
        self.clear()
        self._repaint()
        if self._prompt:
            self.console.print(self._prompt, end="")
        self.console.file.flush()

    def _read_keys(self, fd: int | None) -> list[str]:
        """The keys one read of the keyboard gives, waiting for a key (`fd`: the terminal,
        set by `_keys_as_typed`; None: click's getchar reads it).

        An escape sequence cut between two reads would be read as Escape and letters (an
        arrow's "[D" a draw), so a read ending in the start of one reads on (`keys.Pending`):
        a CSI begun until its final character comes; a lone ESC, or ESC O, for
        `SEQUENCE_WAIT`, after which it is a key of its own. What comes after a lone ESC and
        is no sequence's rest is keys of their own, never Alt and a key (a terminal sends
        those in one write).
        """
        if fd is None:
            return _as_read(self._keys.flush()) or split_keys(windows_keys(click.getchar()))
        keys: list[str] = []
        while True:
            pending = self._keys.pending
            if pending is Pending.TIMED and not _ready(fd, SEQUENCE_WAIT):
                keys += _as_read(self._keys.flush())
            elif keys and pending is Pending.NOTHING:
                return keys
            else:
                keys += self._keys_typed(self._read_some(fd))

    def _keys_typed(self, typed: str) -> list[str]:
        """The keys in `typed`, the next of what the keyboard gave (a sequence begun at its
        end is held, `_read_keys`), as `key` gives them (`_as_read`); a Ctrl-C or Ctrl-D
        among them throws the rest away."""
        try:
            return _as_read(self._keys.feed(typed), typed)
        except (KeyboardInterrupt, EOFError):
            self._keys.reset()
            raise

    def _read_some(self, fd: int) -> str:
        """What the keyboard has typed, waiting for a key; EOFError once the terminal is gone."""
        typed = ""
        while not typed:  # a character cut in two by a full read comes with the next
            self._wait_for_keys(fd)
            read = os.read(fd, _READ_BYTES)
            if not read:
                raise EOFError  # the terminal is gone
            typed = self._decoded(read)
        return typed

    def _decoded(self, read: bytes) -> str:
        """What was read from the keyboard as text (a character cut in two by the end of
        `read` comes out with the next read)."""
        if self._decoder is None:
            encoding = getattr(sys.stdin, "encoding", None) or "utf-8"
            self._decoder = codecs.getincrementaldecoder(encoding)(errors="replace")
        return self._decoder.decode(read)

    def _wait_for_keys(self, fd: int) -> None:
        """Wait until `fd` has keys to read, painting the screen again each time the window is
        resized meanwhile (keys typed before stay to be read)."""
        while self._resizes is not None:
            # A resize signalled just before select() is only run by Python when it returns:
            # the timeout bounds that wait.
            ready = select.select([fd, self._resizes.fd], [], [], _RESIZE_CHECK)[0]
            if self._resizes.taken():
                self._paint_again()
            elif fd in ready:
                return

    def line(self, prompt: str, recall: str = "") -> str:
        """One line typed after `prompt` (rich markup), without its newline; EOFError at the end.
        Where lines are edited, Up brings back `recall` (an answer the question refused)."""
        return self.read(prompt, recall)

    def read(self, prompt: str, recall: str = "") -> str:
        """One line typed after `prompt` (rich markup), without its newline; EOFError at the end.
        Where lines are edited, Up brings back `recall`."""
        stream = self.stdin if self.stdin is not None else sys.stdin
        if stream is None:
            raise EOFError  # standard input was closed (`racko play <&-`): nothing to read
        if self.edits_lines:
            with _recalled(recall):
                return self._edited_line(prompt)
        if self.stdin is None and sys.stdout is not None:
            return self.console.input(prompt)
        # input() needs both standard streams; with standard output closed, the line is read
        # straight from the input.
        self.console.print(prompt, end="")
        line = stream.readline()
        if not line:
            raise EOFError
        return line.rstrip("\r\n")

    def _edited_line(self, prompt: str) -> str:
        """A line read with line editing (readline) after `prompt`, the keys typed ahead
        first: a whole line among them is the answer, as if typed at the prompt."""
        ahead, self._ahead = self._ahead, ""
        typed, end, rest = _line_of(ahead)
        if "\x03" in typed or "\x1c" in typed:
            raise interrupted_by(typed)
        if typed.startswith("\x04"):
            raise EOFError
        typed = _edited(typed)
        if end:
            self._ahead = rest
            self.console.print(prompt, end="")
            self.console.print(typed, markup=False, highlight=False)
            return typed
        with _started_with(typed), self._line_stops(prompt):
            # readline draws the prompt itself, so that it knows where the line starts.
            line = input(self._for_readline(prompt))
        # Keys typed in the same burst as the Enter came while readline still had the
        # keyboard raw: set back to reading lines, the terminal hands them over as a line
        # of their own, with no line end, which the next key prompt would take for a Ctrl-D.
        with suppress(OSError, ValueError):
            self._ahead = self._decoded(_typed_while_raw(sys.stdin.fileno()))
        return line

    @contextmanager
    def _line_stops(self, prompt: str) -> Iterator[None]:
        """Within (a line read with readline after `prompt`): Ctrl-Z stops racko as at a key
        prompt, the terminal as the shell had it meanwhile, and once racko is continued the
        question is asked again on a line of its own, with what was typed of the answer (else
        nothing shows, the terminal echoes each key twice, and the keys typed before the stop
        are glued, unseen, to those typed after)."""
        try:
            fd = sys.stdin.fileno()
            shell_mode = termios.tcgetattr(fd) if termios is not None else None
        except (OSError, ValueError, termios.error):
            shell_mode = None
        if shell_mode is None:
            yield
            return

        def stopped() -> None:
            if suspend.stop_until_continued(shell_mode):
                import readline

                self.console.print()
                self.console.print(prompt, end="")
                self.console.file.write(readline.get_line_buffer())
                self.console.file.flush()

        with suspend.stops_handled(stopped):
            yield

    def _for_readline(self, prompt: str) -> str:
        """`prompt` (rich markup) as the console would print it, its control codes marked as
        taking no room on the line (readline's \\001 and \\002) so that editing keeps to the
        columns after it."""
        with self.console.capture() as captured:
            self.console.print(prompt, end="")
        return _CONTROL_CODE.sub(lambda code: f"\001{code.group()}\002", captured.get())

    @property
    def thrown_keys(self) -> tuple[str, ...]:
        """The keys the last `flush_input` threw away (as `key` names them)."""
        return self._thrown

    def stop_if_typed(self) -> None:
        """A Ctrl-Z read with a key already taken (typed in one burst with it), or thrown away
        by `flush_input`, stops racko now (`suspend`), as a key prompt would on reading it:
        for a screen that stands still a while before it asks for a key (a hand-off's hold),
        not once it asks."""
        if suspend.CTRL_Z in self._typed:
            self._typed[:] = [key for key in self._typed if key != suspend.CTRL_Z]
            self._stop_due = suspend.can_stop()
        if self._stop_due:
            self._stop_due = False
            self._prompt = ""  # no prompt is on this screen: none is said again after fg
            self._stopped()

    def flush_input(self) -> bool:
        """Throw away whatever was typed ahead, so that only a key pressed from now on counts
        (nothing when input comes line by line: a script's lines are all meant); True if
        something was. A Ctrl-C among it is still obeyed (KeyboardInterrupt), and so is a
        Ctrl-D (EOFError), as the prompt after the flush would take them: the game stops (at
        "Play again?": no). A Ctrl-Z among it stops racko at the next key prompt (`key`)."""
        typed = bool(self._typed or self._ahead)
        stop = suspend.CTRL_Z in self._typed
        ahead, self._ahead = self._ahead, ""
        self._thrown = tuple(self._typed)
        self._typed.clear()
        if self.reads_lines or termios is None:
            self._decoder = None
            self._keys.reset()
            return typed
        ended, lines = _lines_ended()
        with _keys_as_typed() as fd:
            thrown = lines + (_waiting(fd) if fd is not None else b"")
        thrown += _typed_while_raw(fd)
        with suppress(OSError, ValueError, termios.error):
            termios.tcflush(sys.stdin.fileno(), termios.TCIFLUSH)
        # Read as keys, in the order typed, after what the decoder holds: a sequence or a
        # paste begun goes on where it was cut (the rest of a paste is never keys), and a
        # control key pasted is not one typed.
        typed_ahead = ahead + self._decoded(thrown)
        keys = self._keys.feed(typed_ahead)
        if self._keys.pending is Pending.TIMED and not self._keys.pasting:
            keys += self._keys.flush()  # a lone Escape typed ahead goes with the rest
        self._thrown += tuple(keys)
        self._decoder = None  # half a character typed ahead goes with the rest
        if CTRL_C in keys:
            # A Ctrl-C typed ahead still stops: it is never thrown away.
            raise interrupted_by(typed_ahead)
        if ended or CTRL_D in keys:
            raise EOFError  # nor is a Ctrl-D: it ends the input
        if stop or suspend.CTRL_Z in keys:
            # Nor a Ctrl-Z: whoever typed it takes racko for stopped, and their "fg" and Enter
            # would be keys of the game (an Enter at a hand-off opens the next rack).
            self._stop_due = suspend.can_stop()
        return typed or bool(thrown)

    @contextmanager
    def keys_unseen(self) -> Iterator[None]:
        """Within: keys typed while racko is busy (drawing, pausing) do not show on the screen;
        they are thrown away or read as keys, never echoed in the middle of a screen."""
        if self.reads_lines or termios is None:
            yield
            return
        try:
            fd = sys.stdin.fileno()
            before = termios.tcgetattr(fd)
            quiet = list(before)
            quiet[3] &= ~termios.ECHO
            termios.tcsetattr(fd, termios.TCSANOW, quiet)
        except (OSError, ValueError, termios.error):
            yield
            return
        outer, self._shell_mode = self._shell_mode, before
        try:
            with suspend.stops_handled(self._stopped_from_outside):
                yield
        finally:
            self._shell_mode = outer
            with suppress(OSError, ValueError, termios.error):
                termios.tcsetattr(fd, termios.TCSADRAIN, before)

    def clear(self, scrollback: bool = False, *, keep: bool = False) -> None:
        """Blank the screen (and the scrollback, if asked) on a real terminal; with the output
        elsewhere, clear `tty` instead when the scrollback must go (a hand-off); else nothing.

        A screen painted over one racko painted (a redraw within a turn, a bot's move) is
        blanked in place, its lines not pushed into the scrollback: the first clear pushes
        what came before (the set-up, the note on how to carry on) as `clear` would. With
        `keep`, the screen's lines go up into the scrollback, in any terminal: only for a
        screen with nothing private on it worth scrolling back to (the moves of a game of
        computer players alone; a round's end, every rack shown, before the final
        standings)."""
        first = self._painted_at is None
        self._painted_at = self._size()
        if not self.console.is_terminal:
            if scrollback and self.tty is not None:
                try:
                    with open(self.tty, "w", encoding="ascii") as tty:
                        tty.write(_CLEAR_SCREEN + _CLEAR_SCROLLBACK)
                except OSError:
                    pass  # no terminal to clear: the players were told at the start
            return
        if self.open_line is not None:
            self.open_line.closed_by_clearing()
        if self.console.is_dumb_terminal:
            # TERM=dumb shows the codes that clear as garbage: lines scroll the screen away
            # instead (the players were told, as the game began, that it may not clear).
            self.console.file.write("\n" * self.height)
        elif scrollback:
            self.console.file.write(_CLEAR_SCREEN + _CLEAR_SCROLLBACK)
        elif keep:
            # A newline a line scrolls every line on the screen up, the last one printed too.
            self.console.file.write("\n" * self.height + Control.home().segment.text)
        elif first:
            self.console.file.write(_CLEAR_SCREEN)
        else:
            self.console.file.write(blanked_in_place(self.height))
        self.console.file.flush()

    def pause(self) -> None:
        """Hold still for `pause_seconds` so a bot's move can be read."""
        if self.pause_seconds > 0:
            self.console.file.flush()
            time.sleep(self.pause_seconds)
