"""`racko rules`: the rules of Rack-O as this program plays them, rendered from the package.

The rules are shipped in every language racko speaks: rack_o/data/rules.md in English and
rules.LANG.md beside it.
"""

from __future__ import annotations

import re
from contextlib import suppress
from importlib.resources import files

import click
from rich import box
from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderResult
from rich.markdown import Markdown, TableElement
from rich.table import Table
from rich.text import Text

from rack_o.i18n import _, current_language


def rules_text(language: str | None = None) -> str:
    """The rules in Markdown in `language` (default: the current one), as shipped in the package."""
    language = language or current_language()
    name = "rules.md" if language == "en" else f"rules.{language}.md"
    return files("rack_o").joinpath("data", name).read_text(encoding="utf-8")


class _RulesTable(TableElement):
    """A table of the rules whose first column (a rack of cards) is never broken, since a
    card wrapped to a line of its own reads as another rack: the other columns wrap between
    words, and where even that leaves too little room the gaps narrow to one space (where
    that is too little still, rich lays the table out as it would)."""

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        headings = []
        for cell in self.header.row.cells if self.header and self.header.row else []:
            heading = cell.content.copy()
            heading.stylize("markdown.table.header")
            headings.append(heading)
        rows = [[cell.content for cell in row.cells] for row in self.body.rows] if self.body else []
        columns = [[heading, *(row[at] for row in rows if at < len(row))]
                   for at, heading in enumerate(headings)]
        widths = _widths(columns, options.max_width)
        table = Table(box=box.SIMPLE, pad_edge=False, style="markdown.table.border",
                      show_edge=False, collapse_padding=True,
                      padding=(0, 1 if widths is None else widths[1] - 1))
        for at, heading in enumerate(headings):
            table.add_column(heading, width=None if widths is None else widths[0][at])
        for row in rows:
            table.add_row(*row)
        yield table


def _widths(columns: list[list[Text]], room: int) -> tuple[list[int], int] | None:
    """Each column's width and the gap between columns, for `columns` (each its cells) to fit
    `room` with the first column's lines whole and no word of the others broken; None if
    they cannot."""
    if not columns:
        return None
    whole = [max(cell_len(line) for text in column for line in text.plain.splitlines() or [""])
             for column in columns]
    # Words as rich breaks them: at spaces, never at a no-break space ("Rack-O\u00a0?").
    least = [whole[0]] + [max((cell_len(word) for text in column
                               for word in re.findall(r"[^ \n]+", text.plain)), default=1)
                          for column in columns[1:]]
    for gap in (2, 1):
        spare = room - sum(least) - gap * (len(columns) - 1)
        if spare < 0:
            continue
        widths = list(least)
        # What is left goes a column at a time to the one that most lacks it.
        while spare > 0 and any(width < full for width, full in zip(widths, whole, strict=True)):
            lacking = max(range(len(widths)), key=lambda at: whole[at] - widths[at])
            widths[lacking] += 1
            spare -= 1
        return widths, gap
    return None


class _RulesMarkdown(Markdown):
    """Markdown with the rules' own tables (`_RulesTable`)."""

    elements = {**Markdown.elements, "table_open": _RulesTable}


def rules_markdown() -> Markdown:
    """The rules, ready for a rich console."""
    return _RulesMarkdown(rules_text())


@click.command(epilog="""\b
Examples:
  racko rules
  racko rules --pager         (a screen at a time)
""")
@click.option("--pager/--no-pager", default=False,
              help="Page through the rules a screen at a time (space, b, q) instead of printing "
              "them.")
def rules(pager: bool) -> None:
    """Show the rules of Rack-O as this program plays them."""
    # Printed whole by default: a script or a terminal test reading `racko rules` gets them
    # all and an end; --pager is racko's own pager (never an outside one that could run a
    # shell), in a terminal only.
    from .console import Terminal
    from .pager import page

    term = Terminal()
    console = term.console
    if pager and console.is_terminal and not term.reads_lines:
        with suppress(KeyboardInterrupt, EOFError):  # Ctrl-C or Ctrl-D: leave the pager
            page(term, rules_markdown(), _("Rules of Rack-O"))
        term.clear()
    elif console.is_terminal:
        console.print(rules_markdown())
    else:
        # In a pipe or a file, rich's padding to the full width is only trailing blanks.
        with console.capture() as captured:
            console.print(rules_markdown())
        click.echo("\n".join(line.rstrip() for line in captured.get().splitlines()))
