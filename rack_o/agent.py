"""One interface for every seat, and the one loop that plays a game through it.

Humans, bots and test scripts answer a view with an action (`Agent`). `play_game` drives any
mix of them from wherever a game stands, calling a `Table`'s hooks around deals, turns and
round ends: the terminal draws its screens there, a simulation passes none.
"""

from __future__ import annotations

import os
import sysconfig
from enum import Enum
from typing import Protocol, runtime_checkable

from rack_o.actions import Action, Phase, misformed
from rack_o.errors import IllegalActionError, described, type_named
from rack_o.game import Game
from rack_o.steps import RoundResult
from rack_o.view import SeatView

_CHOOSE = Phase.CHOOSE
_PLACE = Phase.PLACE
_DEAL = Phase.DEAL


@runtime_checkable
class Agent(Protocol):
    """Anything that can sit at a seat: given what the seat sees, it picks one legal action."""

    @property
    def name(self) -> str:
        """The name the seat is shown under (read-only here: a property satisfies it)."""
        ...

    def choose(self, view: SeatView) -> Action:
        """One of `view.legal_actions`, for the seat `view.seat`."""
        ...


class AgentError(Exception):
    """An agent failed, or answered with an action that is not legal now; the game is unchanged.

    `agent` and `seat` say who; `cause` is what the agent raised (None for an illegal answer),
    `action` what it answered.
    """

    def __init__(
        self, agent: Agent, seat: int, message: str, *,
        cause: BaseException | None = None, action: object = None,
    ) -> None:
        super().__init__(message)
        self.agent = agent
        self.seat = seat
        self.cause = cause
        self.action = action


class LeaveGame(Exception):  # noqa: N818 - an event, not a fault
    """Raised by an agent whose player leaves the table: it ends the game loop as it is,
    never taken for the agent's fault."""


class Interrupt(BaseException):
    """Raised from outside the agents to stop the game loop (a signal's handler, say, while a
    bot thinks): like KeyboardInterrupt, it passes through `take_step`, never taken for the
    agent's fault."""


NAME_MOST = 16
"""The longest name a player takes: a person's, and what of an agent's name is shown."""


def agent_name(agent: object) -> str:
    """The name `agent` sits under: its `name` on one line, without characters that cannot
    be shown, cut to NAME_MOST ("…" last when cut); its class's name if that leaves nothing."""
    try:
        name = getattr(agent, "name", "")
    except Exception:  # a bot's `name` property that fails leaves the class's name
        name = ""
    name = " ".join(str(name).split())  # newlines and tabs: one line
    name = "".join(char for char in name if char.isprintable()).strip()
    name = name or type(agent).__name__
    return name if len(name) <= NAME_MOST else name[: NAME_MOST - 1] + "…"


RACKO_FOLDER = os.path.join(os.path.dirname(os.path.normpath(__file__)), "")
"""The rack_o package's folder: a bot's error raised inside it is located at the bot's line
that called it (an editable install is outside site-packages)."""


def raised_at(error: BaseException) -> str:
    """Where a bot's code raised `error`, for its author: " (at FILE, line N, in FUNCTION)",
    the innermost line it went through outside Python's own and installed libraries (else
    the innermost of all), read from the traceback alone (no source file is read)."""
    frames = []
    tb = error.__traceback__
    while tb is not None:
        frames.append((tb.tb_frame.f_code, tb.tb_lineno))
        tb = tb.tb_next
    frames = frames[1:]  # the first is take_step's own call
    if not frames:
        return ""
    libraries = tuple(  # compared as written: the engine asks the file system nothing
        os.path.join(os.path.normpath(path), "")
        for name, path in sysconfig.get_paths().items()
        if name in ("stdlib", "platstdlib", "purelib", "platlib")
    ) + (RACKO_FOLDER,)  # racko's own API the bot called, however racko was installed
    own = [frame for frame in frames
           if not os.path.normpath(frame[0].co_filename).startswith(libraries)]
    code, line = (own or frames)[-1]
    return f" (at {code.co_filename}, line {line}, in {code.co_name})"


