"""`racko play`'s terminal and a hosted guest's both offer all that `PlayerTerminal` names, as
it names it: the turn screens, the prompts and the pager, written against it, work on both."""

from __future__ import annotations

import inspect

import pytest

from rack_o.cli.console import PlayerTerminal, Terminal

pytest.importorskip("asyncssh", reason="racko host needs asyncssh (the host extra)")
from rack_o.host.terminal import RemoteTerminal  # noqa: E402

MEMBERS = [name for name in vars(PlayerTerminal) if not name.startswith("_")]


def shape(member: object) -> object:
    """A method's parameters (names and kinds: defaults may differ), or "property"."""
    if isinstance(member, property):
        return "property"
    return [(p.name, p.kind) for p in inspect.signature(member).parameters.values()]


@pytest.mark.parametrize("terminal", [Terminal, RemoteTerminal])
@pytest.mark.parametrize("name", MEMBERS)
def test_each_terminal_offers_the_member_as_named(terminal: type, name: str) -> None:
    assert shape(getattr(terminal, name)) == shape(getattr(PlayerTerminal, name))

