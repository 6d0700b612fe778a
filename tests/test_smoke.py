"""The package imports cleanly, keeps the engine pure, and CI runs what the README says."""

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.slow
def test_engine_import_pulls_in_neither_rich_nor_click() -> None:
    code = "import rack_o, sys; assert not {'rich', 'click'} & set(sys.modules)"
    subprocess.run([sys.executable, "-c", code], check=True)


@pytest.mark.slow
def test_using_the_engine_pulls_in_neither_rich_nor_click() -> None:
    code = (
        "import random, sys, rack_o\n"
        "rack_o.Game; rack_o.rebuild; rack_o.SeatView; rack_o.Rules\n"
        "game = rack_o.Game(rack_o.Rules(2), random.Random(1))\n"
        "game.deal(); game.apply(rack_o.DRAW); game.apply(rack_o.DISCARD); game.view(0)\n"
        "lines = rack_o.events(rack_o.header_of(game), game.steps)\n"
        "rack_o.rebuild(''.join(rack_o.dumps(e) for e in lines)).game\n"
        "assert not {'rich', 'click'} & set(sys.modules), {'rich', 'click'} & set(sys.modules)\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_every_exported_name_exists() -> None:
    import rack_o

    for name in rack_o.__all__:
        assert getattr(rack_o, name) is not None, name


def test_ci_runs_the_readmes_test_command_verbatim() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    commands = re.findall(r"```sh\n(.*?)\n```", readme, flags=re.DOTALL)
    assert len(commands) >= 2, "the README shows the install command, then the test command"
    test_command = commands[1].strip()
    assert "pytest" in test_command
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert test_command in ci.splitlines()
    assert "set -euo pipefail" in ci  # a failing test fails CI


def test_the_packages_quick_start_runs_as_written() -> None:
    import doctest

    import rack_o

    failed, tried = doctest.testmod(rack_o, raise_on_error=False)
    assert tried >= 3 and failed == 0


def test_the_readmes_engine_example_runs_as_written() -> None:
    import doctest

    readme = ROOT / "README.md"
    examples = readme.read_text(encoding="utf-8").count("\n>>> ")
    failed, tried = doctest.testfile(str(readme), module_relative=False)
    assert (failed, tried) == (0, examples)


@pytest.mark.slow
def test_the_engine_benchmark_runs_and_ends_with_its_figure() -> None:
    script = ROOT / "benchmarks" / "engine.py"
    result = subprocess.run(
        [sys.executable, str(script), "--rounds", "300"],
        check=True,
        capture_output=True,
        text=True,
    )
    lines = result.stdout.splitlines()
    assert any(line.startswith("turns/s: ") for line in lines)
    assert any(line.startswith("µs per turn: ") for line in lines)
    assert re.fullmatch(r"rounds/s: \d+", lines[-1])
