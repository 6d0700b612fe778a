"""What a seat sees during play: its rack as bars, the turn screen, the hand-off, the turn lines.

Pure functions from a SeatView (or plain values) to rich renderables: nothing here prints,
reads or knows a terminal. Only public information and the viewing seat's own cards appear.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Hashable, Sequence
from weakref import WeakKeyDictionary

from rich import box
from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.padding import Padding
from rich.panel import Panel
from rich.segment import Segment
from rich.style import Style
from rich.table import Table
from rich.text import Text

from rack_o.actions import Source
from rack_o.i18n import _, current_language, ngettext
from rack_o.rack import longest_run, ordered_count
from rack_o.rules import Rules
from rack_o.steps import Turn, TurnOver
from rack_o.view import PublicTurn, SeatView

from .flow import Flow

BAR_WIDTH = 30
"""Columns of the longest bar (the highest card in the deck)."""
HISTORY_LINES = 4
"""The others' moves a turn screen lists at most (four players and a turn-over)."""
MIN_BAR_WIDTH = 10
"""A narrow terminal shortens the bars, down to this."""


class Either:
    """The first of several forms of one line that fits in the width it is drawn at (the
    last, shortest, otherwise): a narrow terminal gets the short form, not a wrapped line
    (a short form that is a Flow wraps only between its pieces where even it does not fit)."""

    def __init__(self, *forms: Text | Flow) -> None:
        self.forms = forms

    def fitted(self, width: int) -> Text | Flow:
        """The form drawn at `width` columns."""
        return next((form for form in self.forms if cell_len(form.plain) <= width),
                    self.forms[-1])

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield self.fitted(options.max_width)


class ForWidth:
    """A renderable made only once the width it is drawn at is known."""

    def __init__(self, make: Callable[[int], RenderableType]) -> None:
        self.make = make

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield self.make(options.max_width)


REMEMBERED = 64
"""Drawings a console remembers (`Remembered`); past that many, it forgets them all."""
_REMEMBERED: WeakKeyDictionary[Console, dict[Hashable, list[list[Segment]]]] = (
    WeakKeyDictionary())


class Remembered:
    """A renderable drawn once for each console, language and width it is drawn at, its lines
    remembered under `key`, which names all it shows: a rack is drawn again at every move of
    the others (a hosted table's waiting screens), and a table takes long to draw."""

    def __init__(self, key: Hashable, renderable: RenderableType) -> None:
        self.key = key
        self.renderable = renderable

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        drawn = _REMEMBERED.get(console)
        if drawn is None:
            drawn = _REMEMBERED[console] = {}
        key = (self.key, current_language(), repr(options))
        lines = drawn.get(key)
        if lines is None:
            if len(drawn) >= REMEMBERED:
                drawn.clear()
            lines = drawn[key] = console.render_lines(self.renderable, options, pad=False)
        new_line = Segment.line()
        for line in lines:
            yield from line
            yield new_line


SCORING = "green"
NOT_SCORING = "grey50"
NEW_CARD = "bold yellow"


def side_name(rules: Rules, names: Sequence[str], side: int) -> str:
    """The name a score belongs to: the player, or with partners the team ("Ann & Cy")."""
    if rules.partners:
        return " & ".join(names[seat] for seat in range(len(names)) if rules.team_of(seat) == side)
    return names[side]


def side_names(rules: Rules, names: Sequence[str]) -> list[str]:
    """The name of each scoring side, in order: the players, or with partners the teams."""
    return [side_name(rules, names, side) for side in range(rules.teams)]


def with_score(side: str, total: int, *, together: bool = False, colon: bool | None = None
               ) -> str:
    """ "Ann 120": a side and its total; "Player 1: 120" when the name ends in a digit, which
    would run into the score, or when `colon` says so (`needs_colon`: every side of a line
    alike). `together`: no line may break between them."""
    if colon is None:
        colon = needs_colon([side])
    # Translators: a player (or team) and their total, for names that end in a number.
    pattern = _("{name}: {points}") if colon else "{name} {points}"
    if together:
        pattern = pattern.replace(" ", "\u00a0")  # the pattern's spaces only, not the name's
    return pattern.format(name=side, points=total)


