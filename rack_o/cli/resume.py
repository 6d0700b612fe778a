"""`racko resume`: list the unfinished games and carry one on, from its record, where it stopped.

The game is rebuilt through the engine from its record with the generator seeded as
`racko play` seeded it, so later deals (and seeded bots) follow exactly as they would have;
the same people and bots take their seats and the record grows in the same file.
"""

from __future__ import annotations

import random
import shutil
from collections.abc import Container, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

import click
from rich import box
from rich.cells import cell_len
from rich.console import Console, Group, RenderableType
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from rack_o.actions import Phase
from rack_o.game import HUMAN, Game
from rack_o.i18n import LANGUAGE_NAMES, N_, _, current_language, ngettext
from rack_o.record import LEFT, Event, given_away
from rack_o.rules import Rules
from rack_o.store.records import Record, RecordFileError, RecordProblem, Summary, shown_seed

from .bindings import QUIT_KEY
from .console import BOT_PAUSE, ENTER, Terminal, keyboard_tty, lines_taken, make_console
from .exits import EXIT_BAD_FILE, EXIT_INTERRUPTED, EXIT_NOTHING, EXIT_OK
from .flow import Flow
from .history import local_time, scores_text
from .human import HumanAgent
from .messages import (
    history_error,
    history_notice,
    in_the_way,
    record_file_error,
    record_not_found,
    resume_command,
    resume_note,
)
from .option_types import typed_whole
from .os_reasons import os_reason
from .play import look_back
from .prompt import ask, echo, fitting, is_silent, is_yes
from .quit_signal import key_named
from .recordfile import say_refused
from .scoreboard import round_end_lines
from .screens import cut_short_note, scores_of, side_names, variant_labels
from .setup import agents_for, hints_of, language_to_come, speak_as_recorded
from .stopping import Hangup, stopped_by_signals
from .trimmed import Trimmed
from .wrapping import command_apart, fill

if TYPE_CHECKING:
    from rack_o.agent import Agent
    from rack_o.store.history import HistoryError
    from rack_o.store.writer import RecordWriter

MOST_PICKED_BY_KEY = 9
"""The most unfinished games the picker takes by one key (their numbers are single digits)."""

EXAMPLE = N_("""\b
Examples:
  racko resume                 (the game played most recently)
  racko resume --list
  racko resume 2026-11-29-2105-ann-bob
  racko resume ~/saved/tuesday.jsonl
  racko resume --drop 2026-11-29-2105-ann-bob
""")


def games_table(
    games: list[Summary], title: str | None = None, *, busy: Container[Path] = (),
    width: int = 80,
) -> RenderableType:
    """The unfinished games, numbered: ID (and "being played now" for a game `busy` names:
    open in another racko), when started (and the language it goes on in, named in itself,
    when not the one the list is in), round (and whether it is over), players and scores;
    the players and scores under the ID when a column of their own would split a name from
    its score in `width`; a block per game where even so the ID or a heading would be cut."""
    if title is None:
        title = _("Unfinished games, last played first")
    captions = []
    if any(kind != HUMAN for game in games for kind in game.kinds):
        captions.append(_("* a computer player"))
    # The list is in the language spoken now (no game chosen yet); a game started in another
    # goes on in that one, so it says which.
    languages = [language_to_come(game.line) for game in games]
    if any(languages):
        captions.append(_("A language beside a start time: that game goes on in that language."))
    rows: list[tuple[str, Text, str, Flow]] = []
    for number, (game, language) in enumerate(zip(games, languages, strict=True), start=1):
        where = Text(game.id)
        where.append("\n" + local_time(game.started), "dim")
        if language is not None:
            where.append(f" · {LANGUAGE_NAMES[language]}", "dim")
        if game.round_over:
            where.append("\n" + _round_over(game.round), "dim")
        if game.path in busy:
            where.append("\n" + _("being played now"), "bold yellow")
        rows.append((str(number), where, str(game.round), _players(game)))
    heads = ["#", "ID · " + _("Started"), _("Round"), _("Players and scores")]
    texts = [row[:3] for row in rows]  # the columns of text, each measured by _widest
    widths = [max(max((_widest(row[column]) for row in texts), default=0), cell_len(head))
              for column, head in enumerate(heads[:3])]
    # The players' column wraps between sides, and its heading between words.
    players = max(max((row[3].widest for row in rows), default=0),
                  max(cell_len(word) for word in heads[3].split()))
    # The ID is what gets typed or copied: it never wraps (the start time goes under it),
    # nor is cut, nor any heading. When the players' column cannot hold its widest side
    # beside the IDs, the players and scores go under each ID instead; when even that is
    # too wide, each game is a block of lines.
    if sum(widths) + 2 * 3 + players <= width:
        beside = True
    elif widths[0] + widths[2] + 2 * 2 + max(widths[1], players, cell_len(heads[3])) <= width:
        beside = False
    else:
        return _games_blocks(title, games, rows, captions)
    table = Table(title=title, box=box.SIMPLE_HEAD,
                  padding=(0, 1), pad_edge=False, show_edge=False, collapse_padding=True)
    if captions:
        table.caption = "\n".join(captions)
    table.add_column("#", justify="right", no_wrap=True, min_width=widths[0])
    if beside:
        table.add_column(heads[1], no_wrap=True, min_width=widths[1])
    else:
        table.add_column(f"{heads[1]}\n{heads[3]}", no_wrap=True,
                         min_width=max(widths[1], cell_len(heads[3])),
                         max_width=max(widths[1], players, cell_len(heads[3])))
    table.add_column(heads[2], justify="right", no_wrap=True, min_width=widths[2])
    if beside:
        table.add_column(heads[3], min_width=players)
    for number_, where, round_, scores in rows:
        if beside:
            table.add_row(number_, where, round_, scores)
        else:
            table.add_row(number_, Group(where, scores), round_)
    return table


