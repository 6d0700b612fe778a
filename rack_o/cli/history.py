"""`racko history`: the finished games on this computer, the last finished first.

It reads the history database (`rack_o.store.history`) and prints a rich table, or JSON with
`--json`. Also the small formatters the saved-games screens share (times, scores), and the
adding of games kept for the history (`add_kept_games`), which `racko stats` does first too.
"""

from __future__ import annotations

import sys
import textwrap
from collections.abc import Iterator, Sequence
from dataclasses import asdict
from itertools import islice
from typing import TYPE_CHECKING, NamedTuple, NoReturn

import click

from rack_o.agent import NAME_MOST
from rack_o.game import HUMAN
from rack_o.i18n import N_, _, ngettext
from rack_o.store.safe_text import SHORT_SHOWN, json_text, shown
from rack_o.store.stamps import read_stamp

from .console import printable
from .exits import EXIT_NOTHING
from .messages import history_error, record_file_error
from .option_types import PLAYER_NAME, WholeNumber
from .screens import scores_of
from .stacked import labelled
from .trimmed import Trimmed
from .wrapping import command_apart

if TYPE_CHECKING:
    from rich.console import Console, RenderableType
    from rich.table import Table

    from rack_o.store.history import GameRow, HistoryError


HISTORY_EXAMPLE = N_("""\b
Examples:
  racko history
  racko history --player Ann --limit 5
  racko history --json | jq '.[0].winner'
""")


def local_time(stamp: object) -> str:
    """An ISO UTC time such as 2026-11-29T21:05:00Z as local "2026-11-29 22:05" ("?" if none
    or not a string); a string that is no usable time is shown as it is."""
    if not stamp or not isinstance(stamp, str):
        return "?"
    try:
        moment = read_stamp(stamp)
        if moment.tzinfo is not None:
            moment = moment.astimezone()
    except (ValueError, OverflowError, OSError):
        # OverflowError: a date at the edge of the calendar moved past it by the time zone.
        return shown(stamp, SHORT_SHOWN)
    return moment.strftime("%Y-%m-%d %H:%M")


def scores_text(sides: Sequence[str], totals: Sequence[int]) -> str:
    """ "Ann 120 · Bob 95": each side's total."""
    return " · ".join(scores_of(sides, totals))


def record_ref(record: str | None) -> str:
    """How to name a game's record to `racko replay`: its ID if autosaved, else its path."""
    if not record:
        return "— " + _("(no record file)")
    from rack_o.store.paths import record_ref as ref

    return ref(record)


def game_id(record: str | None) -> str | None:
    """The ID `racko replay` takes for a game: the record's name if autosaved, else its path,
    None without a record."""
    if not record:
        return None
    from rack_o.store.paths import record_ref

    return record_ref(record, quoted=False)


def add_kept_games() -> None:
    """Add the finished games kept for later (the history could not take them when they
    ended); say on stderr how many still wait."""
    from rack_o.store.pending import add_kept_games

    catchup = add_kept_games()
    from rack_o.store.safe_text import controls_escaped

    for unread, note in catchup.unread:
        click.echo(_("A finished game waits to be added to the history: {problem}. It is "
                     "added once its record can be read; delete {note} to forget it.").format(
                         problem=record_file_error(unread),
                         note=controls_escaped(str(note))), err=True)
    for lost in catchup.lost:
        click.echo(_("A finished game kept for the history cannot be added to it: "
                     "{problem}.").format(problem=record_file_error(lost)), err=True)
    if catchup.waiting and catchup.problem is not None:
        click.echo(history_error(catchup.problem) + " " + ngettext(
            "{count} finished game waits to be added to it.",
            "{count} finished games wait to be added to it.", catchup.waiting,
        ).format(count=catchup.waiting), err=True)


def fail(error: HistoryError) -> NoReturn:
    click.echo(_("Error: {error}").format(error=history_error(error)), err=True)
    raise SystemExit(EXIT_NOTHING)


HISTORY_TITLE = N_("Finished games, the last finished first")
"""The listing's title, over its table or its blocks: the order, since a game resumed and
finished later is listed before games started after it."""
BLOCK = 500
"""Games read and printed at a time: a long listing is streamed, never held whole."""


@click.command(epilog=HISTORY_EXAMPLE)
@click.option("--limit", type=WholeNumber(1, 1_000_000, example=5), default=20, show_default=True,
              help="How many games to list, newest first.")
@click.option("--player", type=PLAYER_NAME, metavar="NAME",
              help="Only the games this player sat in.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a table.")
