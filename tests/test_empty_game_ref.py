"""An empty ID|FILE ("" from a script's empty variable) names no saved game: it is refused as
one, not read as ".", the folder racko runs in."""

from __future__ import annotations

from pathlib import Path

import pytest
from clirun import assert_exited, flat, racko


@pytest.mark.parametrize("ref", ["", " "])
@pytest.mark.parametrize("command", [["replay"], ["review"], ["resume"], ["resume", "--drop"]])
def test_an_empty_game_id_names_no_saved_game(home: Path, command: list[str], ref: str) -> None:
    result = racko(*command, ref)
    assert_exited(result, 2)
    said = flat(result.output)
    assert f'No saved game "{ref}" in {home / "games"} and no such file.' in said
    assert "not a regular file" not in said