def _round_over(round_: int) -> str:
    """What the list and the notices say of a game whose last round is over (the next one
    not dealt yet)."""
    return _("Round {round} is over").format(round=round_)


def _games_blocks(title: str, games: Sequence[Summary], rows: Sequence[tuple[str, Text, str, Flow]],
                  captions: Sequence[str]) -> Group:
    """The unfinished games on a screen too narrow for the list's columns: each a block, its
    number, round, start (and language) on one line, its ID whole on a line of its own (what
    is typed), its players and scores under it; a blank line between two."""
    lines: list[RenderableType] = [Text(title, "table.title")]
    for game, (number_, where, _round, scores) in zip(games, rows, strict=True):
        ident, started, *more = where.split("\n")
        round_ = (_round_over(game.round) if game.round_over
                  else _("Round {round}").format(round=game.round))
        facts = [Text(f"#{number_}", "bold"), Text(round_), started]
        lines += ["", Flow([(" · ", fact) for fact in facts]),
                  Text(ident.plain, "bold", overflow="fold"), scores]
        lines += more[1:] if game.round_over else more
    lines += [Text(caption, "table.caption") for caption in captions]
    return Group(*lines)


def _players(game: Summary) -> Flow:
    """The players and their scores in the list of unfinished games, computer players
    starred."""
    shown = [name if kind == HUMAN else f"{name}*"
             for name, kind in zip(game.names, game.kinds, strict=True)]
    return _scores(game.rules, shown, game.totals)


def _widest(text: Text | str) -> int:
    """The widest line of `text`, in cells."""
    plain = text.plain if isinstance(text, Text) else text
    return max((cell_len(line) for line in plain.splitlines()), default=0)


def _scores(rules: Rules, shown: Sequence[str], totals: Sequence[int]) -> Flow:
    """ "Ann 120 · Bob 95" (with partners "Ann & Cy 120 · …"), wrapping only between sides:
    a score stays with its name."""
    return Flow([(" · ", Text(score)) for score in scores_of(side_names(rules, shown), totals)])


def _how_to_carry_on(games: int) -> str:
    """The line under the list of unfinished games, one at least nobody plays: how to carry
    one on."""
    if games == 1:  # `racko resume` carries the only one on without asking
        return _("Carry it on with: racko resume")
    return _("Carry one on with: racko resume ID (or run racko resume and type its number)")


def _all_being_played(games: int) -> str:
    """The line under the list of unfinished games when every one is played in another
    window."""
    return ngettext(
        "That game is being played in another window right now: carry it on there.",
        "These games are all being played in other windows right now: carry one on there.",
        games,
    )


_NO_FILE = (RecordProblem.NOT_A_FILE, RecordProblem.NO_SUCH_FILE, RecordProblem.UNREADABLE)
"""Why something named like a save was passed over that says nothing of what it holds."""


