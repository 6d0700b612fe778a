"""`racko rules`: the rules of Rack-O as this program plays them, rendered from the package."""

from __future__ import annotations

from importlib.resources import files

import click
from rich.markdown import Markdown


def rules_text() -> str:
    """The rules in Markdown, as shipped inside the package (rack_o/data/rules.md)."""
    return files("rack_o").joinpath("data", "rules.md").read_text(encoding="utf-8")


def rules_markdown() -> Markdown:
    """The rules, ready for a rich console."""
    return Markdown(rules_text())


@click.command(epilog="Example:  racko rules | less -R")
@click.option("--pager", is_flag=True, help="Page through the rules instead of printing them.")
def rules(pager: bool) -> None:
    """Show the rules of Rack-O as this program plays them."""
    from .console import Terminal

    term = Terminal()
    if pager and term.console.is_terminal:
        term.page(rules_markdown(), "Rules of Rack-O")
    else:
        term.console.print(rules_markdown())
