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
    "place": "rack_o.actions",
    "Phase": "rack_o.actions",
    "Source": "rack_o.actions",
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
    "Player": "rack_o.game",
    "Step": "rack_o.steps",
    "DealerDraw": "rack_o.steps",
    "Deal": "rack_o.steps",
    "Turn": "rack_o.steps",
    "TurnOver": "rack_o.steps",
    "RoundResult": "rack_o.steps",
    "GameEnd": "rack_o.steps",
    "SeatView": "rack_o.view",
    "PublicTurn": "rack_o.view",
    "Agent": "rack_o.agent",
    "AgentError": "rack_o.agent",
    "LeaveGame": "rack_o.agent",
    "Table": "rack_o.agent",
    "Outcome": "rack_o.agent",
    "take_step": "rack_o.agent",
    "play_game": "rack_o.agent",
    "play_round": "rack_o.agent",
    "Header": "rack_o.record",
    "Rebuilt": "rack_o.record",
    "dumps": "rack_o.record",
    "event": "rack_o.record",
    "events": "rack_o.record",
    "header_of": "rack_o.record",
    "parse_lines": "rack_o.record",
    "rebuild": "rack_o.record",
    "replay": "rack_o.record",
}

__all__ = [
    "Action",
    "ActionKind",
    "Agent",
    "AgentError",
    "Deal",
    "DealerDraw",
    "deck_size_for",
    "DISCARD",
    "DRAW",
    "dumps",
    "event",
    "events",
    "Game",
    "GameEnd",
    "Header",
    "header_of",
    "IllegalActionError",
    "is_ascending",
    "is_racko",
    "LeaveGame",
    "longest_run",
    "ordered_count",
    "Outcome",
    "parse_lines",
    "Phase",
    "place",
    "play_game",
    "play_round",
    "Player",
    "PublicTurn",
    "RACK_SIZE",
    "RackoError",
    "rebuild",
    "Rebuilt",
    "RecordError",
    "replay",
    "round_points",
    "RoundResult",
    "Rules",
    "RulesError",
    "run_bonus",
    "SeatView",
    "Source",
    "Step",
    "Table",
    "TAKE",
    "take_step",
    "Turn",
    "TurnOver",
    "__version__",
]

if TYPE_CHECKING:
    from rack_o.actions import (
        DISCARD,
        DRAW,
        TAKE,
        Action,
        ActionKind,
        Phase,
        Source,
        place,
    )
    from rack_o.agent import (
        Agent,
        AgentError,
        LeaveGame,
        Outcome,
        Table,
        play_game,
        play_round,
        take_step,
    )
    from rack_o.errors import (
        IllegalActionError,
        RackoError,
        RecordError,
        RulesError,
    )
    from rack_o.game import (
        Game,
        Player,
    )
    from rack_o.rack import (
        is_ascending,
        is_racko,
        longest_run,
        ordered_count,
        round_points,
        run_bonus,
    )
    from rack_o.record import (
        Header,
        Rebuilt,
        dumps,
        event,
        events,
        header_of,
        parse_lines,
        rebuild,
        replay,
    )
    from rack_o.rules import (
        RACK_SIZE,
        Rules,
        deck_size_for,
    )
    from rack_o.steps import (
        Deal,
        DealerDraw,
        GameEnd,
        RoundResult,
        Step,
        Turn,
        TurnOver,
    )
    from rack_o.view import (
        PublicTurn,
        SeatView,
    )


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'rack_o' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return __all__
