"""The end of a round and of the game: the Rack-O moment, the round score table, the standings.

Pure functions from a RoundResult (and the names and rules), or the game after it, to rich
renderables.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from rich import box
from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.measure import Measurement
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from rack_o.game import Game
from rack_o.i18n import _, listed, ngettext
from rack_o.rack import (
    POINTS_PER_CARD,
    RACKO_POINTS,
    SHORTEST_RUN,
    longest_run_slots,
    ordered_count,
)
from rack_o.rules import Rules
from rack_o.view import RoundResult

from .screens import NOT_SCORING, SCORING, Either, ForWidth, side_name
from .trimmed import Trimmed

PROMPT_ROOM = 2
"""Lines a round's end leaves under it for the prompt that follows (see session.PROMPT_LINES)."""


def racko_banner(result: RoundResult, names: Sequence[str], boxed: bool = True
                 ) -> RenderableType:
    """The Rack-O moment: who went out, in which round, after how many turns; in a box, or
    bare (`boxed` False) where the screen is short of lines."""
    text = Text(justify="center" if boxed else "left")
    text.append("RACK-O!", "bold yellow")
    text.append("  " + _("{name} goes out in round {round}").format(
        name=names[result.racko], round=result.round), "bold")
    text.append(" " + ngettext("after {count} turn.", "after {count} turns.", result.turns).format(
        count=result.turns))
    return Panel(text, box=box.HEAVY, expand=False) if boxed else text


def _rack_cells(rack: Sequence[int], counted: int, run: range = range(0)) -> Text:
    """`rack`'s cards, the `counted` first in the scoring colour, the `run` underlined whole
    (the blanks between its cards too, not the one before it)."""
    text = Text()
    for i, card in enumerate(rack):
        within = i - 1 in run and i in run
        blanks = (" " if i else "") + (" " if card < 10 else "")
        text.append(blanks, "underline" if within else "")
        style = SCORING if i < counted else NOT_SCORING
        text.append(str(card), f"{style} underline" if i in run else style)
    return text


def _counted_run(rack: Sequence[int], racko: bool, rules: Rules) -> range:
    """The run a Rack-O's points or its very Rack-O hang on (the bonus, the run-of-three
    rule), to underline; none for another rack or when the rules ask for no run."""
    if not racko or not (rules.bonus or rules.run_of_three):
        return range(0)
    run = longest_run_slots(rack)
    return run if len(run) >= SHORTEST_RUN else range(0)


def points_breakdown(rack: Sequence[int], points: int, bonus: int, went_racko: bool,
                     short: bool = False) -> str:
    """How a rack's round points were made: "75 Rack-O", "75 + 100 bonus = 175" (`short`:
    "75 + 100 = 175", the footnote naming the bonus), "6 × 5 = 30"."""
    if went_racko:
        if bonus:
            sum_ = "{racko} + {bonus} = {points}" if short else _(
                "{racko} + {bonus} bonus = {points}")
            return sum_.format(racko=RACKO_POINTS, bonus=bonus, points=points)
        return _("{points} Rack-O").format(points=points)
    return f"{ordered_count(rack)} × {POINTS_PER_CARD} = {points}"


def _to_go(target: int, total: int) -> str:
    return str(target - total) if total < target else _("reached")


def points_caption(rules: Rules, result: RoundResult | None = None, *,
                   styled: bool = True) -> str:
    """How round points are made, the footnote of a round table (of `result`'s: saying that
    its Rack-O's run is underlined, when it counted one and the screen shows styles)."""
    caption = _("Points: n × 5 for n cards in order from slot 1; 75 for the Rack-O")
    if rules.bonus:
        caption += _(", plus its run bonus")
    if rules.run_of_three:
        caption += _("; a Rack-O also needs a run of three")
    if styled and result is not None and _counted_run(result.racks[result.racko], True, rules):
        caption += _("; the Rack-O's run is underlined")
    return caption


class Footnote:
    """A round table's footnote (`points_caption`), dim, wrapped at the console's width; it
    names the underline only where the console shows styles (not on TERM=dumb, nor in a
    file or a pipe, where nothing is underlined)."""

    def __init__(self, rules: Rules, result: RoundResult) -> None:
        self.rules = rules
        self.result = result

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield Text(points_caption(self.rules, self.result,
                                  styled=console.color_system is not None), "dim")