def history(limit: int, player: str | None, as_json: bool) -> None:
    """List the finished games played on this computer, newest first.

    Each row shows when the game started, who played, the winner, the final scores and the
    rounds played, and the ID that `racko replay ID` steps through.
    """
    from rack_o.store.history import HistoryError, iter_games

    add_kept_games()
    games = iter_games(limit, player=player)
    try:
        first = list(islice(games, BLOCK))
        if as_json:
            _print_json(first, games)
        else:
            _print_table(first, games, player)
    except HistoryError as error:
        fail(error)
    finally:  # a reader gone (`racko history | head`) is the command group's (LazyGroup)
        games.close()


def _names_near(player: str) -> list[str]:
    """The names of the history's players nearest `player` by spelling (case and accents
    aside, as names are found), at most three; none if none is near."""
    import difflib

    from rack_o.store.history import HistoryError, player_stats
    from rack_o.store.names import name_key

    try:
        names = {name_key(row.name): row.name for row in player_stats()}
    except HistoryError:
        return []
    return [names[key] for key in difflib.get_close_matches(name_key(player), names, n=3)]


def _print_json(first: list[GameRow], rest: Iterator[GameRow]) -> None:
    """The games as one JSON array, exactly as json.dumps(indent=2) writes it, a block of
    games at a time."""
    if not first:
        click.echo("[]")
        return

    def item(game: GameRow) -> str:
        text = json_text({**asdict(game), "id": game_id(game.record)}, indent=2)
        return textwrap.indent(text, "  ")

    out = sys.stdout
    out.write("[\n" + ",\n".join(item(game) for game in first))
    while block := list(islice(rest, BLOCK)):
        out.write(",\n" + ",\n".join(item(game) for game in block))
        out.flush()
    out.write("\n]\n")
    out.flush()


def no_finished_games() -> str:
    """What `history` and `stats` say with no finished game: how to play one, or how to carry
    on the games stopped part way (someone who pressed Ctrl-C looks for their game there)."""
    unfinished = _unfinished_count()
    if not unfinished:
        return _("No finished games yet. Play one with: racko play")
    return ngettext(
        "No finished games yet; {count} game is unfinished. Carry it on with: racko resume",
        "No finished games yet; {count} games are unfinished. Carry one on with: racko resume",
        unfinished).format(count=unfinished)


def _unfinished_count() -> int:
    """How many saved games can be carried on (none if their folder cannot be read)."""
    from rack_o.store.records import list_games

    try:
        games, _problems = list_games()
    except OSError:
        return 0
    return sum(1 for game in games if not game.finished)


class _Widths(NamedTuple):
    """The fixed column widths of a long listing."""

    started: int
    scores: int
    winner: int
    rounds: int


def _print_table(first: list[GameRow], rest: Iterator[GameRow], player: str | None) -> None:
    """The games as a table: one table if they fit in one block, else block after block with
    the same column widths, so it reads as one table."""
    from rich.cells import cell_len

    from . import did_you_mean
    from .console import make_console

    console = make_console()
    if not first:
        if player:
            message = _("No finished games with {player} yet. Play one with: racko play")
            meant = _names_near(player)
            if meant:  # a slip, most likely: the names it may have meant, no invitation
                message = _("No finished games with {player}.") + " " + did_you_mean(meant)
        else:
            message = no_finished_games()
        console.print(command_apart(message.format(player=player), console.width),
                      markup=False)
        return
    # A fixed width leaves the widest column to the ID: a team's name wraps in it, unless
    # there is room for it whole beside the longest sides and ID.
    widest = max(cell_len(printable(g.winner)) for g in first)
    winner_width = max(cell_len(_("Winner")), min(NAME_MOST, widest))
    block = list(islice(rest, BLOCK))
    started = max(cell_len(_("Started")), *(
        cell_len(line) for game in first for line in _started(game).splitlines()))
    rounds = max(cell_len(_("Rounds")), 6)
    sides = max(cell_len(side) for game in first for side in scores_of(_sides(game), game.totals))
    ids = max(cell_len(_labelled_id(game)) for game in (*first, *block))
    heading = cell_len(_(SCORES_HEADING))
    if started + max(10, sides, ids, heading) + widest + rounds + _GAP * 3 <= console.width:
        winner_width = max(winner_width, widest)
    if started + max(10, sides) + winner_width + rounds + _GAP * 3 > console.width:
        # Columns would cut the date and break names a few letters a line (45 columns).
        _print_blocks(console, first, block, rest)
        return
    scores = max(10, console.width - started - winner_width - rounds - _GAP * 3)
    widths = _Widths(started, scores, winner_width, rounds)
    longest = ids
    if longest > scores:
        # An ID is copied into `racko replay ID`: one too long for its column gets a line of
        # its own, under its game, rather than being split over two; one too long even for
        # the room beside its game's time, but not for the screen (45 columns), a block per
        # game, else those rows alone go uneven (a path wider than the screen goes anyway).
        if widths.started + _GAP + longest > console.width >= longest:
            _print_blocks(console, first, block, rest)
        else:
            _print_ids_apart(console, first, block, rest, widths)
        return
    if not block:
        console.print(Trimmed(_captioned(console, _games_table(first, winner_width),
                                         _caption(_has_bot(first)))))
        return
    bots = _has_bot(first) or _has_bot(block)  # the star is explained if any row shows one
    # Long: every block gets the widths of the first, the widest column all the room left.
    console.print(Trimmed(_games_table(first, winner_width, widths=widths)))
    while after := list(islice(rest, BLOCK)):
        bots = bots or _has_bot(after)
        if console.color_system is None:
            _print_plain(console, block, widths)
        else:
            console.print(Trimmed(_games_table(block, winner_width, widths=widths,
                                               title=False)))
        block = after
    console.print(Trimmed(_captioned(console, _games_table(block, winner_width, widths=widths,
                                                           title=False), _caption(bots))))