def needs_colon(sides: Sequence[str]) -> bool:
    """True if a line of these sides' scores sets every score off with a colon: one name
    ends in a digit ("Player 2: 0"), so all do ("Ann: 0 · Player 2: 0"), not some only."""
    return any(side[-1:].isdigit() for side in sides)


def scores_of(sides: Sequence[str], totals: Sequence[int], *, together: bool = False
              ) -> list[str]:
    """Each side with its total ("Ann 120"), every score of the line set off alike
    (`needs_colon`: "Ann: 0 · Player 2: 0", never "Ann 0 · Player 2: 0")."""
    colon = needs_colon(sides)
    return [with_score(side, total, together=together, colon=colon)
            for side, total in zip(sides, totals, strict=False)]


def describe_turn(turn: PublicTurn | Turn | TurnOver, names: Sequence[str]) -> str:
    """One sentence for a finished turn: as the table saw it (a PublicTurn: a kept drawn card
    stays hidden), or whole (a Turn step, for a replay)."""
    if isinstance(turn, TurnOver):
        return _(
            "The draw pile ran out: the discard pile was turned over and {card} turned up."
        ).format(card=turn.card)
    who = names[turn.seat]
    if turn.source == Source.DISCARD:
        taken = turn.card if isinstance(turn, Turn) else turn.taken
        return _(
            "{who} took {card} from the discard pile into slot {slot} and discarded {out}."
        ).format(who=who, card=taken, slot=turn.slot, out=turn.discarded)
    if turn.slot is None:
        return _("{who} drew and discarded {card}.").format(who=who, card=turn.discarded)
    if isinstance(turn, Turn):
        return _("{who} drew {card}, put it in slot {slot} and discarded {out}.").format(
            who=who, card=turn.card, slot=turn.slot, out=turn.discarded
        )
    return _("{who} drew a card into slot {slot} and discarded {out}.").format(
        who=who, slot=turn.slot, out=turn.discarded
    )


def short_turn(turn: PublicTurn | TurnOver, names: Sequence[str]) -> str:
    """A finished turn as the table saw it, in fewer words, for a narrow terminal."""
    if isinstance(turn, TurnOver) or turn.slot is None:
        return describe_turn(turn, names)
    if turn.source == Source.DISCARD:
        return _("{who} took {card} into slot {slot}, discarded {out}.").format(
            who=names[turn.seat], card=turn.taken, slot=turn.slot, out=turn.discarded)
    return _("{who} drew into slot {slot}, discarded {out}.").format(
        who=names[turn.seat], slot=turn.slot, out=turn.discarded)


def move_line(turn: PublicTurn | TurnOver, names: Sequence[str]) -> Either:
    """A finished turn as the table saw it, on one line: in fewer words where the whole
    sentence does not fit."""
    return Either(Text(describe_turn(turn, names)), Text(short_turn(turn, names)))


def since_last_turn(view: SeatView) -> tuple[list[PublicTurn | TurnOver], bool]:
    """This round's public events after the viewing seat's own last turn, and whether it
    has played yet this round."""
    history = view.history
    start = 0
    played = False
    for i, event in enumerate(history):
        if isinstance(event, PublicTurn) and event.seat == view.seat:
            start = i + 1
            played = True
    return list(history[start:]), played


def _side_scores(view: SeatView) -> list[Text]:
    """Each side with its total, the viewing seat's side in bold (none for a public view)."""
    rules = view.rules
    mine = None if view.seat is None else rules.team_of(view.seat)
    return [Text(score, "bold" if mine == side else "")
            for side, score in enumerate(scores_of(side_names(rules, view.names), view.totals))]


def scores_line(view: SeatView) -> Text:
    """Each side's total against the target, the viewing seat's side in bold."""
    line = Text("  ·  ").join(_side_scores(view))
    line.append("   " + _("(first to {target} wins)").format(target=view.rules.target), "dim")
    return line


def short_scores(view: SeatView, *, target: bool = True) -> Flow:
    """The scores closer together and the target in fewer words (or none), wrapped only
    between two sides (never a line that starts with its "·")."""
    pieces = [(" · ", score) for score in _side_scores(view)]
    if target:
        pieces.append(("  ", Text(_("(to {target})").format(target=view.rules.target), "dim")))
    return Flow(pieces)


