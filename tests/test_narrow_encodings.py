"""A terminal whose encoding lacks racko's characters (an ISO-8859 locale,
PYTHONIOENCODING=ascii): racko writes a close stand-in for what it cannot show, and reads
bytes it cannot decode as a name it refuses in a sentence; never a UnicodeError's traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from builders import finished_game, write_record

from rack_o.cli.streams import STAND_IN


def run(home: Path, args: list[str], encoding: str, language: str, typed: bytes = b""
        ) -> subprocess.CompletedProcess[bytes]:
    """racko ARGS in a child whose standard streams use `encoding`, speaking `language`."""
    env = {**os.environ, "RACKO_HOME": str(home), "PYTHONIOENCODING": encoding,
           "LANGUAGE": language, "NO_COLOR": "1", "COLUMNS": "100"}
    return subprocess.run([sys.executable, "-m", "rack_o", *args], input=typed,
                          capture_output=True, env=env, timeout=120)


COMMANDS = {
    "rules": (["rules"], 0),
    "replay --summary": (["replay", "--summary", "{record}"], 0),
    "review": (["review", "{record}"], 0),
    "history": (["history"], 0),
    "stats": (["stats"], 0),
    "simulate": (["simulate", "--games", "1", "--bots", "easy,easy", "--seed", "1"], 0),
    "play": (["play", "--bots", "easy", "--names", "Ann", "--seed", "1"], 1),
}


@pytest.mark.parametrize(("encoding", "language"), [("ascii", "en"), ("ascii", "cs"),
                                                    ("latin-1", "fr"), ("latin-1", "el")])
@pytest.mark.parametrize("command", list(COMMANDS))
def test_a_terminal_lacking_racko_s_characters_gets_stand_ins_not_a_traceback(
    home: Path, command: str, encoding: str, language: str
) -> None:
    write_record(home / "games" / "2026-11-29-2105-ann-bob.jsonl", finished_game(5))
    args, code = COMMANDS[command]
    record = str(home / "games" / "2026-11-29-2105-ann-bob.jsonl")
    done = run(home, [arg.format(record=record) for arg in args], encoding, language)
    assert b"Traceback" not in done.stderr, done.stderr.decode(encoding, "replace")
    assert done.returncode == code, done.stderr.decode(encoding, "replace")
    assert done.stdout.strip()
    if encoding != "ascii":  # click writes UTF-8 to a stream it takes for misconfigured ASCII
        done.stdout.decode(encoding)  # all of it in the terminal's encoding


@pytest.mark.parametrize(("text", "shown"), [
    ("Hard wins… Ann 0 · Bob 5 — end", "Hard wins... Ann 0 - Bob 5 - end"),
    ("Hard gagne après 2 manches\u00a0!", "Hard gagne apres 2 manches !"),
    ("Hard vyhrává s 150 body", "Hard vyhrava s 150 body"),
    ("Ο Hard κερδίζει", "? Hard ????????"),
    # A rack's bars and its ascending mark, one column each as drawn: they were all "?".
    ("   1  32 ████████   ✓", "   1  32 ########   +"),
    ("✓ slot 1 ascending: 5 points", "+ slot 1 ascending: 5 points"),
])
def test_a_character_the_encoding_lacks_is_written_as_its_stand_in(text: str, shown: str) -> None:
    assert text.encode("ascii", STAND_IN).decode("ascii") == shown


def test_a_typed_byte_the_encoding_cannot_read_is_a_name_refused_in_a_sentence(
    home: Path,
) -> None:
    done = run(home, ["play", "--players", "1", "--bots", "easy"], "ascii", "en", b"Zo\xc3\xab\n")
    said = done.stdout.decode("ascii")
    assert b"Traceback" not in done.stderr, done.stderr.decode("ascii", "replace")
    assert r"'Zo\udcc3\udcab' holds characters that cannot be shown." in said
    assert done.returncode == 1  # the input then ended


@pytest.mark.parametrize("language", ["el", "cs", "fr"])
def test_an_error_on_standard_error_gets_stand_ins_not_escapes(home: Path, language: str) -> None:
    # Python's stderr wrote "\u03a3\u03c6..." for every Greek letter, its lines overrunning.
    done = run(home, ["play", "--players", "2", "--target", "7"], "latin-1", language)
    assert done.returncode == 2
    said = done.stderr.decode("latin-1")
    assert "--target" in said and "\\u" not in said and "\\x" not in said, said
