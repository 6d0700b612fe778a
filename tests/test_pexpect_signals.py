"""SIGHUP and SIGTERM end `racko replay`, `racko review`, `racko simulate`, `racko play`'s
questions (set-up, play again) and `racko resume`'s questions as they end a game: play's sentence
on standard error (after what Ctrl-C says there, when that names no Ctrl-C), play's exit code
(129, 143; never killed by the signal), the terminal left as it was (keys echoed and read by the
line, the cursor shown), and nothing lost: simulate counts, records and writes to its JSON
(marked "stopped") every game that finished, even when the terminal is gone."""

from __future__ import annotations

import hashlib
import json
import os
import signal
import subprocess
import sys
import termios
import time
from pathlib import Path

import pexpect
import ptys
import pytest
from builders import finished_game, unfinished_game, write_record
from clirun import squashed
from ttykit import ENTER, PROMPT_END, last_line, press, racko_command, spawn

from rack_o.cli.exits import EXIT_HANGUP, EXIT_TERMINATED

SIGNALS = {
    # name: (signal, exit code, what racko says, as a game says it)
    "SIGTERM": (signal.SIGTERM, EXIT_TERMINATED, "racko was told to stop (SIGTERM)."),
    "SIGHUP": (signal.SIGHUP, EXIT_HANGUP, "The terminal was closed."),
}
EXAMPLE = str(Path(__file__).parents[1] / "docs" / "review-example.jsonl")
SHOW_CURSOR = "\x1b[?25h"


def as_it_was(child: pexpect.spawn) -> bool:
    """True when the child's terminal reads lines and echoes keys again (not left raw)."""
    flags = termios.tcgetattr(child.child_fd)[3]
    return bool(flags & termios.ICANON and flags & termios.ECHO)


def ended(child: pexpect.spawn) -> tuple[str, int | None, int | None, bool]:
    """What the child printed until it ended, its exit code, the signal that killed it (None),
    and whether it left its terminal as it was."""
    child.expect(pexpect.EOF, timeout=20)
    said = child.before
    sane = as_it_was(child)
    child.close()
    return said, child.exitstatus, child.signalstatus, sane


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.mark.parametrize("name", list(SIGNALS))
def test_a_signal_at_a_replay_key_ends_it_as_it_ends_a_game(tmp_path: Path, name: str) -> None:
    signum, code, sentence = SIGNALS[name]
    record = write_record(tmp_path / "game.jsonl", finished_game(12, players=3))
    child = spawn(["replay", str(record)], tmp_path)
    child.expect(" quit > ")
    press(child, ENTER)
    child.expect(r"turn 0\b.* quit > ")
    time.sleep(0.2)  # the keyboard read has begun
    assert not as_it_was(child)  # raw: a key at a time
    os.kill(child.pid, signum)
    said, exit_code, killed, sane = ended(child)
    assert (exit_code, killed) == (code, None)
    assert said.replace("\r", "").endswith(f"\n{sentence}\n")
    assert sane


def test_the_sentence_goes_to_standard_error(tmp_path: Path) -> None:
    record = write_record(tmp_path / "game.jsonl", finished_game(12, players=3))
    errors = tmp_path / "stderr.txt"
    child = ptys.spawn("/bin/sh", ["-c", 'exec "$0" "$@" 2>"$RACKO_ERRORS"', racko_command(),
                                   "replay", str(record)],
                       env={**os.environ, "RACKO_HOME": str(tmp_path),
                            "RACKO_ERRORS": str(errors), "TERM": "xterm"},
                       encoding="utf-8", timeout=15, dimensions=(24, 80))
    child.expect(" quit > ")
    time.sleep(0.2)
    os.kill(child.pid, signal.SIGTERM)  # sh was replaced by racko: the same process
    said, exit_code, _killed, _sane = ended(child)
    assert exit_code == EXIT_TERMINATED
    assert errors.read_text(encoding="utf-8") == "\nracko was told to stop (SIGTERM).\n"
    assert "told to stop" not in said


@pytest.mark.parametrize("name", list(SIGNALS))
def test_a_signal_while_a_review_works_ends_it_with_the_cursor_shown_again(
    tmp_path: Path, name: str
) -> None:
    signum, code, sentence = SIGNALS[name]
    child = spawn(["review", EXAMPLE], tmp_path, NO_COLOR="1")
    child.expect(r"Reviewing round \d+ of 8", timeout=10)  # its bar hides the cursor
    os.kill(child.pid, signum)
    said, exit_code, killed, sane = ended(child)
    assert (exit_code, killed) == (code, None)
    assert SHOW_CURSOR in said  # the progress bar was taken away
    assert said.replace("\r", "").endswith(f"\n{sentence}\n")
    assert "Ann: accuracy" not in said and sane


