"""A guest locked out for wrong codes reads why in the host's language, as OpenSSH shows it.

OpenSSH prints the reason a server gives for hanging up through its log, which shows every byte
outside ASCII as an octal escape (\\316\\240...), whatever the terminal: a Greek, French or
Czech sentence there is unreadable. The sentence comes as an authentication banner instead
(shown as the terminal's text, as the line about the password is), and the reason given with the
hang-up is the English one.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

asyncssh = pytest.importorskip("asyncssh", reason="racko host needs asyncssh (the host extra)")
pexpect = pytest.importorskip("pexpect")

from hostkit import SSH, hosted  # noqa: E402
from test_host_openssh import log_in, said, spawn  # noqa: E402

from rack_o import i18n  # noqa: E402

pytestmark = pytest.mark.skipif(not Path(SSH).exists(), reason="no OpenSSH client here")

LOCKED = {
    "el": r"Πάρα πολλοί λάθος κωδικοί τραπεζιού από τη διεύθυνσή σου: ξαναδοκίμασε σε "
          r"\d+ δευτερόλεπτα\.",
    "fr": r"Trop de codes de table erronés depuis votre adresse\s: réessayez dans "
          r"\d+ secondes\.",
    "cs": r"Příliš mnoho špatných kódů stolu z vaší adresy: zkuste to znovu za \d+ sekund\.",
}
ENGLISH = r"Too many wrong table codes from your address: try again in \d+ seconds\."


@pytest.fixture
def host_language(request: pytest.FixtureRequest) -> Iterator[str]:
    with i18n.restoring_language():
        i18n.install(request.param)
        yield request.param


@pytest.mark.parametrize("host_language", sorted(LOCKED), indirect=True)
def test_a_locked_out_guest_reads_why_in_the_hosts_language(
    host_language: str, tmp_path: Path
) -> None:
    with hosted(tmp_path) as table:
        child = spawn(table.port, "bob@127.0.0.1", home=tmp_path)
        for guess in ("000000", "123456", "letmein"):
            log_in(child, guess)
        shown = said(child)
        again = said(spawn(table.port, "bob@127.0.0.1", home=tmp_path))  # still locked out
    for text in (shown, again):
        assert "\\3" not in text and "\\2" not in text, text  # no octal escapes
        assert re.search(LOCKED[host_language], text), text
        assert re.search(ENGLISH, text), text  # the reason OpenSSH logs, readable too


def test_an_english_host_says_it_once(tmp_path: Path) -> None:
    with i18n.restoring_language():
        i18n.install("en")
        with hosted(tmp_path) as table:
            child = spawn(table.port, "bob@127.0.0.1", home=tmp_path)
            for guess in ("000000", "123456", "letmein"):
                log_in(child, guess)
            shown = said(child)
    assert len(re.findall(ENGLISH, shown)) == 1, shown
