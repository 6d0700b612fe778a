"""`racko play`: set up a game from the options (asking for what is missing) and play it.

Every usage error is found before anything starts and exits with code 2; the record is
written in one place (`open_record`), by the Game's `on_event`, as each event happens.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import click
from rich.console import RenderableType
from rich.text import Text

from rack_o.agent import Agent
from rack_o.bots import hint as bot_hint
from rack_o.errors import RulesError
from rack_o.game import Game, Player
from rack_o.i18n import N_, _, ngettext
from rack_o.record import Header
from rack_o.rules import MAX_PLAYERS, MIN_PLAYERS, Rules
from rack_o.store.writer import RecordWriteError, RecordWriter

from .console import Terminal, keyboard_tty, printable, resume_note
from .human import HumanAgent
from .messages import bot_spec_error, history_error
from .screens import dealer_draw_lines
from .session import EXIT_INTERRUPTED, EXIT_STOPPED, cannot_save, run_session

MAX_NAME = 16
ECHO_NAME = 20
"""How much of a rejected name an error message repeats."""
BOT_PAUSE = 0.8
EXAMPLE = N_("""\b
Examples:
  racko play --players 3 --names "Ann,Bob,Cy"
  racko play --players 2 --bots hard --target 200
  racko play --players 4 --partners --bot 2=easy --bot 4=hard --seed 7
