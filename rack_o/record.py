"""The rack-o/1 game record: the header, steps to JSON lines, and games rebuilt from them.

This module is the one owner of the format (the project's `spec/game-record.md`): the `game`
line (`Header`: players, rules, seed, start time, hints on or off), one line per step,
`dumps`, and reading a record back. `replay` plays every deal and turn of a record through
`Game`, so a record is held to exactly the rules the engine plays; the lines the rules imply
(turn over, round end, game end) must match the steps the engine derives. Pure: it reads
text it is given, never a file.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple, TypeGuard

from rack_o.actions import DISCARD, DRAW, TAKE, Source, place
from rack_o.deal import WHOLE_DECK, check_deck
from rack_o.errors import N_, IllegalActionError, RecordError, RulesError
from rack_o.game import DEALER_DRAW, Game, Player
from rack_o.rules import (
    HIGHEST_TARGET,
    MAX_PLAYERS,
    MIN_PLAYERS,
    PARTNERS,
    RACK_SIZE,
    RUN_OF_THREE,
    TARGET,
    Rules,
)
from rack_o.steps import Deal, DealerDraw, GameEnd, RoundResult, Step, Turn, TurnOver

FORMAT = "rack-o/1"
Event = dict[str, Any]
"""One record line, as a JSON-ready dict."""

NOT_JSON = N_("the line is not valid JSON")
TOO_DEEP = N_("the line is nested too deeply to be read")
TOO_LONG = N_("the line holds a number of {digits} digits, too long to be read")
NAMED_TWICE = N_("the line gives {name} twice: each field may appear only once")
NOT_AN_OBJECT = N_('each line must be a JSON object with a "type"')
EXPECTED_LINE = N_('expected a "{expected}" line here, as the rules give, not "{type}"')

_DERIVED = ("turn_over", "round_end", "game_end")
# The fields of a derived line that a record must get right (others are ignored).
_CHECKED = {
    "turn_over": ("round",),
    "round_end": ("round", "racko", "racks", "points", "bonus", "totals"),
    "game_end": ("winner", "totals"),
}


# racko's own fields. Readers of rack-o/1 ignore fields they do not know; racko writes these,
# and reads them back, so that a saved game carries on as it was played.
HINT_LEVEL_FIELD = "hint_level"
"""The game line's field naming the bot hints are taken from, when it is not the first of the
hint levels."""
LANGUAGE_FIELD = "lang"
"""The game line's field naming the language the game was started in."""
HOST_SEAT = "host_seat"
"""The game line's field naming the host's seat at a hosted table (null: the host had none),
so that `racko host --resume` seats the host where they sat."""
GUEST_LOGINS = "guest_logins"
"""A line's field naming the user names guests first took seats with where they are not the
seats' own names, {"seat": user name} (case-folded), so that `racko host --resume` keeps each
seat for its guest's ssh command."""
GIVEN_AWAY = "given_away"
"""The field of the first line written after the host gave seats to the computer player: the
seats, a list, so that `racko host --resume` gives them to it again even if it never played a
turn there."""
HINTS_SHOWN = "hints"
"""A person's turn line's field: how many hints they were shown during that turn (1 to
HINTS_A_TURN)."""
HINTS_A_TURN = 3
"""The most hints a turn shows: one at the take-or-draw question, one for where the card taken
goes (put back, it may be taken again), one for where the card drawn goes."""
LEFT = "left"
"""A person's turn line's field (true): the turn ended with them leaving, or the game
stopping, holding a card they drew, which was discarded for them."""
STAND_IN = "stand_in"
"""A turn line's field: the kind of the computer player that played this turn in a person's
seat at a hosted table ("bot:hard")."""


def played_for_person(line: Mapping[str, Any]) -> bool:
    """True for a person's turn line whose move was not theirs: a stand-in played it, or the
    card was thrown away as they left."""
    return bool(line.get(STAND_IN) or line.get(LEFT))


