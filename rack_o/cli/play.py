"""`racko play`: seat a table from the options (asking for what is missing) and play a game.

The table is set by `setup` (every usage error before anything starts, exit code 2); the
record is opened here (`open_record`) and written as the game is played. At the end, the same
table may play again: the same seats and options, a new shuffle, a new record.
"""

from __future__ import annotations

import errno
import os
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, NoReturn

import click
from rich.console import Console, RenderableType
from rich.text import Text

from rack_o.bots.hint import HINT_LEVELS
from rack_o.game import Game, Player
from rack_o.i18n import N_, _
from rack_o.record import Header
from rack_o.rules import Rules
from rack_o.store.writer import RecordWriteError, RecordWriter

from .bindings import QUIT_KEY
from .console import (
    BOT_PAUSE,
    Filled,
    PlayerTerminal,
    Terminal,
    command_apart,
    keyboard_tty,
    resume_note,
)
from .exits import EXIT_INTERRUPTED, EXIT_OK, EXIT_STOPPED
from .human import HumanAgent
from .messages import history_error, history_notice
from .os_reasons import os_reason
from .prompt import echo, is_no, is_silent, is_yes, reads_lines
from .screens import dealer_draw_lines, side_names, variant_labels
from .seating import seat_table
from .session import cannot_save, run_session
from .setup import (
    TableOptions,
    agents_for,
    broken_link,
    check_record_path,
    game_hint,
    hint_options,
    hints_line,
    language_line,
    new_seed,
    now_stamp,
    same_cards_note,
    table_options,
)
from .stopping import Hangup, stopped_by_signals

EXAMPLE = N_("""\b
Examples:
  racko play --players 3 --names "Ann,Bob,Cy"
  racko play --bots hard               (you against the hard bot)
  racko play --players 4 --partners --bot 2=easy --bot 4=hard --seed 7
  racko play --bots expert --hint-level expert   (h shows the expert's move)
""")


def open_record(
    path: Path | None, started: str, names: Sequence[str],
    carry_on: Callable[[str], str] = resume_note,
) -> tuple[RecordWriter | None, Callable[[], None], str, Path | None]:
    """(on_event writer, close, how-to-carry-on sentence, file) for the game's rack-o/1 record.

    Without --record the game is autosaved in the user data directory; if that cannot be
    written, the game is played unsaved and the sentence says so. `carry_on` words the
    command that carries the game on, given the record's ID.
    """
    from rack_o.store.autosave import open_record as open_record_file
    from rack_o.store.paths import record_ref
    from rack_o.store.safe_text import controls_escaped
    from rack_o.store.writer import BrokenLinkError

    try:
        writer = open_record_file(path, started, names)
    except BrokenLinkError as error:  # became one since the option was checked
        raise click.BadParameter(broken_link(Path(error.filename)),
                                 param_hint="'--record'") from error
    except OSError as error:
        if path is not None:
            raise click.BadParameter(
                _("cannot write {file}: {reason}.").format(file=path, reason=os_reason(error)),
                param_hint="'--record'",
            ) from error
        reason = os_reason(error)
        if error.errno in (errno.EEXIST, errno.ENOTDIR) and error.filename:
            # The games folder, or a folder above it, is a file (RACKO_HOME names one, say).
            written = Path(os.fsdecode(error.filename))
            blocking = next((part for part in (written, *written.parents)
                             if os.path.lexists(part) and not part.is_dir()), None)
            if blocking is not None:
                reason = _("{file} is a file, not a folder").format(
                    file=controls_escaped(str(blocking)))
        note = _("This game is not being saved: cannot write {file} ({reason}).").format(
            file=controls_escaped(str(error.filename or "")), reason=reason
        ).replace("  ", " ")
        return None, lambda: None, note, None
    ref = record_ref(writer.path)
    return writer, writer.close, carry_on(ref), writer.path


def start_notices(game: Game, seed: int, show_seed: bool = True) -> list[RenderableType]:
    """The public lines a game opens with: the table, the seed (if `show_seed`), the dealer
    draw. With several people at one keyboard the seed waits for the end: with it, anyone
    could deal the same cards in another window and see every rack."""
    rules = game.rules
    names = [p.name for p in game.players]
    variants = variant_labels(rules)
    title = Text("Rack-O", "bold yellow")
    title.append(f"  ·  {', '.join(names)}  ·  "
                 + _("first to {target} wins").format(target=rules.target), "bold")
    if variants:
        title.append(f"  ·  {', '.join(variants)}")
    lines: list[RenderableType] = [title]
    if rules.partners:
        # The title lists the seats in order; who plays with whom is not plain from it.
        first, second = side_names(rules, names)
        lines.append(Text(_("Partners: {first} against {second}.").format(
            first=first, second=second)))
    if show_seed:
        lines.append(Filled(same_cards_note(game.players, seed, game.rules)))
    lines.append(dealer_draw_lines(names, game.dealer_draw, game.dealer))
    return lines


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
    seed = table.seed if table.seed is not None else new_seed()
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
def seat_or_leave(term: Terminal, table: TableOptions) -> tuple[Rules, list[Player]]:
    """The rules and the seats from the table options, asking what they leave out; exits
    saying no game was started on Ctrl-C or Ctrl-D, and as a game does on SIGHUP or SIGTERM
    (`stopped_by_signals`)."""
    try:
        return seat_table(term, table)
    except KeyboardInterrupt:
        term.console.print("\n" + _("Interrupted (Ctrl-C): no game was started."))
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


