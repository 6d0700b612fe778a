"""What a real `racko host` refuses, each tried with a real client: OpenSSH's `ssh`, `sftp` and
port forwarding, and asyncssh's client for a megabyte of input. The table stays open and
serves its guests throughout.
"""

from __future__ import annotations

import asyncio
import re
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

asyncssh = pytest.importorskip("asyncssh", reason="racko host needs asyncssh (the host extra)")
pexpect = pytest.importorskip("pexpect")

import hostkit as kit  # noqa: E402
from hostkit import HostProcess, Pty  # noqa: E402

ARGS = ("--names", "Bob,Cy", "--bots", "hard", "--no-seat", "--target", "5", "--fast")


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory) -> Iterator[HostProcess]:
    host = kit.start_host(tmp_path_factory.mktemp("refused"), *ARGS)
    yield host
    host.pty.end()


def said(client: Pty) -> str:
    """Everything the client printed until it ended, on one line."""
    client.child.expect(pexpect.EOF)
    client.pump()
    return " ".join((client.text + client.child.before).split())


def test_a_wrong_code_is_refused_and_three_lock_the_address_out(
    table: HostProcess, tmp_path: Path
) -> None:
    # From 127.0.0.2: the other tests, from 127.0.0.1, are not locked out with it.
    guesser = kit.ssh_guest(table, "bob", tmp_path, code="0000-0000", args=["-b", "127.0.0.2"])
    for guess in ("1234-5678", "letmein"):
        guesser.wait_for("Permission denied, please try again", screen=False)
        guesser.text = ""
        guesser.wait_for(r"password: ?$")
        guesser.send(guess + "\r")
    assert re.search(r"Too many wrong table codes from your address: try again in (59|60) "
                     r"seconds\.", said(guesser))
    # The host hears of it: a guest of theirs at that address is kept out too.
    table.pty.wait_for(r"Too\s+many\s+wrong\s+table\s+codes\s+from\s+127\.0\.0\.2:\s+nobody\s+"
                       r"there\s+can\s+join\s+for\s+(59|60)\s+seconds\.")
    right = kit.ssh_client(table, ["-b", "127.0.0.2", "bob@127.0.0.1"], tmp_path, log_in=False)
    assert "Too many wrong table codes from your address" in said(right)  # before any code
    elsewhere = kit.ssh_guest(table, "bob", tmp_path)
    elsewhere.wait_for(kit.READY)
    elsewhere.end()


def test_a_second_connection_for_a_taken_seat_is_told_so(
    table: HostProcess, tmp_path: Path
) -> None:
    first = kit.ssh_guest(table, "bob", tmp_path)
    first.wait_for(kit.READY)
    second = kit.ssh_guest(table, "Bob", tmp_path)
    assert "Bob's seat is taken by a connection that is still open." in said(second)
    assert first.child.isalive()
    first.end()


@pytest.mark.parametrize(
    ("args", "refusal"),
    [
        (["bob@127.0.0.1", "id"], "racko runs no commands"),
        (["-t", "bob@127.0.0.1", "sh"], "racko runs no commands"),
        (["-T", "bob@127.0.0.1"], "racko needs a terminal"),
        (["-o", "ExitOnForwardFailure=yes", "-R", "0:127.0.0.1:22", "bob@127.0.0.1"],
         "remote port forwarding failed"),
    ],
    ids=["exec", "exec-with-a-pty", "no-pty", "remote-forwarding"],
)
def test_ssh_gets_nothing_but_the_game(
    table: HostProcess, tmp_path: Path, args: list[str], refusal: str
) -> None:
    assert refusal in said(kit.ssh_client(table, args, tmp_path))


def test_sftp_is_refused(table: HostProcess, tmp_path: Path) -> None:
    client = kit.ssh_client(table, ["bob@127.0.0.1"], tmp_path, program="/usr/bin/sftp")
    assert "subsystem request failed" in said(client)


def test_a_local_forward_through_the_table_reaches_nothing(
    table: HostProcess, tmp_path: Path
) -> None:
    local_port = kit.free_port()
    client = kit.ssh_client(table, ["-N", "-L", f"{local_port}:127.0.0.1:{table.port}",
                                    "bob@127.0.0.1"], tmp_path)
    connection = kit.connect_when_listening(local_port)
    with connection:
        assert connection.recv(100) == b""  # closed at once: nothing was reached
    client.wait_for("open failed", screen=False)
    client.end()


def test_a_megabyte_line_is_cut_off_and_the_table_goes_on(table: HostProcess) -> None:
    async def scenario() -> tuple[str, float]:
        async with await kit.connect(table.port, "cy", table.code) as conn:
            chan, screen = await kit.open_screen(conn)
            await screen.wait_for("when you are ready to play")
            started = time.monotonic()
            chan.write("a" * 1_000_000 + "\r")  # the Enter is beyond the cut: lost
            await screen.wait_for("does nothing here", timeout=20)
            await asyncio.sleep(0.5)
            screen.text = ""
            chan.write("\r")  # so the guest presses it again
            await screen.wait_for("Waiting for Bob", timeout=20)
            return screen.text, time.monotonic() - started

    shown, seconds = kit.run(scenario(), timeout=60)
    assert seconds < 10
    assert "a" * 300 not in shown
    with open(f"/proc/{table.pid}/status", encoding="ascii") as status:
        resident = next(int(line.split()[1]) for line in status if line.startswith("VmRSS:"))
    assert resident < 300_000  # kB: the megabyte was never kept
