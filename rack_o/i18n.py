"""The language racko speaks: choosing it, and the gettext functions every screen calls.

English (the messages in the source) is the default; Greek, French and Czech come from the
gettext catalogs shipped in rack_o/data/locale. The language comes from `--lang`, else from
LANGUAGE, LC_ALL, LC_MESSAGES or LANG, as gettext itself would read them. This module imports
only the standard library and `rack_o.errors` (the engine marks its messages with `N_` too),
so `racko --help` stays light.

`install` sets the language of the whole process; `speaking` sets another for a while, in one
thread or asyncio task only (a `contextvars.ContextVar`): a hosted table speaks each guest's
language on their screen and the host's on the host's.

The catalogs also hold click's own messages under click's msgids. click translates them with
the standard library's module-level `gettext.gettext`/`ngettext`, which look in the current
text domain for the languages the environment names; `install` makes that domain racko's and
names the chosen language in LANGUAGE, so click speaks it too, with no change to click.
"""

from __future__ import annotations

import gettext
import os
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path

from rack_o.errors import N_ as N_  # re-exported: the CLI marks its messages with it too

DOMAIN = "racko"
LANGUAGES = ("en", "el", "fr", "cs")
"""Every language racko speaks; the first is the default and the source language."""
LANGUAGE_NAMES = {"en": "English", "el": "Ελληνικά", "fr": "Français", "cs": "Čeština"}
"""Each language's name in itself: what its speakers recognise, whatever language names it."""
LOCALE_DIR = Path(__file__).parent / "data" / "locale"

LANGUAGE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
"""The environment variables that name a language, in the order gettext reads them."""

_language = "en"
_catalog: gettext.NullTranslations = gettext.NullTranslations()
"""The language installed for the whole process, and its catalog."""
_spoken: ContextVar[tuple[str, gettext.NullTranslations] | None] = ContextVar(
    "racko_spoken", default=None)
"""The language `speaking` set in this thread or task, with its catalog (None: the installed)."""
_catalogs: dict[str, gettext.NullTranslations] = {}

# Thousands separator and decimal mark of each language (the locale module would need the
# system's locales installed, which most terminals lack).
_NUMBER_MARKS = {
    "en": (",", "."),
    "el": (".", ","),
    "fr": ("\u202f", ","),
    "cs": ("\u00a0", ","),
}
_PERCENT = {"en": "{}%", "el": "{}%", "fr": "{}\u00a0%", "cs": "{}\u00a0%"}


def language_of(value: str | None) -> str | None:
    """The supported language a value like "fr_FR.UTF-8", "el" or "cs:en" names, else None."""
    for item in (value or "").split(":"):
        code = item.split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
        if code in LANGUAGES:
            return code
    return None


def choose_language(option: str | None = None, environ: Mapping[str, str] | None = None) -> str:
    """The language to speak: `option` if given, else what the environment asks, else "en".

    LANGUAGE may list several languages (the first supported one wins); otherwise the first
    of LC_ALL, LC_MESSAGES and LANG that is set decides, as in gettext.
    """
    if option:
        chosen = language_of(option)
        if chosen is None:
            raise ValueError(f"{option!r} is not one of {', '.join(LANGUAGES)}")
        return chosen
    env = os.environ if environ is None else environ
    from_list = language_of(env.get("LANGUAGE"))
    if from_list is not None:
        return from_list
    for variable in LANGUAGE_VARIABLES[1:]:
        if env.get(variable):
            return language_of(env[variable]) or LANGUAGES[0]
    return LANGUAGES[0]


NO_LANGUAGE = ("C", "POSIX")
"""Locale names that ask for no language (a server's or a container's default)."""


def asked_language(environ: Mapping[str, str]) -> str | None:
    """The language `environ` (another computer's) asks for, read as `choose_language` reads it
    (so a language racko does not speak is English); None if it asks for none: it sets none of
    LANGUAGE_VARIABLES, or the one of LC_ALL, LC_MESSAGES, LANG that decides is C or POSIX
    (with or without a codeset) and LANGUAGE names no language racko speaks."""
    if not any(environ.get(variable) for variable in LANGUAGE_VARIABLES):
        return None
    from_list = language_of(environ.get("LANGUAGE"))
    if from_list is not None:
        return from_list
    deciding = next((environ[variable] for variable in LANGUAGE_VARIABLES[1:]
                     if environ.get(variable)), None)
    if deciding is not None and deciding.split(".")[0].split("@")[0] in NO_LANGUAGE:
        return None
    return choose_language(environ=environ)


