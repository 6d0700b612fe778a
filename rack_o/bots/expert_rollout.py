"""Rollouts: how many turns a seat really needs from a position, played out many times.

The definition the turns-to-go estimator is calibrated against (`benchmarks/calibrate.py`):

- *Determinise.* The cards the seat has not seen (`unseen_cards`) are shuffled into a draw
  pile; after a turn-over, the known draw pile comes first, in its order.
- *Play the seat on, alone.* Its turn now is turn 1, with the real face-up card (and the card
  in hand, if it has drawn already). Before each later turn the other seats' discards are
  stood in for: `players - 1` cards come off the pile, the last one face up (the one the seat
  may take), the others gone by. The seat plays the solo policy (`expert_solo`): with
  nobody to deny, it plays as the hard bot judges. A card the seat throws away is gone
  too; when the pile runs out, the cards gone by become the pile again, shuffled (who
  discards what is not modelled, so their order is not either; kept in order, the pile could
  pass by the card a rack waits for on every round, for ever).
- *Count* the seat's turns until and including the one it goes Rack-O (under the rules in
  force, so the run-of-three rule counts), at most `turn_cap`.
"""

from __future__ import annotations

import random

from rack_o.actions import ActionKind
from rack_o.bots.expert_solo import placement, takes, weigher
from rack_o.bots.memory import known_draw_pile, unseen_cards
from rack_o.rack import is_racko
from rack_o.rules import Rules
from rack_o.view import SeatView

TURN_CAP = 200


def _pile(view: SeatView, rng: random.Random) -> list[int]:
    """A determinised draw pile, top first."""
    known = known_draw_pile(view)
    rest = [card for card in unseen_cards(view) if known is None or card not in known]
    rng.shuffle(rest)
    return list(known or ()) + rest


def play_out(
    rack: list[int],
    pile: list[int],
    top: int | None,
    held: int | None,
    held_from_discard: bool,
    rules: Rules,
    first: ActionKind | None = None,
    turn_cap: int = TURN_CAP,
    rng: random.Random | None = None,
) -> int:
    """The seat's turns to Rack-O from a turn start (or with `held` in hand), played alone.

    `first` forces the first step: TAKE or DRAW at a turn start, or with a card in hand a
    PLACE is not forced (`placement` chooses) but DISCARD is. Cards gone by come back
    shuffled by `rng` (in order without one). Changes `rack` and `pile`.
    """
    gone: list[int] = []
    players = rules.players
    run_rule = rules.run_of_three
    turn = 1
    while True:
        coming = pile
        judge = weigher(rack, coming, rules)
        if held is None:
            if top is not None and (
                first is ActionKind.TAKE
                or (first is not ActionKind.DRAW and takes(judge, top, coming))
            ):
                held, source = top, "discard"
            else:
                if not pile:
                    _recycle(pile, gone, rng)
                if top is not None:
                    gone.append(top)
                held, source = pile.pop(0), "draw"
                judge = weigher(rack, pile, rules)
            first = None
        else:
            source = "discard" if held_from_discard else "draw"
        if first is ActionKind.DISCARD:
            slot = 0
        else:
            slot = placement(judge, held, may_throw=source == "draw")
        first = None
        if slot:
            gone.append(rack[slot - 1])
            rack[slot - 1] = held
        else:
            gone.append(held)
        held = None
        if is_racko(rack, run_rule) or turn >= turn_cap:
            return turn
        turn += 1
        # The other seats' discards: players - 1 cards off the pile, the last one face up.
        top = None
        for _ in range(players - 1):
            if not pile:
                _recycle(pile, gone, rng)
            if top is not None:
                gone.append(top)
            top = pile.pop(0)


def _recycle(pile: list[int], gone: list[int], rng: random.Random | None) -> None:
    """The cards gone by become the (empty) pile."""
    if rng is not None:
        rng.shuffle(gone)
    pile.extend(gone)
    gone.clear()


def rollout_turns(
    view: SeatView, rng: random.Random, first: ActionKind | None = None,
    turn_cap: int = TURN_CAP,
) -> int:
    """One rollout from `view` (its seat's decision), optionally forcing the first step."""
    return play_out(
        list(view.rack), _pile(view, rng), view.discard_top, view.held,
        view.held_source == "discard", view.rules, first, turn_cap, rng,
    )


def rollout_mean(
    view: SeatView, count: int, seed: int | str = 0, first: ActionKind | None = None
) -> float:
    """The mean of `count` rollouts from `view`, seeded by `seed` alone."""
    rng = random.Random(f"rollout:{seed}")
    return sum(rollout_turns(view, rng, first) for _ in range(count)) / count
