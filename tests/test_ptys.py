"""The pexpect tests' programs get Ctrl-C even when the test run was started ignoring it."""

from __future__ import annotations

import signal
import sys
from pathlib import Path

import pexpect
import ptys

# Short sleeps rather than input(): a signal that comes just before a blocking read can wait
# for ever, while Python checks for one between two sleeps.
WAIT_FOR_CTRL_C = "import time\nprint('ready', flush=True)\nwhile True:\n    time.sleep(0.05)"


def test_a_child_is_interrupted_by_ctrl_c_even_when_the_tests_ignore_sigint() -> None:
    inherited = signal.signal(signal.SIGINT, signal.SIG_IGN)  # as under nohup or `&`
    try:
        child = ptys.spawn(sys.executable, ["-c", WAIT_FOR_CTRL_C], encoding="utf-8",
                           timeout=10)
    finally:
        signal.signal(signal.SIGINT, inherited)
    child.expect_exact("ready")
    child.sendintr()
    child.expect(pexpect.EOF)
    child.close()
    # An unhandled KeyboardInterrupt ends Python by SIGINT itself, after the traceback.
    assert child.signalstatus == signal.SIGINT and "KeyboardInterrupt" in child.before


def test_every_pexpect_test_starts_its_program_through_ptys() -> None:
    tests = Path(__file__).parent
    helpers = {"ptys.py", Path(__file__).name}
    direct = [path.name for path in sorted(tests.glob("*.py"))
              if path.name not in helpers and "pexpect.spawn(" in path.read_text(encoding="utf-8")]
    assert direct == []