def fitted_scores(view: SeatView) -> Either:
    """The scores line, short on a narrow terminal (without the target on a very narrow one)."""
    return Either(scores_line(view), short_scores(view), short_scores(view, target=False))


def _status_parts(view: SeatView) -> list[Text]:
    return [Text(_("Round {round}").format(round=view.round), "bold"),
            Text(_("{dealer} dealt").format(dealer=view.names[view.dealer])),
            Text(_("{player} to play").format(player=view.names[view.mover]))]


def status_line(view: SeatView, *, short: bool = False) -> Text | Flow:
    """Round, dealer and whose turn it is: public, safe for a hand-off screen (`short`:
    closer together, wrapped only between its parts)."""
    if short:
        return Flow([(" · ", part) for part in _status_parts(view)])
    return Text("  ·  ").join(_status_parts(view))


def fitted_status(view: SeatView) -> Either:
    """The status line, closer together on a narrow terminal."""
    return Either(status_line(view), status_line(view, short=True))


def rack_table(
    rack: Sequence[int],
    deck_size: int,
    *,
    changed_slot: int | None = None,
    replaced: int | None = None,
    bar_width: int = BAR_WIDTH,
) -> Table:
    """The rack from slot 1 to 10, one bar per card as long as its number, scoring part ticked.

    `changed_slot` marks a card just put in (and `replaced`, the card it pushed out); the
    highest card's bar is `bar_width` columns long.
    """
    scoring = ordered_count(rack) if rack else 0
    grid = Table.grid(padding=(0, 1))
    grid.add_column(justify="right", width=4)
    grid.add_column(justify="right", width=3)
    grid.add_column(width=bar_width)
    grid.add_column()
    for i, card in enumerate(rack):
        slot = i + 1
        counts = slot <= scoring
        style = SCORING if counts else NOT_SCORING
        length = max(1, round(card * bar_width / deck_size))
        bar = Text("█" * length, style=style)
        note = Text("✓" if counts else "", style=SCORING)
        card_style = "bold" if counts else ""
        if slot == changed_slot:
            card_style = NEW_CARD
            note.append(("  " if counts else "   ") + "← " + _("new"), NEW_CARD)
            if replaced is not None:
                note.append(" " + _("(out goes {card})").format(card=replaced), NEW_CARD)
        grid.add_row(Text(f"{slot:>2}", "dim"), Text(str(card), card_style), bar, note)
    return grid


_NO_JOINT = Text()


class RackRows:
    """`grid` (a `rack_table`, a compact rack's) as rich draws it, drawn line by line where
    each of its cells takes one line (as a window wide enough for it gives): the same
    segments, without laying out forty cells as a table for every screen, which was most of
    the drawing of a turn screen."""

    def __init__(self, grid: Table) -> None:
        self.grid = grid

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        grid = self.grid
        columns = [list(column.cells) for column in grid.columns]
        texts = [[cell for cell in column if isinstance(cell, Text)] for column in columns]
        if any(len(text) != len(column) for text, column in zip(texts, columns, strict=True)):
            yield grid  # a cell that is not text: rich lays it out
            return
        widths = [column.width or max((cell.cell_len for cell in cells), default=0)
                  for column, cells in zip(grid.columns, texts, strict=True)]
        if (sum(widths) + len(widths) - 1 > options.max_width
                or any("\n" in cell.plain or cell.cell_len > width
                       for column, width in zip(texts, widths, strict=True)
                       for cell in column)):
            yield grid  # a cell that wraps: rich lays it out
            return
        gap = Segment(" ", Style())  # a grid's padding (0, 1), collapsed: one blank between
        for row in zip(*texts, strict=True):
            for index, (cell, column, width) in enumerate(zip(row, grid.columns, widths,
                                                              strict=True)):
                if index:
                    yield gap
                padded = cell.copy()
                padded.rstrip()
                if column.justify == "right":
                    padded.pad_left(width - padded.cell_len)
                else:
                    padded.pad_right(width - padded.cell_len)
                # Joined (as rich joins a cell's lines), its own style becomes a span.
                yield from _NO_JOINT.join([padded]).render(console)
            yield Segment.line()


