"""Playing again at a hosted table: a real `racko host` in a pseudo-terminal, OpenSSH guests.

When a game ends, the host is asked racko play's own question ("Play again, same players, new
cards?") while the guests read that the host is choosing. On yes, the same table (the same
code, seats, rules, hints and bots) plays a new game with new cards and a new record: a guest
still connected keeps their seat, one who left comes back with the same ssh command and code.
On no, Ctrl-C, Ctrl-D or the host's window closing, the table closes as it did before.
"""

from __future__ import annotations

import os
import re
import signal
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

asyncssh = pytest.importorskip("asyncssh", reason="racko host needs asyncssh (the host extra)")
pexpect = pytest.importorskip("pexpect")

import hostkit as kit  # noqa: E402
from hostkit import HostProcess, Pty  # noqa: E402

from rack_o.record import parse_lines, rebuild  # noqa: E402
from rack_o.store.history import iter_games  # noqa: E402
from rack_o.store.paths import HISTORY_NAME  # noqa: E402

DECK = 50  # three players
SEATED = ("--names", "Ann,Bob", "--bots", "hard", "--target", "5", "--seed", "3", "--fast",
          "--no-hints")
"""Ann hosts from her seat, Bob is her guest, the hard bot plays the third seat."""
LEFT = "You left the table. If the host plays again, the same ssh command takes your seat back."
CLOSED = "The host closed the table. Thanks for playing!"


def records(home: Path) -> list[list[dict]]:
    """Every game record's lines, oldest first."""
    paths = sorted((home / "games").glob("*.jsonl"), key=lambda path: path.stat().st_mtime_ns)
    return [[line for _, line in parse_lines(path.read_text(encoding="utf-8"))]
            for path in paths]


def is_over(lines: list[dict]) -> bool:
    return rebuild(list(enumerate(lines, start=1))).game.is_over


def deal(lines: list[dict]) -> dict:
    """The record's first deal line."""
    return next(line for line in lines if line["type"] == "deal")


def play_to_the_question(host: HostProcess, players: dict[str, Pty]) -> None:
    """Play the game to its end, where the host is asked whether to play again."""
    kit.play_guests(host, players, DECK)
    host.pty.wait_for(re.escape(kit.AGAIN))


@contextmanager
def at_the_question(home: Path) -> Iterator[tuple[HostProcess, Pty]]:
    """Ann hosting from her seat, Bob her guest, their game played to its end, where the host
    is asked whether to play again; both ended after."""
    host = kit.start_host(home, *SEATED, short_holds=True)
    bob = kit.ssh_guest(host, "bob", home)
    try:
        play_to_the_question(host, {"ann": host.pty, "bob": bob})
        yield host, bob
    finally:
        ended(host.pty, bob)


def told(pty: Pty, sentence: str) -> None:
    """Wait until `pty` was told `sentence` (however its lines wrapped it)."""
    pty.wait_for(r"\s+".join(map(re.escape, sentence.split())), screen=False)


def ended(*ptys: Pty) -> None:
    for pty in ptys:
        pty.end()


def exit_status(host: HostProcess) -> int | None:
    host.pty.child.expect(pexpect.EOF)
    host.pty.child.close()
    return host.pty.child.exitstatus  # type: ignore[no-any-return]


def test_the_same_table_plays_a_new_game_with_new_cards_when_the_host_says_yes(
    tmp_path: Path,
) -> None:
    host = kit.start_host(tmp_path, *SEATED, short_holds=True)
    bob = kit.ssh_guest(host, "bob", tmp_path)
    players = {"ann": host.pty, "bob": bob}
    try:
        play_to_the_question(host, players)
        bob.wait_for("Waiting for Ann to choose whether to play again.")
        host.pty.send("y")
        for player in players.values():
            player.wait_for(kit.READY)  # Bob never left: the same connection
        assert "Table code: " + host.code in host.pty.visible()
        play_to_the_question(host, players)
        host.pty.send("n")
        bob.wait_for(CLOSED, screen=False)
        # Said once the table is closed, for the last game played.
        last = max((tmp_path / "games").glob("*.jsonl"), key=lambda p: p.stat().st_mtime_ns)
        told(host.pty, f"Step through the game: racko replay {last.stem}")
        told(host.pty, f"What each move cost: racko review {last.stem}")
        assert exit_status(host) == 0
    finally:
        ended(host.pty, bob)
    first, second = records(tmp_path)
    assert is_over(first) and is_over(second)
    assert first[0]["seed"] == 3 and second[0]["seed"] != 3
    assert deal(first) != deal(second)  # other cards
    same = ("players", "rules", "hints", "host_seat")
    assert {key: second[0].get(key) for key in same} == {key: first[0].get(key) for key in same}
    assert second[0]["hints"] is False


