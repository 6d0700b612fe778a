"""click's own messages (usage errors, help pages) and the bot-loading errors speak the chosen
language through gettext; English stays English; a click message no catalog holds yet is shown
in English rather than failing."""

from __future__ import annotations

import gettext
import os
import re
import sys
from collections.abc import Iterator
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from rack_o import i18n
from rack_o.cli import COMMANDS, main

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import catalogs  # noqa: E402 - the development tool that extracts and compiles the catalogs

TRANSLATED = ["el", "fr", "cs"]
ENGLISH = re.compile(
    r"\b(Error|Invalid value|Try|Usage|No such|Missing|Got unexpected|is not in the range|"
    r"is not a valid|default|Did you mean|requires an argument|does not take a value|"
    r"is a file|is a directory|File|Directory|INTEGER|RANGE|DIRECTORY|"
    r"unknown bot level|does not import|has no class|lacks the bot interface)\b"
)
"""Words of click's English messages (and of the bot errors) that a translation never keeps."""
ENGLISH_HELP = re.compile(
    r"\b(Usage|Options|Commands|Positional arguments|Show this message|Show the version|"
    r"default|required)\b|--[\w-]+ (INTEGER|FILE|DIRECTORY|PATH|TEXT|FLOAT)\b"
)
"""click's words on a help page; racko's own placeholders of ID|FILE stay."""
SAME_WORD = {"fr": {"Options"}}
"""Words of click's that a language writes as English does."""
ERROR = {"el": "Σφάλμα: ", "fr": "Erreur\u00a0: ", "cs": "Chyba: "}

MISTAKES = [
    pytest.param(["play", "--players", "5"], id="out-of-range"),
    pytest.param(["play", "--players", "abc"], id="not-a-number"),
    pytest.param(["play", "--target", "abc"], id="not-an-integer"),
    pytest.param(["play", "--players"], id="no-value"),
    pytest.param(["play", "--bogus"], id="no-such-option"),
    pytest.param(["play", "--bonu"], id="did-you-mean"),
    pytest.param(["play", "--bonus=yes"], id="flag-with-a-value"),
    pytest.param(["nope"], id="no-such-command"),
    pytest.param(["play", "extra"], id="extra-argument"),
    pytest.param(["play", "one", "two"], id="extra-arguments"),
    pytest.param(["replay"], id="missing-argument"),
    pytest.param(["play", "--lang", "xx"], id="bad-choice"),
    pytest.param(["simulate", "--bots", "hard,easy", "--record-dir", __file__],
                 id="directory-is-a-file"),
    pytest.param(["simulate", "--bots", "hard,easy", "--json", str(ROOT)],
                 id="file-is-a-directory"),
    pytest.param(["play", "--players", "2", "--bots", "nope"], id="unknown-bot"),
    pytest.param(["simulate", "--bots", "hard,no_such_module_xyz:Bot"], id="bot-not-importable"),
    pytest.param(["simulate", "--bots", "hard,os:path"], id="bot-no-class"),
    pytest.param(["simulate", "--bots", "hard,collections:OrderedDict"], id="not-a-bot"),
]


def flat(text: str) -> str:
    """`text` with its line breaks and runs of spaces made single spaces (not the NBSPs)."""
    return re.sub(r"[ \n]+", " ", text)


def english_in(text: str, pattern: re.Pattern[str], language: str) -> list[str]:
    """The English words of click's that `text` holds, but for those `language` shares."""
    return [m.group(0) for m in pattern.finditer(text)
            if m.group(0) not in SAME_WORD.get(language, set())]


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    """Whatever a test speaks, the next one starts in English."""
    yield
    i18n.install("en")


@pytest.mark.parametrize("args", MISTAKES)
@pytest.mark.parametrize("language", TRANSLATED)
def test_a_usage_mistake_is_reported_in_the_chosen_language(
    language: str, args: list[str]
) -> None:
    result = CliRunner().invoke(main, ["--lang", language, *args], prog_name="racko")
    assert result.exit_code == 2, result.output
    assert not english_in(result.output, ENGLISH, language), result.output
    assert result.output.count(ERROR[language]) == 1, result.output


