"""In a real terminal, a French or Czech number row chooses a slot without Shift, and a Greek
layout's δ draws: each key is read by where it sits on the keyboard."""

from __future__ import annotations

from pathlib import Path

import pexpect
import pytest
from ttykit import ENTER, PROMPT_END, events, last_line, plain, press, spawn

# The prompts of a turn (the deal's, the choice's, the slot's) in each language.
PROMPTS = {
    "cs": ("Stiskněte Enter a rozdá se", ": d líznout", "Slot 1-9 nebo 0=10"),
    "fr": ("Appuyez sur Entrée pour la manche", ": d piocher", "Emplacement 1-9 ou 0=10"),
    "el": ("Πάτα Enter για τον γύρο", ": d τράβα", "Θέση 1-9 ή 0=10"),
}


def to_the_turn(child: pexpect.spawn, language: str) -> str:
    """Deal, wait for the bot, and stop at the person's choice: the screen up to its prompt."""
    deal, choose, _place = PROMPTS[language]
    while True:
        child.expect(PROMPT_END)
        prompt = last_line(child.before)
        if prompt.startswith(deal):
            press(child, ENTER)
        elif choose in prompt:
            return plain(child.before)
        else:
            pytest.fail(f"unexpected prompt: {prompt!r}")


def a_game(tmp_path: Path, language: str) -> tuple[pexpect.spawn, Path]:
    record = tmp_path / "game.jsonl"
    child = spawn(["--lang", language, "play", "--players", "2", "--names", "Jiří", "--bots",
                   "easy", "--fast", "--seed", "1", "--record", str(record)], tmp_path,
                  short_holds=True)
    return child, record


@pytest.mark.parametrize(("language", "key"), [("cs", "ě"), ("fr", "é")])
def test_the_number_row_places_a_drawn_card_without_shift(
    tmp_path: Path, language: str, key: str
) -> None:
    child, record = a_game(tmp_path, language)
    to_the_turn(child, language)
    press(child, "d")
    child.expect(PROMPT_END)
    assert last_line(child.before).startswith(PROMPTS[language][2])
    press(child, key)
    child.expect(PROMPT_END)
    assert plain(child.before).startswith("2")  # the key echoed is the slot's
    turns = len([e for e in events(record) if e["type"] == "turn"])
    press(child, ENTER)  # confirms the placement
    child.expect(PROMPT_END)
    played = [e for e in events(record) if e["type"] == "turn"][turns:]
    child.close(force=True)
    assert [(e["seat"], e["source"], e["slot"]) for e in played][:1] == [(0, "draw", 2)]


def test_a_greek_layouts_d_key_draws(tmp_path: Path) -> None:
    child, _record = a_game(tmp_path, "el")
    to_the_turn(child, "el")
    press(child, "δ")
    child.expect(PROMPT_END)
    shown = plain(child.before)
    child.close(force=True)
    assert shown.startswith("d") and "δεν ισχύει" not in shown
    assert last_line(shown).startswith(PROMPTS["el"][2])
