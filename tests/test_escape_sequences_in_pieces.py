"""The one decoder of keys (`rack_o.cli.keys`), fed what a terminal sends chunk by chunk: an
escape sequence is one key however it is cut, a lone ESC waits for the rest of a sequence and
is Escape once none came (`flush`, when the reader's wait is over), and nothing it gives is a
control character but Enter."""

from __future__ import annotations

import codecs

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from keypieces import PIECES

from rack_o.cli.keys import (
    CTRL_C,
    CTRL_D,
    ENTER,
    ESCAPE,
    MAX_SEQUENCE,
    SEQUENCE_WAIT,
    SEQUENCES,
    KeyDecoder,
    Pending,
    keys_in,
)


def fed(*chunks: str) -> list[str]:
    """The keys of `chunks` fed one after another with no wait between them over, then the
    wait over at the end."""
    decoder = KeyDecoder()
    keys = [key for chunk in chunks for key in decoder.feed(chunk)]
    return keys + decoder.flush()


def cuts(text: str) -> list[list[str]]:
    """`text` cut in two at every place, and cut into single characters."""
    return [[text[:at], text[at:]] for at in range(1, len(text))] + [list(text)]


@pytest.mark.parametrize(("sequence", "name"), list(SEQUENCES.items()), ids=repr)
def test_a_known_sequence_cut_anywhere_is_its_one_key(sequence: str, name: str) -> None:
    assert keys_in(sequence) == [name]
    for pieces in cuts(sequence):
        decoder = KeyDecoder()
        keys = [key for piece in pieces for key in decoder.feed(piece)]
        assert keys == [name], pieces
        assert decoder.pending is Pending.NOTHING
    assert fed(sequence[:1], sequence[1:] + "d") == [name, "d"]  # what is typed after is kept


@pytest.mark.parametrize(
    ("pieces", "gaps", "keys"), [case for case in PIECES.values() if case[1]],
    ids=[name for name, case in PIECES.items() if case[1]],
)
def test_pieces_with_a_pause_between_are_the_keys_a_terminal_reading_them_gives(
    pieces: list[bytes], gaps: list[object], keys: list[str]
) -> None:
    """A pause longer than SEQUENCE_WAIT after a lone ESC ends its wait (`flush`)."""
    decoder = KeyDecoder()
    got = decoder.feed(pieces[0].decode())
    for gap, piece in zip(gaps, pieces[1:], strict=True):
        if gap != "waited" and float(gap) > SEQUENCE_WAIT and decoder.pending is Pending.TIMED:
            got += decoder.flush()
        got += decoder.feed(piece.decode())
    assert got + decoder.flush() == keys


@pytest.mark.parametrize(
    ("text", "pending"),
    [("\x1b", Pending.TIMED), ("\x1bO", Pending.TIMED), ("\x1b[", Pending.FINAL),
     ("\x1b[1;5", Pending.FINAL), ("\x1b[[", Pending.FINAL), ("d", Pending.NOTHING),
     ("\x1b[A", Pending.NOTHING), ("\x1bd", Pending.NOTHING), ("\x1b\x1b", Pending.TIMED),
     ("\x1b[" + "1" * MAX_SEQUENCE, Pending.NOTHING)],  # too long: named already
)
def test_a_sequence_begun_says_what_it_waits_for(text: str, pending: Pending) -> None:
    decoder = KeyDecoder()
    decoder.feed(text)
    assert decoder.pending is pending


