"""The `racko` command: a click group whose subcommands load only when they run.

Loading lazily keeps `racko --help` fast: it imports neither rich nor the engine.
The language (`--lang`, else the environment) is installed before any subcommand loads,
and every help text is looked up in it when shown. click's own messages (errors, usage,
help headings) come from racko's catalogs through gettext: see rack_o.i18n.install.
"""

from __future__ import annotations

import copy
import difflib
import importlib
import inspect
import unicodedata
from collections.abc import Iterator
from contextlib import contextmanager
from typing import IO, Any

import click

from rack_o import __version__
from rack_o.i18n import (
    LANGUAGES,
    N_,
    _,
    choose_language,
    current_language,
    install,
    ngettext,
    restoring_language,
)

# name -> (module:function, one-line help shown by `racko --help`)
COMMANDS: dict[str, tuple[str, str]] = {
    "play": ("rack_o.cli.play:play",
             N_("Play a game at this terminal, hot-seat or against bots.")),
    "resume": ("rack_o.cli.resume:resume", N_("Carry on with an unfinished game.")),
    "replay": ("rack_o.cli.replay:replay",
               N_("Step through a recorded game with every rack shown.")),
    "review": ("rack_o.cli.review:review", N_("Find the mistakes made in a recorded game.")),
    "simulate": ("rack_o.cli.simulate:simulate",
                 N_("Play many games between bots and compare them.")),
    "history": ("rack_o.cli.history:history", N_("List the games played on this computer.")),
    "stats": ("rack_o.cli.stats:stats", N_("Show each player's record: games, wins, Rack-Os.")),
    "rules": ("rack_o.cli.rules:rules", N_("Show the rules of Rack-O as this program plays them.")),
    "host": ("rack_o.host.command:host",
             N_("Host a game that friends join from their own terminals with ssh.")),
}


# click names its value types in English, in messages ("'x' is not a valid integer.") and,
# upper-cased, as the placeholders of options in the help ("--games INTEGER RANGE"); racko
# shows them in the chosen language. click.Path's names are click's own msgids.
TYPE_NAMES = {
    "integer": N_("integer"),
    "integer range": N_("integer range"),
    "float": N_("number"),
    "float range": N_("number"),
    "text": N_("text"),
}


def _type_name(param_type: click.ParamType) -> str | None:
    """The message naming a value type in help and errors, None for types named otherwise."""
    if isinstance(param_type, click.Path):
        if param_type.file_okay and not param_type.dir_okay:
            return "file"
        return "directory" if param_type.dir_okay and not param_type.file_okay else "path"
    return TYPE_NAMES.get(type(param_type).name)


def _capitals(text: str) -> str:
    """`text` upper-cased as the current language writes capitals (Greek drops its accents)."""
    text = text.upper()
    if current_language() != "el":
        return text
    bare = "".join(c for c in unicodedata.normalize("NFD", text) if c != "\u0301")
    return unicodedata.normalize("NFC", bare)


def _lang_argument(args: list[str]) -> str | None:
    """The value of a `--lang` given before the subcommand, if any."""
    for i, arg in enumerate(args):
        if arg.startswith("--lang="):
            return arg.partition("=")[2].lower()
        if arg == "--lang":
            return args[i + 1].lower() if i + 1 < len(args) else None
        if not arg.startswith("-"):
            return None
    return None


def _subcommand_lang(args: list[str]) -> str | None:
    """The value of a `--lang` given anywhere among a subcommand's arguments (before a "--"),
    if any."""
    for i, arg in enumerate(args):
        if arg == "--":
            return None
        if arg.startswith("--lang="):
            return arg.partition("=")[2].lower()
        if arg == "--lang":
            return args[i + 1].lower() if i + 1 < len(args) else None
    return None


LANG_HELP = N_("The language racko speaks (default: from LANGUAGE, LC_ALL or LANG).")


def _speak(ctx: click.Context, param: click.Parameter, value: str | None) -> None:
    """`--lang` after a subcommand: speak that language from here on, help included."""
    if value is not None:
        install(value)
        translate_help(ctx.command)


def _language_choice() -> click.Choice:
    """The values --lang takes, in any case ("--lang FR"), as --bots takes its levels."""
    return click.Choice(LANGUAGES, case_sensitive=False)


def lang_option() -> click.Option:
    """The `--lang` option every subcommand accepts too (`racko play --lang el`)."""
    return click.Option(["--lang"], type=_language_choice(), is_eager=True,
                        expose_value=False, callback=_speak, help=LANG_HELP)


def lang_chosen() -> bool:
    """Whether the command running now was given `--lang` (before or after its name): the
    person chose the language, rather than the environment."""
    from click.core import ParameterSource

    ctx = click.get_current_context(silent=True)
    while ctx is not None:
        if ctx.get_parameter_source("lang") is ParameterSource.COMMANDLINE:
            return True
        ctx = ctx.parent
    return False


OPTIONS_METAVAR = N_("[OPTIONS]")
COMMAND_METAVAR = N_("COMMAND [ARGS]...")


