"""Setting a table: options to bots, rules and agents, for play, resume, simulate and host.

Every command that seats players goes through here: the table options (`table_options`),
`--bot SEAT=LEVEL` / `--bots a,b` (`parse_bots`, `seat_bots`), the rules (`rules_from`, the one
place where a RulesError becomes a usage error) and the agent at each seat (`agents_for`).
Who sits where, and the questions asked for what the options leave out, are `seating`'s.
Usage errors are found before anything starts and exit with code 2.
"""

from __future__ import annotations

import errno
import functools
import os
import secrets
import stat
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import click

from rack_o.agent import Agent
from rack_o.bots.hint import HINT_LEVELS, Advice, hint
from rack_o.bots.loader import level_of
from rack_o.errors import RulesError
from rack_o.game import Player
from rack_o.i18n import LANGUAGES, N_, _, current_language, install, ngettext, number
from rack_o.record import HINT_LEVEL_FIELD, LANGUAGE_FIELD, Header
from rack_o.rules import (
    DEFAULT_TARGET,
    MAX_PLAYERS,
    MIN_PLAYERS,
    MOST_TARGET,
    TARGET,
    Rules,
    is_target,
)
from rack_o.store.paths import file_in_the_way
from rack_o.store.safe_text import SHORT_SHOWN, shell_word, shown
from rack_o.view import SeatView

from .messages import bot_spec_error, in_the_way
from .option_types import SEED, WholeNumber, ends_as_a_folder, said, whole_number
from .os_reasons import os_reason

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

    def first_seed(self) -> int:
        """The seed the first game is dealt from: --seed's, else a new one (`new_seed`)."""
        return self.seed if self.seed is not None else new_seed()


def _check_target(ctx: click.Context, param: click.Parameter, value: int) -> int:
    if not is_target(value, MOST_TARGET):
        raise click.BadParameter(_target_refused(value))
    return value


def _target_refused(value: object) -> str:
    """Why --target cannot be `value`: the rules' clause, with the range a table takes."""
    return _(TARGET).format(most=number(MOST_TARGET), target=said(value)) + "."


