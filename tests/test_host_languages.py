"""Each guest at a hosted table reads racko in their own language: the one their ssh sends in its
environment (LANGUAGE, LC_ALL, LC_MESSAGES, LANG), else the host's; the host keeps theirs.

Here the test process is the host, speaking French; the guests connect with asyncssh clients
sending their environment, or sit at fake connections.
"""

from __future__ import annotations

import io
import os
import re
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

asyncssh = pytest.importorskip("asyncssh", reason="racko host needs asyncssh (the host extra)")

from builders import finished_game, record_text, seeded_game, unfinished_game  # noqa: E402
from hostkit import (  # noqa: E402
    ANSI,
    Hosted,
    connect,
    hosted,
    on_game_thread,
    open_screen,
    run,
    wait_until,
)
from rich.console import Console, RenderableType  # noqa: E402
from rich.text import Text  # noqa: E402
from test_host_units import FakeLink  # noqa: E402

from rack_o import i18n  # noqa: E402
from rack_o.actions import DISCARD, DRAW  # noqa: E402
from rack_o.bots import make_bot  # noqa: E402
from rack_o.cli.human import HumanAgent  # noqa: E402
from rack_o.cli.setup import game_hint  # noqa: E402
from rack_o.game import Game  # noqa: E402
from rack_o.host.guest_seats import GuestSeats  # noqa: E402
from rack_o.host.hosting import HostedGame, InEachLanguage  # noqa: E402
from rack_o.host.inbox import Inbox  # noqa: E402
from rack_o.host.keyboard import KeyReader  # noqa: E402
from rack_o.host.local import LocalLink, local_terminal  # noqa: E402
from rack_o.host.opening import _hold, _resumed  # noqa: E402
from rack_o.host.screen import SeatScreen  # noqa: E402
from rack_o.host.terminal import GuestGone, RemoteTerminal  # noqa: E402
from rack_o.host.views import Presence, TableInfo  # noqa: E402
from rack_o.store import autosave  # noqa: E402
from rack_o.store.history import HistoryError, HistoryProblem  # noqa: E402
from rack_o.store.records import load_record  # noqa: E402

HOST = "fr"
# What a guest let go for their silence is told, in their language: the sentence after how long
# they were silent.
IDLE_CS = "Připojte se znovu stejným příkazem a vrátíte se na své místo."
IDLE_FR = "Reconnectez-vous avec la même commande pour reprendre votre place."
IDLE_EN = "so racko let you go. Connect again with the same command to take your seat back."
IDLE_EL = "Συνδέσου ξανά με την ίδια εντολή για να ξαναπάρεις τη θέση σου."


@pytest.fixture(autouse=True)
def host_speaks_french() -> Iterator[None]:
    with i18n.restoring_language():
        i18n.install(HOST)
        yield


def plain(text: str) -> str:
    """What a guest's screen shows, on one line: no colours, no line ends."""
    return " ".join(ANSI.sub("", text).split())


# ------------------------------------------------------------------ over a real connection


def idle_guest(served: Hosted, seat: int) -> str | None:
    """The game side: wait for the guest, ask for a key they never press (they are let go,
    and the seat waits for them until the table closes); their language."""
    terminal = served.table.terminal(seat)
    wait_until(served.table, lambda: terminal.is_connected)
    language = terminal.language
    with pytest.raises(GuestGone):
        terminal.key("> ")
    return language


