"""A guest about to be let go for their silence (`--idle`) is warned first, with a bell and a
line on their screen, a minute before (half the limit when it is under two minutes), that
counts down; a key takes the warning away, and counts as the key it is."""

from __future__ import annotations

import types

import pytest
from test_host_questions_typed_ahead import _Keeper
from test_host_round_end_holds import shown, table, until, winning_deal
from test_host_units import FakeLink

from rack_o.host import terminal as terminal_module
from rack_o.host.inbox import Inbox
from rack_o.host.terminal import RemoteTerminal

IDLE = 1.0
WARNING = "Press a key within 1 second, or racko lets you go."


@pytest.mark.parametrize(
    ("idle", "silent_for", "warned", "seconds_to_next_check"),
    [
        (600.0, 0.0, False, 540.0),  # a minute before the ten minutes are up
        (600.0, 530.0, False, 10.0),
        (600.0, 548.0, True, 2.0),  # warned, "within 50 seconds": the next check, at 50
        (60.0, 0.0, False, 30.0),  # under two minutes: warned at half the limit
        (60.0, 40.0, True, 10.0),  # 20 left: "within 10 seconds" until 10 are left
    ],
)
def test_the_warning_comes_a_minute_before_a_guest_is_let_go(
    idle: float, silent_for: float, warned: bool, seconds_to_next_check: float,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    clock = types.SimpleNamespace(now=1000.0)
    monkeypatch.setattr(terminal_module, "time", types.SimpleNamespace(monotonic=lambda: clock.now))
    keeper = _Keeper()
    terminal = RemoteTerminal(1, "Bob", Inbox(), keeper, idle=idle)
    link = FakeLink()
    terminal.attached(link, 80, 24)
    clock.now += silent_for
    left = terminal.idle_left(1000.0)
    assert left == pytest.approx(seconds_to_next_check)
    assert (terminal.idle_warning() is not None) is warned
    assert ("\a" in link.text) is warned
    assert keeper.told == []  # nobody is let go yet


def test_the_warning_counts_down_by_tens_then_by_seconds_never_saying_more_than_are_left(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    clock = types.SimpleNamespace(now=1000.0)
    monkeypatch.setattr(terminal_module, "time", types.SimpleNamespace(monotonic=lambda: clock.now))
    keeper = _Keeper()
    terminal = RemoteTerminal(1, "Bob", Inbox(), keeper, idle=600.0)
    repaints: list[str] = []
    left_then: list[float] = []

    def repainted() -> None:
        repaints.append(str(terminal.idle_warning()))
        left_then.append(1600.0 - clock.now)

    terminal.on_redraw(repainted)
    terminal.attached(FakeLink(), 80, 24)
    clock.now += 540.0  # a minute left: warned
    while keeper.told == []:
        wait = terminal.idle_left(1000.0)
        if wait is None:
            break
        assert wait > 0
        clock.now += wait  # as the game thread waits: until the next check
    counts = [int(line.split()[4]) for line in repaints]
    assert counts == [50, 40, 30, 20, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]
    # Never more seconds than are left, then or until the next count.
    assert all(count <= left for count, left in zip(counts, left_then, strict=True))
    assert repaints[-1] == "Press a key within 1 second, or racko lets you go."
    assert keeper.told  # let go once the time is up


@pytest.mark.parametrize("language", ["en", "el", "fr", "cs"])
def test_the_warning_takes_fewer_words_where_one_line_is_narrow(
    language: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The rules' and the score sheet's status line cut it: "…, or racko let…".
    from rich.cells import cell_len

    from rack_o.i18n import speaking

    clock = types.SimpleNamespace(now=1000.0)
    monkeypatch.setattr(terminal_module, "time", types.SimpleNamespace(monotonic=lambda: clock.now))
    terminal = RemoteTerminal(1, "Bob", Inbox(), _Keeper(), idle=600.0)
    terminal.attached(FakeLink(), 45, 15)
    clock.now += 581.0  # 19 seconds left: "within 10 seconds"
    terminal.idle_left(1000.0)
    with speaking(language):
        whole = terminal.idle_warning()
        narrow = terminal.idle_warning(44)
    assert whole is not None and narrow is not None
    assert "10" in narrow.plain and cell_len(narrow.plain) <= 44, narrow.plain
    assert cell_len(whole.plain) > 44 or narrow.plain == whole.plain


def test_a_guest_silent_on_their_turn_is_warned_and_a_key_takes_the_warning_away() -> None:
    game = winning_deal(1, target=500)  # Bob plays first
    with table(game, host_seat=0, idle=IDLE) as hosted:
        links = hosted.links
        hosted.asked(1)
        until(lambda: WARNING in shown(links[1]), "Bob is warned on his turn", timeout=3)
        assert "\a" in links[1].text
        assert "Player 2's rack" in shown(links[1])  # the warning is under his rack, not instead
        assert links[1].is_open
        hosted.press(1, "d")
        until(lambda: "You drew" in shown(links[1]), "Bob's d draws a card")
        assert WARNING not in shown(links[1])
        assert links[1].is_open


def test_a_guest_silent_at_a_rounds_end_is_warned_before_being_let_go() -> None:
    game = winning_deal(0, target=500)  # Ann goes out at once
    with table(game, host_seat=0, idle=IDLE) as hosted:
        links = hosted.links
        hosted.asked(0)
        hosted.press(0, "t5\r")
        until(lambda: WARNING in shown(links[1]), "Bob is warned at the round's end", timeout=3)
        assert "Player 1 goes out" in shown(links[1])
        until(lambda: not links[1].is_open, "Bob is let go once the time is up", timeout=3)
        assert links[1].closed_with is not None
        assert links[1].closed_with.startswith("You pressed no key for 1 second")


def test_a_guest_reading_the_rules_is_warned_where_the_pager_s_status_line_was() -> None:
    # The pager covers the screen: a warning drawn under it was never seen, the guest let go.
    with table(winning_deal(1, target=500), host_seat=0, idle=IDLE, ready=False) as hosted:
        links = hosted.links
        until(lambda: "ready" in shown(links[1]), "Bob is asked whether he is ready")
        hosted.press(1, "r")
        until(lambda: "Rules of Rack-O" in shown(links[1]), "the rules are open")
        until(lambda: WARNING in shown(links[1]), "Bob is warned over the rules", timeout=3)
        assert "the rules as racko plays them" in shown(links[1])  # the rules stay, warned at foot


def test_a_guest_reading_the_rules_on_their_turn_is_warned_on_the_pager_s_status_line() -> None:
    with table(winning_deal(1, target=500), host_seat=0, idle=IDLE) as hosted:
        links = hosted.links
        hosted.asked(1)
        hosted.press(1, "r")
        until(lambda: "the rules as racko plays them" in shown(links[1]), "the rules are open")
        until(lambda: WARNING in shown(links[1]), "Bob is warned over the rules", timeout=3)
        assert "the rules as racko plays them" in shown(links[1])
