"""The hand-off cannot be skipped: keys typed ahead by the player whose turn ends never reach
the next player's rack, in a real 80x24 terminal, read as it shows (pyte).
"""

from __future__ import annotations

from pathlib import Path

import pexpect
import pytest
from ttykit import ENTER, at_the_first_turn, events, press, settle, visible, waits_for_a_key

from rack_o.cli.hold import HANDOFF_QUIET, PASS_HOLD

STRAYS = {
    # How the keys that end Ann's turn are typed: (sent with the confirm, sent right after it
    # without waiting for anything).
    "enter-enter": (ENTER + ENTER, ""),
    "enter-5": (ENTER + "5", ""),
    "enter-enter-5": (ENTER + ENTER + "5", ""),
    "enter-then-enter-5": (ENTER, ENTER + "5"),
    "enter-then-enter-enter": (ENTER, ENTER + ENTER),
}


@pytest.mark.parametrize("typed", list(STRAYS))
def test_keys_typed_with_the_confirm_never_show_the_next_rack(tmp_path: Path, typed: str) -> None:
    record = tmp_path / "game.jsonl"
    child = at_the_first_turn(tmp_path, "--record", str(record))
    first = visible(child).splitlines()[0]
    mover = "Ann" if "Ann to play" in first else "Bob"
    other = "Bob" if mover == "Ann" else "Ann"
    press(child, "d")
    child.expect("to discard it.*> ")
    press(child, "x")
    child.expect("takes it back.*> ")
    with_confirm, after = STRAYS[typed]
    press(child, with_confirm)
    if after:
        child.send(after)  # while racko is still busy: typed ahead of the hand-off screen
    child.expect("press Enter when ready > ")
    settle(child, 0.6)  # time enough for a stray key to open the next rack, if it could
    screen = visible(child)
    assert waits_for_a_key(child)
    assert screen.splitlines()[-1].startswith(f"Pass the terminal to {other}"), screen
    assert "█" not in screen and "rack" not in screen.lower(), screen
    assert sum(e["type"] == "turn" for e in events(record)) == 1
    # The next person's own Enter opens their rack.
    press(child, ENTER)
    child.expect("q quit > ")
    assert f"{other}'s rack" in visible(child)
    press(child, "q")
    child.expect("Quit this game")
    press(child, "y")
    child.expect(pexpect.EOF)


def draw_and_discard(child: pexpect.spawn) -> None:
    """The player at the keyboard draws, throws the card away and confirms with Enter."""
    press(child, "d")
    child.expect("to discard it.*> ")
    press(child, "x")
    child.expect("takes it back.*> ")
    press(child, ENTER)


def test_a_second_enter_right_after_the_hand_off_appears_is_thrown_away(tmp_path: Path) -> None:
    record = tmp_path / "game.jsonl"
    child = at_the_first_turn(tmp_path, "--record", str(record))
    draw_and_discard(child)
    # A double Enter, as people often press it: the second a tenth of a second after the
    # first, when the hand-off screen is up already.
    settle(child, 0.1)
    child.send(ENTER)
    child.expect("press Enter when ready > ")
    settle(child, 0.5)
    assert visible(child).splitlines()[-1].startswith("Pass the terminal to")
    assert "█" not in visible(child)
    child.sendintr()
    child.expect(pexpect.EOF)


def the_only_turn_then_quit(child: pexpect.spawn, record: Path) -> dict:
    """At the hand-off after the game's first turn: that turn's line; the next person opens
    their rack and quits."""
    child.expect("press Enter when ready > ")
    [turn] = [e for e in events(record) if e["type"] == "turn"]
    press(child, ENTER)
    child.expect("q quit > ")
    press(child, "q")
    child.expect("Quit this game")
    press(child, "y")
    child.expect(pexpect.EOF)
    return turn


def test_a_move_typed_at_once_after_taking_a_card_is_made_whole(tmp_path: Path) -> None:
    # The taken card was face up: "t 5 Enter" typed in one go is a whole, informed move.
    record = tmp_path / "game.jsonl"
    child = at_the_first_turn(tmp_path, "--record", str(record))
    child.send("t5" + ENTER)
    turn = the_only_turn_then_quit(child, record)
    assert (turn["source"], turn["slot"]) == ("discard", 5)


