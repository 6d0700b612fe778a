"""A hosted game when things go wrong, with a real `racko host` and OpenSSH guests: the host
killed and the table opened again with --resume, a seat given to a computer player, a guest
who leaves with q and comes back, the host stopping the game; and the host playing from their
own terminal.
"""

from __future__ import annotations

import os
import re
import signal
from pathlib import Path

import pytest

asyncssh = pytest.importorskip("asyncssh", reason="racko host needs asyncssh (the host extra)")
pexpect = pytest.importorskip("pexpect")

import hostkit as kit  # noqa: E402
from clirun import flat  # noqa: E402
from hostkit import HostProcess, Pty  # noqa: E402

from rack_o.record import parse_lines, rebuild  # noqa: E402

DECK = 50  # three players
ARGS = ("--names", "Bob,Cy", "--bots", "hard", "--no-seat", "--target", "5", "--seed", "5",
        "--fast")


def the_record(home: Path) -> Path:
    [path] = (home / "games").glob("*.jsonl")
    return path


def turns(home: Path) -> list[dict]:
    lines = parse_lines(the_record(home).read_text(encoding="utf-8"))
    return [line for _, line in lines if line["type"] == "turn"]


def everyone_ready(host: HostProcess, guests: dict[str, Pty]) -> None:
    for guest in guests.values():
        guest.wait_for(kit.READY)
        guest.send("\r")


def spread(sentence: str) -> str:
    """A pattern of `sentence` however its lines were wrapped."""
    return r"\s+".join(re.escape(word) for word in sentence.split(" "))


def ended(*ptys: Pty) -> None:
    for pty in ptys:
        pty.end()


def test_a_killed_host_opens_the_table_again_and_the_game_goes_on(tmp_path: Path) -> None:
    host = kit.start_host(tmp_path, *ARGS, short_holds=True)
    guests = {name: kit.ssh_guest(host, name, tmp_path) for name in ("bob", "cy")}
    everyone_ready(host, guests)
    kit.play_guests(host, guests, DECK, until=lambda: len(turns(tmp_path)) >= 4)
    fingerprint = re.search(r"SHA256:\S+", host.pty.text)
    os.kill(host.pid, signal.SIGKILL)
    for guest in guests.values():
        guest.child.expect(pexpect.EOF)  # ssh ends with the host's process
    ended(host.pty, *guests.values())
    before = turns(tmp_path)

    again = kit.start_host(tmp_path, "--resume", the_record(tmp_path).stem, short_holds=True)
    try:
        assert again.code != host.code
        assert fingerprint is not None and fingerprint.group(0) in again.pty.text
        back = {name: kit.ssh_guest(again, name, tmp_path) for name in ("bob", "cy")}
        everyone_ready(again, back)
        kit.play_guests(again, back, DECK, until=lambda: len(turns(tmp_path)) > len(before))
        after = turns(tmp_path)
        assert after[: len(before)] == before
        assert len(after) == len(before) + 1
        kit.play_guests(again, back, DECK)  # and on to the end
        assert rebuild(the_record(tmp_path).read_text(encoding="utf-8")).game.is_over
    finally:
        ended(again.pty, *back.values())


def test_the_host_gives_an_away_guests_seat_to_a_computer_player(tmp_path: Path) -> None:
    host = kit.start_host(tmp_path, *ARGS, short_holds=True)
    bob = kit.ssh_guest(host, "bob", tmp_path)
    try:
        host.pty.wait_for(r"2\s+Cy\s+away")
        host.pty.send("b")
        host.pty.wait_for(r"Which seat goes to a computer player\? 2 Cy")
        host.pty.send("2")
        host.pty.wait_for(r"2\s+Cy\s+a computer player plays for them")
        bob.wait_for(r"2\s+Cy\s+a computer player plays for them")
        late = kit.ssh_guest(host, "cy", tmp_path)
        late.wait_for("Cy's seat has been given to a computer player:", screen=False)
        bob.send("\r")
        kit.play_guests(host, {"bob": bob}, DECK)
        cy_turns = [line for line in turns(tmp_path) if line["seat"] == 1]
        assert cy_turns and all(line["stand_in"] == "bot:hard" for line in cy_turns)
        assert all("stand_in" not in line for line in turns(tmp_path) if line["seat"] != 1)
    finally:
        ended(host.pty, bob)


