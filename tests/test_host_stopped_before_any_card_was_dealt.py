"""A table the host stops before any card was dealt keeps no game (its record goes as the table
closes): the host reads that there is no game to carry on, and so does every guest, in their
language, never that the same ssh command takes their seat back; nor does the host's screen say
the game is saved while everyone gathers for the first deal. Once a card is dealt, the game is
saved, and everyone is told the table may open again."""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest
from builders import seeded_game
from hostkit import ANSI, on_game_thread
from rich.console import Console
from rich.text import Text
from test_host_round_end_holds import stop_game_thread, until
from test_host_units import FakeLink
from ttykit import CLEARED

from rack_o import i18n
from rack_o.bots import make_bot
from rack_o.cli.human import HumanAgent
from rack_o.game import Game
from rack_o.host.guest_seats import GuestSeats
from rack_o.host.hosting import HostedGame
from rack_o.host.local import local_terminal
from rack_o.host.views import TableInfo
from rack_o.store.writer import RecordWriter

SAVED_LINE = "Saved as you play. Open the table again with: racko host --resume ID"
CARRY_ON = "Open the table again with:\nracko host --resume ID"
NOT_SAVED = "This game is not being saved: cannot write /nowhere (Permission denied)."


@dataclass
class Stopped:
    """What the host and each guest were told as the host stopped the game."""

    host: str
    guests: dict[str, str]


@contextmanager
def hosted(game: Game, tmp_path: Path, *, saved: bool, languages: dict[str, str | None]
           ) -> Iterator[tuple[HostedGame, dict[int, FakeLink], io.StringIO]]:
    """`game` at a table Ann hosts at seat 0, its guests (Bob, Cy…) connected reading
    `languages`; saved as it is played if `saved` (the host's saved line given, as `racko host`
    gives it); the host told why it stopped on the StringIO."""
    names = [p.name for p in game.players]
    seats = GuestSeats({seat: names[seat] for seat in range(1, len(names))}, idle=None,
                       pause_seconds=0)
    links = {seat: FakeLink() for seat in range(len(names))}
    for seat in range(1, len(names)):
        seats.join(names[seat].lower(), links[seat], 100, 40, languages[names[seat]])
    host_terminal = local_terminal(0, "Ann", seats.inbox)
    host_terminal.attached(links[0], 100, 40)
    terminals = {0: host_terminal, **seats.terminals}
    told = io.StringIO()
    writer = RecordWriter(tmp_path / "game.jsonl", fsync=False) if saved else None
    session = HostedGame(
        seats, game, [HumanAgent(p.name, terminals[seat]) for seat, p in enumerate(game.players)],
        host_seat=0, host_terminal=host_terminal, info=TableInfo("tq4m-8kxp", "SHA256:x", {}),
        stand_in=lambda seat: make_bot("hard", seat, 3), pause_seconds=0, writer=writer,
        host_notes=[] if saved else [Text(NOT_SAVED)],
        saved_line=Text(SAVED_LINE) if saved else None,
        console=Console(file=told, width=1000, color_system=None))
    seats.wait(lambda: all(terminal.is_connected for terminal in seats.terminals.values()), 1)
    try:
        yield session, links, told
    finally:
        if writer is not None:
            writer.close()


def stopped(game: Game, tmp_path: Path, *, saved: bool = True,
            languages: dict[str, str | None] | None = None) -> Stopped:
    """The host stops `game` (q), as `racko host` does."""
    languages = languages or {p.name: None for p in game.players[1:]}
    with hosted(game, tmp_path, saved=saved, languages=languages) as (session, links, told):
        session.stop(i18n._("You quit the game."), CARRY_ON if saved else NOT_SAVED, 1)
    names = [p.name for p in game.players]
    return Stopped(" ".join(told.getvalue().split()),
                   {names[seat]: link.closed_with or "" for seat, link in links.items() if seat})


def two(dealt: bool) -> Game:
    game = seeded_game(3, names=["Ann", "Bob"], kinds=["human", "human"])
    if dealt:
        game.deal()
    return game