def given_away(events: Iterable[Mapping[str, Any]], players: tuple[Player, ...]) -> list[int]:
    """The people's seats a hosted table's computer player was playing when the table stopped:
    a line says the host gave them away (GIVEN_AWAY), or their last turn line says it stood in."""
    given: set[int] = set()

    def is_seat(value: object) -> TypeGuard[int]:
        return type(value) is int and 0 <= value < len(players)

    for line in events:
        seat = line.get("seat")
        if line.get("type") == "turn" and is_seat(seat):
            if line.get(STAND_IN):
                given.add(seat)
            else:
                given.discard(seat)
        named = line.get(GIVEN_AWAY)
        if isinstance(named, list):
            given.update(seat for seat in named if is_seat(seat))
    return [seat for seat in sorted(given) if players[seat].is_human]


class TurnLine(NamedTuple):
    """A turn line of a record `rebuild` accepted, and where it stands."""

    round: int
    """Its round, from 1 (the deals before it)."""
    place: int
    """Its place in its round's history (`Game.history`): the turns and turn-overs before it
    since the deal, from 0."""
    seat: int
    line: Mapping[str, Any]
    """The line itself, racko's own fields too (`LEFT`, `STAND_IN`, `HINTS_SHOWN`)."""


def turn_lines(lines: Iterable[Mapping[str, Any]]) -> Iterator[TurnLine]:
    """The turn lines of a record's `lines` (as `rebuild` accepted them: each turn after a
    deal, by a seat of the game), with their round and place, in order."""
    round_ = place = 0
    for line in lines:
        kind = line.get("type")
        if kind == "deal":
            round_, place = round_ + 1, 0
        elif kind in ("turn", "turn_over"):
            if kind == "turn":
                yield TurnLine(round_, place, line["seat"], line)
            place += 1


def holds_deal(lines: Iterable[Mapping[str, Any]]) -> bool:
    """True if a round was dealt in `lines` (a record's, whole or in part): a game to carry on,
    not one left before its first deal."""
    return any(line.get("type") == "deal" for line in lines)


@dataclass(frozen=True)
class Header:
    """A record's `game` line: who sits where, the rules, the seed, the start time, and
    whether the players could ask for hints."""

    players: tuple[Player, ...]
    rules: Rules
    seed: int | str | None = None
    """Informational: the seed racko dealt from, so the same cards can be dealt again."""
    started: str | None = None
    """When the game started, UTC, as "2026-11-29T21:05:00Z"."""
    hints: bool = True
    """False when hints were turned off for the whole game (`"hints": false`; a line without
    the field had them on)."""
    line: Mapping[str, Any] | None = field(default=None, compare=False)
    """The line as read, kept whole (another writer's fields included), if read."""

    def event(self) -> Event:
        """The `game` line: as read, or made from the fields."""
        if self.line is not None:
            return dict(self.line)
        line: Event = {
            "type": "game",
            "format": FORMAT,
            "players": [{"name": p.name, "kind": p.kind} for p in self.players],
            "rules": rules_line(self.rules),
            "seed": self.seed,
            "started": self.started,
        }
        if not self.hints:
            line["hints"] = False
        return line

    def seeded_rng(self) -> random.Random | None:
        """The generator the game was dealt from; None when the seed is unusable (the caller
        gives one: the engine's chance never comes from elsewhere)."""
        seed = self.seed
        if isinstance(seed, str) or (isinstance(seed, int) and not isinstance(seed, bool)):
            return random.Random(seed)
        return None

    def new_game(self, on_step: Callable[[Step], None] | None = None) -> Game:
        """The game this header starts: its players and rules, dealt from its seed (every new
        game, played, hosted or simulated, is made here); RulesError if its seed deals nothing."""
        return Game(self.rules, self.seeded_rng(), players=self.players, on_step=on_step)


def rules_line(rules: Rules) -> dict[str, Any]:
    """The `rules` object of a `game` line."""
    return {
        "deck_size": rules.deck_size,
        "target": rules.target,
        "bonus": rules.bonus,
        "partners": rules.partners,
        "run_of_three": rules.run_of_three,
    }


def header_of(game: Game, seed: int | str | None = None, started: str | None = None) -> Header:
    """A header for `game`: its players and rules, with `seed` and `started` (without the
    fields racko adds for itself, such as the hint level)."""
    return Header(game.players, game.rules, seed, started)


