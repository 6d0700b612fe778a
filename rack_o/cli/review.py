"""`racko review`: each person's turns in a recorded game, set against the expert bot's moves.

The analysis is `rack_o.review`'s; this module words it: the costly turns, then a summary per
player and round that fits an 80×24 terminal, or all of it as JSON with `--json`.
"""

from __future__ import annotations

import io
import re
import shutil
import time
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, NamedTuple

import click
from rich import box
from rich.cells import cell_len
from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from rack_o.actions import TAKE
from rack_o.i18n import N_, _, ngettext, number, percent
from rack_o.review import (
    COST_DECIMALS,
    Label,
    Move,
    Play,
    Tally,
    Unseen,
    move_line,
    shown_cost,
    tally,
    turn_count,
)
from rack_o.review import review as review_moves
from rack_o.store.names import is_named
from rack_o.store.records import Record
from rack_o.store.safe_text import SHORT_SHOWN, json_text, shown

from .console import lines_taken, make_console
from .flow import Flow
from .option_types import PLAYER_NAME
from .recordfile import (
    GAME_REF,
    is_private,
    own_round,
    played_now,
    read_record,
    refuse_private,
    refuse_reveal_now,
    torn_note,
)
from .stopping import stopped_by_signals
from .trimmed import Trimmed
from .wrapping import fill

EXAMPLE = N_("""\b
Examples:
  racko review 2026-11-29-2105-ann-bob
  racko review game.jsonl --player Ann
  racko review game.jsonl --json | jq '.moves[] | select(.label == "blunder")'
""")

LABEL_NAMES = {
    Label.GOOD: N_("good"),
    Label.INACCURACY: N_("inaccuracy"),
    Label.MISTAKE: N_("mistake"),
    Label.BLUNDER: N_("blunder"),
}
LABEL_STYLES = {
    Label.GOOD: "green",
    Label.INACCURACY: "yellow",
    Label.MISTAKE: "dark_orange",
    Label.BLUNDER: "bold red",
}
NO_BREAK_SPACE = "\u00a0"
"""Joins two words a line must not end between (`nobreak` teaches rich so)."""
PROGRESS_AFTER = 1.0
"""Seconds of reviewing after which a progress bar appears (on a terminal)."""


def play_text(play: Play, short: bool = False) -> str:
    """A whole turn in words: "take 23 → slot 4", "draw 17 → discard", "draw"; when `short`,
    for narrow screens: "take 23 → 4", "discard 17"."""
    if play.card is None:
        return _("draw")
    if play.slot is None:
        return (_("discard {card}") if short else _("draw {card} → discard")).format(
            card=play.card)
    if play.source == "discard":
        text = _("take {card} → {slot}") if short else _("take {card} → slot {slot}")
    else:
        text = _("draw {card} → {slot}") if short else _("draw {card} → slot {slot}")
    return text.format(card=play.card, slot=play.slot)


def turn_done(play: Play) -> str:
    """A whole turn as something done, worded as `costly_part`'s halves are: "drawing the 12
    and throwing it away", "taking the 23 and putting it in slot 4"."""
    if play.card is None:
        return _("drawing")
    if play.slot is None:
        return _("drawing the {card} and throwing it away").format(card=play.card)
    if play.source == "discard":
        return _("taking the {card} and putting it in slot {slot}").format(
            card=play.card, slot=play.slot)
    return _("drawing the {card} and putting it in slot {slot}").format(
        card=play.card, slot=play.slot)