def test_a_guest_at_the_end_waits_for_the_host_and_leaves_only_with_q(tmp_path: Path) -> None:
    with at_the_question(tmp_path) as (host, bob):
        bob.wait_for("Waiting for Ann to choose whether to play again.")
        bob.wait_for("q leave the table")  # once the end has stood its moment: keys count
        assert bob.last_line() == "s score sheet · r rules · ? help · q leave the table"
        bob.send("\r")  # the Enter that left the table before: Bob stays
        bob.send("x")
        bob.wait_for(r"x does nothing here: press s, r, \? or q\.")
        bob.send("?")  # what the screen is for now: the game is over, the host chooses
        bob.wait_for(r"The game is over, and the host is choosing whether to play again\.")
        assert bob.child.isalive()
        bob.send("q")
        bob.wait_for(r"Leave the table\? y leaves")
        bob.send("y")
        told(bob, LEFT)
        # The host, still choosing, is told, above the question still asked.
        # (The note comes first and the question is asked again after it: wait for both.)
        host.pty.wait_for(r"Bob left the table: a new game would wait for them to come back\.\n"
                          + re.escape(kit.AGAIN.split("?")[0]))
        assert host.pty.last_line().startswith(kit.AGAIN.split("?")[0]), host.pty.visible()
        host.pty.send("y")
        host.pty.wait_for(r"2\s+Bob\s+left the table")  # with his ssh line, and the same code
        back = kit.ssh_guest(host, "bob", tmp_path)
        back.wait_for(kit.READY)
        back.send("\r")
        host.pty.wait_for(kit.READY)
        host.pty.send("\r")
        back.wait_for(r"Round 1  ·  \w+ dealt")


def test_a_host_who_stops_before_the_next_game_s_first_deal_is_told_how_to_replay_the_last(
    tmp_path: Path,
) -> None:
    with at_the_question(tmp_path) as (host, _bob):
        host.pty.send("y")
        host.pty.wait_for(kit.READY)
        host.pty.send("q")
        host.pty.wait_for("Stop the game for everyone?")
        host.pty.send("y")
        told(host.pty, "No card was dealt, so there is no game to carry on.")
        said = host.pty.wait_for(r"Step\s+through\s+the\s+game:\s+racko\s+replay\s+(\S+)",
                                 screen=False)
        exit_status(host)
        [only] = (tmp_path / "games").glob("*.jsonl")  # the new game, never dealt, is not kept
        assert said.group(1) == only.stem
    assert is_over(records(tmp_path)[0])


def test_a_key_that_is_no_answer_is_told_and_the_question_stands(tmp_path: Path) -> None:
    with at_the_question(tmp_path) as (host, bob):
        host.pty.send("x")
        told(host.pty, "Press y to play again, or n to stop.")
        host.pty.send("n")
        bob.wait_for(CLOSED, screen=False)
        assert exit_status(host) == 0


@pytest.mark.parametrize(("answer", "code"), [("n", 0), ("\x03", 0), ("\x04", 0), (None, 129)],
                         ids=["n", "ctrl-c", "ctrl-d", "window-closed"])
def test_the_table_closes_as_before_when_the_host_says_no(
    tmp_path: Path, answer: str | None, code: int
) -> None:
    with at_the_question(tmp_path) as (host, bob):
        if answer is None:
            os.kill(host.pid, signal.SIGHUP)
        else:
            host.pty.send(answer)
        bob.wait_for(CLOSED, screen=False)
        [only] = (tmp_path / "games").glob("*.jsonl")
        told(host.pty, f"Step through the game: racko replay {only.stem}")
        told(host.pty, f"What each move cost: racko review {only.stem}")
        assert exit_status(host) == code
    assert is_over(records(tmp_path)[0])


def test_a_host_window_closed_at_the_question_still_puts_the_game_in_the_history(
    tmp_path: Path,
) -> None:
    # The terminal gone, every write to it fails: the game went missing from the history.
    host = kit.start_host(tmp_path, *SEATED, short_holds=True)
    bob = kit.ssh_guest(host, "bob", tmp_path)
    try:
        play_to_the_question(host, {"ann": host.pty, "bob": bob})
        host.pty.child.ptyproc.fileobj.close()  # the window closed, not only told to stop
        bob.wait_for(CLOSED, screen=False)
        deadline = time.monotonic() + kit.WAIT
        while host.pty.child.ptyproc.isalive() and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not host.pty.child.ptyproc.isalive()
    finally:
        ended(bob)
    [only] = (tmp_path / "games").glob("*.jsonl")
    [row] = iter_games(path=tmp_path / HISTORY_NAME)
    assert Path(row.record).name == only.name


def test_a_seat_given_to_a_computer_player_waits_for_its_guest_in_the_next_game(
    tmp_path: Path,
) -> None:
    host = kit.start_host(tmp_path, "--names", "Ann,Bob,Cy", "--target", "5", "--seed", "4",
                          "--fast", short_holds=True)
    bob = kit.ssh_guest(host, "bob", tmp_path)
    try:
        host.pty.wait_for(r"3\s+Cy\s+away")
        host.pty.send("b")
        host.pty.wait_for(r"Which seat goes to a computer player\?")
        host.pty.send("3")
        host.pty.wait_for(r"3\s+Cy\s+a computer player plays for them")
        play_to_the_question(host, {"ann": host.pty, "bob": bob})
        host.pty.send("y")
        host.pty.wait_for(r"3\s+Cy\s+away")
        cy = kit.ssh_guest(host, "cy", tmp_path)
        cy.wait_for(kit.READY)
        host.pty.wait_for(r"3\s+Cy\s+not ready")
        cy.end()
    finally:
        ended(host.pty, bob)


