"""Lines printed without the blanks they end in: a table's cells padded to their column's
width, a wrapped line's last space, a box's blank edge are only trailing spaces in a file, a
pipe or a copied text. `Trimmed` wraps any renderable; `trimmed_line` does one rich line."""

from __future__ import annotations

from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
from rich.measure import Measurement
from rich.segment import Segment


class Trimmed:
    """`renderable` as rich draws it, each line without the blanks it ends in (a table's
    cells padded to their column's width, a wrapped line's last space): in a file, a pipe or
    a copied text they are only trailing spaces. Blanks that show (a background) are kept."""

    def __init__(self, renderable: RenderableType) -> None:
        self.renderable = renderable

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        for line in console.render_lines(self.renderable, options, pad=False):
            yield from trimmed_line(line)
            yield Segment.line()

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement.get(console, options, self.renderable)


def trimmed_line(line: list[Segment]) -> list[Segment]:
    """`line` without the blanks it ends in, unless they show (a background, reversed)."""
    line = list(line)
    while line:
        text, style, control = line[-1]
        if control or (style is not None and (style.bgcolor is not None or style.reverse)):
            break
        kept = text.rstrip(" ")
        if kept:
            line[-1] = Segment(kept, style)
            break
        line.pop()
    return line