@pytest.mark.parametrize("name", list(SIGNALS))
@pytest.mark.parametrize(("args", "answers", "prompt"), [
    ([], [], r"How many people play, 1-4\? \[2\] "),
    ([], ["1"], r"Who plays against you\? \[hard\] "),
    (["--players", "2"], [], r"Names of the 2 people, separated by commas\?\s+\[.*\] "),
    (["--players", "2", "--bot", "2=easy"], [], r"Your name\? \[Player 1\] "),
], ids=["how many", "which bots", "names", "your name"])
def test_a_signal_at_a_set_up_question_of_play_ends_it_before_any_game(
    tmp_path: Path, name: str, args: list[str], answers: list[str], prompt: str
) -> None:
    signum, code, sentence = SIGNALS[name]
    child = spawn(["play", *args], tmp_path, NO_COLOR="1")
    for answer in answers:
        child.expect(r"\] ")
        child.sendline(answer)
    child.expect(prompt)
    time.sleep(0.3)  # the line is being read
    os.kill(child.pid, signum)
    said, exit_code, killed, sane = ended(child)
    assert (exit_code, killed) == (code, None)
    assert said.replace("\r", "").endswith(f"\n{sentence}\n")
    assert sane
    assert not any((tmp_path / "games").glob("*"))  # no game was started


@pytest.mark.parametrize("name", list(SIGNALS))
def test_a_signal_at_play_again_ends_it_saying_how_to_look_back_as_a_no_does(
    tmp_path: Path, name: str
) -> None:
    signum, code, sentence = SIGNALS[name]
    child = spawn(["play", "--names", "Ann", "--bots", "hard", "--fast", "--target", "5",
                   "--seed", "3"], tmp_path, NO_COLOR="1")
    while True:  # Ann draws and discards until the bot's Rack-O ends the game
        child.expect(PROMPT_END)
        prompt = last_line(child.before)
        if prompt.startswith("Play again"):
            break
        press(child, "d" if ": d draw" in prompt else "x" if prompt.startswith("Slot") else ENTER)
    time.sleep(0.3)
    os.kill(child.pid, signum)
    said, exit_code, killed, sane = ended(child)
    assert (exit_code, killed) == (code, None)
    [record] = (tmp_path / "games").glob("*.jsonl")  # no other game was dealt
    assert said.replace("\r", "").endswith(
        f"\nStep through the game: racko replay {record.stem}\n"
        f"What each move cost: racko review {record.stem}\n{sentence}\n")
    assert sane


@pytest.mark.parametrize("name", list(SIGNALS))
@pytest.mark.parametrize(("args", "games", "prompt", "told"), [
    ([], 2, "quits > ", None),  # read as a line
    # Read as a key (the terminal is raw). What Ctrl-C says there comes first.
    ([], 1, "leaves > ",
     "Nothing was played. Carry on later with:\nracko resume 2026-11-29-2101-ann-easy"),
    (["--drop", "2026-11-29-2101-ann-easy"], 1, "keeps it > ", "The game was kept."),
], ids=["which game", "carry on", "drop it"])
def test_a_signal_at_a_question_of_resume_ends_it_leaving_the_games_as_they_were(
    tmp_path: Path, name: str, args: list[str], games: int, prompt: str, told: str | None
) -> None:
    signum, code, sentence = SIGNALS[name]
    (tmp_path / "games").mkdir()
    records = [write_record(tmp_path / "games" / f"2026-11-29-210{seed}-ann-easy.jsonl",
                            unfinished_game(seed, turns=4))
               for seed in range(1, games + 1)]
    before = [digest(record) for record in records]
    child = spawn(["resume", *args], tmp_path, NO_COLOR="1")
    child.expect(prompt)
    time.sleep(0.3)
    os.kill(child.pid, signum)
    said, exit_code, killed, sane = ended(child)
    assert (exit_code, killed) == (code, None)
    ending = f"\n{sentence}\n" if told is None else f"\n{told}\n{sentence}\n"
    assert said.replace("\r", "").endswith(ending)
    assert sane
    assert [digest(record) for record in records] == before