def costly_part(move: Move) -> str:
    """What a turn's cost came from, in words, where only one of its two decisions cost
    anything (as costs are shown): "drawing instead of taking the 35", "putting the 1 in
    slot 1 instead of slot 8"; else the whole turn (`turn_done`): both cost, or only the
    points at stake did."""
    choose, placing = move.choose, move.place
    choosing_cost = shown_cost(choose.cost) > 0
    if choosing_cost == (shown_cost(placing.cost) > 0):
        part = turn_done(move.played)
    elif choosing_cost:
        if choose.best == TAKE:  # the card taken is expert's turn's
            part = _("drawing instead of taking the {card}").format(card=move.best.card)
        else:
            part = _("taking the {card} instead of drawing").format(card=move.played.card)
    elif placing.played.slot is None:
        part = _("throwing the {card} away instead of putting it in slot {best}").format(
            card=placing.card, best=placing.best.slot)
    elif placing.best.slot is None:
        part = _("putting the {card} in slot {slot} instead of throwing it away").format(
            card=placing.card, slot=placing.played.slot)
    else:
        part = _("putting the {card} in slot {slot} instead of slot {best}").format(
            card=placing.card, slot=placing.played.slot, best=placing.best.slot)
    # A number stays with the words around it ("the 35 instead", "slot 8"): no line ends
    # or starts with one, as in a whole turn's words.
    part = re.sub(r" (\d+) ", f"{NO_BREAK_SPACE}\\1{NO_BREAK_SPACE}", part)
    return re.sub(r" (\d)", f"{NO_BREAK_SPACE}\\1", part)


def turns_text(cost: float) -> str:
    """A cost in turns as the label comes from it, two decimals: "1.97" (a label is never
    shown beside a cost rounded to another label's threshold)."""
    return number(shown_cost(cost), COST_DECIMALS)


def decimal_form(value: float) -> int:
    """The count that picks the plural form for `value` shown with decimals: 0 below 2, else
    2 (French says "1,5 tour" but "2,5 tours"; English is plural for both)."""
    return 0 if shown_cost(value) < 2 else 2


def seat_label(record: Record, seat: int) -> str:
    """A seat's name, with its bot level if it is a bot: "Bob (hard)" (a level from the file
    escaped and cut short, as any value from a file is shown)."""
    player = record.header.players[seat]
    if player.is_human:
        return player.name
    return f"{player.name} ({shown(player.bot or player.kind, SHORT_SHOWN)})"


class Layout(NamedTuple):
    """How narrow the moves table is drawn: `short` plays ("take 23 → 4"); `tight`, the
    round and turn in one column ("3:12") and labels as marks ("??"); names at most
    `name_cells` wide (then cut with "…"); `close`, columns one space apart, not two."""

    short: bool
    tight: bool
    name_cells: int
    close: bool


LAYOUTS = (Layout(False, False, 10, False), Layout(True, False, 9, False),
           Layout(True, False, 9, True), Layout(True, True, 9, True), Layout(True, True, 5, True))
"""The moves table's layouts, widest first: the first that fits the screen is drawn. Names
of 9 keep every language's default names ("Παίκτης 1") whole; the last cuts them rather than
break a play over two lines (never the heading, "Player", whole in every layout)."""
MARKS = {Label.GOOD: "", Label.INACCURACY: "?!", Label.MISTAKE: "?", Label.BLUNDER: "??"}
NAME_MOST = 18
"""The widest a name heading a column of the round table is (then cut with "…")."""


def moves_table(moves: Sequence[Move], record: Record, every: bool,
                width: int = 80) -> RenderableType | None:
    """The turns that cost something (every turn with `every`), one row each, and what a
    star (or a mark) means if one is shown, in the widest layout that fits `width` columns;
    None if no turn is shown. No number is ever cut short: at the last a play wraps."""
    shown = [move for move in moves if every or move.label is not Label.GOOD]
    if not shown:
        return None
    for layout in LAYOUTS:
        table = _moves_table(shown, record, len({move.seat for move in moves}) > 1, layout)
        if _width(table) <= width:
            break
    notes: list[RenderableType] = []
    if layout.tight:
        marked = [label for label in MARKS if MARKS[label]
                  and any(move.label is label for move in shown)]
        notes += [Flow([(" · ", Text(f"{MARKS[label]} {_(LABEL_NAMES[label])}", "dim"))
                        for label in marked])] if marked else []
    if any(at_stake(move) for move in shown):
        notes.append(_at_stake_note())
    return Group(table, *notes) if notes else table