def take_step(game: Game, agent: Agent) -> Action:
    """Ask the mover's agent for an action and apply it; AgentError if it misbehaves."""
    seat = game.mover
    view = game.view(seat)
    # A bot's bug, even a sys.exit or a bare BaseException, must stop the game cleanly,
    # naming the bot; only a person leaving and a stop from outside (Ctrl-C, a signal) pass.
    try:
        action = agent.choose(view)
    except (LeaveGame, KeyboardInterrupt, Interrupt):
        raise
    except BaseException as error:
        raise AgentError(
            agent, seat,
            f"{agent_name(agent)} (seat {seat + 1}) failed: {described(error)}"
            f"{raised_at(error)}",
            cause=error,
        ) from None
    try:
        game.apply(action, seat)  # it checks the action, and changes nothing if illegal
    except IllegalActionError:
        legal = ", ".join(str(a) for a in view.legal_actions)
        # An answer of another type ("draw", None) is named as such: its repr alone could
        # pass for an action's wording.
        if isinstance(action, Action):
            why = misformed(action)
            shown = f"'{action}'" if why is None else f"{action} ({why})"
        else:
            shown = f"{described(action)} ({type_named(action)}, not an Action)"
        raise AgentError(
            agent, seat,
            f"{agent_name(agent)} (seat {seat + 1}) chose {shown}, which is not legal now; "
            f"legal: {legal}",
            action=action,
        ) from None
    return action


class Table:
    """Hooks around the game loop; each does nothing unless overridden."""

    def dealing(self, game: Game) -> None:
        """A round is about to be dealt."""

    def dealt(self, game: Game) -> None:
        """A round was dealt."""

    def turn_starts(self, game: Game, seat: int) -> None:
        """`seat` is about to play a turn."""

    def turn_ends(self, game: Game, seat: int) -> None:
        """`seat` has played its turn (the game may have moved on to a round end)."""

    def round_ends(self, game: Game, result: RoundResult) -> None:
        """A round was scored (the game may now be over)."""


class Outcome(Enum):
    """How `play_game` stopped."""

    OVER = "over"
    """The game has a winner."""
    CAPPED = "capped"
    """A round reached the turn cap without a Rack-O."""


def play_round(game: Game, agents: list[Agent], turn_cap: int | None = None) -> bool:
    """Deal if due and play the round out; False when `turn_cap` turns pass without a Rack-O."""
    return play_game(game, agents, turn_cap=turn_cap, rounds=1) is not Outcome.CAPPED


def play_game(
    game: Game,
    agents: list[Agent],
    table: Table | None = None,
    *,
    turn_cap: int | None = None,
    rounds: int | None = None,
) -> Outcome | None:
    """Play from wherever `game` stands to its end (or for `rounds` more round ends).

    Each turn is asked of `agents[seat]` through `take_step`; `table` hears of deals, turns
    and round ends. A round that reaches `turn_cap` turns cannot be scored and the rules
    have no way to abandon one, so the game stops there (CAPPED). None when `rounds` ran out.
    """
    ended = 0
    while not game.is_over:
        if game.phase is _DEAL:
            if rounds is not None and ended >= rounds:
                return None
            if table is not None:
                table.dealing(game)
            game.deal()
            if table is not None:
                table.dealt(game)
            continue
        if turn_cap is not None and game.turn >= turn_cap:
            return Outcome.CAPPED
        seat = game.mover
        agent = agents[seat]
        if table is not None:
            table.turn_starts(game, seat)
        if game.phase is _CHOOSE:
            take_step(game, agent)
        take_step(game, agent)  # the card in hand goes somewhere: the turn ends
        if table is not None:
            table.turn_ends(game, seat)
        if game.phase is not _CHOOSE:  # the turn went Rack-O
            ended += 1
            result = game.last_round
            if table is not None and result is not None:
                table.round_ends(game, result)
    return Outcome.OVER
