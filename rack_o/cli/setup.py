"""Setting a table: options and answers to seats, rules and agents, for play, resume and simulate.

Every command that seats players goes through here: the table options (`table_options`),
`--bot SEAT=LEVEL` / `--bots a,b` (`parse_bots`, `seat_bots`), the rules (`rules_from`, the one
place where a RulesError becomes a usage error), names (`split_names`), the questions `racko
play` asks for what the options leave out (`seat_table`), and the agent at each seat
(`agents_for`). Usage errors are found before anything starts and exit with code 2.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import click

from rack_o.agent import Agent
from rack_o.errors import RulesError
from rack_o.game import Player
from rack_o.i18n import _, ngettext
from rack_o.rules import DEFAULT_TARGET, MAX_PLAYERS, MIN_PLAYERS, Rules

from .console import Terminal, printable
from .messages import bot_spec_error

MAX_NAME = 16
"""The longest name a person may take."""
ECHO_NAME = 20
"""How much of a rejected name an error message repeats."""
DEFAULT_BOT = "hard"
"""The opponent a lone person gets by pressing Enter."""


def now_stamp() -> str:
    """The current time as a record's `started` field: UTC, to the second."""
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


# ---------------------------------------------------------------------------- options


@dataclass(frozen=True)
class TableOptions:
    """What the table options of `racko play` (and `racko host`) say, before any question."""

    players: int | None = None
    names: str | None = None
    target: int = DEFAULT_TARGET
    seed: int | None = None
    bonus: bool = False
    partners: bool = False
    run_of_three: bool = False
    bot: tuple[str, ...] = ()
    bots: str | None = None


def _check_target(ctx: click.Context, param: click.Parameter, value: int) -> int:
    if value <= 0 or value % 5:
        raise click.BadParameter(
            _("the target must be a positive multiple of 5 (such as 500), not {value}.").format(
                value=value
            )
        )
    return value


def target_option(command: Callable[..., Any]) -> Callable[..., Any]:
    """--target, checked as the rules want it."""
    return click.option(
        "--target", type=int, default=DEFAULT_TARGET, show_default=True, callback=_check_target,
        help="Points that win the game; a positive multiple of 5.",
    )(command)


def variant_options(command: Callable[..., Any]) -> Callable[..., Any]:
    """--bonus, --partners, --run-of-three."""
    for option in reversed((
        click.option("--bonus", is_flag=True,
                     help="Bonus Rack-O: extra points for a run of 3 or more."),
        click.option("--partners", is_flag=True,
                     help="Four players in two teams, seats 1 & 3 and 2 & 4."),
        click.option("--run-of-three", is_flag=True,
                     help="Two players: a Rack-O also needs three consecutive numbers."),
    )):
        command = option(command)
    return command


_TABLE_KEYS = tuple(TableOptions.__dataclass_fields__)


def table_options(command: Callable[..., Any]) -> Callable[..., Any]:
    """The options that set a table, handed to `command` as one `table: TableOptions`."""

    @functools.wraps(command)
    def with_table(**kwargs: Any) -> Any:
        table = TableOptions(**{key: kwargs.pop(key) for key in _TABLE_KEYS})
        return command(table=table, **kwargs)

    options = (
        click.option("--players", type=click.IntRange(1, MAX_PLAYERS),
                     help="How many sit at the table, 2-4 (asked if not given); 1 is you "
                     "alone against the --bots."),
        click.option("--names", metavar='"ANN,BOB,…"',
                     help="The players' names in seat order, comma-separated (asked if not "
                     "given)."),
        target_option,
        click.option("--seed", type=click.IntRange(min=0),
                     help="Deal the cards of an earlier game (each game ends showing its "
                     "seed)."),
        variant_options,
        click.option("--bot", "bot", multiple=True, metavar="SEAT=LEVEL",
                     help="A computer player at a seat: random, easy, medium, hard or "
                     "package.module:Class. Repeatable."),
        click.option("--bots", metavar="LEVEL,…",
                     help="Computer players for the last seats, such as hard,easy; without "
                     "--players, one person plays against them."),
    )
    for option in reversed(options):
        with_table = option(with_table)
    return with_table


# ---------------------------------------------------------------------------- bots


@dataclass(frozen=True)
class BotChoice:
    """The bots the options ask for: at given seats (1-based), and for the last free seats."""

    placed: dict[int, str] = field(default_factory=dict)
    fill: list[str] = field(default_factory=list)

    def __len__(self) -> int:
        return len(self.placed) + len(self.fill)


