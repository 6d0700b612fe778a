"""The SSH table with the OpenSSH client a guest really runs, in a pty (pexpect).

The code is typed at ssh's own password prompt; nothing of the tester's ~/.ssh is used.
"""

from __future__ import annotations

from pathlib import Path

import pytest

asyncssh = pytest.importorskip("asyncssh", reason="racko host needs asyncssh (the host extra)")
pexpect = pytest.importorskip("pexpect")

import ptys  # noqa: E402
from hostkit import (  # noqa: E402
    CODE,
    SSH,
    Hosted,
    connect_when_listening,
    free_port,
    hosted,
    on_game_thread,
    openssh,
    wait_until,
)

pytestmark = pytest.mark.skipif(not Path(SSH).exists(), reason="no OpenSSH client here")

PASSWORD = "password: "


@pytest.fixture
def table(tmp_path: Path):
    with hosted(tmp_path) as served:
        yield served


def spawn(port: int, *args: str, program: str = SSH, home: Path) -> pexpect.spawn:
    """OpenSSH's `program` (ssh, sftp, scp) with `args`, trusting this test's host key, in a
    24×80 pty, with a HOME of its own and no agent."""
    arguments, env = openssh(port, args, home, program)
    return ptys.spawn(program, arguments, env=env, timeout=10, encoding="utf-8",
                      dimensions=(24, 80))


def log_in(child: pexpect.spawn, code: str = CODE) -> None:
    child.expect(PASSWORD)
    child.sendline(code)


def said(child: pexpect.spawn) -> str:
    """Everything the client printed until it ended, on one line."""
    child.expect(pexpect.EOF)
    return " ".join(child.before.split())


def keys_pressed(served: Hosted, seat: int, count: int) -> list[str]:
    """The game side: draw a screen for the guest, then ask for `count` keys."""
    terminal = served.table.terminal(seat)
    terminal.on_redraw(lambda: terminal.console.print(f"{terminal.name}'s rack: 3 9 14"))
    wait_until(served.table, lambda: terminal.is_connected)
    return [terminal.key("Your move > ") for _ in range(count)]


def test_a_guest_logs_in_at_sshs_prompt_and_sends_single_keys(
    table: Hosted, tmp_path: Path
) -> None:
    pressed = on_game_thread(keys_pressed, table, 1, 3)
    child = spawn(table.port, "bob@127.0.0.1", home=tmp_path)
    child.expect("the password is the table code your host gave you")
    log_in(child)
    child.expect("Bob's rack: 3 9 14\r\nYour move > ")
    for key in ("t", "5"):  # each alone, no Enter after it
        child.send(key)
        child.expect("Your move > ")
    child.send("\r")
    assert pressed.result(5) == ["t", "5", "\n"]
    child.terminate(force=True)


def test_three_wrong_codes_at_sshs_prompt_lock_the_address_out(
    table: Hosted, tmp_path: Path
) -> None:
    child = spawn(table.port, "ann@127.0.0.1", home=tmp_path)
    shown = []
    for guess in ("000000", "123456", "letmein"):
        log_in(child, guess)
        shown.append(" ".join(child.before.split()))
    shown.append(said(child))
    assert shown[1] == shown[2] == "Permission denied, please try again. ann@127.0.0.1's"
    port = table.port
    assert shown[3] == (
        f"Received disconnect from 127.0.0.1 port {port}:14: Too many wrong table codes from "
        f"your address: try again in 60 seconds. Disconnected from 127.0.0.1 port {port}"
    )
    again = spawn(table.port, "ann@127.0.0.1", home=tmp_path)  # the right code, too soon
    assert "Too many wrong table codes from your address" in said(again)


def test_a_second_ssh_for_a_taken_seat_is_told_so(table: Hosted, tmp_path: Path) -> None:
    first = spawn(table.port, "ann@127.0.0.1", home=tmp_path)
    log_in(first)
    assert on_game_thread(
        wait_until, table.table, lambda: table.table.terminal(0).is_connected
    ).result(5)
    second = spawn(table.port, "Ann@127.0.0.1", home=tmp_path)
    log_in(second)
    assert "Ann's seat is taken by a connection that is still open." in said(second)
    assert first.isalive()
    first.terminate(force=True)


