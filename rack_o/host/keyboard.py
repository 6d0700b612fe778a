"""Keys from a guest's byte stream: what a raw terminal sends, as the key names prompts use.

A printable character is itself (the terminal lower-cases it for `key`, keeps it for `line`);
Enter is ENTER; Ctrl-C and Ctrl-D are CTRL_C and CTRL_D (the terminal turns them into
KeyboardInterrupt and EOFError); every other key (arrows, function keys, Alt-x, control
characters) is a name longer than one character, which a prompt that does not want it
names in a note (`rack_o.cli.prompt.wrong_key_note`). Nothing that is not
printable ever comes out as a one-character key, so no control character typed by a guest
reaches another screen or a name.
"""

from __future__ import annotations

import codecs

ENTER = "\n"
"""The key of Enter (Return), as the local terminal reports it (design.md)."""
CTRL_C = "ctrl-c"
CTRL_D = "ctrl-d"
BACKSPACE = "backspace"
ESCAPE = "escape"
PUT_AWAY = "put-away"
"""Not a key anyone types: the answer that puts away a question left open (`put_away`)."""

_ESC = "\x1b"
_MAX_SEQUENCE = 32
"""Longer escape sequences than this are cut: no terminal sends them for a key."""

# The final character of a CSI (ESC [) or SS3 (ESC O) sequence without parameters.
_CURSOR = {"A": "up", "B": "down", "C": "right", "D": "left", "H": "home", "F": "end",
           "P": "f1", "Q": "f2", "R": "f3", "S": "f4"}
# ESC [ n ~ sequences.
_TILDE = {"1": "home", "2": "insert", "3": "delete", "4": "end", "5": "pageup", "6": "pagedown",
          "7": "home", "8": "end"}
_CONTROL = {"\t": "tab", "\x7f": BACKSPACE, "\x08": BACKSPACE, "\x03": CTRL_C, "\x04": CTRL_D}


def control_name(char: str) -> str:
    """The name of a key that sends a control character: "tab", "ctrl-u", "u+0085"…"""
    if char in _CONTROL:
        return _CONTROL[char]
    code = ord(char)
    if code < 0x20:
        return "ctrl-" + chr(code + 0x40).lower()
    return f"u+{code:04x}"


class KeyReader:
    """Turns the bytes a guest's terminal sends, chunk by chunk, into key names."""

    def __init__(self) -> None:
        self._decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
        self._sequence = ""
        """An escape sequence begun in an earlier chunk and not finished yet."""
        self._after_return = False
        """The last character was a carriage return: a newline right after it is the same Enter."""

    def reset(self) -> None:
        """Forget any half-read character or sequence (after input was thrown away)."""
        self._decoder.reset()
        self._sequence = ""
        self._after_return = False

    def feed(self, data: bytes) -> list[str]:
        """The keys in `data`, a chunk of what the terminal sent; an escape at its end is Escape."""
        keys: list[str] = []
        for char in self._decoder.decode(data):
            if self._sequence:
                self._sequence += char
                done = _finished(self._sequence)
                if done is not None:
                    keys.append(done)
                    self._sequence = ""
                continue
            after_return, self._after_return = self._after_return, char == "\r"
            if char in "\n\0" and after_return:
                continue  # "\r\n" and "\r\0" are one Enter (telnet-style line ends)
            if char in "\r\n":
                keys.append(ENTER)
            elif char == _ESC:
                self._sequence = char
            elif char.isprintable():
                keys.append(char)
            else:
                keys.append(control_name(char))
        if self._sequence == _ESC:
            # A terminal sends a whole sequence in one write: a lone ESC is the Escape key.
            keys.append(ESCAPE)
            self._sequence = ""
        return keys


def _finished(sequence: str) -> str | None:
    """The name of an escape sequence if it is complete, else None (more is to come)."""
    second = sequence[1]
    if len(sequence) == 2:
        if second in "[O":
            return None
        if second == _ESC:
            return ESCAPE + "-" + ESCAPE  # Escape pressed twice
        return "alt-" + (second.lower() if second.isprintable() else control_name(second))
    last = sequence[-1]
    if second == "O":  # SS3: one character follows
        return _CURSOR.get(last) or _unknown(sequence)
    if "\x40" <= last <= "\x7e":  # the final byte of a CSI sequence
        params = sequence[2:-1]
        if not params and last in _CURSOR:
            return _CURSOR[last]
        if last == "~" and params in _TILDE:
            return _TILDE[params]
        return _unknown(sequence)
    if len(sequence) >= _MAX_SEQUENCE or not "\x20" <= last <= "\x3f":
        return _unknown(sequence)  # not a sequence any terminal sends for a key
    return None


def _unknown(sequence: str) -> str:
    """A printable name for a sequence without one, so that showing it sends no control code."""
    return "esc" + ascii(sequence[1:])[1:-1]
