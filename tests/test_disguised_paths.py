"""A file or folder name cannot disguise itself: the bidi and format controls a name may hold
(a right-to-left override such as U+202E makes "game\u202elnosj.exe" read "gameexe.jsonl")
are spelt out wherever racko names a path, as its control characters are, while the
characters a name is written with (accents, Greek, a joiner, an ideographic space) stay."""

from __future__ import annotations

import os
import subprocess
import unicodedata
from pathlib import Path

import pytest
from builders import finished_game, unfinished_game, write_record
from clirun import assert_exited, racko, squashed

from rack_o.store.safe_text import controls_escaped, shell_word

STEERING = {
    "right-to-left override": "\u202e",
    "left-to-right override": "\u202d",
    "right-to-left embedding": "\u202b",
    "left-to-right isolate": "\u2066",
    "right-to-left isolate": "\u2067",
    "first strong isolate": "\u2068",
    "pop directional isolate": "\u2069",
    "right-to-left mark": "\u200f",
    "left-to-right mark": "\u200e",
    "Arabic letter mark": "\u061c",
    "zero-width space": "\u200b",
    "byte order mark": "\ufeff",
    "line separator": "\u2028",
    "paragraph separator": "\u2029",
    "escape": "\x1b",
    "half a character": "\udcff",
}


@pytest.mark.parametrize("char", list(STEERING.values()), ids=list(STEERING))
def test_a_control_or_format_character_in_a_path_is_spelt_out(char: str) -> None:
    spelt = controls_escaped(f"games/game{char}lnosj.exe")
    assert char not in spelt
    assert spelt == f"games/game{ascii(char)[1:-1]}lnosj.exe"


@pytest.mark.parametrize("kept", ["Ελένη", "café", "a\u3000b", "می\u200cخواهم", "👩\u200d💻"],
                         ids=["Greek", "accent", "ideographic space", "non-joiner", "joiner"])
def test_the_characters_a_name_is_written_with_stay_as_typed(kept: str) -> None:
    assert controls_escaped(kept) == kept


def test_the_commands_after_a_game_in_a_named_file_spell_out_its_bidi_controls(
    home: Path,
) -> None:
    folder = home / "r\u202eoir"
    folder.mkdir()
    record = folder / "t\u2067x\u2069.jsonl"
    result = racko("play", "--players", "2", "--bots", "easy,easy", "--fast", "--target", "50",
                   "--seed", "4", "--record", str(record))
    assert_exited(result, 0)
    assert record.is_file()
    for char in "\u202e\u2067\u2069":
        assert char not in result.output
    spelt = str(home) + r"/r\u202eoir/t\u2067x\u2069.jsonl"
    said = squashed(result.output)
    # Quoted as $'…', so that the command pasted into bash or zsh names the file again.
    assert squashed(f"Step through the game: racko replay $'{spelt}'") in said
    assert squashed(f"What each move cost: racko review $'{spelt}'") in said


def test_an_unfinished_game_in_a_named_file_is_named_spelt_out_when_left(home: Path) -> None:
    record = write_record(home / "g\u202eam.jsonl", unfinished_game(2, turns=4))
    result = racko("resume", str(record), input="q\n")
    assert "\u202e" not in result.output
    assert r"g\u202eam" in squashed(result.output)


def test_the_records_folder_of_simulate_is_named_spelt_out(home: Path) -> None:
    folder = home / "s\u202eims"
    result = racko("simulate", "--games", "1", "--bots", "easy,easy", "--target", "50",
                   "--record-dir", str(folder))
    assert_exited(result, 0)
    assert "\u202e" not in result.output
    assert r"s\u202eims" in squashed(result.output)


def test_an_empty_records_folder_is_named_spelt_out(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    home = tmp_path / "h\u2066ome"
    (home / "games").mkdir(parents=True)
    monkeypatch.setenv("RACKO_HOME", str(home))
    result = racko("resume", "--list")
    assert_exited(result, 0)  # an empty list
    assert "\u2066" not in result.output
    assert r"h\u2066ome" in squashed(result.output)


def test_a_history_that_cannot_be_opened_is_named_spelt_out(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    home = tmp_path / "h\u200fome"
    home.mkdir()
    (home / "history.sqlite3").mkdir()  # a folder where the database should be
    monkeypatch.setenv("RACKO_HOME", str(home))
    result = racko("history")
    assert "\u200f" not in result.output
    assert r"h\u200fome" in squashed(result.output)


def test_a_saved_game_that_is_not_found_is_named_spelt_out(home: Path) -> None:
    write_record(home / "games" / "2026-11-29-2105-ann-bob.jsonl", finished_game(4))
    result = racko("replay", "2026-11\u202e")
    assert_exited(result, 2)
    assert "\u202e" not in result.output
    assert r"2026-11\u202e" in squashed(result.output)


@pytest.mark.parametrize("name", [
    "nl\nname.jsonl", "bad\udcff\udcfename.jsonl", "r\u202eoir.jsonl", "it's \\ odd\x1b[31m.jsonl",
    "plain name.jsonl", "Ελένη\u3000x\x07.jsonl",
], ids=["newline", "not UTF-8", "bidi override", "quote, backslash, escape", "plain", "Greek"])
def test_a_path_named_in_a_command_pastes_back_into_a_shell_as_the_same_path(name: str) -> None:
    word = shell_word(name)
    assert not any(unicodedata.category(char).startswith("C") for char in word)  # no control
    said = subprocess.run(["bash", "-c", f"printf %s {word}"], capture_output=True, check=True)
    assert os.fsdecode(said.stdout) == name
