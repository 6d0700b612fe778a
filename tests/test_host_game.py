"""A whole hosted game with real clients: `racko host` in a pseudo-terminal on a free local
port, three guests running OpenSSH's `ssh` in theirs, a computer player at the fourth seat.

Each guest plays by what their own screen shows (read with pyte): their rack and the prompt.
What every screen showed is checked against the record: a guest's rack rows are always their
own, the cards they saw drawn are the ones they drew, and the totals everyone is shown at the
end are the record's. A guest who drops in the middle of a turn and comes back changes nothing:
the game ends as it does played straight through.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest

asyncssh = pytest.importorskip("asyncssh", reason="racko host needs asyncssh (the host extra)")
pexpect = pytest.importorskip("pexpect")

import hostkit as kit  # noqa: E402
from hostkit import HostProcess, Pty, Seen  # noqa: E402

from rack_o.record import parse_lines, rebuild, replay  # noqa: E402
from rack_o.steps import Turn  # noqa: E402

GUESTS = ("bob", "cy", "di")
NAMES = ("Bob", "Cy", "Di", "Hard")
SEED = 11
ARGS = ("--names", "Bob,Cy,Di", "--bots", "hard", "--no-seat", "--target", "5",
        "--seed", str(SEED), "--fast")
DECK = 60
STANDING = re.compile(r"^\s+\d\s+(Bob|Cy|Di|Hard)\s+(\d+)$")


@dataclass
class Played:
    """A hosted game played to its end: its record, what each guest saw, the last screens."""

    lines: list[dict]
    seen: dict[str, Seen]
    final: dict[str, list[str]]
    host_screens: str


def record_of(home: Path) -> list[dict]:
    [path] = (home / "games").glob("*.jsonl")
    return [line for _, line in parse_lines(path.read_text(encoding="utf-8"))]


def join(host: HostProcess, home: Path) -> dict[str, Pty]:
    guests = {name: kit.ssh_guest(host, name, home) for name in GUESTS}
    for guest in guests.values():
        guest.wait_for("Press Enter when you are ready to play")
    return guests


def close_table(host: HostProcess, guests: dict[str, Pty]) -> None:
    """The host plays no other game: every guest is told the table closed; racko ends."""
    for guest in guests.values():
        guest.wait_for("Waiting for the host to choose whether to play again.")
    host.pty.wait_for(re.escape(kit.AGAIN))
    host.pty.send("n")
    for guest in guests.values():
        guest.wait_for("The host closed the table. Thanks for playing!", screen=False)
    host.pty.wait_for("racko replay", screen=False)
    host.pty.child.expect(pexpect.EOF)


def play_hosted(home: Path, drop: str | None = None) -> Played:
    """Host the game, let the guests play it to its end (`drop`'s ssh killed after their first
    draw, and started again); what happened."""
    host = kit.start_host(home, *ARGS, short_holds=True)
    guests = join(host, home)
    dropped: list[str] = []

    def before_key(name: str, key: str) -> bool:
        guest = guests[name]
        if name != drop or dropped or "You drew" not in guest.visible():
            return True
        # Mid-turn, with the drawn card in hand: the connection is cut, then made again.
        guest.end()
        dropped.append(name)
        again = kit.ssh_guest(host, name, home)
        again.wait_for("You drew")
        guests[name] = again
        return False

    seen: dict[str, Seen] = {}
    try:
        kit.play_guests(host, guests, DECK, seen=seen, before_key=before_key)
        final = {name: guest.display for name, guest in guests.items()}
        close_table(host, guests)
    finally:
        for pty in (host.pty, *guests.values()):
            pty.end()
    assert dropped == ([drop] if drop else [])
    return Played(record_of(home), seen, final, host.pty.text)


@pytest.fixture(scope="module")
def straight(tmp_path_factory: pytest.TempPathFactory) -> Played:
    return play_hosted(tmp_path_factory.mktemp("straight"))


def racks_over_the_game(lines: list[dict]) -> dict[int, set[tuple[int, int]]]:
    """Every (slot, card) each seat held at some point of the game."""
    held: dict[int, set[tuple[int, int]]] = {seat: set() for seat in range(len(NAMES))}
    for _step, game in replay(list(enumerate(lines, start=1))):
        for seat in held:
            held[seat] |= {(slot, card) for slot, card in enumerate(game.rack(seat), start=1)}
    return held


def test_each_guest_sees_their_own_rack_and_no_other(straight: Played) -> None:
    held = racks_over_the_game(straight.lines)
    for seat, name in enumerate(GUESTS):
        seen = straight.seen[name]
        assert seen.screens > 20
        assert len(seen.rows) >= 10
        assert seen.rows <= held[seat], name
        others = set().union(*(held[other] for other in held if other != seat))
        assert seen.rows - others, name  # not a rack that merely looks like another's


def test_a_guest_sees_the_cards_they_drew_and_no_other_card_of_the_draw_pile(
    straight: Played,
) -> None:
    steps = [step for step, _game in replay(list(enumerate(straight.lines, start=1)))]
    for seat, name in enumerate(GUESTS):
        drawn = {step.card for step in steps
                 if type(step) is Turn and step.seat == seat and step.source == "draw"}
        assert straight.seen[name].drew
        assert straight.seen[name].drew <= drawn, name


def test_the_host_without_a_seat_sees_no_rack(straight: Played) -> None:
    assert not kit.rack_rows(straight.host_screens.splitlines())
    assert "You drew" not in straight.host_screens


def test_the_record_rebuilds_to_the_totals_every_guest_is_shown(straight: Played) -> None:
    game = rebuild(list(enumerate(straight.lines, start=1))).game
    assert game.is_over
    totals = dict(zip(NAMES, game.totals, strict=True))
    for name in GUESTS:
        shown = {found.group(1): int(found.group(2))
                 for found in map(STANDING.match, straight.final[name]) if found}
        assert shown == totals, name
    assert straight.lines[0]["players"][3] == {"name": "Hard", "kind": "bot:hard"}
    assert straight.lines[0]["host_seat"] is None


def test_a_guest_who_drops_mid_turn_and_comes_back_ends_the_game_the_same(
    straight: Played, tmp_path: Path,
) -> None:
    again = play_hosted(tmp_path, drop="cy")

    def moves(lines: list[dict]) -> list[dict]:
        return [line for line in lines if line["type"] != "game"]

    assert moves(again.lines) == moves(straight.lines)
    assert again.lines[0]["seed"] == straight.lines[0]["seed"] == SEED


def dealer_draw(screen: Pty) -> str:
    """The dealer draw's sentence as the screen shows it, its lines joined."""
    joined = " ".join(line.strip() for line in screen.display)
    found = re.search(r"Drawing for the first deal: .*? deals round 1\.", joined)
    assert found, screen.visible()
    return found.group(0)


def test_a_resized_guest_window_is_drawn_again_at_its_size(tmp_path: Path) -> None:
    host = kit.start_host(tmp_path, *ARGS, short_holds=True)
    guests = join(host, tmp_path)
    try:
        bob = guests["bob"]
        wide = dealer_draw(bob)
        assert max(map(len, bob.display)) > 60
        bob.resize(60, 16)
        bob.wait_for(r"Enter ready · s sheet · r rules · \? help · q leave$")  # in fewer words
        # Wrapped by racko between words at 60 columns, not cut by the terminal mid-word.
        assert dealer_draw(bob) == wide
        assert "Press Enter when you are ready to play." in bob.display
        bob.resize(100, 30)
        bob.wait_for("q leave the table")
        assert dealer_draw(bob) == wide
    finally:
        for pty in (host.pty, *guests.values()):
            pty.end()
