"""Reviewing a recorded game: for each turn, what expert would have done and what it cost.

A turn is two decisions: draw or take, then where the card goes (or, for a drawn card,
throwing it away). Each decision is judged on the seat's own view at that moment, so only
what the player could know counts: the expert bot (`rack_o.bots.expert`) says what it would
do, and the turns-to-go estimator (`rack_o.bots.expert_turns`) says how many of the seat's
turns each choice leaves to Rack-O. A decision loses the turns the choice played leaves
beyond expert's choice (never below zero: a choice the estimator rates above expert's loses
nothing); a turn loses its two decisions' losses added up.

Near a round's end turns are not the whole story: a rival may go out before the seat plays
again, when the seat's rack scores its ordered cards, and a card thrown away may be the one
the next seat goes out with. So each turn is also valued in expected round points by a race
model (`_Race`), and the turn's cost, from which its label comes (`THRESHOLDS`), is the
points it gave away converted back into turns (`POINTS_PER_TURN`): the turns lost, unless a
rival may go out first. docs/review.md explains the model and how the figures were chosen.

Pure: it reads record lines it is given and imports neither rich nor click.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Iterator, Sequence
from enum import StrEnum
from typing import Any, NamedTuple

from rack_o.actions import DISCARD, TAKE, Action, ActionKind, Phase, Source, place
from rack_o.bots.expert import expert_action, expert_rng
from rack_o.bots.expert_solo import placement, weigher
from rack_o.bots.expert_turns import start_value, turns_to_go
from rack_o.bots.memory import known_draw_pile, unseen_cards
from rack_o.game import Game, place_view
from rack_o.rack import going_out, is_racko, round_points
from rack_o.record import (
    Event,
    Rebuilt,
    events,
    parse_lines,
    played_for_person,
    read_header,
    replay,
    turn_lines,
)
from rack_o.rules import Rules
from rack_o.steps import Turn
from rack_o.view import SeatView

THRESHOLDS = (0.3, 0.8, 2.0)
"""The cost in turns from which a turn is an inaccuracy, a mistake, a blunder."""
COST_DECIMALS = 2
"""The decimals a cost is given with (on screen and in JSON); the label comes from the cost so
rounded, so one cost as shown never gets two labels."""
POINTS_PER_TURN = {2: 19.6, 3: 16.8, 4: 14.6}
"""What one turn to Rack-O is worth in round points, by players at the table
(measured by benchmarks/review_points.py: see docs/review.md)."""
Seed = int | str | None
"""A record's seed, which expert's guesses are drawn with (`expert_rng`)."""


class Label(StrEnum):
    """How a turn is marked, from its cost."""

    GOOD = "good"
    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"


LABELS = tuple(Label)
"""Every label, best first."""


def shown_cost(cost: float) -> float:
    """`cost` rounded as it is shown and given in JSON (`COST_DECIMALS`)."""
    return round(cost, COST_DECIMALS)


def label_for(cost: float) -> Label:
    """The label of a turn that cost `cost` turns, as shown (rounded to `COST_DECIMALS`:
    see `THRESHOLDS`)."""
    cost = shown_cost(cost)
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
    points: float
    """The round points the turn gave away against expert's, expected (at least 0)."""
    cost: float
    """`points` in turns (divided by `POINTS_PER_TURN`): the label comes from it. Exactly
    `turns` unless another seat may go out before this seat's next turn."""

    @property
    def turns(self) -> float:
        """The turns to Rack-O the turn lost: its two decisions' costs added up."""
        return self.choose.cost + self.place.cost

    @property
    def label(self) -> Label:
        """good, inaccuracy, mistake or blunder, by the cost."""
        return label_for(self.cost)


class Hidden(NamedTuple):
    """What the review knows at the start of a turn and the seat to move does not."""

    racks: tuple[tuple[int, ...], ...]
    draw_pile: tuple[int, ...]
    """Top card first."""


class Unseen(NamedTuple):
    """A round still being played, reviewed for the one seat playing it, who may carry the
    game on: the other racks and the draw pile must not show through. Its turns by other
    seats are left out, and the seat's own are judged without the race (`_Race`), which
    needs the rivals' racks: by the turns they lose alone."""

    round: int
    seat: int


def _expert(view: SeatView, seed: Seed) -> Action:
    """What expert does in `view` of the game dealt from `seed`: its guesses are drawn as its
    bot and its hint draw them, so a review is the same every time and agrees with both."""
    assert view.seat is not None  # a reviewed view is of the seat to move
    return expert_action(view, expert_rng(seed, view.seat, view))


def _decide(view: SeatView, played: Action, seed: Seed) -> Decision:
    """Judge the choice `played` in `view` against expert's choice there."""
    best = _expert(view, seed)
    figures, _overall = turns_to_go(view)
    card = view.held if view.phase is Phase.PLACE else None
    return Decision(view.phase, card, played, best, figures[played], figures[best])


