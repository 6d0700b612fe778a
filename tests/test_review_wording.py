"""How `racko review` words what it found: a turn as good as expert's other one is not shown
as a better move to learn from, and no line ends in blanks (a file, a pipe or a copied review
holds no trailing spaces), colours and tables kept."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
from builders import finished_game, write_record
from clirun import racko
from rich.console import Console
from rich.segment import Segment
from rich.style import Style
from test_review_cli import moves_listed

from rack_o import DISCARD, DRAW, TAKE, place
from rack_o.actions import Phase, Source
from rack_o.cli import review as review_cli
from rack_o.cli.trimmed import Trimmed, trimmed_line
from rack_o.review import POINTS_PER_TURN, Decision, Move, Play
from rack_o.store.records import load_record

ANSI = re.compile(r"\x1b\[[0-9;]*m")
DOCS = Path(__file__).parents[1] / "docs"


def taken(cost: float, best: Play) -> Move:
    """Ann's turn 3 of round 1: the 33 taken into slot 9, costing `cost` against `best`."""
    choose = Decision(Phase.CHOOSE, None, TAKE, TAKE, 5.0, 5.0)
    placed = Decision(Phase.PLACE, 33, place(9), place(best.slot or 9), 5.0 + cost, 5.0)
    return Move(1, 3, 0, Play(Source.DISCARD, 33, 9), best, choose, placed,
                POINTS_PER_TURN[2] * cost, cost)


def rendered(renderable: object, width: int = 80, colour: bool = False) -> str:
    console = Console(file=io.StringIO(), width=width, force_terminal=colour,
                      color_system="standard" if colour else None)
    console.print(renderable)
    return console.file.getvalue()


@pytest.mark.parametrize(
    ("cost", "best", "expert"),
    [
        (0.0, Play(Source.DISCARD, 33, 8), "equally good"),
        (0.004, Play(Source.DISCARD, 33, 8), "equally good"),  # shown as 0.00
        (0.0, Play(Source.DRAW, None, None), "equally good"),
        (0.0, Play(Source.DISCARD, 33, 9), "take 33 → slot 9"),  # expert's own move
        (0.006, Play(Source.DISCARD, 33, 8), "take 33 → slot 8"),  # shown as 0.01
        (0.9, Play(Source.DRAW, None, None), "draw"),
    ],
    ids=["0.0", "0.004 shown as 0.00", "0.0 against a draw", "the same move",
         "0.006 shown as 0.01", "a mistake"],
)
def test_expert_s_other_move_is_called_equally_good_where_the_turn_cost_0_0(
    home: Path, cost: float, best: Play, expert: str
) -> None:
    record = load_record(write_record(home / "g.jsonl", finished_game(3)))
    table = review_cli.moves_table([taken(cost, best)], record, every=True)
    [row] = [line for line in rendered(table).splitlines() if "take 33 → slot 9" in line]
    assert row.split("take 33 → slot 9", 1)[1].split()[:-2] == expert.split(), row


@pytest.mark.usefixtures("reviews_once")
def test_full_says_equally_good_where_the_json_still_names_expert_s_move(home: Path) -> None:
    path = write_record(home / "g.jsonl", finished_game(2, target=100))
    moves = json.loads(racko("review", str(path), "--json").output)["moves"]
    even = [move for move in moves if move["played"] != move["best"] and move["cost"] == 0]
    assert len(even) >= 2
    rows = {tuple(line.split()[:2]): line
            for line in moves_listed(racko("review", str(path), "--full").output)
            .splitlines()}
    for move in moves:
        row = rows[(str(move["round"]), str(move["turn"]))]
        assert ("equally good" in row) is (move in even), row
        if move in even:
            assert move["best"] != move["played"]  # --json keeps expert's move as it was