@pytest.mark.parametrize("args", MISTAKES)
def test_a_usage_mistake_is_reported_in_english_by_default(args: list[str]) -> None:
    result = CliRunner().invoke(main, args, prog_name="racko")
    assert result.exit_code == 2, result.output
    assert result.output.count("Error: ") == 1, result.output
    assert not any(word in result.output for word in ERROR.values())


@pytest.mark.parametrize("command", ["", *COMMANDS])
@pytest.mark.parametrize("language", TRANSLATED)
def test_every_help_page_is_in_the_chosen_language(language: str, command: str) -> None:
    args = ["--lang", language, *([command] if command else []), "--help"]
    result = CliRunner().invoke(main, args, prog_name="racko")
    assert result.exit_code == 0, result.output
    assert not english_in(flat(result.output), ENGLISH_HELP, language), result.output
    usage = {"el": "Χρήση: racko", "fr": "Utilisation\u00a0: racko", "cs": "Použití: racko"}
    assert result.output.startswith(usage[language]), result.output


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("el", ["Μη έγκυρη τιμή για '--players': αναμενόταν ακέραιος αριθμός από 1 έως 4 "
                "(π.χ. --players 3), όχι 5.", "Για βοήθεια, γράψε 'racko play --help'."]),
        ("fr", ["Valeur non valable pour '--players'\u00a0: un nombre entier de 1 à 4 est "
                "attendu (par exemple --players 3), pas 5.",
                "Pour de l'aide, tapez 'racko play --help'."]),
        ("cs", ["Neplatná hodnota pro '--players': čekáno celé číslo od 1 do 4 (například "
                "--players 3), ne 5.", "Nápovědu ukáže 'racko play --help'."]),
    ],
)
def test_an_out_of_range_value_reads_naturally(language: str, words: list[str]) -> None:
    result = CliRunner().invoke(main, ["--lang", language, "play", "--players", "5"],
                                prog_name="racko")
    for word in words:
        assert word in flat(result.output), result.output


@pytest.mark.parametrize(
    ("language", "said", "kind"),
    [("el", "Σφάλμα: --record-dir {file}: δεν είναι φάκελος.", "ΦΑΚΕΛΟΣ"),
     ("fr", "Erreur\u00a0: --record-dir {file}\u00a0: ce n'est pas un dossier.", "DOSSIER"),
     ("cs", "Chyba: --record-dir {file}: není složka.", "SLOŽKA")],
)
def test_a_path_of_the_wrong_kind_is_refused_in_the_chosen_language(
        language: str, said: str, kind: str) -> None:
    # racko checks the kind of a path itself (click's "Directory '…' is a file." is not its
    # words); the kind is named in the chosen language in the help.
    result = CliRunner().invoke(
        main, ["--lang", language, "simulate", "--bots", "hard,easy", "--record-dir", __file__],
        prog_name="racko")
    assert said.format(file=__file__) in flat(result.output), result.output
    shown = CliRunner().invoke(main, ["--lang", language, "simulate", "--help"]).output
    assert f"--record-dir {kind}" in shown, shown


def test_the_environment_chooses_the_language_of_click_messages_too() -> None:
    result = CliRunner().invoke(main, ["play", "--players", "5"], prog_name="racko",
                                env={"LANGUAGE": "cs"})
    assert "Chyba: Neplatná hodnota pro '--players': čekáno celé číslo" in flat(result.output)


def test_lang_en_overrides_a_language_of_the_environment_for_click_too() -> None:
    result = CliRunner().invoke(main, ["--lang", "en", "play", "--players", "5"],
                                prog_name="racko", env={"LANGUAGE": None, "LANG": "fr_FR.UTF-8"})
    assert "Error: Invalid value for '--players': expected a whole number from 1 to 4 (such as " \
        "--players 3), not 5." in flat(result.output)