@pytest.mark.slow  # waits for the guest to be let go
@pytest.mark.parametrize(
    ("env", "language", "said"),
    [
        ({"LANG": "cs_CZ.UTF-8"}, "cs", IDLE_CS),
        ({"LC_ALL": "el_GR.UTF-8", "LANG": "cs_CZ.UTF-8"}, "el", IDLE_EL),
        ({"LANGUAGE": "de:cs", "LANG": "en_GB.UTF-8"}, "cs", IDLE_CS),
        ({}, None, IDLE_FR),  # nothing sent: the host's language
        ({"LC_CTYPE": "cs_CZ.UTF-8"}, None, IDLE_FR),  # no language in it: the host's
        ({"LANG": "de_DE.UTF-8"}, "en", IDLE_EN),  # a language racko does not speak: English
        ({"LANG": "C.UTF-8"}, None, IDLE_FR),  # no language asked (a server's default)
    ],
    ids=["LANG", "LC_ALL", "LANGUAGE", "nothing", "LC_CTYPE", "unspoken", "C"],
)
def test_a_guest_is_told_things_in_the_language_their_ssh_sends(
    tmp_path: Path, env: dict[str, str], language: str | None, said: str
) -> None:
    async def scenario() -> str:
        async with await connect(served.port, "bob") as conn:
            chan, screen = await open_screen(conn, env=env)
            await chan.wait_closed()
            return plain(screen.text)

    with hosted(tmp_path, idle=60) as served:
        for terminal in served.table.terminals.values():
            terminal.idle = 0.3
        asked = on_game_thread(idle_guest, served, 1)
        shown = run(scenario())
        served.table.post(lambda: served.table.close("The test is over."))  # ends the wait
        assert asked.result(5) == language
    assert said in shown, shown


@pytest.mark.parametrize(
    ("how", "said"),
    [
        ("command", "racko nespouští žádné příkazy: připojte se samotným příkazem ssh"),
        ("no terminal", "racko potřebuje terminál: spusťte příkaz ssh v okně terminálu"),
        ("seat taken", "Bob — místo drží spojení, které je stále otevřené."),
    ],
)
def test_a_guest_turned_away_is_told_why_in_their_language(tmp_path: Path, how: str,
                                                             said: str) -> None:
    czech = {"LANG": "cs_CZ.UTF-8"}

    async def scenario() -> str:
        async with await connect(served.port, "bob") as first:
            if how == "seat taken":
                await open_screen(first)
                async with await connect(served.port, "bob") as second:
                    chan, screen = await open_screen(second, env=czech)
                    await chan.wait_closed()
                    return plain(screen.text)
            options = {"command": "ls"} if how == "command" else {}
            chan, screen = await open_screen(first, None if how == "no terminal" else (80, 24),
                                             env=czech, **options)
            await chan.wait_closed()
            return plain(screen.text)

    with hosted(tmp_path) as served:
        shown = run(scenario())
    assert said in shown, shown


def test_the_ssh_thread_speaks_the_hosts_language_to_a_guest_who_sent_none(
    tmp_path: Path,
) -> None:
    async def scenario() -> str:
        async with await connect(served.port, "bob") as conn:
            chan, screen = await open_screen(conn, size=None)
            await chan.wait_closed()
            return plain(screen.text)

    with hosted(tmp_path) as served:
        shown = run(scenario())
    assert "lancez la commande ssh dans une fenêtre de terminal" in shown, shown


# ------------------------------------------------------------------ at fake connections


def seated(languages: dict[str, str | None]) -> tuple[GuestSeats, dict[str, FakeLink]]:
    """Bob and Cy's seats (1 and 2), each guest connected reading their language."""
    table = GuestSeats({1: "Bob", 2: "Cy"}, idle=None, pause_seconds=0)
    links = {name: FakeLink() for name in languages}
    for name, language in languages.items():
        assert isinstance(table.join(name, links[name], 100, 30, language), RemoteTerminal)
    joined = [table.terminal(1 if name == "bob" else 2) for name in languages]
    table.wait(lambda: all(terminal.is_connected for terminal in joined), 1)
    return table, links


def test_a_guest_refused_a_seat_reads_why_in_their_language() -> None:
    table, _links = seated({"bob": "cs", "cy": None})
    assert table.join("zed", FakeLink(), 80, 24, "el") == (
        "Όλες οι θέσεις σε αυτό το τραπέζι είναι πιασμένες.")
    assert table.join("zed", FakeLink(), 80, 24) == "Toutes les places de cette table sont prises."
    table.close("Bye.")
    assert table.join("bob", FakeLink(), 80, 24, "cs") == "Tento stůl je zavřený."


def test_closing_the_table_says_goodbye_to_each_guest_in_their_language() -> None:
    table, links = seated({"bob": "cs", "cy": "el"})
    table.close(lambda: i18n._("The host closed the table. Thanks for playing!"),
                {2: lambda: i18n._("Thanks for playing!")})
    assert links["bob"].closed_with == "Hostitel zavřel stůl. Díky za hru!"
    assert links["cy"].closed_with == (
        "Ευχαριστούμε που έπαιξες! Ο οικοδεσπότης έκλεισε το τραπέζι. Ευχαριστούμε που έπαιξες!")
    assert table.terminal(1).language == "cs"