@pytest.mark.usefixtures("reviews_once")
@pytest.mark.parametrize("columns", ["30", "45", "60", "80", "120"])
@pytest.mark.parametrize("language", ["en", "fr", "el"])
def test_no_line_of_a_review_ends_in_blanks(
    home: Path, monkeypatch: pytest.MonkeyPatch, columns: str, language: str
) -> None:
    monkeypatch.setenv("COLUMNS", columns)
    path = write_record(home / "g.jsonl", finished_game(2, target=100))
    out = racko("--lang", language, "review", str(path), "--full", "--all").output
    assert any(line.startswith("Ann") for line in out.splitlines()), out  # the summary too
    assert [line for line in out.splitlines() if line != line.rstrip()] == [], out


@pytest.mark.usefixtures("reviews_once")
def test_the_example_in_the_docs_is_what_review_prints(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    doc = (DOCS / "review.md").read_text(encoding="utf-8")
    shown = doc.split("$ racko review docs/review-example.jsonl\n", 1)[1].split("```", 1)[0]
    out = racko("review", str(DOCS / "review-example.jsonl")).output
    assert out.replace("\u00a0", " ") == shown


@pytest.mark.parametrize("width", [40, 80])
def test_trimming_keeps_each_line_s_text_and_colours(home: Path, width: int) -> None:
    record = load_record(write_record(home / "g.jsonl", finished_game(3)))
    table = review_cli.moves_table(
        [taken(0.9, Play(Source.DRAW, None, None)), taken(2.5, Play(Source.DISCARD, 33, 8)),
         taken(0.0, Play(Source.DISCARD, 33, 9))], record, every=True)
    padded = rendered(table, width, colour=True)
    trimmed = rendered(Trimmed(table), width, colour=True)
    assert [ANSI.sub("", line) for line in trimmed.splitlines()] == [
        ANSI.sub("", line).rstrip() for line in padded.splitlines()]
    assert ANSI.findall(trimmed) and set(ANSI.findall(trimmed)) == set(ANSI.findall(padded))


@pytest.mark.parametrize(
    ("line", "kept"),
    [
        ([Segment("Ann"), Segment("   ")], [Segment("Ann")]),
        ([Segment("Ann  ", Style(bold=True)), Segment("  ")], [Segment("Ann", Style(bold=True))]),
        ([Segment("Ann"), Segment("  ", Style(bgcolor="red"))],
         [Segment("Ann"), Segment("  ", Style(bgcolor="red"))]),
        ([Segment("Ann"), Segment("  ", Style(reverse=True))],
         [Segment("Ann"), Segment("  ", Style(reverse=True))]),
        ([Segment("   ")], []),
        ([Segment("Ann\u00a0")], [Segment("Ann\u00a0")]),
    ],
    ids=["plain blanks", "styled blanks", "a background", "reversed", "a blank line",
         "a no-break space"],
)
def test_only_blanks_that_do_not_show_are_trimmed(line: list[Segment], kept: list[Segment]
                                                  ) -> None:
    assert trimmed_line(line) == kept



def _move(played: Play, best: Play, choosing: tuple[object, object, float],
          placing: tuple[object, object, float]) -> Move:
    """Ann's turn 36 of round 3 with its two decisions (played, best, cost in turns)."""
    choose = Decision(Phase.CHOOSE, None, choosing[0], choosing[1], 3.0 + choosing[2], 3.0)
    placed = Decision(Phase.PLACE, played.card, placing[0], placing[1], 3.0 + placing[2], 3.0)
    cost = choosing[2] + placing[2]
    return Move(3, 36, 0, played, best, choose, placed, POINTS_PER_TURN[2] * cost, cost)


@pytest.mark.parametrize(("move", "said"), [
    pytest.param(_move(Play(Source.DRAW, 1, 1), Play(Source.DISCARD, 35, 8),
                       (DRAW, TAKE, 2.16), (place(1), place(1), 0.0)),
                 "drawing instead of taking the 35: 2.16 turns. "
                 "The expert bot's move: take 35 → slot 8.",
                 id="the draw"),
    pytest.param(_move(Play(Source.DISCARD, 33, 9), Play(Source.DRAW, None, None),
                       (TAKE, DRAW, 0.9), (place(9), place(9), 0.0)),
                 "taking the 33 instead of drawing: 0.90 turns. The expert bot's move: draw.",
                 id="the take"),
    pytest.param(_move(Play(Source.DISCARD, 33, 9), Play(Source.DISCARD, 33, 8),
                       (TAKE, TAKE, 0.0), (place(9), place(8), 1.2)),
                 "putting the 33 in slot 9 instead of slot 8: 1.20 turns. "
                 "The expert bot's move: take 33 → slot 8.", id="the slot"),
    pytest.param(_move(Play(Source.DRAW, 16, None), Play(Source.DRAW, 16, 5),
                       (DRAW, DRAW, 0.0), (DISCARD, place(5), 2.5)),
                 "throwing the 16 away instead of putting it in slot 5: 2.50 turns. "
                 "The expert bot's move: draw 16 → slot 5.",
                 id="a card thrown away"),
    pytest.param(_move(Play(Source.DRAW, 16, 3), Play(Source.DRAW, 16, None),
                       (DRAW, DRAW, 0.0), (place(3), DISCARD, 0.85)),
                 "putting the 16 in slot 3 instead of throwing it away: 0.85 turns. "
                 "The expert bot's move: draw 16 → discard.",
                 id="a card kept"),
    pytest.param(_move(Play(Source.DRAW, 16, None), Play(Source.DISCARD, 21, 5),
                       (DRAW, TAKE, 1.26), (DISCARD, place(5), 2.05)),
                 "drawing the 16 and throwing it away: 3.31 turns. "
                 "The expert bot's move: take 21 → slot 5.", id="both halves"),
    pytest.param(_move(Play(Source.DISCARD, 21, 2), Play(Source.DRAW, 16, 5),
                       (TAKE, DRAW, 1.26), (place(2), place(5), 2.05)),
                 "taking the 21 and putting it in slot 2: 3.31 turns. "
                 "The expert bot's move: draw 16 → slot 5.", id="both halves of a take"),
    pytest.param(_move(Play(Source.DRAW, 16, 2), Play(Source.DISCARD, 21, 5),
                       (DRAW, TAKE, 1.26), (place(2), place(5), 2.05)),
                 "drawing the 16 and putting it in slot 2: 3.31 turns. "
                 "The expert bot's move: take 21 → slot 5.", id="both halves of a draw"),
])
def test_the_biggest_mistake_names_the_half_of_the_turn_that_cost(
    home: Path, move: Move, said: str
) -> None:
    record = load_record(write_record(home / "g.jsonl", finished_game(3)))
    shown = " ".join(rendered(review_cli.player_lines([move], 0, record)).split())
    assert f"Biggest mistake: round 3, turn 36, {said}" in shown.replace("\u00a0", " "), shown


@pytest.mark.usefixtures("reviews_once")
@pytest.mark.parametrize("columns", ["45", "60", "80"])
def test_a_starred_cost_stands_in_line_with_the_others(
    monkeypatch: pytest.MonkeyPatch, columns: str
) -> None:
    monkeypatch.setenv("COLUMNS", columns)
    out = racko("review", str(DOCS / "review-example.jsonl")).output
    # The moves table's rows: each starts with its round (and turn) and holds one cost.
    rows = [line for line in out.splitlines() if re.match(r" *\d+(:| +)\d+ ", line)
            and "%" not in line]
    costs = [re.search(r" (\d+\.\d\d)(\*?)( |$)", row) for row in rows]
    assert rows and all(costs), rows
    assert 0 < sum(cost.group(2) == "*" for cost in costs if cost) < len(costs)
    assert len({cost.end(1) for cost in costs if cost}) == 1, out
