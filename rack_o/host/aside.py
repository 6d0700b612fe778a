"""A computer player that thinks on a thread of its own, so that the table goes on meanwhile:
the guests' keys are answered, their screens kept up to date, comings and goings seen, and
the host may stop the game, however long a bot (a user's own, say) takes over its move.

Only the bot's `choose` runs on that thread, given the seat's view (an immutable value), while
the game thread waits for its answer, serving the table's inbox: nothing changes the game
meanwhile (the inbox's work draws screens and answers keys; a host's stop leaves the game
loop), so game and bot need no lock. The thread is a daemon: a game stopped while a bot
thinks does not wait for it, and its answer, when it comes, goes nowhere.
"""

from __future__ import annotations

import threading

from rack_o.actions import Action
from rack_o.agent import Agent, agent_name
from rack_o.view import SeatView

from .inbox import Inbox


class AsideBot:
    """`bot` (an Agent) thinking on a thread of its own while the game thread serves `inbox`;
    it reads as `bot` does (name, is_human, turn_notes…)."""

    def __init__(self, bot: Agent, inbox: Inbox) -> None:
        self.bot = bot
        self._inbox = inbox

    @property
    def name(self) -> str:
        """The bot's name as the table shows it (a name that fails to read gives its class's)."""
        return agent_name(self.bot)

    def __getattr__(self, attribute: str) -> object:
        return getattr(self.bot, attribute)

    def choose(self, view: SeatView) -> Action:
        """The bot's answer to `view`, or what it raised, raised here; the table's work is run
        while it thinks (and may raise: the host stopping the game)."""
        outcome: list[tuple[object, BaseException | None]] = []

        def think() -> None:
            answer: tuple[object, BaseException | None]
            try:
                answer = (self.bot.choose(view), None)
            except BaseException as error:  # noqa: BLE001 - raised again on the game thread
                answer = (None, error)
            self._inbox.post(lambda: outcome.append(answer))  # wakes the game thread up

        threading.Thread(target=think, daemon=True, name="racko-bot").start()
        self._inbox.wait(lambda: bool(outcome))
        action, error = outcome[0]
        if error is not None:
            raise error
        # Whatever the bot answered: take_step tells an answer that is no legal action.
        return action  # type: ignore[return-value]