def test_a_guest_who_leaves_with_q_comes_back_to_their_seat(tmp_path: Path) -> None:
    host = kit.start_host(tmp_path, *ARGS, short_holds=True)
    guests = {name: kit.ssh_guest(host, name, tmp_path) for name in ("bob", "cy")}
    try:
        guests["cy"].wait_for(kit.READY)
        guests["cy"].send("q")
        guests["cy"].wait_for("Leave the table?")
        guests["cy"].send("y")
        guests["cy"].wait_for("You left the table before the deal: connect again", screen=False)
        guests["bob"].wait_for(r"2\s+Cy\s+left the table")  # left, not dropped
        guests["cy"] = kit.ssh_guest(host, "cy", tmp_path)
        everyone_ready(host, guests)
        kit.play_guests(host, guests, DECK, until=lambda: len(turns(tmp_path)) >= 3)
    finally:
        ended(host.pty, *guests.values())


@pytest.mark.parametrize("key", ["q", "?", "r"], ids=["question", "help", "rules"])
def test_a_guest_who_drops_comes_back_to_the_tables_screen_not_to_what_they_had_open(
    tmp_path: Path, key: str
) -> None:
    host = kit.start_host(tmp_path, *ARGS, short_holds=True)
    guests = {name: kit.ssh_guest(host, name, tmp_path) for name in ("bob", "cy")}
    try:
        guests["cy"].wait_for(kit.READY)
        guests["cy"].send(key)
        guests["cy"].wait_for("Leave the table[?]|ready for the cards to be dealt|Rules of "
                              "Rack-O")
        guests["cy"].end()  # the window is closed
        guests["bob"].wait_for(r"2\s+Cy\s+away")
        guests["cy"] = kit.ssh_guest(host, "cy", tmp_path)
        guests["cy"].wait_for(kit.READY)
        guests["cy"].pump(0.3)
        shown = guests["cy"].visible()
        assert "Leave the table?" not in shown and "for the cards to be dealt" not in shown
        assert guests["cy"].last_line().startswith("Enter ready")
    finally:
        ended(host.pty, *guests.values())


def test_a_host_who_stops_before_the_first_deal_promises_guests_no_game(tmp_path: Path) -> None:
    host = kit.start_host(tmp_path, *ARGS, short_holds=True)
    guests = {name: kit.ssh_guest(host, name, tmp_path) for name in ("bob", "cy")}
    try:
        for guest in guests.values():
            guest.wait_for(kit.READY)
        host.pty.send("q")
        host.pty.wait_for("Stop the game for everyone?")
        assert "it is saved" not in host.pty.visible()  # no card dealt: nothing is kept
        host.pty.send("y")
        for guest in guests.values():
            guest.wait_for(spread("The host stopped the game. No card was dealt, so there is "
                                  "no game to carry on."), screen=False)
            assert "It is saved" not in guest.text
        host.pty.wait_for(spread("No card was dealt, so there is no game to carry on."),
                          screen=False)
        host.pty.child.expect(pexpect.EOF)  # the record goes as its writer closes, after that
        host.pty.child.close()
        assert not list((tmp_path / "games").glob("*.jsonl"))
    finally:
        ended(host.pty, *guests.values())


def test_the_host_stops_the_game_and_every_guest_is_told(tmp_path: Path) -> None:
    host = kit.start_host(tmp_path, *ARGS, short_holds=True)
    guests = {name: kit.ssh_guest(host, name, tmp_path) for name in ("bob", "cy")}
    try:
        everyone_ready(host, guests)
        kit.play_guests(host, guests, DECK, until=lambda: len(turns(tmp_path)) >= 2)
        host.pty.send("q")
        host.pty.wait_for("Stop the game for everyone?")
        host.pty.send("y")
        for guest in guests.values():
            guest.wait_for("The host stopped the game. It is saved", screen=False)
        host.pty.wait_for(spread("You stopped the game for everyone. The game stopped in round 1"),
                          screen=False)
        # With the port bound (--port 0 picked it): the guests' ssh lines stay the same.
        host.pty.wait_for(rf"racko host --resume {the_record(tmp_path).stem} --port {host.port}",
                          screen=False)
        host.pty.child.expect(pexpect.EOF)
        host.pty.child.close()
        assert host.pty.child.exitstatus == 1
        assert not rebuild(the_record(tmp_path).read_text(encoding="utf-8")).game.is_over
    finally:
        ended(host.pty, *guests.values())


