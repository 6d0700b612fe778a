"""click's own messages (usage errors, help extras) and the bot-loading errors speak the
chosen language; English stays English."""

from __future__ import annotations

import ast
import importlib
import inspect
import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from rack_o import i18n
from rack_o.cli import main
from rack_o.cli.clicktexts import CLICK_MODULES

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import catalogs  # noqa: E402 - the development tool that extracts and compiles the catalogs

ENGLISH = re.compile(
    r"\b(Error|Invalid value|Try|Usage|No such|Missing|Got unexpected|is not in the range|"
    r"is not a valid|default|Did you mean|requires an argument|INTEGER|RANGE|DIRECTORY|"
    r"unknown bot level|does not import|has no class|lacks the bot interface)\b"
)

MISTAKES = [
    pytest.param(["play", "--players", "5"], id="out-of-range"),
    pytest.param(["play", "--players", "abc"], id="not-a-number"),
    pytest.param(["play", "--players"], id="no-value"),
    pytest.param(["play", "--bogus"], id="no-such-option"),
    pytest.param(["play", "--bonu"], id="did-you-mean"),
    pytest.param(["nope"], id="no-such-command"),
    pytest.param(["play", "extra"], id="extra-argument"),
    pytest.param(["replay"], id="missing-argument"),
    pytest.param(["play", "--lang", "xx"], id="bad-choice"),
    pytest.param(["play", "--players", "2", "--bots", "nope"], id="unknown-bot"),
    pytest.param(["simulate", "--bots", "hard,no_such_module_xyz:Bot"], id="bot-not-importable"),
    pytest.param(["simulate", "--bots", "hard,os:path"], id="bot-no-class"),
    pytest.param(["simulate", "--bots", "hard,collections:OrderedDict"], id="not-a-bot"),
]


def flat(text: str) -> str:
    """`text` with its line breaks and runs of spaces made single spaces (not the NBSPs)."""
    return re.sub(r"[ \n]+", " ", text)


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    """Whatever a test speaks, the next one starts in English."""
    yield
    i18n.install("en")


@pytest.mark.parametrize("args", MISTAKES)
@pytest.mark.parametrize("language", ["el", "fr", "cs"])
def test_a_usage_mistake_is_reported_in_the_chosen_language(
    language: str, args: list[str]
) -> None:
    result = CliRunner().invoke(main, ["--lang", language, *args], prog_name="racko")
    assert result.exit_code == 2, result.output
    assert not ENGLISH.search(result.output), result.output
    error = {"el": "Σφάλμα: ", "fr": "Erreur\u00a0: ", "cs": "Chyba: "}[language]
    assert result.output.count(error) == 1, result.output


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("el", ["Μη έγκυρη τιμή για '--players': το 5 δεν είναι στο εύρος 2<=x<=4.",
                "Για βοήθεια, γράψε 'racko play --help'."]),
        ("fr", ["Valeur non valable pour '--players'\u00a0: 5 n'est pas dans l'intervalle",
                "Pour de l'aide, tapez 'racko play --help'."]),
        ("cs", ["Neplatná hodnota pro '--players': 5 není v rozsahu 2<=x<=4.",
                "Nápovědu ukáže 'racko play --help'."]),
    ],
)
def test_an_out_of_range_value_reads_naturally(language: str, words: list[str]) -> None:
    result = CliRunner().invoke(main, ["--lang", language, "play", "--players", "5"],
                                prog_name="racko")
    for word in words:
        assert word in result.output, result.output


def test_the_environment_chooses_the_language_of_click_messages_too() -> None:
    result = CliRunner().invoke(main, ["play", "--players", "5"], prog_name="racko",
                                env={"LANGUAGE": "cs"})
    assert "Chyba: Neplatná hodnota pro '--players'" in result.output


def test_english_stays_english_after_another_language() -> None:
    CliRunner().invoke(main, ["--lang", "fr", "play", "--players", "5"], prog_name="racko")
    result = CliRunner().invoke(main, ["--lang", "en", "play", "--players", "5"],
                                prog_name="racko")
    assert "Error: Invalid value for '--players': 5 is not in the range 2<=x<=4." in (
        result.output)
    assert "Try 'racko play --help' for help." in result.output
    help_text = flat(CliRunner().invoke(main, ["simulate", "--help"], prog_name="racko").output)
    assert "--games INTEGER RANGE" in help_text and "[default: 100; x>=1]" in help_text


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("el", ["--games ΑΚΕΡΑΙΟΣ", "[προεπιλογή: 100; x>=1]", "--json ΑΡΧΕΙΟ",
                "--record-dir ΦΑΚΕΛΟΣ"]),
        ("fr", ["--games ENTIER", "[par défaut\u00a0: 100; x>=1]", "--json FICHIER",
                "--record-dir DOSSIER"]),
        ("cs", ["--games CELÉ ČÍSLO", "[výchozí: 100; x>=1]", "--json SOUBOR",
                "--record-dir SLOŽKA"]),
    ],
)
def test_help_names_value_types_and_defaults_in_the_chosen_language(
    language: str, words: list[str]
) -> None:
    result = CliRunner().invoke(main, ["--lang", language, "simulate", "--help"],
                                prog_name="racko")
    assert result.exit_code == 0, result.output
    for word in words:
        assert word in flat(result.output), result.output
    assert not ENGLISH.search(result.output), result.output


# Messages of click that only a programmer misusing click can meet, or that come from
# features racko does not use (date-times, tuples, shell completion, deprecations).
NEVER_SHOWN = {
    "deprecated", "(dynamic)", "Value must be an iterable.", "unknown error",
    "Takes {nargs} values but 1 was given.", "Argument {name!r} takes {nargs} values.",
    "Could not determine name for option with declarations {decls!r}",
    "Name '{name}' defined twice",
    "Boolean option {decl!r} cannot use the same flag for true/false.",
    "No options defined but a name was passed ({name}). Did you mean to declare an argument "
    "instead? Did you mean to pass '--{name}'?",
    "Arguments take exactly one parameter declaration, got {length}: {decls}.",
    "DeprecationWarning: The command {name!r} is deprecated.{extra_message}",
    "DeprecationWarning: The {param_type} {name!r} is deprecated.{extra_message}",
    "Do you want to continue?", "Confirm the action without prompting.",
    "Invalid start character for option ({option})", "Choice({choices})",
    "{value!r} does not match the format {format}.", "{value!r} is not a valid UUID.",
    "{len_type} values are required, but {len_value} was given.",
    "Unknown color {colour!r}", "Unknown standard stream '{name}'",
}


def click_messages() -> set[str]:
    """Every plain-string message the click modules racko speaks through translate."""
    found: set[str] = set()
    for name in CLICK_MODULES:
        tree = ast.parse(inspect.getsource(importlib.import_module(f"click.{name}")))
        for node in ast.walk(tree):
            if (isinstance(node, ast.Call) and getattr(node.func, "id", None) in ("_", "ngettext")
                    and node.args and isinstance(node.args[0], ast.Constant)
                    and isinstance(node.args[0].value, str)):
                found.add(node.args[0].value)
    return found


def test_every_message_of_click_a_player_can_meet_is_in_the_catalogs() -> None:
    messages = click_messages()
    assert "Error: {message}" in messages  # the scan itself works
    missing = messages - NEVER_SHOWN - set(catalogs.extract())
    assert not missing, f"add these to rack_o/cli/clicktexts.py: {sorted(missing)}"
