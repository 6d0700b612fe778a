"""Turning a bot spec ("hard", or "package.module:ClassName") into a seated Agent."""

from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Callable

from rack_o.agent import Agent
from rack_o.bots.expert import ExpertBot
from rack_o.bots.hard import HardBot
from rack_o.bots.medium import MediumBot
from rack_o.bots.simple import EasyBot, RandomBot
from rack_o.i18n import _

LEVELS: tuple[str, ...] = ("random", "easy", "medium", "hard", "expert")
"""The built-in levels, weakest first."""

_MAKERS: dict[str, Callable[[int, int | str | None], Agent]] = {
    "random": lambda seat, seed: RandomBot(seed, seat),
    "easy": lambda seat, seed: EasyBot(),
    "medium": lambda seat, seed: MediumBot(),
    "hard": lambda seat, seed: HardBot(),
    "expert": lambda seat, seed: ExpertBot(seed, seat),
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
            _("unknown bot level {spec}: choose one of {levels}, or give your own bot as "
              "package.module:ClassName.").format(spec=repr(spec), levels=", ".join(LEVELS))
        )
    return _load_class(spec)


def _load_class(spec: str) -> Agent:
    module_name, _sep, class_name = spec.partition(":")
    if not module_name or not class_name:
        raise ValueError(
            _("bot {spec} must be written package.module:ClassName.").format(spec=repr(spec))
        )
    # Like `python -m`, find a bot module in the current directory too.
    if "" not in sys.path and os.getcwd() not in sys.path:
        sys.path.append(os.getcwd())
    try:
        module = importlib.import_module(module_name)
    except Exception as error:  # any failure while importing user code is a usage error
        raise ValueError(
            _("bot {spec}: module {module} does not import ({error}); it must be importable "
              "from the current directory or PYTHONPATH.").format(
                spec=repr(spec), module=repr(module_name), error=error)
        ) from error
    cls = getattr(module, class_name, None)
    if not isinstance(cls, type):
        raise ValueError(
            _("bot {spec}: module {module} has no class {name}.").format(
                spec=repr(spec), module=repr(module_name), name=repr(class_name))
        )
    try:
        bot = cls()
    except Exception as error:
        raise ValueError(
            _("bot {spec}: {name}() failed ({error}); a bot class must be callable with no "
              "arguments.").format(spec=repr(spec), name=class_name, error=repr(error))
        ) from error
    missing = [
        what
        for what, ok in (
            (_("a `name` string"), isinstance(getattr(bot, "name", None), str)),
            (_("a `choose(view)` method"), callable(getattr(bot, "choose", None))),
        )
        if not ok
    ]
    if missing:
        raise ValueError(
            _("bot {spec}: {name} lacks the bot interface: it needs {missing}.").format(
                spec=repr(spec), name=class_name, missing=_(" and ").join(missing))
        )
    return bot
