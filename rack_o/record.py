"""The rack-o/1 game record: events to JSON lines, and a game rebuilt from them, checked.

Rebuilding replays every deal and turn through `Game`, so a record is held to exactly the
rules the engine plays; the events the rules imply (turn over, round end, game end) must
match what the engine derives. Pure: it reads text it is given, never a file.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterable
from typing import Any

from rack_o.actions import DISCARD, DRAW, PLACE, TAKE
from rack_o.deal import draw_for_dealer, shuffled_deck
from rack_o.errors import IllegalActionError, RecordError, RulesError
from rack_o.game import FORMAT, Event, Game, Phase, Player
from rack_o.rules import MAX_PLAYERS, MIN_PLAYERS, RACK_SIZE, Rules

_DERIVED = ("turn_over", "round_end", "game_end")
# The fields of a derived event that a record must get right (others are ignored).
_CHECKED = {
    "turn_over": ("round",),
    "round_end": ("round", "racko", "racks", "points", "bonus", "totals"),
    "game_end": ("winner", "totals"),
}


def dumps(event: Event) -> str:
    """One record line for `event`, newline included."""
    return json.dumps(event, ensure_ascii=False) + "\n"


def parse_lines(text: str) -> list[tuple[int, Event]]:
    """(line number, event) for each line of a record; a torn last line is dropped.

    Raises RecordError for a blank or malformed line anywhere but at the very end, or a
    line that is not a JSON object with a string "type".
    """
    lines = text.split("\n")
    complete = text.endswith("\n")
    if complete:
        lines.pop()
    events: list[tuple[int, Event]] = []
    for number, line in enumerate(lines, start=1):
        last = number == len(lines)
        try:
            event = json.loads(line)
        except (ValueError, RecursionError):  # RecursionError: absurdly nested JSON
            if last and not complete:
                break  # a torn write: the writer died mid-line
            reason = "the line is empty" if not line.strip() else "the line is not valid JSON"
            raise RecordError(number, reason) from None
        if not isinstance(event, dict) or not isinstance(event.get("type"), str):
            raise RecordError(number, 'each line must be a JSON object with a "type"')
        events.append((number, event))
    if not events:
        raise RecordError(1, "the record is empty: it must start with a game line")
    return events


def rebuild(
    events: Iterable[tuple[int, Event]] | str,
    rng: random.Random | None = None,
    on_event: Callable[[Event], None] | None = None,
) -> Game:
    """The game a record describes, finished or not; RecordError names the first bad line.

    With `rng` (seeded as the original game was), the generator is advanced exactly as the
    original's was, so the rebuilt game deals its later rounds as the original would have.
    `on_event` is called with each event of the game played on from there (a resumed game),
    not with the events rebuilt.
    """
    if isinstance(events, str):
        events = parse_lines(events)
    game = _Rebuilder(rng).run(events)
    game._on_event = on_event
    return game


class _Rebuilder:
    def __init__(self, rng: random.Random | None) -> None:
        self.rng = rng
        self.header: Event | None = None
        self.game: Game | None = None
        self.derived: list[Event] = []

    def _collect(self, event: Event) -> None:
        if event["type"] in _DERIVED:
            self.derived.append(event)

    def run(self, events: Iterable[tuple[int, Event]]) -> Game:
        previous = 0
        for number, event in events:
            previous = number
            if not isinstance(event, dict) or not isinstance(event.get("type"), str):
                raise RecordError(number, 'each line must be a JSON object with a "type"')
            try:
                self._one(number, event)
            except (IllegalActionError, RulesError) as error:
                raise RecordError(number, _clause(str(error))) from None
        if self.header is None:
            raise RecordError(previous + 1, "the record has no game line")
        if self.game is None:
            raise RecordError(previous + 1, 'the record has no "dealer_draw" line')
        return self.game

    def _one(self, number: int, event: Event) -> None:
        kind = event["type"]
        game = self.game
        if self.header is None:
            if kind != "game":
                raise RecordError(number, f'the first line must be a "game" line, not "{kind}"')
            self._header(number, event)
            return
        if kind == "game":
            raise RecordError(number, 'a record has exactly one "game" line, the first')
        if game is None:
            if kind != "dealer_draw":
                raise RecordError(number, f'the second line must be "dealer_draw", not "{kind}"')
            return self._dealer_draw(number, event)
        if kind == "dealer_draw":
            raise RecordError(number, 'a record has exactly one "dealer_draw" line, the second')
        if kind in _DERIVED:
            return self._derived(number, event)
        if kind not in ("deal", "turn"):
            raise RecordError(number, f'unknown event type "{kind}"')
        if self.derived:
            missing = self.derived[0]
            raise RecordError(
                number, f'expected a "{missing["type"]}" line here, as the rules give, not "{kind}"'
            )
        if game.phase is Phase.OVER:
            raise RecordError(number, "the game is over: nothing may follow game_end")
        if kind == "deal":
            self._deal(number, event)
        else:
            self._turn(number, event)

    def _header(self, number: int, event: Event) -> None:
        if event.get("format") != FORMAT:
            raise RecordError(number, f'the format must be "{FORMAT}", not {event.get("format")!r}')
        players = event.get("players")
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
                number, '"players" must list 2 to 4 objects, each with a "name" and a "kind"'
            )
        rules_obj = event.get("rules")
        if not isinstance(rules_obj, dict):
            raise RecordError(number, '"rules" must be an object')
        flags = {}
        for flag in ("bonus", "partners", "run_of_three"):
            value = rules_obj.get(flag, False)
            if not isinstance(value, bool):
                raise RecordError(number, f'rules "{flag}" must be true or false')
            flags[flag] = value
        rules = Rules(len(players), target=rules_obj.get("target"), **flags)
        if rules_obj.get("deck_size") != rules.deck_size:
            raise RecordError(
                number,
                f"deck_size must be {rules.deck_size} for {rules.players} players, "
                f"not {rules_obj.get('deck_size')!r}",
            )
        self.rules = rules
        self.header = event

    def _dealer_draw(self, number: int, event: Event) -> None:
        cards = event.get("cards")
        if not _int_list(cards):
            raise RecordError(number, '"cards" must be a list of card numbers')
        if self.rng is not None:
            draw_for_dealer(self.rules.players, self.rules.deck_size, self.rng)
        header = self.header
        self.game = Game(
            self.rules,
            self.rng,
            players=[Player(p["name"], p["kind"]) for p in header["players"]],
            dealer_draw=cards,
            seed=header.get("seed"),
            started=header.get("started"),
            on_event=self._collect,
        )
        # The game line is the record's own, kept whole (writers may add fields).
        self.game.events[0] = dict(header)

    def _deal(self, number: int, event: Event) -> None:
        game = self.game
        assert game is not None
        if game.phase is not Phase.DEAL:
            raise RecordError(number, f"round {game.round} is not over: no deal may come yet")
        expected_dealer = game.dealer if game.round == 0 else (game.dealer + 1) % len(game.players)
        if not _exactly(event.get("round"), game.round + 1):
            raise RecordError(number, f"this deal must be round {game.round + 1}")
        if not _exactly(event.get("dealer"), expected_dealer):
            raise RecordError(
                number,
                f'"dealer" must be {expected_dealer}, the seat that deals round '
                f"{game.round + 1}, not {_json(event.get('dealer'))}",
            )
        deck = event.get("deck")
        if not _int_list(deck):
            raise RecordError(number, '"deck" must be a list of card numbers')
        if self.rng is not None:
            shuffled_deck(self.rules.deck_size, self.rng)
        game.deal(deck)

    def _turn(self, number: int, event: Event) -> None:
        game = self.game
        assert game is not None
        if game.phase is not Phase.CHOOSE:
            raise RecordError(number, "no turn may come before the round is dealt")
        seat, source, card, slot = (event.get(k) for k in ("seat", "source", "card", "slot"))
        if type(seat) is not int:
            raise RecordError(
                number,
                f'"seat" must be {game.mover}, the seat whose turn it is, not {_json(seat)}',
            )
        if seat != game.mover:
            raise RecordError(number, f"it is seat {game.mover}'s turn, not {seat}'s")
        if source == "draw":
            top = game.draw_top
        elif source == "discard":
            top = game.discard_top
        else:
            raise RecordError(number, f'"source" must be "draw" or "discard", not {source!r}')
        if not _exactly(card, top):
            raise RecordError(number, f"the top of the {source} pile is {top}, not {card!r}")
        if slot is None:
            if source == "discard":
                raise RecordError(
                    number, "a card taken from the discard pile must be placed in a slot 1-10"
                )
            action = DISCARD
        elif type(slot) is int and 1 <= slot <= RACK_SIZE:
            action = PLACE[slot]
        else:
            raise RecordError(number, f'"slot" must be 1-10 or null, not {slot!r}')
        game.apply(DRAW if source == "draw" else TAKE, seat)
        game.apply(action, seat)

    def _derived(self, number: int, event: Event) -> None:
        kind = event["type"]
        if not self.derived:
            raise RecordError(number, f'the rules give no "{kind}" here')
        expected = self.derived.pop(0)
        if expected["type"] != kind:
            raise RecordError(
                number,
                f'expected a "{expected["type"]}" line here, as the rules give, not "{kind}"',
            )
        for field in _CHECKED[kind]:
            if not _exactly(event.get(field), expected[field]):
                raise RecordError(
                    number, f'"{field}" must be {json.dumps(expected[field])}, as the rules give'
                )


def _json(value: Any) -> str:
    """A value as the record spells it (null, "x", 3), or its repr if it is not JSON."""
    try:
        return json.dumps(value)
    except (TypeError, ValueError):
        return repr(value)


def _clause(message: str) -> str:
    """An engine sentence as the clause after "line N: " (a capital only for a name)."""
    first = message.split(" ", 1)[0]
    if first[:1].isupper() and first[1:].islower():
        message = message[0].lower() + message[1:]
    return message.removesuffix(".")


def _int_list(value: Any) -> bool:
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