def _at_stake_note() -> Text:
    """What a starred cost means (`at_stake`)."""
    return Text(_("* A rival may go out before this player's next turn: points at stake "
                  "count."), "dim")


def _cost_text(move: Move) -> str:
    """A turn's cost as shown, starred when points at stake changed it (`at_stake`)."""
    return turns_text(move.cost) + ("*" if at_stake(move) else "")


def _moves_table(shown: Sequence[Move], record: Record, several: bool, layout: Layout) -> Table:
    """The moves table drawn in `layout`, a player column if `several` players are shown."""
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False,
                  padding=(0, 0) if layout.close else (0, 1), collapse_padding=True)
    if layout.tight:
        table.add_column(f"{_('Round')}\n{_('Turn')}", justify="right", no_wrap=True)
    else:
        table.add_column(_("Round"), justify="right", no_wrap=True)
        table.add_column(_("Turn"), justify="right", no_wrap=True)
    if several:
        heading = _("Player")
        table.add_column(heading, no_wrap=True,
                         max_width=max(layout.name_cells, cell_len(heading)))
    table.add_column(_("Played"), no_wrap=not layout.short)
    # Not "Expert" where there is room: a bot player is called so too.
    table.add_column(_("Expert") if layout.short else _("Expert's move"), no_wrap=not layout.short)
    # Each cost right-aligned in a set width, then a star or a space: rich would strip a
    # space at the end of a right-justified cell and put a starred cost out of line.
    table.add_column(_("Cost"), no_wrap=True)
    width = max(len(turns_text(move.cost)) for move in shown)
    table.add_column("", no_wrap=True)
    for move in shown:
        when = ([f"{move.round}:{move.turn}"] if layout.tight
                else [str(move.round), str(move.turn)])
        # A name is shown as it is, never read as markup ("[/]" is a name one may type).
        names = [Text(record.header.players[move.seat].name)] if several else []
        label = MARKS[move.label] if layout.tight else _(LABEL_NAMES[move.label])
        # Translators: in the column of expert's moves, where expert would have played
        # another move but the one played is as good (it cost 0.0 turns).
        expert = (Text(_("equally good"), "dim") if equally_good(move)
                  else _cell(play_text(move.best, layout.short), layout))
        table.add_row(
            *when, *names, _cell(play_text(move.played, layout.short), layout), expert,
            turns_text(move.cost).rjust(width) + ("*" if at_stake(move) else " "),
            Text(label, LABEL_STYLES[move.label]),
        )
    return table


def equally_good(move: Move) -> bool:
    """True when expert would have played another turn but the one played costs no more, as
    the cost is shown (0.00): expert's turn is then no advice."""
    return move.best != move.played and turns_text(move.cost) == turns_text(0.0)


def at_stake(move: Move) -> bool:
    """True when the points at stake at the round's end changed the turn's cost visibly."""
    return abs(move.cost - move.turns) >= 0.05


def round_table(moves: Sequence[Move], seats: Sequence[int], record: Record,
                width: int = 80, rounds: Sequence[tuple[int, int]] | None = None,
                costliest: bool = True) -> Table:
    """Accuracy and the costliest turn's cost (unless not `costliest`), per round (rows)
    and player (columns), within `width` columns if the numbers fit: a name too long for the
    room left wraps under itself. `rounds`: the rows as (first, last) rounds, by default one a
    round played."""
    if rounds is None:
        rounds = [(number_, number_) for number_ in sorted({move.round for move in moves})]
    rows = [[_tally_cell(tally([m for m in moves if first <= m.round <= last], seat), costliest)
             for seat in seats] for first, last in rounds]
    labels = [str(first) if first == last else f"{first}–{last}" for first, last in rounds]
    header = _("Round") if all(first == last for first, last in rounds) else _("Rounds")
    names = [record.header.players[seat].name for seat in seats]
    numbers = [max((row[column].cell_len for row in rows), default=1)
               for column in range(len(seats))]
    natural = [max(widest, min(cell_len(name), NAME_MOST))
               for widest, name in zip(numbers, names, strict=True)]
    room = width - max([cell_len(header), *(len(label) for label in labels)])
    room -= 2 * len(seats)  # a padding cell and the column rule's space before each player
    if sum(natural) > room:
        natural = _shared(numbers, natural, room)
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False, padding=(0, 1),
                  collapse_padding=True)
    table.add_column(header, justify="right", no_wrap=True)
    for name, cells in zip(names, natural, strict=True):
        table.add_column(Text(name), justify="right", width=cells, overflow="fold")
    for label, row in zip(labels, rows, strict=True):
        table.add_row(label, *row)
    return table