@pytest.mark.parametrize(
    ("chunks", "keys"),
    [
        (["\x1b"], [ESCAPE]),  # once the wait is over
        (["\x1b", "d"], [ESCAPE, "d"]),  # a key after Escape, in a later chunk: two keys
        (["\x1bd"], ["escd"]),  # Alt-D: sent in one write, one key, never a d
        (["\x1bD"], ["escd"]),
        (["\x1b\x1b"], [ESCAPE, ESCAPE]),  # Escape pressed twice
        (["\x1b", "\x1b"], [ESCAPE, ESCAPE]),
        (["\x1b\x1b[A"], [ESCAPE, "up"]),
        (["\x1bO"], ["esco"]),  # Alt-O, once the wait is over
        (["\x1bO", "1"], ["esco", "1"]),  # ESC O and no final character: Alt-O, then 1
        (["\x1bO", "x"], ["escox"]),  # a final character: an SS3 without a name
        (["\x1b", "O", "P"], ["f1"]),
        (["\x1b[1;5C"], ["esc[1;5c"]),  # Ctrl-Right: no name, but one printable key
        (["\x1b[1;5Cd"], ["esc[1;5c", "d"]),
        (["\x1b["], ["esc["]),  # cut short for good: never the letters it was to end with
        (["\x1b[1;"], ["esc[1;"]),
        (["\x1b[", "\x1b[A"], ["esc[", "up"]),
        (["\x1b[2\x7f"], ["esc[2", "backspace"]),  # no part of a sequence: a key of its own
        (["\x1b[[E"], ["esc[[e"]),  # the Linux console's F5, no name here
        (["\x1b[" + "1" * 100 + "A5"], ["esc[" + "1" * (MAX_SEQUENCE - 2), "5"]),
        (["\x1b[" + "1" * 40, "1" * 40 + "~d"], ["esc[" + "1" * (MAX_SEQUENCE - 2), "d"]),
        (["\x1b\\"], ["esc\\\\"]),
        (["\x1b\t"], ["esc\\t"]),  # Alt-Tab, shown without its control code
        (["\x1bé"], ["esc\\xe9"]),
    ],
)
def test_escape_sequences_become_one_printable_key(chunks: list[str], keys: list[str]) -> None:
    assert fed(*chunks) == keys


@pytest.mark.parametrize(
    ("chunks", "keys"),
    [
        (["\r\n"], [ENTER]),
        (["\r", "\n"], [ENTER]),  # one Enter, as some clients send it, even cut in two
        (["\r\0"], [ENTER]),
        (["\r", "\0"], [ENTER]),
        (["\n"], [ENTER]),
        (["\r\r"], [ENTER, ENTER]),
        (["\n\n"], [ENTER, ENTER]),
        (["\r", "d\n"], [ENTER, "d", ENTER]),
        (["\0"], ["ctrl-@"]),
        (["\r\x1b[A\n"], [ENTER, "up", ENTER]),
    ],
)
def test_return_and_a_newline_or_nul_after_it_are_one_enter(
    chunks: list[str], keys: list[str]
) -> None:
    assert fed(*chunks) == keys


@pytest.mark.parametrize(
    ("text", "keys"),
    [("D", ["D"]), ("é", ["é"]), (" ", [" "]), ("\t", ["tab"]), ("\x7f", ["backspace"]),
     ("\x08", ["backspace"]), ("\x15", ["ctrl-u"]), ("\x03", [CTRL_C]), ("\x04", [CTRL_D]),
     ("\u0085", ["u+0085"]), ("\u202e", ["u+202e"]), ("ab\rc", ["a", "b", ENTER, "c"])],
)
def test_a_character_is_itself_and_a_control_character_a_name(
    text: str, keys: list[str]
) -> None:
    assert keys_in(text) == keys


@pytest.mark.parametrize(
    ("chunks", "keys"),
    [(["\x1b\x03"], [ESCAPE, CTRL_C]), (["\x1b", "\x03"], [ESCAPE, CTRL_C]),
     (["\x1b[1\x04"], ["esc[1", CTRL_D]), (["\x1bO\x03"], ["esco", CTRL_C]),
     (["\x1b[" + "1" * 40 + "\x03"], ["esc[" + "1" * (MAX_SEQUENCE - 2), CTRL_C])],
)
def test_ctrl_c_and_ctrl_d_are_never_part_of_a_sequence(
    chunks: list[str], keys: list[str]
) -> None:
    assert fed(*chunks) == keys


def test_reset_forgets_a_sequence_begun() -> None:
    decoder = KeyDecoder()
    decoder.feed("\x1b[1;")
    decoder.reset()
    assert decoder.pending is Pending.NOTHING
    assert decoder.feed("5C") == ["5", "C"]


