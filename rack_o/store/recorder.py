"""A game's record written as it is played: each step a line, as it happens, with the fields
racko adds to a person's turn (`record.HINTS_SHOWN`, and what their agent notes)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from rack_o.agent import Agent
from rack_o.game import Game
from rack_o.record import HINTS_A_TURN, HINTS_SHOWN, Event, event, turn_lines
from rack_o.steps import Step, Turn
from rack_o.store.writer import RecordWriter


def hints_in(events: Sequence[Event], players: int) -> list[int]:
    """How many hints each seat was shown, from the `hints` field of a record's turn lines (a
    count no turn can show is not racko's, and left out)."""
    used = [0] * players
    for turn in turn_lines(events):
        count = turn.line.get(HINTS_SHOWN)
        if type(count) is int and 0 < count <= HINTS_A_TURN and turn.seat < players:
            used[turn.seat] += count
    return used


class NotesItsTurns(Protocol):
    """What an agent may add to its turn lines (a person's agent does; a bot need not)."""

    @property
    def hints_this_turn(self) -> int:
        """How many hints the person was shown during the turn just played."""

    def turn_notes(self) -> dict[str, object]:
        """Fields the turn line just played adds (`record.LEFT`, `record.STAND_IN`)."""


class StepRecorder:
    """The game's `on_step` listener: each step goes to the record as it happens, a person's
    turn line with how many hints they were shown during it and what else their agent's
    `turn_notes()` adds, if it has them (`NotesItsTurns`)."""

    def __init__(
        self, game: Game, agents: Sequence[Agent], writer: RecordWriter | None,
        events: Sequence[Event] = (),
    ) -> None:
        """Listen to `game` from now on; `events` are the record's lines before a resume."""
        self.agents = agents
        self.writer = writer
        self.hints_used = hints_in(events, len(agents))
        """How many hints each seat was shown, resumed games included."""
        self.listener = game.on_step
        game.on_step = self.heard
        self.next_line: dict[str, object] = {}
        """Fields of the caller's own that the next line written carries (then none)."""

    def heard(self, step: Step) -> None:
        """One step of the game, as it happens."""
        fields: dict[str, object] = {}
        if type(step) is Turn:
            agent = self.agents[step.seat]
            count = getattr(agent, "hints_this_turn", 0)
            if count:
                fields[HINTS_SHOWN] = count
                self.hints_used[step.seat] += count
            notes: Callable[[], dict[str, object]] | None = getattr(agent, "turn_notes", None)
            if notes is not None:
                fields.update(notes())
        fields.update(self.next_line)
        self.next_line = {}
        if self.writer is not None:
            # The step's own fields first, as the spec shows them ("type" leading), and no
            # extra (a bot's notes) may stand in for them.
            line = event(step)
            self.writer.write({**line, **{k: v for k, v in fields.items() if k not in line}})
        elif self.listener is not None:
            self.listener(step)
