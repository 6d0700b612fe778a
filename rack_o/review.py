"""Reviewing a recorded game: for each turn, what expert would have done and what it cost.

A turn is two decisions: draw or take, then where the card goes (or, for a drawn card,
throwing it away). Each decision is judged on the seat's own view at that moment, so only
what the player could know counts: the expert bot (`rack_o.bots.expert`) says what it would
do, and the turns-to-go estimator (`rack_o.bots.expert_turns`) says how many of the seat's
turns each choice leaves to Rack-O. A decision's cost is how many more turns the choice
played leaves than expert's choice (never below zero: a choice the estimator rates above
expert's costs nothing), and a turn's cost is the sum of its two decisions' costs. Its label
comes from `THRESHOLDS`. How the thresholds and the points figure were chosen is in
docs/review.md.

Pure: it reads record lines it is given and imports neither rich nor click.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Iterable, Iterator
from enum import StrEnum
from typing import Any, NamedTuple

from rack_o.actions import DISCARD, PLACEMENTS, TAKE, Action, ActionKind, Phase, Source, place
from rack_o.bots.expert import expert_action
from rack_o.bots.expert_turns import turns_to_go
from rack_o.game import Game
from rack_o.record import Event, replay
from rack_o.steps import Turn
from rack_o.view import SeatView

THRESHOLDS = (0.3, 0.8, 2.0)
"""The cost in turns from which a turn is an inaccuracy, a mistake, a blunder."""
_PLACE_DRAWN = PLACEMENTS + (DISCARD,)


class Label(StrEnum):
    """How a turn is marked, from its cost."""

    GOOD = "good"
    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"


LABELS = tuple(Label)
"""Every label, best first."""


def label_for(cost: float) -> Label:
    """The label of a turn that cost `cost` turns (see `THRESHOLDS`)."""
    for label, threshold in zip(reversed(LABELS[1:]), reversed(THRESHOLDS), strict=True):
        if cost >= threshold:
            return label
    return Label.GOOD


class Play(NamedTuple):
    """A whole turn: the pile, the card taken or drawn, and the slot it went to.

    `card` is None for a draw whose card was not known when it was chosen (expert would have
    drawn where the player took); `slot` is None when the card was thrown away, or is not
    known because the card is not.
    """

    source: Source
    card: int | None
    slot: int | None

    def __str__(self) -> str:
        verb = "take" if self.source is Source.DISCARD else "draw"
        if self.card is None:
            return verb
        if self.slot is None:
            return f"{verb} {self.card}, discard"
        return f"{verb} {self.card} to slot {self.slot}"


class Decision(NamedTuple):
    """One decision of a turn: the choice played, expert's, and their turns to go."""

    phase: Phase
    """CHOOSE (draw or take) or PLACE (a slot, or discarding a drawn card)."""
    card: int | None
    """The card in hand when placing; None when choosing."""
    played: Action
    best: Action
    played_turns: float
    """The seat's expected turns to Rack-O after the choice played, this turn included."""
    best_turns: float
    """The same after expert's choice."""

    @property
    def cost(self) -> float:
        """How many more turns the choice played leaves than expert's (at least 0)."""
        return max(0.0, self.played_turns - self.best_turns)


class Move(NamedTuple):
    """One reviewed turn of one seat."""

    round: int
    turn: int
    """Its number within the round, from 1, counting every seat's turns."""
    seat: int
    played: Play
    best: Play
    choose: Decision
    place: Decision
    """The placement of the card actually in hand (taken or drawn)."""

    @property
    def cost(self) -> float:
        """The turn's cost in turns: its two decisions' costs added up."""
        return self.choose.cost + self.place.cost

    @property
    def label(self) -> Label:
        """good, inaccuracy, mistake or blunder, by the cost."""
        return label_for(self.cost)


def place_view(view: SeatView, source: Source, card: int) -> SeatView:
    """The view of the seat to move in `view` once it has taken or drawn `card`."""
    if source is Source.DISCARD:
        return view._replace(phase=Phase.PLACE, held=card, held_source=source,
                             discard_pile=view.discard_pile[:-1], legal_actions=PLACEMENTS)
    return view._replace(phase=Phase.PLACE, held=card, held_source=source,
                         draw_pile_size=view.draw_pile_size - 1, legal_actions=_PLACE_DRAWN)


def _decide(view: SeatView, played: Action, seed: str) -> Decision:
    """Judge the choice `played` in `view` against expert's choice there."""
    # Expert's guesses come from its own generator, seeded as its bot would seed it, so a
    # review is the same every time.
    rng = random.Random(f"expert:{seed}:{view.seat}:{view.round}:{view.turn}")
    best = expert_action(view, rng)
    figures, _overall = turns_to_go(view)
    card = view.held if view.phase is Phase.PLACE else None
    return Decision(view.phase, card, played, best, figures[played], figures[best])