def target_option(command: Callable[..., Any]) -> Callable[..., Any]:
    """--target, checked as the rules want it, up to the rules' MOST_TARGET."""
    return click.option(
        "--target", type=WholeNumber(None, example=DEFAULT_TARGET), default=DEFAULT_TARGET,
        show_default=True, callback=_check_target,
        help="Points that win the game: a multiple of 5 from 5 to 5,000.",
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


Hint = Callable[[SeatView], Advice]
"""What a bot would do for a view, and why (`rack_o.bots.hint`)."""

def same_cards(players: Sequence[Player], seed: object, rules: Rules) -> str:
    """The options of `racko play` that sit the same table down to the same cards under the
    same rules: the seed, the number of players (the deck's size follows it), the people's
    names (where --names would take them), the target and variants that differ from the
    default, and the bots in their seats."""
    count = f" --players {len(players)}"
    named = _names_option([player.name for player in players if player.bot is None])
    every_seat = ""
    if _bots_renamed(players):  # --names gave the bots theirs too: every seat's, in order
        every_seat = _names_option([player.name for player in players])
        named = every_seat or named
    agreed = named + rule_options(rules)
    specs = [player.bot for player in players]
    bots = [spec for spec in specs if spec is not None]
    if not bots:
        return f"--seed {seed}" + (count if len(players) != MIN_PLAYERS else "") + agreed
    people = len(players) - len(bots)
    if all(spec is not None for spec in specs[people:]):  # the seats --bots fills
        # --bots alone seats one person before them; --players says how many sit.
        # Names for every seat count as the people's without --players.
        return (f"--seed {seed}" + (count if people != 1 or every_seat else "") + agreed
                + f" --bots {','.join(bots)}")
    placed = "".join(f" --bot {seat}={spec}" for seat, spec in enumerate(specs, start=1)
                     if spec is not None)
    return f"--seed {seed}{count}{agreed}{placed}"


def _bots_renamed(players: Sequence[Player]) -> bool:
    """Whether a bot sits under a name other than the one it gets by itself (its own, numbered
    apart from the others as a table numbers them). A bot from outside racko is not made again
    to ask its name (its code may act, or fail, each time it is made): the name it sits
    under is taken for its own."""
    from rack_o.agent import agent_name
    from rack_o.bots import is_outside
    from rack_o.store.names import bot_seat_names

    outside = [is_outside(player.bot) for player in players if player.bot is not None]
    if any(outside):
        # Beside a bot from outside, whose own name is not asked, a level's bot might be
        # numbered apart from it by another name ("Hard 2"): every seat is named, to be sure.
        # Bots from outside alone sit under their own names, as given.
        return not all(outside)
    own: dict[int, str] = {}
    for seat, player in enumerate(players):
        if player.bot is None:
            continue
        try:
            own[seat] = agent_name(seat_bot(player.bot, seat))
        except click.ClickException:
            own[seat] = player.name  # no such level here (an older record's): as it sat
    people = [player.name for player in players if player.bot is None]
    named = bot_seat_names(own, people)
    return any(named[seat] != players[seat].name for seat in named)


def same_cards_note(players: Sequence[Player], seed: object, rules: Rules, *,
                    command: str = "play") -> str:
    """The game's seed, then, on a line of its own to be copied whole, the `racko play` (or
    `command`: `racko host`) command that deals its cards again to the same table."""
    # Wrapped in a sentence, "--bot 4=hard" went to the next line, and the first line copied
    # alone dealt another game.
    return (_("Seed {seed}. To deal these cards again:").format(seed=seed)
            + f"\nracko {command} {same_cards(players, seed, rules)}")


def _names_option(names: Sequence[str]) -> str:
    """ " --names 'Ann,Bob'" for the people's `names`, as a shell reads it; "" if there are
    none, or if --names would refuse them (a record made elsewhere may hold any name: those
    players are asked for theirs, as before)."""
    from .seating import split_names  # seating sets tables up with this module's options

    if not names:
        return ""
    listed = ",".join(names)
    try:
        if split_names(listed) != list(names):
            return ""
    except click.BadParameter:
        return ""
    return f" --names {shell_word(listed)}"


def rule_options(rules: Rules) -> str:
    """The options of `racko play` that agree on `rules`' target and variants (each with a
    space before it), those left at their default left out."""
    options = [f" --target {rules.target}"] if rules.target != DEFAULT_TARGET else []
    options += [f" {option}" for option, on in (
        ("--bonus", rules.bonus), ("--partners", rules.partners),
        ("--run-of-three", rules.run_of_three)) if on]
    return "".join(options)


def hint_options(command: Callable[..., Any]) -> Callable[..., Any]:
    """--no-hints and --hint-level, handed to `command` as one `hints`: the level h asks, or
    None when hints are off."""

    @functools.wraps(command)
    def with_hints(no_hints: bool, hint_level: str | None, **kwargs: Any) -> Any:
        if no_hints and hint_level is not None:
            raise click.UsageError(_("--no-hints turns h off: --hint-level has nothing to "
                                     "choose."))
        return command(hints=None if no_hints else hint_level or HINT_LEVELS[0], **kwargs)

    with_hints = click.option(
        "--hint-level", type=click.Choice(HINT_LEVELS, case_sensitive=False),
        help="Whose move h suggests: the hard bot's (the default) or the expert bot's, the "
        "stronger one that racko review measures moves against.")(with_hints)
    return click.option(
        "--no-hints", is_flag=True,
        help="Turn h (what the hard bot would do) off for the whole game; the record says "
        "so.")(with_hints)


def game_hint(hints: str | None, seed: int | str | None) -> Hint | None:
    """What h shows in the game dealt from `seed` (its record's) whose hints are `hints` (a
    level of HINT_LEVELS, or None: off)."""
    if hints is None:
        return None
    return functools.partial(hint, level=hints, seed=seed)


def hints_of(header: Header) -> str | None:
    """The hints of a recorded game: None if they were off, else the level its line names
    (the first of HINT_LEVELS if none, or one racko does not know)."""
    if not header.hints:
        return None
    level = (header.line or {}).get(HINT_LEVEL_FIELD)
    return level if level in HINT_LEVELS else HINT_LEVELS[0]


def hints_line(hints: str | None) -> dict[str, str]:
    """What a game line adds for `hints` (the level, when it is not the default)."""
    return {HINT_LEVEL_FIELD: hints} if hints not in (None, HINT_LEVELS[0]) else {}


def language_line() -> dict[str, str]:
    """What a game line adds to name the language the game starts in: the one spoken now."""
    return {LANGUAGE_FIELD: current_language()}


def recorded_language(line: Mapping[str, Any] | None) -> str | None:
    """The language a game line names (`LANGUAGE_FIELD`), if racko speaks it."""
    language = (line or {}).get(LANGUAGE_FIELD)
    return language if isinstance(language, str) and language in LANGUAGES else None


def language_to_come(line: Mapping[str, Any] | None) -> str | None:
    """The language a recorded game carried on speaks (the one its game line names) when it
    is not the one spoken now; None when it is, or names none racko speaks, or `--lang`
    chose the language for this command."""
    from . import lang_chosen

    language = recorded_language(line)
    if language is None or language == current_language() or lang_chosen():
        return None
    return language


def speak_as_recorded(header: Header) -> None:
    """Speak the language the recorded game was started in, as its game line names it,
    unless `--lang` chose one for this command (or the line names none racko speaks)."""
    language = language_to_come(header.line)
    if language is not None:
        install(language)


_TABLE_KEYS = tuple(TableOptions.__dataclass_fields__)


def table_options(command: Callable[..., Any]) -> Callable[..., Any]:
    """The options that set a table, handed to `command` as one `table: TableOptions`."""

    @functools.wraps(command)
    def with_table(**kwargs: Any) -> Any:
        table = TableOptions(**{key: kwargs.pop(key) for key in _TABLE_KEYS})
        return command(table=table, **kwargs)

    options = (
        click.option("--players", type=WholeNumber(1, MAX_PLAYERS, example=3),
                     help="How many sit at the table, 2-4 (asked if not given); 1 is you "
                     "alone against the --bots."),
        click.option("--names", metavar=N_('"ANN,BOB,…"'),
                     help="The players' names in seat order, comma-separated (asked if not "
                     "given)."),
        target_option,
        click.option("--seed", type=SEED, metavar="N",
                     help="Deal the cards of an earlier game again: its seed, a whole number "
                     "(each game ends showing it)."),
        variant_options,
        click.option("--bot", "bot", multiple=True, metavar=N_("SEAT=LEVEL"),
                     help="A computer player at a seat: random, easy, medium, hard, expert or "
                     "package.module:Class. Repeatable."),
        click.option("--bots", metavar=N_("LEVEL,…"),
                     help="Computer players for the last seats, such as hard,easy. Without "
                     "--players they play with you (or the people --names lists): at most 3 "
                     "with --partners, 1 with --run-of-three. With --players and a bot in every "
                     "seat, the bots play each other."),
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
        seat = whole_number(seat_text)  # any whole number: one out of range is said to be
        if not sep or seat is None or not spec.strip():
            raise click.BadParameter(
                _("{value} must be SEAT=LEVEL, such as 2=hard.").format(
                    value=repr(shown(item, SHORT_SHOWN))),
                param_hint="'--bot'",
            )
        if seat in placed:
            raise click.BadParameter(
                _("seat {seat} is given twice.").format(seat=said(seat)), param_hint="'--bot'"
            )
        placed[seat] = _as_said(spec)
    fill: list[str] = []
    if bots is not None:
        fill = [_as_said(spec) for spec in bots.split(",")]
        if not all(fill):
            raise click.BadParameter(
                _("{value} must list bot levels separated by commas, such as hard,easy.").format(
                    value=repr(bots)
                ),
                param_hint="'--bots'",
            )
    return BotChoice(placed, fill)


def _as_said(spec: str) -> str:
    """A bot spec as racko says it: a level in lower case however it was typed ("HARD" is
    "hard" in the match's table and JSON, as in records), code outside racko as given."""
    spec = spec.strip()
    return level_of(spec) or spec


def check_seats(players: int, choice: BotChoice) -> None:
    """A usage error for the first --bot seat a table of `players` does not have."""
    for seat in choice.placed:
        if not 1 <= seat <= players:
            raise click.BadParameter(
                _("seat {seat} does not exist with {players} players (seats 1-{players}).").format(
                    seat=said(seat), players=players
                ),
                param_hint="'--bot'",
            )


def seat_bots(players: int, choice: BotChoice) -> list[str | None]:
    """The bot spec at each seat (None for a person): --bot seats, then --bots at the end."""
    check_seats(players, choice)
    specs: list[str | None] = [None] * players
    for seat, spec in choice.placed.items():
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
    for seat, spec in enumerate(specs):
        if spec is not None:
            seat_bot(spec, seat)


def seat_bot(spec: str, seat: int) -> Agent:
    """The bot `spec` names, made for `seat`; a usage error ("Seat 2: …") if it cannot be (a
    class may fail the second time it is made, after `check_bot_specs` made it once)."""
    from rack_o.bots import make_bot

    try:
        return make_bot(spec, seat, 0)
    except ValueError as error:
        raise click.UsageError(
            _("Seat {seat}: {error}").format(seat=seat + 1, error=bot_spec_error(error))
        ) from None


def agents_for(
    players: Sequence[Player],
    seed: int | str | None,
    person: Callable[[Player, Hint | None], Agent],
    *,
    hints: str | None,
    load_bots: bool,
) -> list[Agent]:
    """The agent at each seat of the game dealt from `seed`: `person(player, hint)` for a
    person, where `hint` is what h shows in that game (`game_hint` of `hints`), the bot its
    kind names for a bot.

    A seat that is neither, or (without `load_bots`) a bot from code outside racko, is a
    usage error: a record is data, and importing the code it names needs the player's say-so.
    """
    from rack_o.bots import is_outside, make_bot
    from rack_o.bots.loader import LEVELS, BotProblem, BotSpecError

    hint = game_hint(hints, seed)
    agents: list[Agent] = []
    for seat, player in enumerate(players):
        if player.is_human:
            agents.append(person(player, hint))
            continue
        spec = player.bot
        if spec is None:
            raise click.UsageError(
                _('Seat {seat} ({name}) is "{kind}": neither "human" nor "bot:<level>", so '
                  "nobody can take that seat.").format(
                    seat=seat + 1, name=player.name, kind=shown(player.kind, SHORT_SHOWN)
                )
            )
        if is_outside(spec) and not load_bots:
            raise click.UsageError(
                _("Seat {seat} ({name}) was played by the bot {bot}, which is code outside "
                  "racko. Resume with --load-bots to import it, if you trust it.").format(
                    seat=seat + 1, name=player.name, bot=repr(shown(spec, SHORT_SHOWN))
                )
            )
        try:
            agents.append(make_bot(spec, seat, seed))
        except ValueError as error:
            if isinstance(error, BotSpecError) and error.problem is BotProblem.UNKNOWN_LEVEL:
                # The record's, not the player's choice: nothing to choose instead here.
                raise click.UsageError(
                    _("Seat {seat} ({name}) was played by the bot {bot}, which racko does not "
                      "have (its levels are {levels}), so nobody can take that seat.").format(
                        seat=seat + 1, name=player.name, bot=repr(shown(spec, SHORT_SHOWN)),
                        levels=", ".join(LEVELS))
                ) from None
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
        return _target_refused(values["target"])
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


def broken_link(path: Path) -> str:
    """Why --record `path`, a symbolic link to nothing, is refused: what it points to, and that
    racko makes no file through it (it would appear wherever the link points)."""
    try:
        target = os.readlink(path)
    except OSError:
        target = "?"
    return _("{file} is a broken link (to {target}, which does not exist); racko never "
             "creates a file through a link. Give a new file name.").format(
        file=path, target=target)


def not_empty(path: Path) -> str:
    """Why --record `path` is refused: it holds something, and a record is never written over."""
    return _("{file} already exists and is not empty; racko never writes over a record. "
             "Give a new file name.").format(file=path)


def check_record_path(
    ctx: click.Context, param: click.Parameter, typed: str | None
) -> Path | None:
    """--record: a new file (or an empty one) in a folder that exists."""
    if typed is None:
        return None
    value = Path(typed)
    if not value.name:  # "" (which Path reads as ".")
        raise click.BadParameter(_("give the name of a new file."))
    if ends_as_a_folder(typed) and not value.is_dir():
        if not os.path.lexists(value):
            raise click.BadParameter(
                _("the folder {folder} does not exist.").format(folder=value))
        raise click.BadParameter(_("cannot write {file}: {reason}.").format(
            file=typed, reason=os.strerror(errno.ENOTDIR)))
    try:
        if value.is_symlink() and not value.exists():
            raise click.BadParameter(broken_link(value))
        found = value.stat() if value.exists() else None
        folder_exists = value.parent.is_dir()
        blocking = None if folder_exists else file_in_the_way(value.parent)
    except OSError as error:  # such as a file name too long
        raise click.BadParameter(
            _("cannot write {file}: {reason}.").format(file=value, reason=os_reason(error))
        ) from None
    if found is not None and stat.S_ISDIR(found.st_mode):
        raise click.BadParameter(
            _("{file} is a folder, not a file. Give a new file name.").format(file=value)
        )
    if found is not None and not stat.S_ISREG(found.st_mode):
        # /dev/null, a named pipe: what is written there can never be read back to resume.
        raise click.BadParameter(
            _("{file} is not a regular file (a device or a pipe, say); a record must be a file "
              "racko can read back. Give a new file name.").format(file=value)
        )
    if found is not None and found.st_size > 0:
        raise click.BadParameter(not_empty(value))
    if blocking is not None:
        raise click.BadParameter(_("cannot write {file}: {reason}.").format(
            file=value, reason=in_the_way(blocking)))
    if not folder_exists:
        raise click.BadParameter(
            _("the folder {folder} does not exist.").format(folder=value.parent)
        )
    return value


def new_seed() -> int:
    """The seed of a game's cards when none is given: a new shuffle each game."""
    return secrets.randbelow(1_000_000)
