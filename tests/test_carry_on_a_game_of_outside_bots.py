"""A game with a bot from code outside racko is carried on with --load-bots (resume imports
such code only when asked to): every command racko gives to carry it on says so, to be run as
printed. A bot kind that names no code (not package.module:ClassName) is no such bot."""

from __future__ import annotations

from pathlib import Path

import pytest
from builders import record_text, unfinished_game
from click.testing import CliRunner

from rack_o.bots import any_outside, is_outside
from rack_o.cli import main
from rack_o.game import Player

OUTSIDE = "bot:example_bot:BandBot"


def racko(*args: str, keys: str = "") -> tuple[int, list[str]]:
    result = CliRunner().invoke(main, list(args), input=keys)
    return result.exit_code, result.output.splitlines()


@pytest.fixture(params=[OUTSIDE, "bot:hard"], ids=["outside-racko", "a-level"])
def saved(request: pytest.FixtureRequest, home: Path) -> tuple[str, str]:
    """An unfinished game of Ann against a bot, saved as `odd`; what its resume command adds."""
    game = unfinished_game(4, turns=3, kinds=["human", request.param])
    (home / "games" / "odd.jsonl").write_text(record_text(game), encoding="utf-8")
    return "odd", " --load-bots" if request.param == OUTSIDE else ""


@pytest.mark.parametrize(("spec", "outside"), [
    ("example_bot:BandBot", True), ("hard", False), ("Expert ", False),
    ("clever", False), ("\x1b[31mred", False),  # no module:Class: an unknown level
])
def test_only_a_module_and_class_is_code_outside_racko(spec: str, outside: bool) -> None:
    assert is_outside(spec) is outside
    assert any_outside([Player("Ann"), Player.for_bot("X", spec)]) is outside


def test_replay_summary_says_how_to_carry_it_on_as_it_can_be_run(saved: tuple[str, str]) -> None:
    ref, added = saved
    code, shown = racko("replay", "--summary", ref)
    assert code == 0, shown
    assert f"racko resume {ref}{added}" in shown, shown


def test_leaving_a_resumed_game_says_how_to_carry_it_on_as_it_can_be_run(
    saved: tuple[str, str]
) -> None:
    ref, added = saved
    code, shown = racko("resume", ref, "--load-bots", keys="q\ny\n")
    assert code != 0, shown
    assert f"racko resume {ref}{added}" in shown, shown


def test_a_bot_kind_naming_no_code_is_an_unknown_level_not_code_to_load(home: Path) -> None:
    game = unfinished_game(4, turns=3, kinds=["human", "bot:\u001b[31mred"])
    (home / "games" / "odd.jsonl").write_text(record_text(game), encoding="utf-8")
    code, shown = racko("resume", "odd")
    said = " ".join(shown)
    assert code == 2 and "which racko does not have" in said and "--load-bots" not in said, said
