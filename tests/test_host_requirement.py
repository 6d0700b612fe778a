"""Without asyncssh, `racko host` says how to install it instead of failing."""

from __future__ import annotations

import subprocess
import sys

import click
import pytest

from rack_o.host.requirement import INSTALL, require_asyncssh


def test_without_asyncssh_racko_host_says_how_to_install_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "asyncssh", None)  # import asyncssh now fails
    with pytest.raises(click.ClickException) as error:
        require_asyncssh()
    assert error.value.message == (
        "racko host needs the asyncssh package. Install it with: pip install 'racko[host]'"
    )
    assert INSTALL == "pip install 'racko[host]'"


def test_with_asyncssh_nothing_is_said() -> None:
    pytest.importorskip("asyncssh")
    require_asyncssh()


@pytest.mark.slow
def test_the_parts_that_need_no_network_load_without_asyncssh() -> None:
    script = (
        "import sys; sys.modules['asyncssh'] = None\n"
        "import rack_o.host.requirement, rack_o.host.guest_seats, rack_o.host.terminal\n"
        "print('loaded')"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=30)
    assert done.stdout == "loaded\n", done.stderr
