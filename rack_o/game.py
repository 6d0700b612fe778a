"""The game state machine: deals, turns, Rack-O, scoring and the end of the game.

The one way to change a game is `Game.apply` (plus `Game.deal` for the chance step); every
change is also written as a rack-o/1 event. Pure: no printing, reading, sleeping or clock;
imports neither rich nor click.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from rack_o.actions import DISCARD, DRAW, PLACE, TAKE, Action, ActionKind
from rack_o.deal import check_deck, deal, dealer_from_draw, descents, draw_for_dealer, shuffled_deck
from rack_o.errors import IllegalActionError
from rack_o.rack import longest_run, round_points
from rack_o.rules import RACK_SIZE, Rules
from rack_o.view import PublicTurn, RoundResult, SeatView, TurnOver

FORMAT = "rack-o/1"
Event = dict[str, Any]

_CHOOSE_ACTIONS = (DRAW, TAKE)
_PLACE_DRAWN = PLACE[1:] + (DISCARD,)
_PLACE_TAKEN = PLACE[1:]
_DRAW_KIND = ActionKind.DRAW
_TAKE_KIND = ActionKind.TAKE
_PLACE_KIND = ActionKind.PLACE
_DISCARD_KIND = ActionKind.DISCARD
_LAST = RACK_SIZE - 1


class Phase(StrEnum):
    """What the game waits for."""

    DEAL = "deal"
    """A round must be dealt (`Game.deal`)."""
    CHOOSE = "choose"
    """The mover draws or takes the top discard."""
    PLACE = "place"
    """The mover places the card in hand, or discards a drawn card."""
    OVER = "over"
    """The game has a winner."""


_DEAL = Phase.DEAL
_CHOOSE = Phase.CHOOSE
_PLACE = Phase.PLACE
_OVER = Phase.OVER


@dataclass(frozen=True, slots=True)
class Player:
    """A seat's name and kind ("human" or "bot:<level>"), as the record lists them."""

    name: str
    kind: str = "human"


