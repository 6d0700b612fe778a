"""The test builders make what they say: sensible games that finish, stop where asked, rebuild."""

from __future__ import annotations

import pytest
from builders import finished_game, record_lines, record_text, unfinished_game

from rack_o import rebuild


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_policy_finishes_games_whose_records_rebuild(players: int) -> None:
    game = finished_game(players, players=players)
    assert game.is_over
    record = rebuild(record_text(game))
    rebuilt = record.game
    assert rebuilt.is_over and rebuilt.totals == game.totals
    assert record_lines(record) == record_lines(game)


def test_an_unfinished_game_stops_where_asked() -> None:
    game = unfinished_game(5, turns=7)
    assert not game.is_over
    assert sum(1 for e in record_lines(game) if e["type"] == "turn") == 7
