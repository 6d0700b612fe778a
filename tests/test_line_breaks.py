"""Line breaks: a command is never split, a score never leaves its name, lines fit the screen."""

from __future__ import annotations

import io
import re
import shlex
from pathlib import Path

import pytest
from clirun import racko
from rich.cells import cell_len
from rich.console import Console
from rich.text import Text

from rack_o import i18n
from rack_o.cli.flow import Flow
from rack_o.cli.wrapping import command_apart, command_lines, fill


def test_a_stop_message_keeps_the_resume_command_whole_and_each_score_with_its_name(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    # Quit in round 1 after a bot's move: the message names both scores and the command.
    result = racko("play", "--players", "2", "--names", "Annabelle-Marie,Bartholomew",
                   "--bots", "easy", "--seed", "3", "--fast", input="\nq\ny\n")
    [record] = (home / "games").glob("*.jsonl")
    stop = result.output[result.output.index("You quit the game."):]
    assert stop.splitlines()[-1] == f"racko resume {record.stem}"
    assert "Annabelle-Marie\u00a00" in stop and "Bartholomew\u00a00" in stop
    assert all(len(line) <= 80 for line in stop.splitlines() if not line.startswith("racko"))


def test_fill_never_breaks_at_a_no_break_space() -> None:
    text = "The game stopped in round 3 (Annabelle\u00a0120, Bartholomew\u00a0345)."
    for width in range(12, 60):
        for line in fill(text, width).splitlines():
            assert not line.startswith(("120", "345"))
    assert fill("one\ntwo", 80) == "one\ntwo"


@pytest.mark.parametrize("width", range(30, 70))
def test_fill_counts_the_columns_wide_letters_and_emoji_take(width: int) -> None:
    text = ("Hints used: Émile Dupont-Lon\u00a013, Zoë 🃏🃏🃏\u00a08, 李小龍李小龍\u00a014, "
            "Ann\u00a015.")
    lines = fill(text, width).splitlines()
    assert all(cell_len(line) <= width for line in lines), lines
    assert " ".join(lines) == text


def test_fill_keeps_a_command_line_whole() -> None:
    command = "racko resume /a/very/long/path/" + "x" * 80 + ".jsonl"
    assert fill("Carry on later with:\n" + command, 40).splitlines()[-1] == command



ID = "2026-12-05-1912-alexandra-christophe"


@pytest.mark.parametrize(("command", "width", "lines"), [
    (f"racko resume {ID}", 45, ["racko resume \\", f"  {ID}"]),
    (f"racko resume {ID} --load-bots", 45,
     ["racko resume \\", f"  {ID} \\", "  --load-bots"]),
    (f"racko resume --drop {ID}", 50, ["racko resume \\", f"  --drop {ID}"]),
    (f"racko host --resume {ID} --port 2222", 50,
     ["racko host \\", f"  --resume {ID} \\", "  --port 2222"]),
    (f"racko resume {ID}", 80, [f"racko resume {ID}"]),
    # Too wide even alone: whole, on the command's line (the terminal wraps it).
    (f"racko resume --drop {ID}", 45, [f"racko resume --drop {ID}"]),
    # A path stays on the command's line.
    ("racko resume /a/very/long/path/game.jsonl", 30,
     ["racko resume /a/very/long/path/game.jsonl"]),
])
def test_a_command_too_wide_is_broken_before_its_id_rather_than_in_it(
    command: str, width: int, lines: list[str]
) -> None:
    """The ID was cut where the window ended ("…-alexandra-christ" / "ophe")."""
    broken = command_lines(command, width)
    assert broken.split("\n") == lines
    assert shlex.split(broken.replace("\\\n", "")) == shlex.split(command)


FLOW_PIECES = [("", "Player 1 0"), (" · ", "Expert* 0"), (" · ", "Annabelle-Marie &"),
               (" ", "Christabel-Rose 145")]


@pytest.mark.parametrize("width", range(19, 60))
def test_a_flow_breaks_only_between_pieces_and_leaves_the_joint_out(width: int) -> None:
    lines = [line.plain for line in Flow([(j, Text(p)) for j, p in FLOW_PIECES]).lines(width)]
    assert all(len(line) <= width for line in lines)
    # Each line is whole pieces with their joints, the first one's left out at the break.
    pieces = iter(FLOW_PIECES)
    for line in lines:
        first = next(pieces)[1]
        assert line.startswith(first), line
        rest = line.removeprefix(first)
        while rest:
            joint, piece = next(pieces)
            assert rest.startswith(joint + piece), line
            rest = rest.removeprefix(joint + piece)
    assert next(pieces, None) is None


SCORES = ["Ann 75", "Bob 10", "Cy 5"]


@pytest.mark.parametrize("width", range(16, 70))
def test_a_group_in_a_flow_stays_on_one_line_wherever_it_fits_one(width: int) -> None:
    """The scores of a heading: broken among them, "Bob 10" at a line's end and "Cy 5" at the
    next one's start read as one list without its "·"."""
    group = Flow([(" · ", Text(score)) for score in SCORES])
    flow = Flow([("", Text("Round 2, 3 turns played")), ("  ·  ", group),
                 ("  ·  ", Text("first to 100 wins"))])
    lines = [line.plain for line in flow.lines(width)]
    together = " · ".join(SCORES)
    if len(together) <= width:
        assert sum(together in line for line in lines) == 1, lines
    else:  # each score whole, on lines of their own
        assert [line for line in lines if "Round" not in line and "first" not in line] == [
            " · ".join(SCORES[:2]) if len(" · ".join(SCORES[:2])) <= width else SCORES[0],
            *([SCORES[2]] if len(" · ".join(SCORES[:2])) <= width else SCORES[1:])]
    assert all(len(line) <= width for line in lines if line in SCORES or " · " in line)


@pytest.mark.parametrize("people", [2, 3, 4])
@pytest.mark.parametrize("language", ["en", "fr", "el", "cs"])
def test_at_60_columns_a_set_up_question_never_breaks_its_default_in_brackets(
    home: Path, monkeypatch: pytest.MonkeyPatch, language: str, people: int
) -> None:
    monkeypatch.setenv("COLUMNS", "60")
    with i18n.restoring_language():
        i18n.install(language)
        names = [i18n._("Player {seat}").format(seat=seat) for seat in range(1, people + 1)]
    result = racko("--lang", language, "play", "--seed", "2", "--record",
                   str(home / "g.jsonl"), input=f"{people}\n\n")
    # Piped, the answers are not echoed: each prompt runs on into what follows it.
    default = f"[{', '.join(names)}]"
    assert any(default in line for line in result.output.splitlines()), result.output


NO_BREAK_TEXT = ("Aucune partie inachevée. Commencez-en une avec\u00a0: racko play\u00a0; "
                 "12\u202f345 manches, taux 25,0\u00a0% · Votre nom\u00a0? Zdeněk\u00a0120")


@pytest.mark.parametrize("width", range(14, 90))  # each word fits a line
def test_rich_never_ends_a_line_at_a_no_break_space(width: int) -> None:
    # French spaces its : ; ? and % with a no-break space, French and Czech group digits
    # with one: none of them may start a line.
    import rack_o.cli.console  # noqa: F401 - what every screen imports first

    console = Console(file=io.StringIO(), width=width, color_system=None)
    console.print(NO_BREAK_TEXT)
    shown = console.file.getvalue().splitlines()
    assert not [line for line in shown if line.lstrip().startswith((":", ";", "?", "%", "345",
                                                                   "120"))], shown
    assert " ".join(" ".join(shown).split()) == " ".join(NO_BREAK_TEXT.split())


@pytest.mark.parametrize("columns", range(50, 100))
def test_a_french_message_never_starts_a_line_with_its_colon(
    home: Path, monkeypatch: pytest.MonkeyPatch, columns: int
) -> None:
    monkeypatch.setenv("COLUMNS", str(columns))
    shown = racko("--lang", "fr", "resume", "--list").output
    assert "Commencez-en une avec\u00a0: racko play" in re.sub(r"[ \n]+", " ", shown)
    assert not [line for line in shown.splitlines() if line.startswith(":")], shown


@pytest.mark.parametrize(("language", "said"), [
    ("en", "No finished games yet. Play one with:"),
    ("fr", "Pas encore de partie terminée. Jouez-en une avec\u00a0:"),
])
@pytest.mark.parametrize("command", ["history", "stats"])
def test_a_command_to_type_is_never_broken_across_lines(
    home: Path, monkeypatch: pytest.MonkeyPatch, language: str, said: str, command: str
) -> None:
    # At 60 columns the French sentence left "racko" at the end of a line and "play" below.
    monkeypatch.setenv("COLUMNS", "40" if language == "en" else "60")
    shown = racko("--lang", language, command).output.splitlines()
    assert shown == [said, "racko play"], shown


@pytest.mark.parametrize("width", [20, 40, 80])
def test_command_apart_puts_a_closing_command_on_its_own_line_only_when_needed(
    width: int,
) -> None:
    text = "Step through the game: racko replay 2026-12-01-0906-hard-easy"
    apart = command_apart(text, width)
    assert apart == (text if len(text) <= width else
                     "Step through the game:\nracko replay 2026-12-01-0906-hard-easy")


@pytest.mark.parametrize("columns", [40, 60, 80])
def test_the_french_rules_never_start_a_line_with_a_colon_or_question_mark(
    home: Path, monkeypatch: pytest.MonkeyPatch, columns: int
) -> None:
    # French puts a space before : ; ? ! — a no-break one, so that the sign keeps its word.
    monkeypatch.setenv("COLUMNS", str(columns))
    shown = racko("--lang", "fr", "rules").output.splitlines()
    assert not [line for line in shown if line.lstrip().startswith((":", ";", "?", "!"))], shown


HOST_AGAIN = ("racko host --no-seat --seed 255027 --players 4 --names 'Bob Lee,Cid' --target 75 "
              "--partners --bots hard,easy")


@pytest.mark.parametrize("width", [30, 45, 60, 80, 100, 120])
def test_a_command_too_wide_breaks_before_an_option_and_the_shell_reads_it_whole(
    width: int,
) -> None:
    lines = fill("Seed 255027. To deal these cards again:\n" + HOST_AGAIN, width).splitlines()
    shown = lines[next(at for at, line in enumerate(lines) if line.startswith("racko ")):]
    if len(HOST_AGAIN) <= width:
        assert shown == [HOST_AGAIN]
        return
    assert all(len(line) <= width for line in shown), shown
    assert all(line.endswith(" \\") for line in shown[:-1]) and not shown[-1].endswith("\\")
    assert all(line.startswith("  --") for line in shown[1:]), shown  # each at an option
    assert "--names 'Bob Lee,Cid'" in "\n".join(shown)  # an option stays with its value
    assert shlex.split("\n".join(shown).replace("\\\n", "")) == shlex.split(HOST_AGAIN)


def test_command_apart_breaks_a_command_too_wide_for_a_line_of_its_own() -> None:
    text = "Carry on later with: " + HOST_AGAIN
    first, *command = command_apart(text, 50).splitlines()
    assert first == "Carry on later with:"
    assert shlex.split("\n".join(command).replace("\\\n", "")) == shlex.split(HOST_AGAIN)


def test_a_command_keeps_its_first_option_on_its_first_line() -> None:
    # "racko resume --drop PATH" is found by its first words, however long the path.
    command = "racko resume --drop /tmp/" + "x" * 90 + "/g.jsonl"
    assert fill("Remove its record with:\n" + command, 80).splitlines()[-1] == command
