"""A computer player thinks on a thread of its own at a hosted table: the guests' keys are
answered and the host may stop the game while a slow one (a user's own bot) thinks, and a bot
that fails or answers wrongly is named as it would be anywhere else."""

from __future__ import annotations

import threading
from pathlib import Path

import broken_bots
import pytest
from builders import seeded_game

from rack_o.agent import AgentError, take_step
from rack_o.cli.prompt import QuitGame
from rack_o.host.aside import AsideBot
from rack_o.host.inbox import Inbox

TESTS = Path(__file__).parent


def error_of(game: object, agent: object) -> AgentError:
    with pytest.raises(AgentError) as raised:
        take_step(game, agent)  # type: ignore[arg-type]
    return raised.value


@pytest.mark.parametrize("bot", ["Crasher", "Quitter", "Stubborn", "Wordy", "Silent", "Cheater"])
def test_a_bot_thinking_aside_that_fails_is_named_as_anywhere_else(bot: str) -> None:
    game = seeded_game(3)
    game.deal()
    made = getattr(broken_bots, bot)
    plain, aside = error_of(game, made()), error_of(game, AsideBot(made(), Inbox()))
    assert str(aside) == str(plain)
    assert type(aside.cause) is type(plain.cause)


def test_a_bot_thinking_aside_plays_as_it_would_with_its_name_and_notes() -> None:
    from example_bot import BandBot

    game = seeded_game(3)
    game.deal()
    bot = BandBot()
    bot.turn_notes = lambda: {"why": "band"}  # type: ignore[attr-defined]
    aside = AsideBot(bot, Inbox())
    expected = BandBot().choose(game.view(game.mover))
    assert take_step(game, aside) == expected  # type: ignore[arg-type]
    assert aside.name == bot.name and aside.turn_notes() == {"why": "band"}  # type: ignore[attr-defined]


def test_the_table_is_served_while_a_bot_thinks_and_may_stop_the_game_meanwhile() -> None:
    game = seeded_game(3)
    game.deal()
    inbox = Inbox()
    thinking, answered = threading.Event(), threading.Event()

    class Pondering:
        name = "Pondering"

        def choose(self, view: object) -> object:
            thinking.set()
            answered.wait(30)
            return view.legal_actions[0]  # type: ignore[attr-defined]

    served: list[str] = []

    def host_stops() -> None:
        thinking.wait(5)
        inbox.post(lambda: served.append("a guest's key"))

        def stop() -> None:
            raise QuitGame

        inbox.post(stop)

    threading.Thread(target=host_stops, daemon=True).start()
    with pytest.raises(QuitGame):
        AsideBot(Pondering(), inbox).choose(game.view(game.mover))
    assert served == ["a guest's key"]
    answered.set()  # its answer, now, goes nowhere


# ------------------------------------------------------------------ a real table


def test_guests_keys_are_answered_and_the_host_may_stop_while_a_users_slow_bot_thinks(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("asyncssh", reason="racko host needs asyncssh (the host extra)")
    pytest.importorskip("pexpect")
    import hostkit as kit
    import pexpect

    monkeypatch.setenv("PYTHONPATH", str(TESTS))  # where racko host finds the user's bot
    host = kit.start_host(tmp_path, "--players", "3", "--names", "Bob,Cy",
                          "--bot", "3=slow_bots:Sleepy", "--no-seat", "--seed", "5", "--fast")
    guests = {name: kit.ssh_guest(host, name, tmp_path) for name in ("bob", "cy")}
    try:
        for guest in guests.values():
            guest.wait_for(kit.READY)
            guest.send("\r")
        kit.play_guests(host, guests, 50,
                        until=lambda: "Sleepy is playing." in guests["bob"].visible())
        guests["bob"].send("?")
        guests["bob"].wait_for("While the others play, your screen follows each move",
                               timeout=kit.WAIT)
        host.pty.send("q")
        host.pty.wait_for("Stop the game for everyone?", timeout=kit.WAIT)
        host.pty.send("y")
        guests["cy"].wait_for("The host stopped the game. It is saved", timeout=kit.WAIT,
                              screen=False)
        host.pty.child.expect(pexpect.EOF, timeout=kit.WAIT)
    finally:
        for pty in (host.pty, *guests.values()):
            pty.end()