def round_table(
    result: RoundResult, names: Sequence[str], rules: Rules, *, caption: bool = True,
    compact: bool = False, short: bool = False,
) -> Table:
    """Each player's rack (the cards in order from slot 1 green), round points and totals.

    Without `caption` the footnote is left to the caller (to wrap at the terminal's width,
    not the table's); `short` gives a bonus sum in figures only (`points_breakdown`);
    `compact` (a narrow terminal) shows the points without how they were made and no
    distance to the target, and lets a long name wrap.
    """
    table = Table(
        # A Text, not a str: a name is never read as markup.
        title=Text(_("Round {round} — {dealer} dealt").format(
            round=result.round, dealer=names[result.dealer]
        ), "italic"),
        # Two spaces between columns (the box's divider and a left padding), none at the
        # edges (`_room` counts on it).
        box=box.SIMPLE_HEAD,
        padding=(0, 0, 0, 1),
        pad_edge=False,
        show_edge=False,
        caption=points_caption(rules, result) if caption else None,
        caption_justify="left",
    )
    # A name never breaks (a team name wraps at " & "); nothing else ever wraps: a row is
    # one line (`lineup` gives up the bonus's word, then this form, where it would not be).
    longest = max(cell_len(name) for name in names)
    table.add_column(_("Player"),
                     min_width=None if compact else longest + (2 if rules.partners else 0))
    rack, *figures = _headings(compact)
    table.add_column(rack, no_wrap=True)
    for heading in figures:
        table.add_column(heading, justify="right", no_wrap=True)
    players, teams = _rows(result, names, rules, compact=compact, short=short)
    for row in players:
        table.add_row(*row)
    if teams:
        table.add_section()
        for row in teams:
            table.add_row(*row)
    return table


Row = tuple[Text | str, ...]
"""A row of a round table, its cells from the names' column on."""


def _headings(compact: bool) -> list[str]:
    """The round table's headings but the names': the rack's, then the figures'."""
    headings = [_("Rack, slot 1 → 10"), _("Points"), _("Total")]
    return headings if compact else [*headings, _("To go")]


def _rows(result: RoundResult, names: Sequence[str], rules: Rules, *, compact: bool,
          short: bool) -> tuple[list[Row], list[Row]]:
    """The round table's rows (`round_table`): each player's, then each team's (none
    without partners)."""
    players: list[Row] = []
    for seat, rack in enumerate(result.racks):
        racko = seat == result.racko
        counted = len(rack) if racko else ordered_count(rack)
        name = Text(names[seat], "bold" if racko else "")
        points = points_breakdown(rack, result.points[seat], result.bonus[seat], racko, short)
        if compact:
            points = _("{points} Rack-O").format(points=result.points[seat]) if racko \
                else str(result.points[seat])
        total = to_go = ""
        if not rules.partners:
            total = str(result.totals[seat])
            to_go = _to_go(rules.target, result.totals[seat])
        players.append((name, _rack_cells(rack, counted, _counted_run(rack, racko, rules)),
                        points, total,
                        *(() if compact else (to_go,))))
    teams: list[Row] = []
    if rules.partners:
        for team, team_total in enumerate(result.totals):
            won = sum(p for seat, p in enumerate(result.points) if rules.team_of(seat) == team)
            teams.append((
                Text(side_name(rules, names, team), "bold"),
                "",
                str(won),
                str(team_total),
                *(() if compact else (_to_go(rules.target, team_total),)),
            ))
    return players, teams


