"""What a hosted table tells about its seats beyond the moves: the hints each person used at
the end of the game (none for a seat only a computer player played), and, when the table
opens again, the guest whose drawn card was discarded as the game stopped."""

from __future__ import annotations

import io
from collections.abc import Sequence

import pytest
from builders import finished_game, seeded_game
from test_host_languages import plain, seated

from rack_o.bots import make_bot
from rack_o.cli.human import HumanAgent
from rack_o.cli.resume import cut_short
from rack_o.game import Game
from rack_o.host.guest_seats import GuestSeats
from rack_o.host.hosting import HostedGame
from rack_o.host.keyboard import KeyReader
from rack_o.host.views import TableInfo
from rack_o.record import Event

THREE = {"players": 3, "names": ["Ann", "Bob", "Cy"], "kinds": ["human"] * 3}


def hosted(table: GuestSeats, game: Game, *, events: Sequence[Event] = (),
           given_away: Sequence[int] = (), cut_short: tuple[int, int] | None = None
           ) -> HostedGame:
    """`game` at a table hosted without a seat, Bob and Cy its guests."""
    terminals = table.terminals
    agents = [HumanAgent(p.name, terminals[seat]) if seat in terminals
              else make_bot("hard", seat, 3) for seat, p in enumerate(game.players)]
    return HostedGame(table, game, agents, host_seat=None, host_terminal=None,
                      info=TableInfo("tq4m-8kxp", "SHA256:x", {}),
                      stand_in=lambda seat: make_bot("hard", seat, 3), events=events,
                      given_away=given_away, cut_short=cut_short, pause_seconds=0)


def shown_text(lines: object) -> str:
    from rich.console import Console, Group

    console = Console(width=200, record=True, file=io.StringIO())
    console.print(Group(*lines))  # type: ignore[arg-type]
    return " ".join(console.export_text().replace("\u00a0", " ").split())


@pytest.mark.parametrize(
    ("events", "used"),
    [([], "Hints used: Bob 0."),
     # Cy played a turn, shown a hint, before the host gave the seat away: it counts.
     ([{"type": "turn", "seat": 2, "hints": 1}], "Hints used: Bob 0, Cy 1."),
     ([{"type": "turn", "seat": 2, "stand_in": "bot:hard"}], "Hints used: Bob 0.")],
    ids=["given-before-any-deal", "played-then-given", "only-the-computer-played"],
)
def test_the_end_lists_no_hints_for_a_seat_only_a_computer_player_played(
    events: list[Event], used: str
) -> None:
    game = finished_game(3, target=5, **{**THREE, "kinds": ["bot:hard", "human", "human"]})
    table = GuestSeats({1: "Bob", 2: "Cy"}, idle=None, pause_seconds=0)
    session = hosted(table, game, events=events, given_away=[2])
    session._game_over()  # nobody is connected: it does not wait
    assert session.over_lines is not None
    assert used in shown_text(session.over_lines)


@pytest.mark.parametrize(
    ("lines", "cut"),
    [
        ([{"type": "deal"}, {"type": "turn", "seat": 1, "source": "draw", "card": 27,
                             "slot": None, "left": True}], (1, 27)),
        # The pile turned over, or the round ended, after that turn: still the last one.
        ([{"type": "turn", "seat": 2, "source": "draw", "card": 8, "slot": None, "left": True},
          {"type": "turn_over", "round": 1}], (2, 8)),
        ([{"type": "turn", "seat": 0, "source": "draw", "card": 5, "slot": None, "left": True},
          {"type": "round_end", "round": 1}], (0, 5)),
        # Bob left with his card, and the game went on: he was told then.
        ([{"type": "turn", "seat": 1, "source": "draw", "card": 27, "slot": None, "left": True},
          {"type": "turn", "seat": 2, "source": "draw", "card": 3, "slot": 4}], None),
        ([{"type": "turn", "seat": 1, "source": "draw", "card": 27, "slot": None, "left": True},
          {"type": "round_end", "round": 1}, {"type": "deal"}], None),
        ([{"type": "turn", "seat": 1, "source": "draw", "card": 27, "slot": None}], None),
        ([{"type": "turn", "seat": "1", "source": "draw", "card": 27, "left": True}], None),
        ([], None),
    ],
    ids=["last-turn", "then-turned-over", "then-round-end", "game-went-on", "next-round",
         "not-left", "not-a-seat", "nothing-played"],
)
def test_the_turn_a_stop_cut_short_with_a_drawn_card_is_found_in_the_record(
    lines: list[Event], cut: tuple[int, int] | None
) -> None:
    assert cut_short(lines) == cut


def test_the_guest_whose_drawn_card_was_discarded_is_told_as_the_table_opens_again() -> None:
    game = seeded_game(3, **THREE)
    game.deal()
    table, links = seated({"bob": None, "cy": None})
    told = "Your turn was cut short after you drew 27: a draw cannot be undone, so it was " \
           "discarded."
    session = hosted(table, game, cut_short=(1, 27))
    for name in ("bob", "cy"):
        terminal = table.terminal(1 if name == "bob" else 2)
        terminal.receive(b"\r", KeyReader())
    session._gate(lambda: [])  # everyone is ready at once
    assert told in plain(links["bob"].text)
    assert told not in plain(links["cy"].text)
    links["bob"].sent = b""
    session.redraw()  # the game goes on: it was told as the table opened
    assert "Your turn was cut short" not in plain(links["bob"].text)
