"""The record a command names (replay, review): found and read whole, or a sentence and exit 2.

The file is only ever read; a damaged one is named with its line and the reason, and left
exactly as it was.
"""

from __future__ import annotations

import shutil
from typing import NamedTuple, NoReturn

import click

from rack_o.actions import Phase
from rack_o.i18n import _
from rack_o.store.records import Record, RecordFileError, RecordProblem

from .exits import EXIT_BAD_FILE, EXIT_USAGE
from .messages import record_file_error, record_not_found
from .wrapping import fill


class GameRef(click.ParamType):
    """A saved game's ID or a record file, as replay and review take it: missing, it says
    where the IDs are listed."""

    name = "ID|FILE"

    def get_missing_message(self, param: click.Parameter, ctx: click.Context | None) -> str:
        """What follows "Missing argument 'ID|FILE'.": where to find a game's ID."""
        return _("Name a saved game by its ID (racko history lists the finished games, "
                 "racko resume --list the unfinished ones) or give a record file.")


GAME_REF = GameRef()


def read_record(game_ref: str, cannot: str) -> Record:
    """The record `game_ref` (an ID or a file) names, rebuilt and checked.

    `cannot` is the command's own sentence for a bad file, with `{error}` for the file, line
    and reason ("Error: cannot replay {error}"). A usage error when nothing matches.
    """
    from rack_o.store.records import find_record, load_record

    try:
        path = find_record(game_ref)
    except LookupError as error:
        raise click.BadParameter(record_not_found(error), param_hint="ID|FILE") from None
    try:
        return load_record(path)
    except RecordFileError as error:
        say_refused(cannot, error)
        raise SystemExit(EXIT_BAD_FILE) from None


def torn_note(record: Record) -> str | None:
    """What a record whose last line was cut off as it was written leaves out (None if it
    lost nothing: a full record, or a cut line the rules imply again)."""
    if not record.torn or record.missing_events:
        return None
    return _("The last line of the record was cut off while it was being saved, so what it "
             "held is left out.")


def say_refused(cannot: str, error: RecordFileError) -> None:
    """`cannot` (the command's sentence, with `{error}` for the file, line and reason) on
    stderr, then that the file was left as it was (when there is a file)."""
    click.echo(cannot.format(error=record_file_error(error)), err=True)
    if error.problem == RecordProblem.NOT_A_FILE:  # a folder, a pipe, a device
        click.echo(_("It was left exactly as it was."), err=True)
    elif error.problem != RecordProblem.NO_SUCH_FILE:
        click.echo(_("The file was left exactly as it was."), err=True)


def is_private(record: Record) -> bool:
    """True for an unfinished game with 2 or more people: showing it would show what they
    hold, perhaps while they still play it."""
    return not record.game.is_over and sum(p.is_human for p in record.header.players) >= 2


class OwnRound(NamedTuple):
    """The round one person is still playing against computer players, and their seat: the
    only seat whose cards that round shows them (as the table does) unless --reveal."""

    round: int
    seat: int


def own_round(record: Record) -> OwnRound | None:
    """The round still being played in an unfinished game with one person in it, and their
    seat; None when no round is being played (the game is over, or between two rounds: every
    rack was turned up at the round's end), or there is no person, or 2 or more (`is_private`
    refuses those whole). Its other racks and the draw pile must stay hidden: the person may
    carry the game on."""
    game = record.game
    people = [seat for seat, player in enumerate(record.header.players) if player.is_human]
    if game.is_over or len(people) != 1 or game.phase not in (Phase.CHOOSE, Phase.PLACE):
        return None
    return OwnRound(game.round, people[0])


def played_now(record: Record) -> bool:
    """True while another racko plays the game of `record` (it holds the record's lock): what
    its table hides stays hidden then, even with --reveal (`refuse_reveal_now`)."""
    from rack_o.store.writer import is_busy

    return not record.game.is_over and is_busy(record.path)


def refuse_reveal_now(record: Record) -> None:
    """Refuse --reveal for a game being played right now (`played_now`) whose table hides
    something (a game of computer players alone shows whole anyway): a player waiting for
    their turn could read every rack at a second terminal."""
    if (is_private(record) or own_round(record) is not None) and played_now(record):
        refuse_private(_("Error: this game is being played right now in another racko: "
                         "--reveal would show what its table hides. Once that racko has left "
                         "the game, --reveal shows it."))


def refuse_private(text: str) -> NoReturn:
    """Refuse to show an unfinished game of people: `text` (why) on stderr, broken between
    words at the terminal's width rather than wherever the terminal would cut it, and exit as
    for a usage error (the file is sound: it needs --reveal)."""
    click.echo(fill(text, shutil.get_terminal_size().columns), err=True)
    raise SystemExit(EXIT_USAGE)
