"""racko speaks English, Greek, French and Czech: complete catalogs, the language chosen, plurals,
numbers, the rules and the help in each language."""

from __future__ import annotations

import ast
import re
import sys
import zipfile
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest
from click.testing import CliRunner

from rack_o import i18n
from rack_o.cli import main
from rack_o.cli.rules import rules_text

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import catalogs  # noqa: E402 - the development tool that extracts and compiles the catalogs

TRANSLATED = [language for language in i18n.LANGUAGES if language != "en"]


@cache
def extracted() -> dict[str, catalogs.Message]:
    """The messages racko's source marks for translation (found once, by the tests that ask:
    not by every test run's collection)."""
    return catalogs.extract()


PLACEHOLDER = re.compile(r"\{(\w*(?:![rsa])?)\}")  # {name} or {name!r}
KEY = re.compile(r"\[bold\](\S{1,5})\[/\]")
"""A key shown in bold in a prompt, such as [bold]d[/] or [bold]1-10[/]."""


def catalog(language: str) -> dict[str, catalogs.Message]:
    return catalogs.read_po(catalogs.po_path(language).read_text(encoding="utf-8"))[1]


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    """Whatever a test speaks, the next one starts in English."""
    yield
    i18n.install("en")


# ------------------------------------------------------------------ the catalogs


def test_the_source_has_messages_to_translate() -> None:
    assert len(extracted()) > 150
    assert "Discard pile:" in extracted() and "{count} bot" in extracted()  # screens, plurals
    assert "How many sit at the table, 2-4 (asked if not given); 1 is you alone against the --bots." in extracted()  # noqa: E501 - click option help


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_message_in_the_source_is_in_the_catalog(language: str) -> None:
    found = catalog(language)
    missing = [msgid for msgid in extracted() if msgid not in found]
    assert not missing
    wrong_plural = [m for m, msg in extracted().items() if found[m].plural != msg.plural]
    assert not wrong_plural


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_message_is_translated_in_every_plural_form(language: str) -> None:
    forms = {"el": 2, "fr": 2, "cs": 3}[language]
    for message in catalog(language).values():
        expected = 1 if message.plural is None else forms
        assert len(message.msgstr) == expected, message.msgid
        assert all(text.strip() for text in message.msgstr), message.msgid


@pytest.mark.parametrize("language", TRANSLATED)
def test_translations_keep_placeholders_markup_and_keys(language: str) -> None:
    for message in catalog(language).values():
        english = [message.msgid] + ([message.plural] if message.plural else [])
        names = {name for text in english for name in PLACEHOLDER.findall(text)}
        for form, text in enumerate(message.msgstr):
            # Form 0 is the singular in these languages, the others plurals; each keeps the
            # placeholders of its English form, except that a singular may leave out its
            # {count} ("one card").
            wanted = set(PLACEHOLDER.findall(english[min(form, len(english) - 1)]))
            assert set(PLACEHOLDER.findall(text)) <= names, (message.msgid, text)
            assert set(PLACEHOLDER.findall(text)) >= wanted - {"count"}, (message.msgid, text)
            assert text.count("[/]") == message.msgid.count("[/]"), text
            keys = [key for key in KEY.findall(message.msgid) if key != "Enter"]
            assert [key for key in KEY.findall(text) if key in keys] == keys, text


@pytest.mark.parametrize("language", TRANSLATED)
def test_no_english_is_left_in_a_catalog(language: str) -> None:
    # Messages that may read as in English: names, numbers, commands, punctuation, and the
    # names printed on keys (many keyboards say Esc, Tab or Home whatever the language).
    same = {"{file}: {reason}", "{heading}:", "{name}:", "{name}: {points}", "{first}; {then}",
            "{points} Rack-O", "Options", "[OPTIONS]", "MINUTES", "Total", "Points",
            "{count} bot", "Bot", "bonus",
            "ID {id}", "slot", "{racko} + {bonus} bonus = {points}", "bonus Rack-O",
            "Slot [bold]1-10[/] for {card}{hint} · ? help", "text",
            "%(prog)s, version %(version)s", "Enter",
            "Esc", "Tab", "Backspace", "Page Up", "Page Down", "Home", "End", "Insert", "Delete"}
    for message in catalog(language).values():
        if message.msgid in same:
            continue
        assert message.msgstr[0] != message.msgid, (language, message.msgid)


def test_the_compiled_catalogs_are_up_to_date_with_the_sources() -> None:
    for language in TRANSLATED:
        po = catalogs.po_path(language)
        text = po.read_text(encoding="utf-8")
        assert text == catalogs.merge(language, extracted(), text), "run python tools/catalogs.py"
        assert po.with_suffix(".mo").read_bytes() == catalogs.mo_bytes(text)


