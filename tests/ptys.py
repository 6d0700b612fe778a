"""Programs in a pseudo-terminal for the pexpect tests, with Ctrl-C working in them.

A process started with SIGINT ignored (nohup, a background job of a non-interactive shell,
some CI runners, xdist workers) passes that on to its children, and Python then installs no
KeyboardInterrupt handler: racko would never see the Ctrl-C a test types, and the test would
wait for a prompt until it timed out. Every pexpect test starts its program with `spawn`, which
puts SIGINT back to its default in the child before the program starts.
"""

from __future__ import annotations

import signal
from typing import Any

import pexpect


def default_sigint() -> None:
    """In the child, before exec: SIGINT interrupts again, whatever the test run inherited."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def spawn(command: str, args: list[str], **options: Any) -> pexpect.spawn:
    """`pexpect.spawn(command, args, **options)`, the child starting with SIGINT at its default."""
    return pexpect.spawn(command, args, preexec_fn=default_sigint, **options)