@stopped_by_signals()
def _choose(term: Terminal, list_only: bool) -> Path:
    """List the unfinished games; the one played last, or the one picked if there are several."""
    from rack_o.store.paths import records_dir
    from rack_o.store.records import list_games
    from rack_o.store.writer import is_busy

    console = term.console
    try:
        games, problems = list_games()
    except OSError as error:
        from rack_o.store.paths import file_in_the_way

        # A file where the folder (or one above it) goes: said as play and history say it.
        blocking = file_in_the_way(records_dir())
        reason = in_the_way(blocking) if blocking is not None else os_reason(error)
        click.echo(_("Error: cannot list the saved games in {folder}: {reason}.").format(
            folder=_shown_file(records_dir()), reason=reason), err=True)
        raise SystemExit(EXIT_BAD_FILE) from None
    unfinished = [game for game in games if not game.finished]
    for problem in problems:
        if problem.problem is RecordProblem.EMPTY:
            said = _("Left out {file}: the file is empty, so no game was saved in it; racko "
                     "leaves it as it is.").format(file=_shown_file(problem.path))
        elif problem.problem in _NO_FILE:
            said = _("Skipped {problem}").format(problem=record_file_error(problem))
        else:
            said = _("Skipped a damaged record: {problem}").format(
                problem=record_file_error(problem))
        console.print(said, style="yellow", markup=False)
    if not unfinished:
        console.print(
            command_apart(_("No unfinished games in {folder}. Start one with: racko play").format(
                folder=_shown_file(records_dir())
            ), console.width),
            markup=False,
        )
        # Listing nothing is a list all the same, as `racko history` with no game; carrying
        # on finds nothing to do.
        raise SystemExit(EXIT_OK if list_only else EXIT_NOTHING)
    busy = {game.path for game in unfinished if is_busy(game.path)}
    free = [number for number, game in enumerate(unfinished, start=1) if game.path not in busy]
    if list_only or len(unfinished) == 1 or not free:
        console.print(Trimmed(games_table(unfinished, busy=busy, width=console.width)))
    else:  # the picker: its question names #N, which must be on screen with it
        console.print(Trimmed(_games_that_fit(console, unfinished, busy, free[0])))
    if not free:
        console.print(Trimmed(Text(fill(_all_being_played(len(unfinished)), console.width))))
        raise SystemExit(0 if list_only else EXIT_NOTHING)
    if list_only:
        console.print(Trimmed(Text(command_apart(_how_to_carry_on(len(unfinished)),
                                                 console.width))))
        raise SystemExit(0)
    if len(unfinished) == 1:
        return unfinished[0].path
    return _pick(term, unfinished, free[0])


def _games_that_fit(console: Console, games: list[Summary], busy: Container[Path],
                    default: int) -> RenderableType:
    """The list of unfinished `games` as the picker shows it: the first ones (game `default`
    among them) that fit the window with the question under it, and how many more there
    are, so that the game the question names is never scrolled off."""
    room = console.height - 1  # the question, kept to one line by `pick_prompt`
    # A game takes a line at least: no more than `room` of them are ever tried.
    for count in range(min(len(games), max(room, default)), default - 1, -1):
        table = games_table(games[:count], busy=busy, width=console.width)
        if count == len(games):
            shown: RenderableType = table
        else:
            more = len(games) - count
            note = ngettext("{count} more game is not shown; list them all with: racko resume "
                            "--list",
                            "{count} more games are not shown; list them all with: racko "
                            "resume --list", more).format(count=more)
            shown = Group(table, Text(fill(command_apart(note, console.width), console.width),
                                      "dim"))
        if lines_taken(console, Trimmed(shown)) <= room:
            break
    return shown


def pick_prompt(width: int, number: int, record_id: str, count: int) -> str:
    """What the picker asks (rich markup), its fullest form that leaves room on its line, at
    `width` columns, for a number of as many digits as `count`, so that the typed answer
    never wraps (`fitting`): the ID of game `number` only where it fits."""
    forms = (
        _("[bold]Enter[/] resumes #{number}, {id} · a number picks another · [bold]q[/] "
          "quits > ").format(number=number, id=escape(record_id)),
        _("[bold]Enter[/] resumes #{number} · a number picks another · [bold]q[/] quits > "
          ).format(number=number),
        # Translators: the shortest form, for a narrow window: Enter, a number, or q.
        _("[bold]Enter[/] #{number} · a number · [bold]q[/] quits > ").format(number=number),
    )
    return fitting(width, forms, end="0" * len(str(count)))


def _pick(term: Terminal, games: list[Summary], default: int) -> Path:
    """The record of the game picked from the numbered `games`: Enter picks number `default`;
    a game being played in another window (by now) is refused and the question asked again.
    At a keyboard, up to nine games are picked by one key, as every choice in racko is; more
    take a number and Enter."""
    from rack_o.store.writer import is_busy

    by_key = not term.reads_lines and len(games) <= MOST_PICKED_BY_KEY
    while True:
        prompt = pick_prompt(term.width, default, games[default - 1].id, len(games))
        answer = _picked_key(term, prompt) if by_key else term.read(prompt).strip().lower()
        if answer == QUIT_KEY:
            raise SystemExit(0)
        number = typed_whole(answer) if answer else default
        if number is None or not 1 <= number <= len(games):
            term.console.print(
                _("Type a number from 1 to {count}, Enter for #{number}, or q.").format(
                    count=len(games), number=default),
                style="red")
        elif is_busy(games[number - 1].path):
            term.console.print(
                _("#{number} is being played in another window right now: type another "
                  "number, or q.").format(number=number),
                style="red")
        else:
            return games[number - 1].path