def event(step: Step) -> Event:
    """The record line of one step."""
    # `type(step) is` written out in each test, not kept in a variable, so that mypy narrows.
    if type(step) is Turn:
        return {"type": "turn", "seat": step.seat, "source": step.source.value,
                "card": step.card, "slot": step.slot}
    if type(step) is Deal:
        return {"type": "deal", "round": step.round, "dealer": step.dealer,
                "deck": list(step.deck)}
    if type(step) is TurnOver:
        return {"type": "turn_over", "round": step.round}
    if type(step) is RoundResult:
        return {"type": "round_end", "round": step.round, "racko": step.racko,
                "racks": [list(rack) for rack in step.racks], "points": list(step.points),
                "bonus": list(step.bonus), "totals": list(step.totals)}
    if type(step) is GameEnd:
        return {"type": "game_end", "winner": step.winner, "totals": list(step.totals)}
    if type(step) is DealerDraw:
        return {"type": "dealer_draw", "cards": list(step.cards)}
    raise TypeError(f"not a step: {step!r}")


def events(header: Header, steps: Iterable[Step]) -> Iterator[Event]:
    """Every line of a record: the header, then each step."""
    yield header.event()
    for step in steps:
        yield event(step)


def dumps(line: Event) -> str:
    """One record line for `line`, newline included."""
    return json.dumps(line, ensure_ascii=False) + "\n"


def parse_lines(text: str) -> list[tuple[int, Event]]:
    """(line number, event) for each line of a record; a torn last line is dropped.

    Raises RecordError for a blank or malformed line anywhere but at the very end, a line
    that is not a JSON object with a string "type", or one whose strings are not UTF-8 text
    (a lone surrogate, "\\ud800", is valid JSON but half a character).
    """
    return list(iter_lines(text))


def iter_lines(text: str) -> Iterator[tuple[int, Event]]:
    """`parse_lines`, one line at a time: each line is parsed only when it is asked for, so
    a reader that stops at a bad line never parses (nor holds) the lines after it.

    RecordError as `parse_lines` gives it, when the bad line is reached.
    """
    start, number, parsed = 0, 0, 0
    while start < len(text):
        end = text.find("\n", start)
        complete = end >= 0  # only the last line can lack its newline
        line = text[start:end] if complete else text[start:]
        start = end + 1 if complete else len(text)
        number += 1
        try:
            value = _loads(line)
        except (ValueError, RecursionError) as error:
            if not complete and is_torn(line):
                break  # a torn write: the writer died mid-line
            raise _not_a_line(number, line, error) from None
        if not isinstance(value, dict) or not isinstance(value.get("type"), str):
            raise RecordError(number, NOT_AN_OBJECT)
        if _SURROGATE_ESCAPE.search(line):
            lone = _lone_surrogate(value)
            if lone:
                raise RecordError(
                    number, N_("the line is not UTF-8 text: it holds half a character ({lone})"),
                    lone=lone,
                )
        parsed += 1
        yield number, value
    if not parsed:
        raise RecordError(1, N_("the record is empty: it must start with a game line"))


def is_torn(line: str) -> bool:
    """True when `line`, the last of a record and lacking its newline, is a torn write to be
    ignored: not complete JSON (the start of a line, cut short). A complete line is never
    torn, whatever is wrong with it."""
    try:
        _loads(line)
    except _NamedTwice:
        return False
    except (_NotJsonConstant, _TooLong):
        try:  # complete, with NaN, Infinity or a number too long in it, or cut short after one?
            json.loads(line, parse_int=_any_int)
        except RecursionError:
            return not _closed(line)
        except ValueError:
            return True
        return False
    except RecursionError:
        return not _closed(line)
    except json.JSONDecodeError as error:
        # A whole value with more after it (lines that end in CR alone) was not cut short.
        return error.msg != "Extra data"
    except ValueError:
        return True
    return False


def _loads(line: str) -> Any:
    """The JSON value of one line, read strictly: NaN and Infinity are no JSON, a field
    named twice (which one counts depends on the reader) raises _NamedTwice, and a number too
    long for Python to read raises _TooLong. RecursionError for a line nested deeper than the
    parser goes."""
    return json.loads(line, parse_constant=_no_constant, object_pairs_hook=_named_once,
                      parse_int=_whole_number, parse_float=_Written)