class _Host:
    """A hosted game waiting for Bob's move, as a screen sees it."""

    def __init__(self) -> None:
        self.game = seeded_game(3, players=3, names=["Ann", "Bob", "Cy"],
                                kinds=["human"] * 3)
        self.game.deal()
        self.info = TableInfo("tq4m-8kxp", "SHA256:x", {})
        self.host_seat = 0
        self.over_lines = None
        self.over_summary = 0
        self.gate_lines = None
        self.host_notes: list[object] = []

    def presence(self, seat: int) -> Presence:
        return Presence.HERE

    def stand_in_turns(self) -> frozenset[int]:
        return frozenset()

    def away_guests(self) -> list[int]:
        return []

    def logins(self) -> dict[int, str]:
        return {}


@pytest.mark.parametrize(
    ("language", "key", "leaves"),
    [("cs", "a", True), ("cs", "o", False), ("fr", "o", True), (None, "o", True),
     ("el", "ν", False), ("el", "y", True), ("en", "o", False), ("cs", "y", True)],
)
def test_a_guest_answers_yes_with_the_yes_of_their_own_language(
    language: str | None, key: str, leaves: bool
) -> None:
    table, links = seated({"bob": language})
    screen = SeatScreen(_Host(), table.terminal(1), 1)  # type: ignore[arg-type]
    screen.pressed("q")
    screen.pressed(key)
    assert (links["bob"].closed_with is not None) is leaves


@pytest.mark.parametrize(
    ("language", "words"),
    [("cs", ["s přehled bodů", "q odejít od stolu"]),
     (None, ["s feuille de marque", "q quitter la table"]),
     ("en", ["s score sheet", "q leave the table"])],
)
def test_a_guests_waiting_screen_is_drawn_in_their_language(
    language: str | None, words: list[str]
) -> None:
    table, links = seated({"bob": language})
    SeatScreen(_Host(), table.terminal(1), 1).show()  # type: ignore[arg-type]
    shown = plain(links["bob"].text)
    for word in words:
        assert word in shown, shown


@contextmanager
def hosting(game: Game, hints: str | None = None
            ) -> Iterator[tuple[HostedGame, dict[str, FakeLink], int]]:
    """`game` at a table Ann hosts (French) at seat 0 on a pipe; Bob reads Czech, Cy Greek;
    h gives `hints` (a level; None: hints are off)."""
    table, links = seated({"bob": "cs", "cy": "el"})
    host_terminal = local_terminal(0, "Ann", table.inbox)
    read, write = os.pipe()
    os.set_blocking(read, False)
    host_terminal.attached(LocalLink(write), 100, 30)
    terminals = {0: host_terminal, **table.terminals}
    agents = [HumanAgent(p.name, terminals[seat], game_hint(hints, getattr(game, "seed", None)))
              for seat, p in enumerate(game.players)]
    session = HostedGame(table, game, agents, host_seat=0, host_terminal=host_terminal,
                         info=TableInfo("tq4m-8kxp", "SHA256:x", {}),
                         stand_in=lambda seat: make_bot("hard", seat, 3), pause_seconds=0)
    try:
        yield session, links, read
    finally:
        os.close(read)
        os.close(write)


THREE = {"players": 3, "names": ["Ann", "Bob", "Cy"], "kinds": ["human"] * 3}


@pytest.fixture
def hosted_game() -> Iterator[tuple[HostedGame, dict[str, FakeLink], int]]:
    with hosting(seeded_game(3, **THREE)) as hosted:  # type: ignore[arg-type]
        yield hosted


def test_the_end_of_the_game_is_shown_to_each_in_their_language() -> None:
    with hosting(finished_game(3, target=5, **THREE)) as (session, links, read):  # type: ignore[arg-type]
        session.closing = True  # the host closes the table as soon as the end shows
        session._game_over()
        host_screen = plain(os.read(read, 1 << 16).decode())
    assert "Classement final" in host_screen and "Conseils demandés" in host_screen
    assert "Konečné pořadí" in plain(links["bob"].text)
    assert "Použité rady" in plain(links["bob"].text)
    assert "Συμβουλές που ζητήθηκαν" in plain(links["cy"].text)


