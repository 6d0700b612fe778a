"""The terminal tests type a key only once racko reads keys: the keyboard raw and racko
asleep in a read of it. Raw alone is not enough: racko sets it raw for an instant to throw
away what was typed ahead (a hand-off's hold), and a key sent then is thrown away with it."""

from __future__ import annotations

import sys
import time

import ptys
import pytest
from ttykit import blocked_on_a_key, waits_for_a_key

pytestmark = [pytest.mark.slow,  # programs in a pseudo-terminal
              pytest.mark.skipif(sys.platform != "linux", reason="reads /proc")]

RAW_THEN = "import sys, tty, select\ntty.setraw(0)\nprint('raw', flush=True)\n"
PROGRAMS = {
    "busy with the keyboard raw": (RAW_THEN + "while True:\n    pass\n", False),
    "asleep with the keyboard raw": (RAW_THEN + "import time\ntime.sleep(60)\n", False),
    "reading a key": (RAW_THEN + "select.select([0], [], [])\n", True),
}


@pytest.mark.parametrize(("program", "reads"), list(PROGRAMS.values()), ids=list(PROGRAMS))
def test_a_key_is_sent_only_to_a_program_reading_the_raw_keyboard(
    program: str, reads: bool
) -> None:
    child = ptys.spawn(sys.executable, ["-c", program], timeout=10)
    try:
        child.expect("raw")
        time.sleep(0.2)  # into its loop, its sleep or its read
        assert waits_for_a_key(child)
        assert blocked_on_a_key(child) is reads
    finally:
        child.terminate(force=True)
