"""Keys a terminal hands over in pieces (a slow link, a busy machine), one table for every
reader of keys: the decoder alone (test_escape_sequences_in_pieces), racko's own keyboard
(test_raw_keyboard) and a hosted table's guest over SSH (test_host_escape_sequences_in_pieces).

Each piece after the first is typed when the reader has read the ones before it and waits for
more ("waited": within the moment a lone ESC waits for the rest of its sequence), or after a
pause (0.4 s, longer than that moment: `rack_o.cli.keys.SEQUENCE_WAIT`).
"""

from __future__ import annotations

LONG = 0.4
"""A pause between two pieces longer than a lone ESC waits for the rest of its sequence."""

PIECES: dict[str, tuple[list[bytes], list[object], list[str]]] = {
    "an arrow after its ESC": ([b"\x1b", b"[A"], ["waited"], ["up"]),
    "Left after its ESC": ([b"\x1b", b"[D"], ["waited"], ["left"]),
    "an arrow's final letter long after": ([b"\x1b[", b"D"], [LONG], ["left"]),
    "an arrow in three pieces": ([b"\x1b", b"[", b"B"], ["waited", LONG], ["down"]),
    "a keypad arrow after its ESC O": ([b"\x1bO", b"A"], ["waited"], ["up"]),
    "a keypad arrow after its ESC": ([b"\x1b", b"OB"], ["waited"], ["down"]),
    "Page Down after its ESC [": ([b"\x1b[", b"6~"], [LONG], ["pagedown"]),
    "Ctrl-Right cut in its middle": ([b"\x1b[1;", b"5C"], [LONG], ["esc[1;5c"]),
    "the Linux console's F1 in pieces": ([b"\x1b[[", b"A"], [LONG], ["f1"]),
    "keys soon after Escape": ([b"\x1b", b"q5"], ["waited"], ["escape", "q", "5"]),
    "an arrow soon after Escape": ([b"\x1b", b"\x1b[B"], ["waited"], ["escape", "down"]),
    "a key soon after Escape": ([b"\x1b", b"5"], ["waited"], ["escape", "5"]),
    "a key long after Escape": ([b"\x1b", b"d"], [LONG], ["escape", "d"]),
    "Escape twice, apart": ([b"\x1b", b"\x1b"], ["waited"], ["escape", "escape"]),
    "Escape and Enter": ([b"\x1b", b"\r"], [LONG], ["escape", "\n"]),
    "Alt and a key, sent at once": ([b"\x1bd5"], [], ["escd", "5"]),
}
