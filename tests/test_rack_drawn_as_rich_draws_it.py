"""A rack is drawn line by line (`RackRows`), not laid out as a table every screen: what it
draws is what rich's grid draws, colour codes and all, at every width, in every language,
with a new card's marks and in five lines (compact)."""

from __future__ import annotations

import io

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console, RenderableType
from rich.panel import Panel

from rack_o.cli.screens import RackRows, compact_grid, compact_rack, rack_table
from rack_o.cli.trimmed import EndsTrimmed
from rack_o.i18n import speaking


def drawn(renderable: RenderableType, width: int) -> tuple[str, list]:
    """What a colour terminal of `width` columns prints, and the lines rich renders."""
    console = Console(file=io.StringIO(), width=width, color_system="truecolor",
                      force_terminal=True)
    console.push_render_hook(EndsTrimmed())
    console.print(renderable)
    return console.file.getvalue(), console.render_lines(renderable, console.options, pad=False)


@st.composite
def racks(draw: st.DrawFn) -> tuple[list[int], int]:
    deck = draw(st.sampled_from([40, 50, 60]))
    rack = draw(st.lists(st.integers(1, deck), min_size=10, max_size=10, unique=True))
    return (sorted(rack) if draw(st.booleans()) else rack), deck


@pytest.mark.slow
@settings(max_examples=80, deadline=None)
@given(racks(), st.one_of(st.none(), st.integers(1, 10)), st.one_of(st.none(), st.integers(1, 60)),
       st.integers(3, 30), st.integers(12, 120), st.sampled_from(["en", "el", "fr", "cs"]))
def test_a_rack_is_drawn_as_rich_draws_its_grid(
    rack_deck: tuple[list[int], int], changed: int | None, replaced: int | None,
    bar_width: int, width: int, language: str,
) -> None:
    rack, deck = rack_deck
    with speaking(language):
        grid = rack_table(rack, deck, changed_slot=changed,
                          replaced=replaced if changed else None, bar_width=bar_width)
        assert drawn(RackRows(grid), width) == drawn(grid, width)


@pytest.mark.slow
@settings(max_examples=40, deadline=None)
@given(racks(), st.one_of(st.none(), st.integers(1, 10)), st.integers(12, 80))
def test_a_compact_rack_is_drawn_as_rich_draws_its_grid(
    rack_deck: tuple[list[int], int], changed: int | None, width: int,
) -> None:
    rack, deck = rack_deck
    grid = compact_grid(rack, deck, width, changed_slot=changed)
    assert drawn(compact_rack(rack, deck, changed_slot=changed), width) == drawn(grid, width)


def test_a_grid_with_a_cell_that_is_not_text_is_left_to_rich() -> None:
    grid = rack_table([5, 9, 14, 20, 22, 31, 33, 35, 38, 40], 40)
    grid.add_row(*(Panel("?") for _column in grid.columns))  # a cell RackRows cannot measure
    assert drawn(RackRows(grid), 80) == drawn(grid, 80)
