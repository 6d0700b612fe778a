"""The question of `racko resume`'s picker leaves room on its line for the number typed: at
80 columns, in every language, with a long ID too, the answer never wraps onto a line of its
own (the ID, already in the list above it, is left out where it would not fit)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from builders import unfinished_game, write_record
from clirun import racko
from rich.text import Text

from rack_o import i18n
from rack_o.cli.prompt import _lines_needed
from rack_o.cli.resume import pick_prompt

SHORT = "2026-12-01-1540-ann-bob"
LONG = "2026-12-01-1540-annabelle-bartholomew-cyrille-dimitra"


@pytest.mark.parametrize("language", ["en", "el", "fr", "cs"])
@pytest.mark.parametrize("record_id", [SHORT, LONG])
@pytest.mark.parametrize(("width", "count"), [(80, 3), (80, 12), (60, 12), (45, 12)])
def test_the_picker_s_question_and_a_typed_number_fit_one_line(
    language: str, record_id: str, width: int, count: int
) -> None:
    with i18n.speaking(language):
        asked = Text.from_markup(pick_prompt(width, count, record_id, count)).plain
    assert _lines_needed(asked + str(count), width) == 1, (language, asked)
    assert f"{count}" in asked  # the game Enter resumes is always named


def test_the_id_is_kept_where_it_fits(home: Path) -> None:
    assert SHORT in pick_prompt(100, 2, SHORT, 3)
    assert LONG not in pick_prompt(80, 2, LONG, 3)


def _saved(home: Path, *ids: str) -> None:
    for age, record_id in enumerate(ids):
        path = write_record(home / "games" / f"{record_id}.jsonl",
                            unfinished_game(4 + age, turns=5))
        os.utime(path, (2_000_000 - age, 2_000_000 - age))


def test_racko_resume_asks_in_a_line_with_room_for_the_answer_at_80_columns(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    _saved(home, "2026-12-01-1542-ann-bob", "2026-12-01-1541-ann-bob", SHORT)
    result = racko("resume", input="q\n")
    [asked] = [line for line in result.output.splitlines() if "resumes #1" in line]
    assert asked.endswith(" > "), result.output
    assert len(asked + "3") < 80, asked  # the answer, and the cursor after it