def translate_help(command: click.Command) -> click.Command:
    """Show `command`'s help, epilog, option help and value types in the current language.

    The English originals are kept on the command, so switching languages in one process
    works. Value types are copied before they are renamed: click shares some between options.
    """
    params = command.params
    english = command.__dict__.setdefault(
        "_racko_english",
        (command.help, command.epilog,
         [(param.help if isinstance(param, click.Option) else None, param.type,
           param.metavar) for param in params]),
    )
    help_text, epilog, originals = english
    command.help = _(inspect.cleandoc(help_text)) if help_text else help_text
    command.epilog = _(epilog) if epilog else epilog
    # The usage line's placeholders: click writes them in English whatever the language.
    command.options_metavar = _(OPTIONS_METAVAR)
    if isinstance(command, click.Group):
        command.subcommand_metavar = _(COMMAND_METAVAR)
    for param, (text, param_type, metavar) in zip(params, originals, strict=True):
        if isinstance(param, click.Option):
            param.help = _(text) if text else text
        name = _type_name(param_type)
        if name is not None:
            param.type = copy.copy(param_type)
            param.type.name = _(name)
            if metavar is None and isinstance(param, click.Option) and param.nargs == 1:
                param.metavar = _capitals(param.type.name)
        if metavar is not None:
            # A placeholder of racko's own (SEAT=LEVEL), marked with N_, as PATH is translated.
            param.metavar = _(metavar)
    # Made (and kept by click) with racko's names for it: a bare context would give --help only.
    help_option = command.get_help_option(click.Context(
        command, help_option_names=HELP_OPTION_NAMES))
    if help_option is not None:
        # click words it once, when it first makes the option (in whatever language then).
        help_option.help = _("Show this message and exit.")
    return command


HELP_OPTION_NAMES = ["-h", "--help"]
"""How help is asked for, of racko and of each command (-h as most programs take it)."""


class HelpFormatter(click.HelpFormatter):
    """click's help layout, with each heading's colon as the language writes it."""

    def write_heading(self, heading: str) -> None:
        # click glues an English colon to the heading ("Options:"); French spaces it.
        # Translators: a heading of a help page, such as "Options:" or "Commands:".
        text = _("{heading}:").format(heading=heading)
        self.write(f"{'':>{self.current_indent}}{text}\n")


class Context(click.Context):
    """click's context, laying help out with racko's HelpFormatter."""

    formatter_class = HelpFormatter


def fitted(error: click.ClickException) -> click.ClickException:
    """`error`, to be shown (`show`) as click lays it out but broken between words at the
    terminal's width: click writes each line whole, and a terminal cuts a long one anywhere."""
    show = error.show

    def show_fitted(file: IO[Any] | None = None) -> None:
        import io
        import shutil

        from rack_o.store.safe_text import controls_escaped

        from .wrapping import fill

        said = io.StringIO()
        show(said)
        # A value quoted back (a path, a name) never steers the terminal: its control
        # characters are spelt out, each line apart.
        text = "\n".join(map(controls_escaped, said.getvalue().rstrip("\n").split("\n")))
        click.echo(fill(text, shutil.get_terminal_size().columns), file=file, err=file is None)

    error.show = show_fitted  # type: ignore[method-assign]
    return error


def no_such_command(name: str) -> str:
    """Why `name` is no command, with the commands it may be a slip for: those it begins
    ("re": replay, resume, review), else the nearest by spelling (difflib). click's own
    sentences, so that they read as its other errors do."""
    meant = ([command for command in COMMANDS if command.startswith(name)] if len(name) >= 2
             else []) or difflib.get_close_matches(name, COMMANDS, n=1)
    said = _("No such command {name!r}.").format(name=name)
    return said + " " + did_you_mean(meant) if meant else said


def did_you_mean(meant: list[str]) -> str:
    """click's sentence for what a slip may have meant (one or more of `meant`), as racko's
    messages give it after any name typed wrong (a command, a bot level)."""
    names = ", ".join(repr(name) for name in meant)
    return ngettext("Did you mean {possibility}?", "(Did you mean one of: {possibilities}?)",
                    len(meant)).format(possibility=names, possibilities=names)


@contextmanager
def _usage_shown(ctx: click.Context) -> Iterator[None]:
    """Within: a usage error raised without its command (click's "Option '--names' requires
    an argument.") is given `ctx`'s, so that it shows the usage line and --help hint as
    racko's other usage errors do."""
    try:
        yield
    except click.UsageError as error:
        if error.ctx is None:
            error.ctx = ctx
        raise


def _with_usage_on_parse_errors(command: click.Command) -> None:
    """Make `command`'s errors in reading its arguments show its usage (`_usage_shown`), once
    per command."""
    if getattr(command, "_racko_usage_shown", False):
        return
    parse = command.parse_args

    def parse_args(ctx: click.Context, args: list[str]) -> list[str]:
        with _usage_shown(ctx):
            return parse(ctx, args)

    command.parse_args = parse_args  # type: ignore[method-assign]
    command._racko_usage_shown = True  # type: ignore[attr-defined]


