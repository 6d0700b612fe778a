"""The game state machine: deals, turns, Rack-O, scoring and the end of the game.

The only ways to change a game are `Game.deal` (the chance step) and `Game.apply`; each
change is kept as a typed step (`rack_o.steps`) and handed to the `on_step` listener. Public
state comes out as tuples and views, never as the lists the game changes. Pure: no printing,
reading, sleeping or clock; imports neither rich nor click.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Sequence
from functools import partial
from typing import NamedTuple

from rack_o.actions import (
    DISCARD,
    DRAW,
    PLACEMENTS,
    TAKE,
    Action,
    ActionKind,
    Phase,
    Source,
    misformed,
)
from rack_o.deal import check_deck, deal, dealer_from_draw, descents, draw_for_dealer, shuffled_deck
from rack_o.errors import N_, IllegalActionError, RulesError, described
from rack_o.rack import SHORTEST_RUN, longest_run, round_points
from rack_o.rules import RACK_SIZE, Rules
from rack_o.steps import Deal, DealerDraw, GameEnd, RoundResult, Step, Turn, TurnOver
from rack_o.view import PublicTurn, SeatView

DEALER_DRAW = N_("the dealer draw needs {players} different cards from 1 to {deck_size}")
"""The rule for the cards drawn for the first deal (a clause: a record error says it too)."""

_CHOOSE_ACTIONS = (DRAW, TAKE)
_PLACE_DRAWN = PLACEMENTS + (DISCARD,)
_PLACE_TAKEN = PLACEMENTS
_DRAW_KIND = ActionKind.DRAW
_TAKE_KIND = ActionKind.TAKE
_PLACE_KIND = ActionKind.PLACE
_DISCARD_KIND = ActionKind.DISCARD
_FROM_DRAW = Source.DRAW
_FROM_DISCARD = Source.DISCARD
_LAST = RACK_SIZE - 1
_DEAL = Phase.DEAL
_CHOOSE = Phase.CHOOSE
_PLACE = Phase.PLACE
_OVER = Phase.OVER
# Building immutable values straight from their tuples skips a Python-level __new__:
# a view is built for every decision, so this is the engine's hottest allocation.
_make_view = partial(tuple.__new__, SeatView)
_make_turn = partial(tuple.__new__, Turn)
_make_public = partial(tuple.__new__, PublicTurn)
_BOT = "bot:"
HUMAN = "human"
"""The kind of a seat a person plays, as records list it."""

Listener = Callable[[Step], None]


class Player(NamedTuple):
    """A seat's name and kind ("human" or "bot:<level>"), as the record lists them."""

    name: str
    kind: str = HUMAN

    @property
    def is_human(self) -> bool:
        """True for a seat played by a person."""
        return self.kind == HUMAN

    @property
    def bot(self) -> str | None:
        """The bot spec of a bot seat ("hard", "package.module:Class"), else None."""
        if self.kind.startswith(_BOT) and self.kind[len(_BOT) :].strip():
            return self.kind[len(_BOT) :].strip()
        return None

    @property
    def kind_shown(self) -> str:
        """The kind as a person reads it: "bot hard" (the kind itself when it is neither)."""
        bot = self.bot
        return f"bot {bot}" if bot is not None else self.kind

    @classmethod
    def for_bot(cls, name: str, spec: str) -> Player:
        """A bot seat: `kind` is "bot:" and the spec."""
        return cls(name, _BOT + spec.strip())


