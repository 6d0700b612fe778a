"""One interface for every seat: humans, bots and test scripts answer a view with an action."""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from rack_o.actions import Action
from rack_o.errors import IllegalActionError
from rack_o.game import Game
from rack_o.view import SeatView


@runtime_checkable
class Agent(Protocol):
    """Anything that can sit at a seat: given what the seat sees, it picks one legal action."""

    name: str

    def choose(self, view: SeatView) -> Action:
        """One of `view.legal_actions`, for the seat `view.seat`."""
        ...


class AgentError(IllegalActionError):
    """An agent raised, or answered with an action that is not legal now; the game is unchanged."""

    def __init__(self, agent: Agent, message: str) -> None:
        super().__init__(message)
        self.agent = agent


def take_step(game: Game, agent: Agent) -> Action:
    """Ask the mover's agent for an action and apply it; AgentError if it misbehaves."""
    seat = game.mover
    view = game.view(seat)
    name = getattr(agent, "name", type(agent).__name__)
    # A bot's bug, even a sys.exit, must stop the game cleanly, naming the bot.
    try:
        action = agent.choose(view)
    except (Exception, SystemExit) as error:
        raise AgentError(agent, f"{name} (seat {seat + 1}) failed: {error!r}") from error
    if action not in view.legal_actions:
        legal = ", ".join(str(a) for a in view.legal_actions)
        shown = f"'{action}'" if isinstance(action, Action) else repr(action)
        raise AgentError(
            agent, f"{name} (seat {seat + 1}) chose {shown}, which is not legal now; legal: {legal}"
        )
    game.apply(action, seat)
    return action


def play_round(game: Game, agents: list[Agent], turn_cap: int | None = None) -> bool:
    """Deal if due and play the round out; False when `turn_cap` turns pass without a Rack-O."""
    if game.phase == "deal":
        game.deal()
    current = game.round
    while game.round == current and game.phase in ("choose", "place"):
        if turn_cap is not None and game.turn >= turn_cap:
            return False
        take_step(game, agents[game.mover])
    return True


def play_game(game: Game, agents: list[Agent], turn_cap: int | None = None) -> int:
    """Play to the end of the game; 1 if a round hit `turn_cap` and stopped the game there, else 0.

    A capped round cannot be scored and the rules have no way to abandon one, so the game
    stops mid-round: its record simply has no round_end or game_end (see docs/bots.md).
    """
    while not game.is_over:
        if not play_round(game, agents, turn_cap):
            return 1
    return 0
