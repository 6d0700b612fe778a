"""A table opened with `--port 0` listens on a port racko picks: the command that opens it again
names that port (`--port N`), on the host's screen while everyone gets ready and when the host
stops the game, so that the guests' ssh lines still work when it opens again."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

asyncssh = pytest.importorskip("asyncssh", reason="racko host needs asyncssh (the host extra)")
pexpect = pytest.importorskip("pexpect")

import hostkit as kit  # noqa: E402
from builders import seeded_game, write_record  # noqa: E402
from hostkit import HostProcess  # noqa: E402

NEW = ("--names", "Bob", "--bots", "hard", "--no-seat", "--seed", "5", "--fast")


def _dealt_game(home: Path) -> str:
    """A saved game of two people, its first round dealt; its ID."""
    (home / "games").mkdir()
    game = seeded_game(3, kinds=["human", "human"], names=["Ann", "Bob"])
    game.deal()
    return write_record(home / "games" / "2026-12-02-0801-ann-bob.jsonl", game).stem


def _the_record(home: Path) -> str:
    [path] = (home / "games").glob("*.jsonl")
    return path.stem


def _flat(text: str) -> str:
    return " ".join(text.split())


def _stop(host: HostProcess) -> str:
    """The host stops the game (q, y); what racko says as it ends, its lines joined."""
    host.pty.send("q")
    host.pty.wait_for("Stop the game for everyone?")
    host.pty.send("y")
    deadline = time.monotonic() + kit.WAIT
    while (host.pty.pump(0.1) or host.pty.child.isalive()) and time.monotonic() < deadline:
        pass  # everything racko writes until it ends
    return _flat(host.pty.text.rsplit("Stop the game for everyone?", 1)[-1])


def test_a_new_game_stopped_names_the_port_picked(tmp_path: Path) -> None:
    host = kit.start_host(tmp_path, *NEW, short_holds=True)
    bob = kit.ssh_guest(host, "bob", tmp_path)
    try:
        bob.wait_for(kit.READY)
        bob.send("\r")
        bob.wait_for(r"Round 1")  # dealt: there is a game to carry on
        said = _stop(host)
        command = f"racko host --resume {_the_record(tmp_path)} --port {host.port}"
        assert f"Open the table again with: {command}" in said, said
        bob.wait_for("The host stopped the game. It is saved", screen=False)
    finally:
        bob.end()
        host.pty.end()


def test_a_table_opened_again_names_the_port_picked_this_time(tmp_path: Path) -> None:
    ref = _dealt_game(tmp_path)
    host = kit.start_host(tmp_path, "--resume", ref)
    try:
        host.pty.wait_for("Press Enter when you are ready to play.")
        command = f"racko host --resume {ref} --port {host.port}"
        shown = _flat(host.pty.visible())
        assert f"Saved as you play. Open the table again with: {command}" in shown, shown
        said = _stop(host)
        assert f"Open the table again with: {command}" in said, said
    finally:
        host.pty.end()