def racks_under_names(result: RoundResult, names: Sequence[str], rules: Rules, *,
                      headed: bool = True) -> Group:
    """The round table for a terminal too narrow for its columns: (if `headed`, the round and
    its dealer, and how a rack reads) each player's round points (and total) on a line, their
    rack on the next; then each team's points and total."""
    lines: list[RenderableType] = [Text(_("Round {round} — {dealer} dealt").format(
                 round=result.round, dealer=names[result.dealer]), "italic"),
             Text(_("Rack, slot 1 → 10"), "dim")] if headed else []
    for seat, rack in enumerate(result.racks):
        racko = seat == result.racko
        worth = (_("{points} Rack-O").format(points=result.points[seat]) if racko
                 else str(result.points[seat]))
        forms = [worth]
        if racko and result.bonus[seat]:  # "75 + 50 = 125" where it fits: no Rack-O is worth 125
            forms.insert(0, points_breakdown(rack, result.points[seat], result.bonus[seat], True,
                                             short=True))
        texts = []
        for points in forms:
            if rules.partners:
                line = _("{name}: {points}").format(name=names[seat], points=points)
            else:
                # Translators: a player's (or team's) points this round and total so far, on
                # a narrow terminal's round table.
                line = _("{name}: {points} · total {total}").format(
                    name=names[seat], points=points, total=result.totals[seat])
                # Translators: how many points a player still needs to reach the game's
                # target, after their total on a narrow terminal's round table.
                line += " · " + (_("{count} to go").format(
                    count=rules.target - result.totals[seat])
                    if result.totals[seat] < rules.target else _("reached"))
            text = Text(line)
            if racko:
                text.highlight_words([names[seat]], "bold")
            texts.append(text)
        lines += [Either(*texts), Text("  ").append_text(
            _rack_cells(rack, len(rack) if racko else ordered_count(rack),
                        _counted_run(rack, racko, rules)))]
    if rules.partners:
        for team, total in enumerate(result.totals):
            won = sum(p for seat, p in enumerate(result.points) if rules.team_of(seat) == team)
            lines.append(Text(_("{name}: {points} · total {total}").format(
                name=side_name(rules, names, team), points=won, total=total), "bold"))
    return Group(*lines)


def _cell_width(cell: object) -> int:
    """The columns a text cell (a str or a Text) takes: its widest line."""
    text = cell.plain if isinstance(cell, Text) else str(cell)
    return max((cell_len(line) for line in text.splitlines()), default=0)


class Lineup(NamedTuple):
    """How a game's full round tables line up: the bonus sums in figures only (`short`) or
    in words, each column's width but the names', and the names' column's."""

    short: bool
    widths: tuple[int, ...]
    names_width: int


def lineup(results: Sequence[RoundResult], names: Sequence[str], rules: Rules,
           width: int) -> Lineup | None:
    """How the full round tables of `results` line up (each column as wide in all, so that
    round after round they line up) if they fit `width` columns so with every row on one
    line: with the bonus sums in words, else in figures (the footnote names the bonus); None
    if they do not fit even so. Only measures: no table is kept, however many the rounds."""
    # The names' column: its heading, or the longest name; a team's whole where it fits
    # (the bonus sums in figures rather than a team's name on two lines), else wrapped at " & ".
    titled = cell_len(_("Player"))
    wrapped = max(titled, max(cell_len(name) for name in names) + (2 if rules.partners else 0))
    whole = max([wrapped, *(cell_len(side_name(rules, names, side))
                            for side in range(rules.teams) if rules.partners)])
    forms = (False, True) if any(any(result.bonus) for result in results) else (False,)
    for longest, short in dict.fromkeys((names_width, short) for names_width in (whole, wrapped)
                                        for short in forms):
        widths = [_cell_width(heading) for heading in _headings(compact=False)]
        for result in results:
            for rows in _rows(result, names, rules, compact=False, short=short):
                for row in rows:
                    widths = [max(least, _cell_width(cell))
                              for least, cell in zip(widths, row[1:], strict=True)]
        # Two spaces before each column but the names' (the table's padding and divider).
        if longest + sum(2 + column for column in widths) <= width:
            return Lineup(short, tuple(widths), longest)
    return None


def lined_up_table(result: RoundResult, names: Sequence[str], rules: Rules,
                   lined: Lineup) -> Table:
    """The full round table of `result` (without its footnote), its columns as wide as
    `lined` (`lineup`) says."""
    table = round_table(result, names, rules, caption=False, short=lined.short)
    table.columns[0].min_width = lined.names_width
    for column, least in zip(table.columns[1:], lined.widths, strict=True):
        column.min_width = least
    return table


