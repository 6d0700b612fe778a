"""racko's rules engine: a pure, seeded Rack-O game with views, actions and game records.

Quick start::

    >>> import random, rack_o
    >>> game = rack_o.Game(rack_o.Rules(players=2), random.Random(7))
    >>> game.deal()
    >>> [str(action) for action in game.legal_actions()]
    ['draw from the draw pile', 'take the top discard']

The engine never prints, reads, sleeps, or imports rich or click. Names are loaded on first
use, so that importing the terminal layer (`rack_o.cli`) does not load the engine with it.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

_EXPORTS = {
    "Action": "rack_o.actions",
    "ActionKind": "rack_o.actions",
    "DRAW": "rack_o.actions",
    "TAKE": "rack_o.actions",
    "DISCARD": "rack_o.actions",
    "PLACE": "rack_o.actions",
    "place": "rack_o.actions",
    "RackoError": "rack_o.errors",
    "RulesError": "rack_o.errors",
    "IllegalActionError": "rack_o.errors",
    "RecordError": "rack_o.errors",
    "Rules": "rack_o.rules",
    "deck_size_for": "rack_o.rules",
    "RACK_SIZE": "rack_o.rules",
    "is_racko": "rack_o.rack",
    "is_ascending": "rack_o.rack",
    "longest_run": "rack_o.rack",
    "ordered_count": "rack_o.rack",
    "run_bonus": "rack_o.rack",
    "round_points": "rack_o.rack",
    "Game": "rack_o.game",
    "Phase": "rack_o.game",
    "Player": "rack_o.game",
    "SeatView": "rack_o.view",
    "PublicTurn": "rack_o.view",
    "TurnOver": "rack_o.view",
    "RoundResult": "rack_o.view",
    "dumps": "rack_o.record",
    "parse_lines": "rack_o.record",
    "rebuild": "rack_o.record",
}

__all__ = [
    "Action",
    "ActionKind",
    "DISCARD",
    "DRAW",
    "Game",
    "IllegalActionError",
    "PLACE",
    "Phase",
    "Player",
    "PublicTurn",
    "RACK_SIZE",
    "RackoError",
    "RecordError",
    "RoundResult",
    "Rules",
    "RulesError",
    "SeatView",
    "TAKE",
    "TurnOver",
    "deck_size_for",
    "dumps",
    "is_ascending",
    "is_racko",
    "longest_run",
    "ordered_count",
    "parse_lines",
    "place",
    "rebuild",
    "round_points",
    "run_bonus",
    "__version__",
]

if TYPE_CHECKING:
    from rack_o.actions import DISCARD, DRAW, PLACE, TAKE, Action, ActionKind, place
    from rack_o.errors import IllegalActionError, RackoError, RecordError, RulesError
    from rack_o.game import Game, Phase, Player
    from rack_o.rack import (
        is_ascending,
        is_racko,
        longest_run,
        ordered_count,
        round_points,
        run_bonus,
    )
    from rack_o.record import dumps, parse_lines, rebuild
    from rack_o.rules import RACK_SIZE, Rules, deck_size_for
    from rack_o.view import PublicTurn, RoundResult, SeatView, TurnOver


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'rack_o' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return __all__
