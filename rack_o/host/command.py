"""`racko host`: a game whose guests play from their own terminals over SSH.

Only the options live here: the table is opened by `opening.play_hosted`, after asyncssh is
known to be installed (nothing imported here needs it).
"""

from __future__ import annotations

import logging

import click

from rack_o.bots.hint import HINT_LEVELS
from rack_o.cli.console import BOT_PAUSE
from rack_o.cli.option_types import Minutes, WholeNumber
from rack_o.cli.setup import TableOptions, hint_options, table_options
from rack_o.i18n import N_, _

from .defaults import DEFAULT_PORT, IDLE_SECONDS
from .requirement import require_asyncssh

EXAMPLE = N_("""\b
Examples:
  racko host --players 3 --names "Ann,Bob,Cy"   (you are Ann)
  racko host --names "Ann,Bob" --bots hard --no-seat
  racko host --resume 2026-11-29-2105-ann-bob-cy
""")

def quiet_logging() -> None:
    """Keep everything this process logs off the host's screen: no handler prints it."""
    root = logging.getLogger()
    if not root.handlers:
        root.addHandler(logging.NullHandler())
    logging.captureWarnings(True)


@click.command(epilog=EXAMPLE)
@table_options
@click.option("--port", type=WholeNumber(0, 65535, example=DEFAULT_PORT), default=DEFAULT_PORT,
              show_default=True, help="The TCP port guests connect to (0: any free port).")
@click.option("--bind", default="", metavar=N_("ADDRESS"),
              help="Listen on this address only (default: every address of this computer).")
@click.option("--idle", type=Minutes(), default=IDLE_SECONDS / 60, metavar=N_("MINUTES"),
              show_default=True,
              help="Minutes a guest may stay silent while the game waits for them; they are "
              "then let go, and may come back.")
@click.option("--no-seat", is_flag=True,
              help="Host only, without a seat: every person at the table is a guest.")
@click.option("--resume", "resume_ref", metavar="ID|FILE",
              help="Open the table of an unfinished game again (racko resume --list shows "
              "them); the guests come back with the same ssh command and the new table "
              "code.")
@click.option("--load-bots", is_flag=True,
              help="With --resume: import the custom bots (package.module:Class) the record "
              "names.")
@click.option("--fast", is_flag=True, help="No pause after a computer player's move.")
@hint_options
def host(table: TableOptions, port: int, bind: str, idle: float, no_seat: bool,
         resume_ref: str | None, load_bots: bool, fast: bool, hints: str | None) -> None:
    """Host a game that friends join from their own terminals, with ssh.

    Each guest types the ssh line shown for their seat and the table code as the password;
    nothing needs installing on their side. Each sees their own rack only, and every move as
    it happens, in the language their ssh sends (LANG), else yours. You play from this
    terminal, or only host with --no-seat; b gives the seat of a guest who is away to a
    computer player, q stops the game (it is saved).
    """
    require_asyncssh()
    quiet_logging()
    from .opening import HostSetup, play_hosted

    if resume_ref is not None and (table != TableOptions() or hints != HINT_LEVELS[0]):
        raise click.UsageError(_("--resume plays the table as it was saved: leave out the "
                                 "table options (--players, --names, the bots, --target, the "
                                 "variants, --seed, --no-hints)."))
    if load_bots and resume_ref is None:
        # Else taken in silence: a new table's own --bots are imported as they are named.
        raise click.UsageError(_("--load-bots goes with --resume: racko host --resume ID "
                                 "--load-bots"))
    setup = HostSetup(port=port, bind=bind, idle=idle * 60, seated=not no_seat,
                      pause=0 if fast else BOT_PAUSE, hints=hints, load_bots=load_bots)
    raise SystemExit(play_hosted(setup, table, resume_ref))