def fitted_round_table(result: RoundResult, names: Sequence[str], rules: Rules,
                       caption: bool = True, *, headed: bool = True) -> Group:
    """The round table as wide as the terminal allows (the full one, the compact one, else
    the racks under the names, `headed` or not: a name, a rack or a score is never cut, a row
    never wraps), its footnote wrapped at the terminal's width (left out without `caption`)."""

    def fitted(width: int) -> RenderableType:
        lined = lineup([result], names, rules, width)
        if lined is not None:
            return lined_up_table(result, names, rules, lined)
        return _Widest(round_table(result, names, rules, caption=False, compact=True),
                       racks_under_names(result, names, rules, headed=headed))

    return Group(ForWidth(fitted),
                 *([Footnote(rules, result)] if caption else []))


def leaders(totals: Sequence[int]) -> list[int]:
    """The sides sharing the highest total."""
    best = max(totals)
    return [side for side, total in enumerate(totals) if total == best]


def tie_note(totals: Sequence[int], names: Sequence[str], rules: Rules) -> Text | None:
    """The exact-tie sentence when two or more sides share the top at or above the target."""
    top = leaders(totals)
    if len(top) < 2 or totals[top[0]] < rules.target:
        return None
    who = listed([side_name(rules, names, side) for side in top])
    return Text(
        _("{names} are tied at the top with {points}: another round decides.").format(
            names=who, points=totals[top[0]]
        ),
        "bold",
    )


def round_end_lines(game: Game) -> list[RenderableType]:
    """The end of the last round: the Rack-O banner, the round table, a tie at the top, as
    full as the screen's height allows (`RoundEnd`)."""
    names = tuple(p.name for p in game.players)
    result = game.rounds[-1]
    return [RoundEnd(result, names, game.rules, tie_note(game.totals, names, game.rules))]


def round_end_forms(lines: Sequence[RenderableType]) -> list[list[RenderableType]]:
    """`lines` with the round's end they start with (`round_end_lines`) in each of its forms,
    fullest first, for a screen that fits them in the room it has left (a `RoundEnd` picks
    its form by the whole window's height); other lines as they are, in one form."""
    if not lines or not isinstance(lines[0], RoundEnd):
        return [list(lines)]
    return [[Trimmed(form), *lines[1:]] for form in lines[0].forms()]


class RoundEnd:
    """A round's end in the fullest form that leaves `PROMPT_ROOM` lines of the screen free:
    the banner boxed, then bare, then without the points footnote too, then (racks under
    names) without the round's heading either. Who went out is the line that matters most: it
    is the last thing given up (only on a screen too short for even the barest form, whose
    top then scrolls away)."""

    def __init__(self, result: RoundResult, names: Sequence[str], rules: Rules,
                 note: Text | None = None) -> None:
        self.result = result
        self.names = names
        self.rules = rules
        self.note = note

    def forms(self) -> list[Group]:
        """The forms the round's end may take, fullest first."""
        result, names, rules = self.result, self.names, self.rules
        note = [self.note] if self.note is not None else []
        return [Group(racko_banner(result, names, boxed), fitted_round_table(
                    result, names, rules, caption, headed=headed), *note)
                for boxed, caption, headed in ((True, True, True), (False, True, True),
                                               (False, False, True), (False, False, False))]

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        room = (options.height or console.height) - PROMPT_ROOM
        unlimited = options.update(height=None)
        forms = self.forms()
        for form in forms:
            if len(console.render_lines(form, unlimited, pad=False)) <= room:
                break
        yield Trimmed(form)  # its centred title padded with blanks, in a pipe too

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement.get(console, options, self.forms()[0])