def _side_by_side(moves: Sequence[Move], seats: Sequence[int], record: Record, width: int,
                  rounds: Sequence[tuple[int, int]], blocks: int, costliest: bool
                  ) -> RenderableType | None:
    """`round_table`'s rows in `blocks` tables side by side, the first rows in the first;
    None if they do not fit `width` columns."""
    if blocks == 1:
        return round_table(moves, seats, record, width, rounds, costliest)
    each = -(-len(rounds) // blocks)
    if each * (blocks - 1) >= len(rounds):
        return None  # a block would be empty
    room = (width - BLOCK_GAP * (blocks - 1)) // blocks
    tables = [round_table(moves, seats, record, room, rounds[at:at + each], costliest)
              for at in range(0, len(rounds), each)]
    if sum(_width(table) for table in tables) + BLOCK_GAP * (blocks - 1) > width:
        return None
    grid = Table.grid(padding=(0, BLOCK_GAP, 0, 0))
    for _table in tables:
        grid.add_column(vertical="top")
    grid.add_row(*tables)
    return grid


BLOCK_GAP = 3
"""Columns between two blocks of the per-round table set side by side."""


def _shared(least: Sequence[int], wanted: Sequence[int], room: int) -> list[int]:
    """Widths from `least` up to `wanted`, within `room` if `least` fits: what is left shared
    evenly, the columns wanting least served first so nothing they leave is lost."""
    widths = list(least)
    spare = room - sum(least)
    order = sorted(range(len(least)), key=lambda column: wanted[column] - least[column])
    for served, column in enumerate(order):
        extra = min(wanted[column] - least[column], max(spare, 0) // (len(order) - served))
        widths[column] += extra
        spare -= extra
    return widths


def _tally_cell(counted: Tally, costliest: bool = True) -> Text:
    """ "82% · 1.3": the share of good turns and (if `costliest`) the costliest turn's cost;
    "–" without turns."""
    if counted.accuracy is None:
        return Text("–", "dim")
    text = Text(percent(counted.accuracy, 0))
    if not costliest:
        return text
    worst = counted.worst
    text.append(" · ", "dim")
    text.append(turns_text(worst.cost) if worst else turns_text(0.0),
                LABEL_STYLES[worst.label] if worst else "dim")
    return text


def player_lines(moves: Sequence[Move], seat: int, record: Record,
                 compact: bool = False) -> RenderableType:
    """A player's whole game: accuracy, the labels counted and the biggest mistake; without
    the counts, in one line, when `compact`."""
    counted = tally(moves, seat)
    labels = counted.labels
    # Whole patterns, so each language punctuates its own way (French " :", Greek "·").
    head = Text(_("{name}:").format(name=seat_label(record, seat)) + " ", "bold")
    if counted.accuracy is None:  # no turn of theirs yet, or none played by them
        head.append(_("no turn to review."))
        return head
    line = _("accuracy {accuracy}").format(accuracy=percent(counted.accuracy, 0))
    worst = counted.worst
    if worst is None or worst.label is Label.GOOD:
        worst_text = None
    elif compact:
        worst_text = ngettext("biggest mistake: round {round}, turn {turn}, {cost} turn.",
                              "biggest mistake: round {round}, turn {turn}, {cost} turns.",
                              decimal_form(worst.cost))
    else:
        worst_text = ngettext(
            "Biggest mistake: round {round}, turn {turn}, {played}: {cost} turn.\n"
            "The expert bot's move: {best}.",
            "Biggest mistake: round {round}, turn {turn}, {played}: {cost} turns.\n"
            "The expert bot's move: {best}.",
            decimal_form(worst.cost))
    if worst_text is not None and worst is not None:
        worst_text = _held_together(worst_text).format(
            round=worst.round, turn=worst.turn, played=costly_part(worst),
            best=_whole(play_text(worst.best)), cost=_cost_text(worst))
    if compact:
        head.append(_("{first}; {then}").format(first=line, then=worst_text) if worst_text
                    else line + ".")
        return head
    parts = [
        ngettext("{count} inaccuracy", "{count} inaccuracies", labels[Label.INACCURACY]),
        ngettext("{count} mistake", "{count} mistakes", labels[Label.MISTAKE]),
        ngettext("{count} blunder", "{count} blunders", labels[Label.BLUNDER]),
    ]
    counts = (labels[Label.INACCURACY], labels[Label.MISTAKE], labels[Label.BLUNDER])
    counted_labels = ", ".join(part.format(count=count)
                               for part, count in zip(parts, counts, strict=True))
    head.append(_("{first}; {then}").format(first=line, then=counted_labels) + ".")
    if worst_text is None:
        return head
    # The biggest mistake indented under the name, wrapped lines too.
    grid = Table.grid()
    grid.add_column(width=2)
    grid.add_column()
    grid.add_row("", Text(worst_text))
    return Group(head, grid)


def _cell(play: str, layout: Layout) -> str:
    """A play as its column shows it: one that wraps (`short`) never inside "23 → 4" (a line
    that ended at the arrow read as a move to no slot, the slot alone on the next)."""
    if not layout.short:
        return play  # never wrapped
    return re.sub(r"(\S+) → ", f"\\1{NO_BREAK_SPACE}→{NO_BREAK_SPACE}", play)


def _whole(text: str) -> str:
    """`text` with no-break spaces: a line never ends inside it."""
    return text.replace(" ", NO_BREAK_SPACE)


def _held_together(sentence: str) -> str:
    """A translated sentence with its round and turn numbers held to the word before them
    and the cost to its unit after it, whatever the language's words."""
    sentence = re.sub(r"(\S) \{(round|turn)\}", f"\\1{NO_BREAK_SPACE}{{\\2}}", sentence)
    return re.sub(r"\{cost\} (\S)", f"{{cost}}{NO_BREAK_SPACE}\\1", sentence)


def summary(moves: Sequence[Move], seats: Sequence[int], record: Record,
            width: int = 80, height: int = 24) -> RenderableType:
    """The summary per player and round and each player's biggest mistake, within
    `width` × `height` if it can be: the first form that fits of each player's lines in full
    then made one, the per-round table in blocks side by side, without the worst turn's cost,
    then a row for every few rounds (`summary_forms`)."""
    shown: RenderableType = Text()
    for shown in summary_forms(moves, seats, record, width, height):
        if _height(shown, width) <= height:
            break
    return shown


def summary_forms(moves: Sequence[Move], seats: Sequence[int], record: Record, width: int,
                  height: int | None = None) -> Iterator[RenderableType]:
    """The summary's forms, fullest first (`summary`), but for those with more rows than
    `height` lines; the last is a row for the whole game."""
    # A player's biggest mistake starred (`player_lines`) says what the star means.
    worst = [tally(moves, seat).worst for seat in seats]
    starred = [_at_stake_note()] if any(
        move is not None and move.label is not Label.GOOD and at_stake(move)
        for move in worst) else []
    if record.header.rules.run_of_three:
        # Calibrated against rollouts, the estimate is 0.84 turns off on average under this
        # rule, against 0.11 without it (docs/review.md, "Calibration").
        starred.append(Text(_("Under the run-of-three rule the turns to go are rougher "
                              "estimates: read a single turn's cost with care."), "dim"))
    played = sorted({move.round for move in moves})
    for size in range(1, max(len(played), 1) + 1):
        rounds = [(chunk[0], chunk[-1]) for chunk in
                  (played[at:at + size] for at in range(0, len(played), size))]
        for costliest in (True, False):
            note = Text(_round_note(size, costliest), "dim")
            for blocks in range(1, max(len(rounds), 1) + 1):
                # The note, the table's head and rule, its rows, a line a player at least.
                least = 3 + -(-len(rounds) // blocks) + len(seats) + len(starred)
                if height is not None and least > height and size < len(played):
                    continue  # too tall for certain: not drawn to be measured
                table = _side_by_side(moves, seats, record, width, rounds, blocks, costliest)
                if table is None:
                    break
                for compact in (False, True):
                    yield Group(note, table,
                                *(player_lines(moves, seat, record, compact) for seat in seats),
                                *starred)


def _round_note(size: int, costliest: bool) -> str:
    """What the per-round table's rows (one for every `size` rounds) and cells say."""
    if size == 1:
        if costliest:
            return _("Per round: share of good turns · cost of the worst, in turns lost against "
                     "expert")
        return _("Per round: share of good turns")
    if costliest:
        return ngettext("Every {count} round: share of good turns · cost of the worst, in turns "
                        "lost against expert",
                        "Every {count} rounds: share of good turns · cost of the worst, in turns "
                        "lost against expert", size).format(count=size)
    return ngettext("Every {count} round: share of good turns",
                    "Every {count} rounds: share of good turns", size).format(count=size)


def title(record: Record, seats: Sequence[int]) -> Text:
    """The review's first line: the game, and whose turns it shows (`seats`) when not
    everyone's, then the others at the table."""
    everyone = range(len(record.header.players))
    if set(seats) >= set(everyone):
        names = ", ".join(seat_label(record, seat) for seat in everyone)
        return Text(_("Review of {id}: {players}").format(id=record.id, players=names), "bold")
    shown = ", ".join(seat_label(record, seat) for seat in seats)
    others = ", ".join(seat_label(record, seat) for seat in everyone if seat not in seats)
    return Text(_("Review of {id}: turns by {shown}; also at the table: {others}").format(
        id=record.id, shown=shown, others=others), "bold")


def _height(renderable: RenderableType, width: int) -> int:
    """How many lines `renderable` takes on a console `width` columns wide."""
    return lines_taken(Console(width=width, file=io.StringIO(), color_system=None), renderable)


def _width(table: Table) -> int:
    """How many columns `table` takes at the most, on a screen as wide as it likes."""
    console = Console(width=10_000, file=io.StringIO(), color_system=None)
    # What drawing it finds first (every line of a table is as wide as its columns and
    # rules), without drawing every cell of every row: most of a review's drawing time.
    extra = table._extra_width
    widths = table._calculate_column_widths(console, console.options.update_width(10_000 - extra))
    return sum(widths) + extra


def json_report(moves: Sequence[Move], seats: Sequence[int], record: Record) -> dict[str, Any]:
    """Everything the review found, JSON-ready (see docs/review.md): the players' names as the
    record writes them (data, not a screen: JSON carries any text)."""
    names = record.names_written or tuple(p.name for p in record.header.players)
    players = []
    for seat in seats:
        player = record.header.players[seat]
        rounds = sorted({move.round for move in moves if move.seat == seat})
        players.append({
            "seat": seat,
            "name": names[seat],
            "kind": player.kind,
            **_tally_line(tally(moves, seat)),
            "rounds": [{"round": number_, **_tally_line(tally(moves, seat, number_))}
                       for number_ in rounds],
        })
    return {
        "id": record.id,
        "finished": record.game.is_over,
        "players": players,
        "moves": [move_line(move, names) for move in moves],
    }


def _tally_line(counted: Tally) -> dict[str, Any]:
    worst = counted.worst
    return {
        "turns": counted.moves,
        "accuracy": None if counted.accuracy is None else round(counted.accuracy, 4),
        "mean_cost": None if counted.mean_cost is None else round(counted.mean_cost, 3),
        "labels": {label.value: count for label, count in counted.labels.items()},
        "worst": None if worst is None else {"round": worst.round, "turn": worst.turn,
                                             "cost": shown_cost(worst.cost)},
    }


def progress_console(as_json: bool) -> Console | None:
    """Where a slow review shows its progress: stderr, when the review is read at a terminal
    (stdout and stderr both are one, and no --json); None: nowhere (piped, to a pager, JSON)."""
    if as_json or not Console().is_terminal:
        return None
    console = Console(stderr=True)
    return console if console.is_terminal else None


def _reviewing(round_: int, rounds: int) -> str:
    """ "Reviewing round 3 of 12", or "Reviewing" without the count of rounds."""
    if not rounds:
        return _("Reviewing")
    return _("Reviewing round {round} of {rounds}").format(round=round_, rounds=rounds)


def with_progress(moves: Iterable[Move], total: int, console: Console | None,
                  rounds: int = 0) -> Iterator[Move]:
    """`moves` passed through, with a progress bar on `console` (if a terminal) once it takes
    a while: the round at, of `rounds`, and the turns done of `total`."""
    if console is None or not console.is_terminal:
        yield from moves
        return
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    start = time.monotonic()
    progress: Progress | None = None
    done = 0
    at = 0
    try:
        for move in moves:
            done += 1
            if progress is None and time.monotonic() - start > PROGRESS_AFTER:
                at = move.round
                progress = Progress(TextColumn("{task.description}"), BarColumn(),
                                    MofNCompleteColumn(), console=console, transient=True)
                progress.start()
                task = progress.add_task(_reviewing(at, rounds), total=total, completed=done)
            elif progress is not None:
                if move.round != at:
                    at = move.round
                    progress.update(task, description=_reviewing(at, rounds))
                progress.update(task, completed=done)
            yield move
    finally:
        if progress is not None:
            progress.stop()


def _seats(record: Record, player: str | None, everyone: bool) -> list[int]:
    """The seats to review: the one named, or the people (every seat with `everyone`, or when
    nobody at the table is a person)."""
    players = record.header.players
    if player is not None:
        # The name as the file writes it (as --json gives it), else as it is shown: a long
        # name is shown cut short.
        written = record.names_written or tuple(p.name for p in players)
        seats = ([seat for seat, name in enumerate(written) if is_named(player, name)]
                 or [seat for seat, p in enumerate(players) if is_named(player, p.name)])
        if not seats:
            raise click.BadParameter(
                _("nobody called {name} played this game; the players are {names}.").format(
                    name=repr(shown(player, SHORT_SHOWN)),
                    names=", ".join(p.name for p in players)),
                param_hint="'--player'")
        return seats
    people = [seat for seat, p in enumerate(players) if p.is_human]
    return list(range(len(players))) if everyone or not people else people


@click.command(epilog=EXAMPLE)
@click.argument("game_ref", metavar="ID|FILE", type=GAME_REF)
@click.option("--player", type=PLAYER_NAME, metavar=N_("NAME"),
              help="Review only this player's turns.")
@click.option("--all", "everyone", is_flag=True,
              help="Review the computer players' turns too.")
@click.option("--full", is_flag=True, help="List every turn reviewed, the good ones too.")
@click.option("--json", "as_json", is_flag=True, help="Print the review as JSON.")
@click.option("--reveal", is_flag=True,
              help="Review an unfinished game whole, with the cards still hidden at the table "
              "(a game of 2 or more people is refused without it; refused while the game is "
              "being played).")
@stopped_by_signals()
def review(game_ref: str, player: str | None, everyone: bool, full: bool,
                   as_json: bool, reveal: bool) -> None:
    """Show what each turn of a recorded game cost, set against the expert bot's moves.

    ID is a saved game's ID (see `racko history`), FILE any rack-o/1 record, finished or
    not. Each person's turn is compared with what the expert bot would have played; its
    cost is how many more turns to Rack-O it leaves (with the points at stake when a
    rival may go out first), and it is marked good, inaccuracy, mistake or blunder (from
    0.3, 0.8 and 2.0 turns lost). A game of bots alone has all its turns reviewed. The file
    is only read.
    """
    record = read_record(game_ref, _("Error: cannot review {error}"))
    if reveal:
        refuse_reveal_now(record)
    if not reveal and is_private(record):
        refuse_private(_("Error: this game is being played right now, with 2 or more people at "
                         "the table: reviewing it would show the cards they drew.")
                       if played_now(record) else
                       _("Error: this game is not finished and has 2 or more people at the "
                         "table: reviewing it now would show the cards they drew. Add --reveal "
                         "if everyone agrees."))
    seats = _seats(record, player, everyone)
    # One person's round still being played: what the others hold stays hidden, as at the
    # table, since the person may carry the game on.
    own = None if reveal else own_round(record)
    unseen = None if own is None else Unseen(own.round, own.seat)
    numbered = list(enumerate(record.events, start=1))
    rounds = sum(1 for line in record.events if line.get("type") == "deal")
    # A Ctrl-C meanwhile ends racko as everywhere (the command group says so).
    moves = list(with_progress(review_moves(numbered, set(seats), unseen),
                               turn_count(record.events, seats, unseen),
                               progress_console(as_json), rounds))
    note = None if unseen is None else unseen_note(record, seats, unseen, moves)
    torn = torn_note(record)
    if torn is not None:
        note = torn if note is None else f"{torn} {note}"
    if as_json:
        click.echo(json_text(json_report(moves, seats, record), indent=2))
        if note is not None:
            click.echo(fill(note, shutil.get_terminal_size().columns), err=True)
        return
    console = make_console()
    if not moves and turn_count(record.events, seats):
        console.print(_("Nothing to review yet."))  # turns there are, left out: the note says
    elif not moves:
        console.print(_("Nothing to review: no turn of {players} was played yet.").format(
            players=", ".join(seat_label(record, seat) for seat in seats)), markup=False)
    else:
        table = moves_table(moves, record, full, console.width)
        console.print(title(record, seats))  # the title first, above the moves it is the title of
        if table is not None:
            console.print(Trimmed(table))
        else:  # no turn to list: say why, rather than print no table at all
            console.print(Text(_("Every turn reviewed was good: --full lists them all."),
                               "green"))
        console.print()
        console.print(Trimmed(summary(moves, seats, record, console.width, console.height)))
    if note is not None:
        console.print(Text(note, "dim"))


def unseen_note(record: Record, seats: Sequence[int], unseen: Unseen,
                moves: Sequence[Move]) -> str | None:
    """What the review of `unseen`'s round (one person's, still being played) leaves out, if
    anything: the other `seats`' turns in it, and the points at stake in the person's
    (among the `moves` reviewed)."""
    others = [seat for seat in seats if seat != unseen.seat]
    left_out = turn_count(record.events, others) > turn_count(record.events, others, unseen)
    theirs = any(move.round == unseen.round and move.seat == unseen.seat for move in moves)
    if left_out and theirs:
        return _("Round {round} is still being played: its turns by the other players are left "
                 "out, and yours are judged without the cards they hold. --reveal reviews "
                 "them whole.").format(round=unseen.round)
    if left_out:
        return _("Round {round} is still being played: its turns by the other players are left "
                 "out, as they would show their cards. --reveal reviews them.").format(
                     round=unseen.round)
    if theirs:
        return _("Round {round} is still being played: your turns in it are judged without "
                 "the cards the other players hold. --reveal reviews them whole.").format(
                     round=unseen.round)
    return None