def test_english_stays_english_after_another_language() -> None:
    before = os.environ.get("LANGUAGE")
    CliRunner().invoke(main, ["--lang", "fr", "play", "--players", "5"], prog_name="racko")
    assert os.environ.get("LANGUAGE") == before  # a command's language ends with it
    assert i18n.current_language() == "en"
    result = CliRunner().invoke(main, ["play", "--players", "5"], prog_name="racko")
    assert "Error: Invalid value for '--players': expected a whole number from 1 to 4 (such as " \
        "--players 3), not 5." in flat(result.output)
    assert "Try 'racko play --help' for help." in result.output
    help_text = flat(CliRunner().invoke(main, ["simulate", "--help"], prog_name="racko").output)
    assert "--games N" in help_text and "[default: 100]" in help_text
    assert "--json FILE" in help_text and "--record-dir DIRECTORY" in help_text


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("el", ["--games N", "[προεπιλογή: 100]", "--json ΑΡΧΕΙΟ",
                "--record-dir ΦΑΚΕΛΟΣ"]),
        ("fr", ["--games N", "[par défaut\u00a0: 100]", "--json FICHIER",
                "--record-dir DOSSIER"]),
        ("cs", ["--games N", "[výchozí: 100]", "--json SOUBOR",
                "--record-dir SLOŽKA"]),
    ],
)
@pytest.mark.parametrize("where", ["before", "after"])
def test_help_names_value_types_and_defaults_in_the_chosen_language(
    language: str, words: list[str], where: str
) -> None:
    args = (["--lang", language, "simulate", "--help"] if where == "before"
            else ["simulate", "--lang", language, "--help"])
    result = CliRunner().invoke(main, args, prog_name="racko")
    assert result.exit_code == 0, result.output
    for word in words:
        assert word in flat(result.output), result.output
    assert not english_in(result.output, ENGLISH, language), result.output


@pytest.mark.parametrize(("language", "command", "placeholders", "english"), [
    ("fr", "play", ["--bot PLACE=NIVEAU", "--bots NIVEAU,…", '--names "ANNE,BRUNO,…"',
                    "--record CHEMIN"], ["SEAT=LEVEL", "LEVEL,"]),
    ("el", "play", ["--bot ΘΕΣΗ=ΕΠΙΠΕΔΟ", "--bots ΕΠΙΠΕΔΟ,…"], ["SEAT=LEVEL", "LEVEL,"]),
    ("cs", "play", ["--bot MÍSTO=ÚROVEŇ", "--bots ÚROVEŇ,…"], ["SEAT=LEVEL", "LEVEL,"]),
    ("fr", "simulate", ["--bot PLACE=BOT", "Mettre BOT à la place PLACE"], ["SEAT"]),
    ("fr", "review", ["--player NOM"], ["NAME"]),
])
def test_racko_s_own_placeholders_are_translated_as_click_s_are(
    language: str, command: str, placeholders: list[str], english: list[str]
) -> None:
    # --record PATH became CHEMIN while --bot SEAT=LEVEL stayed English.
    result = CliRunner().invoke(main, ["--lang", language, command, "--help"], prog_name="racko")
    assert result.exit_code == 0, result.output
    for placeholder in placeholders:
        assert placeholder in flat(result.output), result.output
    assert not [word for word in english if word in result.output], result.output
    # The English placeholders are kept for the next language asked.
    again = CliRunner().invoke(main, ["--lang", "en", command, "--help"], prog_name="racko")
    assert ("--bot SEAT=" in again.output) is (command != "review")


# ------------------------------------------------------------------ messages no catalog holds