def test_the_package_ships_the_compiled_catalogs_and_the_rules(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    buildapi = pytest.importorskip("flit_core.buildapi")  # pyproject.toml's build backend
    monkeypatch.chdir(ROOT)
    wheel = tmp_path / buildapi.build_wheel(str(tmp_path))
    shipped = set(zipfile.ZipFile(wheel).namelist())
    data = ROOT / "rack_o" / "data"
    needed = [*data.glob("locale/*/LC_MESSAGES/*.mo"), *data.glob("*.md")]
    assert len(needed) == 2 * len(TRANSLATED) + 1 and all(
        path.relative_to(ROOT).as_posix() in shipped for path in needed)


# ------------------------------------------------------------------ choosing the language


@pytest.mark.parametrize(
    ("option", "environ", "language"),
    [
        (None, {}, "en"),
        ("el", {"LANG": "fr_FR.UTF-8"}, "el"),
        ("fr", {}, "fr"),
        (None, {"LANG": "cs_CZ.UTF-8"}, "cs"),
        (None, {"LANG": "el_GR.UTF-8", "LC_ALL": "fr_FR.UTF-8"}, "fr"),
        (None, {"LANGUAGE": "de:cs:en", "LANG": "fr_FR.UTF-8"}, "cs"),
        (None, {"LANGUAGE": "de", "LANG": "el_GR"}, "el"),
        (None, {"LC_ALL": "de_DE.UTF-8", "LANG": "fr_FR"}, "en"),
        (None, {"LANG": "C.UTF-8"}, "en"),
        (None, {"LANG": "fr_CA@euro"}, "fr"),
        (None, {"LC_MESSAGES": "cs_CZ", "LANG": "en_GB.UTF-8"}, "cs"),
    ],
)
def test_the_language_comes_from_the_option_else_the_environment(
    option: str | None, environ: dict[str, str], language: str
) -> None:
    assert i18n.choose_language(option, environ) == language


def test_an_unknown_language_option_is_refused() -> None:
    with pytest.raises(ValueError, match="not one of en, el, fr, cs"):
        i18n.choose_language("de")
    result = CliRunner().invoke(main, ["--lang", "de", "rules"])
    assert result.exit_code == 2
    assert "'de' is not one of 'en', 'el', 'fr', 'cs'" in result.output


# ------------------------------------------------------------------ plurals and numbers

CARDS = "Draw pile: {count} card face down"
CARDS_PLURAL = "Draw pile: {count} cards face down"


@pytest.mark.parametrize(
    ("language", "count", "shown"),
    [
        ("en", 1, "Draw pile: 1 card face down"),
        ("en", 0, "Draw pile: 0 cards face down"),
        ("el", 1, "Τράπουλα: 1 κλειστή κάρτα"),
        ("el", 2, "Τράπουλα: 2 κλειστές κάρτες"),
        ("fr", 0, "Pioche\u00a0: 0 carte face cachée"),
        ("fr", 1, "Pioche\u00a0: 1 carte face cachée"),
        ("fr", 2, "Pioche\u00a0: 2 cartes face cachée"),
        ("cs", 1, "Balíček: 1 karta lícem dolů"),
        ("cs", 3, "Balíček: 3 karty lícem dolů"),
        ("cs", 5, "Balíček: 5 karet lícem dolů"),
        ("cs", 21, "Balíček: 21 karet lícem dolů"),
    ],
)
def test_plurals_follow_each_language(language: str, count: int, shown: str) -> None:
    i18n.install(language)
    assert i18n.ngettext(CARDS, CARDS_PLURAL, count).format(count=count) == shown


@pytest.mark.parametrize(
    ("language", "value", "digits", "number", "percent"),
    [
        ("en", 12345.678, 1, "12,345.7", "25.0%"),
        ("el", 12345.678, 1, "12.345,7", "25,0%"),
        ("fr", 12345.678, 1, "12\u202f345,7", "25,0\u00a0%"),
        ("cs", 12345.678, 1, "12\u00a0345,7", "25,0\u00a0%"),
        ("cs", 500, 0, "500", "25,0\u00a0%"),
    ],
)
def test_numbers_are_written_as_each_language_writes_them(
    language: str, value: float, digits: int, number: str, percent: str
) -> None:
    i18n.install(language)
    assert i18n.number(value, digits) == number
    assert i18n.percent(0.25) == percent


# ------------------------------------------------------------------ rules and help

RACK_ROW = re.compile(r"^\| ((?:\d+ ){9}\d+) +\|[^|]+\| ([\d +]+?) +\|$", re.MULTILINE)


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_rules_in_each_language_have_the_same_examples_and_sections(language: str) -> None:
    english, translated = rules_text("en"), rules_text(language)
    assert RACK_ROW.findall(translated) == RACK_ROW.findall(english)
    for level in ("# ", "## ", "### "):
        heads = [line for line in english.splitlines() if line.startswith(level)]
        assert len([line for line in translated.splitlines() if line.startswith(level)]) == len(
            heads
        )
    for flag in re.findall(r"`racko [^`]+`|--[a-z-]+", english):
        assert flag in translated
    docs = ROOT / "docs" / f"rules.{language}.md"
    assert docs.is_symlink() and docs.read_text(encoding="utf-8") == translated


@pytest.mark.parametrize(
    ("args", "env", "heading"),
    [
        (["--lang", "el", "rules"], {}, "Rack-O: οι κανόνες όπως τους παίζει το racko"),
        (["--lang=fr", "rules"], {}, "Rack-O\u00a0: les règles telles que racko les joue"),
        (["rules", "--lang", "el"], {}, "Rack-O: οι κανόνες όπως τους παίζει το racko"),
        (["rules"], {"LANGUAGE": None, "LANG": "cs_CZ.UTF-8"}, "Rack-O: pravidla tak"),
        (["rules"], {"LANGUAGE": "en", "LANG": "cs_CZ.UTF-8"}, "Rack-O: the rules as racko"),
    ],
)
def test_racko_rules_shows_the_rules_in_the_chosen_language(
    args: list[str], env: dict[str, str | None], heading: str
) -> None:
    result = CliRunner().invoke(main, args, env=env)
    assert result.exit_code == 0, result.output
    assert heading in result.output


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("el", ["Χρήση: racko play", "Επιλογές:", "Πόσοι κάθονται στο τραπέζι, 2-4",
                "Παραδείγματα:"]),
        ("fr", ["Utilisation\u00a0: racko play", "Options\u00a0:", "Nombre de places à la table",
                "Exemples"]),
        ("cs", ["Použití: racko play", "Volby:", "Kolik jich sedí u stolu, 2-4", "Příklady:"]),
    ],
)
def test_command_help_is_in_the_chosen_language(language: str, words: list[str]) -> None:
    result = CliRunner().invoke(main, ["--lang", language, "play", "--help"], prog_name="racko")
    assert result.exit_code == 0, result.output
    for word in words:
        assert word in result.output
    assert "racko play --bots hard" in result.output
    # English again in the same process: the help texts were not overwritten.
    english = CliRunner().invoke(main, ["play", "--help"], prog_name="racko")
    assert "How many sit at the table, 2-4" in english.output
    assert "Usage: racko play" in english.output


