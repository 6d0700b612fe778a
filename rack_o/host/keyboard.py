"""Keys from a guest's byte stream (or the host's keyboard): UTF-8 text made keys by the one
decoder of keys, `rack_o.cli.keys.KeyDecoder`, which names them as racko's own terminal does.

A printable character is itself (the terminal lower-cases it for `key`, keeps it for `line`);
Enter is ENTER; Ctrl-C and Ctrl-D are CTRL_C and CTRL_D (the terminal turns them into
KeyboardInterrupt and EOFError); every other key (arrows, function keys, Alt-x, control
characters) is a name longer than one character, which a prompt that does not want it
names in a note (`rack_o.cli.prompt.wrong_key_note`). Nothing that is not printable ever
comes out as a one-character key, so no control character typed by a guest reaches another
screen or a name.

A lone ESC (or ESC O) at the end of what came is held (`waits`): whoever reads calls `waited`
once nothing more came for SEQUENCE_WAIT, and it is Escape then (the SSH session's timer, the
host's keyboard thread's select).
"""

from __future__ import annotations

import codecs

from rack_o.cli.keys import (
    BACKSPACE,
    CTRL_C,
    CTRL_D,
    CTRL_L,
    ENTER,
    ESCAPE,
    SEQUENCE_WAIT,
    KeyDecoder,
    Pending,
)

__all__ = ["BACKSPACE", "CTRL_C", "CTRL_D", "CTRL_L", "ENTER", "ESCAPE", "PUT_AWAY",
           "SEQUENCE_WAIT", "KeyReader"]

PUT_AWAY = "put-away"
"""Not a key anyone types: the answer that puts away a question left open (`put_away`)."""


class KeyReader:
    """Turns the bytes a guest's terminal sends, chunk by chunk, into key names."""

    def __init__(self) -> None:
        self._text = codecs.getincrementaldecoder("utf-8")(errors="replace")
        self._keys = KeyDecoder()

    def reset(self) -> None:
        """Forget any half-read character or sequence (after input was thrown away)."""
        self._text.reset()
        self._keys.reset()

    def feed(self, data: bytes) -> list[str]:
        """The keys in `data`, a chunk of what the terminal sent; a sequence begun at its end
        is held for the next chunk (or, a lone ESC, for `waited`)."""
        return self._keys.feed(self._text.decode(data))

    @property
    def waits(self) -> bool:
        """True when a lone ESC (or ESC O) is held: call `waited` if nothing more comes within
        SEQUENCE_WAIT."""
        return self._keys.pending is Pending.TIMED

    def waited(self) -> list[str]:
        """Nothing more came after a lone ESC: the key it is (Escape; ESC O is Alt-O)."""
        return self._keys.flush() if self.waits else []