def test_a_resumed_table_offers_another_game_too(tmp_path: Path) -> None:
    args = ("--names", "Bob,Cy", "--bots", "hard", "--no-seat", "--target", "5", "--seed", "5",
            "--fast")
    host = kit.start_host(tmp_path, *args, short_holds=True)
    guests = {name: kit.ssh_guest(host, name, tmp_path) for name in ("bob", "cy")}
    turns = lambda: sum(line["type"] == "turn" for line in records(tmp_path)[0])  # noqa: E731
    try:
        kit.play_guests(host, guests, DECK, until=lambda: turns() >= 3)
        os.kill(host.pid, signal.SIGKILL)
        for guest in guests.values():
            guest.child.expect(pexpect.EOF)
    finally:
        ended(host.pty, *guests.values())
    [saved] = (tmp_path / "games").glob("*.jsonl")
    again = kit.start_host(tmp_path, "--resume", saved.stem, short_holds=True)
    back = {name: kit.ssh_guest(again, name, tmp_path) for name in ("bob", "cy")}
    try:
        kit.play_guests(again, back, DECK)
        for guest in back.values():
            guest.wait_for("Waiting for the host to choose whether to play again.")
        again.pty.wait_for(re.escape(kit.AGAIN))
        again.pty.send("y")
        for guest in back.values():
            guest.wait_for(kit.READY)
            guest.send("\r")
        back["bob"].wait_for(r"Round 1  ·  \w+ dealt")
        again.pty.send("q")
        again.pty.wait_for("Stop the game for everyone?")
        again.pty.send("y")
        assert exit_status(again) == 1
    finally:
        ended(again.pty, *back.values())
    first, second = records(tmp_path)
    assert is_over(first)
    assert second[0]["players"] == first[0]["players"] and second[0]["host_seat"] is None
    assert second[0]["seed"] != first[0]["seed"]


@pytest.mark.parametrize("damaged", [False, True], ids=["sound", "damaged"])
def test_a_game_the_history_cannot_take_is_told_to_the_host_as_the_next_game_opens(
    home: Path, damaged: bool
) -> None:
    from builders import finished_game, header_for

    from rack_o.host.games import Opened, _into_history
    from rack_o.store.paths import history_path

    if damaged:
        history_path().write_bytes(b"this is no database " * 100)
    game = finished_game(3, target=5)
    notes = _into_history(Opened(game, header_for(game), None, None, "", list, []))
    # Printed on the host's screen, it would be drawn over by the next game's at once.
    assert bool(notes) is damaged
    assert all("history" in note.plain for note in notes)



def test_a_guest_at_the_end_of_a_table_hosted_without_a_screen_leaves_with_thanks(
    tmp_path: Path,
) -> None:
    from ttykit import racko_command

    # Standard input not a terminal: the host has no screen, and is asked nothing at the end.
    pty = Pty("/bin/sh", ["-c", 'exec "$0" "$@" </dev/null', racko_command(), "host", "--port",
                          "0", "--bind", "127.0.0.1", "--names", "Bob,Cy", "--bots", "hard",
                          "--no-seat", "--target", "5", "--seed", "5", "--fast"],
              kit.racko_env(tmp_path))
    code = pty.wait_for(r"Table code: ([a-z0-9]{4}-[a-z0-9]{4})", screen=False).group(1)
    host = HostProcess(pty, int(pty.wait_for(kit.SSH_LINE.pattern, screen=False).group(1)), code)
    guests = {name: kit.ssh_guest(host, name, tmp_path) for name in ("bob", "cy")}
    bob, cy = guests["bob"], guests["cy"]
    try:
        kit.play_guests(host, guests, DECK)
        assert kit.OVER in bob.last_line() and kit.OVER in cy.last_line()
        bob.send("S")
        bob.wait_for(r"Score sheet")
        cy.send("\x03")
        told(cy, "Thanks for playing!")
        cy.child.expect(pexpect.EOF)
        assert "goes on" not in cy.text
        bob.send("q")
        bob.wait_for(kit.OVER)
        bob.send("\r")
        told(bob, "Thanks for playing!")
        assert exit_status(host) == 0  # everyone left: the table closes
    finally:
        ended(host.pty, *guests.values())


def test_the_host_is_told_the_racko_host_command_that_deals_the_cards_again(
    tmp_path: Path,
) -> None:
    with at_the_question(tmp_path) as (host, _bob):
        # Where the table listened too: its port (bound from --port 0) and its --bind.
        told(host.pty, "Seed 3. To deal these cards again: racko host --seed 3 --players 3 "
             f"--names Ann,Bob --target 5 --bots hard --port {host.port} --bind 127.0.0.1")
        assert "racko play --seed" not in host.pty.text