def test_a_slot_typed_with_the_draw_waits_for_the_drawn_card_to_be_seen(tmp_path: Path) -> None:
    record = tmp_path / "game.jsonl"
    child = at_the_first_turn(tmp_path, "--record", str(record))
    child.send("d5" + ENTER)
    child.expect("to discard it.*> ")
    settle(child, 0.6)  # time enough for the 5 to place the card, if it could
    assert "You drew" in visible(child)
    assert waits_for_a_key(child)
    assert not [e for e in events(record) if e["type"] == "turn"]
    press(child, "5")
    child.expect("takes it back.*> ")
    press(child, ENTER)
    turn = the_only_turn_then_quit(child, record)
    assert (turn["source"], turn["slot"]) == ("draw", 5)


# Seconds between one Enter and the next after the move's confirming Enter: a slow double
# press (a third of a second later), an Enter pressed again on seeing the hand-off ("to be
# sure", half a second to a second later: with a 0.4 s hold it opened the next rack), or an
# impatient player pressing again and again (each press came after the hold, and the one just
# after it opened the next rack).
AFTER_A_MOVE = {
    "at once": [0.05], "a moment later": [0.2], "a slow double press": [0.35],
    "again on seeing the hand-off": [0.45], "half a second later": [0.6],
    "most of a second later": [0.9],
    "over and over, 10 a second": [0.1] * 8, "over and over, 5 a second": [0.2] * 8,
    "again and again, every 0.7 s": [0.7] * 5,  # "did it take?": opened it with 0.6 s quiet
    "once more, a second later": [1.1], "once more, 1.8 s later": [1.8],  # with a 1 s hold
}


@pytest.mark.parametrize("gaps", AFTER_A_MOVE.values(), ids=AFTER_A_MOVE)
def test_enter_pressed_again_after_a_move_never_opens_the_next_rack(
    tmp_path: Path, gaps: list[float]
) -> None:
    record = tmp_path / "game.jsonl"
    child = at_the_first_turn(tmp_path, "--record", str(record))
    draw_and_discard(child)
    for gap in gaps:
        settle(child, gap)
        assert "█" not in visible(child), visible(child)
        child.send(ENTER)
    settle(child, PASS_HOLD + HANDOFF_QUIET + 0.2)  # the last Enter's hold, and then some
    assert "█" not in visible(child), visible(child)
    assert "Everyone else, please look away." in visible(child)
    assert visible(child).rstrip().endswith("press Enter when ready >"), visible(child)
    # Once the keyboard is left alone, the next person's Enter opens their rack.
    press(child, ENTER)
    child.expect("q quit > ")
    assert "█" in visible(child)
    child.sendintr()
    child.expect(pexpect.EOF)


def test_a_key_typed_with_the_enter_that_opens_the_rack_is_ignored_and_said_to_be(
    tmp_path: Path,
) -> None:
    record = tmp_path / "game.jsonl"
    child = at_the_first_turn(tmp_path, "--record", str(record))
    draw_and_discard(child)
    child.expect("press Enter when ready > ")
    settle(child, PASS_HOLD + 0.3)
    child.send(ENTER + "d")  # the next player, quick: a draw typed before the rack shows
    child.expect("q quit > ")
    settle(child, 0.3)
    screen = visible(child)
    # Not drawn blind: the player sees the rack and the discard pile first, and is told.
    assert "Keys typed before you saw your rack were ignored." in screen, screen
    assert "You drew" not in screen and screen.splitlines()[-1].endswith("q quit >"), screen
    assert sum(e["type"] == "turn" for e in events(record)) == 1
    press(child, "d")  # pressed again, it draws
    child.expect("You drew")
    child.sendintr()
    child.expect(pexpect.EOF)


def test_a_double_enter_that_opens_the_rack_is_not_said_to_be_ignored(tmp_path: Path) -> None:
    child = at_the_first_turn(tmp_path)
    draw_and_discard(child)
    child.expect("press Enter when ready > ")
    settle(child, PASS_HOLD + 0.3)
    child.send(ENTER + ENTER)  # pressed twice, as people do: the second meant nothing
    child.expect("q quit > ")
    settle(child, 0.3)
    screen = visible(child)
    assert "'s rack" in screen and "ignored" not in screen, screen
    child.sendintr()
    child.expect(pexpect.EOF)
