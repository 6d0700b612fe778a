"""The widths of a table's columns when every cell must stay whole and only headings wrap."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import NamedTuple

from rich.cells import cell_len


def _widest(texts: Sequence[str]) -> int:
    return max((cell_len(line) for text in texts for line in text.splitlines()), default=0)


FOLDED = 8
"""The narrowest a column of names may be folded to, to leave numbers whole."""


def heading_widths(
    headings: Sequence[str], rows: Sequence[Sequence[str]], room: int,
    foldable: Collection[int] = (),
) -> list[int]:
    """Column widths within `room`: each wide enough for its cells and, if all of them fit so,
    its longest heading word; else as many headings as the room allows keep their words whole
    (those that need the least room first) and the others break inside a word as little as
    they can: numbers come first. What room is left goes to whole headings, the nearest to
    fitting first. The `foldable` columns (names, whose cells the table folds) give up room
    first, down to `FOLDED` cells or their longest heading word, so that a long name never
    costs a number or a whole column."""
    columns = [[row[index] for row in rows] for index in range(len(headings))]
    cells = [_widest(column) for column in columns]
    words = [max((cell_len(word) for word in heading.split()), default=0) for heading in headings]
    need = [max(width, word) for width, word in zip(cells, words, strict=True)]
    for index in foldable:
        over = sum(need) - room
        if over <= 0:
            break
        floor = min(need[index], max(FOLDED, words[index]))
        cut = min(over, need[index] - floor)
        need[index] -= cut
        cells[index] = min(cells[index], need[index])
    if sum(need) > room:
        need = _narrowest_first(_most_words_whole(cells, need, room), need, room)
    full = [max(width, _widest([heading])) for width, heading in zip(need, headings, strict=True)]
    widths = list(need)
    spare = room - sum(need)
    for index in sorted(range(len(headings)), key=lambda i: full[i] - need[i]):
        give = max(0, min(full[index] - need[index], spare))
        widths[index] += give
        spare -= give
    return widths


def spaced_widths(
    headings: Sequence[str], rows: Sequence[Sequence[str]], width: int,
    foldable: Collection[int] = (),
) -> tuple[list[int], int]:
    """`heading_widths` for a table `width` columns wide, and the spaces between its columns:
    two, or one where that keeps more headings' words whole (French at 70 columns)."""
    gaps = len(headings) - 1
    roomy = heading_widths(headings, rows, width - 2 * gaps, foldable)
    broken = _broken(headings, roomy)
    if broken:
        tight = heading_widths(headings, rows, width - gaps, foldable)
        if _broken(headings, tight) < broken:
            return tight, 1
    return roomy, 2


class Layout(NamedTuple):
    """One way to lay out a table: its headings, its rows' cells, and the columns whose cells
    fold (see `heading_widths`)."""

    headings: Sequence[str]
    rows: Sequence[Sequence[str]]
    foldable: Collection[int] = ()


def fewest_broken(layouts: Sequence[Layout], width: int) -> tuple[int, list[int], int]:
    """Of several layouts of one table, the first whose headings break inside a word the
    fewest times at `width` columns (a narrower one, with two columns in one, keeps words
    whole where the wider cannot): its index, and its widths and spaces (`spaced_widths`)."""
    return _fewest(layouts, width)[0]


def whole_layout(layouts: Sequence[Layout], width: int) -> tuple[int, list[int], int] | None:
    """`fewest_broken`, when its layout keeps every heading word and every cell whole within
    `width`; None when none can (the table is then better shown another way, not as columns
    whose headings go a letter or a syllable a line)."""
    (index, widths, spaces), broken = _fewest(layouts, width)
    # Cells never get less than their width (but names folded): too many is too wide.
    if broken or sum(widths) + spaces * (len(widths) - 1) > width:
        return None
    return index, widths, spaces


def words_whole_layout(layouts: Sequence[Layout],
                       width: int) -> tuple[int, list[int], int] | None:
    """The first of `layouts` that `whole_layout` lays out within `width` with every word of
    its cells whole too, and the first line of each row's first cell (its name) whole: a name
    wrapped, even between its words, reads as the next row's. Its index, and its widths and
    spaces; None when none can."""
    for index, layout in enumerate(layouts):
        fitted = whole_layout([layout], width)
        if fitted is None:
            continue
        _index, widths, spaces = fitted
        if all(cell_len(word) <= column for row in layout.rows
               for cell, column in zip(row, widths, strict=True) for word in cell.split()
               ) and all(cell_len(row[0].partition("\n")[0]) <= widths[0]
                         for row in layout.rows):
            return index, widths, spaces
    return None


def _fewest(layouts: Sequence[Layout], width: int) -> tuple[tuple[int, list[int], int], int]:
    """`fewest_broken`'s choice, and how many of its headings break inside a word."""
    best: tuple[int, list[int], int] | None = None
    fewest = 0
    for index, layout in enumerate(layouts):
        widths, spaces = spaced_widths(layout.headings, layout.rows, width, layout.foldable)
        broken = _broken(layout.headings, widths)
        if best is None or broken < fewest:
            best, fewest = (index, widths, spaces), broken
        if not broken:
            break
    assert best is not None, "no layout"
    return best, fewest


def _broken(headings: Sequence[str], widths: Sequence[int]) -> int:
    """How many `headings` break inside a word at `widths`."""
    return sum(any(cell_len(word) > width for word in heading.split())
               for heading, width in zip(headings, widths, strict=True))


def _most_words_whole(cells: Sequence[int], wanted: Sequence[int], room: int) -> list[int]:
    """`cells` (at least 1) with as many columns as `room` allows widened to `wanted`: those
    that need the fewest more cells first, so that the fewest headings break inside a word;
    but first each as wide as half its `wanted`, if the room allows, so that a heading that
    breaks is not left a letter or two wide."""
    widths = [max(width, 1) for width in cells]
    halves = [max(width, (want + 1) // 2) for width, want in zip(widths, wanted, strict=True)]
    if sum(halves) <= room:
        widths = halves
    spare = room - sum(widths)
    for index in sorted(range(len(widths)), key=lambda i: wanted[i] - widths[i]):
        more = wanted[index] - widths[index]
        if 0 < more <= spare:
            widths[index] = wanted[index]
            spare -= more
    return widths


def _narrowest_first(widths: list[int], wanted: Sequence[int], room: int) -> list[int]:
    """`widths` widened a cell at a time towards `wanted`, the narrowest column first, while
    `room` lasts: headings that must break inside a word break as little as they can."""
    widths = list(widths)
    while sum(widths) < room:
        short = [index for index in range(len(widths)) if widths[index] < wanted[index]]
        if not short:
            break
        widths[min(short, key=lambda index: widths[index])] += 1
    return widths
