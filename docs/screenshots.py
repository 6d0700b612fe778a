"""Export the README's screenshots, drawn by the real screens: `python docs/screenshots.py`.

Writes docs/turn.svg (a turn, mid-round) and docs/round-table.svg (the end of a round),
from a seeded three-player game played by a simple policy; rerun after changing a screen.
The same turn in Greek, French and Czech goes to docs/turn.el.svg, turn.fr.svg, turn.cs.svg.
"""

from __future__ import annotations

import math
import random
from pathlib import Path

from rich.console import Console, Group, RenderableType
from rich.text import Text

from rack_o.actions import DISCARD, DRAW, TAKE, Action, place
from rack_o.cli.scoreboard import fitted_round_table, racko_banner
from rack_o.cli.screens import turn_screen
from rack_o.game import Game, Player
from rack_o.i18n import _, install
from rack_o.rules import Rules

HERE = Path(__file__).parent
NAMES = ("Ann", "Bob", "Cy")
LOCAL_NAMES = {
    "el": ("Άννα", "Βασίλης", "Ζωή"),
    "fr": ("Anaïs", "Bruno", "Chloé"),
    "cs": ("Anna", "Bohouš", "Čeněk"),
}


def policy(game: Game) -> Action:
    """Each card to the slot of its band (good enough to finish a round)."""
    size = game.rules.deck_size
    rack = game.racks[game.mover]

    def wanted(card: int) -> bool:
        slot = math.ceil(card * 10 / size)
        return math.ceil(rack[slot - 1] * 10 / size) != slot

    if game.phase == "choose":
        top = game.discard_top
        return TAKE if top is not None and wanted(top) else DRAW
    assert game.held is not None
    if wanted(game.held) or game.held_source == "discard":
        return place(math.ceil(game.held * 10 / size))
    return DISCARD


def save(renderable: RenderableType, name: str, title: str) -> None:
    console = Console(record=True, width=80, file=open("/dev/null", "w"))  # noqa: SIM115
    console.print(renderable)
    console.save_svg(str(HERE / name), title=title)
    print(f"wrote {HERE / name}")


def mid_turn(names: tuple[str, ...]) -> Game:
    """The screenshots' game after seven laps of the table, a drawn card in hand."""
    game = Game(Rules(3, target=200), random.Random(2026), players=[Player(n) for n in names])
    game.deal()
    for _lap in range(2 * 22):
        game.apply(policy(game))
    game.apply(DRAW)
    return game


def place_prompt(card: int) -> Text:
    """The prompt racko shows with a drawn card in hand (the same message, so translated)."""
    hint = " · " + _("[bold]h[/] hint")
    prompt = _("Slot [bold]1-9[/] or [bold]0[/]=10 for {card}, [bold]x[/] to discard "
               "it{hint} · ? help")
    return Text.from_markup(prompt.format(card=card, hint=hint) + " > ")


def translated_turn(language: str) -> None:
    """docs/turn.LANG.svg: the same turn as turn.svg, in `language`, with local names."""
    install(language)
    game = mid_turn(LOCAL_NAMES[language])
    assert game.held is not None
    save(Group(turn_screen(game.view(game.mover)), place_prompt(game.held)),
         f"turn.{language}.svg", f"racko --lang {language} play")
    install("en")


def main() -> None:
    game = mid_turn(NAMES)
    assert game.held is not None
    save(Group(turn_screen(game.view(game.mover)), place_prompt(game.held)), "turn.svg",
         "racko play — a turn")
    while not game.rounds:
        game.apply(policy(game))
    result = game.rounds[-1]
    table = Group(
        racko_banner(result, NAMES),
        fitted_round_table(result, NAMES, game.rules),
        Text.assemble(
            "Press Enter to deal round 2 — ", (NAMES[(game.dealer + 1) % 3], "bold"), " deals > "
        ),
    )
    save(table, "round-table.svg", "racko play — the end of a round")
    for language in LOCAL_NAMES:
        translated_turn(language)


if __name__ == "__main__":
    main()