@dataclass(frozen=True)
class NewGame:
    """A game dealt its dealer draw, with its record open: what a session needs to play it."""

    game: Game
    header: Header
    writer: RecordWriter | None
    """None when the game cannot be saved (`saving` says so)."""
    record_path: Path | None
    saved_note: str
    """How to carry the game on later, or why it is not saved."""
    notices: list[RenderableType]
    """The public lines the game opens with (`start_notices`)."""
    saved: RenderableType
    """Where the game is saved and how to carry it on, or that it is not saved."""
    trouble: list[RenderableType]
    """Any trouble with the history."""

    @property
    def saving(self) -> list[RenderableType]:
        """Where the game is saved, or that it is not, and any trouble with the history."""
        return [self.saved, *self.trouble]


def saved_line(note: str) -> Filled:
    """The line that says a game is saved as it is played, then `note` (how to carry it on,
    its command whole on a line of its own)."""
    return Filled(_("Saved as you play.") + " " + note, "dim")


def _loading_bots(carry_on: Callable[[str], str]) -> Callable[[str], str]:
    """`carry_on` with --load-bots after its command (the note ends with the command)."""
    return lambda ref: f"{carry_on(ref)} --load-bots"


@contextmanager
def new_game(
    rules: Rules, seats: Sequence[Player], seed: int, record: Path | None, *, hints: bool = True,
    show_seed: bool = True, carry_on: Callable[[str], str] = resume_note,
    game_line: Mapping[str, Any] | None = None,
) -> Iterator[NewGame]:
    """Open the record of a new game (its game line written, with `game_line`'s fields added)
    and draw for the dealer; the record is closed on leaving.

    RecordWriteError if the game line cannot be written; see `open_record` and
    `start_notices` for `record`, `carry_on` and `show_seed`.
    """
    from rack_o.bots import is_outside
    from rack_o.store.autosave import history_problem

    started = now_stamp()
    if any(p.bot is not None and is_outside(p.bot) for p in seats):
        # Carrying on imports that code again, which resume does only when asked to.
        carry_on = _loading_bots(carry_on)
    writer, close, saved_note, record_path = open_record(
        record, started, [p.name for p in seats], carry_on)
    made = Header(tuple(seats), rules, seed, started, hints=hints)
    # The header is the game line as written, racko's own fields too: the history's
    # fingerprint of the game, and play again's hint level, are then those of its record.
    header = replace(made, line={**made.event(), **language_line(), **(game_line or {})})
    try:
        if writer is not None:
            writer.write(header.event())
        game = header.new_game(on_step=writer.step if writer is not None else None)
        saved = Text(saved_note, "yellow") if record_path is None else saved_line(saved_note)
        trouble: list[RenderableType] = []
        problem = history_problem()
        if problem:
            # Only a saved game can be kept to be added to the history later.
            notice = history_notice(problem) if record_path is not None else history_error(problem)
            trouble.append(Text(notice, "yellow"))
        yield NewGame(game, header, writer, record_path, saved_note,
                      start_notices(game, seed, show_seed=show_seed), saved, trouble)
    finally:
        close()


def add_finished(console: Console, game: Game, header: Header, record_path: Path | None) -> None:
    """Put a finished game into the history; a sentence on `console` if it cannot be (but
    not for a read-only history: the game said so as it started)."""
    from rack_o.store.autosave import add_to_history
    from rack_o.store.history import HistoryProblem

    if game.is_over:
        problem = add_to_history(game, header, record_path)
        # A read-only history was named as the game started (`history_notice`): said once.
        if problem and problem.problem is not HistoryProblem.READ_ONLY:
            console.print(history_error(problem), style="yellow", markup=False)


def look_back(console: Console, record_path: Path) -> None:
    """How to step through a finished game and see what each move cost (said last, once
    nothing more is asked: the final screen keeps its banner and standings in view)."""
    from rack_o.store.paths import record_ref

    ref = record_ref(record_path)
    for line in (_("Step through the game: racko replay {id}"),
                 _("What each move cost: racko review {id}")):
        console.print(command_apart(line.format(id=ref), console.width), markup=False,
                      highlight=False)


def play_new_game(
    term: Terminal, rules: Rules, seats: list[Player], seed: int, record: Path | None,
    *, hints: str | None = HINT_LEVELS[0],
) -> tuple[int, Path | None]:
    """Deal a new game for these seats, play it at `term` and save it; the exit code, and
    the record of the game if it was played to its end.

    `hints`: the level of bot whose move h gives; None: h gives no hint, and the record's game
    line says so (as it names a level other than the default).
    """
    hint = game_hint(hints, seed)
    # The seats were chosen here, not read from a record: their bots are the player's own.
    agents = agents_for(seats, seed, lambda player: HumanAgent(player.name, term, hint),
                        load_bots=True)
    people = sum(seat.is_human for seat in seats)
    try:
        with new_game(rules, seats, seed, record, hints=hints is not None, show_seed=people < 2,
                      game_line=hints_line(hints)) as started:
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