def _picked_key(term: Terminal, prompt: str) -> str:
    """The key pressed at the picker's `prompt`, as the line it stands for: "" for Enter, q
    for Esc; keys that type nothing and mean nothing here are passed over."""
    while True:
        key = term.key(prompt)
        if is_silent(term, key) and key != ENTER:
            prompt = ""  # still on screen
            continue
        echo(term, key)  # as typed: Esc shows nothing
        if key == "escape":
            return QUIT_KEY  # Esc leaves, as it leaves racko's pager and a replay
        return "" if key == ENTER else key


def _notices(record_id: str, game: Game, seed: int | str | None) -> list[RenderableType]:
    rules = game.rules
    names = tuple(p.name for p in game.players)
    title = Text("Rack-O", "bold yellow")
    title.append("  ·  " + _("resuming {id}").format(id=record_id), "bold")
    lines: list[RenderableType] = [title]

    # The variants too: the table may have forgotten what it agreed on.
    agreed = [("  ·  ", Text(part)) for part in (
        _("first to {target} wins").format(target=rules.target), *variant_labels(rules))]
    if game.round:
        if game.phase is Phase.DEAL:  # the next round is dealt first: nothing of it played
            played = _round_over(game.round)
        else:
            played = ngettext("Round {round}, {count} turn played",
                              "Round {round}, {count} turns played", game.turn
                              ).format(round=game.round, count=game.turn)
        scores = Flow([(" · ", Text(score))
                       for score in scores_of(side_names(rules, names), game.totals)])
        # Broken only between its parts, never just after a "·"; the scores kept on one line
        # wherever they fit one (broken among them, a line's last and the next line's first
        # read as one list without its "·").
        lines.append(Flow([("", Text(played)), ("  ·  ", scores), *agreed]))
    else:
        lines.append(Flow([("", Text(", ".join(names))), *agreed]))
    if seed is not None:
        lines.append(Text(
            _("Seed {seed}: the cards are dealt as they would have been.").format(
                seed=shown_seed(seed))
        ))
    return lines


@stopped_by_signals(new_line=False)
def _pause(term: Terminal, notices: list[RenderableType], note: str) -> None:
    """Show where the game stands and wait for Enter; leaving here leaves the file untouched.
    On SIGHUP or SIGTERM, what Ctrl-C says comes before why (`stopped_by_signals`)."""
    for notice in notices:
        term.console.print(notice)

    def draw(note: RenderableType | None = None) -> None:
        # A wrong key's note in place of the one before, and the screen back after the rules.
        term.clear()
        for notice in notices:
            term.console.print(notice)
        if note is not None:
            term.console.print(note)

    stop: BaseException | None = None
    try:
        # Only a key pressed once the notices are up carries on past them: an Enter typed
        # with the game's number at the picker (as a number and Enter once picked it) is not.
        term.flush_input()
        if ask(term, _("Press Enter to carry on · [bold]q[/] leaves"), (ENTER, QUIT_KEY),
               valid=_("Enter carries the game on, q leaves it as it is"),
               help_text=_("Enter carries the game on from here; q leaves it as it is, nothing "
                           "played, to be carried on later."), redraw=draw) == ENTER:
            return
    except (EOFError, KeyboardInterrupt, Hangup) as error:
        stop = error
    term.console.print("\n" + _("Nothing was played.") + " " + note, markup=False)
    if isinstance(stop, Hangup):
        raise stop
    raise SystemExit(EXIT_INTERRUPTED if isinstance(stop, KeyboardInterrupt) else EXIT_NOTHING)


@click.command(epilog=EXAMPLE)
@click.argument("game_ref", metavar="[ID|FILE]", required=False)
@click.option("--list", "list_only", is_flag=True, help="Only list the unfinished games.")
@click.option("--drop", is_flag=True,
              help="Delete the unfinished game ID|FILE for good, after asking.")
@click.option("--yes", is_flag=True, help="With --drop: do not ask first.")
@click.option("--fast", is_flag=True, help="No pause after a computer player's move.")
@click.option("--load-bots", is_flag=True,
              help="Import the custom bots (package.module:Class) the record names.")
