"""A computer player's moves for a person (once the host gave it their seat) are marked in the
public moves everyone reads ("Bob (computer) drew a card…"): the seat's name alone would read
as the person's own moves. Moves the person made themselves are not marked."""

from __future__ import annotations

from builders import dealt, record_lines
from rich.console import Console

from rack_o.actions import DRAW, Phase, place
from rack_o.cli.screens import history_block
from rack_o.game import Game
from rack_o.host.hosting import HostedGame


def two_moves() -> Game:
    """Ann and Bob have each made a move; it is Ann's turn again."""
    game = dealt([[40, 1, 39, 2, 38, 3, 37, 4, 36, 5], [35, 6, 34, 7, 33, 8, 32, 9, 31, 10]],
                 20, [21, 22, 23, 24], dealer=1)
    for _turn in range(2):
        game.apply(DRAW)
        game.apply(place(1))
    return game


def moves_read(game: Game, seat: int, stand_ins: frozenset[int]) -> str:
    console = Console(width=100, color_system=None)
    with console.capture() as captured:
        console.print(history_block(game.view(seat), stand_ins=stand_ins))
    return captured.get()


def test_only_the_moves_a_computer_player_made_for_a_person_are_marked() -> None:
    game = two_moves()
    assert game.phase is Phase.CHOOSE
    names = [p.name for p in game.players]
    read = moves_read(game, 0, frozenset({1}))  # Bob's move (the second) was the computer's
    assert f"{names[1]} (computer) drew a card into slot 1" in read
    assert moves_read(game, 0, frozenset()).count("(computer)") == 0


def test_a_table_opened_again_marks_the_moves_its_record_says_a_computer_made() -> None:
    from rack_o.host.hosting import stood_in_places
    from rack_o.record import STAND_IN
    from rack_o.view import PublicTurn

    def bob_played_after_a_turn_over(lines: list[dict]) -> bool:
        kinds = [line["type"] for line in lines]
        return "turn_over" in kinds and any(
            line["type"] == "turn" and line["seat"] == 1
            for line in lines[kinds.index("turn_over"):])

    # Turns until the draw pile has been turned over and Bob has played since.
    game = dealt([[40, 1, 39, 2, 38, 3, 37, 4, 36, 5], [35, 6, 34, 7, 33, 8, 32, 9, 31, 10]],
                 20, dealer=1)
    while not bob_played_after_a_turn_over(record_lines(game)):
        game.apply(DRAW)
        game.apply(place(1))
    lines = record_lines(game)
    turns = [line for line in lines if line["type"] == "turn"]
    bobs = [line for line in turns if line["seat"] == 1]
    for line in (bobs[0], bobs[-1]):  # the first and last of Bob's turns, played for him
        line[STAND_IN] = "bot:hard"
    places = stood_in_places(lines)
    history = game.history
    bob_places = [place for place, event in enumerate(history)
                  if isinstance(event, PublicTurn) and event.seat == 1]
    assert places == {(game.round, bob_places[0]), (game.round, bob_places[-1])}
    # The table opened again with those lines marks them.
    assert _hosted(game, lines).stand_in_turns() == {bob_places[0], bob_places[-1]}


def _hosted(game: Game, events: list[dict]) -> HostedGame:
    """`game` at a table of guests, opened again from a record's `events` (not played)."""
    from rack_o.bots import make_bot
    from rack_o.cli.human import HumanAgent
    from rack_o.host.guest_seats import GuestSeats
    from rack_o.host.views import TableInfo

    names = {seat: player.name for seat, player in enumerate(game.players)}
    table = GuestSeats(names, idle=None, pause_seconds=0)
    agents = [HumanAgent(name, table.terminals[seat]) for seat, name in names.items()]
    return HostedGame(table, game, agents, host_seat=None, host_terminal=None,
                      info=TableInfo("tq4m-8kxp", "SHA256:x", {}),
                      stand_in=lambda seat: make_bot("hard", seat, 3), events=events,
                      pause_seconds=0)


def test_at_a_table_everyone_reads_the_stand_ins_moves_marked() -> None:
    from test_host_round_end_holds import shown, table, until

    game = dealt([[40, 1, 39, 2, 38, 3, 37, 4, 36, 5], [35, 6, 34, 7, 33, 8, 32, 9, 31, 10]],
                 20, [21, 22, 23, 24, 25, 26], dealer=0)  # Bob plays first
    with table(game, host_seat=0) as hosted:
        hosted.asked(1)
        hosted.press(1, "q")
        until(lambda: "Leave the table?" in shown(hosted.links[1]), "Bob is asked")
        hosted.press(1, "y")  # Bob leaves on his turn
        until(lambda: "(left the table)" in shown(hosted.links[0]), "Ann reads Bob left")
        hosted.press(0, "b")
        until(lambda: "Which seat goes to a computer player?" in shown(hosted.links[0]),
              "the host is asked which seat")
        hosted.press(0, "2")
        hosted.asked(0)  # the computer player moved for Bob: Ann's turn
        until(lambda: "Player 2 (computer)" in shown(hosted.links[0]),
              "Ann reads the computer's move for Bob, marked")