def test_a_seat_given_to_a_computer_player_is_told_to_each_in_their_language(
    hosted_game: tuple[HostedGame, dict[str, FakeLink], int],
) -> None:
    session, links, _read = hosted_game
    session.give_to_bot(1)
    assert links["bob"].closed_with == (
        "Hostitel předal vaše místo počítačovému hráči. Díky za hru!")
    notes = {seat: screen.note.plain for seat, screen in session.screens.items()
             if isinstance(screen.note, Text)}
    assert notes == {0: "Un joueur de l'ordinateur joue désormais pour Bob.",
                     1: "Bob — místo od teď hraje počítačový hráč.",
                     2: "Bob: στο εξής παίζει ένας παίκτης του υπολογιστή."}


def test_a_stopped_game_is_told_to_each_guest_in_their_language_and_to_the_host_in_theirs(
    hosted_game: tuple[HostedGame, dict[str, FakeLink], int],
) -> None:
    session, links, read = hosted_game
    session.stop(i18n._("The host stopped the game."), None, 1)
    assert links["bob"].closed_with is not None
    # Before the first deal: no game is kept, and nobody is told it was saved.
    assert links["bob"].closed_with == ("Hostitel hru zastavil. Nerozdala se žádná karta, takže "
                                        "není v čem pokračovat.")
    assert links["cy"].closed_with is not None
    assert links["cy"].closed_with.startswith("Ο οικοδεσπότης σταμάτησε το παιχνίδι. Δεν "
                                              "μοιράστηκε καμία κάρτα")
    assert "Aucune carte n'a été donnée" in plain(os.read(read, 1 << 16).decode())


def test_what_everyone_sees_is_made_once_in_each_language_it_is_shown_in() -> None:
    made: list[str] = []

    def lines() -> list[RenderableType]:
        made.append(i18n.current_language())
        return [Text(i18n._("Everyone is ready."))]

    everyone = InEachLanguage(lines)
    shown = {}
    for language in ("cs", "el", None, "cs", "fr"):
        with i18n.speaking(language):
            [line] = everyone()
            assert isinstance(line, Text)
            shown[language] = line.plain
    assert shown == {"cs": "Všichni jsou připraveni.", "el": "Όλοι είναι έτοιμοι.",
                     None: "Tout le monde est prêt.", "fr": "Tout le monde est prêt."}
    assert made == ["cs", "el", "fr"]


def test_the_hosts_own_screen_stays_in_the_hosts_language_while_a_guest_plays(
    hosted_game: tuple[HostedGame, dict[str, FakeLink], int],
) -> None:
    session, links, read = hosted_game
    session.game.deal()
    # Drawn from inside a Czech guest's turn, as the game thread does when they draw a card.
    with session.terminals[1].step():
        session.redraw()
    host_screen = plain(os.read(read, 1 << 16).decode())
    assert re.search(r"feuille de marque|joue\.|À vous de jouer", host_screen), host_screen
    assert "odejít" not in host_screen
    assert "q odejít od stolu" in plain(links["bob"].text)


class Typist(threading.Thread):
    """A guest at a fake connection, reading their screen: each key of `script` is pressed once
    the text before it is shown (after what the last key brought), as a person would. `between`
    is called (on this thread) before each key, `first` before anything; a text not shown in
    time releases the seat (through the table's `inbox`), so that the game thread stops
    waiting, and is kept in `missed`."""

    def __init__(self, inbox: Inbox, terminal: RemoteTerminal, link: FakeLink,
                 script: list[tuple[str, str]], between: Callable[[], None] = lambda: None,
                 first: Callable[[], None] = lambda: None) -> None:
        super().__init__(daemon=True)
        self.inbox, self.terminal, self.link = inbox, terminal, link
        self.script, self.between, self.first = script, between, first
        self.missed: str | None = None

    def run(self) -> None:
        self.first()
        reader = KeyReader()
        mark = 0
        for text, key in self.script:
            deadline = time.monotonic() + 5
            while text not in plain(self.link.text[mark:]):
                if time.monotonic() > deadline:
                    self.missed = text
                    self.inbox.post(self.terminal.mark_released)
                    return
                time.sleep(0.01)
            mark = len(self.link.text)
            self.between()
            self.terminal.receive(key.encode(), reader)


