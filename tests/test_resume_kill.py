"""kill -9 a real `racko play` at random moments, `racko resume` it, and get the very same game.

Each seeded game is played twice through the real executable in a pseudo-terminal: once
straight through, once killed with SIGKILL at seeded random moments (sometimes at a prompt,
sometimes just after a key, while the program is busy) and carried on with `racko resume`.
The people at the keyboard are played by a policy that decides from the game as its record
file stands, so both runs press the same keys; the two final records must match event for
event (only the start time in the game line differs: the runs started at different times).
"""

from __future__ import annotations

import json
import os
import random
import signal
import sys
import time
from pathlib import Path

import pexpect
import ptys
import pytest
from builders import sensible_action
from ttykit import SHORT_HOLDS, press

from rack_o.actions import DISCARD, TAKE, Action
from rack_o.store.history import recent_games
from rack_o.store.records import load_record

RACKO = [sys.executable, SHORT_HOLDS]
"""racko with its holds cut short: the script presses each key once racko waits for it, so a
hold only costs it time (game 11's 1 s hand-offs, every round's 1.5 s results); a kill just
after a key still lands while racko is busy, or within a hold as short as the longest wait
before that kill."""
TIMEOUT = 20

DEAL = r"Press Enter to (deal round|carry on)"
HANDOFF = r"press Enter when ready"
CHOOSE = r"take \d+.*q quit > "
PLACE = r"for \d+.*\? help > "
CONFIRM = r"takes it back.*\? help > "
OVER = r"That game is over"
AGAIN = r"Play again.* > "
PROMPTS = [DEAL, HANDOFF, CHOOSE, PLACE, CONFIRM, OVER, AGAIN, pexpect.EOF]

# (seed, options after the seed, kills); the seeded games cross round boundaries, so later
# deals must follow the seed after a resume.
GAMES = [
    (11, ["--players", "2", "--names", "Ann,Bob", "--target", "75"], 3),
    (12, ["--players", "2", "--names", "Ann", "--bots", "hard", "--target", "100"], 3),
    (13, ["--players", "3", "--names", "Ann", "--bots", "easy,medium", "--target", "100"], 3),
    (14, ["--players", "4", "--names", "Ann", "--bots", "easy,hard,random", "--partners",
          "--target", "100"], 3),
    # Bonus Rack-O against a bot: the hot seat's hand-offs are game 11's.
    (15, ["--players", "2", "--names", "Ann", "--bots", "medium", "--bonus",
          "--target", "100"], 3),
]


def spawn(args: list[str], home: Path) -> pexpect.spawn:
    env = dict(os.environ, RACKO_HOME=str(home), NO_COLOR="1", COLUMNS="100", LINES="40")
    child = ptys.spawn(RACKO[0], [*RACKO[1:], *args], env=env, encoding="utf-8",
                       timeout=TIMEOUT, dimensions=(40, 100))
    child.delaybeforesend = None
    return child


def the_record(home: Path) -> Path:
    [path] = list((home / "games").glob("*.jsonl"))
    return path


def decide(home: Path, seed: int) -> tuple[Action, Action]:
    """What the person to move does, from the game as its record stands: (take, place)."""
    game = load_record(the_record(home), seeded=True).game
    assert game.phase == "choose"
    first = sensible_action(game, random.Random(f"{seed}:{game.round}:{game.turn}:c"), 0.1)
    game.apply(first)
    second = sensible_action(game, random.Random(f"{seed}:{game.round}:{game.turn}:p"), 0.1)
    return first, second


def key(action: Action) -> str:
    if action == DISCARD:
        return "x"
    if action.slot is not None:
        return str(action.slot % 10)  # 0 for slot 10
    return "t" if action == TAKE else "d"


def drive(child: pexpect.spawn, home: Path, seed: int, kill_at: int | None,
          rng: random.Random) -> tuple[bool, int]:
    """Answer prompts until the game ends or, at prompt number `kill_at`, kill -9 it.

    (whether the game ended, how many prompts were answered)
    """
    answered = 0
    plan: tuple[Action, Action] | None = None
    while True:
        which = child.expect(PROMPTS)
        if PROMPTS[which] in (OVER, AGAIN, pexpect.EOF):
            if PROMPTS[which] == AGAIN:
                press(child, "n")
            child.expect(pexpect.EOF)
            return True, answered
        if answered == kill_at and rng.random() < 0.4:
            child.kill(signal.SIGKILL)  # at the prompt, idle
            return False, answered
        prompt = PROMPTS[which]
        if prompt == CHOOSE:
            plan = decide(home, seed)
            press(child, key(plan[0]))
        elif prompt == PLACE:
            assert plan is not None
            press(child, key(plan[1]))
        elif prompt == DEAL and child.match.group(1) == "carry on":
            child.sendline("")  # a line: resume asks before the game goes on
        else:
            press(child, "\r")
        if answered == kill_at:
            time.sleep(rng.random() * 0.05)  # busy: drawing, writing, fsyncing
            child.kill(signal.SIGKILL)
            return False, answered
        answered += 1


def final_events(home: Path) -> list[dict]:
    events = [json.loads(line) for line in the_record(home).read_text().splitlines()]
    del events[0]["started"]
    return events


@pytest.mark.parametrize(("seed", "options", "kills"), GAMES, ids=[str(g[0]) for g in GAMES])
def test_a_game_killed_and_resumed_ends_exactly_as_if_never_killed(
    tmp_path: Path, seed: int, options: list[str], kills: int
) -> None:
    play = ["play", "--seed", str(seed), "--fast", *options]
    straight = tmp_path / "straight"
    done, prompts = drive(spawn(play, straight), straight, seed, None, random.Random(seed))
    assert done

    killed = tmp_path / "killed"
    rng = random.Random(seed * 7)
    child = spawn(play, killed)
    done = False
    resumed = 0
    for _ in range(kills):
        # Spread the kills over the game: each within its share of the prompts.
        done, _ = drive(child, killed, seed, rng.randrange(1, max(2, prompts // kills)), rng)
        child.wait()
        if done:
            break
        assert child.signalstatus == signal.SIGKILL
        resumed += 1
        child = spawn(["resume", "--fast"], killed)
        child.expect("Unfinished games")
    if not done:
        assert drive(child, killed, seed, None, rng)[0]
    assert resumed >= 1

    expected = final_events(straight)
    assert expected[-1]["type"] == "game_end"
    assert final_events(killed) == expected
    [game] = recent_games(path=killed / "history.sqlite3")
    assert game.totals == expected[-1]["totals"]