class _Written(float):
    """A number written with a point or an exponent, which keeps how the line spells it
    ("5e2", "7.0"): an error quotes that, not the float it reads as (500.0, 7.0)."""

    written: str

    def __new__(cls, text: str) -> _Written:
        value = super().__new__(cls, text)
        value.written = text
        return value


class _NamedTwice(ValueError):
    """A JSON object gives the same field twice."""

    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.name = name


def _named_once(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    value = dict(pairs)
    if len(value) < len(pairs):
        seen: set[str] = set()
        for name, _value in pairs:
            if name in seen:
                raise _NamedTwice(name)
            seen.add(name)
    return value


class _NotJsonConstant(ValueError):
    """A line holds NaN or Infinity, which Python reads and JSON lacks."""


def _no_constant(name: str) -> Any:
    raise _NotJsonConstant(f"{name} is not JSON")


class _TooLong(ValueError):
    """A line holds a whole number of more digits than Python turns into an int (4,300 unless
    `sys.set_int_max_str_digits` says otherwise): complete JSON, not a line cut short."""

    def __init__(self, digits: int) -> None:
        super().__init__(f"a number of {digits} digits")
        self.digits = digits


def _whole_number(text: str) -> int:
    """The int a JSON number without fraction or exponent spells; _TooLong past Python's
    limit (the ValueError `int` raises there is no sign of broken JSON)."""
    try:
        return int(text)
    except ValueError:
        raise _TooLong(len(text.lstrip("-"))) from None


def _any_int(text: str) -> int:
    """0 for any JSON whole number: only whether a line is complete JSON is asked."""
    return 0


_STRUCTURE = re.compile(r'[\\"\[\]{}]')


def _closed(line: str) -> bool:
    """True when every bracket `line` opens is closed and no string is left open: a line too
    deep to parse is complete JSON, not the start of a line cut short. One pass over the
    characters that matter: a line is read in time proportional to its length."""
    depth, in_string, escaped_at = 0, False, -1
    for found in _STRUCTURE.finditer(line):
        at, char = found.start(), found.group()
        if at == escaped_at:
            continue
        if in_string:
            if char == "\\":
                escaped_at = at + 1
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
        elif char in "]}":
            depth -= 1
    return not in_string and depth == 0


def _not_a_line(number: int, line: str, error: Exception) -> RecordError:
    """Why line `number` (`line`, which `_loads` refused with `error`) is no record line."""
    if isinstance(error, _NamedTwice):
        return RecordError(number, NAMED_TWICE, name=_json(error.name))
    if isinstance(error, _TooLong):
        return RecordError(number, TOO_LONG, digits=error.digits)
    if isinstance(error, RecursionError) and _closed(line):
        return RecordError(number, TOO_DEEP)
    return RecordError(number, N_("the line is empty") if not line.strip() else NOT_JSON)


def read_header(number: int, line: Event) -> Header:
    """The header a `game` line gives; RecordError if it is not a valid one."""
    if line.get("type") != "game":
        raise RecordError(
            number, N_('the first line must be a "game" line, not {type}'),
            type=_json(line.get("type")),
        )
    if line.get("format") != FORMAT:
        raise RecordError(number, N_('the format must be "{format}", not {given}'),
                          format=FORMAT, given=_json(line.get("format")))
    players = line.get("players")
    if (
        not isinstance(players, list)
        or not MIN_PLAYERS <= len(players) <= MAX_PLAYERS
        or not all(
            isinstance(p, dict) and isinstance(p.get("name"), str)
            and isinstance(p.get("kind"), str)
            for p in players
        )
    ):
        raise RecordError(
            number, N_('"players" must list 2 to 4 objects, each with a "name" and a "kind"')
        )
    for seat, player in enumerate(players, start=1):
        # Players are told apart by name (a winner, a score, a hand-off): a name of nothing
        # but blanks would say "  won". racko never writes one; another writer may.
        if not player["name"].strip():
            raise RecordError(number, N_("player {seat} has no name: every player needs one, "
                                         "to be told apart"), seat=seat)
        seated = Player(player["name"], player["kind"])
        if not seated.is_human and seated.bot is None:
            # Whether a seat is a person's decides what replay may show (and who plays it on).
            raise RecordError(number, N_('seat {seat} is {kind}: a player\'s kind is "human" or '
                                         '"bot:<level>"'), seat=seat, kind=_json(player["kind"]))
    agreed = line.get("rules")
    if not isinstance(agreed, dict):
        raise RecordError(number, N_('"rules" must be an object'))
    flags = {}
    for flag in ("bonus", "partners", "run_of_three"):
        value = agreed.get(flag, False)
        if not isinstance(value, bool):
            raise RecordError(number, N_('rules "{flag}" must be true or false'), flag=flag)
        flags[flag] = value
    target: Any = agreed.get("target")  # missing or not a target: Rules says so
    try:
        rules = Rules(len(players), target=target, **flags)
    except RulesError as error:
        raise _engine_error(number, error) from None
    if not _exactly(agreed.get("deck_size"), rules.deck_size):
        raise RecordError(
            number, N_("deck_size must be {size} for {players} players, not {given}"),
            size=rules.deck_size, players=rules.players, given=_json(agreed.get("deck_size")),
        )
    seed, started = line.get("seed"), line.get("started")
    # "hints" is racko's own field, not the format's: another writer may use the name for
    # something else, which a reader ignores. Only racko's false turns hints off.
    hints = line.get("hints") is not False
    return Header(
        players=tuple(Player(p["name"], p["kind"]) for p in players),
        rules=rules,
        seed=seed if isinstance(seed, int | str) and not isinstance(seed, bool) else None,
        started=started if isinstance(started, str) else None,
        hints=hints,
        line=dict(line),
    )


class Rebuilt(NamedTuple):
    """A record read back: its header, the game it describes, and the lines it lacks."""

    header: Header
    game: Game
    missing: tuple[Event, ...]
    """Lines the rules imply after the last one written (the writer died before them)."""


def rebuild(
    lines: Iterable[tuple[int, Event]] | str,
    rng: random.Random | None = None,
    *,
    seeded: bool = False,
) -> Rebuilt:
    """The game a record describes, finished or not; RecordError names the first bad line.

    With `rng` (seeded as the original game was), or `seeded` (the generator the header's
    seed gives, as racko seeds its games), the rebuilt game deals its later rounds as the
    original would have.
    """
    replayer = _Replayer(lines, rng, seeded)
    for _step in replayer:
        pass
    return replayer.result()


def replay(
    lines: Iterable[tuple[int, Event]] | str, rng: random.Random | None = None
) -> Iterator[tuple[Step, Game]]:
    """Each step of a record, in order, with the game right after it (one Game, changing).

    A turn's step comes with the game after the whole turn (a Rack-O round already scored);
    the steps the rules imply follow it. RecordError names the first bad line when reached.
    """
    return iter(_Replayer(lines, rng))


class _Replayer:
    def __init__(
        self,
        lines: Iterable[tuple[int, Event]] | str,
        rng: random.Random | None,
        seeded: bool = False,
    ) -> None:
        self.lines = iter_lines(lines) if isinstance(lines, str) else lines
        self.rng = rng
        self.seeded = seeded
        self.header: Header | None = None
        self.game: Game | None = None
        self.derived: list[tuple[Step, Event]] = []
        """Steps the engine derived whose lines the record has yet to show."""
        self.fresh: list[Step] = []
        """Steps the last line caused, not yet handed out."""
        self.last = 0

    def result(self) -> Rebuilt:
        if self.header is None:
            raise RecordError(self.last + 1, N_("the record has no game line"))
        if self.game is None:
            raise RecordError(self.last + 1, N_('the record has no "dealer_draw" line'))
        self.game.on_step = None
        return Rebuilt(self.header, self.game, tuple(line for _step, line in self.derived))

    def __iter__(self) -> Iterator[tuple[Step, Game]]:
        for number, line in self.lines:
            self.last = number
            if not isinstance(line, dict) or not isinstance(line.get("type"), str):
                raise RecordError(number, NOT_AN_OBJECT)
            try:
                self._one(number, line)
            except (IllegalActionError, RulesError) as error:
                raise _engine_error(number, error) from None
            game = self.game
            if game is not None:
                for step in self.fresh:
                    yield step, game
                self.fresh.clear()

    def _hear(self, step: Step) -> None:
        self.fresh.append(step)
        if type(step) in (TurnOver, RoundResult, GameEnd):
            self.derived.append((step, event(step)))

    def _one(self, number: int, line: Event) -> None:
        kind = line["type"]
        game = self.game
        if self.header is None:
            self.header = read_header(number, line)
            if self.seeded:
                self.rng = self.header.seeded_rng()
            return
        if kind == "game":
            raise RecordError(number, N_('a record has exactly one "game" line, the first'))
        if game is None:
            if kind != "dealer_draw":
                raise RecordError(
                    number, N_('the second line must be "dealer_draw", not {type}'),
                    type=_json(kind),
                )
            return self._dealer_draw(number, line)
        if kind == "dealer_draw":
            raise RecordError(
                number, N_('a record has exactly one "dealer_draw" line, the second')
            )
        if kind in _DERIVED:
            return self._derived(number, line)
        if kind not in ("deal", "turn"):
            raise RecordError(number, N_("unknown event type {type}"), type=_json(kind))
        if self.derived:
            raise RecordError(
                number, EXPECTED_LINE, expected=self.derived[0][1]["type"], type=kind
            )
        if game.is_over:
            raise RecordError(number, N_("the game is over: nothing may follow game_end"))
        if kind == "deal":
            self._deal(number, line, game)
        else:
            self._turn(number, line, game)

    def _dealer_draw(self, number: int, line: Event) -> None:
        cards = line.get("cards")
        if not _int_list(cards):
            raise RecordError(number, N_('"cards" must be a list of card numbers'))
        header = self.header
        assert header is not None
        self.game = Game(
            header.rules, self.rng, players=header.players, dealer_draw=cards,
            on_step=self._hear,
        )

    def _deal(self, number: int, line: Event, game: Game) -> None:
        if game.phase != "deal":
            raise RecordError(
                number, N_("round {round} is not over: no deal may come yet"), round=game.round
            )
        expected_dealer = game.dealer if game.round == 0 else (game.dealer + 1) % len(game.players)
        if not _exactly(line.get("round"), game.round + 1):
            raise RecordError(number, N_("this deal must be round {round}"), round=game.round + 1)
        if not _exactly(line.get("dealer"), expected_dealer):
            raise RecordError(
                number,
                N_('"dealer" must be {seat}, the seat that deals round {round}, not {given}'),
                seat=expected_dealer, round=game.round + 1, given=_json(line.get("dealer")),
            )
        deck = line.get("deck")
        if not _int_list(deck):
            raise RecordError(number, N_('"deck" must be a list of card numbers'))
        try:
            check_deck(deck, game.rules.deck_size)
        except ValueError:
            raise RecordError(number, WHOLE_DECK, deck_size=game.rules.deck_size) from None
        game.deal(deck)

    def _turn(self, number: int, line: Event, game: Game) -> None:
        if game.phase != "choose":
            raise RecordError(number, N_("no turn may come before the round is dealt"))
        seat, source, card, slot = (line.get(k) for k in ("seat", "source", "card", "slot"))
        # One message for both, in the file's own numbers: "seat 1's turn" would read as the
        # player numbered 1 on the screen, who is seat 0 in the file.
        if type(seat) is not int or seat != game.mover:
            raise RecordError(
                number, N_('"seat" must be {seat}, the seat whose turn it is, not {given}'),
                seat=game.mover, given=_json(seat),
            )
        if source == Source.DRAW:
            top = game.draw_top
        elif source == Source.DISCARD:
            top = game.discard_top
        else:
            raise RecordError(number, N_('"source" must be "draw" or "discard", not {given}'),
                              given=_json(source))
        if not _exactly(card, top):
            pile = (N_("the top of the draw pile is {card}, not {given}") if source == Source.DRAW
                    else N_("the top of the discard pile is {card}, not {given}"))
            raise RecordError(number, pile, card=_json(top), given=_json(card))
        if "slot" not in line:  # null says the drawn card was thrown away: it is never implied
            raise RecordError(number, N_('a turn must give its "slot": 1-10, or null for a drawn '
                                         'card discarded at once'))
        if slot is None:
            if source == Source.DISCARD:
                raise RecordError(
                    number, N_("a card taken from the discard pile must be placed in a slot 1-10")
                )
            action = DISCARD
        elif type(slot) is int and 1 <= slot <= RACK_SIZE:
            action = place(slot)
        else:
            raise RecordError(number, N_('"slot" must be 1-10 or null, not {given}'),
                              given=_json(slot))
        game.apply(DRAW if source == Source.DRAW else TAKE, seat)
        game.apply(action, seat)

    def _derived(self, number: int, line: Event) -> None:
        kind = line["type"]
        if not self.derived:
            raise RecordError(number, N_('the rules give no "{type}" here'), type=kind)
        _step, expected = self.derived.pop(0)
        if expected["type"] != kind:
            raise RecordError(number, EXPECTED_LINE, expected=expected["type"], type=kind)
        for name in _CHECKED[kind]:
            if not _exactly(line.get(name), expected[name]):
                raise RecordError(
                    number, N_('"{field}" must be {value}, as the rules give'),
                    field=name, value=json.dumps(expected[name]),
                )


def _json(value: Any) -> str:
    """A value as the record spells it (null, "x", 3), or its repr if it is not JSON; cut
    short with "…" past `_QUOTED` characters."""
    if isinstance(value, _Written):
        text = value.written  # JSON's own digits, signs, points and exponents: nothing else
    else:
        try:
            text = json.dumps(value)  # ASCII: no control or bidi character reaches a terminal
        except (TypeError, ValueError):
            text = repr(value)
    return text if len(text) <= _QUOTED else text[: _QUOTED - 1] + "…"


_QUOTED = 32
"""How much of a refused value an error quotes: enough to recognise it, never a screenful."""


# The rules the engine refuses a record by, with the values it names (as the record spells
# them): the engine's own clauses.
_RULES_REASONS = {"target": TARGET, "partners": PARTNERS, "run_of_three": RUN_OF_THREE,
                  "dealer_draw": DEALER_DRAW}


def _engine_error(number: int, error: IllegalActionError | RulesError) -> RecordError:
    """The engine's refusal of line `number` as a record error: in record words where they
    are known, else in the engine's own."""
    if isinstance(error, RulesError) and error.problem in _RULES_REASONS:
        values: dict[str, object] = {
            name: _json(value) for name, value in error.values.items() if name != "cards"
        }
        if error.problem == "target":
            values["most"] = HIGHEST_TARGET  # the bound, as a number the reader's language writes
        return RecordError(number, _RULES_REASONS[error.problem], **values)
    return RecordError(number, "{reason}", reason=_clause(str(error)))


def _clause(message: str) -> str:
    """An engine sentence as the clause after "line N: " (a capital only for a name)."""
    first = message.split(" ", 1)[0]
    if first[:1].isupper() and first[1:].islower():
        message = message[0].lower() + message[1:]
    return message.removesuffix(".")


_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")
"""How JSON spells half of a UTF-16 pair: a string holding one alone is no UTF-8 text."""


def _lone_surrogate(value: Any) -> str | None:
    """The first lone surrogate in any string (or key) of `value`, as its escape, or None.
    Iterative: a line nested thousands deep is still looked through."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            try:
                item.encode("utf-8")
            except UnicodeEncodeError as error:
                return ascii(item[error.start])[1:-1]
        elif isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, dict):
            stack.extend(item)
            stack.extend(item.values())
    return None


def _int_list(value: Any) -> TypeGuard[list[int]]:
    return isinstance(value, list) and all(type(v) is int for v in value)


def _exactly(value: Any, expected: Any) -> bool:
    """Equal and of the same JSON type all the way down: 35.0 is not card 35, false is not 0."""
    if type(value) is not type(expected):
        return False
    if isinstance(expected, list):
        return len(value) == len(expected) and all(
            _exactly(v, e) for v, e in zip(value, expected, strict=True)
        )
    return bool(value == expected)