def parse_bots(bot: Sequence[str], bots: str | None) -> BotChoice:
    """`--bot SEAT=SPEC` (repeatable) and `--bots a,b`, checked for form only."""
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
    return BotChoice(placed, fill)


def seat_bots(players: int, choice: BotChoice) -> list[str | None]:
    """The bot spec at each seat (None for a person): --bot seats, then --bots at the end."""
    specs: list[str | None] = [None] * players
    for seat, spec in choice.placed.items():
        if not 1 <= seat <= players:
            raise click.BadParameter(
                _("seat {seat} does not exist with {players} players (seats 1-{players}).").format(
                    seat=seat, players=players
                ),
                param_hint="'--bot'",
            )
        specs[seat - 1] = spec
    free = [i for i, spec in enumerate(specs) if spec is None]
    if len(choice.fill) > len(free):
        raise click.BadParameter(
            ngettext(
                "{count} bot does not fit in the {free} free seats of a {players}-player game.",
                "{count} bots do not fit in the {free} free seats of a {players}-player game.",
                len(choice.fill),
            ).format(count=len(choice.fill), free=len(free), players=players),
            param_hint="'--bots'",
        )
    # --bots fills the seats after the people: the last free ones.
    for seat, spec in zip(free[len(free) - len(choice.fill) :], choice.fill, strict=True):
        specs[seat] = spec
    return specs


def check_bot_specs(specs: Sequence[str | None]) -> None:
    """A usage error for the first spec no bot can be made from (before any question)."""
    from rack_o.bots import make_bot

    for seat, spec in enumerate(specs):
        if spec is None:
            continue
        try:
            make_bot(spec, seat, 0)
        except ValueError as error:
            raise click.UsageError(
                _("Seat {seat}: {error}").format(seat=seat + 1, error=bot_spec_error(error))
            ) from None


def agents_for(
    players: Sequence[Player],
    seed: int | str | None,
    person: Callable[[Player], Agent],
    *,
    load_bots: bool = True,
) -> list[Agent]:
    """The agent at each seat: `person(player)` for a person, the bot its kind names for a bot.

    A seat that is neither, or (without `load_bots`) a bot from code outside racko, is a
    usage error: a record is data, and importing the code it names needs the player's say-so.
    """
    from rack_o.bots import LEVELS, make_bot

    agents: list[Agent] = []
    for seat, player in enumerate(players):
        if player.is_human:
            agents.append(person(player))
            continue
        spec = player.bot
        if spec is None:
            raise click.UsageError(
                _('Seat {seat} ({name}) is "{kind}": neither "human" nor "bot:<level>", so '
                  "nobody can take that seat.").format(
                    seat=seat + 1, name=player.name, kind=player.kind
                )
            )
        if spec.lower() not in LEVELS and not load_bots:
            raise click.UsageError(
                _("Seat {seat} ({name}) was played by the bot {bot}, which is code outside "
                  "racko. Resume with --load-bots to import it, if you trust it.").format(
                    seat=seat + 1, name=player.name, bot=repr(spec)
                )
            )
        try:
            agents.append(make_bot(spec, seat, seed))
        except ValueError as error:
            raise click.UsageError(
                _("Seat {seat} ({name}): {error}").format(
                    seat=seat + 1, name=player.name, error=bot_spec_error(error)
                )
            ) from None
    return agents


# ---------------------------------------------------------------------------- rules


def rules_error(error: RulesError) -> str:
    """A rule set the table cannot play, said with the options that chose it."""
    values = error.values
    if error.problem == "partners":
        return _("--partners needs 4 players, not {players}.").format(players=values["players"])
    if error.problem == "run_of_three":
        return _("--run-of-three is for 2 players only, not {players}.").format(
            players=values["players"]
        )
    if error.problem == "target":
        return _("the target must be a positive multiple of 5 (such as 500), not {value}.").format(
            value=values["target"]
        )
    if error.problem == "players":
        return _("Rack-O is for 2 to 4 players, not {players}.").format(players=values["players"])
    return str(error)


def rules_from(
    players: int, target: int, bonus: bool = False, partners: bool = False,
    run_of_three: bool = False,
) -> Rules:
    """The rules the options ask for; a usage error naming the option if they cannot be."""
    try:
        return Rules(players, target, bonus=bonus, partners=partners, run_of_three=run_of_three)
    except RulesError as error:
        raise click.UsageError(rules_error(error)) from None


def check_variants(players: int | None, partners: bool, run_of_three: bool) -> None:
    """A usage error for a variant the player count rules out, before any question."""
    if players is None:
        if partners and run_of_three:
            rules_from(4, DEFAULT_TARGET, partners=True, run_of_three=True)
        return
    if partners or run_of_three:
        rules_from(players, DEFAULT_TARGET, partners=partners, run_of_three=run_of_three)


