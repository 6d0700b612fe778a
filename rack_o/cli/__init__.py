"""The `racko` command: a click group whose subcommands load only when they run.

Loading lazily keeps `racko --help` fast: it imports neither rich nor the engine.
The language (`--lang`, else the environment) is installed before any subcommand loads,
and every help text is looked up in it when shown.
"""

from __future__ import annotations

import importlib
import inspect
from contextlib import AbstractContextManager

import click

from rack_o import __version__
from rack_o.cli.clicktexts import speak_racko
from rack_o.i18n import LANGUAGES, N_, _, choose_language, install

speak_racko()  # click's own messages (errors, usage) in racko's language too

# name -> (module:function, one-line help shown by `racko --help`)
COMMANDS: dict[str, tuple[str, str]] = {
    "play": ("rack_o.cli.play:play",
             N_("Play a game at this terminal, hot-seat or against bots.")),
    "resume": ("rack_o.cli.resume:resume", N_("Carry on with an unfinished game.")),
    "replay": ("rack_o.cli.replay:replay",
               N_("Step through a recorded game with every rack shown.")),
    "simulate": ("rack_o.cli.simulate:simulate",
                 N_("Play many games between bots and compare them.")),
    "history": ("rack_o.cli.history:history", N_("List the games played on this computer.")),
    "stats": ("rack_o.cli.history:stats", N_("Show each player's record: games, wins, Rack-Os.")),
    "rules": ("rack_o.cli.rules:rules", N_("Show the rules of Rack-O as this program plays them.")),
}


# click's own words, so that the help pages read in the chosen language throughout.
HELP_OPTION_HELP = N_("Show this message and exit.")
N_("Show the version and exit.")
USAGE = N_("Usage: ")
N_("Options")


class HelpFormatter(click.HelpFormatter):
    """click's help layout with its headings in the current language."""

    def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
        super().write_usage(prog, args, _(USAGE) if prefix is None else prefix)

    def section(self, name: str) -> AbstractContextManager[None]:
        return super().section(_(name))


class Context(click.Context):
    """A click context that lays help out with `HelpFormatter`."""

    formatter_class = HelpFormatter


def _lang_argument(args: list[str]) -> str | None:
    """The value of a `--lang` given before the subcommand, if any."""
    for i, arg in enumerate(args):
        if arg.startswith("--lang="):
            return arg.partition("=")[2]
        if arg == "--lang":
            return args[i + 1] if i + 1 < len(args) else None
        if not arg.startswith("-"):
            return None
    return None


LANG_HELP = N_("The language to play in (default: from LANGUAGE, LC_ALL or LANG).")


def _speak(ctx: click.Context, param: click.Parameter, value: str | None) -> None:
    """`--lang` after a subcommand: speak that language from here on, help included."""
    if value is not None:
        install(value)
        translate_help(ctx.command)


def lang_option() -> click.Option:
    """The `--lang` option every subcommand accepts too (`racko play --lang el`)."""
    return click.Option(["--lang"], type=click.Choice(LANGUAGES), is_eager=True,
                        expose_value=False, callback=_speak, help=LANG_HELP)


def translate_help(command: click.Command) -> click.Command:
    """Show `command`'s help, epilog and option help in the current language.

    The English texts are kept on the command, so switching languages in one process works.
    """
    english = command.__dict__.setdefault(
        "_racko_english",
        (command.help, command.epilog, [param.help for param in command.params
                                         if isinstance(param, click.Option)]),
    )
    help_text, epilog, option_help = english
    command.help = _(inspect.cleandoc(help_text)) if help_text else help_text
    command.epilog = _(epilog) if epilog else epilog
    options = [param for param in command.params if isinstance(param, click.Option)]
    for param, text in zip(options, option_help, strict=True):
        param.help = _(text) if text else text
    command.context_class = Context
    help_option = command.get_help_option(click.Context(command))
    if help_option is not None:
        help_option.help = _(HELP_OPTION_HELP)
    return command


class LazyGroup(click.Group):
    """A group that imports a subcommand's module only when that subcommand is used."""

    context_class = Context

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        # Before anything is shown or loaded: even `--help` must speak the chosen language.
        try:
            install(choose_language(_lang_argument(args)))
        except ValueError:
            install(choose_language())  # the --lang option itself reports the bad value
        translate_help(self)
        return super().parse_args(ctx, args)

    def list_commands(self, ctx: click.Context) -> list[str]:
        return list(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        target = COMMANDS.get(cmd_name)
        if target is None:
            return None
        module_name, attr = target[0].split(":")
        command = getattr(importlib.import_module(module_name), attr)
        if not any(param.name == "lang" for param in command.params):
            command.params.append(lang_option())
        return translate_help(command)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = [(name, _(help_text)) for name, (_target, help_text) in COMMANDS.items()]
        with formatter.section(N_("Commands")):
            formatter.write_dl(rows)


@click.group(cls=LazyGroup, epilog=N_("Example:  racko play --players 3"))
@click.version_option(__version__, prog_name="racko")
@click.option("--lang", type=click.Choice(LANGUAGES), is_eager=True, expose_value=False,
              help=LANG_HELP)
def main() -> None:
    """Rack-O, the card game, for the terminal.

    Put ten cards in ascending order before anyone else. Play hot-seat with friends
    around one keyboard, or against computer opponents.
    """
