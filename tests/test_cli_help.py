"""The `racko` command shell: fast --help, --version, an example in every help, `racko rules`."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest
from click.testing import CliRunner

from rack_o import __version__
from rack_o.cli import COMMANDS, main
from rack_o.cli.rules import rules_text


@pytest.mark.slow
def test_help_imports_neither_rich_nor_the_engine() -> None:
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "rack_o", "--help"],
        capture_output=True, text=True, check=True,
    )
    assert "Usage: racko" in done.stdout
    # importtime lines end with the module name: "import time: self | cumulative | name".
    imported = {line.rsplit("|", 1)[-1].strip() for line in done.stderr.splitlines()}
    assert "rack_o" in imported  # the measurement saw our package
    assert not {name for name in imported if name == "rich" or name.startswith("rich.")}
    assert "rack_o.game" not in imported


def test_version() -> None:
    result = CliRunner().invoke(main, ["--version"])
    assert result.exit_code == 0
    assert result.output == f"racko, version {__version__}\n"


@pytest.mark.parametrize(("args", "said"), [
    (["--lang", "el", "--version"], "racko, έκδοση"),
    (["--version", "--lang", "cs"], "racko, verze"),
])
def test_the_version_is_said_in_the_language_chosen(args: list[str], said: str) -> None:
    # click words its --version once, in English, as racko is imported.
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    assert result.output == f"{said} {__version__}\n"


@pytest.mark.parametrize("command", [[], *([name] for name in COMMANDS)])
def test_every_help_ends_with_an_example(command: list[str]) -> None:
    result = CliRunner().invoke(main, [*command, "--help"])
    assert result.exit_code == 0, result.output
    lines = [line.strip() for line in result.output.splitlines() if line.strip()]
    heading = max(i for i, line in enumerate(lines) if line.startswith("Example"))
    # After the "Example(s):" heading only command lines follow, up to the very end.
    examples = lines[heading + 1 :] or [lines[heading].split(":", 1)[1]]
    assert all(line.strip().startswith("racko") for line in examples), lines[heading:]

@pytest.mark.parametrize("command", [[], *([name] for name in COMMANDS)])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_h_is_short_for_help_everywhere(command: list[str], lang: str) -> None:
    short = CliRunner().invoke(main, [*command, "-h", "--lang", lang])
    long = CliRunner().invoke(main, [*command, "--help", "--lang", lang])
    assert short.exit_code == 0, short.output
    assert short.output == long.output
    assert re.search(r"-h, --help\s", short.output)


def test_rules_renders_the_rules_shipped_in_the_package() -> None:
    result = CliRunner().invoke(main, ["rules"])
    assert result.exit_code == 0
    heading = next(line for line in rules_text().splitlines() if line.startswith("#"))
    assert heading.lstrip("# ").strip() in result.output
    assert "\x1b" not in result.output


def test_rules_in_a_pipe_has_no_trailing_blanks() -> None:
    result = CliRunner().invoke(main, ["rules"])
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert len(lines) > 20
    assert [line for line in lines if line != line.rstrip()] == []


@pytest.mark.parametrize("command", ["resume", "replay"])
def test_help_examples_show_ids_as_games_are_named(command: str) -> None:
    result = CliRunner().invoke(main, [command, "--help"])
    ids = re.findall(r"racko \w+ (\d{4}-\S+)", result.output)
    assert ids and all(re.fullmatch(r"\d{4}-\d\d-\d\d-\d{4}-[a-z0-9-]+", i) for i in ids), ids


@pytest.mark.parametrize("command", ["play", "host", "simulate"])
def test_the_help_of_every_command_with_bots_names_every_bot_level(command: str) -> None:
    from rack_o.bots import LEVELS

    result = CliRunner().invoke(main, [command, "--help"])
    assert result.exit_code == 0
    said = " ".join(result.output.split())
    missing = [level for level in LEVELS if not re.search(rf"\b{level}\b", said)]
    assert missing == []


def test_help_of_a_command_speaks_the_language_asked_after_it() -> None:
    # `racko help resume --lang fr` dropped what followed the command's name: English help.
    result = CliRunner().invoke(main, ["help", "resume", "--lang", "fr"])
    assert result.exit_code == 0, result.output
    assert result.output.startswith("Utilisation\xa0: main resume")  # CliRunner names it main


@pytest.mark.parametrize(("args", "said"), [
    (["--help", "--lang", "cs"], "[VOLBY] PŘÍKAZ [ARGUMENTY]..."),
    (["play", "--help", "--lang", "el"], "racko play [ΕΠΙΛΟΓΕΣ]"),
    (["host", "--help", "--lang", "cs"], "--bind ADRESA"),
    (["host", "--help", "--lang", "el"], "--idle ΛΕΠΤΑ"),
])
def test_the_usage_line_and_every_placeholder_speak_the_language(args: list[str],
                                                                  said: str) -> None:
    # click writes [OPTIONS] and COMMAND [ARGS]... in English whatever the language.
    result = CliRunner().invoke(main, args, prog_name="racko")
    assert result.exit_code == 0, result.output
    assert said in result.output


@pytest.mark.parametrize(("args", "starts"), [
    (["help", "--lang", "fr"], "Utilisation\xa0: racko [OPTIONS] COMMANDE"),  # was "'--help'"
    (["help", "play", "--bogus"], "Usage: racko play [OPTIONS]"),  # left out, as --help does
    (["help", "play", "--lang"], "Usage: racko play [OPTIONS]"),
])
def test_racko_help_shows_help_whatever_follows(args: list[str], starts: str) -> None:
    result = CliRunner().invoke(main, args, prog_name="racko")
    assert result.exit_code == 0, result.output
    assert result.output.startswith(starts), result.output
