"""`racko play`: seat a table from the options (asking for what is missing) and play a game.

The table is set by `setup` (every usage error before anything starts, exit code 2); the
record is opened here (`open_record`) and written by the Game's `on_step`, as it is played.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable, Sequence
from pathlib import Path

import click
from rich.console import RenderableType
from rich.text import Text

from rack_o.bots import hint as bot_hint
from rack_o.game import Game, Player
from rack_o.i18n import N_, _
from rack_o.record import Header
from rack_o.rules import Rules
from rack_o.store.writer import RecordWriteError, RecordWriter

from .console import BOT_PAUSE, Terminal, keyboard_tty, resume_note
from .exits import EXIT_INTERRUPTED, EXIT_STOPPED
from .human import HumanAgent
from .messages import history_error
from .screens import dealer_draw_lines
from .seating import seat_table
from .session import cannot_save, run_session
from .setup import TableOptions, agents_for, check_record_path, now_stamp, table_options

EXAMPLE = N_("""\b
Examples:
  racko play --players 3 --names "Ann,Bob,Cy"
  racko play --bots hard               (you against the hard bot)
  racko play --players 4 --partners --bot 2=easy --bot 4=hard --seed 7
""")


def open_record(
    path: Path | None, started: str, names: Sequence[str]
) -> tuple[RecordWriter | None, Callable[[], None], str, Path | None]:
    """(on_event writer, close, how-to-carry-on sentence, file) for the game's rack-o/1 record.

    Without --record the game is autosaved in the user data directory; if that cannot be
    written, the game is played unsaved and the sentence says so.
    """
    from rack_o.store.autosave import open_record as open_record_file
    from rack_o.store.paths import record_ref

    try:
        writer = open_record_file(path, started, names)
    except OSError as error:
        if path is not None:
            raise click.BadParameter(
                _("cannot write {file}: {reason}.").format(file=path, reason=error.strerror),
                param_hint="'--record'",
            ) from error
        note = _("This game is not being saved: cannot write {file} ({reason}).").format(
            file=error.filename or "", reason=error.strerror
        ).replace("  ", " ")
        return None, lambda: None, note, None
    ref = record_ref(writer.path)
    return (
        writer, writer.close, resume_note(ref),
        writer.path,
    )


def start_notices(game: Game, seed: int) -> list[RenderableType]:
    """The public lines a game opens with: the table, the seed, the dealer draw."""
    rules = game.rules
    names = [p.name for p in game.players]
    variants = [
        label
        for label, on in (
            (_("bonus Rack-O"), rules.bonus),
            (_("partners"), rules.partners),
            (_("run of three"), rules.run_of_three),
        )
        if on
    ]
    title = Text("Rack-O", "bold yellow")
    title.append(f"  ·  {', '.join(names)}  ·  "
                 + _("first to {target} wins").format(target=rules.target), "bold")
    if variants:
        title.append(f"  ·  {', '.join(variants)}")
    return [
        title,
        Text(_("Seed {seed} (play again with --seed {seed} to get the same cards).").format(
            seed=seed
        )),
        dealer_draw_lines(names, game.dealer_draw, game.dealer),
    ]


@click.command(epilog=EXAMPLE)
@table_options
@click.option("--record", type=click.Path(dir_okay=False, path_type=Path),
              callback=check_record_path,
              help="Write the game's rack-o/1 record to this new file as it is played.")
@click.option("--fast", is_flag=True, help="No pause after a computer player's move.")
def play(table: TableOptions, record: Path | None, fast: bool) -> None:
    """Play a game of Rack-O at this terminal: hot-seat with friends, or against bots.

    Each person's turn starts with a hand-off screen, so nobody sees anyone else's rack.
    Keys (each followed by Enter): d draw, t take the discard, 1-10 a slot, x discard,
    u take a placement back, ? help, r rules, q quit.
    """
    term = Terminal(pause_seconds=0 if fast else BOT_PAUSE, tty=keyboard_tty())
    seed = table.seed if table.seed is not None else secrets.randbelow(1_000_000)
    try:
        rules, seats = seat_table(term, table)
    except KeyboardInterrupt:
        term.console.print("\n" + _("Interrupted (Ctrl-C): no game was started."))
        raise SystemExit(EXIT_INTERRUPTED) from None
    except EOFError:
        term.console.print("\n" + _("The input ended (Ctrl-D): no game was started."))
        raise SystemExit(EXIT_STOPPED) from None
    raise SystemExit(play_new_game(term, rules, seats, seed, record))


def play_new_game(
    term: Terminal, rules: Rules, seats: list[Player], seed: int, record: Path | None
) -> int:
    """Deal a new game for these seats, play it at `term` and save it; the exit code."""
    from rack_o.store.autosave import add_to_history, history_problem

    started = now_stamp()
    writer, close, saved_note, record_path = open_record(record, started, [p.name for p in seats])
    agents = agents_for(seats, seed, lambda player: HumanAgent(player.name, term, bot_hint))
    header = Header(tuple(seats), rules, seed, started)
    try:
        if writer is not None:
            writer.write(header.event())
        game = Game(rules, random.Random(seed), players=seats,
                    on_step=writer.step if writer is not None else None)
        notices = start_notices(game, seed)
        if record_path is None:
            notices.append(Text(saved_note, "yellow"))
        else:
            notices.append(Text(_("Saved as you play.") + " " + saved_note, "dim"))
        problem = history_problem()
        if problem:
            notices.append(Text(
                history_error(problem) + " " + _("The game plays on, but will not be added to it."),
                "yellow",
            ))
        code = run_session(term, game, agents, notices=notices, saved_note=saved_note)
    except RecordWriteError as error:  # the opening lines: nothing was played yet
        term.console.print(
            cannot_save(error) + " " + _("No game was started."), markup=False, highlight=False
        )
        return EXIT_STOPPED
    finally:
        close()
    if game.is_over:
        problem = add_to_history(game, header, record_path)
        if problem:
            term.console.print(history_error(problem), style="yellow", markup=False)
    return code