def review_turn(view: SeatView, turn: Turn, hidden: Hidden | None, seed: Seed = None) -> Move:
    """The review of `turn`, played by the seat to move in `view` (a turn start), with the
    other racks and the draw pile as they were then, in the game dealt from `seed`; without
    them (`hidden` None), by the turns it lost alone, as if no rival could go out first."""
    assert view.seat is not None  # the view of the seat to move
    played_choice = TAKE if turn.source is Source.DISCARD else Action(ActionKind.DRAW)
    choose = _decide(view, played_choice, seed)
    placing = place_view(view, turn.source, turn.card)
    place_played = place(turn.slot) if turn.slot is not None else DISCARD
    placed = _decide(placing, place_played, seed)
    # A take is worth the taken card in its better place, expert's or the player's (the
    # estimate's own take puts it where solo play would): where it went is the placement
    # decision's to judge, so the two decisions' losses add up to what the turn lost, and a
    # take into a poor slot is charged for that slot once, not in both.
    expert_slot: int | None = None
    if turn.source is Source.DISCARD:
        taken = min(placed.best_turns, placed.played_turns)
        choose = choose._replace(played_turns=taken, best_turns=(
            taken if choose.best == TAKE else choose.best_turns))
    elif choose.best == TAKE:
        top = view.discard_top
        assert top is not None
        taking = place_view(view, Source.DISCARD, top)
        expert_place = _expert(taking, seed)
        expert_slot = expert_place.slot
        choose = choose._replace(best_turns=turns_to_go(taking)[0][expert_place])
    played = Play(turn.source, turn.card, turn.slot)
    own_card = Play(turn.source, turn.card, placed.best.slot)
    if choose.best == choose.played or shown_cost(choose.cost) == 0:
        # Expert's pile, or one the estimate rates as well (expert chose the other for the
        # next player's sake or the race's): the turn is measured by where the card went,
        # and expert's turn is its placement of that card, never a move the figures beside
        # it rate worse than the one played.
        best, best_turns = own_card, placed.best_turns
    elif choose.best == TAKE:
        assert view.discard_top is not None
        best = Play(Source.DISCARD, view.discard_top, expert_slot)
        best_turns = choose.best_turns
    else:
        best = Play(Source.DRAW, None, None)  # the card drawn was never seen by the player
        best_turns = choose.best_turns
    # Where the pile cost little (less than an inaccuracy) and less than the placement after
    # it, the advice that counts is where the card goes: shown so, still measured against
    # expert's own turn.
    shown = own_card if choose.cost < THRESHOLDS[0] and placed.cost > choose.cost else best
    turns = choose.cost + placed.cost
    rate = POINTS_PER_TURN[view.rules.players]
    if hidden is None:
        # The race with no rival able to go out first: each turn lost is `rate` points.
        return Move(view.round, view.turn + 1, view.seat, played, shown, choose, placed,
                    turns * rate, turns)
    race = _Race(view, hidden)
    pile = hidden.draw_pile
    played_pool = pile[1:] if turn.source is Source.DRAW else pile
    if best.card is None:
        best_value = race.draw_value(pile, best_turns)
    else:
        # Expert's card is the one played, or the top discard taken: off the draw pile either
        # way only if it was drawn.
        best_pool = pile[1:] if best.source is Source.DRAW else pile
        best_value = race.value(best.card, best.slot, best_pool, best_turns)
    played_value = race.value(turn.card, turn.slot, played_pool, best_turns + turns)
    points = max(0.0, best_value - played_value)
    cost = points / rate
    return Move(view.round, view.turn + 1, view.seat, played, shown, choose, placed, points,
                cost)