def _catalog_of(language: str) -> gettext.NullTranslations:
    """`language`'s catalog for `speaking`, loaded once."""
    if language not in LANGUAGES:
        raise ValueError(f"{language!r} is not one of {', '.join(LANGUAGES)}")
    catalog = _catalogs.get(language)
    if catalog is None:
        catalog = gettext.NullTranslations()
        if language != LANGUAGES[0]:
            catalog = gettext.translation(DOMAIN, LOCALE_DIR, languages=[language])
        _catalogs[language] = catalog
    return catalog


def install(language: str) -> None:
    """Speak `language` from now on (one of LANGUAGES), in racko's messages and click's.

    English needs no catalog. For the standard library's gettext (which click calls) this
    binds racko's text domain and sets LANGUAGE to `language`, for the whole process.
    """
    if language not in LANGUAGES:
        raise ValueError(f"{language!r} is not one of {', '.join(LANGUAGES)}")
    catalog: gettext.NullTranslations = gettext.NullTranslations()
    if language != LANGUAGES[0]:
        catalog = gettext.translation(DOMAIN, LOCALE_DIR, languages=[language])
    global _language, _catalog
    _language, _catalog = language, catalog
    gettext.bindtextdomain(DOMAIN, str(LOCALE_DIR))
    gettext.textdomain(DOMAIN)
    # LANGUAGE is gettext's own variable for the language of messages: it outranks LC_ALL,
    # LC_MESSAGES and LANG for catalogs and changes nothing else (no locale, no formats).
    # "en" has no catalog, so gettext falls back to the English msgids even if LANG=fr_FR.
    os.environ["LANGUAGE"] = language


@contextmanager
def restoring_language() -> Iterator[None]:
    """On leaving, speak again the language spoken on entering, and give LANGUAGE and the
    text domain back the values they had, whatever was installed in between."""
    global _language, _catalog
    language, catalog = _language, _catalog
    variable, domain = os.environ.get("LANGUAGE"), gettext.textdomain()
    try:
        yield
    finally:
        _language, _catalog = language, catalog
        gettext.textdomain(domain)
        if variable is None:
            os.environ.pop("LANGUAGE", None)
        else:
            os.environ["LANGUAGE"] = variable


@contextmanager
def speaking(language: str | None) -> Iterator[None]:
    """Within: racko's messages, numbers and `current_language` are in `language` (one of
    LANGUAGES; None: the language installed), in this thread or asyncio task only.

    Nothing process-wide changes: click's messages, LANGUAGE and the text domain stay the
    installed language's. ValueError for a language racko does not speak.
    """
    token = _spoken.set(None if language is None else (language, _catalog_of(language)))
    try:
        yield
    finally:
        _spoken.reset(token)


def current_language() -> str:
    """The language being spoken now."""
    spoken = _spoken.get()
    return _language if spoken is None else spoken[0]


def _current_catalog() -> gettext.NullTranslations:
    spoken = _spoken.get()
    return _catalog if spoken is None else spoken[1]


def _(message: str) -> str:
    """`message` in the current language."""
    return _current_catalog().gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message for the count `n`, by the current language's plural rule."""
    return _current_catalog().ngettext(singular, plural, n)


def number(value: float, digits: int = 0) -> str:
    """`value` with `digits` decimals, grouped and marked as the current language writes it."""
    group, decimal = _NUMBER_MARKS[current_language()]
    text = f"{value:,.{digits}f}"
    return text.replace(",", "\x00").replace(".", decimal).replace("\x00", group)


def percent(fraction: float, digits: int = 1) -> str:
    """`fraction` (0.25) as a percentage ("25.0%", "25,0 %") in the current language."""
    return _PERCENT[current_language()].format(number(100 * fraction, digits))


def listed(items: Sequence[str]) -> str:
    """`items` as a sentence lists them in the current language: "Ann", "Ann and Bob",
    "Ann, Bob and Cy"."""
    if len(items) < 2:
        return "".join(items)
    return ", ".join(items[:-1]) + _(" and ") + items[-1]
