"""The classic bugs of Rack-O programs, each pinned down: none of them may come back.

- crashing (or shuffling) when the draw pile runs out;
- letting a player throw back the card just taken from the discard pile;
- miscounting a run or an ordered stretch that reaches the very end of the rack.
"""

from __future__ import annotations

import pytest
from builders import dealt, every_card, new_game, racko_round, record_lines, snapshot

from rack_o import DISCARD, DRAW, TAKE, Action, IllegalActionError, SeatView, ordered_count
from rack_o.agent import AgentError, take_step

# Four players, nobody near a Rack-O: every rack descends.
FOUR_RACKS = [list(range(10 * seat + 10, 10 * seat, -1)) for seat in range(4)]


def test_a_long_round_of_draw_and_discard_turns_the_pile_over_each_time_it_runs_out() -> None:
    game = dealt(FOUR_RACKS, discard=41, dealer=3)
    assert game.draw_pile_size == 19
    order = [41, *game.draw_pile]  # the order the 20 pile cards keep, turn-over after turn-over
    for turn in range(1, 20 * 5 + 1):
        assert game.draw_pile_size > 0  # a turn never starts without a draw pile
        game.apply(DRAW)
        game.apply(DISCARD)
        assert every_card(game) == list(range(1, 61))
        turned = record_lines(game)[-1]["type"] == "turn_over"
        assert turned == (turn % 19 == 0)  # exactly when the pile ran out, never otherwise
        if turned:
            # Not shuffled: the pile comes back in the very order it was first dealt.
            assert [*game.discard_pile, *game.draw_pile] == order
    assert game.racks == tuple(map(tuple, FOUR_RACKS))


class ThrowsBack:
    """An agent that takes the top discard and then tries to discard it again."""

    name = "Thrower"

    def choose(self, view: SeatView) -> Action:
        return TAKE if view.phase == "choose" else DISCARD


def test_a_card_taken_from_the_discard_pile_cannot_be_thrown_back() -> None:
    game = dealt(FOUR_RACKS[:2], discard=21, dealer=1)
    thrower = ThrowsBack()
    take_step(game, thrower)
    assert game.held == 21 and game.held_source == "discard"
    before = snapshot(game)
    with pytest.raises(AgentError, match="Thrower .* not legal"):
        take_step(game, thrower)
    with pytest.raises(IllegalActionError, match="cannot be thrown back"):
        game.apply(DISCARD)
    assert snapshot(game) == before


@pytest.mark.parametrize(
    ("rack", "ordered", "points"),
    [
        ([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 10, 50),
        ([11, 12, 13, 14, 15, 16, 17, 18, 19, 1], 9, 45),
        ([1, 3, 5, 7, 9, 11, 13, 15, 16, 17], 10, 50),
    ],
)
def test_an_ordered_stretch_to_the_last_slot_counts_every_card(
    rack: list[int], ordered: int, points: int
) -> None:
    assert ordered_count(rack) == ordered
    game = new_game(2, dealer=1)
    free = [card for card in range(21, 41) if card not in rack][:10]
    end = racko_round(game, free, {1: rack})
    assert end["points"][1] == points


@pytest.mark.parametrize(
    ("final", "bonus"),
    [
        ([2, 4, 6, 8, 10, 12, 14, 38, 39, 40], 50),  # slots 8-10
        ([2, 4, 6, 8, 10, 12, 37, 38, 39, 40], 100),  # slots 7-10
        ([2, 4, 6, 8, 10, 36, 37, 38, 39, 40], 200),  # slots 6-10
        ([2, 4, 6, 8, 35, 36, 37, 38, 39, 40], 400),  # slots 5-10
    ],
)
def test_a_bonus_run_in_the_last_slots_counts(final: list[int], bonus: int) -> None:
    game = new_game(2, dealer=1, bonus=True)
    end = racko_round(game, final)
    assert end["bonus"] == [bonus, 0]
    assert end["points"][0] == 75 + bonus


def test_a_run_of_three_in_the_last_slots_ends_a_two_player_round() -> None:
    game = new_game(2, dealer=1, run_of_three=True)
    end = racko_round(game, [2, 4, 6, 8, 10, 12, 14, 38, 39, 40])
    assert end["racko"] == 0
