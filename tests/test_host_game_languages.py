"""A real `racko host --lang fr` in a pseudo-terminal and a guest running OpenSSH's `ssh` in
theirs: the guest reads the language their ssh sends (`-o SetEnv=LANG=…`), the host French.

The guest plays his turn in Czech, leaves in the middle of it and comes back sending nothing
(the host's language: his turn is now in French), then drops and comes back in a language racko
does not speak (English, from the first screen he is shown again).
"""

from __future__ import annotations

from pathlib import Path

import pytest

asyncssh = pytest.importorskip("asyncssh", reason="racko host needs asyncssh (the host extra)")
pexpect = pytest.importorskip("pexpect")

import hostkit as kit  # noqa: E402

pytestmark = pytest.mark.skipif(not Path(kit.SSH).exists(), reason="no OpenSSH client here")

CZECH = ["-o", "SetEnv=LANG=cs_CZ.UTF-8"]
CZECH_WORDS = ("odejít", "Stiskněte", "líznout", "Hraje", "Přehled", "Klávesou", "Rada")


def test_a_guest_reads_the_language_their_ssh_sends_and_the_host_reads_theirs(
    tmp_path: Path,
) -> None:
    # Seed 4: Bob moves first, so the Czech guest plays his own turn in Czech.
    host = kit.start_host(tmp_path, "--lang", "fr", "--names", "Ann,Bob", "--seed", "4",
                          "--fast")
    bob = kit.ssh_guest(host, "bob", tmp_path, args=CZECH)
    ptys = [host.pty, bob]
    try:
        bob.wait_for("Stiskněte Enter, až budete připraveni hrát.")
        bob.wait_for("q odejít od stolu")
        host.pty.wait_for("Appuyez sur Entrée quand vous êtes prêt\\(e\\) à jouer\\.")
        bob.send("s")  # the score sheet, in racko's own pager
        bob.wait_for("Přehled bodů · mezerník nebo q návrat")
        bob.send("q")
        bob.wait_for("q odejít od stolu")
        bob.send("\r")
        host.pty.send("\r")
        # Dealt: Bob's turn, on his screen in Czech, while the host's stays French.
        bob.wait_for(r"Bob: d líznout · t vzít \d+")
        host.pty.wait_for(r"Bob joue\.")
        bob.send("?")
        bob.wait_for("Klávesou d si líznete vrchní kartu")
        bob.send("h")
        bob.wait_for("Rada:")
        shown_to_host = host.pty.visible()
        assert not any(word in shown_to_host for word in CZECH_WORDS), shown_to_host
        bob.send("q")
        bob.wait_for(r"Odejít od stolu\?")
        bob.send("o")  # the French yes is not Czech's: the question goes away
        bob.wait_for(r"q odejít od stolu >\Z")  # the turn's prompt again, the question gone
        bob.send("q")
        bob.wait_for(r"Odejít od stolu\?")
        bob.send("a")  # ano
        bob.wait_for("Odešli jste od stolu. Hra pokračuje", screen=False)
        bob.child.expect(pexpect.EOF)

        bob = kit.ssh_guest(host, "bob", tmp_path)  # sending no language: the host's
        ptys.append(bob)
        bob.wait_for(r"Bob\s: d piocher")  # his turn waited for him, in French now
        bob.end()
        bob = kit.ssh_guest(host, "bob", tmp_path, args=["-o", "SetEnv=LANG=de_DE.UTF-8"])
        ptys.append(bob)
        # Back in the middle of a step: it is asked again from its start, in the new language
        # at once, and so is the next step.
        bob.wait_for(r"Bob: d draw · t take \d+")
        assert "piocher" not in bob.visible()
        bob.send("d")
        bob.wait_for(r"Slot 1-9 or 0=10 for \d+, x to discard it")
        host.pty.wait_for(r"Bob a pioché une carte")
        assert not any(word in host.pty.text for word in CZECH_WORDS)
    finally:
        for pty in ptys:
            pty.end()
