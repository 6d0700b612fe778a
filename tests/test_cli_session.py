"""The terminal game loop: any mix of agents, a rebuilt game carried on, a bot that misbehaves."""

from __future__ import annotations

import io
import math
import random

from rich.console import Console

from rack_o.actions import DISCARD, DRAW, PLACE, TAKE, Action
from rack_o.cli.console import Terminal
from rack_o.cli.session import run_session
from rack_o.game import Game, Player
from rack_o.record import rebuild
from rack_o.rules import Rules
from rack_o.view import SeatView


class BandBot:
    """Each card to the slot of its band (a sensible, deterministic test player)."""

    def __init__(self, name: str) -> None:
        self.name = name

    def choose(self, view: SeatView) -> Action:
        size = view.rules.deck_size

        def wanted(card: int) -> bool:
            slot = math.ceil(card * 10 / size)
            return math.ceil(view.rack[slot - 1] * 10 / size) != slot

        if view.phase == "choose":
            top = view.discard_top
            return TAKE if top is not None and wanted(top) else DRAW
        assert view.held is not None
        if wanted(view.held) or view.held_source == "discard":
            return PLACE[math.ceil(view.held * 10 / size)]
        return DISCARD


class ThrowsBackBot(BandBot):
    """Tries to throw a taken discard back: illegal."""

    def choose(self, view: SeatView) -> Action:
        return TAKE if view.phase == "choose" else DISCARD


def terminal() -> Terminal:
    return Terminal(Console(file=io.StringIO(), width=80), stdin=io.StringIO(), pause_seconds=0)


def new_game(seed: int, events: list[dict]) -> Game:
    players = [Player("Ann", "bot:band"), Player("Bob", "bot:band")]
    return Game(Rules(2, target=100), random.Random(seed), players=players, seed=seed,
                on_event=events.append)


def test_a_bot_with_an_illegal_move_stops_the_game_naming_it_and_what_was_legal() -> None:
    events: list[dict] = []
    game = new_game(3, events)
    term = terminal()
    code = run_session(term, game, [ThrowsBackBot("Rogue"), ThrowsBackBot("Rogue 2")],
                       saved_note="Saved.")
    shown = " ".join(term.console.file.getvalue().split())
    assert code == 1
    assert "A computer player went wrong, so the game stops:" in shown
    assert "Rogue" in shown and "discard the drawn card" in shown and "place in slot 1" in shown
    assert "The game stopped in round 1 (Ann 0, Bob 0). Saved." in shown
    assert rebuild([(i, e) for i, e in enumerate(events, 1)]).turn == 0  # the record is intact


def play_all(seed: int) -> list[dict]:
    events: list[dict] = []
    game = new_game(seed, events)
    assert run_session(terminal(), game, [BandBot("Ann"), BandBot("Bob")]) == 0
    return events


def test_a_rebuilt_game_carries_on_exactly_as_the_original_would_have() -> None:
    seed = 21
    whole = play_all(seed)
    deals = [i for i, e in enumerate(whole) if e["type"] == "deal"]
    # Cut mid-round, and right after a round ended (the game waits for a deal).
    cuts = [deals[0] + 7, deals[1]]
    for cut in cuts:
        events = whole[:cut]
        carried: list[dict] = []
        game = rebuild(
            [(i, e) for i, e in enumerate(events, 1)], rng=random.Random(seed),
            on_event=carried.append,
        )
        assert run_session(terminal(), game, [BandBot("Ann"), BandBot("Bob")]) == 0
        assert events + carried == whole