# ---------------------------------------------------------------------------- names


def _shown(name: str) -> str:
    """A name quoted for an error message, cut short if it is far too long to echo."""
    return repr(name) if len(name) <= ECHO_NAME else repr(name[:ECHO_NAME]) + "…"


def check_name(name: str, hint: str | None = None) -> None:
    """A BadParameter saying why `name` cannot be a player's name, if it cannot."""
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


def split_names(text: str, hint: str | None = "--names") -> list[str]:
    """The names in a comma-separated list, each checked, all different."""
    names = [name.strip() for name in text.split(",")]
    for name in names:
        check_name(name, hint)
    if len({name.casefold() for name in names}) != len(names):
        raise click.BadParameter(
            _("each player needs a different name."), param_hint=hint and f"'{hint}'"
        )
    return names


# ---------------------------------------------------------------------------- the questions


def _ask(term: Terminal, prompt: str, parse: Callable[[str], Any]) -> Any:
    """Ask until `parse` accepts the answer; it raises click.BadParameter to ask again."""
    while True:
        answer = term.line(prompt).strip()
        try:
            return parse(answer)
        except click.BadParameter as error:
            term.console.print(error.message, style="red", markup=False, highlight=False)


def ask_people(term: Terminal) -> int:
    """How many people play at this keyboard, 1-4 (Enter: 2)."""

    def parse(answer: str) -> int:
        if not answer:
            return 2
        if answer.isdigit() and 1 <= int(answer) <= MAX_PLAYERS:
            return int(answer)
        raise click.BadParameter(
            _("Type a number from {low} to {high}, or Enter for 2.").format(low=1, high=MAX_PLAYERS)
        )

    return _ask(term, _("How many people play, {low}-{high}? [2] ").format(
        low=1, high=MAX_PLAYERS), parse)


def ask_bots(term: Terminal, people: int) -> list[str]:
    """Which bots join `people` people: at least one for a lone person (Enter: hard)."""
    from rack_o.bots import LEVELS

    room = MAX_PLAYERS - people
    levels = ", ".join(level for level in LEVELS if level != "random")

    def parse(answer: str) -> list[str]:
        specs = [spec.strip().lower() for spec in (answer or DEFAULT_BOT).split(",")]
        if not all(specs) or not 1 <= len(specs) <= room:
            raise click.BadParameter(
                ngettext("Name 1 to {room} level, separated by commas, such as hard,easy.",
                         "Name 1 to {room} levels, separated by commas, such as hard,easy.",
                         room).format(room=room)
            )
        unknown = [spec for spec in specs if spec not in LEVELS]
        if unknown:
            raise click.BadParameter(
                _("{spec} is not a level: choose from {levels}.").format(
                    spec=repr(unknown[0]), levels=levels)
            )
        return specs

    return _ask(term, _("Who plays against you? Levels {levels}; one per seat, such as "
                        "hard,easy [{default}] ").format(levels=levels, default=DEFAULT_BOT),
                parse)


def ask_names(term: Terminal, defaults: Sequence[str], taken: set[str]) -> list[str]:
    """The names of the people, on one line, separated by commas (Enter: the defaults)."""
    count = len(defaults)

    def parse(answer: str) -> list[str]:
        if answer == "?":
            raise click.BadParameter(
                _("Type each person's name (at most {count} characters), separated by commas, "
                  "or press Enter for {default}.").format(count=MAX_NAME,
                                                          default=", ".join(defaults))
            )
        names = split_names(answer, None) if answer else []
        if len(names) > count:
            raise click.BadParameter(
                ngettext("{count} name given for {people} person.",
                         "{count} names given for {people} people.", count).format(
                    count=len(names), people=count)
            )
        names += [name for name in defaults if name.casefold() not in
                  {given.casefold() for given in names}][: count - len(names)]
        clash = next((name for name in names if name.casefold() in taken), None)
        if clash is not None:
            raise click.BadParameter(
                _("{name} is already playing: choose another name.").format(name=clash)
            )
        return names

    if count == 1:
        prompt = _("Your name? [{default}] ").format(default=defaults[0])
    else:
        prompt = _("Names of the {count} people, separated by commas? [{defaults}] ").format(
            count=count, defaults=", ".join(defaults))
    return _ask(term, prompt, parse)


