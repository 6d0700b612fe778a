"""Keys from what a keyboard's terminal sends: one decoder, chunk by chunk, for racko's own
terminal (`console.Terminal`) and a hosted table's (a guest's over SSH, the host's keyboard).

A printable character is itself, its case kept (whoever reads a key lower-cases it, a line
keeps it); Return is ENTER ("\\r\\n" and "\\r\\0" one Enter, even cut between chunks unless
the reader says not, `KeyDecoder`); an escape sequence is one key, named by `SEQUENCES`, else
"esc" and the rest of it ("esc[1;5c" for Ctrl-Right, "escd" for Alt-D); Escape pressed twice is
two Escapes; any other control character is a name ("tab", "ctrl-u", "u+0085"). Nothing that is
not printable ever comes out as a one-character key but ENTER, so no control character typed
reaches a screen or a name.

A terminal sends a key's sequence in one write, but a slow link or a busy machine may hand it
over in pieces, and an arrow read as Escape, "[" and "d" would draw a card. So a sequence
begun at the end of a chunk waits (`pending`): a CSI begun (ESC [) for its final character,
which is sure to come; a lone ESC, or ESC O, for `SEQUENCE_WAIT`, after which the reader calls
`flush` and it is Escape (or Alt-O). What comes after a lone ESC in a later chunk and begins
no sequence is keys of their own, never Alt and a key.

Text pasted where the terminal brackets pastes (`PASTE_ON`) is one key, PASTE, whatever it
holds: pasted "hello world" is not a hint, the rules and a draw.
"""

from __future__ import annotations

from enum import Enum

ENTER = "\n"
"""The key of Enter (Return), whatever the terminal sent for it."""
SPACE = " "
ESCAPE = "escape"
BACKSPACE = "backspace"
CTRL_C = "ctrl-c"
CTRL_D = "ctrl-d"
CTRL_L = "ctrl-l"
"""Paints the screen again where a screen can be (`Terminal.key`)."""
PASTE = "paste"
"""The key of text pasted between the brackets a terminal puts round it (`PASTE_ON`)."""
PASTE_ON = "\x1b[?2004h"
"""Asks the terminal to bracket what is pasted (xterm's bracketed paste mode)."""
PASTE_OFF = "\x1b[?2004l"
PASTE_START = "\x1b[200~"
PASTE_END = "\x1b[201~"

SEQUENCE_WAIT = 0.2
"""Seconds a lone ESC, or ESC O, at the end of what was read waits for the rest of a sequence
(as curses's ESCDELAY, readline's keyseq-timeout): a terminal sends a sequence in one write,
so its rest comes at once if at all, but a busy machine or a slow link may hand it over later.
After that it is the Escape key (or Alt and O)."""
MAX_SEQUENCE = 32
"""Characters an escape sequence may have: no terminal sends a longer one for a key. One
longer is named by its start, and the rest of it, up to its final character, left out."""

# The keys a terminal sends as one escape sequence that have a name (the pager's, and a
# prompt's note that names them). A table, not a parser.
SEQUENCES = {
    "\x1b[A": "up", "\x1bOA": "up", "\x1b[B": "down", "\x1bOB": "down",
    "\x1b[C": "right", "\x1bOC": "right", "\x1b[D": "left", "\x1bOD": "left",
    "\x1b[H": "home", "\x1bOH": "home", "\x1b[1~": "home", "\x1b[7~": "home",
    "\x1b[F": "end", "\x1bOF": "end", "\x1b[4~": "end", "\x1b[8~": "end",
    "\x1b[5~": "pageup", "\x1b[6~": "pagedown", "\x1b[2~": "insert", "\x1b[3~": "delete",
    "\x1bOP": "f1", "\x1bOQ": "f2", "\x1bOR": "f3", "\x1bOS": "f4",
    "\x1b[P": "f1", "\x1b[Q": "f2", "\x1b[R": "f3", "\x1b[S": "f4",
    "\x1b[11~": "f1", "\x1b[12~": "f2", "\x1b[13~": "f3", "\x1b[14~": "f4",
    "\x1b[[A": "f1", "\x1b[[B": "f2", "\x1b[[C": "f3", "\x1b[[D": "f4",  # the Linux console's
}
_CONTROLS = {"\t": "tab", "\x7f": BACKSPACE, "\x08": BACKSPACE, "\x03": CTRL_C, "\x04": CTRL_D,
             "\x1c": CTRL_C}
"""Ctrl-\\ is a Ctrl-C, as it is where the terminal turns it into a signal (`quit_signal`)."""
_ESC = "\x1b"
_SS3 = "\x1bO"
_LINUX_F = "\x1b[["
"""The Linux console's F1-F5 begin so, and end with one more letter."""


class Pending(Enum):
    """What a decoder holds of a sequence begun and not ended."""

    NOTHING = "nothing"
    TIMED = ("a lone ESC, or ESC O, or a paste: the rest comes at once or never; flush after "
             "SEQUENCE_WAIT")
    FINAL = "a CSI begun: its final character is sure to follow"


def control_name(char: str) -> str:
    """The name of a key that sends a control character: "tab", "ctrl-u", "u+0085"…"""
    if char in _CONTROLS:
        return _CONTROLS[char]
    code = ord(char)
    if code < 0x20:
        return "ctrl-" + chr(code + 0x40).lower()
    return f"u+{code:04x}"


