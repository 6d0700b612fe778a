"""A line of pieces that wraps only between pieces: a name never leaves its score.

Rich breaks a Text at any white space, no-break spaces included, so a table cell of
"Player 1 0 · Expert* 0" could end a line between a name and its score. A Flow is laid out
once the width is known, piece after piece, a line breaking only between two of them.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.text import Text


class Flow:
    """Pieces of text, each after its joint (" · ", " "), wrapped only between pieces; the
    joint at a line break is left out. A piece wider than the line is folded. A piece may be
    a Flow of its own (a group: the scores): kept on one line wherever it fits one, else
    starting a line and broken between its own pieces."""

    def __init__(self, pieces: Sequence[tuple[str, Text | Flow]]) -> None:
        self.pieces = [(joint if index else "", piece)
                       for index, (joint, piece) in enumerate(pieces)]

    @property
    def widest(self) -> int:
        """The widest piece, in cells: the narrowest the flow can be laid out unfolded."""
        return max((piece.widest if isinstance(piece, Flow) else piece.cell_len
                    for _joint, piece in self.pieces), default=0)

    @property
    def plain(self) -> str:
        """The pieces on one line, as text."""
        return "".join(joint + piece.plain for joint, piece in self.pieces)

    def whole(self) -> Text:
        """The pieces on one line."""
        line = Text()
        for joint, piece in self.pieces:
            line.append(joint)
            line.append_text(piece.whole() if isinstance(piece, Flow) else piece)
        return line

    def lines(self, width: int) -> list[Text]:
        """The pieces laid out in lines of `width` cells (a piece wider than that alone)."""
        lines: list[Text] = []
        for joint, piece in self.pieces:
            text = piece.whole() if isinstance(piece, Flow) else piece
            if lines and lines[-1].cell_len + cell_len(joint) + text.cell_len <= width:
                lines[-1].append(joint)
                lines[-1].append_text(text)
            elif isinstance(piece, Flow) and text.cell_len > width:
                lines += piece.lines(width)
            else:
                lines.append(text.copy())
        return lines

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        whole = cell_len(self.plain)
        return Measurement(self.widest, whole).with_maximum(options.max_width)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        for line in self.lines(options.max_width):
            line.overflow = "fold"
            yield line