def fitted_rack(
    rack: Sequence[int], deck_size: int, *, changed_slot: int | None = None,
    replaced: int | None = None,
) -> Remembered:
    """The rack table with bars as long as the terminal's width leaves room for (the marks
    of a new card and the card it pushes out included), at most BAR_WIDTH."""

    def make(width: int) -> RackRows:
        # Room is kept for a preview's marks on every rack, so that a card's bar is as long
        # before and after a move: the rack keeps its shape as the preview comes and goes.
        note = cell_len("✓  ← " + _("new") + " " + _("(out goes {card})").format(card=deck_size))
        # Slot and card columns (4 + 3), the column gaps (3), the marks.
        room = width - 10 - note
        return RackRows(rack_table(rack, deck_size, changed_slot=changed_slot,
                                    replaced=replaced,
                                    bar_width=max(MIN_BAR_WIDTH, min(BAR_WIDTH, room))))

    return Remembered(("rack", tuple(rack), deck_size, changed_slot, replaced), ForWidth(make))


COMPACT_BAR_WIDTH = 15
"""Columns of the longest bar in a compact rack (two columns of five slots)."""
COMPACT_MIN_BAR_WIDTH = 3


def compact_rack(
    rack: Sequence[int], deck_size: int, *, changed_slot: int | None = None,
) -> Remembered:
    """The rack in five lines, for a short terminal: slots 1-5 down the left, 6-10 down the
    right, each card with its bar (as long as the width allows), the scoring part ticked and
    `changed_slot` marked with an arrow."""
    return Remembered(("compact rack", tuple(rack), deck_size, changed_slot),
                      ForWidth(lambda width: RackRows(compact_grid(rack, deck_size, width,
                                                                   changed_slot=changed_slot))))