class _Race:
    """The points a turn's result is worth in the race to go out (see docs/review.md).

    If another side goes Rack-O before this seat plays again (chance q), the seat scores
    its rack's ordered cards and that side the Rack-O points; otherwise each turn the seat
    needs more than its nearest rival is worth `POINTS_PER_TURN` points:

        value = q * (ordered points - Rack-O points) + (1 - q) * rate * (rival's turns - turns)
    """

    def __init__(self, view: SeatView, hidden: Hidden) -> None:
        self.view = view
        self.rules = rules = view.rules
        self.rate = POINTS_PER_TURN[rules.players]
        seat = view.seat
        assert seat is not None  # the view of the seat to move
        discards = set(view.discard_pile)
        cards = range(1, rules.deck_size + 1)
        # The other sides' seats in the order they play, each with the cards that would
        # take it out (and the points it would score with each).
        self.rivals: list[dict[int, float]] = []
        rival_turns = []
        for step in range(1, rules.players):
            other = (seat + step) % rules.players
            if rules.team_of(other) == rules.team_of(seat):
                continue
            rack = hidden.racks[other]
            self.rivals.append(finishers(rack, rules))
            coming = [card for card in cards if card not in rack and card not in discards]
            rival_turns.append(start_value(rack, coming, rules))
        self.rival_turns = min(rival_turns)

    def value(self, card: int, slot: int | None, pool: Sequence[int], turns: float) -> float:
        """The value of putting `card` in `slot` (None: throwing it away), leaving `pool` as
        the draw pile, when the seat then needs `turns` turns to go out (this one included)."""
        rack = list(self.view.rack)
        if slot is None:
            discarded = card
        else:
            discarded = rack[slot - 1]
            rack[slot - 1] = card
        if is_racko(rack, self.rules.run_of_three):
            return self.rate * (self.rival_turns - turns)
        chance, winner = self._end(discarded, pool)
        mine, _bonus = round_points(rack, went_racko=False)
        return chance * (mine - winner) + (1 - chance) * self.rate * (self.rival_turns - turns)

    def draw_value(self, pile: Sequence[int], turns: float) -> float:
        """The value of a blind draw from `pile`: each card placed as expert's solo play
        would, averaged."""
        view = self.view
        known = known_draw_pile(view)
        coming = list(known) if known else unseen_cards(view)
        total = 0.0
        for card in pile:
            rest = [c for c in coming if c != card]
            slot = placement(weigher(view.rack, rest, self.rules), card, may_throw=True)
            total += self.value(card, slot or None, [c for c in pile if c != card], turns)
        return total / len(pile) if pile else self.rate * (self.rival_turns - turns)

    def _end(self, top: int, pool: Sequence[int]) -> tuple[float, float]:
        """(the chance another side goes out before the seat's next turn, the points that
        side then scores), with `top` face up for the next seat and `pool` the draw pile."""
        chance = points = 0.0
        going_on = 1.0
        for index, finishing in enumerate(self.rivals):
            if index == 0 and top in finishing:
                hit, scored = 1.0, finishing[top]
            else:
                # Later seats' face-up cards are not known yet: they are counted as drawing.
                scores = [finishing[card] for card in pool if card in finishing]
                hit = len(scores) / len(pool) if pool else 0.0
                scored = sum(scores) / len(scores) if scores else 0.0
            chance += going_on * hit
            points += going_on * hit * scored
            going_on *= 1 - hit
        return chance, points / chance if chance else 0.0


def finishers(rack: Sequence[int], rules: Rules) -> dict[int, float]:
    """The cards that would take `rack` out in one placement, each with the points it would
    then score (Rack-O, and its bonus if the rules give one)."""
    found: dict[int, float] = {}
    for slot, card in going_out(rack, rules.deck_size, rules.run_of_three):
        points, _bonus = round_points([*rack[:slot - 1], card, *rack[slot:]], True, rules.bonus)
        found[card] = max(found.get(card, 0.0), float(points))
    return found


def review(
    lines: Iterable[tuple[int, Event]] | str | Rebuilt,
    seats: Collection[int] | None = None,
    unseen: Unseen | None = None,
) -> Iterator[Move]:
    """Each turn of the record (its numbered lines, its text, or the game rebuilt from it)
    played by one of `seats` (default: every seat), reviewed. A turn a computer player
    played in a person's seat (its line says `"stand_in"`, as `racko host` writes when a
    guest's seat is given away) is not that person's, and neither is the discard of a drawn
    card forced by the person leaving (its line says `"left"`): both are left out. Expert's
    guesses are drawn with the record's seed, as its bot and its hint draw them. In the
    `unseen` round, only its seat's turns are reviewed, without the cards it could not see.

    RecordError names the first bad line when it is reached.
    """
    if isinstance(lines, Rebuilt):
        lines = list(enumerate(events(lines.header, lines.game.steps), start=1))
    elif isinstance(lines, str):
        lines = parse_lines(lines)
    else:
        lines = list(lines)
    seed = read_header(*lines[0]).seed if lines else None
    not_theirs = [played_for_person(line) for _number, line in lines
                  if line.get("type") == "turn"]
    turns = 0
    before: tuple[SeatView, Hidden] | None = None
    game: Game
    for step, game in replay(lines):
        if type(step) is Turn:
            turns += 1
            if (before is not None and (seats is None or step.seat in seats)
                    and not not_theirs[turns - 1]):
                view, hidden = before
                if unseen is None or view.round != unseen.round:
                    yield review_turn(view, step, hidden, seed)
                elif step.seat == unseen.seat:
                    yield review_turn(view, step, None, seed)
        if game.phase is Phase.CHOOSE:
            before = (game.view(game.mover), Hidden(game.racks, game.draw_pile))
        else:
            before = None


def turn_count(events: Iterable[Event], seats: Collection[int] | None = None,
               unseen: Unseen | None = None) -> int:
    """How many turns of `seats` (default: all) a record's events hold: what `review` yields
    (with `unseen` too)."""
    return sum(1 for turn in turn_lines(events)
               if (seats is None or turn.seat in seats) and not played_for_person(turn.line)
               and (unseen is None or turn.round != unseen.round or turn.seat == unseen.seat))


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
    def accuracy(self) -> float | None:
        """The share of turns marked good, 0 to 1; None with no turns (nothing to judge)."""
        return self.labels[Label.GOOD] / self.moves if self.moves else None

    @property
    def mean_cost(self) -> float | None:
        """The mean cost of a turn, in turns; None with no turns."""
        return self.cost / self.moves if self.moves else None


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
        "cost": shown_cost(move.cost),
        "label": move.label.value,
        "turns": round(move.turns, 2),
        "points": round(move.points, 1),
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