# Bytes as terminals and people send them: the pieces of sequences, line ends, controls,
# a character of two bytes, bytes that are no UTF-8.
_PIECE = st.sampled_from([b"\x1b", b"[", b"O", b"[[", b"A", b"D", b"P", b"1", b";", b"5",
                          b"~", b"\r", b"\n", b"\0", b"\x03", b"\x04", b"\x7f", b"\t", b"d",
                          b"\x85", "é".encode(), "\u0085".encode(), b"\xff", b"\xc3"])
_TYPED = st.lists(_PIECE | st.binary(max_size=3), max_size=40).map(b"".join)


def _splits(data: bytes, places: list[int]) -> list[bytes]:
    cut = sorted({place % (len(data) + 1) for place in places} | {0, len(data)})
    return [data[start:end] for start, end in zip(cut, cut[1:], strict=False)]


def _keys_of(chunks: list[bytes], waits: set[int] = frozenset()) -> list[str]:
    """The keys of `chunks` decoded as a guest's are (UTF-8); the wait for a lone ESC over
    after each chunk whose index is in `waits`, and at the end."""
    text = codecs.getincrementaldecoder("utf-8")(errors="replace")
    decoder = KeyDecoder()
    keys: list[str] = []
    for index, chunk in enumerate(chunks):
        keys += decoder.feed(text.decode(chunk))
        if index in waits:
            keys += decoder.flush()
    return keys + decoder.feed(text.decode(b"", final=True)) + decoder.flush()


@pytest.mark.slow
@settings(max_examples=400, deadline=None)
@given(_TYPED, st.lists(st.integers(min_value=0), max_size=8), st.sets(st.integers(0, 8)))
def test_no_key_is_a_control_character_however_the_bytes_are_cut(
    data: bytes, places: list[int], waits: set[int]
) -> None:
    keys = _keys_of(_splits(data, places), waits)
    assert all(key.isprintable() and key for key in keys if key != ENTER), keys
    assert all(len(key) <= MAX_SEQUENCE + 2 for key in keys), keys


@pytest.mark.slow
@settings(max_examples=400, deadline=None)
@given(_TYPED, st.lists(st.integers(min_value=0), max_size=8))
def test_cut_anywhere_with_no_wait_over_the_keys_are_those_of_the_whole(
    data: bytes, places: list[int]
) -> None:
    """Except where a cut falls right after a lone ESC and what follows begins no sequence:
    there a terminal sent Escape, then a key (Alt and a key come in one write)."""
    text = codecs.getincrementaldecoder("utf-8")(errors="replace")
    pieces = [text.decode(chunk) for chunk in _splits(data, places)]
    pieces.append(text.decode(b"", final=True))
    whole = data.decode("utf-8", errors="replace")
    assert "".join(pieces) == whole
    assert fed(*_joined_after_lone_escapes(pieces)) == keys_in(whole)


def _joined_after_lone_escapes(pieces: list[str]) -> list[str]:
    """`pieces` with each one that ends in ESC joined to the next unless that begins with "[",
    "O", ESC, Ctrl-C or Ctrl-D (which read the same either way)."""
    joined: list[str] = []
    for piece in filter(None, pieces):
        if joined and joined[-1].endswith("\x1b") and piece[0] not in "[O\x1b\x03\x04":
            joined[-1] += piece
        else:
            joined.append(piece)
    return joined


@pytest.mark.parametrize(
    ("chunks", "keys"),
    [
        (["\r\n"], [ENTER]),
        (["\r", "\n"], [ENTER, ENTER]),  # a newline read later is another key pressed
        (["\r", "\0"], [ENTER, "ctrl-@"]),
        (["\r", "d\n"], [ENTER, "d", ENTER]),
    ],
)
def test_a_raw_keyboard_s_return_is_one_enter_only_within_one_read(
    chunks: list[str], keys: list[str]
) -> None:
    """racko's own keyboard sends Return alone for Enter (`Terminal`'s decoder)."""
    decoder = KeyDecoder(enter_across_chunks=False)
    assert [key for chunk in chunks for key in decoder.feed(chunk)] + decoder.flush() == keys
