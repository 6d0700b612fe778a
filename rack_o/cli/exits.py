"""The exit codes of every racko command, defined once."""

EXIT_OK = 0
EXIT_STOPPED = 1
"""The game stopped before its end (quit, input ended, a bot or the disk failed)."""
EXIT_NOTHING = 1
"""There was nothing to do: no such game to carry on, no history yet."""
EXIT_USAGE = 2
"""click's own code for a usage error."""
EXIT_BAD_FILE = 2
"""A record file cannot be used (it is left untouched)."""
EXIT_HANGUP = 129
"""128 + SIGHUP, as a shell reports a program ended by a closed terminal."""
EXIT_INTERRUPTED = 130
"""128 + SIGINT: Ctrl-C."""
EXIT_TERMINATED = 143
"""128 + SIGTERM: racko was told to stop (kill, a shutdown)."""