@pytest.mark.parametrize(("dealt", "saved", "host_reads", "guests_read"), [
    (False, True, "No card was dealt, so there is no game to carry on.",
     "The host stopped the game. No card was dealt, so there is no game to carry on."),
    (True, True, "Open the table again with: racko host --resume ID",
     "The host stopped the game. It is saved: when the host opens the table again, the same "
     "ssh command takes your seat back, with the new table code the host gives you."),
    (True, False, NOT_SAVED,
     "The host stopped the game. It could not be saved, so it cannot be carried on."),
], ids=["before-the-first-deal", "in-round-1", "in-round-1-unsaved"])
def test_the_host_and_the_guests_are_told_the_same_about_carrying_the_game_on(
    tmp_path: Path, dealt: bool, saved: bool, host_reads: str, guests_read: str
) -> None:
    told = stopped(two(dealt), tmp_path, saved=saved)
    assert host_reads in told.host, told.host
    assert told.guests == {"Bob": guests_read}
    if not (dealt and saved):
        assert "table again" not in told.host and "racko host --resume" not in told.host


@pytest.mark.parametrize(("language", "guest_reads"), [
    ("fr", "L'hôte a arrêté la partie. Aucune carte n'a été donnée\u00a0: il n'y a donc pas de "
           "partie à reprendre."),
    ("cs", "Hostitel hru zastavil. Nerozdala se žádná karta, takže není v čem pokračovat."),
    ("el", "Ο οικοδεσπότης σταμάτησε το παιχνίδι. Δεν μοιράστηκε καμία κάρτα, οπότε δεν "
           "υπάρχει παιχνίδι για να συνεχιστεί."),
])
def test_each_guest_reads_it_in_their_language(tmp_path: Path, language: str, guest_reads: str
                                               ) -> None:
    told = stopped(two(False), tmp_path, languages={"Bob": language})
    assert told.guests == {"Bob": guest_reads}


def lobby(game: Game, tmp_path: Path) -> str:
    """The host's screen while the table waits for everyone to be ready (no colours, on one
    line)."""
    with hosted(game, tmp_path, saved=True, languages={"Bob": None}) as (session, links, _told):
        played = on_game_thread(session.play)
        try:
            until(lambda: "Press Enter when you are ready" in ANSI.sub("", links[0].text),
                  "the host's screen waits for everyone")
            shown = re.split(CLEARED, links[0].text)[-1]
        finally:
            stop_game_thread(session.seats, played)
            session.retire()
            session.seats.close("The test is over.")
    return " ".join(ANSI.sub("", shown).split())


@pytest.mark.parametrize(("dealt", "says_saved"), [(False, False), (True, True)],
                         ids=["before-the-first-deal", "a-round-dealt"])
def test_the_hosts_screen_says_the_game_is_saved_only_once_a_card_is_dealt(
    tmp_path: Path, dealt: bool, says_saved: bool
) -> None:
    # Dealt: a game carried on in round 1, which waits for everyone before it goes on.
    shown = lobby(two(dealt), tmp_path)
    assert "Table code: tq4m-8kxp" in shown, shown
    assert (SAVED_LINE in shown) is says_saved, shown


@pytest.mark.slow
def test_a_real_table_stopped_before_the_first_deal_keeps_nothing_and_promises_nothing(
    tmp_path: Path
) -> None:
    pytest.importorskip("asyncssh", reason="racko host needs asyncssh (the host extra)")
    import hostkit as kit

    host = kit.start_host(tmp_path, "--names", "Bob", "--bots", "hard", "--no-seat", "--fast")
    bob = kit.ssh_guest(host, "bob", tmp_path)
    try:
        bob.wait_for(kit.READY)
        host.pty.wait_for(r"1\s+Bob\s+not ready")
        assert "Saved as you play" not in host.pty.visible()
        host.pty.send("q")
        host.pty.wait_for("Stop the game for everyone?")
        host.pty.send("y")
        bob.wait_for("The host stopped the game. No card was dealt, so there is no game to "
                     "carry on.", screen=False)
        host.pty.wait_for(r"No card was dealt, so there is no game to carry on\.", screen=False)
        assert "take" not in bob.text.rsplit("The host stopped the game.", 1)[-1]
        until(lambda: not host.pty.child.isalive(), "racko host ended")
        assert list((tmp_path / "games").glob("*.jsonl")) == []
    finally:
        bob.end()
        host.pty.end()