""")


@dataclass(frozen=True)
class Seat:
    """Who sits at a seat: a person, or a bot made from a spec."""

    name: str | None
    bot: str | None = None


def _check_target(ctx: click.Context, param: click.Parameter, value: int) -> int:
    if value <= 0 or value % 5:
        raise click.BadParameter(
            _("the target must be a positive multiple of 5 (such as 500), not {value}.").format(
                value=value
            )
        )
    return value


def _check_record(
    ctx: click.Context, param: click.Parameter, value: Path | None
) -> Path | None:
    if value is None:
        return None
    try:
        taken = value.exists() and value.stat().st_size > 0
        folder_exists = value.parent.is_dir()
    except OSError as error:  # such as a file name too long
        raise click.BadParameter(
            _("cannot write {file}: {reason}.").format(
                file=value, reason=error.strerror or error
            )
        ) from None
    if taken:
        raise click.BadParameter(
            _("{file} already exists and is not empty; racko never writes over a record. "
              "Give a new file name.").format(file=value)
        )
    if not folder_exists:
        raise click.BadParameter(
            _("the folder {folder} does not exist.").format(folder=value.parent)
        )
    return value


def _split_names(text: str) -> list[str]:
    names = [name.strip() for name in text.split(",")]
    for name in names:
        _check_name(name, "--names")
    if len({name.casefold() for name in names}) != len(names):
        raise click.BadParameter(
            _("each player needs a different name."), param_hint="'--names'"
        )
    return names


def _shown(name: str) -> str:
    """A name quoted for an error message, cut short if it is far too long to echo."""
    return repr(name) if len(name) <= ECHO_NAME else repr(name[:ECHO_NAME]) + "…"


def _check_name(name: str, hint: str | None) -> None:
    if not name:
        raise click.BadParameter(_("a name cannot be empty."), param_hint=hint and f"'{hint}'")
    if len(name) > MAX_NAME:
        raise click.BadParameter(
            _("{name} is longer than {count} characters.").format(
                name=_shown(name), count=MAX_NAME
            ),
            param_hint=hint and f"'{hint}'",
        )
    if not name.isprintable():
        raise click.BadParameter(
            _("{name} holds characters that cannot be shown.").format(name=_shown(name)),
            param_hint=hint and f"'{hint}'",
        )


def _parse_bot_options(bot: Sequence[str], bots: str | None) -> tuple[dict[int, str], list[str]]:
    """({seat (1-based): spec} from --bot, [spec] from --bots), checked for form only."""
    placed: dict[int, str] = {}
    for item in bot:
        seat_text, sep, spec = item.partition("=")
        if not sep or not seat_text.strip().isdigit() or not spec.strip():
            raise click.BadParameter(
                _("{value} must be SEAT=LEVEL, such as 2=hard.").format(value=repr(item)),
                param_hint="'--bot'",
            )
        seat = int(seat_text)
        if seat in placed:
            raise click.BadParameter(
                _("seat {seat} is given twice.").format(seat=seat), param_hint="'--bot'"
            )
        placed[seat] = spec.strip()
    fill: list[str] = []
    if bots is not None:
        fill = [spec.strip() for spec in bots.split(",")]
        if not all(fill):
            raise click.BadParameter(
                _("{value} must list bot levels separated by commas, such as hard,easy.").format(
                    value=repr(bots)
                ),
                param_hint="'--bots'",
            )
    return placed, fill


def _seat_bots(players: int, placed: dict[int, str], fill: list[str]) -> list[str | None]:
    """The bot spec at each seat (None for a person): --bot seats, then --bots at the end."""
    specs: list[str | None] = [None] * players
    for seat, spec in placed.items():
        if not 1 <= seat <= players:
            raise click.BadParameter(
                _("seat {seat} does not exist with {players} players (seats 1-{players}).").format(
                    seat=seat, players=players
                ),
                param_hint="'--bot'",
            )
        specs[seat - 1] = spec
    free = [i for i, spec in enumerate(specs) if spec is None]
    if len(fill) > len(free):
        raise click.BadParameter(
            ngettext(
                "{count} bot does not fit in the {free} free seats of a {players}-player game.",
                "{count} bots do not fit in the {free} free seats of a {players}-player game.",
                len(fill),
            ).format(count=len(fill), free=len(free), players=players),
            param_hint="'--bots'",
        )
    # --bots fills the seats after the humans: the last free ones.
    for seat, spec in zip(free[len(free) - len(fill) :], fill, strict=True):
        specs[seat] = spec
    return specs


def _check_bot_specs(specs: Sequence[str], seed: int) -> None:
    """A usage error for the first spec no bot can be made from (before any question)."""
    _make_bots(list(specs), seed)


def _make_bots(specs: list[str | None], seed: int) -> dict[int, tuple[Agent, str]]:
    """{seat: (agent, kind)} for each bot seat; a clear usage error for a bad spec."""
    if not any(specs):
        return {}
    try:
        from rack_o.bots import bot_kind, make_bot
    except ImportError as error:  # pragma: no cover - only while the bots are being built
        raise click.UsageError(
            _("Computer players are not available: {error}").format(error=error)
        ) from error
    made: dict[int, tuple[Agent, str]] = {}
    for seat, spec in enumerate(specs):
        if spec is None:
            continue
        try:
            made[seat] = (make_bot(spec, seat, seed), bot_kind(spec))
        except ValueError as error:
            raise click.BadParameter(bot_spec_error(error),
                                     param_hint="'--bot' / '--bots'") from error
    return made



def _rules(players: int, target: int, bonus: bool, partners: bool, run_of_three: bool) -> Rules:
    try:
        return Rules(players, target, bonus=bonus, partners=partners, run_of_three=run_of_three)
    except RulesError as error:
        raise click.UsageError(str(error)) from error


def _ask_players(term: Terminal) -> int:
    while True:
        answer = term.read(
            _("How many players, {low}-{high}? [2] ").format(low=MIN_PLAYERS, high=MAX_PLAYERS)
        ).strip()
        if not answer:
            return 2
        if answer.isdigit() and MIN_PLAYERS <= int(answer) <= MAX_PLAYERS:
            return int(answer)
        term.console.print(
            _("Type a number from {low} to {high}, or Enter for 2.").format(
                low=MIN_PLAYERS, high=MAX_PLAYERS
            ),
            style="red",
        )


def _ask_name(term: Terminal, seat: int, default: str, taken: set[str]) -> str:
    while True:
        answer = term.read(
            _("Name of the player at seat {seat}? [{default}] ").format(
                seat=seat + 1, default=default
            )
        ).strip()
        if answer == "?":
            term.console.print(
                _("Type the name this player goes by (at most {count} characters), or press "
                  "Enter for {default}.").format(count=MAX_NAME, default=default),
                style="cyan", markup=False,
            )
            continue
        name = answer or default
        try:
            _check_name(name, None)
        except click.BadParameter as error:
            term.console.print(error.message, style="red", markup=False)
            continue
        if name.casefold() in taken:
            term.console.print(
                _("{name} is already playing: choose another name.").format(name=name),
                style="red", markup=False,
            )
            continue
        return name


def _name_seats(
    term: Terminal, players: int, bots: dict[int, tuple[Agent, str]], given: list[str] | None
) -> list[str]:
    """Every seat's name: from --names (all seats, or the people only), else asked."""
    people = [seat for seat in range(players) if seat not in bots]
    names: list[str | None] = [None] * players
    if given is not None:
        if len(given) == players:
            names = list(given)
        elif len(given) == len(people):
            for seat, name in zip(people, given, strict=True):
                names[seat] = name
        else:
            if len(people) == players:
                message = ngettext("{count} name given for {players} players.",
                                   "{count} names given for {players} players.", len(given))
            else:
                message = ngettext(
                    "{count} name given for {players} (or {people}, one per person) players.",
                    "{count} names given for {players} (or {people}, one per person) players.",
                    len(given),
                )
            raise click.BadParameter(
                message.format(count=len(given), players=players, people=len(people)),
                param_hint="'--names'",
            )
    taken = {name.casefold() for name in names if name}
    unnamed = {seat: printable(getattr(agent, "name", "Bot"))
               for seat, (agent, _kind) in bots.items() if names[seat] is None}
    for seat, name in unnamed.items():
        # Two bots of one level, or a bot named like a person: tell them apart by seat.
        if list(unnamed.values()).count(name) > 1 or name.casefold() in taken:
            name = f"{name} {seat + 1}"
        names[seat] = name
        taken.add(name.casefold())
    for seat in people:
        if names[seat] is None:
            names[seat] = _ask_name(
                term, seat, _("Player {seat}").format(seat=seat + 1), taken
            )
            taken.add(names[seat].casefold())
    return [name or "" for name in names]


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
@click.option("--players", type=click.IntRange(MIN_PLAYERS, MAX_PLAYERS),
              help="How many play, 2-4 (asked if not given).")