def test_a_guest_holding_a_drawn_card_when_the_host_stops_is_told_it_was_discarded(
    tmp_path: Path,
) -> None:
    host = kit.start_host(tmp_path, *ARGS, short_holds=True)
    guests = {name: kit.ssh_guest(host, name, tmp_path) for name in ("bob", "cy")}
    drawn: list[str] = []

    def bob_draws_and_the_host_stops(name: str, key: str) -> bool:
        if name != "bob" or key != "d":
            return True
        guests["bob"].send("d")
        drawn.append(guests["bob"].wait_for(kit.DREW.pattern).group(1))
        host.pty.send("q")
        host.pty.wait_for("Stop the game for everyone?")
        host.pty.send("y")
        return False

    try:
        everyone_ready(host, guests)
        kit.play_guests(host, guests, DECK, until=lambda: bool(drawn),
                        before_key=bob_draws_and_the_host_stops)
        for name, guest in guests.items():
            guest.wait_for(r"The host stopped\s+the\s+game\.", screen=False)
            told = f"You had drawn {drawn[0]}: a draw cannot be undone, so it was discarded."
            assert (told in flat(guest.text)) == (name == "bob")
    finally:
        ended(host.pty, *guests.values())


def test_a_guest_away_when_a_stop_discarded_their_drawn_card_is_told_when_the_table_opens_again(
    tmp_path: Path,
) -> None:
    host = kit.start_host(tmp_path, *ARGS, short_holds=True)
    guests = {name: kit.ssh_guest(host, name, tmp_path) for name in ("bob", "cy")}
    drawn: list[str] = []

    def bob_draws_drops_and_the_host_stops(name: str, key: str) -> bool:
        if name != "bob" or key != "d":
            return True
        guests["bob"].send("d")
        drawn.append(guests["bob"].wait_for(kit.DREW.pattern).group(1))
        guests["bob"].end()  # Bob's window closes, his card in hand
        guests["cy"].wait_for(r"Waiting for Bob \(disconnected\)")
        host.pty.send("q")
        host.pty.wait_for("Stop the game for everyone?")
        host.pty.send("y")
        return False

    try:
        everyone_ready(host, guests)
        kit.play_guests(host, guests, DECK, until=lambda: bool(drawn),
                        before_key=bob_draws_drops_and_the_host_stops)
        host.pty.child.expect(pexpect.EOF)
    finally:
        ended(host.pty, *guests.values())
    told = f"Your turn was cut short after you drew {drawn[0]}: a draw cannot be undone, so " \
           "it was discarded."
    again = kit.start_host(tmp_path, "--resume", the_record(tmp_path).stem, short_holds=True)
    back = {name: kit.ssh_guest(again, name, tmp_path) for name in ("bob", "cy")}
    try:
        back["bob"].wait_for(r"\s+".join(map(re.escape, told.split())))
        back["cy"].wait_for(r"1\s+Bob\s+not ready")  # both here: Cy's screen is whole
        assert "cut short" not in back["cy"].visible()
        everyone_ready(again, back)
        back["bob"].wait_for(r"Round 1  ·  \w+ dealt")  # the game goes on
        assert "cut short" not in back["bob"].visible()
    finally:
        ended(again.pty, *back.values())


def test_the_host_plays_from_their_own_terminal(tmp_path: Path) -> None:
    host = kit.start_host(tmp_path, "--names", "Ann,Bob", "--bots", "hard", "--target", "5",
                      "--seed", "3", "--fast", short_holds=True)
    bob = kit.ssh_guest(host, "bob", tmp_path)
    try:
        host.pty.wait_for(r"1\s+Ann \(you\)")
        players = {"ann": host.pty, "bob": bob}
        kit.play_guests(host, players, DECK)
        lines = [line for _, line in parse_lines(the_record(tmp_path).read_text("utf-8"))]
        assert lines[0]["host_seat"] == 0
        assert {line["seat"] for line in lines if line["type"] == "turn"} == {0, 1, 2}
        host.pty.wait_for(re.escape(kit.AGAIN))
        host.pty.send("n")  # closes the table
        host.pty.wait_for("racko replay", screen=False)
        bob.wait_for("The host closed the table. Thanks for playing!", screen=False)
    finally:
        ended(host.pty, bob)


def test_q_on_a_turn_asks_the_host_and_a_guest_what_quitting_does_at_the_table(
    tmp_path: Path,
) -> None:
    host = kit.start_host(tmp_path, "--names", "Ann,Bob", "--bots", "hard", "--target", "5",
                          "--seed", "3", "--fast", short_holds=True)
    bob = kit.ssh_guest(host, "bob", tmp_path)
    players = {"ann": host.pty, "bob": bob}
    questions = {"ann": "Stop the game for everyone? y stops it (it is saved)",
                 "bob": "Leave the table? y leaves (the same ssh command takes your seat back)"}
    asked: list[str] = []

    def q_first(name: str, key: str) -> bool:
        if key in ("d", "t") and name not in asked:
            players[name].send("q")
            players[name].wait_for(re.escape(questions[name]))
            players[name].send("n")  # carries on with the turn
            players[name].wait_for(kit.CHOOSE.pattern)
            asked.append(name)
        return True

    try:
        kit.play_guests(host, players, DECK, before_key=q_first,
                        until=lambda: sorted(asked) == ["ann", "bob"])
    finally:
        ended(host.pty, bob)


