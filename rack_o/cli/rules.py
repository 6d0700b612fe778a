"""`racko rules`: the rules of Rack-O as this program plays them, rendered from the package.

The rules are shipped in every language racko speaks: rack_o/data/rules.md in English and
rules.LANG.md beside it.
"""

from __future__ import annotations

from contextlib import suppress
from importlib.resources import files

import click
from rich.markdown import Markdown

from rack_o.i18n import _, current_language


def rules_text(language: str | None = None) -> str:
    """The rules in Markdown in `language` (default: the current one), as shipped in the package."""
    language = language or current_language()
    name = "rules.md" if language == "en" else f"rules.{language}.md"
    return files("rack_o").joinpath("data", name).read_text(encoding="utf-8")


def rules_markdown() -> Markdown:
    """The rules, ready for a rich console."""
    return Markdown(rules_text())


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