@click.option("--names", metavar='"ANN,BOB,…"',
              help="The players' names in seat order, comma-separated (asked if not given).")
@click.option("--target", type=int, default=500, show_default=True, callback=_check_target,
              help="Points that win the game; a positive multiple of 5.")
@click.option("--seed", type=click.IntRange(min=0),
              help="Deal the cards of an earlier game (each game shows its seed).")
@click.option("--bonus", is_flag=True, help="Bonus Rack-O: extra points for a run of 3 or more.")
@click.option("--partners", is_flag=True, help="Four players in two teams, seats 1 & 3 and 2 & 4.")
@click.option("--run-of-three", is_flag=True,
              help="Two players: a Rack-O also needs three consecutive numbers.")
@click.option("--record", type=click.Path(dir_okay=False, path_type=Path), callback=_check_record,
              help="Write the game's rack-o/1 record to this new file as it is played.")
@click.option("--bot", "bot", multiple=True, metavar="SEAT=LEVEL",
              help="A computer player at a seat: random, easy, medium, hard or "
              "package.module:Class. Repeatable.")
@click.option("--bots", metavar="LEVEL,…",
              help="Computer players for the last seats, such as hard,easy.")
@click.option("--fast", is_flag=True, help="No pause after a computer player's move.")
def play(
    players: int | None,
    names: str | None,
    target: int,
    seed: int | None,
    bonus: bool,
    partners: bool,
    run_of_three: bool,
    record: Path | None,
    bot: tuple[str, ...],
    bots: str | None,
    fast: bool,
) -> None:
    """Play a game of Rack-O at this terminal: hot-seat with friends, or against bots.

    Each person's turn starts with a hand-off screen, so nobody sees anyone else's rack.
    Keys (each followed by Enter): d draw, t take the discard, 1-10 a slot, x discard,
    u take a placement back, ? help, r rules, q quit.
    """
    if partners and players not in (None, 4):
        raise click.UsageError(
            _("--partners needs 4 players, not {players}.").format(players=players)
        )
    if run_of_three and players not in (None, 2):
        raise click.UsageError(
            _("--run-of-three is for 2 players only, not {players}.").format(players=players)
        )
    given_names = _split_names(names) if names is not None else None
    placed, fill = _parse_bot_options(bot, bots)
    if seed is None:
        seed = secrets.randbelow(1_000_000)
    _check_bot_specs([*placed.values(), *fill], seed)
    if players is None:
        if partners:
            players = 4
        elif run_of_three:
            players = 2
        elif given_names is not None:
            # Without --players, the names are the people's; the bots come on top.
            seated = len(given_names) + len(placed) + len(fill)
            if not MIN_PLAYERS <= seated <= MAX_PLAYERS:
                count = len(given_names)
                given = ngettext("{count} name given", "{count} names given", count).format(
                    count=count
                )
                if placed or fill:
                    bots_count = seated - count
                    given = _("{names} and {bots}").format(names=given, bots=ngettext(
                        "{count} bot", "{count} bots", bots_count).format(count=bots_count))
                raise click.BadParameter(
                    _("{given}; Rack-O is for 2 to 4 players.").format(given=given),
                    param_hint="'--names'",
                )
            players = seated
    term = Terminal(pause_seconds=0 if fast else BOT_PAUSE, tty=keyboard_tty())
    try:
        if players is None:
            players = _ask_players(term)
        rules = _rules(players, target, bonus, partners, run_of_three)
        specs = _seat_bots(players, placed, fill)
        seated_bots = _make_bots(specs, seed)
        seat_names = _name_seats(term, players, seated_bots, given_names)
    except KeyboardInterrupt:
        term.console.print("\n" + _("Interrupted (Ctrl-C): no game was started."))
        raise SystemExit(EXIT_INTERRUPTED) from None
    except EOFError:
        term.console.print("\n" + _("The input ended (Ctrl-D): no game was started."))
        raise SystemExit(EXIT_STOPPED) from None
    started = datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    on_event, close, saved_note, record_path = open_record(record, started, seat_names)
    hint = bot_hint
    agents: list[Agent] = []
    seats: list[Player] = []
    for seat, name in enumerate(seat_names):
        if seat in seated_bots:
            agent, kind = seated_bots[seat]
            agents.append(agent)
            seats.append(Player(name, kind))
        else:
            agents.append(HumanAgent(name, term, hint))
            seats.append(Player(name, "human"))
    from rack_o.store.autosave import add_to_history, history_problem

    try:
        header = Header(tuple(seats), rules, seed, started)
        if on_event is not None:
            on_event.write(header.event())
        game = Game(
            rules, random.Random(seed), players=seats,
            on_step=on_event.step if on_event is not None else None,
        )
        notices = start_notices(game, seed)
        if record_path is None:
            notices.append(Text(saved_note, "yellow"))
        else:
            notices.append(Text(_("Saved as you play.") + " " + saved_note, "dim"))
        problem = history_problem()
        if problem:
            notices.append(Text(
                history_error(problem) + " "
                + _("The game plays on, but will not be added to it."), "yellow"
            ))
        code = run_session(term, game, agents, notices=notices, saved_note=saved_note)
    except RecordWriteError as error:  # the opening events: nothing was played yet
        term.console.print(
            cannot_save(error) + " " + _("No game was started."), markup=False, highlight=False
        )
        raise SystemExit(EXIT_STOPPED) from None
    finally:
        close()
    if game.is_over:
        problem = add_to_history(game, header, record_path)
        if problem:
            term.console.print(history_error(problem), style="yellow", markup=False)
    raise SystemExit(code)
