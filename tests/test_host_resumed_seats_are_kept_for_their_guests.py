"""A table opened again with `racko host --resume` keeps each guest seat for the guest who sat
there: the user name they took it with (the record's next line names it when it is not the
seat's own), else the seat's name. Nobody else sits there and sees that rack."""

from __future__ import annotations

from pathlib import Path

import pytest
from builders import seeded_game
from test_host_game_units import guests_only
from test_host_units import FakeLink

from rack_o.host.guest_seats import GuestSeats, recorded_logins
from rack_o.host.terminal import RemoteTerminal
from rack_o.record import parse_lines
from rack_o.store.writer import RecordWriter

NAMES = {0: "Ann", 1: "Bob", 2: "Cy"}


def _logins_written(path: Path) -> tuple[list[dict], list[tuple[str, dict]]]:
    """The record's lines, and (type, guest_logins) of each line that names logins."""
    lines = [line for _number, line in parse_lines(path.read_text(encoding="utf-8"))]
    return lines, [(line["type"], line["guest_logins"]) for line in lines
                   if "guest_logins" in line]


def test_a_guest_who_took_a_seat_under_another_name_is_named_in_the_record(tmp_path) -> None:
    game = seeded_game(3, players=3, names=["Ann", "Bob", "Cy"], kinds=["human"] * 3)
    table = GuestSeats(NAMES, idle=None, pause_seconds=0)
    writer = RecordWriter(tmp_path / "logins.jsonl")
    session = guests_only(table, game, writer=writer)
    assert session.seats is table
    table.join("ann", FakeLink(), 80, 24)  # her own name: nothing to remember
    table.join("Hard", FakeLink(), 80, 24)  # not a seat's name: the next free seat, Bob's
    table.inbox.run_posted()
    game.deal()
    game.apply(game.legal_actions()[0], game.mover)
    table.join("ZÉD", FakeLink(), 80, 24)  # mid-game, the last free seat
    table.inbox.run_posted()
    game.apply(game.legal_actions()[0], game.mover)
    game.apply(game.legal_actions()[0], game.mover)
    writer.close()
    lines, named = _logins_written(tmp_path / "logins.jsonl")
    assert named == [("deal", {"1": "hard"}), ("turn", {"2": "zed"})]
    assert recorded_logins(lines, 3) == {1: "hard", 2: "zed"}


def test_a_seat_taken_under_another_name_is_said_to_be_when_its_guest_comes() -> None:
    table = GuestSeats(NAMES, idle=None, pause_seconds=0)
    stranger = FakeLink()
    assert table.join("xavier", stranger, 80, 24) is table.terminal(0)  # the next free seat
    # Ann's own connection it is not: waiting a minute would not help her.
    assert table.join("ann", FakeLink(), 80, 24) == (
        "Ann's seat is taken by someone who logged in as xavier: if that is not you, ask them "
        "to leave it (q), then connect again.")
    assert table.logins() == {0: "xavier"}
    table.leave(0, stranger)
    assert table.join("ann", FakeLink(), 80, 24) is table.terminal(0)
    assert table.logins() == {}  # the seat is Ann's again: no other login kept for it
    assert table.join("xavier", FakeLink(), 80, 24) is table.terminal(1)  # the next free one


def test_a_seat_taken_back_under_its_own_name_is_named_so_in_the_record(tmp_path) -> None:
    game = seeded_game(3, players=3, names=["Ann", "Bob", "Cy"], kinds=["human"] * 3)
    table = GuestSeats(NAMES, idle=None, pause_seconds=0)
    writer = RecordWriter(tmp_path / "logins.jsonl")
    guests_only(table, game, writer=writer)
    stranger = FakeLink()
    table.join("xavier", stranger, 80, 24)  # Ann's seat, the first free one
    table.inbox.run_posted()
    game.deal()
    table.leave(0, stranger)
    table.join("Ann", FakeLink(), 80, 24)
    table.inbox.run_posted()
    game.apply(game.legal_actions()[0], game.mover)  # a turn, its two halves
    game.apply(game.legal_actions()[0], game.mover)
    writer.close()
    lines, named = _logins_written(tmp_path / "logins.jsonl")
    assert named == [("deal", {"0": "xavier"}), ("turn", {"0": "ann"})]
    assert recorded_logins(lines, 3) == {0: "ann"}  # opened again, the seat is kept for Ann


