"""The one seat interface: an agent that misbehaves stops the game with AgentError, naming it."""

from __future__ import annotations

import random
from pathlib import Path

import broken_bots
import pytest
from broken_bots import (
    Cheater,
    Crasher,
    Quitter,
    Shouty,
    Silent,
    Stubborn,
    Unnamed,
    Unsayable,
    UnsayableCrasher,
    Wordy,
)
from builders import record_lines

from rack_o import DISCARD, DRAW, Game, Rules
from rack_o.agent import AgentError, Interrupt, agent_name, take_step


@pytest.mark.parametrize(
    ("bot", "said"),
    [
        (Cheater(), "Cheater (seat 2) chose 'place in slot 1', which is not legal"),
        (Crasher(), "Crasher (seat 2) failed: RuntimeError('out of ideas')"),
        (Quitter(), "Quitter (seat 2) failed: SystemExit(5)"),
        (Stubborn(), "Stubborn (seat 2) failed: BaseException('not an Exception')"),
        (Wordy(), "Wordy (seat 2) chose 'draw' (a str, not an Action), which is not legal"),
        (Silent(), "Silent (seat 2) chose None (a NoneType, not an Action), which is not legal"),
        (broken_bots.Numbered(), "Numbered (seat 2) chose 3 (an int, not an Action), which is "
                                 "not legal"),
        # Equal to TAKE, but not made as racko makes actions: the sentence says how.
        (broken_bots.StringKind(), "StringKind (seat 2) chose Action('take', None) (its kind is "
                                   "'take', a str, not an ActionKind: use TAKE), which is not "
                                   "legal now; legal: draw from the draw pile, take the top "
                                   "discard"),
        (broken_bots.MadeUpKind(), "MadeUpKind (seat 2) chose Action('fly', None) (its kind is "
                                   "'fly', a str"),
        # Whose repr raises: named by its type, never a traceback.
        (Unsayable(), "Unsayable (seat 2) chose <_Unsayable object> (a _Unsayable, not an "
                      "Action), which is not legal"),
        (UnsayableCrasher(), "UnsayableCrasher (seat 2) failed: <_Unsayable object> (at "),
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


def test_a_bot_s_error_says_where_in_its_own_code_it_was_raised() -> None:
    game = Game(Rules(2), random.Random(3))
    game.deal()
    with pytest.raises(AgentError) as failure:
        take_step(game, Crasher())
    line = next(number for number, text in enumerate(
        Path(broken_bots.__file__).read_text().splitlines(), start=1) if "out of ideas" in text)
    assert str(failure.value).endswith(
        f"failed: RuntimeError('out of ideas') (at {broken_bots.__file__}, line {line}, "
        "in choose)")



def test_an_error_raised_inside_racko_s_api_is_located_at_the_bot_s_line() -> None:
    # In an editable install racko is not under site-packages: its own line was named.
    game = Game(Rules(2), random.Random(3))
    game.deal()
    with pytest.raises(AgentError) as failure:
        take_step(game, broken_bots.Misparser())
    line = next(number for number, text in enumerate(
        Path(broken_bots.__file__).read_text().splitlines(), start=1) if "fly away" in text)
    assert str(failure.value).endswith(f"(at {broken_bots.__file__}, line {line}, in choose)")


def _dealt_for_seat_2() -> Game:
    game = Game(Rules(2), random.Random(3))
    game.deal()
    if game.mover != 1:
        game.apply(DRAW)
        game.apply(DISCARD)
    return game


@pytest.mark.parametrize("stop", [KeyboardInterrupt, Interrupt])
def test_a_stop_from_outside_passes_through_a_bot_untouched(stop: type[BaseException]) -> None:
    class Thinking:
        name = "Thinking"

        def choose(self, view: object) -> object:
            raise stop  # what Ctrl-C or a signal's handler raises while a bot thinks

    game = _dealt_for_seat_2()
    with pytest.raises(stop):
        take_step(game, Thinking())


@pytest.mark.parametrize(
    ("bot", "name"),
    [
        (Cheater(), "Cheater"),
        (Unnamed(), "Unnamed"),
        (Shouty(), "Two Lines[31m r…"),
    ],
)
def test_an_agent_sits_under_its_name_on_one_shown_line_of_at_most_16_characters(
    bot: object, name: str
) -> None:
    assert agent_name(bot) == name
