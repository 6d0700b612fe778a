"""The terminal game loop: any mix of agents, a rebuilt game carried on, a bot that misbehaves."""

from __future__ import annotations

import io
import math
import random
import re

from builders import record_lines
from rich.console import Console

from rack_o.actions import DISCARD, DRAW, TAKE, Action, place
from rack_o.cli.console import Terminal
from rack_o.cli.session import run_session
from rack_o.game import Game, Player
from rack_o.record import Header, event, rebuild
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
            return place(math.ceil(view.held * 10 / size))
        return DISCARD


class ThrowsBackBot(BandBot):
    """Tries to throw a taken discard back: illegal."""

    def choose(self, view: SeatView) -> Action:
        return TAKE if view.phase == "choose" else DISCARD


def terminal() -> Terminal:
    return Terminal(Console(file=io.StringIO(), width=80), stdin=io.StringIO(), pause_seconds=0)


def new_game(seed: int, lines: list[dict]) -> Game:
    """A seeded game whose record lines are appended to `lines` as it is played."""
    players = [Player("Ann", "bot:band"), Player("Bob", "bot:band")]
    rules = Rules(2, target=100)
    lines.append(Header(tuple(players), rules, seed).event())
    return Game(rules, random.Random(seed), players=players,
                on_step=lambda step: lines.append(event(step)))


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
    assert rebuild([(i, e) for i, e in enumerate(events, 1)]).game.turn == 0  # the record is intact


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
        game = rebuild([(i, e) for i, e in enumerate(events, 1)], rng=random.Random(seed)).game
        game.on_step = lambda step: carried.append(event(step))  # noqa: B023
        assert run_session(terminal(), game, [BandBot("Ann"), BandBot("Bob")]) == 0
        assert events + carried == whole


def test_a_bad_bot_message_is_a_sentence_of_its_own() -> None:
    term = terminal()
    run_session(term, new_game(3, []), [ThrowsBackBot("Rogue"), ThrowsBackBot("Rogue 2")])
    shown = " ".join(term.console.file.getvalue().split())
    assert re.search(r"place in slot 1[^ ]*\. The game stopped", shown), shown


def test_in_hot_seat_a_bot_playing_first_is_told_after_the_deal() -> None:
    from rack_o.cli.human import HumanAgent

    players = [Player("Ann", "human"), Player("Bob", "human"), Player("Cy", "bot:band")]
    # Bob draws the highest card and deals; Cy, on his left, plays first.
    game = Game(Rules(3), random.Random(4), players=players, dealer_draw=[5, 50, 20])
    keys = "\n" + "\n" + "d\nx\n\n" + "q\ny\n"  # deal; Ann takes over, discards; quit at Bob's
    term = Terminal(Console(file=io.StringIO(), width=80), stdin=io.StringIO(keys),
                    pause_seconds=0)
    agents = [HumanAgent("Ann", term), HumanAgent("Bob", term), BandBot("Cy")]
    assert run_session(term, game, agents) == 1
    shown = " ".join(term.console.file.getvalue().split())
    moves = [m.start() for m in re.finditer(r"Cy (drew|took)", shown)]
    deals = [m.start() for m in re.finditer("Round 1: Bob deals", shown)]
    handoff = shown.index("Pass the terminal to Ann")
    # As it happens, then again on the hand-off screen: the deal first, then Cy's move.
    assert deals[0] < moves[0] < deals[1] < moves[1] < handoff


def test_leaving_after_drawing_discards_the_card_and_an_ordered_rack_goes_rack_o() -> None:
    from builders import dealt

    from rack_o.cli.human import HumanAgent

    # Seat 1 dealt; seat 0 holds a rack in order, draws 40, then the input ends (Ctrl-D).
    game = dealt([list(range(1, 11)), list(range(11, 21))], 21, [40], dealer=1)
    term = Terminal(Console(file=io.StringIO(), width=80), stdin=io.StringIO("d\n"),
                    pause_seconds=0)
    code = run_session(term, game, [HumanAgent("Ann", term), BandBot("Bob")])
    shown = " ".join(term.console.file.getvalue().split())
    assert code == 1
    assert record_lines(game)[-2:][0] == {"type": "turn", "seat": 0, "source": "draw", "card": 40,
                                   "slot": None}
    assert record_lines(game)[-1]["type"] == "round_end" and game.rounds[0].racko == 0
    assert shown.index("RACK-O!") < shown.index(
        "The input ended (Ctrl-D). You had drawn 40: a draw cannot be undone, so it was "
        "discarded. The game stopped after round 1"  # the discard ended it with a Rack-O
    )


def test_a_game_stopped_between_rounds_says_after_which_round_not_in_it() -> None:
    from builders import seeded_game, sensible_action

    from rack_o.actions import Phase
    from rack_o.cli.session import where_stopped

    game = seeded_game(3, target=500)
    rng = random.Random(4)
    game.deal()
    assert "The game stopped in round 1 (" in where_stopped(game, "Stopped.", None)
    while game.phase is not Phase.DEAL:
        game.apply(sensible_action(game, rng))
    said = where_stopped(game, "Stopped.", None)
    assert said.startswith("Stopped. The game stopped after round 1 (")


class NotingBot(BandBot):
    """Adds notes of its own to its turn's record line, one of them a turn field's name."""

    def turn_notes(self) -> dict[str, object]:
        return {"slot": 99, "card": 0, "mood": "sunny"}


class ListWriter:
    """A record writer that keeps its lines."""

    def __init__(self) -> None:
        self.lines: list[dict] = []

    def write(self, line: dict) -> None:
        self.lines.append(line)


def test_an_agent_s_notes_are_added_to_its_record_line_but_never_stand_in_for_the_turn() -> None:
    seed = 21
    game = new_game(seed, [])
    game.on_step = None
    writer = ListWriter()
    code = run_session(terminal(), game, [NotingBot("Ann"), BandBot("Bob")],
                       writer=writer)  # type: ignore[arg-type]
    assert code == 0
    turns = [line for line in writer.lines if line["type"] == "turn" and line["seat"] == 0]
    assert turns and all(line["mood"] == "sunny" for line in turns)
    # The record is the game as played (from the deal: the dealer was drawn as the game was
    # made): what the notes said of slot and card is not in it.
    assert [{k: v for k, v in line.items() if k != "mood"} for line in writer.lines] == (
        play_all(seed)[2:])
