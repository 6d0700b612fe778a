"""Games played by the engine and its bots pass an independent referee written from the specs."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
import referee
from builders import SeededGame, record_lines

from rack_o import Game, Player, Rules, dumps
from rack_o.agent import play_game
from rack_o.bots import bot_kind, make_bot

TABLES = [
    ("2 players", Rules(2, target=150), ["hard", "easy"]),
    ("2 players, run of three", Rules(2, target=100, run_of_three=True), ["hard", "hard"]),
    ("2 players, bonus", Rules(2, target=200, bonus=True), ["medium", "hard"]),
    ("3 players", Rules(3, target=150), ["easy", "medium", "hard"]),
    ("4 players, partners, bonus", Rules(4, target=150, partners=True, bonus=True),
     ["hard", "easy", "medium", "hard"]),
    ("4 players", Rules(4, target=100), ["easy", "easy", "easy", "easy"]),
]


def play_record(tmp_path: Path, rules: Rules, specs: list[str], seed: int) -> Path:
    """Play a whole bot game with `seed` and write its record; return the file."""
    bots = [make_bot(spec, seat, seed) for seat, spec in enumerate(specs)]
    players = [Player(f"{spec} {seat + 1}", bot_kind(spec)) for seat, spec in enumerate(specs)]
    game = SeededGame(rules, random.Random(seed), players=players, seed=seed)
    play_game(game, bots, turn_cap=2000)
    path = tmp_path / f"game-{seed}.jsonl"
    path.write_text("".join(dumps(event) for event in record_lines(game)), encoding="utf-8")
    return path


@pytest.mark.slow
@pytest.mark.parametrize(("rules", "specs"), [t[1:] for t in TABLES], ids=[t[0] for t in TABLES])
def test_finished_bot_games_pass_the_referee(
    tmp_path: Path, rules: Rules, specs: list[str]
) -> None:
    for seed in range(3):
        stats = referee.check(play_record(tmp_path, rules, specs, seed))
        assert stats["finished"], f"seed {seed}: the game did not reach game_end"
        assert stats["rounds"] >= 1


def test_the_referee_passes_a_pile_turned_over() -> None:
    # A slow table (four easy bots on 60 cards) turns the draw pile over now and then;
    # make sure the referee saw at least one, so that rule was really checked.
    seen = 0
    for seed in range(10):
        rules = Rules(4, target=50)
        bots = [make_bot("easy", seat, seed) for seat in range(4)]
        game = Game(rules, random.Random(seed))
        play_game(game, bots, turn_cap=2000)
        seen += sum(event["type"] == "turn_over" for event in record_lines(game))
    assert seen > 0


@pytest.mark.parametrize(
    ("line_type", "field", "change"),
    [
        ("turn", "card", lambda v: v + 1 if v < 40 else v - 1),
        ("round_end", "points", lambda v: [p + 5 for p in v]),
        ("deal", "dealer", lambda v: 1 - v),
    ],
)
def test_the_referee_refuses_a_tampered_record(
    tmp_path: Path, line_type: str, field: str, change
) -> None:
    path = play_record(tmp_path, Rules(2, target=100), ["hard", "easy"], 1)
    lines = path.read_text(encoding="utf-8").splitlines()
    index = next(i for i, line in enumerate(lines) if json.loads(line)["type"] == line_type)
    event = json.loads(lines[index])
    event[field] = change(event[field])
    lines[index] = json.dumps(event)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(referee.Bad):
        referee.check(path)
