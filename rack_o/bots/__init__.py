"""Computer opponents: the levels random, easy, medium, hard and expert, user bots, hints.

Every bot is an `rack_o.agent.Agent`: a `name` and `choose(view) -> Action`, using only the
seat's view. Bots keep no memory between calls; what they remember they re-derive from the
view's public history, so a resumed game plays on exactly as it would have. Pure like the
engine: no printing, no rich or click, no sentences for people (the CLI words hints and
errors), randomness only from a seeded generator.
"""

from __future__ import annotations

from rack_o.bots.expert import ExpertBot
from rack_o.bots.hard import HardBot
from rack_o.bots.hint import Advice, hint
from rack_o.bots.loader import (
    DEFAULT_LEVEL,
    LEVELS,
    BotSpecError,
    any_outside,
    bot_kind,
    is_outside,
    level_of,
    make_bot,
)
from rack_o.bots.medium import MediumBot
from rack_o.bots.simple import EasyBot, RandomBot

__all__ = [
    "DEFAULT_LEVEL",
    "LEVELS",
    "Advice",
    "BotSpecError",
    "EasyBot",
    "ExpertBot",
    "HardBot",
    "MediumBot",
    "RandomBot",
    "any_outside",
    "bot_kind",
    "hint",
    "is_outside",
    "level_of",
    "make_bot",
]
