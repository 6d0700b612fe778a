"""Turning a bot spec ("hard", or "package.module:ClassName") into a seated Agent."""

from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Callable

from rack_o.agent import Agent
from rack_o.bots.hard import HardBot
from rack_o.bots.medium import MediumBot
from rack_o.bots.simple import EasyBot, RandomBot

LEVELS: tuple[str, ...] = ("random", "easy", "medium", "hard")
"""The built-in levels, weakest first."""

_MAKERS: dict[str, Callable[[int, int | str | None], Agent]] = {
    "random": lambda seat, seed: RandomBot(seed, seat),
    "easy": lambda seat, seed: EasyBot(),
    "medium": lambda seat, seed: MediumBot(),
    "hard": lambda seat, seed: HardBot(),
}


def bot_kind(spec: str) -> str:
    """The `kind` a game record lists for a bot: "bot:hard" or "bot:package.module:ClassName"."""
    return f"bot:{spec.strip()}"


def make_bot(spec: str, seat: int, seed: int | str | None = None) -> Agent:
    """The agent for `spec` at `seat`; ValueError with a clear sentence if it cannot be made."""
    spec = spec.strip()
    maker = _MAKERS.get(spec.lower())
    if maker is not None:
        return maker(seat, seed)
    if ":" not in spec:
        raise ValueError(
            f"unknown bot level {spec!r}: choose one of {', '.join(LEVELS)}, "
            "or give your own bot as package.module:ClassName"
        )
    return _load_class(spec)


def _load_class(spec: str) -> Agent:
    module_name, _, class_name = spec.partition(":")
    if not module_name or not class_name:
        raise ValueError(f"bot {spec!r} must be written package.module:ClassName")
    # Like `python -m`, find a bot module in the current directory too.
    if "" not in sys.path and os.getcwd() not in sys.path:
        sys.path.append(os.getcwd())
    try:
        module = importlib.import_module(module_name)
    except Exception as error:  # any failure while importing user code is a usage error
        raise ValueError(
            f"bot {spec!r}: module {module_name!r} does not import ({error}); "
            "it must be importable from the current directory or PYTHONPATH"
        ) from error
    cls = getattr(module, class_name, None)
    if not isinstance(cls, type):
        raise ValueError(f"bot {spec!r}: module {module_name!r} has no class {class_name!r}")
    try:
        bot = cls()
    except Exception as error:
        raise ValueError(
            f"bot {spec!r}: {class_name}() failed ({error!r}); a bot class must be "
            "callable with no arguments"
        ) from error
    missing = [
        what
        for what, ok in (
            ("a `name` string", isinstance(getattr(bot, "name", None), str)),
            ("a `choose(view)` method", callable(getattr(bot, "choose", None))),
        )
        if not ok
    ]
    if missing:
        raise ValueError(
            f"bot {spec!r}: {class_name} lacks the bot interface: it needs "
            + " and ".join(missing)
        )
    return bot
