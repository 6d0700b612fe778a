"""`racko rules` in a real terminal: printed whole, or a screen at a time in racko's own pager
with --pager (in a pipe it is always printed whole: tests/test_cli_help.py)."""

from __future__ import annotations

from pathlib import Path

import pexpect
import pytest
from ttykit import plain, press, spawn, visible

from rack_o.cli.rules import rules_text

LAST_WORDS = rules_text().split()[-1]
"""The rules' last word, on their last line."""


@pytest.mark.parametrize("way_out", ["q", " ", "\x03"], ids=["q", "space", "ctrl-c"])
def test_racko_rules_pager_in_a_terminal_pages_in_racko_and_ends_on_a_clean_screen(
    tmp_path: Path, way_out: str
) -> None:
    # No `less` to reach, were it tried.
    child = spawn(["rules", "--pager"], tmp_path, PATH="/nonexistent")
    child.expect("space more · b back · q returns")
    first = visible(child).splitlines()
    assert len(first) == 24 and first[-1].startswith("Rules of Rack-O · lines 1-23 of ")
    assert LAST_WORDS not in "\n".join(first)
    press(child, "\x1b[F")  # End: the last screen
    child.expect(r"\(end\) · b back · space or q returns")
    last = visible(child).splitlines()
    assert LAST_WORDS in "\n".join(last[:-1])
    assert "space more" not in last[-1]
    press(child, way_out)
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert visible(child) == ""


@pytest.mark.parametrize("args", [[], ["--no-pager"]], ids=["plain", "no-pager"])
def test_racko_rules_prints_them_whole_in_a_terminal(tmp_path: Path, args: list[str]) -> None:
    child = spawn(["rules", *args], tmp_path)
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    printed = plain(child.before)
    assert "Rules of Rack-O · lines" not in printed
    assert LAST_WORDS in printed.rstrip().splitlines()[-1]