# What a guest's own turn shows in their language: the turn's prompt, ?'s help, h's hint, q's
# question (the host's yes does not answer it), the warning about a drawn card, the slots'
# prompt, and what the guest leaving is told.
TURN_WORDS = {
    "cs": {"prompt": "d líznout · t vzít", "help": "Klávesou d si líznete vrchní kartu",
           "hint": "Rada:", "question": "Odejít od stolu? y/a ano", "other_yes": "o",
           "yes": "a", "drawn": "takže odchodem teď kartu odhodíte", "slots": "x pro odhození",
           "left": "Odešli jste od stolu. Hra pokračuje"},
    "el": {"prompt": "d τράβα · t πάρε το", "help": "Το d τραβάει την πάνω κάρτα",
           "hint": "Συμβουλή:", "question": "Έξοδος από το τραπέζι; y", "other_yes": "ν",
           "yes": "y", "drawn": "δεν αναιρείται", "slots": "x για να το πετάξεις",
           "left": "Έφυγες από το τραπέζι. Το παιχνίδι συνεχίζεται"},
}


@pytest.mark.parametrize(("seed", "name", "language"), [(4, "bob", "cs"), (3, "cy", "el")])
def test_a_guest_plays_their_own_turn_in_their_language_while_the_host_reads_theirs(
    seed: int, name: str, language: str
) -> None:
    words = TURN_WORDS[language]
    game = seeded_game(seed, **THREE)  # type: ignore[arg-type]
    with hosting(game, hints="hard") as (session, links, read):
        game.deal()
        seat = game.mover
        assert game.players[seat].name.lower() == name
        terminal, link, agent = session.terminals[seat], links[name], session.agents[seat]
        host = session.terminals[0]
        session.turn_starts(game, seat)
        assert "joue." in plain(os.read(read, 1 << 16).decode())

        def host_repaints() -> None:  # the host's window resized while the guest plays
            session.seats.inbox.post(host.repaint)

        drawing = Typist(session.seats.inbox, terminal, link, [
            (words["prompt"], "?"), (words["help"], "h"), (words["hint"], "q"),
            (words["question"], words["other_yes"]), (words["prompt"], "d")],
            between=host_repaints)
        drawing.start()
        assert agent.choose(game.view(seat)) == DRAW, drawing.missed
        drawing.join(5)
        assert drawing.missed is None
        during_the_step = plain(os.read(read, 1 << 16).decode())
        game.apply(DRAW, seat)

        leaving = Typist(session.seats.inbox, terminal, link,
                         [(words["slots"], "q"), (words["question"], words["yes"])])
        leaving.start()
        assert agent.choose(game.view(seat)) == DISCARD, leaving.missed
        leaving.join(5)
        assert leaving.missed is None
        once_drawn = plain(os.read(read, 1 << 16).decode())
    shown = plain(link.text)
    for word in ("prompt", "help", "hint", "question", "drawn", "slots"):
        assert words[word] in shown, (word, shown[-800:])
    assert link.closed_with is not None and link.closed_with.startswith(words["left"])
    # The host's screen, painted again before each of the five keys of the guest's first step,
    # and once the card was drawn, stayed French.
    assert during_the_step.count(f"{name.title()} joue.") == 5, during_the_step
    assert f"{name.title()} a pioché une carte et choisit où la mettre." in once_drawn, once_drawn
    for host_screen in (during_the_step, once_drawn):
        assert not any(words[word] in host_screen for word in ("prompt", "help", "hint", "slots"))


@pytest.mark.parametrize(("language", "prompt"), [(None, "Bob : d piocher"),
                                                  ("el", "Bob: d τράβα")])
