"""`racko review` at a real terminal: a review that takes a while shows its progress, round by
round, and takes it away; with --json nothing but the JSON is printed."""

from __future__ import annotations

import json
from pathlib import Path

import pexpect
from ttykit import plain, spawn, visible

EXAMPLE = str(Path(__file__).parents[1] / "docs" / "review-example.jsonl")


def test_a_long_review_shows_which_round_it_is_at_then_only_the_review(tmp_path: Path) -> None:
    child = spawn(["review", EXAMPLE], tmp_path, NO_COLOR="1")
    child.expect(r"Reviewing round \d+ of 8", timeout=10)
    child.expect(pexpect.EOF, timeout=20)
    child.close()
    assert child.exitstatus == 0
    screen = visible(child)
    assert "Reviewing" not in screen
    assert "Ann: accuracy 61%" in screen


def test_a_review_as_json_at_a_terminal_prints_the_json_alone(tmp_path: Path) -> None:
    child = spawn(["review", EXAMPLE, "--json"], tmp_path, NO_COLOR="1")
    child.expect(pexpect.EOF, timeout=20)
    child.close()
    assert child.exitstatus == 0
    output = plain(child.before)
    assert "Reviewing" not in output
    assert json.loads(output)["players"][0]["name"] == "Ann"
