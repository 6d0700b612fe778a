"""A move's preview draws every other card's bar as long as the rack before it did, at every
width and in every language: room for the preview's marks is kept on every rack, so the rack
keeps its shape as the preview comes and goes."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from rack_o import i18n
from rack_o.cli.screens import fitted_rack

RACK = (30, 24, 27, 26, 15, 29, 18, 38, 33, 4)


def _bars(renderable: object, width: int) -> list[int]:
    console = Console(file=io.StringIO(), width=width, color_system=None)
    console.print(renderable)
    return [line.count("█") for line in console.file.getvalue().splitlines() if "█" in line]


@pytest.mark.parametrize("language", ["en", "fr", "el", "cs"])
@pytest.mark.parametrize("width", [45, 50, 60, 70, 80, 100])
@pytest.mark.parametrize("deck", [40, 60])
def test_a_move_s_preview_draws_every_other_card_s_bar_as_long_as_before(
        language: str, width: int, deck: int) -> None:
    i18n.install(language)
    try:
        before = _bars(fitted_rack(RACK, deck), width)
        for slot in (1, 9, 10):
            rack = list(RACK)
            out, rack[slot - 1] = rack[slot - 1], deck
            after = _bars(fitted_rack(rack, deck, changed_slot=slot, replaced=out), width)
            assert len(after) == len(before) == 10
            assert [b for at, b in enumerate(before) if at != slot - 1] == [
                b for at, b in enumerate(after) if at != slot - 1], (slot, before, after)
    finally:
        i18n.install("en")