def resume(game_ref: str | None, list_only: bool, drop: bool, yes: bool, fast: bool,
           load_bots: bool) -> None:
    """Carry on with an unfinished game from its saved record.

    Without ID|FILE, lists the unfinished games (who plays, when it started, the round and
    the scores) and resumes the one played last; with several, Enter takes that one and a
    number picks another. The game goes on exactly as it would have: the same players and
    bots, and the cards the seed deals, in the language it was started in unless --lang
    chooses another. A game being played in another window is refused.
    """
    from rack_o.store.records import find_record

    if yes and not drop:
        raise click.UsageError(_("--yes goes with --drop: racko resume --drop ID --yes"))
    if list_only and game_ref is not None and not drop:
        raise click.UsageError(_("--list lists every unfinished game and takes no ID: racko "
                                 "resume --list, or racko resume ID to carry one on."))
    if drop and list_only and game_ref is not None:
        # The ID is there: said to be missing, it would only be typed again.
        raise click.UsageError(_("--list and --drop do not go together: racko resume --drop "
                                 "ID drops one game, racko resume --list lists them."))
    if drop and (list_only or game_ref is None):
        raise click.UsageError(_("--drop needs the ID of the game to drop: racko resume --drop "
                                 "ID (racko resume --list shows them)."))
    term = Terminal(console=make_console(), pause_seconds=0 if fast else BOT_PAUSE,
                    tty=keyboard_tty())
    if game_ref is None or list_only:
        try:
            path = _choose(term, list_only)
        except (EOFError, KeyboardInterrupt) as stop:
            stopped = isinstance(stop, KeyboardInterrupt)
            term.console.print("\n" + (key_named(_("Interrupted (Ctrl-C).")) if stopped
                                       else _("The input ended (Ctrl-D).")), markup=False)
            raise SystemExit(EXIT_INTERRUPTED if stopped else EXIT_NOTHING) from None
    else:
        try:
            path = find_record(game_ref)
        except LookupError as error:
            found = _the_unfinished_one(error)
            if isinstance(found, LookupError):
                raise click.BadParameter(record_not_found(found), param_hint="ID|FILE") from None
            path = found
    # The lock is taken before the file is read and held until racko leaves it: a game can be
    # looked at, carried on or dropped in one window at a time, so no window ever writes on
    # from a state another one has moved past.
    writer = hold(path, dropping=drop)
    try:
        if drop:
            raise SystemExit(_drop(term, writer, yes))
        code, record = _carry_on(term, writer, load_bots)
    finally:
        writer.close()  # the game carried on is let go before another is played
    _play_on(term, code, record)


def _the_unfinished_one(error: LookupError) -> Path | LookupError:
    """Of the saved games a part of an ID matches, the one unfinished game (only those can be
    carried on or dropped); else the error, naming only the unfinished ones if any are."""
    from rack_o.store.records import RecordNotFoundError, find_record, summarize

    if not isinstance(error, RecordNotFoundError) or not error.matches:
        return error
    unfinished = []
    for match in error.matches:
        try:
            if not summarize(find_record(match)).finished:
                unfinished.append(match)
        except (OSError, LookupError, RecordFileError):
            continue  # named by the error below if nothing else matches
    if len(unfinished) == 1:
        return find_record(unfinished[0])
    if unfinished:
        return RecordNotFoundError(error.ref, error.folder, tuple(unfinished))
    return error


def hold(path: Path, *, dropping: bool = False) -> RecordWriter:
    """The record's writer, holding its lock; refuses (exits) if it is played elsewhere or
    cannot be opened (saying it cannot be dropped, if `dropping`)."""
    from rack_o.store.autosave import hold_record
    from rack_o.store.paths import record_ref
    from rack_o.store.records import load_record
    from rack_o.store.writer import RecordBusyError

    shown = _shown_file(path)
    try:
        return hold_record(path)
    except RecordBusyError:
        # Named by its ID, as everywhere else, if it is one of racko's own games.
        click.echo(fill(_("Error: {file} is being played right now in another racko; carry on "
                          "there, or quit it first.").format(
                              file=_shown_file(Path(record_ref(path, quoted=False)))),
                        shutil.get_terminal_size().columns), err=True)
        raise SystemExit(EXIT_NOTHING) from None
    except OSError as error:
        try:  # a missing file, a folder...: reading it says what is wrong, in a sentence
            load_record(path)
        except RecordFileError as problem:
            if dropping:
                say_refused(_("Error: cannot drop {error}"), problem)
                raise SystemExit(EXIT_BAD_FILE) from None
            _refuse(problem)
        click.echo(_("Error: cannot open {file}: {reason}.").format(
            file=shown, reason=os_reason(error)), err=True)
        raise SystemExit(EXIT_BAD_FILE) from None


def _shown_file(path: Path) -> str:
    """`path` as a sentence names it: a file name is data, so its control characters are
    spelt out (it never steers the terminal); the rest stays as typed."""
    from rack_o.store.safe_text import controls_escaped

    return controls_escaped(str(path))


