"""The one seat interface: an agent that misbehaves stops the game with AgentError, naming it."""

from __future__ import annotations

import random

import pytest
from broken_bots import Cheater, Crasher, Quitter
from builders import record_lines

from rack_o import DISCARD, DRAW, Game, Rules
from rack_o.agent import AgentError, take_step


@pytest.mark.parametrize(
    ("bot", "said"),
    [
        (Cheater(), "Cheater (seat 2) chose 'place in slot 1', which is not legal"),
        (Crasher(), "Crasher (seat 2) failed: RuntimeError('out of ideas')"),
        (Quitter(), "Quitter (seat 2) failed: SystemExit(5)"),
    ],
)
def test_a_misbehaving_agent_raises_agent_error_and_changes_nothing(bot, said: str) -> None:
    game = Game(Rules(2), random.Random(3))
    game.deal()
    if game.mover != 1:
        game.apply(DRAW)
        game.apply(DISCARD)
    before = list(record_lines(game))
    with pytest.raises(AgentError) as failure:
        take_step(game, bot)
    assert said in str(failure.value)
    assert failure.value.agent is bot
    assert record_lines(game) == before and game.phase == "choose"
