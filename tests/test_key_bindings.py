"""The keys a player presses are the keys the help and prompts name, and a turn's keys never
hide a table key (a prompt answers with a key of its step before it looks for ?, r, s, h, q)."""

from __future__ import annotations

import re

import pytest

from rack_o.cli import human, session
from rack_o.cli.bindings import (
    DISCARD_KEY,
    DRAW_KEY,
    GIVE_SEAT_KEY,
    HELP_KEY,
    HINT_KEY,
    PILE_KEYS,
    PUT_BACK_KEY,
    QUIT_KEY,
    RULES_KEY,
    SHEET_KEY,
    SLOT_KEYS,
    TAKE_KEY,
)
from rack_o.cli.turn_prompts import choose_prompts, confirm_prompts, place_prompts
from rack_o.host.views import keys_line
from rack_o.i18n import speaking

TURN_KEYS = (*PILE_KEYS, DISCARD_KEY, PUT_BACK_KEY, *SLOT_KEYS)
TABLE_KEYS = (HELP_KEY, RULES_KEY, SHEET_KEY, HINT_KEY, QUIT_KEY)


def test_a_turn_s_keys_and_the_table_s_keys_are_all_different() -> None:
    assert len(set(TURN_KEYS) | set(TABLE_KEYS)) == len(TURN_KEYS) + len(TABLE_KEYS)
    assert GIVE_SEAT_KEY not in TURN_KEYS + TABLE_KEYS


def test_every_key_is_one_character_as_a_keyboard_gives_it() -> None:
    keys = [*PILE_KEYS, DISCARD_KEY, PUT_BACK_KEY, *TABLE_KEYS, GIVE_SEAT_KEY]
    assert all(len(key) == 1 and key == key.lower() for key in keys)
    assert list(SLOT_KEYS) == [*"1234567890", "10"]
    assert sorted(set(SLOT_KEYS.values())) == list(range(1, 11))


@pytest.mark.parametrize(("text", "said"), [
    (human.CHOOSE_HELP, [f"{DRAW_KEY} draws", f"{TAKE_KEY} takes", f"({PUT_BACK_KEY} puts",
                         f"{SHEET_KEY} shows the score sheet", f"{RULES_KEY} the rules",
                         f"{QUIT_KEY} quits"]),
    (human.PLACE_DRAWN_HELP, [f"press {DISCARD_KEY} to throw"]),
    (human.PLACE_TAKEN_HELP, [f"{PUT_BACK_KEY} puts the card back"]),
    (human.CONFIRM_HELP, [f"or {PUT_BACK_KEY} (or Backspace, or Esc) to take it back"]),
    (human.HINT_HELP, [f"{HINT_KEY} suggests"]),
    (session.HANDOFF_HELP, [f"{SHEET_KEY} shows the score sheet", f"{RULES_KEY} the rules",
                            f"{QUIT_KEY} quits"]),
    (session.ENTER_HELP, [f"{SHEET_KEY} shows the score sheet", f"{RULES_KEY} the rules",
                          f"{QUIT_KEY} quits"]),
])
def test_the_help_names_the_keys_handled(text: str, said: list[str]) -> None:
    for words in said:
        assert words in text


def _bold(markup: str) -> set[str]:
    return set(re.findall(r"\[bold\](.+?)\[/\]", markup))


def test_a_turn_s_prompts_name_the_keys_handled() -> None:
    with speaking("en"):
        choose = choose_prompts("Ann", 5, hinted=True)
        drawn = place_prompts(5, drawn=True, can_put_back=False, hinted=True)
        taken = place_prompts(5, drawn=False, can_put_back=True, hinted=True)
        confirm = confirm_prompts(hinted=True)
        unhinted = confirm_prompts(hinted=False)
    assert _bold(choose[0]) == {DRAW_KEY, TAKE_KEY, HINT_KEY}
    assert f" · {HELP_KEY} help · {QUIT_KEY} quit" in choose[0]
    assert {DISCARD_KEY, HINT_KEY} <= _bold(drawn[0])
    assert {PUT_BACK_KEY, HINT_KEY} <= _bold(taken[0])
    assert {PUT_BACK_KEY, HINT_KEY} <= _bold(confirm[0])
    assert all(HINT_KEY not in _bold(form) for form in unhinted)
    assert all(f"{HELP_KEY} help" in form for form in (drawn[0], taken[0], confirm[0]))


@pytest.mark.parametrize("host", [True, False])
@pytest.mark.parametrize("state", [{}, {"ready": True}, {"unready": True},
                                   {"host_choosing": True, "over": True}])
def test_a_waiting_screen_names_the_keys_handled(host: bool, state: dict[str, bool]) -> None:
    with speaking("en"):
        line = keys_line(host=host, **state)
    full, *shorter = ([part.split(" ")[0] for part in form.plain.split(" · ")]
                      for form in line.forms)
    assert all(short == full for short in shorter)  # a short form keeps every key named
    expected = {SHEET_KEY, RULES_KEY, QUIT_KEY, HELP_KEY}  # ? says what the screen is for
    if not state.get("over") and host:
        expected.add(GIVE_SEAT_KEY)
    if state.get("unready"):
        expected.add(PUT_BACK_KEY)
    assert set(full) - {"Enter"} == expected
