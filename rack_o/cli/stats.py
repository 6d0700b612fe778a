"""`racko stats`: each player's record over every finished game on this computer: games,
wins, Rack-Os, the best round; a rich table, or JSON with `--json`."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict
from typing import TYPE_CHECKING

import click

from rack_o.game import HUMAN, Player
from rack_o.i18n import N_, _, number, percent
from rack_o.store.safe_text import SHORT_SHOWN, json_text, shown

from .columns import Layout, words_whole_layout
from .console import printable
from .history import add_kept_games, fail
from .stacked import Block, stacked
from .trimmed import Trimmed
from .wrapping import command_apart

if TYPE_CHECKING:
    from rich.console import RenderableType

STATS_EXAMPLE = N_("""\b
Examples:
  racko stats
  racko stats --json
""")


@click.command(epilog=STATS_EXAMPLE)
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a table.")
def stats(as_json: bool) -> None:
    """Show each player's record over every finished game: games, wins, Rack-Os, best round.

    Players are told apart by name, computer players included. Points per round is the mean
    over every round the player played; the best round counts its bonus.
    """
    from rack_o.store.history import HistoryError, player_stats

    add_kept_games()
    try:
        rows = player_stats()
    except HistoryError as error:
        fail(error)
    if as_json:
        click.echo(json_text([asdict(row) for row in rows], indent=2))
        return
    from rich import box
    from rich.table import Table
    from rich.text import Text

    from .console import make_console

    console = make_console()
    if not rows:
        from .history import no_finished_games

        console.print(command_apart(no_finished_games(), console.width), markup=False)
        return
    # Two spaces between columns (one if that keeps more headings whole) and none at the
    # edges: eight columns in any language fit.
    table = Table(title=_("Players, most wins first"), box=box.SIMPLE_HEAD, padding=(0, 0, 0, 1),
                  pad_edge=False, show_edge=False)
    headings = [_("Player"), _("Plays as"), _("Games"), _("Wins"), _("Win rate"),
                _("Points per round"), _("Rack-Os"), _("Best round")]
    cells = [
        [
            printable(row.name),
            "\n".join(_("person") if kind == HUMAN
                      else shown(Player("", kind).kind_shown, SHORT_SHOWN) for kind in row.kinds),
            str(row.games),
            str(row.wins),
            percent(row.win_rate, 0),
            number(row.mean_round_points, 1),
            str(row.rackos),
            str(row.best_round),
        ]
        for row in rows
    ]
    # Where the headings' words cannot all stay whole side by side (Greek and French at 60
    # columns), what each plays as goes under their name: one column fewer.
    stacked = Layout([f"{headings[0]}\n{headings[1]}", *headings[2:]],
                     [[f"{row[0]}\n{row[1]}", *row[2:]] for row in cells], (0,))
    fitted = words_whole_layout([Layout(headings, cells, (1, 0)), stacked], console.width)
    if fitted is None:
        # Too narrow for the columns with their headings' words and their names whole (French
        # at 59, every language at 45): a block per player, each figure after its heading.
        console.print(Trimmed(_stats_blocks(headings, cells)))
        return
    chosen, widths, spaces = fitted
    table.padding = (0, 0, 0, spaces - 1)
    texts = [[Text(cell, no_wrap=index >= 2, overflow="fold") for index, cell in enumerate(row)]
             for row in cells]
    if chosen:
        headings = list(stacked.headings)
        texts = [[Text.assemble((row[0], "bold"), "\n", row[1], overflow="fold"), *rest]
                 for row, (_name, _kinds, *rest) in zip(cells, texts, strict=True)]
    names = 1 if chosen else 2  # the columns of names and kinds, left-justified
    # Numbers stay whole, and names and kinds unless they are too long for the screen (then
    # they fold); a heading wraps between its words, never cut off (no "Parti…"), and only on
    # a screen too narrow for its words inside one.
    for index, (heading, width) in enumerate(zip(headings, widths, strict=True)):
        table.add_column(heading, width=width, justify="left" if index < names else "right",
                         style="bold" if index == 0 and not chosen else "", overflow="fold")
    for row_texts in texts:
        table.add_row(*row_texts)
    console.print(Trimmed(table))


def _stats_blocks(headings: Sequence[str], cells: Sequence[Sequence[str]]) -> RenderableType:
    """`racko stats` as one block per player: "Ann · person", then "Games 3 · Wins 2 · …"."""
    from rich.text import Text

    blocks = [Block([Text(row[0], "bold"), Text(", ".join(row[1].splitlines()))],
                    list(zip(headings[2:], row[2:], strict=True)))
              for row in cells]
    return stacked(_("Players, most wins first"), blocks)