def where_it_waits(pid: int) -> str:
    """What each thread of process `pid` and of its children waits in (Linux's wchan), to
    tell a process stuck from one still playing."""
    said = []
    for task in sorted(Path(f"/proc/{pid}/task").glob("*")):
        try:
            wchan = (task / "wchan").read_text()
            state = (task / "stat").read_text().split(") ")[1].split()[0]
            children = (task / "children").read_text().split()
        except OSError:
            continue
        said.append(f"{task.name} {state} {wchan}")
        said += [f"child {child}: {where_it_waits(int(child))}" for child in children]
    return "; ".join(said)


def simulate(tmp_path: Path, jobs: int, **options: object) -> tuple[list[str], Path, Path]:
    """The command line of a long simulation writing its JSON over an old file and its
    records; the JSON file and the records folder."""
    out = tmp_path / "results.json"
    out.write_text('{"old": true}\n', encoding="utf-8")
    records = tmp_path / "records"
    return ([sys.executable, "-m", "rack_o", "simulate", "--bots", "easy,easy", "--games",
             "100000", "--target", "100", "--seed", "5", "--jobs", str(jobs), "--json", str(out),
             "--record-dir", str(records)], out, records)


def under_way(records: Path, games: int = 20, timeout: float = 30) -> None:
    """Wait until the simulation has written `games` records: it is playing (a fixed wait
    would only play more games, each a record written, at the cost of the whole run)."""
    deadline = time.monotonic() + timeout
    while not records.is_dir() or sum(1 for _record in records.iterdir()) < games:
        assert time.monotonic() < deadline, "the simulation wrote no games"
        time.sleep(0.02)


def simulating(tmp_path: Path, jobs: int) -> tuple[subprocess.Popen[str], Path, Path]:
    """A long simulation (`simulate`) started in a session of its own and under way, with its
    JSON file and records folder."""
    command, out, records = simulate(tmp_path, jobs)
    running = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True, start_new_session=True,
                               env={**os.environ, "RACKO_HOME": str(tmp_path)})
    assert running.stdout is not None
    assert running.stdout.readline().startswith("Simulating")
    under_way(records)
    return running, out, records


def counted(out: Path, records: Path) -> int:
    """The games the partial JSON counts, checked against the records written."""
    results = json.loads(out.read_text(encoding="utf-8"))
    assert results["stopped"] is True
    assert len(list(records.iterdir())) == results["games"]  # each one whole and counted
    return results["games"]


@pytest.mark.parametrize("name", list(SIGNALS))
@pytest.mark.parametrize(("jobs", "whole_group"), [(1, False), (2, True)],
                         ids=["one job", "two jobs, sent to them all"])
def test_a_signal_stops_a_simulation_as_ctrl_c_does_saying_why(
    tmp_path: Path, name: str, jobs: int, whole_group: bool
) -> None:
    signum, code, sentence = SIGNALS[name]
    running, out, records = simulating(tmp_path, jobs)
    if whole_group:  # as a closed terminal or a service manager does: workers too
        os.killpg(running.pid, signum)
    else:
        os.kill(running.pid, signum)
    said, errors = running.communicate(timeout=60)
    assert running.returncode == code
    assert errors == sentence + "\n"
    games = counted(out, records)
    assert f"Stopped after {games} of 100000 games." in said
    assert "Partial results: only the games that finished before racko was stopped." in said
    assert squashed(f'Partial JSON ("stopped": true) written to {out}.') in squashed(said)
    assert "Ctrl-C" not in said


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_simulation_whose_terminal_is_closed_still_writes_what_it_played(
    tmp_path: Path, jobs: int
) -> None:
    command, out, records = simulate(tmp_path, jobs)
    child = spawn(command[3:], tmp_path)  # its progress bar on the terminal
    child.expect("games")
    under_way(records)
    child.ptyproc.fileobj.close()  # the window closed: SIGHUP, and nothing can be shown
    written = len(list(records.iterdir()))
    deadline = time.monotonic() + 60
    while not (done := os.waitpid(child.pid, os.WNOHANG))[0]:
        if time.monotonic() > deadline:
            state = where_it_waits(child.pid)
            os.killpg(child.pid, signal.SIGKILL)
            pytest.fail(f"racko went on after its terminal was closed: {written} records when "
                        f"it was closed, {len(list(records.iterdir()))} now; {state}")
        time.sleep(0.05)
    assert os.waitstatus_to_exitcode(done[1]) == EXIT_HANGUP
    assert counted(out, records) > 0
