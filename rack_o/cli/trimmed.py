"""Lines printed without the blanks they end in: a table's cells padded to their column's
width, a wrapped line's last space, a box's blank edge are only trailing spaces in a file, a
pipe or a copied text. `Trimmed` wraps any renderable; `EndsTrimmed` trims everything a
console prints; `trimmed_line` does one rich line."""

from __future__ import annotations

from rich.console import (
    Console,
    ConsoleOptions,
    ConsoleRenderable,
    RenderableType,
    RenderHook,
    RenderResult,
)
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


class EndsTrimmed(RenderHook):
    """A console's render hook: no line it prints ends in blanks (`trimmed_line`), whatever
    pads it (rich wraps a line after the space between two words, pads a table's cells and a
    left-justified line to the width). A line a print leaves open (a prompt, `end=""`) keeps
    its blanks: what is typed, or printed next, comes after them on that line."""

    def process_renderables(
        self, renderables: list[ConsoleRenderable]
    ) -> list[ConsoleRenderable]:
        return [_EndsTrimmed(renderable) for renderable in renderables]


class _EndsTrimmed:
    """`renderable` as rich draws it, each line it ends without the blanks it ends in."""

    def __init__(self, renderable: ConsoleRenderable) -> None:
        self.renderable = renderable

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        line: list[Segment] = []
        for segment in console.render(self.renderable, options):
            text, style, control = segment
            if control or "\n" not in text:
                line.append(segment)
                continue
            *ended, rest = text.split("\n")
            for part in ended:
                if part:
                    line.append(Segment(part, style))
                yield from trimmed_line(line)
                yield Segment.line()
                line = []
            if rest:
                line.append(Segment(rest, style))
        yield from line  # left open

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
