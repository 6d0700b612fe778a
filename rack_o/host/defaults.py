"""A hosted table's defaults, known without asyncssh: the port and the idle time."""

DEFAULT_PORT = 2222
"""The TCP port guests connect to unless --port says otherwise."""
IDLE_SECONDS = 600.0
"""How long a guest may stay silent while it is their turn (`--idle`, 10 minutes)."""
