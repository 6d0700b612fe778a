"""The game loop at the terminal: drives a Game, in any state, through one Agent per seat.

Humans and bots are asked the same way (`rack_o.agent.take_step`); this loop adds what the
table needs around the turns: hand-off screens when several people share the terminal, a
line per bot move, the round table, the standings, and a clean stop on q, Ctrl-C or Ctrl-D.
It never writes the record itself: the Game's `on_event` does, as each event happens.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import RenderableType
from rich.markup import escape
from rich.text import Text

from rack_o.agent import Agent, AgentError, take_step
from rack_o.game import Game, Phase
from rack_o.i18n import N_, _

from .console import Terminal
from .prompt import ENTER, QuitGame, ask
from .scoreboard import racko_banner, round_table, standings, tie_note
from .screens import deal_line, describe_turn, handoff_screen, side_name

EXIT_OK = 0
EXIT_STOPPED = 1
EXIT_INTERRUPTED = 130

HANDOFF_HELP = N_(
    "The next player takes the keyboard. Press Enter only when nobody else can see the "
    "screen: your rack appears next."
)
ENTER_HELP = N_("Press Enter to go on.")


def is_human(agent: Agent) -> bool:
    """True for a seat played at the keyboard."""
    return bool(getattr(agent, "is_human", False))


def run_session(
    term: Terminal,
    game: Game,
    agents: Sequence[Agent],
    *,
    notices: Sequence[RenderableType] = (),
    saved_note: str | None = None,
) -> int:
    """Play `game` on from wherever it stands to its end; the exit code (0, 1 or 130).

    `notices` are public lines to show before the first turn (seed, dealer draw);
    `saved_note` is told to the players if they stop early (where the record is kept).
    """
    session = _Session(term, game, list(agents), list(notices))
    try:
        session.play()
    except QuitGame:
        return session.stop(_("You quit the game."), saved_note, EXIT_STOPPED)
    except KeyboardInterrupt:
        return session.stop(_("Interrupted (Ctrl-C)."), saved_note, EXIT_INTERRUPTED)
    except EOFError:
        return session.stop(_("The input ended (Ctrl-D)."), saved_note, EXIT_STOPPED)
    except AgentError as error:
        message = _("A computer player went wrong, so the game stops: {error}").format(
            error=error
        )
        return session.stop(message, saved_note, EXIT_STOPPED)
    return EXIT_OK


def _step(game: Game, agent: Agent) -> None:
    """One step through the common agent interface; a player leaving is not an agent fault."""
    try:
        take_step(game, agent)
    except AgentError as error:
        # take_step wraps whatever `choose` raises; leaving the game must stay itself.
        if isinstance(error.__cause__, QuitGame | EOFError):
            raise error.__cause__ from None
        raise


class _Session:
    def __init__(
        self, term: Terminal, game: Game, agents: list[Agent], notices: list[RenderableType]
    ) -> None:
        if len(agents) != len(game.players):
            raise ValueError(f"{len(game.players)} seats need as many agents, not {len(agents)}")
        self.term = term
        self.console = term.console
        self.game = game
        self.agents = agents
        self.names = tuple(p.name for p in game.players)
        self.humans = [seat for seat, agent in enumerate(agents) if is_human(agent)]
        self.hot_seat = len(self.humans) > 1
        self.pending = notices
        self.screen_owner: int | None = None
        """The human whose cards may be on screen now (None when the screen is clean)."""

    # ------------------------------------------------------------------ the loop

    def play(self) -> None:
        game = self.game
        if not self.hot_seat:
            self._flush_notices()
        while not game.is_over:
            if game.phase is Phase.DEAL:
                self._deal()
                continue
            rounds_before = len(game.rounds)
            self._turn()
            if len(game.rounds) > rounds_before:
                self._round_end()
        self._game_end()

    def _deal(self) -> None:
        game = self.game
        dealer = game.dealer if game.round == 0 else (game.dealer + 1) % len(self.names)
        if self.humans:
            dealer_name = escape(self.names[dealer])
            self._wait(
                _("Press Enter to deal round {round} — {dealer} deals").format(
                    round=game.round + 1, dealer=dealer_name
                )
            )
        game.deal()
        line = deal_line(game.view(game.mover))
        if self.hot_seat:
            self.pending.append(line)
        else:
            self.console.print(line)

    def _turn(self) -> None:
        game = self.game
        seat = game.mover
        agent = self.agents[seat]
        human = is_human(agent)
        if human and self.hot_seat and self.screen_owner != seat:
            self._hand_off(seat)
        if human:
            self.screen_owner = seat
        history_before = len(game.view(seat).history)
        turn_id = (game.round, game.turn)
        while (game.round, game.turn) == turn_id and game.phase in (Phase.CHOOSE, Phase.PLACE):
            _step(game, agent)
        if human:
            if self.hot_seat:
                # Nobody else may scroll back to this rack.
                self.term.clear(scrollback=True)
                self.screen_owner = None
            return
        self._report_bot_turn(seat, history_before)

    def _report_bot_turn(self, seat: int, history_before: int) -> None:
        history = self.game.view(seat).history
        for event in history[history_before:]:
            self.console.print(Text(describe_turn(event, self.names)))
        self.term.pause()

    def _hand_off(self, seat: int) -> None:
        name = escape(self.names[seat])
        self.term.clear(scrollback=True)
        self.screen_owner = None
        # The hand-off screen shows only public fields of the view: never its rack.
        self.console.print(handoff_screen(self.game.view(seat), self.pending))
        self.pending = []
        self.console.print()
        ask(
            self.term,
            _("Pass the terminal to [bold]{name}[/] — {name}, press Enter when ready").format(
                name=name
            ),
            (ENTER,),
            valid=_("press Enter when {name} has the keyboard").format(name=name),
            help_text=_(HANDOFF_HELP),
        )

    def _round_end(self) -> None:
        game = self.game
        result = game.rounds[-1]
        self.term.clear()
        self.screen_owner = None
        self.console.print(racko_banner(result, self.names))
        self.console.print(round_table(result, self.names, game.rules))
        note = tie_note(game.totals, self.names, game.rules)
        if note is not None:
            self.console.print(note)
        if not self.humans and not game.is_over:
            self.term.pause()

    def _game_end(self) -> None:
        game = self.game
        assert game.winner is not None
        self.console.print(
            standings(game.totals, self.names, game.rules, game.winner, len(game.rounds))
        )

    # ------------------------------------------------------------------ helpers

    def _flush_notices(self) -> None:
        for notice in self.pending:
            self.console.print(notice)
        self.pending = []

    def _wait(self, prompt: str) -> None:
        self._flush_notices()
        ask(self.term, prompt, (ENTER,), valid=_("press Enter to go on"), help_text=_(ENTER_HELP))

    def stop(self, reason: str, saved_note: str | None, code: int) -> int:
        """Say why and where the game stopped; return `code`."""
        game = self.game
        if self.hot_seat and self.screen_owner is not None:
            # Whoever picks up the terminal next must not find this player's rack.
            self.term.clear(scrollback=True)
            self.screen_owner = None
        self.console.print()
        if game.round == 0:
            where = _("before the first deal")
        else:
            scores = ", ".join(
                f"{side_name(game.rules, self.names, side)} {total}"
                for side, total in enumerate(game.totals)
            )
            where = _("in round {round} ({scores})").format(round=game.round, scores=scores)
        message = reason + " " + _("The game stopped {where}.").format(where=where)
        if saved_note:
            message += f" {saved_note}"
        self.console.print(message, markup=False, highlight=False)
        return code
