"""The widths of a table's columns when every cell must stay whole and only headings wrap."""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len


def _widest(texts: Sequence[str]) -> int:
    return max((cell_len(line) for text in texts for line in text.splitlines()), default=0)


def heading_widths(headings: Sequence[str], rows: Sequence[Sequence[str]], room: int) -> list[int]:
    """Column widths within `room`: each wide enough for its cells and, if all of them fit so,
    its longest heading word (else a heading breaks inside a word: names and numbers come
    first); what room is left goes to whole headings, the nearest to fitting first."""
    columns = [[row[index] for row in rows] for index in range(len(headings))]
    cells = [_widest(column) for column in columns]
    need = [max(width, max((cell_len(word) for word in heading.split()), default=0))
            for heading, width in zip(headings, cells, strict=True)]
    if sum(need) > room:
        need = _narrowest_first([max(width, 1) for width in cells], need, room)
    full = [max(width, _widest([heading])) for width, heading in zip(need, headings, strict=True)]
    widths = list(need)
    spare = room - sum(need)
    for index in sorted(range(len(headings)), key=lambda i: full[i] - need[i]):
        give = max(0, min(full[index] - need[index], spare))
        widths[index] += give
        spare -= give
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
