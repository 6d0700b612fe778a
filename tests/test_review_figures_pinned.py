"""A review's figures are pinned: short seeded games between bots (expert among them) are
played and reviewed, and every move's line of `racko review --json` must stay as it was
when pinned. Work that makes the bots or the review faster must not move a single figure,
nor a bot's move (the games' moves are in the lines). Pinned by the review of 2026-12
(commit 56b0f1f), before the review was made faster. The three-player game was pinned again
when expert began to look one card ahead near the end with three or four players (f3af5d6),
which changes its moves there on purpose; with that look-ahead turned off it gives the
earlier figure. The two- and three-player games were pinned again when expert's turn shown
beside a draw-or-take the estimate rates as well as expert's became expert's placement of the
card played (one `best` in each changed, "take 31 to slot 7" to "draw 17 to slot 4", and
"take 35 to slot 7" to "draw 26 to slot 6"; no other field)."""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any

import pytest
from builders import record_lines

from rack_o import Game, Player, Rules
from rack_o.agent import play_game
from rack_o.bots import make_bot
from rack_o.review import move_line, review

PINNED: dict[str, tuple[list[str], dict[str, Any], int, str]] = {
    "two": (["expert", "hard"], {}, 13,
            "3e8a1cb6bed818182692a2cb9b13921c0d1c6f174dd95e37e5dfab347a2abc8c"),
    "bonus": (["hard", "expert"], {"bonus": True}, 16,
              "59e28d12557c0eea50ffa639f53f85c72399369f88c535a6c79420cfaf50daa2"),
    "three": (["expert", "medium", "hard"], {}, 29,
              "0b3dac9ae68caa86f744da05450adba8a1ebed08887562a966251a36d9bf1437"),
    "run-of-three": (["expert", "hard"], {"run_of_three": True}, 15,
                     "f88369a14c25ecc65f0ac5c6e010cccedea01bd25c3fe4c4810678c4a8db19d8"),
}


@pytest.mark.slow
@pytest.mark.parametrize("case", list(PINNED))
def test_a_review_s_figures_stay_as_pinned(case: str) -> None:
    specs, options, turns, digest = PINNED[case]
    game = Game(Rules(len(specs), target=75, **options), random.Random(11),
                players=[Player(f"P{seat}", f"bot:{spec}") for seat, spec in enumerate(specs)])
    play_game(game, [make_bot(spec, seat, 11) for seat, spec in enumerate(specs)],
              turn_cap=300)
    lines = list(enumerate(record_lines(game), start=1))
    moves = [move_line(move) for move in review(lines)]
    assert len(moves) == turns
    assert hashlib.sha256(json.dumps(moves, sort_keys=True).encode()).hexdigest() == digest