def compact_grid(
    rack: Sequence[int], deck_size: int, width: int, *, changed_slot: int | None = None,
) -> Table:
    """`compact_rack`'s grid for a width of `width` columns."""
    scoring = ordered_count(rack) if rack else 0
    half = (len(rack) + 1) // 2
    # Per half: slot (2), card (2), mark (2); a rule (1) between the halves, so that the arrow
    # of a card placed on the left never reads as pointing at the slot on its right; eight
    # gaps of one column between cells.
    bar_width = max(COMPACT_MIN_BAR_WIDTH, min(COMPACT_BAR_WIDTH, (width - 21) // 2))
    grid = Table.grid(padding=(0, 1))
    for half_ in range(2):
        if half_:
            grid.add_column(width=1)
        grid.add_column(justify="right", width=2)
        grid.add_column(justify="right", width=2)
        grid.add_column(width=bar_width)
        grid.add_column(width=2)
    for row in range(half):
        cells: list[Text] = []
        for index in (row, row + half):
            if index >= half:
                cells.append(Text("│", "dim"))
            if index >= len(rack):
                cells += [Text(), Text(), Text(), Text()]
                continue
            slot, card = index + 1, rack[index]
            counts = slot <= scoring
            length = max(1, round(card * bar_width / deck_size))
            mark = Text("✓" if counts else " ", SCORING)
            card_style = "bold" if counts else ""
            if slot == changed_slot:
                card_style = NEW_CARD
                mark.append("←", NEW_CARD)
            cells += [Text(str(slot), "dim"), Text(str(card), card_style),
                      Text("█" * length, SCORING if counts else NOT_SCORING), mark]
        grid.add_row(*cells)
    return grid


def rack_caption(rack: Sequence[int], *, run_of_three: bool = False) -> Text:
    """What the ticked part of a rack is worth now (and, under the run-of-three rule, whether
    an ascending rack still lacks its run)."""
    count = ordered_count(rack)
    if count == len(rack):
        if run_of_three and longest_run(rack) < 3:
            return Text("✓ " + _("all ten ascending — Rack-O still needs a run of three, such "
                                 "as 17 18 19"), SCORING)
        return Text("✓ " + _("all ten ascending"), SCORING)
    sentence = ngettext(
        "slot 1 ascending: {points} points if the round ended now",
        "slots 1-{count} ascending: {points} points if the round ended now",
        count,
    )
    return Text("✓ " + sentence.format(count=count, points=5 * count), SCORING)


def piles_line(view: SeatView, top_after: int | None = None, *, short: bool = False
               ) -> Text | Flow:
    """The top of the discard pile (or `top_after` a previewed move) and the draw pile size
    (`short`: only its number, wrapped only between the two piles)."""
    line = Text(_("Discard pile:") + " ")
    top = view.discard_top if top_after is None else top_after
    line.append(str(top) if top is not None else _("empty"), "bold")
    if top_after is not None:
        line.append(" " + _("after this move"))
    size = view.draw_pile_size
    if short:
        # A line too narrow for both piles breaks between them, the "·" left out; no-break
        # spaces keep "Draw pile:" with its count.
        return Flow([("", line), (" · ", Text(
            _("Draw pile: {count}").format(count=size).replace(" ", "\u00a0")))])
    line.append("    " + ngettext(
        "Draw pile: {count} card face down", "Draw pile: {count} cards face down", size
    ).format(count=size))
    return line


def fitted_piles(view: SeatView, top_after: int | None = None) -> Either:
    """The piles line, short on a narrow terminal."""
    return Either(piles_line(view, top_after), piles_line(view, top_after, short=True))


def history_block(view: SeatView, most: int = HISTORY_LINES,
                  stand_ins: Collection[int] = (), headed: bool = True,
                  public: bool = False, counted: bool = True) -> RenderableType:
    """What the other players did since this seat's last turn (public information only),
    the `most` newest moves of it. `stand_ins` are the places in `view.history` of the turns a
    computer player made for a person (at a hosted table, once the host gave it their seat):
    their mover reads "Bob (computer)". Not `headed`: without the heading over the moves if
    all of them are shown (a small window: one more move in its place). `public`: for the
    whole table to read (a hand-off screen), the seat named. Not `counted`: the newest moves
    alone, unheaded, those left out not counted (the last resort of a window with a line to
    spare, better than no move at all)."""
    events, played = since_last_turn(view)
    if public and played and events:
        unseen = max(0, len(events) - most)
        assert view.seat is not None  # a hand-off screen's view is the mover's
        name = view.names[view.seat]
        heading = _("Since {name}'s last turn:").format(name=name) if not unseen else ngettext(
            "Since {name}'s last turn ({count} move not shown):",
            "Since {name}'s last turn ({count} moves not shown):", unseen).format(
            name=name, count=unseen)
        return _moves(view, Text(heading, "dim"), events[-most:], stand_ins)
    if not events:
        if played:  # a screen that waits for the others (a hosted game's)
            return Text(_("Nobody has played since your turn."), "dim")
        if view.seat != view.mover:
            return Text(_("Nobody has played yet this round."), "dim")
        return Text(_("You are first to play this round."), "dim")
    if not counted:
        return _moves(view, None, events[-most:], stand_ins)
    unseen = max(0, len(events) - most)
    if not unseen:
        heading = _("Since your last turn:") if played else _("This round so far:")
    elif played:  # a short window: the moves left out are counted, not lost without a word
        heading = ngettext("Since your last turn ({count} move not shown):",
                           "Since your last turn ({count} moves not shown):", unseen)
    else:
        heading = ngettext("This round so far ({count} move not shown):",
                           "This round so far ({count} moves not shown):", unseen)
    shown = events[-most:]
    return _moves(view, Text(heading.format(count=unseen), "dim") if headed or unseen else None,
                  shown, stand_ins)


def _moves(view: SeatView, heading: Text | None, events: Sequence[PublicTurn | TurnOver],
           stand_ins: Collection[int]) -> RenderableType:
    """`events`, the newest of `view.history`, one to a line under `heading`."""
    lines: list[RenderableType] = [] if heading is None else [heading]
    first = len(view.history) - len(events)
    for place, event in enumerate(events, first):
        names: Sequence[str] = view.names
        if place in stand_ins and isinstance(event, PublicTurn):
            names = [*names]
            names[event.seat] = _("{name} (computer)").format(name=names[event.seat])
        # Indented as a whole, so that a move that wraps stays apart from the next one.
        lines.append(Padding(move_line(event, names), (0, 0, 0, 2)))
    return Group(*lines)


def turn_screen(
    view: SeatView,
    *,
    preview: tuple[tuple[int, ...], int, int] | None = None,
    history: int = HISTORY_LINES,
    spaced: bool = True,
    title: bool = True,
    caption: bool = True,
    can_put_back: bool = False,
    compact: bool = False,
    top: int = 2,
    stand_ins: Collection[int] = (),
    thrown: int | None = None,
) -> RenderableType:
    """The mover's screen: status, scores, others' moves, own rack, piles, card in hand.

    `preview` is (rack after the move, slot, card pushed out) to show a placement before it
    is confirmed. A smaller terminal gets fewer lines: at most `history` of the others'
    moves (0: none), no blank line unless `spaced`, the rack's `title` and `caption` only if
    asked, the rack in five lines if `compact` (`compact_rack`), and of the status and scores
    lines at the top only the last `top` (2: both, 1: the scores, 0: neither).
    `can_put_back`: the card in hand was taken from the discard pile and may go back.
    `stand_ins`: the turns of `view.history` a computer player made for a person
    (`history_block`). `thrown`: the drawn card the previewed move throws away.
    """
    parts = TurnParts(view, preview=preview, can_put_back=can_put_back, stand_ins=stand_ins,
                      thrown=thrown)
    return Group(*(part for _key, part in parts.chosen(
        history=history, spaced=spaced, title=title, caption=caption, compact=compact, top=top)))


class TurnParts:
    """The pieces a mover's screen (`turn_screen`) is stacked from, each made once however
    many of its fuller or barer forms ask for it: a small window tries many."""

    def __init__(self, view: SeatView, *,
                 preview: tuple[tuple[int, ...], int, int] | None = None,
                 can_put_back: bool = False, stand_ins: Collection[int] = (),
                 thrown: int | None = None) -> None:
        """The pieces of `view`'s screen (`turn_screen` says what each argument does)."""
        self.view = view
        self.preview = preview
        self.can_put_back = can_put_back
        self.stand_ins = stand_ins
        self.thrown = thrown
        self._made: dict[Hashable, RenderableType] = {}

    def chosen(self, *, history: int, spaced: bool, title: bool, caption: bool,
               compact: bool, top: int, headed: bool = True, counted: bool = True
               ) -> list[tuple[Hashable, RenderableType]]:
        """The pieces of one form of the screen (`turn_screen`'s arguments, and `headed` and
        `counted` as `history_block` takes them), top first, each with a key that is the same
        wherever the same piece is used."""
        keys: list[Hashable] = list(("status", "scores")[2 - top:])
        if history:
            keys.append(("history", history, headed, counted))
        if spaced:
            keys.append("blank")
        if title:
            keys.append("title")
        keys.append("compact rack" if compact else "rack")
        if caption:
            keys.append("caption")
        keys.append("piles")
        if self.view.held is not None and self.preview is None:
            keys.append("held")
        return [(key, self.piece(key)) for key in keys]

    def piece(self, key: Hashable) -> RenderableType:
        """The piece named `key` (see `chosen`), made the first time it is asked for."""
        made = self._made.get(key)
        if made is None:
            made = self._made[key] = self._make(key)
        return made

    def _make(self, key: Hashable) -> RenderableType:
        view, preview = self.view, self.preview
        deck = view.rules.deck_size
        rack: Sequence[int] = view.rack if preview is None else preview[0]
        if key == "status":
            return fitted_status(view)
        if key == "scores":
            return fitted_scores(view)
        if isinstance(key, tuple):  # ("history", lines, headed, counted)
            return history_block(view, key[1], self.stand_ins, headed=key[2], counted=key[3])
        if key == "blank":
            return Text()
        if key == "title":
            assert view.seat is not None  # a turn screen's view is of a seat
            me = view.names[view.seat]
            if preview is None:
                return Text(_("{name}'s rack, slot 1 (front) to 10").format(name=me), "bold")
            return Text(_("{name}'s rack if {card} goes into slot {slot}").format(
                name=me, card=view.held, slot=preview[1]), "bold")
        if key == "compact rack":
            return compact_rack(rack, deck, changed_slot=None if preview is None else preview[1])
        if key == "rack":
            if preview is None:
                return fitted_rack(rack, deck)
            return fitted_rack(rack, deck, changed_slot=preview[1], replaced=preview[2])
        if key == "caption":
            return rack_caption(rack, run_of_three=view.rules.run_of_three)
        if key == "piles":
            # The top the previewed move leaves: the card pushed out, or the drawn one thrown.
            return fitted_piles(view, self.thrown if preview is None else preview[2])
        assert key == "held", key
        if view.held_source is Source.DRAW:
            sentence = _("You drew {card}.")
        elif self.can_put_back:
            sentence = _("You take {card} from the discard pile (u puts it back).")
        else:
            sentence = _("You took {card} from the discard pile: it must go into your rack.")
        assert view.held is not None
        return _with_card(sentence, view.held)


def _with_card(sentence: str, card: int) -> Text:
    """`sentence` with its {card} placeholder filled in and highlighted."""
    before, _sep, after = sentence.partition("{card}")
    return Text.assemble(before, (str(card), NEW_CARD), after)


def handoff_screen(view: SeatView, notices: Sequence[RenderableType] = (), *,
                   compact: bool = False, moves: int = 0, boxed: bool = True) -> RenderableType:
    """What shows while the terminal changes hands: public news and status, never a rack;
    `compact`: without blank lines, for a short window; with the newest `moves` of the moves
    made since the mover's last turn (or this round's, before it), those left out counted;
    not `boxed`: whose turn it is without the box round it, for the shortest windows."""
    parts: list[RenderableType] = list(notices)
    if moves and since_last_turn(view)[0]:
        parts.append(history_block(view, moves, public=True))
    if parts and not compact:
        parts.append(Text())
    name = view.names[view.mover]
    card = Text(justify="center")
    turn = _("{name}'s turn").format(name=name)
    away = _("Everyone else, please look away.")
    card.append(turn, "bold")
    card.append("\n" + away, "dim")
    # As wide as its longest line (borders and padding add 6), at least 40; a narrow
    # terminal caps it and the lines wrap.
    width = max(40, cell_len(turn) + 6, cell_len(away) + 6)
    parts += [
        fitted_status(view),
        fitted_scores(view),
        fitted_piles(view),
        *([] if compact else [Text()]),
        Panel(card, box=box.ROUNDED, width=width, padding=(0, 2) if compact else (1, 2))
        if boxed else Text.assemble((turn, "bold"), " · ", (away, "dim")),
    ]
    return Group(*parts)


def dealer_draw_lines(names: Sequence[str], cards: Sequence[int], dealer: int) -> Text:
    """Who drew which card for the first deal, and who deals."""
    drew = ", ".join(
        _("{name} drew {card}").format(name=name, card=card)
        for name, card in zip(names, cards, strict=True)
    )
    return Text(
        _("Drawing for the first deal: {draws}. {dealer} has the highest card and deals "
          "round 1.").format(draws=drew, dealer=names[dealer])
    )


def deal_line(view: SeatView) -> Text:
    """Announces a fresh deal: who dealt, who plays first, the card turned up."""
    return Text(
        _("Round {round}: {dealer} deals ten cards to each player and turns up {card}. "
          "{player} plays first.").format(
            round=view.round, dealer=view.names[view.dealer], card=view.discard_top,
            player=view.names[view.mover],
        )
    )


def variant_labels(rules: Rules, short: bool = False) -> list[str]:
    """The variants a table plays, as a game's opening line names them (`short`: as a summary
    line does, "bonus" for "bonus Rack-O")."""
    return [
        label
        for label, on in (
            (_("bonus") if short else _("bonus Rack-O"), rules.bonus),
            (_("partners"), rules.partners),
            (_("run of three"), rules.run_of_three),
        )
        if on
    ]


def cut_short_note(card: int, name: str | None = None) -> Text:
    """What is told of a turn cut short holding the drawn `card`, which was discarded: to the
    person who drew it (None), or naming them (`name`) at a screen others see (the card was
    discarded face up: nothing private)."""
    if name is None:
        told = _("Your turn was cut short after you drew {card}: a draw cannot be undone, so it "
                 "was discarded.").format(card=card)
    else:
        told = _("{name}'s turn was cut short after drawing {card}: a draw cannot be undone, so "
                 "it was discarded.").format(name=name, card=card)
    return Text(told, "yellow")
