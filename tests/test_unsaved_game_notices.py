"""A game that cannot be saved at all (the data folder is a file) promises nothing it cannot
keep: without a record, a finished game cannot be kept to be added to the history later."""

from __future__ import annotations

from pathlib import Path

import pytest
from clirun import assert_exited, flat, racko

BOT_GAME = ["play", "--players", "2", "--bots", "easy,medium", "--target", "75", "--fast",
            "--seed", "5"]


def test_an_unsaved_game_does_not_promise_to_keep_itself_for_the_history(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = home / "a-file"
    blocker.write_text("")
    monkeypatch.setenv("RACKO_HOME", str(blocker))
    result = racko(*BOT_GAME)
    assert_exited(result, 0)
    said = flat(result.output)
    # Said as the history says it ("File exists" said nothing of what was wrong).
    assert (f"This game is not being saved: cannot write {blocker} ({blocker} is a file, not "
            "a folder).") in said
    assert f"The game history {blocker}/history.sqlite3 cannot be opened" in said
    assert "kept and added to the history later" not in said
    assert "will be added to the history later" not in said
    assert blocker.read_text() == ""