def _print_blocks(console: Console, first: list[GameRow], block: list[GameRow],
                  rest: Iterator[GameRow]) -> None:
    """The games on a screen too narrow for the table's columns, each a block (as they come):
    when it started, the rounds and the winner, wrapping only between them; the scores,
    wrapping only between sides; its ID whole on a line of its own."""
    from rich.cells import cell_len
    from rich.console import Group
    from rich.text import Text

    from .flow import Flow

    console.print(Text(_(HISTORY_TITLE), "table.title"))
    bots = False
    while first:
        for game in first:
            bots = bots or _has_bot([game])
            facts = [Text(local_time(game.started or game.finished)),
                     labelled(_("Rounds"), str(game.rounds)),
                     labelled(_("Winner"), printable(game.winner))]
            ident = _labelled_id(game)
            if cell_len(ident) > console.width:  # the ID alone, whole, to be copied
                ident = record_ref(game.record)
            console.print(Group(
                "", Flow([(" · ", fact) for fact in facts]),
                Flow([(" · ", Text(score)) for score in scores_of(_sides(game), game.totals)]),
                Text(ident, "dim", overflow="fold")))
        first, block = block, list(islice(rest, BLOCK))
    console.print()
    console.print(command_apart(_caption(bots), console.width), style="table.caption",
                  markup=False)


def _captioned(console: Console, table: Table, caption: str) -> Table:
    """`table` with `caption` under it, its command on a line of its own if the caption is
    wider than the table (a caption wraps at the table's width, not the screen's)."""
    from rich.measure import Measurement

    width = Measurement.get(console, console.options, table).maximum
    table.caption = command_apart(caption, min(width, console.width))
    return table


def _print_ids_apart(console: Console, first: list[GameRow], block: list[GameRow],
                     rest: Iterator[GameRow], widths: _Widths) -> None:
    """The games as a table whose IDs each run from the scores' column to the screen's edge,
    beside the start time (block after block, as `_print_table`)."""
    from rich.align import Align
    from rich.cells import cell_len
    from rich.text import Text

    console.print(Trimmed(_games_table([], widths.winner, widths=widths)))
    bots = False
    games = iter(first)
    while True:
        for game in games:
            bots = bots or _has_bot([game])
            row = _plain_row(game, widths, ids=False) if console.color_system is None else None
            if row is None:
                console.print(Trimmed(_games_table([game], widths.winner, widths=widths,
                                                   title=False, ids=False)))
            else:
                console.file.write(row)
            clock = _started(game).partition("\n")[2]
            ident = _labelled_id(game)
            line = Text(clock + " " * (widths.started - cell_len(clock) + _GAP))
            if cell_len(line.plain + ident) > console.width:
                line = Text(clock + "\n")  # a path longer than the screen: from its edge
            line.append(ident, "dim")
            # Laid out as wide as the table's lines, then trimmed as they are.
            console.print(Trimmed(Align.left(line)), overflow="fold")
        if not block:
            break
        games, block = iter(block), list(islice(rest, BLOCK))
    console.print(Trimmed(Align.center(Text(command_apart(_caption(bots), console.width),
                                            justify="center"))))


def _has_bot(games: Sequence[GameRow]) -> bool:
    """True when a computer player sat in one of `games` (its name is starred)."""
    return any(kind != HUMAN for game in games for kind in game.kinds)


def _caption(bots: bool) -> str:
    """The footnote under the listing: the star explained if a computer player is listed
    (`bots`), and how to step through a game."""
    if bots:
        return _("* a computer player.  Step through a game with: racko replay ID")
    return _("Step through a game with: racko replay ID")


