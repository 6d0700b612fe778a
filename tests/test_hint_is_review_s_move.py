"""h with --hint-level expert gives exactly the move `racko review` measures the turn against,
in a new game and in a resumed one: the expert bot, its hint and the review draw the expert's
guesses from one generator, seeded by the game's seed."""

from __future__ import annotations

from pathlib import Path

import pytest
from builders import record_lines, seeded_game, unfinished_game, write_with_header
from clirun import flat, racko

from rack_o import DISCARD, DRAW, TAKE, Action, Phase, Source, place
from rack_o.agent import play_game
from rack_o.bots import Advice, make_bot
from rack_o.cli.setup import game_hint
from rack_o.review import review
from rack_o.view import SeatView


class Hinted:
    """A person's seat that asks h at every decision (as the CLI builds it for a game dealt
    from `seed`) and then plays the medium bot's move, so the position drifts from expert's."""

    name = "Ann"

    def __init__(self, seed: int) -> None:
        hint = game_hint("expert", seed)
        assert hint is not None
        self.hint = hint
        self.play = make_bot("medium", 0, seed)
        self.hints: dict[tuple[int, int, Phase], Advice] = {}

    def choose(self, view: SeatView) -> Action:
        self.hints[(view.round, view.turn, view.phase)] = self.hint(view)
        return self.play.choose(view)


# Seeds whose round has a close call the expert decides by its guesses, for each table size.
@pytest.mark.parametrize(("players", "seed"), [(2, 1), (2, 4), (2, 5), (3, 3), (4, 4)])
def test_an_expert_hint_is_the_move_the_review_measures_against(players: int, seed: int) -> None:
    game = seeded_game(seed, players, kinds=["human"] + ["bot:hard"] * (players - 1))
    person = Hinted(seed)
    play_game(game, [person] + [make_bot("hard", seat, seed) for seat in range(1, players)],
              turn_cap=300, rounds=1)
    moves = list(review(list(enumerate(record_lines(game), start=1)), {0}))
    assert len(moves) * 2 == len(person.hints)
    for move in moves:
        choose = person.hints[(move.round, move.turn - 1, Phase.CHOOSE)]
        placing = person.hints[(move.round, move.turn - 1, Phase.PLACE)]
        assert (choose.action, placing.action) == (move.choose.best, move.place.best), move
        # Expert's whole turn shown is the hint's, where it is shown on expert's own pile (a
        # pile the estimate rates as well or nearly, where the placement cost more, is shown
        # as the player's pile with expert's placement of its card: docs/review.md).
        expert_s_pile = Source.DISCARD if choose.action == TAKE else Source.DRAW
        if move.best.card is not None and move.best.source is expert_s_pile:
            assert (choose.slot or placing.slot) == move.best.slot, move


@pytest.mark.parametrize(("players", "seed"), [(2, 13), (3, 11), (4, 14)])
def test_the_expert_bot_s_own_turns_are_the_review_s_moves(players: int, seed: int) -> None:
    game = seeded_game(seed, players, kinds=["bot:expert"] * players)
    play_game(game, [make_bot("expert", seat, seed) for seat in range(players)],
              turn_cap=300, rounds=1)
    moves = list(review(list(enumerate(record_lines(game), start=1))))
    assert moves
    assert [(m.choose.played, m.place.played) for m in moves] == [
        (m.choose.best, m.place.best) for m in moves]


def test_a_resumed_game_hints_the_move_the_review_measures_against(home: Path) -> None:
    # Seed 44, after 3 turns: Ann's take-or-draw is a close call the expert's guesses decide.
    game = unfinished_game(44, 3)
    assert game.mover == 0 and game.phase is Phase.CHOOSE
    path = write_with_header(home / "g.jsonl", game,
                             lambda line: line.update(hint_level="expert"))
    resumed = racko("resume", str(path), input="\nh\nq\ny\n")
    taken = unfinished_game(44, 3)
    game.apply(DRAW)
    game.apply(DISCARD)
    drawn = list(review(list(enumerate(record_lines(game), start=1)), {0}))[-1]
    assert drawn.choose.best == TAKE  # the draw is measured against expert's take
    # Expert's whole turn, shown where the take is played (a draw the estimate rates as well
    # is shown with its own card placed).
    taken.apply(TAKE)
    taken.apply(place(1))
    best = list(review(list(enumerate(record_lines(taken), start=1)), {0}))[-1].best
    assert best.source is Source.DISCARD and best.card is not None
    assert f"Hint: Take the {best.card} for slot {best.slot} " in flat(resumed.output)
    # The turn shown beside the draw is the hint's take unless the draw cost nothing
    # (docs/review.md): then it is the draw, with expert's placement of its card.
    if round(drawn.choose.cost, 2) == 0:
        assert drawn.best.source is Source.DRAW and drawn.best.card == drawn.played.card
    else:
        assert drawn.best == best
