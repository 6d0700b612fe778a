"""A review's cost and label agree: the label comes from the cost as shown (two decimals), so
one printed cost never has two labels, and the JSON's `label` is what the documented
thresholds give for its `cost`."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from builders import finished_game, write_record
from rich.console import Console

from rack_o import TAKE, place
from rack_o.actions import Phase, Source
from rack_o.cli import review as review_cli
from rack_o.i18n import speaking
from rack_o.review import (
    LABELS,
    POINTS_PER_TURN,
    THRESHOLDS,
    Decision,
    Label,
    Move,
    Play,
    move_line,
)
from rack_o.store.records import load_record

# Costs on either side of each threshold, some that one decimal would print alike.
NEAR_THRESHOLDS = (0.295, 0.2951, 0.304, 0.77, 0.7951, 0.796, 0.81, 1.97, 1.9951, 1.996,
                   2.004, 2.01)


def documented(cost: float) -> Label:
    """The label docs/review.md's table gives a cost: the last threshold it reaches."""
    reached = [label for label, threshold in zip(LABELS[1:], THRESHOLDS, strict=True)
               if cost >= threshold]
    return reached[-1] if reached else Label.GOOD


def taken(cost: float, turn: int) -> Move:
    """Ann's turn `turn` of round 1: the 33 taken into slot 9 where expert puts it in slot 8."""
    choose = Decision(Phase.CHOOSE, None, TAKE, TAKE, 5.0, 5.0)
    placed = Decision(Phase.PLACE, 33, place(9), place(8), 5.0 + cost, 5.0)
    return Move(1, turn, 0, Play(Source.DISCARD, 33, 9), Play(Source.DISCARD, 33, 8), choose,
                placed, POINTS_PER_TURN[2] * cost, cost)


@pytest.mark.parametrize("cost", NEAR_THRESHOLDS)
def test_the_json_label_is_what_the_documented_thresholds_give_its_cost(cost: float) -> None:
    line = move_line(taken(cost, 1))
    assert line["label"] == documented(line["cost"]).value, line


@pytest.mark.parametrize("language", ["en", "el", "fr", "cs"])
def test_one_printed_cost_never_has_two_labels(home: Path, language: str) -> None:
    record = load_record(write_record(home / "g.jsonl", finished_game(3)))
    moves = [taken(cost, turn) for turn, cost in enumerate(NEAR_THRESHOLDS, start=1)]
    with speaking(language):
        names = {review_cli._(review_cli.LABEL_NAMES[label]): label for label in Label}
        console = Console(file=io.StringIO(), width=80, color_system=None)
        console.print(review_cli.moves_table(moves, record, every=True, width=80))
    rows = [line for line in console.file.getvalue().splitlines() if re.match(r"\s*1\s+\d", line)]
    rows = [row.rstrip() for row in rows]
    assert len(rows) == len(moves), console.file.getvalue()
    labels: dict[str, set[Label]] = {}
    for row, move in zip(rows, moves, strict=True):
        cost, label = re.search(r"(\d+[.,]\d+)\*?\s+(\S+)$", row).groups()
        assert names[label] is move.label, row
        labels.setdefault(cost, set()).add(move.label)
        assert move.label is documented(float(cost.replace(",", "."))), row
    assert all(len(found) == 1 for found in labels.values()), labels
    assert max(len(line) for line in console.file.getvalue().splitlines()) <= 80