def record_agents(record: Record, term: Terminal, load_bots: bool) -> list[Agent]:
    """The agent at each seat of the saved game `record`, its people playing at `term`; exits
    naming the file, its line 1 and why if a seat cannot be played here (a bot from outside
    racko without `load_bots`, a level racko lacks, a kind that is no player's)."""
    try:
        return _agents(record, term, load_bots)
    except click.UsageError as error:
        refuse_players(record, error.message)


def _agents(record: Record, term: Terminal, load_bots: bool) -> list[Agent]:
    """`record_agents`, a seat that cannot be played here a usage error."""
    # --no-hints or --hint-level: the whole game; the seed draws the expert's guesses.
    return agents_for(record.game.players, record.header.seed,
                      lambda player, hint: HumanAgent(player.name, term, hint),
                      hints=hints_of(record.header), load_bots=load_bots)


def refuse_players(record: Record, reason: str) -> NoReturn:
    """Exit refusing the saved game `record` for `reason`, a sentence about its players: the
    record's line 1, not how racko was run."""
    if not any(reason.startswith(player.name) for player in record.game.players):
        reason = reason[:1].lower() + reason[1:]  # it follows "line 1:"; a name keeps its case
    _refuse(RecordFileError(record.path, 1, RecordProblem.BROKEN, reason))


def _refuse(error: RecordFileError) -> NoReturn:
    say_refused(_("Error: cannot resume {error}"), error)
    raise SystemExit(EXIT_BAD_FILE) from None


def saved_game(term: Terminal, writer: RecordWriter) -> Record:
    """The game in the record `writer` holds locked, to carry it on; exits saying why if the
    record cannot be used or the game is over (then, if it is one of racko's own records, it is
    added to the history if need be)."""
    from rack_o.store.records import load_record

    path = writer.path
    try:
        record = load_record(path, seeded=True)
    except RecordFileError as error:
        _refuse(error)
    game = record.game
    if game.rng is None or not game.follows_rng:
        # No seed the cards can be dealt from again (a record made elsewhere, its seed unusable
        # or dealing other cards than the file's): later rounds are dealt from a generator of
        # our own, as a new game's are.
        game.rng = random.Random()
    # A game whose record lacks only the lines the rules imply (its round's end, the game's)
    # is unfinished (rack-o/1), wherever the file is: carrying it on writes them (`_carry_on`,
    # `ended_on_its_last_turn`).
    if game.is_over and not record.missing_events:
        said_over(term, record)
    return record


def said_over(term: Terminal, record: Record) -> NoReturn:
    """Say that the game of `record` is over, who won and how to look back at it, and exit.
    One of racko's own games may have ended before it was added to the history: it is added
    now; a file from anywhere else (another computer, simulate without --history) is no game
    played here."""
    from rack_o.store.autosave import add_to_history, autosaved

    game, path = record.game, record.path
    problem = add_to_history(game, record.header, path) if autosaved(path) else None
    winner = game.winner if game.winner is not None else 0
    names = side_names(game.rules, [p.name for p in game.players])
    over = _("That game is over: {winner} won ({scores}).").format(
        winner=names[winner], scores=scores_text(names, game.totals))
    term.console.print(fill(over, term.console.width), markup=False, soft_wrap=True)
    look_back(term.console, path, whole=True)
    if problem:
        term.console.print(history_error(problem), style="yellow", markup=False)
    raise SystemExit(EXIT_NOTHING)


def ended_on_its_last_turn(term: Terminal, record: Record, writer: RecordWriter) -> None:
    """For a table opened again (`racko host --resume`): a game that ended on its record's
    last turn, only the lines that turn implies missing, gets them written, and is said to
    be over (`said_over`, exits); no table is opened for it. Else nothing."""
    if record.game.is_over:
        take_up(record, writer)
        said_over(term, record)


def language_note(record: Record, command: str | None = None) -> Text | None:
    """What is said, in the language spoken now, when the game carried on goes on in another
    (the one it was started in): which, and how to carry it on in this one instead (with
    `command`, by default `racko resume ID`, and --lang); None when it speaks this one."""
    language = language_to_come(record.header.line)
    if language is None:
        return None
    # The command on a line of its own, to be copied whole.
    # Translators: {language} is the game's language, named in itself ("Ελληνικά"); "in
    # English" is in the language of this translation: name yours ("en français").
    return Text(_("This game goes on in the language it was started in: {language}. To carry "
                  "it on in English instead:").format(language=LANGUAGE_NAMES[language])
                + "\n" + (command or carry_on_command(record))
                + f" --lang {current_language()}",
                "yellow")


@dataclass(frozen=True)
class ResumeFacts:
    """What the notices of a resumed game tell beyond its record, found out once: whether the
    file held a torn last line, and why the history cannot take the game, if it cannot."""

    torn: bool
    history: HistoryError | None


