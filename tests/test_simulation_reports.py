"""What a simulation says it wrote: its JSON (partial and marked after Ctrl-C), its history."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from clirun import assert_exited, flat, racko


def test_ctrl_c_writes_the_partial_json_marked_stopped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import rack_o.match as match_module

    play_one = match_module.play_one

    def stopped_at_game_3(match, index, keep):  # type: ignore[no-untyped-def]
        if index == 2:
            raise KeyboardInterrupt
        return play_one(match, index, keep)

    monkeypatch.setattr(match_module, "play_one", stopped_at_game_3)
    monkeypatch.chdir(tmp_path)  # a short path: a long one would be folded on the screen
    result = racko("simulate", "--bots", "easy,medium", "--games", "6", "--target", "100",
                   "--seed", "5", "--json", "partial.json")
    assert_exited(result, 130)
    data = json.loads((tmp_path / "partial.json").read_text(encoding="utf-8"))
    assert data["stopped"] is True and data["games"] == 2
    assert 'Partial JSON ("stopped": true) written to partial.json.' in flat(result.output)


def test_a_finished_simulation_says_where_its_json_went(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # a short path: a long one would be folded on the screen
    result = racko("simulate", "--bots", "easy,medium", "--games", "2", "--target", "100",
                   "--seed", "5", "--json", "all.json")
    assert_exited(result, 0)
    assert "stopped" not in json.loads((tmp_path / "all.json").read_text(encoding="utf-8"))
    assert "JSON written to all.json." in flat(result.output)


def test_simulate_says_how_many_games_went_into_the_history_in_a_sentence(home: Path) -> None:
    result = racko("simulate", "--bots", "easy,medium", "--games", "2", "--target", "50",
                   "--seed", "1", "--history")
    assert_exited(result, 0)
    assert "2 games added to the history." in result.output