@pytest.mark.parametrize("language", TRANSLATED)
def test_a_click_message_no_catalog_holds_falls_back_to_english(language: str) -> None:
    # As a message a newer click adds would, until `tools/catalogs.py --click` lists it.
    @click.command()
    @click.option("--count", type=int)
    def command(count: int | None) -> None:
        raise click.UsageError("Something click may say one day.")

    with i18n.restoring_language():
        i18n.install(language)
        assert gettext.gettext("Windows error: {error}") == "Windows error: {error}"
        assert gettext.ngettext("{n} new thing", "{n} new things", 5) == "{n} new things"
        result = CliRunner().invoke(command, [], prog_name="racko")
    assert result.exit_code == 2
    assert f"{ERROR[language]}Something click may say one day." in result.output


# ------------------------------------------------------------------ the list of click's messages


@pytest.mark.slow
def test_the_catalogs_take_the_click_messages_a_user_can_meet_from_one_list() -> None:
    shown, never_shown = catalogs.read_click_list()
    assert ("Error: {message}", None) in shown and ("Missing argument", None) in shown
    assert ("No such option: {name}", None) in shown  # click 8.1's wording stays for 8.1
    shown_ids = [msgid for msgid, _plural in shown]
    never_ids = [msgid for msgid, _plural in never_shown]
    assert len(set(shown_ids)) == len(shown_ids) and not set(shown_ids) & set(never_ids)
    extracted = catalogs.extract()
    assert all(catalogs.CLICK_PLACE in extracted[msgid].places for msgid in shown_ids)
    assert not set(never_ids) & set(extracted)
    assert catalogs.read_click_list(catalogs.CLICK_LIST) == catalogs.read_click_list()
    text = catalogs.CLICK_LIST.read_text(encoding="utf-8")
    assert catalogs.write_click_list(shown, never_shown) == text  # the tool writes it back


@pytest.mark.slow
def test_the_installed_click_can_be_scanned_for_its_messages() -> None:
    found = dict(catalogs.installed_click_messages())
    assert found["Error: {message}"] is None and found["Usage:"] is None
    assert found["Got unexpected extra argument ({args})"] == (
        "Got unexpected extra arguments ({args})")


@pytest.mark.slow
def test_a_click_message_in_neither_list_is_found_as_new(tmp_path: Path) -> None:
    # What `tools/catalogs.py --click` adds to the shown list after a click release.
    shown, never_shown = catalogs.read_click_list()
    listed = tmp_path / "click_messages.toml"
    listed.write_text(catalogs.write_click_list(
        [message for message in shown if message[0] != "Usage:"], never_shown), encoding="utf-8")
    assert catalogs.new_click_messages(listed) == [("Usage:", None)]


# ------------------------------------------------------------------ headings


@pytest.mark.parametrize("command", ["", "play", "resume"])
def test_a_help_heading_takes_the_colon_of_the_language(
    monkeypatch: pytest.MonkeyPatch, command: str
) -> None:
    # French spaces its colon ("Options :"), where click glues an English one to the heading.
    # Until the catalogs have the heading's message, this test gives French its translation.
    translation = gettext.translation

    def with_heading(*args: object, **kwargs: object) -> gettext.NullTranslations:
        catalog = translation(*args, **kwargs)  # type: ignore[arg-type]
        if isinstance(catalog, gettext.GNUTranslations):  # a copy: its own dict, not the cache's
            catalog._catalog = {"{heading}:": "{heading}\u00a0:", **catalog._catalog}  # type: ignore[attr-defined]
        return catalog

    monkeypatch.setattr(gettext, "translation", with_heading)
    args = ["--lang", "fr", *([command] if command else []), "--help"]
    shown = CliRunner().invoke(main, args, prog_name="racko").output
    headings = [line for line in shown.splitlines() if line.rstrip().endswith(":")
                and not line.startswith(" ")]
    assert "Options\u00a0:" in headings, shown
    assert all(heading.endswith("\u00a0:") for heading in headings), headings
    assert ("Commandes\u00a0:" in headings) == (command == "")