class Game:
    """A game of Rack-O from the dealer draw to the winner."""

    def __init__(
        self,
        rules: Rules,
        rng: random.Random | None = None,
        *,
        players: Sequence[Player] | None = None,
        dealer_draw: Sequence[int] | None = None,
        on_step: Listener | None = None,
    ) -> None:
        """Seat the players and make the dealer draw (from `rng` unless the cards are given).

        With both `rng` and the cards, the rng is still advanced by the draw it would have
        made, as it is by every deal given a deck: a game rebuilt from its record with the
        original seed then deals its later rounds exactly as the original would have.
        RulesError if the seats or the dealer draw do not fit the rules.
        """
        n = rules.players
        if players is None:
            players = [Player(f"Player {i + 1}") for i in range(n)]
        if len(players) != n:
            raise RulesError(
                f"the rules are for {n} players, but {len(players)} are seated",
                "seats", players=n, seated=len(players),
            )
        self.rules = rules
        # Each seat's views carry a copy of the rules: one `object.__setattr__` in a bot on the
        # game's own frozen rules changed a whole match (its records and JSON too).
        self._seen_rules = tuple(copy.copy(rules) for _ in range(n))
        self.rng = rng
        self.on_step = on_step
        """Called with each step as soon as the change that made it is complete."""
        self.players: tuple[Player, ...] = tuple(Player(*p) for p in players)
        self._names = tuple(p.name for p in self.players)
        self._n = n
        self.phase = _DEAL
        self.round = 0
        self.turn = 0
        self.winner: int | None = None
        self.mover = 0
        self.held: int | None = None
        self.held_source: Source | None = None
        self._totals = [0] * rules.teams
        self._totals_now: tuple[int, ...] = tuple(self._totals)
        self._rounds: list[RoundResult] = []
        self._racks: list[list[int]] = [[] for _ in range(n)]
        self._draw: list[int] = []  # top card last, so drawing is a pop
        self._discard: list[int] = []  # bottom first, top last
        self._descents = [0] * n
        self._run_of_three = rules.run_of_three
        self._steps: list[Step] = []
        # This round's public history, derived from the steps only when a view asks for it.
        self._round_start = 0
        self._public: list[PublicTurn | TurnOver] = []
        self._public_now: tuple[PublicTurn | TurnOver, ...] = ()
        self._public_from = 0
        drawn = draw_for_dealer(n, rules.deck_size, rng) if rng is not None else None
        if dealer_draw is None:
            if drawn is None:
                raise RulesError(
                    "this game has no random generator to draw for the dealer: give the cards",
                    "no_rng",
                )
            dealer_draw = drawn
        cards = tuple(dealer_draw)
        if (
            len(cards) != n
            or len(set(cards)) != n
            or not all(type(c) is int and 1 <= c <= rules.deck_size for c in cards)
        ):
            raise RulesError(
                DEALER_DRAW.format(players=n, deck_size=rules.deck_size),
                "dealer_draw", cards=cards, players=n, deck_size=rules.deck_size,
            )
        self.dealer_draw = cards
        self.follows_rng = drawn is not None and tuple(drawn) == cards
        """True while every card dealt so far, the dealer draw's too, is what `rng` dealt or
        would have: the rng deals the rest as the game's own generator would have (a record
        made elsewhere may name a seed that deals other cards)."""
        # Highest card deals (seeds 000 and 003); the deal passes left each round.
        self.dealer = dealer_from_draw(cards)
        self._record(DealerDraw(cards, self.dealer))

    # ------------------------------------------------------------------ queries

    @property
    def steps(self) -> tuple[Step, ...]:
        """Everything that has happened, in order, from the dealer draw on."""
        return tuple(self._steps)

    def rack(self, seat: int) -> tuple[int, ...]:
        """`seat`'s rack, slot 1 first (hidden from the other players)."""
        return tuple(self._racks[seat])

    @property
    def racks(self) -> tuple[tuple[int, ...], ...]:
        """Every rack, slot 1 first (hidden from players: a view shows only its own)."""
        return tuple(map(tuple, self._racks))

    @property
    def totals(self) -> tuple[int, ...]:
        """Running totals: per seat, or per team with partners."""
        return self._totals_now

    @property
    def rounds(self) -> tuple[RoundResult, ...]:
        """The finished rounds, oldest first."""
        return tuple(self._rounds)

    @property
    def discard_pile(self) -> tuple[int, ...]:
        """The discard pile, bottom first: the last card is the top."""
        return tuple(self._discard)

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
        return self._discard[-1] if self._discard else None

    @property
    def is_over(self) -> bool:
        """True once the game has a winner."""
        return self.phase is _OVER

    @property
    def last_round(self) -> RoundResult | None:
        """The result of the most recent finished round, if any."""
        return self._rounds[-1] if self._rounds else None

    @property
    def history(self) -> tuple[PublicTurn | TurnOver, ...]:
        """This round's public events, oldest first: what every seat saw happen."""
        if self._public_from != len(self._steps):
            self._catch_up_history()
        return self._public_now

    @property
    def holds_drawn_card(self) -> bool:
        """True while the mover holds a card drawn from the draw pile: a draw cannot be undone,
        so a person who leaves then throws it away."""
        return self.phase is _PLACE and self.held_source is _FROM_DRAW

    def legal_actions(self) -> tuple[Action, ...]:
        """What the mover may do now (empty while a deal is due or the game is over)."""
        phase = self.phase
        if phase is _CHOOSE:
            return _CHOOSE_ACTIONS
        if phase is _PLACE:
            return _PLACE_DRAWN if self.held_source is _FROM_DRAW else _PLACE_TAKEN
        return ()

    def can_apply(self, action: Action, seat: int | None = None) -> bool:
        """True when `action` (by `seat`, if given) is legal now."""
        return (seat is None or seat == self.mover) and action in self.legal_actions()

    def view(self, seat: int) -> SeatView:
        """What `seat` may see now: its own rack and card in hand, and public information."""
        if not (type(seat) is int and 0 <= seat < self._n):
            raise RulesError(
                f"there is no seat {seat!r}: seats are 0 to {self._n - 1}", "seat", seat=seat
            )
        phase = self.phase
        if seat != self.mover:
            held = source = None
            legal: tuple[Action, ...] = ()
        elif phase is _CHOOSE:
            held = source = None
            legal = _CHOOSE_ACTIONS
        elif phase is _PLACE:
            held, source = self.held, self.held_source
            legal = _PLACE_DRAWN if source is _FROM_DRAW else _PLACE_TAKEN
        else:
            held = source = None
            legal = ()
        if self._public_from != len(self._steps):
            self._catch_up_history()
        return _make_view((
            seat, self._names, self._seen_rules[seat], self.round, self.dealer, self.mover, phase,
            tuple(self._racks[seat]), held, source, tuple(self._discard), len(self._draw),
            self._totals_now, self._public_now, self.turn, legal,
            self._rounds[-1] if self._rounds else None, self.winner,
        ))

    def public_view(self) -> SeatView:
        """What anyone at the table may see now, seated or not (a host without a seat): a view
        of no seat (`seat` None), with no rack, no card in hand and nothing to do."""
        return self.view(self.mover)._replace(seat=None, rack=(), held=None, held_source=None,
                                              legal_actions=())

    # ------------------------------------------------------------------ changes

    def deal(self, deck: Sequence[int] | None = None) -> None:
        """Deal the next round from `deck` (top first), or from a deck shuffled by the rng.

        A given deck still advances the rng by the shuffle it replaces (see `Game`).
        """
        if self.phase is not _DEAL:
            raise IllegalActionError(
                f"a round can only be dealt before it starts; now {self._expected()}"
            )
        size = self.rules.deck_size
        shuffled = shuffled_deck(size, self.rng) if self.rng is not None else None
        if deck is None:
            if shuffled is None:
                raise RulesError(
                    "this game has no random generator to shuffle the deck: give the deck",
                    "no_rng",
                )
            deck = shuffled
        else:
            deck = list(deck)
            try:
                check_deck(deck, size)
            except ValueError as error:
                raise IllegalActionError(str(error)) from None
            self.follows_rng = self.follows_rng and deck == shuffled
        players = self._n
        if self.round:
            self.dealer = (self.dealer + 1) % players
        self.round += 1
        racks, discard, draw = deal(deck, players, self.dealer)
        self._racks = racks
        self._discard = discard
        draw.reverse()
        self._draw = draw
        self._descents = [descents(rack) for rack in racks]
        self._round_start = len(self._steps)
        self._public = []
        self._public_now = ()
        self.turn = 0
        self.mover = (self.dealer + 1) % players
        self.phase = _CHOOSE
        self._record(Deal(self.round, self.dealer, tuple(deck)))

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
                self.held_source = _FROM_DRAW
                self.phase = _PLACE
                return
            if kind is _TAKE_KIND:
                self.held = self._discard.pop()
                self.held_source = _FROM_DISCARD
                self.phase = _PLACE
                return
        elif phase is _PLACE:
            if kind is _PLACE_KIND:
                slot = action.slot
                if type(slot) is int and 1 <= slot <= RACK_SIZE:
                    self._place(slot)
                    return
            elif kind is _DISCARD_KIND and self.held_source is _FROM_DRAW:
                assert self.held is not None  # the place phase always holds a card
                self._end_turn(None, self.held)
                return
        raise IllegalActionError(f"cannot {_describe(action)} now: {self._expected()}")

    # ------------------------------------------------------------------ internals

    def _catch_up_history(self) -> None:
        # The public history is derived from the steps only when a view asks for it, and
        # then once per turn: the engine alone (a replay, a benchmark) never pays for it.
        steps = self._steps
        public = self._public
        for step in steps[max(self._public_from, self._round_start) :]:
            if type(step) is Turn:
                seat, source, card, slot, discarded = step
                taken = card if source is _FROM_DISCARD else None
                public.append(_make_public((seat, source, taken, slot, discarded)))
            elif type(step) is TurnOver:
                public.append(step)
        self._public_from = len(steps)
        self._public_now = tuple(public)

    def _place(self, slot: int) -> None:
        rack = self._racks[self.mover]
        i = slot - 1
        old = rack[i]
        new = self.held
        assert new is not None  # only called in the place phase, which always holds a card
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
        steps = self._steps
        start = len(steps)
        self._discard.append(discarded)
        steps.append(_make_turn((seat, self.held_source, self.held, slot, discarded)))
        self.held = None
        self.held_source = None
        self.turn += 1
        # Checked after every turn, even one that discards a drawn card: a rack can be dealt
        # in order, and it goes Rack-O at the end of its owner's first turn.
        if self._descents[seat] == 0 and (
            not self._run_of_three or longest_run(self._racks[seat]) >= SHORTEST_RUN
        ):
            self._end_round(seat)
        else:
            self.mover = (seat + 1) % self._n
            self.phase = _CHOOSE
            if not self._draw:
                self._turn_over()
        if self.on_step is not None:
            self._announce(start)

    def _turn_over(self) -> None:
        # Decision (empty draw pile): the 1987 rules sheet; the discard pile is turned over,
        # not shuffled, so the first card discarded becomes the top, and that card is turned up.
        pile = self._discard
        self._discard = [pile[0]]
        self._draw = pile[:0:-1]  # pile[1:] reversed: top card last
        self._steps.append(TurnOver(self.round, pile[0]))

    def _end_round(self, racko: int) -> None:
        rules = self.rules
        points: list[int] = []
        bonuses: list[int] = []
        for seat, rack in enumerate(self._racks):
            got, extra = round_points(rack, seat == racko, rules.bonus)
            points.append(got)
            bonuses.append(extra)
            self._totals[rules.team_of(seat)] += got
        totals = self._totals_now = tuple(self._totals)
        result = RoundResult(
            self.round, self.dealer, racko, self.racks, tuple(points), tuple(bonuses), totals,
            self.turn,
        )
        self._rounds.append(result)
        self._steps.append(result)
        best = max(totals)
        # Decision (exact tie at the top): play on until one side is alone at the top.
        if best >= rules.target and totals.count(best) == 1:
            self.winner = totals.index(best)
            self.phase = _OVER
            self._steps.append(GameEnd(self.winner, totals))
        else:
            self.phase = _DEAL

    def _record(self, step: Step) -> None:
        self._steps.append(step)
        if self.on_step is not None:
            self._announce(len(self._steps) - 1)

    def _announce(self, start: int) -> None:
        # Listeners hear of steps only once the change is complete, so a listener that
        # fails (a full disk under the record writer) never leaves the game half-changed.
        listener = self.on_step
        if listener is not None:
            for step in self._steps[start:]:
                listener(step)

    def _seat_name(self, seat: object) -> str:
        if type(seat) is int and 0 <= seat < self._n:
            return f"seat {seat + 1} ({self._names[seat]})"
        return f"seat {seat + 1}" if type(seat) is int else f"seat {seat!r}"

    def _expected(self) -> str:
        who = self._seat_name(self.mover)
        if self.phase is _CHOOSE:
            return f"{who} must draw from the draw pile or take the top discard"
        if self.phase is _PLACE:
            if self.held_source is _FROM_DRAW:
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


def place_view(view: SeatView, source: Source, card: int) -> SeatView:
    """The view `Game.view` gives the seat to move in `view` (choosing) once it has taken
    (`source` DISCARD) or drawn `card`: a move judged without being played (review, hints)."""
    if source is _FROM_DISCARD:
        return view._replace(phase=_PLACE, held=card, held_source=source,
                             discard_pile=view.discard_pile[:-1], legal_actions=_PLACE_TAKEN)
    return view._replace(phase=_PLACE, held=card, held_source=source,
                         draw_pile_size=view.draw_pile_size - 1, legal_actions=_PLACE_DRAWN)


def _describe(action: object) -> str:
    """How an attempted action reads in an error message, whatever was passed."""
    if not isinstance(action, Action):
        return f"do {described(action)}"
    why = misformed(action)
    if why is None:
        return str(action)
    return f"{action} ({why})" if type(action.kind) is ActionKind else f"do {action} ({why})"