class Game:
    """A game of Rack-O from the dealer draw to the winner."""

    def __init__(
        self,
        rules: Rules,
        rng: random.Random | None = None,
        *,
        players: Sequence[Player] | None = None,
        dealer_draw: Sequence[int] | None = None,
        seed: int | str | None = None,
        started: str | None = None,
        on_event: Callable[[Event], None] | None = None,
    ) -> None:
        """Seat the players and make the dealer draw (from `rng` unless the cards are given)."""
        self.rules = rules
        self.rng = rng
        n = rules.players
        if players is None:
            players = [Player(f"Player {i + 1}") for i in range(n)]
        if len(players) != n:
            raise IllegalActionError(
                f"the rules are for {n} players, but {len(players)} are seated"
            )
        self.players: tuple[Player, ...] = tuple(players)
        self.events: list[Event] = []
        self._on_event = on_event
        self.phase = _DEAL
        self.round = 0
        self.turn = 0
        self.totals = [0] * rules.teams
        self.rounds: list[RoundResult] = []
        self.winner: int | None = None
        self.racks: list[list[int]] = [[] for _ in range(n)]
        self._draw: list[int] = []  # top card last, so drawing is a pop
        self.discard_pile: list[int] = []  # bottom first, top last
        self.mover = 0
        self.held: int | None = None
        self.held_source: str | None = None
        self._descents = [0] * n
        self._run_of_three = rules.run_of_three
        # This round's public history as plain tuples (seat, source, taken, slot, discarded),
        # or (card,) for a turn-over; turned into PublicTurn/TurnOver only when a view asks,
        # because building frozen dataclasses on every turn is the engine's costliest step.
        self._history: list[tuple[Any, ...]] = []
        self._public: list[PublicTurn | TurnOver] = []
        self._public_tuple: tuple[PublicTurn | TurnOver, ...] = ()
        self._emit(
            {
                "type": "game",
                "format": FORMAT,
                "players": [{"name": p.name, "kind": p.kind} for p in self.players],
                "rules": rules.to_record(),
                "seed": seed,
                "started": started,
            }
        )
        if dealer_draw is None:
            dealer_draw = draw_for_dealer(n, rules.deck_size, self._need_rng("draw for dealer"))
        cards = list(dealer_draw)
        if (
            len(cards) != n
            or len(set(cards)) != n
            or not all(type(c) is int and 1 <= c <= rules.deck_size for c in cards)
        ):
            raise IllegalActionError(
                f"the dealer draw needs {n} different cards from 1 to {rules.deck_size}"
            )
        self.dealer_draw = tuple(cards)
        # Highest card deals (seeds 000 and 003); the deal passes left each round.
        self.dealer = dealer_from_draw(cards)
        self._emit({"type": "dealer_draw", "cards": cards})
        self._announce(0)

    # ------------------------------------------------------------------ queries

    @property
    def draw_pile(self) -> tuple[int, ...]:
        """The draw pile, top card first (hidden from players: never in a view)."""
        return tuple(reversed(self._draw))

    @property
    def draw_top(self) -> int | None:
        """The face-down top card of the draw pile (hidden from players: never in a view)."""
        return self._draw[-1] if self._draw else None

    @property
    def draw_pile_size(self) -> int:
        """How many cards are face down in the draw pile."""
        return len(self._draw)

    @property
    def discard_top(self) -> int | None:
        """The face-up card that may be taken, if any."""
        return self.discard_pile[-1] if self.discard_pile else None

    @property
    def is_over(self) -> bool:
        """True once the game has a winner."""
        return self.phase is _OVER

    @property
    def last_round(self) -> RoundResult | None:
        """The result of the most recent finished round, if any."""
        return self.rounds[-1] if self.rounds else None

    @property
    def history(self) -> tuple[PublicTurn | TurnOver, ...]:
        """This round's public events, oldest first: what every seat saw happen."""
        public = self._public
        if len(public) != len(self._history):
            for entry in self._history[len(public) :]:
                public.append(PublicTurn(*entry) if len(entry) == 5 else TurnOver(*entry))
            self._public_tuple = tuple(public)
        return self._public_tuple

    def legal_actions(self) -> tuple[Action, ...]:
        """What the mover may do now (empty while a deal is due or the game is over)."""
        phase = self.phase
        if phase is _CHOOSE:
            return _CHOOSE_ACTIONS
        if phase is _PLACE:
            return _PLACE_DRAWN if self.held_source == "draw" else _PLACE_TAKEN
        return ()

    def can_apply(self, action: Action, seat: int | None = None) -> bool:
        """True when `action` (by `seat`, if given) is legal now."""
        return (seat is None or seat == self.mover) and action in self.legal_actions()

    def view(self, seat: int) -> SeatView:
        """What `seat` may see now: its own rack and card in hand, and public information."""
        if not (type(seat) is int and 0 <= seat < self.rules.players):
            raise IndexError(f"there is no seat {seat!r}: seats are 0 to {self.rules.players - 1}")
        mine = seat == self.mover and (self.phase is _CHOOSE or self.phase is _PLACE)
        return SeatView(
            seat=seat,
            names=tuple(p.name for p in self.players),
            rules=self.rules,
            round=self.round,
            dealer=self.dealer,
            mover=self.mover,
            phase=self.phase.value,
            rack=tuple(self.racks[seat]),
            held=self.held if mine else None,
            held_source=self.held_source if mine else None,
            discard_pile=tuple(self.discard_pile),
            draw_pile_size=len(self._draw),
            totals=tuple(self.totals),
            history=self.history,
            turn=self.turn,
            legal_actions=self.legal_actions() if mine else (),
            last_round=self.last_round,
            winner=self.winner,
        )

    # ------------------------------------------------------------------ changes

    def deal(self, deck: Sequence[int] | None = None) -> None:
        """Deal the next round from `deck` (top first), or from a deck shuffled by the rng."""
        if self.phase is not _DEAL:
            raise IllegalActionError(
                f"a round can only be dealt before it starts; now {self._expected()}"
            )
        rules = self.rules
        if deck is None:
            deck = shuffled_deck(rules.deck_size, self._need_rng("shuffle the deck"))
        else:
            deck = list(deck)
            try:
                check_deck(deck, rules.deck_size)
            except ValueError as error:
                raise IllegalActionError(str(error)) from None
        players = rules.players
        if self.round:
            self.dealer = (self.dealer + 1) % players
        self.round += 1
        racks, discard, draw = deal(deck, players, self.dealer)
        self.racks = racks
        self.discard_pile = discard
        draw.reverse()
        self._draw = draw
        self._descents = [descents(rack) for rack in racks]
        self._history = []
        self._public = []
        self._public_tuple = ()
        self.turn = 0
        self.mover = (self.dealer + 1) % players
        self.phase = _CHOOSE
        self._emit({"type": "deal", "round": self.round, "dealer": self.dealer, "deck": deck})
        self._announce(len(self.events) - 1)

    def apply(self, action: Action, seat: int | None = None) -> None:
        """Do `action` for the mover (who must be `seat`, if given); illegal ones change nothing."""
        phase = self.phase
        if seat is not None and seat != self.mover and (phase is _CHOOSE or phase is _PLACE):
            raise IllegalActionError(
                f"it is {self._seat_name(self.mover)}'s turn, not {self._seat_name(seat)}'s: "
                f"{self._expected()}"
            )
        try:
            kind = action.kind
        except AttributeError:
            kind = None
        if phase is _CHOOSE:
            if kind is _DRAW_KIND:
                self.held = self._draw.pop()
                self.held_source = "draw"
                self.phase = _PLACE
                return
            if kind is _TAKE_KIND:
                self.held = self.discard_pile.pop()
                self.held_source = "discard"
                self.phase = _PLACE
                return
        elif phase is _PLACE:
            if kind is _PLACE_KIND:
                slot = action.slot
                if type(slot) is int and 1 <= slot <= RACK_SIZE:
                    start = len(self.events)
                    self._place(slot)
                    if self._on_event is not None:
                        self._announce(start)
                    return
            elif kind is _DISCARD_KIND and self.held_source == "draw":
                start = len(self.events)
                self._end_turn(None, self.held)
                if self._on_event is not None:
                    self._announce(start)
                return
        raise IllegalActionError(f"cannot {_describe(action)} now: {self._expected()}")

    def draw(self) -> None:
        """Draw the top card of the draw pile."""
        self.apply(DRAW)

    def take(self) -> None:
        """Take the top card of the discard pile (it must then be placed)."""
        self.apply(TAKE)

    def place(self, slot: int) -> None:
        """Put the card in hand into `slot` (1-10); the replaced card is discarded."""
        self.apply(Action(ActionKind.PLACE, slot))

    def discard(self) -> None:
        """Discard the card just drawn without placing it."""
        self.apply(DISCARD)

    # ------------------------------------------------------------------ internals

    def _place(self, slot: int) -> None:
        rack = self.racks[self.mover]
        i = slot - 1
        old = rack[i]
        new = self.held
        # Keep each rack's count of descents current so that Rack-O is an O(1) check.
        delta = 0
        if i:
            before = rack[i - 1]
            delta = (before > new) - (before > old)
        if i != _LAST:
            after = rack[i + 1]
            delta += (new > after) - (old > after)
        rack[i] = new
        if delta:
            self._descents[self.mover] += delta
        self._end_turn(slot, old)

    def _end_turn(self, slot: int | None, discarded: int) -> None:
        seat = self.mover
        source = self.held_source
        taken = self.held
        self.discard_pile.append(discarded)
        self.held = None
        self.held_source = None
        self.turn += 1
        self.events.append(
            {"type": "turn", "seat": seat, "source": source, "card": taken, "slot": slot}
        )
        self._history.append(
            (seat, source, taken if source == "discard" else None, slot, discarded)
        )
        # Checked after every turn, even one that discards a drawn card: a rack can be dealt
        # in order, and it goes Rack-O at the end of its owner's first turn.
        if self._descents[seat] == 0 and (
            not self._run_of_three or longest_run(self.racks[seat]) >= 3
        ):
            self._end_round(seat)
            return
        self.mover = (seat + 1) % self.rules.players
        self.phase = _CHOOSE
        if not self._draw:
            self._turn_over()

    def _turn_over(self) -> None:
        # Decision (empty draw pile): the 1987 rules sheet; the discard pile is turned over,
        # not shuffled, so the first card discarded becomes the top, and that card is turned up.
        pile = self.discard_pile
        self.discard_pile = [pile[0]]
        self._draw = pile[:0:-1]  # pile[1:] reversed: top card last
        self._emit({"type": "turn_over", "round": self.round})
        self._history.append((pile[0],))

    def _end_round(self, racko: int) -> None:
        rules = self.rules
        points: list[int] = []
        bonuses: list[int] = []
        for seat, rack in enumerate(self.racks):
            got, extra = round_points(rack, seat == racko, rules.bonus)
            points.append(got)
            bonuses.append(extra)
            self.totals[rules.team_of(seat)] += got
        self.rounds.append(
            RoundResult(
                round=self.round,
                dealer=self.dealer,
                racko=racko,
                racks=tuple(tuple(rack) for rack in self.racks),
                points=tuple(points),
                bonus=tuple(bonuses),
                totals=tuple(self.totals),
                turns=self.turn,
            )
        )
        self._emit(
            {
                "type": "round_end",
                "round": self.round,
                "racko": racko,
                "racks": [list(rack) for rack in self.racks],
                "points": points,
                "bonus": bonuses,
                "totals": list(self.totals),
            }
        )
        best = max(self.totals)
        # Decision (exact tie at the top): play on until one side is alone at the top.
        if best >= rules.target and self.totals.count(best) == 1:
            self.winner = self.totals.index(best)
            self.phase = _OVER
            self._emit({"type": "game_end", "winner": self.winner, "totals": list(self.totals)})
        else:
            self.phase = _DEAL

    def _emit(self, event: Event) -> None:
        self.events.append(event)

    def _announce(self, start: int) -> None:
        # Listeners hear of events only once the change is complete, so a listener that
        # fails (a full disk under the record writer) never leaves the game half-changed.
        if self._on_event is not None:
            for event in self.events[start:]:
                self._on_event(event)

    def _need_rng(self, what: str) -> random.Random:
        if self.rng is None:
            raise IllegalActionError(f"this game has no random generator to {what}; give the cards")
        return self.rng

    def _seat_name(self, seat: object) -> str:
        if type(seat) is int and 0 <= seat < len(self.players):
            return f"seat {seat + 1} ({self.players[seat].name})"
        return f"seat {seat + 1}" if type(seat) is int else f"seat {seat!r}"

    def _expected(self) -> str:
        who = self._seat_name(self.mover)
        if self.phase is _CHOOSE:
            return f"{who} must draw from the draw pile or take the top discard"
        if self.phase is _PLACE:
            if self.held_source == "draw":
                return (
                    f"{who} must place the drawn card {self.held} in a slot 1-10 "
                    "or discard it"
                )
            return (
                f"{who} must place the card {self.held} taken from the discard pile "
                "in a slot 1-10 (it cannot be thrown back)"
            )
        if self.phase is _DEAL:
            return f"round {self.round + 1} must be dealt"
        return "the game is over"


def _describe(action: object) -> str:
    """How an attempted action reads in an error message, whatever was passed."""
    return str(action) if isinstance(action, Action) else f"do {action!r}"
