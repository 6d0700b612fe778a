"""click's own words (errors, usage lines, help extras) in the language racko speaks.

click translates its messages with the standard library's `gettext.gettext` and `ngettext`,
bound by name in each of its modules. `speak_racko` rebinds those names to rack_o.i18n, so
click's messages come from racko's catalog in the language chosen by `--lang` or the
environment. The messages a racko user can meet are listed here, marked with N_, so that
tools/catalogs.py puts them in the catalogs whatever click version is installed.
"""

from __future__ import annotations

import importlib
import unicodedata

import click

from rack_o.i18n import N_, _, current_language, ngettext

CLICK_MODULES = ("core", "decorators", "exceptions", "formatting", "parser", "termui", "types",
                 "utils")
"""The click modules whose `_` and `ngettext` racko replaces."""

# The messages of click a racko user can meet; their text must match click's exactly.
N_("Error: {message}")
N_("Try '{command} {option}' for help.")
N_("Usage:")
N_("Positional arguments")
N_("Invalid value for {param_hint}: {message}")
N_("Invalid value: {message}")
N_("Missing argument")
N_("Missing option")
N_("Missing parameter")
N_("Missing {param_type}")
N_("Missing parameter: {param_name}")
N_("Missing command.")
N_("No such option {name!r}.")
N_("No such command {name!r}.")
N_("Option {name!r} does not take a value.")
N_("Could not open file {filename!r}: {message}")
N_("Aborted!")
N_("default: {default}")
N_("env var: {var}")
N_("required")
N_("{value} is not in the range {range}.")
N_("{value!r} is not a valid {number_type}.")
N_("{value!r} is not a valid boolean. Recognized values: {states}")
N_("{name} {filename!r} does not exist.")
N_("{name} {filename!r} is a file.")
N_("{name} {filename!r} is a directory.")
N_("{name} {filename!r} is not readable.")
N_("{name} {filename!r} is not writable.")
N_("{name} {filename!r} is not executable.")
N_("Choose from:\n\t{choices}")
N_("Repeat for confirmation")
N_("Error: The two entered values do not match.")
N_("Error: invalid input")
N_("Press any key to continue...")
N_("%(prog)s, version %(version)s")


def _plurals() -> None:
    """click's plural messages, written out for tools/catalogs.py (never called)."""
    ngettext("Got unexpected extra argument ({args})",
             "Got unexpected extra arguments ({args})", 0)
    ngettext("Did you mean {possibility}?", "(Did you mean one of: {possibilities}?)", 0)
    ngettext("Option {name!r} requires an argument.",
             "Option {name!r} requires {nargs} arguments.", 0)
    ngettext("{value!r} is not {choice}.", "{value!r} is not one of {choices}.", 0)


# click names its value types in English; these names appear in messages and, upper-cased,
# as the placeholders of options in the help ("--players INTEGER RANGE").
TYPE_NAMES = {
    "IntParamType": N_("integer"),
    "IntRange": N_("integer range"),
    "FloatParamType": N_("number"),
    "FloatRange": N_("number"),
    "StringParamType": N_("text"),
}
N_("file")
N_("directory")
N_("path")


class _Name(str):
    """A type's name; upper-cased Greek drops its accents, as Greek capitals are written."""

    def upper(self) -> str:
        text = str.upper(self)
        if current_language() != "el":
            return text
        bare = "".join(c for c in unicodedata.normalize("NFD", text) if c != "\u0301")
        return unicodedata.normalize("NFC", bare)


class _TypeName:
    """A class attribute naming a click type in the current language."""

    def __init__(self, english: str) -> None:
        self.english = english

    def __get__(self, obj: object, owner: type | None = None) -> str:
        return _Name(_(self.english))


class _PathName:
    """click.Path's name ("file", "directory" or "path") in the current language.

    click sets the name once, when the option is made; it is worked out when shown instead.
    """

    def __get__(self, obj: click.Path | None, owner: type | None = None) -> str:
        if obj is None:
            return "path"
        if obj.file_okay and not obj.dir_okay:
            return _Name(_("file"))
        if obj.dir_okay and not obj.file_okay:
            return _Name(_("directory"))
        return _Name(_("path"))

    def __set__(self, obj: click.Path, value: str) -> None:
        """Ignore the name click sets: `__get__` derives it."""


def speak_racko() -> None:
    """Make click's messages and type names follow rack_o.i18n's language (idempotent)."""
    for name in CLICK_MODULES:
        module = importlib.import_module(f"click.{name}")
        if hasattr(module, "_"):
            module._ = _  # type: ignore[attr-defined]
        if hasattr(module, "ngettext"):
            module.ngettext = ngettext  # type: ignore[attr-defined]
    for type_name, english in TYPE_NAMES.items():
        cls = getattr(click.types, type_name, None)
        if cls is not None:
            cls.name = _TypeName(english)
    click.types.Path.name = _PathName()  # type: ignore[assignment,method-assign]