def test_a_guest_who_left_on_their_turn_plays_it_in_the_language_they_come_back_in(
    language: str | None, prompt: str
) -> None:
    game = seeded_game(4, **THREE)  # type: ignore[arg-type]
    with hosting(game) as (session, links, _read):
        game.deal()
        terminal, agent, inbox = session.terminals[1], session.agents[1], session.seats.inbox
        leaving = Typist(inbox, terminal, links["bob"],
                         [("Bob: d líznout", "q"), ("Odejít od stolu?", "a")])
        back = FakeLink()

        def comes_back() -> None:
            leaving.join(30)
            deadline = time.monotonic() + 30
            while links["bob"].closed_with is None and time.monotonic() < deadline:
                time.sleep(0.01)  # the game thread lets Bob go after his last key
            # Anything amiss releases the seat, so that the game thread stops waiting for Bob
            # and the test fails instead of hanging.
            joined = (not leaving.is_alive() and leaving.missed is None
                      and links["bob"].closed_with is not None
                      and session.seats.join("bob", back, 100, 30, language) is terminal)
            if not joined:
                inbox.post(terminal.mark_released)
                raise AssertionError("Bob did not leave and come back")

        playing = Typist(inbox, terminal, back, [(prompt, "d")], first=comes_back)
        leaving.start()
        playing.start()
        assert agent.choose(game.view(1)) == DRAW, (leaving.missed, playing.missed,
                                                   plain(back.text)[-300:])
        playing.join(5)
    assert links["bob"].closed_with is not None
    assert links["bob"].closed_with.startswith("Odešli jste od stolu.")
    assert "líznout" not in plain(back.text)


def test_a_resumed_tables_opening_finds_things_out_once_and_says_them_in_each_language(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = record_text(unfinished_game(9, turns=6, target=75, kinds=("human", "human")))
    path = home / "games" / "torn.jsonl"
    path.write_bytes(text.encode() + b'{"type": "turn", "se')
    asked: list[str] = []

    def history_problem(path: object = None) -> HistoryError:
        asked.append(i18n.current_language())
        return HistoryError(HistoryProblem.NEWER_SCHEMA, home / "history.sqlite3", version=99)

    monkeypatch.setattr(autosave, "history_problem", history_problem)
    writer = _hold("torn")
    try:
        opened = _resumed(load_record(path, seeded=True), writer)
        # The torn line goes with the first line written, not before: nothing played yet.
        assert path.read_bytes() == text.encode() + b'{"type": "turn", "se'
        shown = {}
        for language in ("cs", "el", None, "cs"):
            with i18n.speaking(language):
                console = Console(file=io.StringIO(), width=300)
                for line in opened.opening():
                    console.print(line)
                shown[language] = plain(console.file.getvalue())  # type: ignore[attr-defined]
    finally:
        writer.close()
    assert len(asked) == 1  # the history was opened once, whatever the languages
    said = {  # the torn line, then the history's trouble
        "cs": ("Poslední řádek záznamu se při ukládání přerušil",
               "Pokud hra skončí, uloží se a do historie se přidá později."),
        "el": ("Η τελευταία γραμμή της καταγραφής κόπηκε",
               "Αν το παιχνίδι τελειώσει, θα φυλαχτεί και θα προστεθεί στο ιστορικό αργότερα."),
        None: ("La dernière ligne de l'enregistrement a été coupée",
               "Si la partie se termine, elle est conservée et sera ajoutée à l'historique plus "
               "tard."),
    }
    for language, (torn, history) in said.items():
        assert torn in shown[language] and history in shown[language], shown[language]


@pytest.mark.parametrize(
    ("idle", "language", "said"),
    [
        (6, "en", "You pressed no key for 6 seconds while it was up to you, so racko let you go."),
        (1, "en", "You pressed no key for 1 second while it was up to you"),
        (0.3, "en", "You pressed no key for 1 second while it was up to you"),
        (59.6, "en", "You pressed no key for 1 minute while it was up to you"),
        (90, "en", "You pressed no key for 90 seconds while it was up to you"),
        (60, "en", "You pressed no key for 1 minute while it was up to you"),
        (600, "en", "You pressed no key for 10 minutes while it was up to you"),
        (600, "cs", "Po dobu 10 minut jste nestiskli žádnou klávesu"),
        (120, "el", "Δεν πάτησες κανένα πλήκτρο για 2 λεπτά"),
        (60, None, "Vous n'avez appuyé sur aucune touche pendant 1 minute alors"),
    ],
)
def test_a_guest_let_go_for_their_silence_is_told_how_long_it_was(
    idle: float, language: str | None, said: str
) -> None:
    terminal = local_terminal(1, "Bob", Inbox())
    terminal.idle = idle
    terminal.language = language
    assert said in terminal.idle_message()