@pytest.mark.parametrize(
    ("args", "refusal"),
    [
        (["-T", "ann@127.0.0.1"], "racko needs a terminal: run the ssh command in a terminal"),
        (["ann@127.0.0.1", "sh -c id"], "racko runs no commands: connect with the ssh command"),
        (["-t", "ann@127.0.0.1", "bash"], "racko runs no commands"),
        (["-o", "ExitOnForwardFailure=yes", "-R", "0:127.0.0.1:9", "ann@127.0.0.1"],
         "Error: remote port forwarding failed for listen port 0"),
    ],
)
def test_ssh_gets_nothing_but_the_game(
    table: Hosted, tmp_path: Path, args: list[str], refusal: str
) -> None:
    child = spawn(table.port, *args, home=tmp_path)
    log_in(child)
    assert refusal in said(child)


@pytest.mark.parametrize("args", [["-T", "ann@127.0.0.1"], ["ann@127.0.0.1", "ls -la"]],
                         ids=["no-terminal", "a-command"])
def test_a_refusal_to_a_guest_without_a_terminal_breaks_between_words_within_72_columns(
    table: Hosted, tmp_path: Path, args: list[str]
) -> None:
    # Its width unknown, an 80-column window (the usual smallest) would cut a word in two.
    child = spawn(table.port, *args, home=tmp_path)
    log_in(child)
    child.expect(pexpect.EOF)
    lines = [line for line in child.before.replace("\r", "").split("\n") if line.strip()]
    refusal = [line for line in lines if line.startswith("racko")][0]
    following = lines[lines.index(refusal):]
    assert len(following) >= 2 and all(len(line) <= 72 for line in following), following
    assert " ".join(following) == " ".join(" ".join(following).split())  # no word cut in two


def test_x11_forwarding_is_refused_and_the_game_goes_on(table: Hosted, tmp_path: Path) -> None:
    pressed = on_game_thread(keys_pressed, table, 0, 1)
    child = spawn(table.port, "-X", "ann@127.0.0.1", home=tmp_path)
    log_in(child)
    child.expect("X11 forwarding request failed on channel 0")
    child.expect("Your move > ")
    child.send("d")
    assert pressed.result(5) == ["d"]
    child.terminate(force=True)


def test_sftp_and_scp_are_refused(table: Hosted, tmp_path: Path) -> None:
    sftp = spawn(table.port, "ann@127.0.0.1", program="/usr/bin/sftp", home=tmp_path)
    log_in(sftp)
    assert "subsystem request failed on channel 0" in said(sftp)
    scp = spawn(table.port, "-O", "ann@127.0.0.1:/etc/hostname", str(tmp_path / "copy"),
                program="/usr/bin/scp", home=tmp_path)
    log_in(scp)
    assert "racko runs no commands" in said(scp)
    assert not (tmp_path / "copy").exists()


def test_a_local_forward_through_the_table_is_refused(table: Hosted, tmp_path: Path) -> None:
    local_port = free_port()
    child = spawn(table.port, "-N", "-L", f"{local_port}:127.0.0.1:{table.port}",
                  "ann@127.0.0.1", home=tmp_path)
    log_in(child)
    connection = connect_when_listening(local_port)
    with connection:
        assert connection.recv(100) == b""  # closed at once: nothing was reached
    child.expect("open failed: connect failed")
    child.terminate(force=True)


def test_a_guest_whose_ssh_was_killed_reconnects_to_the_same_turn(
    table: Hosted, tmp_path: Path
) -> None:
    pressed = on_game_thread(keys_pressed, table, 0, 1)
    first = spawn(table.port, "ann@127.0.0.1", home=tmp_path)
    log_in(first)
    first.expect("Your move > ")
    first.terminate(force=True)
    again = spawn(table.port, "ann@127.0.0.1", home=tmp_path)
    log_in(again)
    again.expect("Ann's rack: 3 9 14\r\nYour move > ")
    again.send("x")
    assert pressed.result(5) == ["x"]
    again.terminate(force=True)