@pytest.mark.parametrize(
    ("lines", "logins"),
    [
        ([{"type": "deal", "guest_logins": {"2": "hard"}}], {2: "hard"}),
        ([{"type": "deal", "guest_logins": {"2": "HARD"}}], {2: "hard"}),  # as names compare
        ([{"type": "deal", "guest_logins": {"0": "zed"}},
          {"type": "turn", "guest_logins": {"1": "yves"}}], {0: "zed", 1: "yves"}),
        # Not a seat of this game, not a name, not a mapping: left out.
        ([{"type": "deal", "guest_logins": {"3": "x", "-1": "x", "01": "x", "٢": "x",
                                            "1": 7, "2": "", "0": " "}}], {}),
        ([{"type": "deal", "guest_logins": ["hard"]}], {}),
        ([{"type": "deal", "guest_logins": "hard"}], {}),
    ],
    ids=["one", "case", "two-lines", "not-seats-or-names", "a-list", "a-string"],
)
def test_the_record_s_logins_are_read_back_by_seat(lines: list[dict], logins: dict) -> None:
    assert recorded_logins(lines, 3) == logins


def test_a_resumed_table_seats_each_guest_by_their_own_login_and_nobody_else() -> None:
    # Cy sat under the user name "hard"; Ann and Bob under their names.
    table = GuestSeats(NAMES, claims={0: "ann", 1: "bob", 2: "hard"})
    refused = table.join("someone", FakeLink(), 80, 24)
    assert refused == (
        "No seat is free: Ann, Bob and Cy are away, and their seats are kept for them. If one is "
        "yours, connect with its name as the user name.")
    assert table.join("hard", FakeLink(), 80, 24) is table.terminal(2)  # the same ssh command
    assert table.join("ANN", FakeLink(), 80, 24) is table.terminal(0)
    assert table.join("cy", FakeLink(), 80, 24) == (
        "Cy's seat is taken by someone who logged in as hard: if that is not you, ask them to "
        "leave it (q), then connect again.")
    assert isinstance(table.join("bob", FakeLink(), 80, 24), RemoteTerminal)


def test_racko_host_resume_keeps_the_seats_for_the_logins_the_record_names() -> None:
    from rack_o.host.opening import _kept_for

    events = [{"type": "deal", "guest_logins": {"2": "hard"}}]
    # Ann is the host: her seat is no guest's. Zoë's has no login: her own name keeps it.
    assert _kept_for(events, 4, {1: "Bob", 2: "Cy", 3: "Zoë"}) == {
        1: "bob", 2: "hard", 3: "zoe"}


def test_the_host_sees_the_user_name_a_guest_took_another_s_seat_with() -> None:
    from rich.console import Console

    from rack_o.host.views import Presence, players_block

    table = GuestSeats(NAMES, idle=None, pause_seconds=0)
    table.join("bob", FakeLink(), 80, 24)
    table.join("zed", FakeLink(), 80, 24)  # the next free seat: Ann's
    presence = [Presence.READY, Presence.HERE, Presence.AWAY]
    console = Console(width=100, color_system=None)
    with console.capture() as captured:
        console.print(players_block(list(NAMES.values()), presence, logins=table.logins()))
    ann, bob, cy = captured.get().splitlines()
    assert ann.split() == ["1", "Ann", "ready", "logged", "in", "as", "zed"]
    assert bob.split() == ["2", "Bob", "here"]  # his own name: nothing to say
    assert cy.split() == ["3", "Cy", "away"]


def test_a_record_naming_a_login_for_a_seat_no_guest_has_opens_all_the_same() -> None:
    from rack_o.bots import make_bot
    from rack_o.cli.human import HumanAgent
    from rack_o.host.hosting import HostedGame
    from rack_o.host.views import TableInfo

    # A computer player at seat 1 (0-based 0), yet the record names a login for it.
    game = seeded_game(3, players=3, names=["Hard", "Bob", "Cy"],
                       kinds=["bot:hard", "human", "human"])
    table = GuestSeats({1: "Bob", 2: "Cy"}, idle=None, pause_seconds=0,
                       claims={1: "bob", 2: "cy"})
    agents = [make_bot("hard", 0, 3), *(HumanAgent(name, table.terminals[seat])
                                        for seat, name in ((1, "Bob"), (2, "Cy")))]
    events = [{"type": "deal", "round": 1, "guest_logins": {"0": "xavier"}}]
    hosted = HostedGame(table, game, agents, host_seat=None, host_terminal=None,
                        info=TableInfo("tq4m-8kxp", "SHA256:x", {}),
                        stand_in=lambda seat: make_bot("hard", seat, 3), events=events,
                        pause_seconds=0)
    assert hosted.logins() == {}
