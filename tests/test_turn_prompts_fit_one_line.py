"""Each step of a turn asks in one line of the smallest window (45 columns), in every language,
whatever the card and for a name of up to 16 letters: the shortest wording fits with the
cursor after it, so a key echoed there does not wrap, and the prompt never pushes the screen's
top line off. A wider window gets the fuller wording."""

from __future__ import annotations

import pytest
from rich.text import Text

from rack_o.cli.prompt import fitting, prompt_lines
from rack_o.cli.seating import MAX_NAME
from rack_o.cli.turn_prompts import choose_prompts, confirm_prompts, place_prompts
from rack_o.i18n import speaking

SMALLEST = 45
LANGUAGES = ["en", "el", "fr", "cs"]
LONGEST_NAME = "Bartholomew-Anne"
assert len(LONGEST_NAME) == MAX_NAME

STEPS = {
    "draw or take": lambda card: choose_prompts(LONGEST_NAME, card, hinted=True),
    "place a drawn card": lambda card: place_prompts(card, True, False, hinted=True),
    "place a taken card": lambda card: place_prompts(card, False, True, hinted=True),
    "place a card that stays": lambda card: place_prompts(card, False, False, hinted=True),
    "confirm": lambda card: confirm_prompts(hinted=True),
}


@pytest.mark.parametrize("card", [7, 60])
@pytest.mark.parametrize("step", STEPS)
@pytest.mark.parametrize("language", LANGUAGES)
def test_a_turns_prompt_takes_one_line_at_45_columns(language: str, step: str,
                                                     card: int) -> None:
    with speaking(language):
        prompts = STEPS[step](card)
        shown = Text.from_markup(fitting(SMALLEST, prompts)).plain
        assert prompt_lines(SMALLEST, prompts) == 1, f"{shown!r} > "
        if step == "draw or take":
            assert shown.startswith(LONGEST_NAME)  # whose turn it is, always
        assert str(card) in shown or step == "confirm"


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_wide_window_gets_the_fullest_wording(language: str) -> None:
    with speaking(language):
        for step, prompts_for in STEPS.items():
            prompts = prompts_for(60)
            assert fitting(100, prompts) == prompts[0], step


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_window_too_narrow_for_the_hint_s_key_still_names_quit(language: str) -> None:
    with speaking(language):
        prompts = choose_prompts("Anne", 27, hinted=True)
        fullest, without_hint = prompts[0], prompts[1]
        width = next(width for width in range(100, 0, -1)
                     if fitting(width, prompts) != fullest)
        assert fitting(width, prompts) == without_hint
    plain = Text.from_markup(without_hint).plain
    assert plain.endswith(Text.from_markup(fullest).plain.rsplit(" · ", 1)[1])  # q quit
    assert "[bold]h[/]" in fullest and "[bold]h[/]" not in without_hint
