"""`racko replay`: step through a recorded game turn by turn with every rack shown, or summarize it.

The record is first read and checked whole (`rack_o.store.records`), then its deals and
turns are played again through the engine one at a time, so each screen shows the true
state after that step.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass

import click
from rich.cells import cell_len
from rich.console import Console, Group, RenderableType
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from rack_o.actions import Phase, Source
from rack_o.game import Game
from rack_o.i18n import N_, _, ngettext
from rack_o.rack import ordered_count
from rack_o.record import LEFT, STAND_IN, turn_lines
from rack_o.record import replay as replay_record
from rack_o.steps import Deal, DealerDraw, Turn, TurnOver
from rack_o.store.records import Record, shown_seed
from rack_o.view import PublicTurn

from .bindings import HELP_KEY, QUIT_KEY
from .console import ENTER, SPACE, Terminal, lines_taken, make_console
from .exits import EXIT_INTERRUPTED
from .flow import Flow
from .history import local_time
from .keys import BACKSPACE
from .messages import drop_command, resume_command
from .prompt import echo, fitting, is_silent, wrong_key_note
from .quit_signal import key_named
from .recordfile import (
    GAME_REF,
    OwnRound,
    is_private,
    own_round,
    played_now,
    read_record,
    refuse_private,
    refuse_reveal_now,
    torn_note,
)
from .scoreboard import (
    Footnote,
    fitted_round_table,
    lined_up_table,
    lineup,
    round_end_lines,
    standings,
    tie_note,
)
from .screens import (
    NEW_CARD,
    NOT_SCORING,
    SCORING,
    ForWidth,
    cut_short_note,
    deal_line,
    dealer_draw_lines,
    describe_turn,
    scores_of,
    side_name,
    variant_labels,
)
from .stopping import stopped_by_signals
from .trimmed import Trimmed

# Enter's action is said as play's is ("Press Enter for the final standings"): "Enter next
# turn" and "Enter the rest of this turn" read as an instruction to type it.
# Each from the fullest to the shortest: the first that fits the window is shown.
# A narrower window gets fewer words, never fewer keys: b is the only way back.
KEYS_PROMPT = (
    N_("[bold]Enter[/] for the next turn · [bold]n[/] end of the round · [bold]b[/] back · "
       "[bold]q[/] quit"),
    N_("[bold]Enter[/] next turn · [bold]n[/] round's end · [bold]b[/] back · [bold]q[/] quit"),
)
KEYS_PROMPT_AT_ROUND_END = (
    N_("[bold]Enter[/] for the next turn · [bold]n[/] next round's end · [bold]b[/] back · "
       "[bold]q[/] quit"),
    N_("[bold]Enter[/] next turn · [bold]n[/] next round's end · [bold]b[/] back · "
       "[bold]q[/] quit"),
)
KEYS_HELP = N_(
    "Press Enter (or Space) for the next turn, n to jump to the end of the round, b (or the "
    "Left arrow) to go back a turn, q to quit."
)
MORE_PROMPT = N_("[bold]Enter[/] for the rest of this turn · [bold]b[/] back · [bold]q[/] quit")
MORE_HELP = N_(
    "This turn goes on over the next screen: press Enter (or Space) to see the rest of it, "
    "b to go back, q to quit."
)
ROUND_END_PROMPT = N_("[bold]Enter[/] for the end of the round · [bold]b[/] back · [bold]q[/] quit")
ROUND_END_HELP = N_(
    "This round's end goes on over the next screen: press Enter (or Space) to see the rest of "
    "it, b to go back, q to quit."
)
RECORD_END_PROMPT = N_("[bold]Enter[/] for the end of the record · [bold]b[/] back · "
                       "[bold]q[/] quit")
STANDINGS_PROMPT = N_("[bold]Enter[/] for the final standings · [bold]b[/] back · [bold]q[/] quit")
STANDINGS_HELP = N_(
    "The game's end goes on over the next screen: press Enter (or Space) to see the final "
    "standings, b to go back, q to quit."
)
RECORD_END_HELP = N_(
    "The record ends on the next screen: press Enter (or Space) to see it, b to go back, q to "
    "quit."
)
END_PROMPT = N_("[bold]Enter[/] or [bold]q[/] ends the replay · [bold]b[/] back")
END_HELP = N_("The replay is over: press Enter (or Space) or q to leave it, b to go back.")
# What may be pressed, said after a wrong key ("Up arrow is not valid here: …").
KEYS_VALID = N_("press Enter (or Space) for the next turn, n to jump to the end of the round, "
                "b to go back a turn, q to quit")
MORE_VALID = N_("press Enter (or Space) for the rest of this turn, b to go back a turn, q to quit")
ROUND_END_VALID = N_("press Enter (or Space) for the rest of the round's end, b to go back a "
                     "turn, q to quit")
RECORD_END_VALID = N_("press Enter (or Space) for the end of the record, b to go back a turn, "
                      "q to quit")
STANDINGS_VALID = N_("press Enter (or Space) for the final standings, b to go back a turn, "
                     "q to quit")
END_VALID = N_("press Enter (or Space) or q to leave the replay, b to go back a turn")
NEXT = (ENTER, SPACE, "right")
"""The keys that go on to the next step (the Right arrow, as the Left goes back)."""
BACK = ("b", "left", BACKSPACE)
"""The keys that go back to the step before (b, as in racko's pager)."""

EXAMPLE = N_("""\b
Examples:
  racko replay 2026-11-29-2105-ann-bob
  racko replay tuesday.jsonl --summary
""")


@dataclass(frozen=True)
class Step:
    """One moment of the replay: what just happened, and the game right after it."""

    game: Game
    what: str
    """One sentence: the deal, or the turn with every card named."""
    actor: int | None = None
    """The seat that just played, if a turn."""
    changed: int | None = None
    """The slot the actor just put a card into."""
    round_over: bool = False
    hidden: frozenset[int] = frozenset()
    """The seats whose racks the step keeps face down (`own_round`)."""


HIDDEN_CARD = "?"
"""A card of a rack kept face down, in the racks table."""


def steps(record: Record, own: OwnRound | None = None) -> Iterator[Step]:
    """The record's dealer draw, deals and turns, each with the game right after it.

    A turn-over or a round end is told on the screen of the turn that caused it. In `own`'s
    round (one person's, still being played) the other racks stay face down and their turns
    are told as the table saw them (a drawn card kept stays hidden), until the round ends.
    """
    names: list[str] = []
    drawable = 0  # the draw pile's size before the step being replayed
    lines = turn_lines(record.events)  # each Turn's own line: what racko noted of it
    for step, game in replay_record(list(enumerate(record.events, start=1))):
        if isinstance(step, DealerDraw):
            names = [p.name for p in game.players]
            yield Step(game, str(dealer_draw_lines(names, step.cards, step.dealer)))
        elif isinstance(step, Deal):
            yield Step(game, deal_line(game.view(game.mover)).plain,
                       hidden=_hidden(own, game.round, len(names)))
        elif isinstance(step, Turn):
            over = game.phase is Phase.DEAL or game.phase is Phase.OVER
            hidden = frozenset() if over else _hidden(own, game.round, len(names))
            line = next(lines).line
            if line.get(LEFT):
                # Not a choice: they left holding the card they drew, thrown away for them.
                what = cut_short_note(step.card, names[step.seat]).plain
            else:
                movers = names
                if line.get(STAND_IN):  # a hosted table's computer player, in a person's seat
                    movers = [*names]
                    movers[step.seat] = _("{name} (computer)").format(name=names[step.seat])
                what = describe_turn(_as_seen(step) if step.seat in hidden else step, movers)
            # A turn never adds to the draw pile: it grew because it ran out and the discard
            # pile was turned over, its first card turned up. (Told so, not looked up in the
            # round's history: that costs the round's length, each turn of a long round.)
            if not over and game.draw_pile_size > drawable:
                assert game.discard_top is not None  # the card turned up
                what += " " + describe_turn(TurnOver(game.round, game.discard_top), names)
            yield Step(game, what, step.seat, step.slot, over, hidden)
        drawable = game.draw_pile_size


def _hidden(own: OwnRound | None, round_: int, players: int) -> frozenset[int]:
    """The seats kept face down in round `round_`: all but the person's in `own`'s round."""
    if own is None or round_ != own.round:
        return frozenset()
    return frozenset(range(players)) - {own.seat}


def _as_seen(turn: Turn) -> PublicTurn:
    """`turn` as the table saw it: a drawn card kept stays hidden."""
    taken = turn.card if turn.source is Source.DISCARD else None
    return PublicTurn(turn.seat, turn.source, taken, turn.slot, turn.discarded)


RACK_CELLS = 1 + 10 * 3
"""Columns a rack takes in the racks table: ten cards of up to two digits, a space before each,
and the space before the "now" column."""
NOW_LEAST = 3
"""The least room the "now" column of the racks takes (after its space): a three-letter word."""


def _known(game: Game, hidden: Collection[int]) -> dict[int, dict[int, int]]:
    """slot -> card of the cards each `hidden` seat took from the discard pile and kept, as the
    seat shown face up saw them (none when no seat is hidden)."""
    if not hidden:
        return {}
    from rack_o.bots.memory import known_racks

    viewer = next(seat for seat in range(game.rules.players) if seat not in hidden)
    return known_racks(game.view(viewer))


def racks_table(game: Game, actor: int | None = None, changed: int | None = None,
                width: int | None = None, hidden: Collection[int] = ()) -> Table:
    """Every rack on one line each, the part that scores in green, the actor's new card marked;
    a rack gone out says "Rack-O" in the "now" column, or a short word where `width` leaves
    too little room for it. The `hidden` seats' racks are face down: a mark for each card
    but those taken from the discard pile (`_known`), the slot the actor just changed marked
    as a new card is, and no points."""
    names = [p.name for p in game.players]
    racko = "Rack-O"
    # A name too long for the width is cut ("Alexandra…"): never a card.
    name_cells = max(cell_len(name) for name in [*names, _("slot")])
    if width is not None:
        name_cells = max(1, min(name_cells, width - RACK_CELLS - NOW_LEAST))
    room = None if width is None else width - name_cells - RACK_CELLS
    # Translators: the heading of the column of racko replay's racks that holds what each rack
    # would score if the round ended now; "now" where the terminal is too narrow for it.
    headings = (_("points now"), _("now"))
    # A heading cut short ("ma…") says less than none: the points speak for it.
    now = next((heading for heading in headings if room is None or cell_len(heading) <= room), "")
    if room is not None and max(cell_len(racko), cell_len(_("now"))) > room:
        # Translators: a rack gone out, in the "now" column of racko replay's racks on a
        # narrow terminal, where "Rack-O" does not fit: one whole word of at most 3 letters.
        racko = _("out")
    table = Table.grid(padding=(0, 1))
    table.add_column(no_wrap=True, max_width=name_cells, overflow="ellipsis")
    for _slot in range(10):
        table.add_column(justify="right", width=2)
    table.add_column(justify="right")
    table.add_row(Text(_("slot"), "dim"), *(Text(str(n), "dim") for n in range(1, 11)),
                  Text(now, "dim"))
    # What the one seat shown face up knows of the others: the cards they took from the
    # discard pile, in full view, and kept where they put them.
    known = _known(game, hidden)
    for seat, rack in enumerate(game.racks):
        if seat in hidden:
            table.add_row(
                Text(game.players[seat].name, "bold" if seat == actor else ""),
                *(Text(str(known[seat][slot]) if slot in known.get(seat, {}) else HIDDEN_CARD,
                       NEW_CARD if seat == actor and slot == changed else "dim")
                  for slot in range(1, len(rack) + 1)),
                Text(""))
            continue
        counted = ordered_count(rack)
        cells = []
        for i, card in enumerate(rack):
            style = SCORING if i < counted else NOT_SCORING
            if seat == actor and i + 1 == changed:
                style = NEW_CARD
            cells.append(Text(str(card), style))
        name = Text(game.players[seat].name, "bold" if seat == actor else "")
        points = racko if counted == len(rack) else str(5 * counted)
        table.add_row(name, *cells, Text(points))
    return table


def step_screen(step: Step, record_id: str) -> RenderableType:
    """The replay screen for a step: where we are, what happened, every rack, piles, scores."""
    game = step.game
    names = [p.name for p in game.players]
    head = Text(_("Replay of {id}").format(id=record_id), "bold")
    if game.round:
        head.append("  ·  " + _("round {round}, turn {turn}").format(
            round=game.round, turn=game.turn))
        head.append("  ·  " + _("{dealer} dealt").format(dealer=names[game.dealer]))
    parts: list[RenderableType] = [head, Text(step.what)]
    if game.round:
        parts += [
            Text(),
            ForWidth(lambda width: racks_table(game, step.actor, step.changed, width,
                                               step.hidden)),
            Text(_("Discard pile:") + f" {game.discard_top}    " + ngettext(
                "Draw pile: {count} card", "Draw pile: {count} cards", game.draw_pile_size
            ).format(count=game.draw_pile_size)),
            Text(_("Scores:") + " " + _scores(game) + "   "
                 + _("(first to {target} wins)").format(target=game.rules.target)),
        ]
        if step.hidden:
            parts.append(Text(_("The other racks stay face down until the round ends: --reveal "
                                "shows them."), "dim"))
    return Group(*parts)


def _scores(game: Game) -> str:
    names = [p.name for p in game.players]
    sides = [side_name(game.rules, names, side) for side in range(game.rules.teams)]
    return " · ".join(scores_of(sides, game.totals))


def round_over_parts(game: Game) -> list[RenderableType]:
    """The round's end in the parts a screen may be cut between: the Rack-O banner, the
    round's score table, and the standings if the game ended."""
    parts = round_end_lines(game)
    if game.is_over and game.winner is not None:
        names = [p.name for p in game.players]
        parts.append(standings(game.totals, names, game.rules, game.winner, len(game.rounds)))
    return parts


def step_screens(console: Console, step: Step, record: Record, last: bool,
                 room: int) -> list[Group]:
    """A step's screens, each within `room` lines if it can be: the step, then (when it
    ended the round, or the record) what follows it, on as few screens as fit."""
    parts = [step_screen(step, record.id)]
    if step.round_over:
        parts += round_over_parts(step.game)
    if last and not record.game.is_over:
        parts.append(unfinished_note(record))
    screens: list[list[RenderableType]] = []
    for part in parts:
        if screens and lines_taken(console, *screens[-1], part) <= room:
            screens[-1].append(part)
        else:
            screens.append([part])
    return [Group(*screen) for screen in screens]


def unfinished_note(record: Record) -> Text:
    """Where an unfinished record stops (and a line cut off, if one was), and how to carry the
    game on."""
    from rack_o.bots import any_outside
    from rack_o.match import DEFAULT_TURN_CAP  # simulate's machinery, for this case only
    from rack_o.store.writer import is_busy

    game = record.game
    load_bots = any_outside(record.header.players)
    torn = torn_note(record)
    command: str | None
    if game.turn >= DEFAULT_TURN_CAP and not any(p.is_human for p in game.players):
        # Computer players alone stopped at the turn cap: carried on, it would stop again.
        said = ngettext(
            "The record ends in round {round} after {count} turn ({scores}): computer players "
            "alone did not finish the round, so the game cannot be carried on. Remove its "
            "record with:",
            "The record ends in round {round} after {count} turns ({scores}): computer players "
            "alone did not finish the round, so the game cannot be carried on. Remove its "
            "record with:",
            game.turn,
        )
        command = drop_command(record.ref)
    elif game.round == 0:
        # Nothing dealt yet (the record stops after its game line): there is no round 0.
        busy = is_busy(record.path)
        said = (_("The record ends before the first deal: the game is being played right now "
                  "in another racko.") if busy else
                _("The record ends before the first deal: the game is unfinished. Carry it on "
                  "with:"))
        command = None if busy else resume_command(record.ref, load_bots=load_bots)
    elif is_busy(record.path):
        # `racko resume` would refuse it: it is being played, and carried on there.
        said = ngettext(
            "The record ends in round {round} after {count} turn ({scores}): the game is "
            "being played right now in another racko.",
            "The record ends in round {round} after {count} turns ({scores}): the game is "
            "being played right now in another racko.",
            game.turn,
        )
        command = None
    else:
        said = ngettext(
            "The record ends in round {round} after {count} turn ({scores}): the game is "
            "unfinished. Carry it on with:",
            "The record ends in round {round} after {count} turns ({scores}): the game is "
            "unfinished. Carry it on with:",
            game.turn,
        )
        command = resume_command(record.ref, load_bots=load_bots)
    said = said.format(round=game.round, count=game.turn, scores=_scores(game))
    return Text((torn + "\n" if torn else "") + said + ("\n" + command if command else ""),
                "bold")


def summary(record: Record, width: int, *, reveal: bool = False) -> Iterator[RenderableType]:
    """Each round's score table and the result, without stepping, for a screen `width`
    columns wide, part after part (a round a part: a game of thousands of rounds is printed
    as it is drawn, never drawn whole in memory first); the seed left out of an unfinished
    game of 2 or more people unless `reveal` (it deals every rack again)."""
    game = record.game
    names = [p.name for p in game.players]
    header = record.header
    rules = game.rules
    details = [_("first to {target}").format(target=rules.target),
               *variant_labels(rules, short=True),
               _("started {started}").format(started=local_time(header.started))]
    # A record may have no seed (a game dealt by other means).
    if header.seed is not None and (reveal or not is_private(record)):
        details.append(_("seed {seed}").format(seed=shown_seed(header.seed)))
    # The ID and players on one line, the rules and start on the next, each kept whole.
    yield Text(f"{record.id}: {', '.join(names)}", "bold")
    yield Flow([(" · ", Text(detail)) for detail in details])
    yield from _round_tables(game, width)
    if game.is_over and game.winner is not None:
        yield standings(game.totals, names, game.rules, game.winner, len(game.rounds))
    else:
        yield unfinished_note(record)


def _round_tables(game: Game, width: int) -> Iterator[RenderableType]:
    """Each round's table, footnote and tie: full tables lined up round after round where
    `width` holds them, else each as play shows it on a narrow terminal."""
    names = [p.name for p in game.players]
    rules = game.rules
    # Measured first, then each table drawn as it is printed: never all of them at once.
    lined = lineup(game.rounds, names, rules, width)
    # A table's own caption wraps at the table's width: its footnote gets the console's.
    for result in game.rounds:
        if lined is not None:  # lined up round after round
            yield Group(lined_up_table(result, names, rules, lined),
                        Footnote(rules, result))
        else:
            yield fitted_round_table(result, names, rules)
        note = tie_note(result.totals, names, rules)
        if note is not None:
            yield note


def step_through(term: Terminal, record: Record, own: OwnRound | None = None) -> None:
    """Show each step and wait for a key: Enter the next, n to the round's end, b (or the Left
    arrow, or Backspace) back to the one before, q to stop.

    The last step also says that the record ends there, and its prompt offers only leaving (or
    going back). In `own`'s round the other racks stay face down (`steps`).
    """
    count = step_count(record.game)
    if not count:  # nothing to step through: a record of its first line alone
        term.console.print(unfinished_note(record))
        return
    start: int | None = 1
    while start is not None:
        start = _steps_from(term, record, own, count, start)


def _steps_from(term: Terminal, record: Record, own: OwnRound | None, count: int,
                start: int) -> int | None:
    """The steps from number `start` on, each shown until a key (the earlier ones replayed
    unseen: a game's steps only go forward); the step to show from after b, or None once the
    replay is left or over."""
    console = term.console
    skipping = False
    for number, step in enumerate(steps(record, own), start=1):
        if number < start:
            continue
        last = number == count
        if skipping and not step.round_over and not last:
            continue
        back = max(1, number - 1)
        *firsts, final = step_screens(console, step, record, last, _room(term))
        # A turn that ended the round goes on with the round's end, not more of the turn.
        more, more_help, more_valid = (
            (ROUND_END_PROMPT, ROUND_END_HELP, ROUND_END_VALID) if step.round_over
            else (MORE_PROMPT, MORE_HELP, MORE_VALID))
        asking = [(more, more_help, more_valid)] * len(firsts)
        if firsts and last and len(final.renderables) == 1:
            # The unfinished note, or the standings, alone come next: not more of the turn.
            asking[-1] = ((STANDINGS_PROMPT, STANDINGS_HELP, STANDINGS_VALID)
                          if record.game.is_over
                          else (RECORD_END_PROMPT, RECORD_END_HELP, RECORD_END_VALID))
        for shown_first, (screen, (asked, asked_help, asked_valid)) in enumerate(
                zip(firsts, asking, strict=True)):
            key = shown_then_key(term, screen, _(asked), _(asked_help), _(asked_valid),
                                 first=number == 1 and not shown_first)
            if key == QUIT_KEY:
                return None
            if key in BACK:
                return back if not shown_first else number  # this step from its start
        # Past the step's first screen, b shows the step again from its start (from the
        # final standings, the turn that went out, not the turn before it).
        back = number if firsts else back
        if last:
            ending = _("The end of the game.") if record.game.is_over else _(
                "The end of the record.")
            prompt = f"[bold]{escape(ending)}[/] {_(END_PROMPT)}"
            # n and the Right arrow leave too, as Enter does: pressed again and again to skip
            # rounds, they end the replay with the end of the game left on the screen.
            key = shown_then_key(term, final, prompt, _(END_HELP), _(END_VALID),
                                 first=number == 1 and not firsts)
            if key in BACK:
                return back
            if term.reads_lines:
                console.print()  # the line read was not shown: end the prompt's line
            return None
        keys_prompt = KEYS_PROMPT_AT_ROUND_END if step.round_over else KEYS_PROMPT
        key = shown_then_key(term, final, [_(form) for form in keys_prompt], _(KEYS_HELP),
                             _(KEYS_VALID), first=number == 1 and not firsts)
        if key == QUIT_KEY:
            return None
        if key in BACK:
            return back
        skipping = key == "n"
    return None


def shown_then_key(term: Terminal, screen: RenderableType, prompt: str | Sequence[str],
                   help_text: str, valid: str,
                   keys: Sequence[str] = (*NEXT, *BACK, "n", QUIT_KEY), *,
                   first: bool = False) -> str:
    """`screen` on a cleared screen, then one of `keys` pressed after `prompt` (or the first
    of its forms that fits the window, `fitting`; `replay_key`, its notes shown under
    `screen`); a window resized meanwhile gets `screen` (and the note) again, laid out at its
    new size, and the prompt in the form that fits it. On the `first` screen, b says there is
    nothing before it."""
    shown: list[RenderableType] = [screen]
    forms = (prompt,) if isinstance(prompt, str) else tuple(prompt)

    def paint() -> None:
        for part in shown:
            term.console.print(part)
        term.reprompt(asked(term, forms))

    def noted(note: RenderableType) -> None:
        shown[1:] = [note]  # in place of the note before
        term.clear()
        paint()

    refused = dict.fromkeys(BACK, _("This is the start of the record: nothing comes before "
                                    "it.")) if first else None
    term.clear()
    paint()
    with term.repainting(paint):
        return replay_key(term, forms, keys, help_text, valid, noted, refused)


def asked(term: Terminal, forms: Sequence[str]) -> str:
    """The first of the prompt's `forms` that fits the window, followed by " > "."""
    return f"{fitting(term.width, forms)} > "


def _room(term: Terminal) -> int:
    """The lines a replay screen may take: the terminal's height less the tallest prompt."""
    endings = (_("The end of the game."), _("The end of the record."))
    prompts = [fitting(term.width, [_(form) for form in forms])
               for forms in (KEYS_PROMPT, KEYS_PROMPT_AT_ROUND_END)]
    prompts += [_(MORE_PROMPT), _(ROUND_END_PROMPT), _(RECORD_END_PROMPT), _(STANDINGS_PROMPT),
                *(f"[bold]{escape(ending)}[/] {_(END_PROMPT)}" for ending in endings)]
    return term.height - max(lines_taken(term.console, Text.from_markup(f"{prompt} > "))
                             for prompt in prompts)


def replay_key(term: Terminal, prompt: str | Sequence[str], keys: Sequence[str], help_text: str,
               valid: str, noted: Callable[[RenderableType], None] | None = None,
               refused: Mapping[str, str] | None = None) -> str:
    """One of `keys`, pressed after `prompt` (rich markup; or the first of its forms that fits
    the window); ? shows `help_text`, another key is named in a note saying what is `valid`
    (`wrong_key_note`), and it asks again. At a keyboard, `noted(note)` paints the screen
    again with the note in place of the one before (as a game's prompts do); else, or without
    it, the note is printed under the prompt. Esc at a keyboard is q. A key of `refused`
    gets its sentence there instead (b on the first screen: nothing comes before it). Keys
    typed ahead count: a replay shows nothing private, so three quick Enters step three
    times."""
    console = term.console
    forms = (prompt,) if isinstance(prompt, str) else tuple(prompt)
    shown = asked(term, forms)
    while True:
        key = term.key(shown)
        shown = asked(term, forms)
        if key == "escape" and QUIT_KEY in keys and not term.reads_lines:
            echo(term, key)
            return QUIT_KEY  # Esc leaves, as it leaves racko's pager
        if key in keys and not (refused and key in refused):
            echo(term, key)
            return key
        if is_silent(term, key):
            if not term.reads_lines:
                shown = ""  # the prompt is still on screen
            continue
        echo(term, key)
        if refused and key in refused:
            note = Text(refused[key], "yellow")
        else:
            note = (Text(help_text, "cyan") if key == HELP_KEY
                    else wrong_key_note(term, key, valid))
        if noted is not None and not term.reads_lines:
            noted(note)
        else:
            console.print(note)


def step_count(game: Game) -> int:
    """How many steps `steps` yields for a record whose game is `game` (the last step's
    number)."""
    return sum(isinstance(step, (DealerDraw, Deal, Turn)) for step in game.steps)


@click.command(epilog=EXAMPLE)
@click.argument("game_ref", metavar="ID|FILE", type=GAME_REF)
@click.option("--summary", "only_summary", is_flag=True,
              help="Print each round's score table and the result, without stepping.")
@click.option("--reveal", is_flag=True,
              help="Show every rack of an unfinished game, in the round still being played "
              "too (a game of 2 or more people is refused without it; refused while the "
              "game is being played).")
@stopped_by_signals()
def replay(game_ref: str, only_summary: bool, reveal: bool) -> None:
    """Step through a recorded game turn by turn, with every rack shown.

    ID is a saved game's ID (see `racko history` or `racko resume --list`; its first few
    characters are enough), FILE any rack-o/1 record. Keys: Enter (or Space) the next turn,
    n the end of the round, b (or the Left arrow) back a turn, q quit. The file is only read.
    """
    record = read_record(game_ref, _("Error: cannot replay {error}"))
    term = Terminal(console=make_console())
    if reveal:
        refuse_reveal_now(record)
    if only_summary:
        for part in summary(record, term.console.width, reveal=reveal):
            term.console.print(Trimmed(part))
        return
    if not reveal and is_private(record):
        refuse_private(_("Error: this game is being played right now, with 2 or more people at "
                         "the table: replaying it would show their racks. See the scores with "
                         "--summary.") if played_now(record) else
                       _("Error: this game is not finished and has 2 or more people at the "
                         "table: replaying it now would show their racks. Add --reveal if "
                         "everyone agrees, or see the scores with --summary."))
    try:
        step_through(term, record, None if reveal else own_round(record))
    except EOFError:
        term.console.print()
    except KeyboardInterrupt:
        term.console.print("\n" + key_named(_("Interrupted (Ctrl-C).")))
        raise SystemExit(EXIT_INTERRUPTED) from None
