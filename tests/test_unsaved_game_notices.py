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


@pytest.mark.parametrize("blocked", ["a file", "a read-only folder"])
def test_a_game_that_cannot_be_kept_for_the_history_does_not_promise_to_be(
    home: Path, blocked: str
) -> None:
    # The game is saved, but its note for the history has nowhere to go: "If the game ends,
    # it is kept and added to the history later" was said all the same, and nothing was.
    (home / "history.sqlite3").write_text("not a database\n" * 200)
    pending = home / "history-pending"
    if blocked == "a file":
        pending.write_text("mine\n")
        why = f"{pending} is a file, not a folder."
    else:
        pending.mkdir(mode=0o555)
        why = f"{pending} cannot be written."
    result = racko(*BOT_GAME)
    assert_exited(result, 0)
    said = flat(result.output)
    assert ("If the game ends, its record stays, but it cannot be kept to add to the history "
            f"later: {why}") in said
    assert "kept and added to the history later" not in said
    assert "will be added to the history later" not in said
    assert "The game's record is still in" in said
    assert (pending.read_text() == "mine\n") if blocked == "a file" else not any(pending.iterdir())
