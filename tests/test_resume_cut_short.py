"""`racko resume` of a game whose last turn was cut short holding a drawn card (the person quit,
or their window closed, and the card was discarded: its line says `"left": true`) tells so
where it shows how the game stands: to the person alone at the keyboard, "Your turn…"; at a
hot seat, whose screen everyone sees, naming them (the card was discarded face up)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from builders import play_sensibly, record_lines, seeded_game
from click.testing import CliRunner

from rack_o.actions import DISCARD, DRAW, Phase
from rack_o.cli import main
from rack_o.game import Game
from rack_o.record import dumps


def cut_short_game(kinds: list[str], seat: int, seed: int = 5) -> tuple[Game, int]:
    """A game of Ann and Bob (`kinds`) played a few turns, then `seat` drew a card and the game
    stopped: the card was discarded. The game and that card."""
    game = seeded_game(seed, names=["Ann", "Bob"], kinds=kinds, target=500)
    game.deal()
    assert play_sensibly(game, random.Random(seed), 0.1, turns=4)
    while game.mover != seat or game.phase is not Phase.CHOOSE:
        assert play_sensibly(game, random.Random(seed), 0.1, turns=1)
    game.apply(DRAW)
    card = game.held
    assert card is not None
    game.apply(DISCARD)
    return game, card


def write(path: Path, lines: list[dict[str, Any]]) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(dumps(line) for line in lines), encoding="utf-8")
    return path


def resumed(home: Path, game: Game) -> str:
    """The output of `racko resume` of `game`'s record, its last turn marked as cut short
    (`"left": true`); the input ends at the first question."""
    lines = record_lines(game)
    assert lines[-1]["type"] == "turn"
    lines[-1]["left"] = True
    write(home / "games" / "2026-11-29-2105-ann-bob.jsonl", lines)
    result = CliRunner().invoke(main, ["resume", "2026-11-29-2105-ann-bob", "--fast"],
                                input="")
    return " ".join(result.output.split())


def told(card: int, name: str | None = None) -> str:
    if name is None:
        return (f"Your turn was cut short after you drew {card}: a draw cannot be undone, so it "
                f"was discarded.")
    return (f"{name}'s turn was cut short after drawing {card}: a draw cannot be undone, so it "
            f"was discarded.")


def test_the_person_alone_at_the_keyboard_is_told_their_drawn_card_was_discarded(
    home: Path,
) -> None:
    game, card = cut_short_game(["human", "bot:easy"], seat=0)
    out = resumed(home, game)
    assert told(card) in out
    # Said where the game stands, before the game goes on.
    assert out.index("resuming 2026-11-29-2105-ann-bob") < out.index(told(card))
    assert out.index(told(card)) < out.index("Press Enter to carry on")


@pytest.mark.parametrize("seat", [0, 1])
def test_a_hot_seat_is_told_whose_drawn_card_was_discarded_by_name(home: Path, seat: int
                                                                   ) -> None:
    game, card = cut_short_game(["human", "human"], seat=seat)
    name = ["Ann", "Bob"][seat]
    out = resumed(home, game)
    assert told(card, name) in out
    assert "Your turn was cut short" not in out
    # On the hand-off screen, before the next person's rack is shown.
    assert out.index(told(card, name)) < out.index("please look away")
