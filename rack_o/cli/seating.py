"""Who sits where: names, and the questions `racko play` asks for what the options leave out.

`seat_table` turns the table options into the rules and the seats, asking only what they do
not say: how many people play (1-4), which bots sit with a lone person, and the names (one
line for everyone). Usage errors come before any question.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Sequence
from typing import Any

import click
from rich.cells import cell_len
from rich.markup import escape

from rack_o.agent import NAME_MOST, agent_name
from rack_o.bots import DEFAULT_LEVEL, bot_kind
from rack_o.game import HUMAN, Player
from rack_o.i18n import _, ngettext
from rack_o.rules import MAX_PLAYERS, MIN_PLAYERS, Rules
from rack_o.store.names import bot_seat_names, name_key, numbered_apart
from rack_o.store.safe_text import shell_word

from .bindings import HELP_KEY
from .console import Terminal
from .messages import meant_level
from .option_types import typed_whole
from .setup import (
    BotChoice,
    TableOptions,
    check_bot_specs,
    check_variants,
    parse_bots,
    rules_from,
    seat_bot,
    seat_bots,
)

MAX_NAME = NAME_MOST
"""The longest name a person may take (a bot's is shown as long at most)."""
ECHO_NAME = 20
"""How much of a rejected name an error message repeats."""
ROOM_TO_TYPE = 20
"""Columns a set-up question leaves free after it on its line for the answer, at least."""
ROOM_FOR_NAMES = 2 * MAX_NAME + 1
"""Columns the names question leaves for the answer: two whole names and their comma."""


def _shown(name: str, most: int = ECHO_NAME) -> str:
    """A name quoted for an error message, cut short (to `most` characters) if it is longer."""
    return repr(name) if len(name) <= most else repr(name[:most]) + "…"


def check_name(name: str, hint: str | None = None) -> None:
    """A BadParameter saying why `name` cannot be a player's name, if it cannot."""
    if not name:
        raise click.BadParameter(_("a name cannot be empty."), param_hint=hint and f"'{hint}'")
    if len(name) > MAX_NAME:
        raise click.BadParameter(
            # Quoted up to where it must end: 20 letters quoted beside "16" read as a miscount.
            _("{name} is longer than {count} characters.").format(
                name=_shown(name, MAX_NAME), count=MAX_NAME
            ),
            param_hint=hint and f"'{hint}'",
        )
    if not name.isprintable():
        raise click.BadParameter(
            _("{name} holds characters that cannot be shown.").format(name=_shown(name)),
            param_hint=hint and f"'{hint}'",
        )
    if unicodedata.category(name[0]).startswith("M") or not cell_len(name[0]):
        # A mark alone (an accent, a vowel sign, a variation selector) or a character that
        # takes no room joins onto whatever is printed before it: the name would vanish.
        raise click.BadParameter(
            _("{name} starts with an accent or a mark on its own: a name starts with a letter, "
              "a digit or a sign.").format(name=_shown(name)),
            param_hint=hint and f"'{hint}'",
        )


def split_names(text: str, hint: str | None = "--names") -> list[str]:
    """The names in a comma-separated list, each checked, all different."""
    names = [name.strip() for name in text.split(",")]
    for name in names:
        check_name(name, hint)
    seen: dict[str, str] = {}
    for name in names:
        key = name_key(name)
        if key not in seen:
            seen[key] = name
            continue
        first = seen[key]
        if first == name:
            clash = _("{name} is named twice").format(name=_shown(name))
        else:
            # Translators: "Zoë and Zoe read as one name (case and accents do not count): …"
            clash = _("{first} and {second} read as one name (case and accents do not count)"
                      ).format(first=_shown(first), second=_shown(name))
        raise click.BadParameter(
            _("{clash}: each player needs a different name.").format(clash=clash),
            param_hint=hint and f"'{hint}'",
        )
    return names


def _ask(term: Terminal, prompt: str, parse: Callable[[str], Any], room: int = ROOM_TO_TYPE,
         *, recall: bool = False) -> Any:
    """Ask until `parse` accepts the answer (`prompt` is plain text: a default in brackets is
    shown as it is, and `room` columns are left to type it: `split_prompt`); it raises
    click.BadParameter to ask again. With `recall`, Up then brings back the answer refused."""
    refused = ""
    while True:
        question, prompt_line = split_prompt(prompt, term.width, room)
        if question is not None:
            term.console.print(question, markup=False, highlight=False)
        answer = term.line(escape(prompt_line), refused).strip()
        try:
            return parse(answer)
        except click.BadParameter as error:
            # The same reasons follow "Invalid value for '--names':" in a usage error, where
            # they start in lower case; said alone here, each is a sentence.
            said = error.message[:1].upper() + error.message[1:]
            term.console.print(said, style="red", markup=False, highlight=False)
            if recall and answer and answer != HELP_KEY and term.edits_lines:
                # A list with one name wrong need not be typed again whole.
                refused = answer
                term.console.print(_("Press the Up arrow to bring back what you typed."),
                                   style="dim", markup=False, highlight=False)


def split_prompt(prompt: str, width: int, room: int = ROOM_TO_TYPE) -> tuple[str | None, str]:
    """`prompt` as it is if it leaves `room` columns to type after it on a line of `width`;
    else its question (to print on lines of its own) and its default in brackets to type
    after, so that the default is never broken across lines; and where even that leaves less
    than `room`, the default goes under the question and the answer is typed after "> "."""
    if cell_len(prompt) + room <= width:
        return None, prompt
    question, bracket, default = prompt.rstrip().rpartition(" [")
    if not bracket or not question or not default.endswith("]"):
        return None, prompt
    default = f"[{default}"
    if cell_len(default) + 1 + room <= width:
        return question, default + " "
    return f"{question}\n{default}", "> "


def ask_people(term: Terminal) -> int:
    """How many people play at this keyboard, 1-4 (Enter: 2)."""

    def parse(answer: str) -> int:
        if not answer:
            return 2
        people = typed_whole(answer)
        if people is not None and 1 <= people <= MAX_PLAYERS:
            return people
        raise click.BadParameter(
            _("Type a number from {low} to {high}, or Enter for 2.").format(low=1, high=MAX_PLAYERS)
        )

    return _ask(term, _("How many people play, {low}-{high}? [2] ").format(
        low=1, high=MAX_PLAYERS), parse)


def ask_bots(term: Terminal, people: int, *, seated: bool = True) -> list[str]:
    """Which bots join `people` people: at least one for a lone person (Enter: hard), who is
    the one asked unless not `seated`."""
    from rack_o.bots import LEVELS, level_of

    room = MAX_PLAYERS - people
    levels = ", ".join(level for level in LEVELS if level != "random")

    def parse(answer: str) -> list[str]:
        specs = [spec.strip() for spec in (answer or DEFAULT_LEVEL).split(",")]
        if not all(specs) or not 1 <= len(specs) <= room:
            raise click.BadParameter(
                ngettext("Name 1 to {room} level, separated by commas, such as hard,easy.",
                         "Name 1 to {room} levels, separated by commas, such as hard,easy.",
                         room).format(room=room)
            )
        unknown = [spec for spec in specs if level_of(spec) is None]
        if unknown:
            raise click.BadParameter(
                _("{spec} is not a level: choose from {levels}.").format(
                    spec=repr(unknown[0]), levels=levels) + meant_level(unknown[0])
            )
        return [level for spec in specs if (level := level_of(spec)) is not None]

    # The levels on a line of their own: the question and its default stay on one line.
    term.console.print(_("Bot levels: {levels}. One per seat, such as hard,easy.").format(
        levels=levels), markup=False, highlight=False)
    question = (_("Who plays against you? [{default}] ") if seated
                else _("Who plays against the person who joins? [{default}] "))
    return _ask(term, question.format(default=DEFAULT_LEVEL), parse, recall=True)


def ask_names(term: Terminal, defaults: Sequence[str], taken: set[str], *,
              seated: bool = True) -> list[str]:
    """The names of the people, on one line, separated by commas (Enter: the defaults); when
    fewer are typed, a second question for the others (Enter there: their defaults). One
    person is the one asked, unless not `seated`."""
    count = len(defaults)
    if count == 1 and seated:
        prompt = _("Your name? [{default}] ").format(default=defaults[0])
    elif count == 1:
        prompt = _("Name of the person who joins? [{default}] ").format(default=defaults[0])
    else:
        prompt = _("Names of the {count} people, separated by commas? [{defaults}] ").format(
            count=count, defaults=", ".join(defaults))
    names = _ask(term, prompt, _names_typed(defaults, taken), ROOM_FOR_NAMES, recall=True)
    if not names or len(names) == count:
        return names or list(defaults)
    # Enter pressed too early leaves the others a second chance to be named.
    rest = _defaults_left(names, defaults)
    term.console.print(ngettext("{count} name for {people} people.",
                                "{count} names for {people} people.", len(names)).format(
                           count=len(names), people=count), markup=False, highlight=False)
    prompt = ngettext("Name of the other person? [{defaults}] ",
                      "Names of the other {count} people, separated by commas? [{defaults}] ",
                      len(rest)).format(count=len(rest), defaults=", ".join(rest))
    taken = taken | {name_key(name) for name in names}
    more = _ask(term, prompt, _names_typed(rest, taken), ROOM_FOR_NAMES, recall=True)
    filled = _defaults_left(more, rest) if more else []
    if more and filled:  # fewer typed again: the others keep their defaults, said so
        term.console.print(ngettext("Not enough names, so {names} plays too.",
                                    "Not enough names, so {names} play too.",
                                    len(filled)).format(names=", ".join(filled)),
                           markup=False, highlight=False)
    return names + (more + filled if more else rest)


def _names_typed(defaults: Sequence[str], taken: set[str]) -> Callable[[str], list[str]]:
    """Reads an answer to a names question for `len(defaults)` people: the names typed
    (none for Enter), checked; click.BadParameter to ask again."""
    count = len(defaults)

    def parse(answer: str) -> list[str]:
        if answer == HELP_KEY:
            raise click.BadParameter(
                _("Type each person's name (at most {count} characters), separated by commas, "
                  "or press Enter for {default}.").format(count=MAX_NAME,
                                                          default=", ".join(defaults))
            )
        if count == 1 and "," in answer:  # before a fault of the list it is not meant as
            raise click.BadParameter(_("Type one name, without commas."))
        names = split_names(answer, None) if answer else []
        if len(names) > count:
            raise click.BadParameter(
                ngettext("{count} name given for {people} person.",
                         "{count} names given for {people} people.", len(names)).format(
                    count=len(names), people=count)
            )
        clash = next((name for name in names if name_key(name) in taken), None)
        if clash is not None:
            raise click.BadParameter(
                _("{name} is already playing: choose another name.").format(name=clash)
            )
        return names

    return parse


def _defaults_left(names: Sequence[str], defaults: Sequence[str]) -> list[str]:
    """The defaults for the people `names` leave unnamed: a seat keeps its own default
    ("Player 3" for the third) when no name typed took it."""
    typed = {name_key(name) for name in names}
    free = [name for name in defaults if name_key(name) not in typed]
    own = [name for name in defaults[len(names):] if name in free]
    return (own + [name for name in free if name not in own])[: len(defaults) - len(names)]


def seat_table(term: Terminal, table: TableOptions, *, seated: bool = True
               ) -> tuple[Rules, list[Player]]:
    """The rules and who sits where: from the options, asking only what they leave out;
    `seated` False when the one asked plays no seat (a host with --no-seat).

    Usage errors (click exceptions) come before any question is asked.
    """
    # --players 1 is one person with the bots: the seats they make are counted below.
    check_variants(None if table.players == 1 else table.players, table.partners,
                   table.run_of_three)
    given = split_names(table.names) if table.names is not None else None
    choice = parse_bots(table.bot, table.bots)
    players = _seats_from_options(table, given, choice)
    if players is None:  # nothing says who plays: ask
        rules_from(MIN_PLAYERS, table.target, table.bonus)  # a bad target is said at once
        people = ask_people(term)
        fill = ask_bots(term, people, seated=seated) if people == 1 else []
        players = people + len(fill)
        specs: list[str | None] = [None] * people + list(fill)
    else:
        specs = seat_bots(players, choice)
        check_bot_specs(specs)
    rules = rules_from(players, table.target, table.bonus, table.partners, table.run_of_three)
    names = name_seats(players, specs, given)
    missing = [seat for seat, name in enumerate(names) if name is None]
    if missing:
        taken = {name_key(name) for name in names if name is not None}
        defaults = _default_names(missing, taken)
        for seat, name in zip(missing, ask_names(term, defaults, taken, seated=seated),
                              strict=True):
            names[seat] = name
    seats = [
        Player(name or "", HUMAN if spec is None else bot_kind(spec))
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
    if table.partners or table.run_of_three:
        # The variant sets the count; --bots still seats one person with the bots, as it does
        # without a variant: bots in every seat only when --players asks for it.
        option, seats = ("--partners", 4) if table.partners else ("--run-of-three", 2)
        if len(choice) == seats:
            context = click.get_current_context(silent=True)
            if context is not None and context.info_name == "host":
                # A hosted table needs a person's seat: watching bots is for racko play.
                message = ngettext(
                    "{option} seats {players} players, and {players} bots would take every "
                    "seat: name {fewer} bot to keep a seat for a person.",
                    "{option} seats {players} players, and {players} bots would take every "
                    "seat: name {fewer} bots to keep a seat for a person.", seats - 1)
            else:
                message = ngettext(
                    "{option} seats {players} players, and {players} bots would take every "
                    "seat: name {fewer} bot to keep a seat for you, or add --players {players} "
                    "to watch the bots play each other.",
                    "{option} seats {players} players, and {players} bots would take every "
                    "seat: name {fewer} bots to keep a seat for you, or add --players {players} "
                    "to watch the bots play each other.", seats - 1)
            raise click.UsageError(message.format(option=option, players=seats,
                                                  fewer=seats - 1))
        # Without --players the names are the people's, as below: a name the bots would
        # take over is refused, never silently given to a bot.
        if given is not None and len(given) + len(choice) > seats:
            raise click.BadParameter(
                ngettext("{option} seats {players} player, but {given} make {seated}: name "
                         "only the people, or add --players {players} to name every seat, "
                         "the bots' too.",
                         "{option} seats {players} players, but {given} make {seated}: name "
                         "only the people, or add --players {players} to name every seat, "
                         "the bots' too.", seats).format(
                    option=option, players=seats, given=_given_said(given, len(choice)),
                    seated=len(given) + len(choice)),
                param_hint="'--names'")
        return seats
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
    return [numbered_apart(lambda number: _("Player {seat}").format(seat=number), seat, taken)
            for seat in seats]


def _seated_message(given: list[str] | None, bots: int) -> str:
    """Why the names and bots given make no table of 2 to 4."""
    if given is None:
        return _("You and {count} bots make {players}; Rack-O is for 2 to 4 players.").format(
            count=bots, players=1 + bots)
    said = _("{given}; Rack-O is for 2 to 4 players.").format(given=_given_said(given, bots))
    if len(given) == 1 and not bots:  # one person, who most likely means to play the bots
        # The command on a line of its own, whole, to be copied.
        said += " " + _("To play against computer players, add them with --bots:") + (
            f"\nracko play --names {shell_word(given[0])} --bots {DEFAULT_LEVEL}")
    return said


def _given_said(given: list[str], bots: int) -> str:
    """"3 names given and 1 bot": what --names and --bots asked for."""
    count = len(given)
    said = ngettext("{count} name given", "{count} names given", count).format(count=count)
    if bots:
        said = _("{names} and {bots}").format(
            names=said, bots=ngettext("{count} bot", "{count} bots", bots).format(count=bots))
    return said


def name_seats(
    players: int, specs: Sequence[str | None], given: list[str] | None
) -> list[str | None]:
    """Each seat's name from --names (all seats, or the people only) and the bots' own
    names; None for a person still to be asked."""
    people = [seat for seat in range(players) if specs[seat] is None]
    names: list[str | None] = [None] * players
    if given is not None:
        if len(given) == players:
            names = list(given)
        elif len(given) == len(people):
            for seat, name in zip(people, given, strict=True):
                names[seat] = name
        else:
            if len(people) in (0, players):  # each seat a person's, or none
                message = ngettext("{count} name given for {players} players.",
                                   "{count} names given for {players} players.", len(given))
            else:
                message = ngettext(
                    "{count} name given: give {people} (one per person) or {players} (one per "
                    "seat).",
                    "{count} names given: give {people} (one per person) or {players} (one per "
                    "seat).",
                    len(given),
                )
            raise click.BadParameter(
                message.format(count=len(given), players=players, people=len(people)),
                param_hint="'--names'",
            )
    unnamed = {seat: agent_name(seat_bot(spec, seat))
               for seat, spec in enumerate(specs) if spec is not None and names[seat] is None}
    for seat, name in bot_seat_names(unnamed, [name for name in names if name]).items():
        names[seat] = name
    return names