def test_a_guest_who_drops_at_leave_the_table_on_their_turn_comes_back_to_the_turn(
    tmp_path: Path,
) -> None:
    host = kit.start_host(tmp_path, *ARGS, short_holds=True)
    guests = {name: kit.ssh_guest(host, name, tmp_path) for name in ("bob", "cy")}
    dropped: list[str] = []

    def bob_asks_to_leave_and_drops(name: str, key: str) -> bool:
        if name != "bob" or dropped or key not in ("d", "t"):
            return True
        guests["bob"].send("q")
        guests["bob"].wait_for("Leave the table[?]")
        guests["bob"].end()  # the window is closed on the question
        guests["cy"].wait_for(r"Bob\s+\(disconnected\)|Waiting for Bob")
        guests["bob"] = kit.ssh_guest(host, "bob", tmp_path)
        guests["bob"].wait_for(kit.CHOOSE.pattern)
        guests["bob"].pump(0.3)
        dropped.append(guests["bob"].last_line())
        return False  # the new connection plays Bob's turn on

    try:
        everyone_ready(host, guests)
        kit.play_guests(host, guests, DECK, before_key=bob_asks_to_leave_and_drops,
                        until=lambda: bool(dropped) and len(turns(tmp_path)) >= 4)
        assert "Leave the table" not in dropped[0], dropped
        assert kit.CHOOSE.search(dropped[0]), dropped
    finally:
        ended(host.pty, *guests.values())


@pytest.mark.parametrize(("signum", "code"), [(signal.SIGTERM, 143), (signal.SIGHUP, 129)])
def test_a_host_told_to_stop_saves_the_game_and_tells_every_guest(
    tmp_path: Path, signum: int, code: int
) -> None:
    host = kit.start_host(tmp_path, *ARGS, short_holds=True)
    guests = {name: kit.ssh_guest(host, name, tmp_path) for name in ("bob", "cy")}
    try:
        everyone_ready(host, guests)
        kit.play_guests(host, guests, DECK, until=lambda: len(turns(tmp_path)) >= 2)
        os.kill(host.pid, signum)
        for guest in guests.values():
            guest.wait_for("The host stopped the game. It is saved", screen=False)
        host.pty.child.expect(pexpect.EOF)
        host.pty.child.close()
        assert host.pty.child.exitstatus == code
        assert not rebuild(the_record(tmp_path).read_text(encoding="utf-8")).game.is_over
    finally:
        ended(host.pty, *guests.values())


def test_a_guest_silent_for_too_long_on_their_turn_is_let_go_and_comes_back(tmp_path: Path
                                                                          ) -> None:
    host = kit.start_host(tmp_path, *ARGS, "--idle", "0.02", short_holds=True)  # 1.2 seconds
    guests = {name: kit.ssh_guest(host, name, tmp_path) for name in ("bob", "cy")}
    bob, cy = guests["bob"], guests["cy"]
    try:
        bob.wait_for(kit.READY)
        bob.send("\r")  # Bob is ready; Cy says nothing
        cy.wait_for(kit.READY)
        # Once everyone has come, the first deal waits for Cy alone: Cy is let go too.
        cy.wait_for("You pressed no key for 1 second while it was up to you", screen=False)
        guests["cy"] = cy = kit.ssh_guest(host, "cy", tmp_path)
        cy.wait_for(kit.READY)
        cy.send("\r")

        def cys_turn() -> bool:
            cy.pump()
            return bool(kit.CHOOSE.search(cy.last_line()))

        kit.play_guests(host, {"bob": bob}, DECK, until=cys_turn)
        cy.wait_for("You pressed no key for 1 second while it was up to you", screen=False)
        bob.wait_for(r"Waiting for Cy \(idle too long\)\.")  # not a dropped line
        guests["cy"] = kit.ssh_guest(host, "cy", tmp_path)
        guests["cy"].wait_for(kit.CHOOSE.pattern)  # the turn goes on where it stood
    finally:
        ended(host.pty, *guests.values())