def resume_facts(record: Record) -> ResumeFacts:
    """Find out what `resume_notices` tells of `record`: reads the file's size (so, before
    the game goes on: its first line written cuts a torn line off) and opens the history."""
    from rack_o.store.autosave import history_problem

    return ResumeFacts(record.torn, history_problem())


def resume_notices(record: Record, facts: ResumeFacts, *, show_seed: bool,
                   cut_short_told: bool = False) -> list[RenderableType]:
    """Where the resumed game stands (the seed only if `show_seed`), the turn cut short with a
    drawn card (if `cut_short_told`: `cut_short_note`), a torn last line (removed when the
    game goes on), a round end nobody saw, trouble with the history, in the language spoken;
    `facts` (`resume_facts`) says what is not in the record."""
    game = record.game
    notices = _notices(record.id, game,
                       record.header.seed if show_seed and game.follows_rng else None)
    cut = cut_short(record.events) if cut_short_told else None
    if cut is not None and 0 <= cut[0] < len(game.players):
        seat, card = cut
        people = [at for at, player in enumerate(game.players) if player.is_human]
        # Alone at the keyboard, they are told so; else the screen is everyone's: named.
        name = None if people == [seat] else game.players[seat].name
        notices.append(cut_short_note(card, name))
    if facts.torn:
        # Cut off with the first line written (`RecordWriter.take_up`), never before.
        notices.append(Text(_(
            "The last line of the record was cut off while it was being saved, so what it held "
            "is lost: the game goes on from the move before it, and the line is removed when "
            "the game goes on."), "yellow"))
    if any(event["type"] == "round_end" for event in record.missing_events):
        # The program died between the Rack-O turn and the round's end: nobody saw it yet.
        notices += round_end_lines(game)
    if facts.history is not None:
        notices.append(Text(history_notice(facts.history), "yellow"))
    return notices


def cut_short(events: Sequence[Event]) -> tuple[int, int] | None:
    """(seat, card) when the last turn of the record's round is a person's that ended with
    them leaving, or the game stopping, holding a card they drew (its line says `"left"`): the
    card was discarded, since a draw cannot be undone. None otherwise."""
    for line in reversed(events):
        kind = line.get("type")
        if kind == "deal":
            return None  # nothing was played of this round yet
        if kind != "turn":
            continue  # the pile turned over, or the round's end, after that turn
        seat, card = line.get("seat"), line.get("card")
        if (line.get(LEFT) is True and line.get("source") == "draw" and type(seat) is int
                and type(card) is int):
            return seat, card
        return None
    return None


def take_up(record: Record, writer: RecordWriter) -> None:
    """Make `writer` carry on the game `record` holds (see `reopen_record`); exits saying why
    if the file changed meanwhile or cannot be written."""
    from rack_o.store.autosave import reopen_record
    from rack_o.store.writer import RecordChangedError

    try:
        reopen_record(record, writer)
    except RecordChangedError:
        click.echo(_("Error: {file} was changed by another program while racko was reading "
                     "it; it was left as it is. Try again.").format(file=_shown_file(writer.path)),
                   err=True)
        raise SystemExit(EXIT_BAD_FILE) from None
    except OSError as error:
        _cannot_write(writer, error)


def _cannot_write(writer: RecordWriter, error: OSError) -> NoReturn:
    click.echo(_("Error: cannot write to {file}: {reason}.").format(
        file=_shown_file(writer.path), reason=os_reason(error)), err=True)
    raise SystemExit(EXIT_BAD_FILE) from None


