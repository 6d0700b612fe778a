"""The `racko` command: a click group whose subcommands load only when they run.

Loading lazily keeps `racko --help` fast: it imports neither rich nor the engine.
"""

from __future__ import annotations

import importlib

import click

from rack_o import __version__

# name -> (module:function, one-line help shown by `racko --help`)
COMMANDS: dict[str, tuple[str, str]] = {
    "play": ("rack_o.cli.play:play", "Play a game at this terminal, hot-seat or against bots."),
    "resume": ("rack_o.cli.resume:resume", "Carry on with an unfinished game."),
    "replay": ("rack_o.cli.replay:replay", "Step through a recorded game with every rack shown."),
    "simulate": ("rack_o.cli.simulate:simulate", "Play many games between bots and compare them."),
    "history": ("rack_o.cli.history:history", "List the games played on this computer."),
    "stats": ("rack_o.cli.history:stats", "Show each player's record: games, wins, Rack-Os."),
    "rules": ("rack_o.cli.rules:rules", "Show the rules of Rack-O as this program plays them."),
}


class LazyGroup(click.Group):
    """A group that imports a subcommand's module only when that subcommand is used."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return list(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        target = COMMANDS.get(cmd_name)
        if target is None:
            return None
        module_name, attr = target[0].split(":")
        return getattr(importlib.import_module(module_name), attr)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = [(name, help_text) for name, (_, help_text) in COMMANDS.items()]
        with formatter.section("Commands"):
            formatter.write_dl(rows)


@click.group(cls=LazyGroup, epilog="Example:  racko play --players 3")
@click.version_option(__version__, prog_name="racko")
def main() -> None:
    """Rack-O, the card game, for the terminal.

    Put ten cards in ascending order before anyone else. Play hot-seat with friends
    around one keyboard, or against computer opponents.
    """
