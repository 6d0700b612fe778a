"""Prompts: a bare Enter only asks again, a discard is confirmed."""

from __future__ import annotations

import io
import re
from pathlib import Path

from clirun import racko
from rich.console import Console

from rack_o.cli.console import Terminal
from rack_o.cli.prompt import ask


def test_a_bare_enter_where_a_key_is_wanted_only_asks_again() -> None:
    term = Terminal(Console(file=io.StringIO(), width=80), stdin=io.StringIO("\n\nd\n"))
    key = ask(term, "d or t", ("d", "t"), valid="type d or t", help_text="help")
    assert key == "d"
    out = term.console.file.getvalue()  # type: ignore[attr-defined]
    assert "not valid" not in out
    assert out.count("d or t > ") == 3


def test_throwing_a_drawn_card_away_is_confirmed_not_kept(home: Path) -> None:
    result = racko("play", "--players", "2", "--bots", "easy", "--seed", "1", "--fast",
                   input="\n\nd\nx\nq\ny\n")
    out = result.output
    drawn = re.search(r"^You drew (\d+)\.$", out, flags=re.MULTILINE)
    assert drawn, out
    card = drawn[1]
    assert (f"You drew {card}.\nYou throw {card} onto the discard pile.\n"
            "Enter confirms · u takes it back") in out
    assert "keeps it" not in out