def sequence_name(sequence: str) -> str:
    """The name of an escape sequence: `SEQUENCES`'s, else "esc" and the rest of it,
    lower-cased, showing no control code ("esc[1;5c", "escd", "esc\\\\x7f")."""
    return SEQUENCES.get(sequence) or "esc" + ascii(sequence[1:].lower())[1:-1]


def _is_final(char: str) -> bool:
    """The last character of a CSI or SS3 sequence."""
    return "\x40" <= char <= "\x7e"


def _is_inside(char: str) -> bool:
    """A parameter or intermediate character of a CSI sequence."""
    return "\x20" <= char <= "\x3f"


class KeyDecoder:
    """Turns what a terminal sends, as text chunk by chunk, into key names (see the module)."""

    def __init__(self, enter_across_chunks: bool = True) -> None:
        self._enter_across_chunks = enter_across_chunks
        """A newline or NUL at the start of a chunk after a carriage return ending the one
        before is the same Enter: a guest's client may send "\\r\\n" and a slow link cut it.
        False for racko's own raw keyboard, whose Enter is "\\r" alone: a newline read later
        is another key pressed (Ctrl-J, or a script's newline)."""
        self._sequence = ""
        """An escape sequence begun and not ended."""
        self._too_long = False
        """The rest of a sequence too long, already named, is being left out."""
        self._after_return = False
        """The last character was a carriage return: a newline or NUL right after it is the
        same Enter."""
        self._pasted: str | None = None
        """The end of what was pasted so far while a paste goes on (None: no paste), as long
        as PASTE_END: the paste ends with it."""


    @property
    def pending(self) -> Pending:
        """What is held of a sequence begun at the end of what was fed (a paste not ended
        yet is TIMED: one whose end never comes must not swallow every key after it)."""
        if self._sequence in (_ESC, _SS3) or self._pasted is not None:
            return Pending.TIMED
        return Pending.FINAL if self._sequence else Pending.NOTHING

    @property
    def pasting(self) -> bool:
        """A paste begun (PASTE_START) has not ended yet: what comes is pasted."""
        return self._pasted is not None

    def reset(self) -> None:
        """Forget any sequence begun, and any paste (after input was thrown away)."""
        self._sequence = ""
        self._too_long = self._after_return = False
        self._pasted = None

    def flush(self) -> list[str]:
        """The sequence begun, as the key it is if no more comes: a lone ESC is Escape, ESC O
        Alt-O, a CSI cut short named as far as it goes (never the letters it was to end
        with); a paste not ended is over."""
        sequence, self._sequence = self._sequence, ""
        self._too_long = False
        self._pasted = None
        if not sequence:
            return []
        return [ESCAPE if sequence == _ESC else sequence_name(sequence)]

    def feed(self, text: str) -> list[str]:
        """The keys in `text`, the next chunk of what was typed; a sequence begun at its end
        is held (`pending`)."""
        keys: list[str] = []
        if not self._enter_across_chunks:
            self._after_return = False
        # A lone ESC from an earlier chunk is Escape unless the chunk goes on with a sequence.
        carried = self._sequence == _ESC
        for char in text:
            if carried and char not in "[O":
                keys += self.flush()
            carried = False
            self._take(char, keys)
        return keys

    def _take(self, char: str, keys: list[str]) -> None:
        if self._pasted is not None:
            self._pasted = (self._pasted + char)[-len(PASTE_END):]
            if self._pasted == PASTE_END:
                self._pasted = None
            return
        after_return, self._after_return = self._after_return, False
        if self._too_long:
            if _is_inside(char):
                return
            self._too_long = False
            if _is_final(char):
                return
        if self._sequence:
            if char in (_ESC, "\x03", "\x1c", "\x04"):
                # Ctrl-C and Ctrl-D are never part of a sequence: they always stop.
                keys += self.flush()
            elif self._continued(char, keys):
                return
        if char == "\r":
            self._after_return = True
            keys.append(ENTER)
        elif char in "\n\0" and after_return:
            pass  # "\r\n" and "\r\0" are one Enter (telnet-style line ends)
        elif char == "\n":
            keys.append(ENTER)
        elif char == _ESC:
            self._sequence = char
        elif char.isprintable():
            keys.append(char)
        else:
            keys.append(control_name(char))

    def _continued(self, char: str, keys: list[str]) -> bool:
        """Add `char` to the sequence begun, giving its key once it ends; False if `char` is
        no part of it (the sequence is then named as far as it went, `char` a key of its own)."""
        sequence = self._sequence
        if sequence == _ESC:
            if char in "[O":
                self._sequence += char
            else:  # Alt and a key, sent together
                self._sequence = ""
                keys.append(sequence_name(sequence + char))
            return True
        if sequence in (_SS3, _LINUX_F) or not _is_inside(char):
            if not _is_final(char):
                keys += self.flush()
                return False
            if sequence + char == _LINUX_F:
                self._sequence += char
                return True
            self._sequence = ""
            if sequence + char == PASTE_START:
                self._pasted = ""
                keys.append(PASTE)
            elif sequence + char != PASTE_END:  # an end without its start: nothing was pasted
                keys.append(sequence_name(sequence + char))
            return True
        self._sequence += char
        if len(self._sequence) >= MAX_SEQUENCE:
            keys += self.flush()
            self._too_long = True
        return True


def keys_in(text: str) -> list[str]:
    """The keys in `text`, all of what was typed: a sequence begun at its end is taken as far
    as it goes (`KeyDecoder.flush`)."""
    decoder = KeyDecoder()
    return decoder.feed(text) + decoder.flush()
