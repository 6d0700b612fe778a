"""A hosted table's defaults, known without asyncssh: the port and the idle time."""

DEFAULT_PORT = 2222
"""The TCP port guests connect to unless --port says otherwise."""
IDLE_SECONDS = 600.0
"""How long a guest may stay silent while it is their turn (`--idle`, 10 minutes)."""


def named_port(port: int) -> int | None:
    """`port` as a command racko prints names it (`--port N`): None for the default, and for 0
    (any free port: the commands name the port bound instead)."""
    return None if port in (DEFAULT_PORT, 0) else port