_GAP = 2
"""Cells between two columns of the history table: the padding and the box's space."""
SCORES_HEADING = N_("Players and final scores; the game's ID")
"""The heading of the history's widest column."""


def _print_plain(console: Console, games: Sequence[GameRow], widths: _Widths) -> None:
    """Rows of a long listing without styles, written as the table would lay them out (but
    many times faster); a row that would wrap is left to the table."""
    lines: list[str] = []
    for game in games:
        row = _plain_row(game, widths)
        if row is None:
            console.file.write("".join(lines))
            lines.clear()
            console.print(Trimmed(_games_table([game], widths.winner, widths=widths,
                                               title=False)))
        else:
            lines.append(row)
    console.file.write("".join(lines))
    console.file.flush()


def _plain_row(game: GameRow, widths: _Widths, *, ids: bool = True) -> str | None:
    """The two lines of `game`'s row, each cell padded to its width but none ending in blanks
    (without `ids`, only the first: the start time goes with the ID); None if a cell does not
    fit on its line."""
    from rich.cells import cell_len

    date, _space, clock = _started(game).partition("\n")
    scores, _newline, ident = _scores_plain(game, ids=ids).partition("\n")
    cells = [
        (date, widths.started), (scores, widths.scores), (printable(game.winner), widths.winner),
        (clock, widths.started), (ident, widths.scores),
    ]
    if any(cell_len(text) > width for text, width in cells) or "\n" in clock:
        return None
    if len(str(game.rounds)) > widths.rounds:
        return None
    gap = " " * _GAP

    def pad(text: str, width: int) -> str:
        return text + " " * (width - cell_len(text))

    first = gap.join([pad(date, widths.started), pad(scores, widths.scores),
                      pad(printable(game.winner), widths.winner),
                      str(game.rounds).rjust(widths.rounds)]).rstrip(" ")
    if not ids:
        return f"{first}\n"
    second = gap.join([pad(clock, widths.started), ident]).rstrip(" ")
    return f"{first}\n{second}\n"


def _started(game: GameRow) -> str:
    return local_time(game.started or game.finished).replace(" ", "\n")


def _labelled_id(game: GameRow) -> str:
    """ "ID 2026-11-29-2105-ann-bob": how to name `game` to `racko replay`, labelled."""
    return _("ID {id}").format(id=record_ref(game.record))


def _sides(game: GameRow) -> list[str]:
    """Each side's name as listed, computer players starred."""
    return [
        " & ".join(printable(game.players[seat]) + ("*" if game.kinds[seat] != HUMAN else "")
                   for seat in seats)
        for seats in game.members
    ]


def _scores_plain(game: GameRow, *, ids: bool = True) -> str:
    """The text of `game`'s scores cell: the scores, and below them its ID (if `ids`)."""
    scores = scores_text(_sides(game), game.totals)
    return f"{scores}\n{_labelled_id(game)}" if ids else scores


def _scores_cell(game: GameRow, *, ids: bool = True) -> RenderableType:
    """The scores (bots starred), wrapping only between sides, and below them the game's ID
    (if `ids`)."""
    from rich.console import Group
    from rich.text import Text

    from .flow import Flow

    scores = Flow([(" · ", Text(score)) for score in scores_of(_sides(game), game.totals)])
    if not ids:
        return scores
    return Group(scores, Text(_labelled_id(game), "dim"))


def _games_table(
    games: Sequence[GameRow],
    winner_width: int,
    *,
    widths: _Widths | None = None,
    title: bool = True,
    caption: str | None = None,
    ids: bool = True,
) -> Table:
    """The history table of `games`, the winner's column `winner_width` wide, `caption` under
    it; with `widths` every column has a fixed width. `title` also says whether the headings
    are shown; `ids`, whether each game's ID is under its scores (without, its start time
    is only the day: the time goes beside the ID)."""
    from rich import box
    from rich.table import Table
    from rich.text import Text

    table = Table(
        title=_(HISTORY_TITLE) if title else None,
        caption=caption,
        box=box.SIMPLE_HEAD,
        padding=(0, 1),
        pad_edge=False,
        show_edge=False,
        show_header=title,
        collapse_padding=True,
    )
    # The ID gets a line to itself in the widest column, so it can be copied whole.
    table.add_column(_("Started"), no_wrap=True, width=widths and widths.started)
    table.add_column(_(SCORES_HEADING), overflow="fold", width=widths and widths.scores)
    table.add_column(_("Winner"), style="bold", width=winner_width)
    table.add_column(_("Rounds"), justify="right", no_wrap=True, width=widths and widths.rounds)
    for game in games:
        table.add_row(_started(game) if ids else _started(game).partition("\n")[0],
                      _scores_cell(game, ids=ids),
                      Text(printable(game.winner)), str(game.rounds))
    return table