def seat_table(term: Terminal, table: TableOptions) -> tuple[Rules, list[Player]]:
    """The rules and who sits where: from the options, asking only what they leave out.

    Usage errors (click exceptions) come before any question is asked.
    """
    check_variants(table.players, table.partners, table.run_of_three)
    given = split_names(table.names) if table.names is not None else None
    choice = parse_bots(table.bot, table.bots)
    players = _seats_from_options(table, given, choice)
    if players is None:  # nothing says who plays: ask
        rules_from(MIN_PLAYERS, table.target, table.bonus)  # a bad target is said at once
        people = ask_people(term)
        fill = ask_bots(term, people) if people == 1 else []
        players = people + len(fill)
        specs: list[str | None] = [None] * people + list(fill)
    else:
        specs = seat_bots(players, choice)
        check_bot_specs(specs)
    rules = rules_from(players, table.target, table.bonus, table.partners, table.run_of_three)
    names = name_seats(players, specs, given)
    missing = [seat for seat, name in enumerate(names) if name is None]
    if missing:
        taken = {name.casefold() for name in names if name is not None}
        defaults = _default_names(missing, taken)
        for seat, name in zip(missing, ask_names(term, defaults, taken), strict=True):
            names[seat] = name
    seats = [
        Player(name or "", "human") if spec is None else Player.for_bot(name or "", spec)
        for name, spec in zip(names, specs, strict=True)
    ]
    return rules, seats


def _seats_from_options(
    table: TableOptions, given: list[str] | None, choice: BotChoice
) -> int | None:
    """How many seats the options make, or None when they leave it to be asked."""
    players = table.players
    if players == 1:
        if not choice:
            raise click.UsageError(
                _("One person plays against computer players: add them with --bots, such as "
                  "racko play --bots hard.")
            )
        if 1 + len(choice) > MAX_PLAYERS:
            raise click.BadParameter(_seated_message(None, len(choice)), param_hint="'--bots'")
        return 1 + len(choice)
    if players is not None:
        return players
    if table.partners:
        return 4
    if table.run_of_three:
        return 2
    if given is None and not choice:
        return None
    # Without --players, the names are the people's (one person if none are given), and
    # the bots come on top.
    seated = (len(given) if given is not None else 1) + len(choice)
    if not MIN_PLAYERS <= seated <= MAX_PLAYERS:
        raise click.BadParameter(_seated_message(given, len(choice)),
                                 param_hint="'--names'" if given is not None else "'--bots'")
    return seated


def _default_names(seats: Sequence[int], taken: set[str]) -> list[str]:
    """"Player N" for each seat, unless a person already took that name."""
    defaults = []
    for seat in seats:
        name = _("Player {seat}").format(seat=seat + 1)
        number = seat + 1
        while name.casefold() in taken:
            number += MAX_PLAYERS
            name = _("Player {seat}").format(seat=number)
        defaults.append(name)
    return defaults


def _seated_message(given: list[str] | None, bots: int) -> str:
    """Why the names and bots given make no table of 2 to 4."""
    if given is None:
        return _("You and {count} bots make {players}; Rack-O is for 2 to 4 players.").format(
            count=bots, players=1 + bots)
    count = len(given)
    said = ngettext("{count} name given", "{count} names given", count).format(count=count)
    if bots:
        said = _("{names} and {bots}").format(
            names=said, bots=ngettext("{count} bot", "{count} bots", bots).format(count=bots))
    return _("{given}; Rack-O is for 2 to 4 players.").format(given=said)


def name_seats(
    players: int, specs: Sequence[str | None], given: list[str] | None
) -> list[str | None]:
    """Each seat's name from --names (all seats, or the people only) and the bots' own
    names; None for a person still to be asked."""
    from rack_o.bots import make_bot

    people = [seat for seat in range(players) if specs[seat] is None]
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
    unnamed = {seat: printable(make_bot(spec, seat, 0).name)
               for seat, spec in enumerate(specs) if spec is not None and names[seat] is None}
    for seat, name in unnamed.items():
        # Two bots of one level, or a bot named like a person: tell them apart by seat.
        if list(unnamed.values()).count(name) > 1 or name.casefold() in taken:
            name = f"{name} {seat + 1}"
        names[seat] = name
        taken.add(name.casefold())
    return names


def check_record_path(
    ctx: click.Context, param: click.Parameter, value: Path | None
) -> Path | None:
    """--record: a new file (or an empty one) in a folder that exists."""
    if value is None:
        return None
    try:
        taken = value.exists() and value.stat().st_size > 0
        folder_exists = value.parent.is_dir()
    except OSError as error:  # such as a file name too long
        raise click.BadParameter(
            _("cannot write {file}: {reason}.").format(file=value, reason=error.strerror or error)
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