class LazyGroup(click.Group):
    """A group that imports a subcommand's module only when that subcommand is used."""

    context_class = Context

    def make_context(self, info_name: str | None, args: list[str],
                     parent: click.Context | None = None, **extra: Any) -> click.Context:
        try:
            return super().make_context(info_name, args, parent, **extra)
        except click.ClickException as error:
            fitted(error)
            raise

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except click.ClickException as error:
            fitted(error)
            raise
        except KeyboardInterrupt:
            # A Ctrl-C no command caught (one reading a big record, say) ends racko as every
            # other Ctrl-C does, not with click's "Aborted!" and the exit code of "nothing".
            from .exits import EXIT_INTERRUPTED
            from .quit_signal import key_named

            click.echo("\n" + key_named(_("Interrupted (Ctrl-C).")), err=True)
            raise SystemExit(EXIT_INTERRUPTED) from None
        except BrokenPipeError:
            # Output piped to a reader that has gone (`racko history | head`): every command
            # stops here quietly, with exit 0, not with click's exit 1.
            from .exits import EXIT_OK
            from .streams import reader_gone

            reader_gone()
            raise SystemExit(EXIT_OK) from None

    def main(self, *args: Any, **kwargs: Any) -> Any:
        # The language a command installs lasts until click has said its last word (an error
        # is shown inside super().main); then the process speaks as before, so that calling
        # racko again in the same process (tests, a host) reads the environment afresh.
        from .quit_signal import ctrl_backslash_as_ctrl_c
        from .streams import forgiving_streams

        forgiving_streams()
        with restoring_language(), ctrl_backslash_as_ctrl_c():
            return super().main(*args, **kwargs)

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        # Before anything is shown or loaded: even `--help` must speak the chosen language.
        try:
            install(choose_language(_lang_argument(args)))
        except ValueError:
            install(choose_language())  # the --lang option itself reports the bad value
        translate_help(self)
        with _usage_shown(ctx):
            return super().parse_args(ctx, args)

    def list_commands(self, ctx: click.Context) -> list[str]:
        return list(COMMANDS)

    def resolve_command(self, ctx: click.Context, args: list[str]
                        ) -> tuple[str | None, click.Command | None, list[str]]:
        name = args[0] if args else ""
        if name == "help" and "help" not in COMMANDS:
            chosen = _subcommand_lang(args[1:])
            named = args[1] if len(args) > 1 and not args[1].startswith("-") else None
            if named is None:  # `racko help` (`--lang fr` too): what `racko --help` shows
                if chosen in LANGUAGES:
                    install(chosen)
                    translate_help(self)
                click.echo(ctx.get_help(), color=ctx.color)
                ctx.exit(0)
            # `racko help play`, in the language a --lang after it chooses; anything else
            # after it is left out, as `--help` leaves it.
            asked = ["--lang", chosen] if chosen in LANGUAGES else []
            return self.resolve_command(ctx, [named, "--help", *asked])
        if name not in COMMANDS and not name.startswith("-") and not ctx.resilient_parsing:
            raise click.UsageError(no_such_command(name), ctx)
        chosen = _subcommand_lang(args[1:])
        if chosen in LANGUAGES:
            # `racko review --help --lang cs`: --help, eager too, is read first where it comes
            # first, and must speak the language that follows it.
            install(chosen)
        return super().resolve_command(ctx, args)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        target = COMMANDS.get(cmd_name)
        if target is None:
            return None
        module_name, attr = target[0].split(":")
        command = getattr(importlib.import_module(module_name), attr)
        if not any(param.name == "lang" for param in command.params):
            command.params.append(lang_option())
        command.context_class = Context
        _with_usage_on_parse_errors(command)
        return translate_help(command)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = [(name, _(help_text)) for name, (_target, help_text) in COMMANDS.items()]
        with formatter.section(_("Commands")):
            formatter.write_dl(rows)


def _show_version(ctx: click.Context, asked: bool) -> None:
    """`racko --version`, in the language spoken (click's own option words it in English, once,
    as racko is imported)."""
    if not asked or ctx.resilient_parsing:
        return
    click.echo(_("%(prog)s, version %(version)s") % {"prog": "racko", "version": __version__})
    ctx.exit()


@click.group(cls=LazyGroup, epilog=N_("Example:  racko play --players 3"),
             context_settings={"help_option_names": HELP_OPTION_NAMES})
@click.option("--version", is_flag=True, is_eager=True, expose_value=False,
              callback=lambda ctx, _param, value: _show_version(ctx, value),
              help="Show the version and exit.")
@click.option("--lang", type=_language_choice(), is_eager=True, expose_value=False,
              help=LANG_HELP)
def main() -> None:
    """Rack-O, the card game, for the terminal.

    Put ten cards in ascending order before anyone else. Play hot-seat with friends
    around one keyboard, or against computer opponents.
    """
