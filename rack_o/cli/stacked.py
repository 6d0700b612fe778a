"""A table too narrow for its columns, as one block per row: what the row is about on a line
of its own, then each heading with its value ("Games 3 · Wins 2 · …"), wrapped only between
them. Every word stays whole at any width, where columns would break their headings a
syllable or a letter a line."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from rich.console import Group
from rich.padding import Padding
from rich.text import Text

from .flow import Flow

INDENT = 2
"""Cells a block's figures stand in from its first line."""


class Block(NamedTuple):
    """One row: the pieces of its first line (a name, what it plays as), and each of its
    figures with its heading."""

    head: Sequence[Text]
    figures: Sequence[tuple[str, str]]


def labelled(heading: str, value: str) -> Text:
    """ "Win rate 50 %": a heading (its lines joined) and its value, one piece."""
    return Text(heading.replace("\n", " ") + " " + value)


def stacked(title: str, blocks: Sequence[Block]) -> Group:
    """`blocks` under `title`, one after another: each its first line, then its figures
    indented, wrapping only between two of them."""
    lines: list[Text | Flow | Padding] = [Text(title, style="table.title")]
    for block in blocks:
        lines.append(Flow([(" · ", piece) for piece in block.head]))
        figures = Flow([(" · ", labelled(heading, value)) for heading, value in block.figures])
        lines.append(Padding(figures, (0, 0, 0, INDENT)))
    return Group(*lines)
