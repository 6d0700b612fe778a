"""`racko play`: seat a table from the options (asking for what is missing) and play a game.

The table is set by `setup` (every usage error before anything starts, exit code 2); the game
and its record are opened by `new_game` and the record written as the game is played. At the
end, the same table may play again: the same seats and options, a new shuffle, a new record.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import NoReturn

import click
from rich.console import Console
from rich.text import Text

from rack_o.bots.hint import HINT_LEVELS
from rack_o.game import Player
from rack_o.i18n import N_, _
from rack_o.rules import Rules
from rack_o.store.writer import RecordWriteError

from .bindings import QUIT_KEY
from .console import BOT_PAUSE, PlayerTerminal, Terminal, keyboard_tty
from .exits import EXIT_INTERRUPTED, EXIT_OK, EXIT_STOPPED
from .human import HumanAgent
from .new_game import add_finished, new_game
from .prompt import echo, is_no, is_silent, is_yes, reads_lines
from .quit_signal import key_named
from .seating import seat_table
from .session import cannot_save, run_session
from .setup import (
    TableOptions,
    agents_for,
    check_record_path,
    hint_options,
    new_seed,
    table_options,
)
from .stopping import Hangup, stopped_by_signals
from .wrapping import command_apart

EXAMPLE = N_("""\b
Examples:
  racko play --players 3 --names "Ann,Bob,Cy"
  racko play --bots hard               (you against the hard bot)
  racko play --players 4 --partners --bot 2=easy --bot 4=hard --seed 7
  racko play --bots expert --hint-level expert   (h shows the expert's move)
""")


@click.command(epilog=EXAMPLE)
@table_options
@click.option("--record", type=click.Path(),
              callback=check_record_path,
              help="Write the game's rack-o/1 record to this new file as it is played.")
@click.option("--fast", is_flag=True, help="No pause after a computer player's move.")
@hint_options
def play(table: TableOptions, record: Path | None, fast: bool, hints: str | None) -> None:
    """Play a game of Rack-O at this terminal: hot-seat with friends, or against bots.

    Each person's turn starts with a hand-off screen, so nobody sees anyone else's rack.
    One key per choice: d draw, t take the discard, 1-9 or 0 (slot 10) a slot, x discard,
    Enter confirms, u takes back, s score sheet, h hint, ? help, r rules, q quit.
    """
    term = Terminal(pause_seconds=0 if fast else BOT_PAUSE, tty=keyboard_tty())
    seed = table.first_seed()
    rules, seats = seat_or_leave(term, table)
    code, finished = play_new_game(term, rules, seats, seed, record, hints=hints)
    play_on(term, rules, seats, code, finished, record, hints=hints)


def play_on(
    term: Terminal, rules: Rules, seats: Sequence[Player], code: int, finished: Path | None,
    record: Path | None, *, hints: str | None,
) -> NoReturn:
    """After a game that ended with exit `code`, offer the same table (`rules`, `seats`,
    `hints`) another game with new cards while the people at the keyboard say yes; then say
    how to look back at the last game played to its end (`finished`, its record) and exit.

    `record`: the last game's own record file (the next goes beside it, numbered), or None
    for an autosaved game (the next is autosaved too). Used by `racko play` and `racko resume`.
    """
    # Asked of people at a keyboard only: a script's input ends with its game.
    asking = not term.reads_lines and any(seat.is_human for seat in seats)
    while code == EXIT_OK and asking and _asked_again(term, finished):
        record = next_record_path(record)
        code, finished = play_new_game(term, rules, list(seats), new_seed(), record, hints=hints)
    if finished is not None:
        look_back(term.console, finished)
    raise SystemExit(code)


@stopped_by_signals(new_line=False)
def _asked_again(term: Terminal, finished: Path | None) -> bool:
    """`play_again`, at this terminal. On SIGHUP or SIGTERM, what a no says (how to look back
    at `finished`) comes before why racko stops (`stopped_by_signals`)."""
    try:
        return play_again(term)
    except Hangup:
        term.console.print()
        if finished is not None:
            look_back(term.console, finished)
        raise


@stopped_by_signals()
def seat_or_leave(term: Terminal, table: TableOptions, *, seated: bool = True
                  ) -> tuple[Rules, list[Player]]:
    """The rules and the seats from the table options, asking what they leave out; exits
    saying no game was started on Ctrl-C or Ctrl-D, and as a game does on SIGHUP or SIGTERM
    (`stopped_by_signals`)."""
    try:
        return seat_table(term, table, seated=seated)
    except KeyboardInterrupt:
        term.console.print("\n" + key_named(_("Interrupted (Ctrl-C): no game was started.")))
        raise SystemExit(EXIT_INTERRUPTED) from None
    except EOFError:
        term.console.print("\n" + _("The input ended (Ctrl-D): no game was started."))
        raise SystemExit(EXIT_STOPPED) from None


def play_again(term: PlayerTerminal) -> bool:
    """Ask whether the same table plays another game; True for yes (Ctrl-C or Ctrl-D: no)."""
    prompt = _("Play again, same players, new cards? [bold]y[/] yes · [bold]n[/] no > ")
    shown = prompt
    flush = True
    noted = False  # the note on a wrong key is just above the question
    while True:
        try:
            if flush:
                term.flush_input()  # may find a Ctrl-C typed ahead: that is a no
                flush = False
            key = term.key(shown)
        except (EOFError, KeyboardInterrupt):
            term.console.print()
            return False
        shown = prompt
        if is_yes(key) or is_no(key) or key == QUIT_KEY:
            echo(term, key)
            return is_yes(key)
        if is_silent(term, key) or noted:
            # Enter, Space; or a wrong key again: its note is said once, not again under
            # itself until the final standings scroll away.
            shown = ""  # the question is still on screen
            continue
        echo(term, key)
        term.console.print(_("Press y to play again, or n to stop."), style="red")
        noted = not reads_lines(term)


def next_record_path(record: Path | None) -> Path | None:
    """Where the next game's --record goes: beside `record`, numbered (None: the games folder)."""
    if record is None:
        return None
    number = 2
    while True:
        path = record.with_name(f"{record.stem}-{number}{record.suffix}")
        if not os.path.lexists(path):  # a link to nothing takes the name too
            return path
        number += 1


def look_back(console: Console, record_path: Path, *, whole: bool = False) -> None:
    """How to step through a finished game and see what each move cost (said last, once
    nothing more is asked: the final screen keeps its banner and standings in view). With
    `whole`, a command longer than the window (its ID a long path) stays one line, to be
    copied whole; without, it is folded to the window's width, as a game's screen needs."""
    from rack_o.store.paths import record_ref

    ref = record_ref(record_path)
    for line in (_("Step through the game: racko replay {id}"),
                 _("What each move cost: racko review {id}")):
        console.print(command_apart(line.format(id=ref), console.width), markup=False,
                      highlight=False, soft_wrap=whole)


def play_new_game(
    term: Terminal, rules: Rules, seats: list[Player], seed: int, record: Path | None,
    *, hints: str | None = HINT_LEVELS[0],
) -> tuple[int, Path | None]:
    """Deal a new game for these seats, play it at `term` and save it; the exit code, and
    the record of the game if it was played to its end.

    `hints`: the level of bot whose move h gives; None: h gives no hint, and the record's game
    line says so (as it names a level other than the default).
    """
    # The seats were chosen here, not read from a record: their bots are the player's own.
    agents = agents_for(seats, seed, lambda player, hint: HumanAgent(player.name, term, hint),
                        hints=hints, load_bots=True)
    people = sum(seat.is_human for seat in seats)
    try:
        with new_game(rules, seats, seed, record, hints=hints, show_seed=people < 2) as started:
            watching = [] if people else [Text(_(
                "Every seat is a computer player: the game plays itself (Ctrl-C stops it)."),
                "yellow")]
            code = run_session(term, started.game, agents,
                               notices=started.notices + watching + started.saving,
                               saved_note=started.saved_note, header=started.header,
                               writer=started.writer)
    except RecordWriteError as error:  # the opening lines: nothing was played yet
        term.console.print(
            cannot_save(error) + " " + _("No game was started."), markup=False, highlight=False
        )
        return EXIT_STOPPED, None
    add_finished(term.console, started.game, started.header, started.record_path)
    return code, (started.record_path if started.game.is_over else None)
