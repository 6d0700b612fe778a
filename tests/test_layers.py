"""The layers hold: `lint-imports` keeps every import contract declared in pyproject.toml."""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.slow
def test_every_import_contract_is_kept() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    contracts = config["tool"]["importlinter"]["contracts"]
    # Run from the checkout (sys.path[0] is the working folder for -c), without a cache there.
    lint = "from importlinter.cli import lint_imports_command; lint_imports_command()"
    done = subprocess.run([sys.executable, "-c", lint, "--no-cache"], cwd=ROOT,
                          capture_output=True, text=True)
    said = re.sub(r"\x1b\[[0-9;]*m", "", done.stdout)  # some versions colour even a pipe
    assert done.returncode == 0, said + done.stderr
    assert said.count(" KEPT\n") == len(contracts), said  # each contract checked, none skipped