def review_turn(view: SeatView, turn: Turn, seed: str = "review") -> Move:
    """The review of `turn`, played by the seat to move in `view` (a turn start)."""
    played_choice = TAKE if turn.source is Source.DISCARD else Action(ActionKind.DRAW)
    choose = _decide(view, played_choice, seed)
    placing = place_view(view, turn.source, turn.card)
    place_played = place(turn.slot) if turn.slot is not None else DISCARD
    placed = _decide(placing, place_played, seed)
    played = Play(turn.source, turn.card, turn.slot)
    if choose.best == choose.played:
        best = Play(turn.source, turn.card, placed.best.slot)
    elif choose.best == TAKE:
        top = view.discard_top
        assert top is not None
        rng = random.Random(f"expert:{seed}:{view.seat}:{view.round}:{view.turn}")
        slot = expert_action(place_view(view, Source.DISCARD, top), rng).slot
        best = Play(Source.DISCARD, top, slot)
    else:
        best = Play(Source.DRAW, None, None)  # the card drawn was never seen by the player
    return Move(view.round, view.turn + 1, view.seat, played, best, choose, placed)


def review(
    lines: Iterable[tuple[int, Event]] | str,
    seats: Collection[int] | None = None,
    seed: str = "review",
) -> Iterator[Move]:
    """Each turn of the record played by one of `seats` (default: every seat), reviewed.

    RecordError names the first bad line when it is reached.
    """
    before: SeatView | None = None
    game: Game
    for step, game in replay(lines):
        if type(step) is Turn and before is not None and (seats is None or step.seat in seats):
            yield review_turn(before, step, seed)
        before = game.view(game.mover) if game.phase is Phase.CHOOSE else None


def turn_count(events: Iterable[Event], seats: Collection[int] | None = None) -> int:
    """How many turns of `seats` (default: all) a record's events hold: what `review` yields."""
    return sum(
        1 for line in events
        if line.get("type") == "turn" and (seats is None or line.get("seat") in seats)
    )


class Tally(NamedTuple):
    """The reviewed turns of one seat, in one round or the whole game."""

    seat: int
    round: int | None
    """None for the whole game."""
    moves: int
    labels: dict[Label, int]
    cost: float
    """The turns' costs added up."""
    worst: Move | None
    """The costliest turn (the first of equals), None if none cost anything."""

    @property
    def accuracy(self) -> float:
        """The share of turns marked good, 0 to 1 (1 with no turns)."""
        return self.labels[Label.GOOD] / self.moves if self.moves else 1.0

    @property
    def mean_cost(self) -> float:
        """The mean cost of a turn, in turns."""
        return self.cost / self.moves if self.moves else 0.0


def tally(moves: Iterable[Move], seat: int, round: int | None = None) -> Tally:
    """The tally of `seat`'s moves among `moves` (in round `round`, or all)."""
    mine = [m for m in moves if m.seat == seat and (round is None or m.round == round)]
    labels = {label: 0 for label in LABELS}
    worst: Move | None = None
    for move in mine:
        labels[move.label] += 1
        if move.cost > 0 and (worst is None or move.cost > worst.cost):
            worst = move
    return Tally(seat, round, len(mine), labels, sum(m.cost for m in mine), worst)


def move_line(move: Move, names: tuple[str, ...] | None = None) -> dict[str, Any]:
    """A move as JSON-ready data (the `--json` output's `moves` entries)."""
    line: dict[str, Any] = {
        "round": move.round,
        "turn": move.turn,
        "seat": move.seat,
    }
    if names is not None:
        line["player"] = names[move.seat]
    line.update({
        "played": str(move.played),
        "best": str(move.best),
        "cost": round(move.cost, 2),
        "label": move.label.value,
        "decisions": [_decision_line(d) for d in (move.choose, move.place)],
    })
    return line


def _decision_line(decision: Decision) -> dict[str, Any]:
    return {
        "decision": decision.phase.value,
        "card": decision.card,
        "played": _short(decision.played),
        "best": _short(decision.best),
        "played_turns": round(decision.played_turns, 2),
        "best_turns": round(decision.best_turns, 2),
        "cost": round(decision.cost, 2),
    }


def _short(action: Action) -> str:
    """An action in one word or two: draw, take, discard, slot 4."""
    if action.kind is ActionKind.PLACE:
        return f"slot {action.slot}"
    return action.kind.value