@pytest.mark.parametrize("args", [["--lang", "cs", "--help"], ["--help", "--lang", "cs"],
                                  ["--help", "--lang=cs"], ["--lang", "CS", "--help"]])
def test_lang_may_follow_the_subcommand_too(args: list[str]) -> None:
    # --help, eager, was read first where it came first: the help was English.
    result = CliRunner().invoke(main, ["play", *args], prog_name="racko")
    assert "Použití: racko play" in result.output
    assert "Kolik jich sedí u stolu, 2-4" in result.output
    assert "--lang [en|el|fr|cs]" in result.output


def test_the_group_help_follows_the_environment_even_before_the_option_is_read() -> None:
    result = CliRunner().invoke(main, ["--help"], env={"LANGUAGE": "el"})
    assert "Εντολές:" in result.output and "Παίξε ένα παιχνίδι" in result.output


def test_no_module_that_translates_rebinds_the_underscore() -> None:
    # `for _, x in ...` in a module that imports `_` would make a later _("...") call an int.
    for path in sorted((ROOT / "rack_o").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        translates = any(
            isinstance(node, ast.ImportFrom) and node.module == "rack_o.i18n"
            and any(alias.name == "_" for alias in node.names)
            for node in ast.walk(tree)
        )
        rebound = [node.lineno for node in ast.walk(tree) if isinstance(node, ast.Name)
                   and node.id == "_" and isinstance(node.ctx, ast.Store)]
        assert not (translates and rebound), f"{path}: `_` assigned on lines {rebound}"


NAME_PLACEHOLDER = re.compile(r"\b(?:de|que|le|la) \{(?:name|names|host|player|winner|dealer)\}",
                              re.IGNORECASE)
"""French words that drop their vowel before a vowel ("d'Ann", "qu'Ann"), put before a name
racko cannot know."""


def test_french_puts_no_word_that_elides_before_a_player_s_name() -> None:
    # "La place de Ann" is wrong and "de" cannot know the name: the sentence says it otherwise.
    eliding = [text for message in catalog("fr").values() for text in message.msgstr
               if NAME_PLACEHOLDER.search(text)]
    assert eliding == []