def _carry_on(term: Terminal, writer: RecordWriter, load_bots: bool) -> tuple[int, Record]:
    """Read the locked record, show where the game stands and play it on; the exit code and
    the record (its game as it stands now)."""
    from rack_o.store.autosave import autosaved

    from .new_game import add_finished
    from .session import run_session

    record = saved_game(term, writer)
    switching = language_note(record)  # said in the language spoken so far
    speak_as_recorded(record.header)
    game = record.game
    try:
        agents = _agents(record, term, load_bots)
    except click.UsageError as error:
        if game.is_over:
            # Only the lines its last turn implies are missing: no player is needed to write
            # them, as racko host --resume writes them.
            ended_on_its_last_turn(term, record, writer)
        refuse_players(record, error.message)
    humans = sum(player.is_human for player in game.players)
    # Mid-round with one person, the notices are shown (and Enter awaited) before the file
    # is touched; otherwise the game carries on, and the file is taken up, at once (nothing
    # in it changes before a line is written: leaving at the first hand-off changes nothing).
    pausing = humans == 1 and game.phase is Phase.CHOOSE
    # With two or more people at the keyboard the seed stays hidden: it deals every card.
    notices = resume_notices(record, resume_facts(record), show_seed=humans < 2,
                             cut_short_told=True)
    given = given_away(record.events, game.players)
    if given:
        # A hosted game's seat the host gave away: this keyboard plays every seat.
        notices.append(Text(ngettext(
            "When the hosted table stopped, a computer player was playing for {names}. Here "
            "that seat is played at this keyboard again; racko host --resume gives it back to "
            "the computer player.",
            "When the hosted table stopped, a computer player was playing for {names}. Here "
            "those seats are played at this keyboard again; racko host --resume gives them back "
            "to the computer player.", len(given)).format(
                names=", ".join(game.players[seat].name for seat in given)), "yellow"))
    if switching is not None:
        notices.insert(0, switching)  # first: what follows is in another language
    note = resume_note(record.ref, load_bots=_loads_bots(record))
    if pausing:
        if writer.failure is not None:  # said now, not after Enter to carry on
            _cannot_write(writer, writer.failure)
        # Mid-round with one person: the turn screen would wipe the notices at once.
        _pause(term, notices, note)
        notices = []
    # Over with only its last lines to write, a game from elsewhere gets them, but no move is
    # played here: it is no game of this computer's history (as a finished record is not).
    played_here = not game.is_over or autosaved(writer.path)
    take_up(record, writer)
    game.on_step = writer.step
    code = run_session(term, game, agents, notices=notices, saved_note=note,
                       header=record.header, writer=writer, events=record.events)
    if played_here:
        add_finished(term.console, game, record.header, writer.path)
    return code, record


def _play_on(term: Terminal, code: int, record: Record) -> NoReturn:
    """After the game carried on, what `racko play` does after a game: the same table may
    play again with new cards (a record file the player named gets the next one beside it)."""
    from rack_o.store.autosave import autosaved

    from .play import play_on

    game = record.game
    play_on(term, game.rules, game.players, code, record.path if game.is_over else None,
            None if autosaved(record.path) else record.path, hints=hints_of(record.header))


def carry_on_command(record: Record) -> str:
    """The `racko resume` command that carries on the game of `record` (with --load-bots if
    it needs it)."""
    return resume_command(record.ref, load_bots=_loads_bots(record))


def _loads_bots(record: Record) -> bool:
    """Whether carrying on the game of `record` needs --load-bots (a bot from outside racko)."""
    from rack_o.bots import any_outside

    return any_outside(record.header.players)


def _drop(term: Terminal, writer: RecordWriter, yes: bool) -> int:
    """Delete the locked record of an unfinished game, once confirmed; the exit code."""
    from rack_o.store.paths import record_ref
    from rack_o.store.records import load_record, summary_of

    console = term.console
    path = writer.path
    ref = record_ref(path)
    try:
        # Read in full, rules checked: only a game known to be unfinished is ever dropped.
        summary = summary_of(load_record(path))
    except RecordFileError as error:
        say_refused(_("Error: cannot drop {error}"), error)
        click.echo(_("racko never deletes a damaged record; if you no longer want it, delete "
                     "the file yourself: {path}").format(path=_shown_file(path)), err=True)
        return EXIT_BAD_FILE
    if summary.finished:
        console.print(_("{id} is a finished game: it is part of the history and is kept.").format(
            id=ref), markup=False)
        look_back(console, path, whole=True)
        return EXIT_NOTHING
    # This racko holds the game's lock while it asks: the game is not being played.
    console.print(Trimmed(games_table([summary], _("The game to drop"),
                                      width=console.width)))
    if not yes:
        # SIGHUP and SIGTERM keep the game too, and say so before why (as Ctrl-C says).
        with stopped_by_signals(new_line=False):
            try:
                # One key, as "Quit this game?" takes: only one pressed once it is asked.
                term.flush_input()
                answer = term.key(_("Drop this game for good? [bold]y[/] drops it, Enter "
                                    "keeps it > "))
                echo(term, answer)
            except (EOFError, KeyboardInterrupt, Hangup) as stop:
                console.print("\n" + _("The game was kept."), markup=False)
                if isinstance(stop, Hangup):
                    raise
                return EXIT_INTERRUPTED if isinstance(stop, KeyboardInterrupt) else EXIT_NOTHING
        if not is_yes(answer):
            console.print(_("The game was kept."), markup=False)
            return EXIT_OK
    if not writer.drop():
        click.echo(_("Error: {file} was changed by another program meanwhile; it was left as "
                     "it is.").format(file=_shown_file(path)), err=True)
        return EXIT_BAD_FILE
    console.print(_("Dropped {id}: its record was deleted.").format(id=ref), markup=False)
    return EXIT_OK