def standings(
    totals: Sequence[int], names: Sequence[str], rules: Rules, winner: int, rounds: int, *,
    compact: bool = False,
) -> Trimmed:
    """Final standings, best first, and the sentence naming the winner (no line ending in
    blanks: its `renderable` is the table as laid out); `compact`, without the table's blank
    edges (for a small window)."""
    table = Table(title=_("Final standings"), box=box.SIMPLE_HEAD, padding=(0, 1),
                  show_edge=not compact)
    table.add_column(_("Place"), justify="right")
    table.add_column(_("Team") if rules.partners else _("Player"))
    table.add_column(_("Points"), justify="right", no_wrap=True)
    order = sorted(range(len(totals)), key=lambda side: -totals[side])
    for side in order:
        style = "bold" if side == winner else ""
        # Equal totals share a place ("1, 2, 2, 4"): the winner alone is ever first.
        place = 1 + sum(total > totals[side] for total in totals)
        table.add_row(str(place), Text(side_name(rules, names, side), style), str(totals[side]))
    if rules.partners:
        sentence = ngettext(
            "{names} win with {points} points after {count} round.",
            "{names} win with {points} points after {count} rounds.",
            rounds,
        )
    else:
        sentence = ngettext(
            "{name} wins with {points} points after {count} round.",
            "{name} wins with {points} points after {count} rounds.",
            rounds,
        )
    text = sentence.format(
        name=side_name(rules, names, winner), names=side_name(rules, names, winner),
        points=totals[winner], count=rounds,
    )
    return Trimmed(Group(table, Text(text, "bold green")))


def score_sheet(
    rounds: Sequence[RoundResult], names: Sequence[str], rules: Rules, totals: Sequence[int]
) -> RenderableType:
    """Every finished round's points and the totals, one column per side; with partners each
    player's points too, before their team's, where the width allows (else the teams only)."""
    title = Text(_("Score sheet — first to {target} wins").format(target=rules.target), "bold")
    if not rounds:
        return Group(title, Text(_("No round has finished yet."), "dim"))
    teams = _sheet(rounds, names, rules, totals, by_player=False)
    if not rules.partners:
        return Group(title, teams)
    return Group(title, _Widest(_sheet(rounds, names, rules, totals, by_player=True), teams))


class _Column(NamedTuple):
    """A column of the score sheet: a side's (a player's or a team's), or a partner's."""

    heading: str
    points: list[int]
    """In each round."""
    total: int
    is_side: bool


def _sheet(
    rounds: Sequence[RoundResult], names: Sequence[str], rules: Rules, totals: Sequence[int],
    *, by_player: bool,
) -> Table:
    """The score sheet's table: a column per side, and with `by_player` (partners) a column per
    player before their team's, dim: the team's points are the ones that count."""
    columns: list[_Column] = []
    for side in range(rules.teams):
        seats = [seat for seat in range(len(names)) if rules.team_of(seat) == side]
        if by_player:
            columns += [_Column(names[seat], [result.points[seat] for result in rounds],
                                sum(result.points[seat] for result in rounds), False)
                        for seat in seats]
        columns.append(_Column(side_name(rules, names, side),
                               [sum(result.points[seat] for seat in seats) for result in rounds],
                               totals[side], True))
    table = Table(box=box.SIMPLE_HEAD, padding=(0, 0, 0, 2), pad_edge=False, show_edge=False)
    table.add_column(_("Round"), justify="right", no_wrap=True)
    for column in columns:
        # A side's name may wrap (a team's at " & "); a partner's column is only shown whole.
        table.add_column(Text(column.heading, "" if column.is_side else "dim"), justify="right",
                         no_wrap=not column.is_side)
    for row, result in enumerate(rounds):
        table.add_row(str(result.round), *(
            Text(str(column.points[row]), "" if column.is_side else "dim") for column in columns))
    table.add_section()
    table.add_row(Text(_("Total"), "bold"), *(
        Text(str(column.total), "bold" if column.is_side else "dim") for column in columns))
    return table


UNBOUNDED = 10_000
"""Columns wider than any table's natural width."""


class _Widest:
    """`wide` where it fits the width it is drawn at unwrapped, else `narrow`."""

    def __init__(self, wide: RenderableType, narrow: RenderableType) -> None:
        self.wide = wide
        self.narrow = narrow

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        # Measured as if there were room to spare: a measurement never exceeds the width.
        unbounded = options.update_width(UNBOUNDED)
        fits = Measurement.get(console, unbounded, self.wide).maximum <= options.max_width
        yield self.wide if fits else self.narrow
