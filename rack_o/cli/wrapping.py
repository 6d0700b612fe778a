"""Text broken between words to the window it is shown in: never at a no-break space, never
inside a command a player may copy ("racko resume ID")."""

from __future__ import annotations

import re

from rich.cells import cell_len, chop_cells
from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.segment import Segment
from rich.text import Text


def fill(text: str, width: int) -> str:
    """`text` wrapped to `width` columns between words, never at a no-break space (U+00A0),
    which rich would break at; its own line breaks kept, and a line that is a command
    ("racko …") kept whole so it can be copied, or broken between its options as a shell
    reads it (`command_lines`)."""
    return "\n".join(
        command_lines(line, width) if _is_command(line) else _wrapped(line, width)
        for line in text.split("\n")
    )


CONTINUED = " \\"
"""What ends each line of a command broken over several: the shell reads on."""


def command_lines(command: str, width: int) -> str:
    """`command` as it is if it fits `width` columns; else broken before its options, each
    line but the last ending with `CONTINUED` and each but the first indented, so that the
    lines copied together run the same command ("racko host … \\" / "  --bots hard,easy").
    An option stays with its value, and the command's words with its first option or its
    ID, unless together they are wider than the window and the ID or option alone is not
    ("racko resume \\" / "  ID"); a path stays where it is, wrapped as the terminal wraps."""
    if cell_len(command) <= width:
        return command
    tokens = re.findall(r"""(?:'[^']*'|"[^"]*"|[^\s'"])+""", command)
    groups: list[str] = []
    for token in tokens:
        if groups and not token.startswith("-") and (len(groups) == 1 or " " not in groups[-1]):
            groups[-1] += " " + token  # the command's words, or an option's value
        else:
            groups.append(token)
    lead = " ".join(tokens[:2])
    argument = groups[0][len(lead) + 1:]
    if _alone_fits(groups[0], argument, width):
        # "racko resume ID" is wider than the window, its ID not (a narrow window): the ID
        # goes on the next line, whole, rather than cut where the window ends.
        lines, rest = [lead], [argument, *groups[1:]]
    elif len(groups) > 1 and _alone_fits(" ".join(groups[:2]), groups[1], width):
        # "racko resume --drop ID" likewise, the option with its ID.
        lines, rest = [groups[0]], groups[1:]
    else:
        # The first option stays on the command's line ("racko resume --drop ID" whole): a
        # command is found by its first words.
        lines, rest = [" ".join(groups[:2])], groups[2:]
    for group in rest:
        if cell_len(f"{lines[-1]} {group}{CONTINUED}") <= width:
            lines[-1] += " " + group
        else:
            lines.append("  " + group)
    return (CONTINUED + "\n").join(lines)


def _alone_fits(line: str, part: str, width: int) -> bool:
    """True if `line` is wider than `width` columns and its last `part` (an ID, or an option
    with its value) fits them on a line of its own, indented, a path never (a terminal wraps
    it as it wraps any line)."""
    return (cell_len(line + CONTINUED) > width and bool(part) and "/" not in part
            and "\\" not in part and cell_len(f"  {part}{CONTINUED}") <= width)


def _is_command(line: str) -> bool:
    """True for a line that is a racko command to copy, not a sentence that starts with
    racko's name ("racko runs no commands: …."): sentences end with a stop."""
    return line.startswith("racko ") and not line.rstrip().endswith((".", ":", "?", "!"))


def _wrapped(line: str, width: int) -> str:
    """One line wrapped at its plain spaces to `width` terminal columns (a wide letter or an
    emoji takes two, which textwrap would count as one), its indent and inner spacing kept; a
    word longer than `width` stays whole on a line of its own."""
    lines: list[str] = []
    current = ""
    for word in re.findall(r" *[^ ]+", line):  # each word with the spaces before it
        if current.strip() and cell_len(current + word) > width:
            lines.append(current)
            word = word.lstrip(" ")
            current = ""
        current += word
    return "\n".join([*lines, current]) if line.strip() else line


class Filled:
    """`text` in `style`, `fill`ed to the width it is drawn at: a note painted again after the
    window was resized is wrapped anew, not kept at the width it was first shown at."""

    def __init__(self, text: str, style: str = "") -> None:
        self.text = text
        self.style = style

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = options.max_width
        style = console.get_style(self.style) if self.style else None
        for line in fill(self.text, width).split("\n"):
            if _is_command(line) and cell_len(line) > width:
                # Cut at the window's edge, as a terminal wraps it, never at a space: a first
                # line ending at a space reads as a whole command, and copied runs another.
                for piece in chop_cells(line, width):
                    yield Segment(piece, style)
                    yield Segment.line()
            else:
                yield Text(line, self.style)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement.get(console, options, Text(self.text, self.style))


def command_apart(text: str, width: int) -> str:
    """`text` as it is if it fits `width` columns; else with the command it ends with ("… with:
    racko play") on a line of its own, so that the command stays whole, to be copied, and
    the sentences before it two spaces apart ("* a computer player.  Step through…") each
    on a line of its own where they do not fit one (no word is left alone before the
    command)."""
    at = text.find("racko ")
    if cell_len(text) <= width or at <= 0:
        return text
    words = text[:at].rstrip()
    if cell_len(words) > width:
        words = "\n".join(sentence.strip() for sentence in words.split("  ") if sentence.strip())
    return words + "\n" + command_lines(text[at:], width)
