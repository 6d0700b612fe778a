"""`racko play` in a real pseudo-terminal, one key per choice: a whole seeded hot-seat game,
typos, take-backs and hints included; leaving mid-turn; a lone person against a bot.

Every key is pressed once racko waits for it (`ttykit.press`), never typed ahead of a
screen's hold: racko runs with its holds cut short (`short_holds.py`), which only cost time
here. What the holds do is test_pexpect_handoff's and test_round_end_stays'.

The script plays both seats with a simple policy that reads the game from the --record file
(rebuilt through the engine), and checks the screens against that record.
"""

from __future__ import annotations

import re
from pathlib import Path

import pexpect
import pytest
from builders import record_lines
from ttykit import (
    CLEAR_SCROLLBACK,
    ENTER,
    PROMPT_END,
    events,
    last_line,
    plain,
    policy,
    press,
    settle,
    spawn,
    visible,
)

from rack_o.actions import DRAW, TAKE
from rack_o.record import rebuild

__all__ = ["PROMPT_END", "events", "plain", "policy", "spawn"]  # test_i18n_pexpect uses them

ROW = re.compile(
    r"^\s*(?P<name>Ann|Bob)\s+(?P<rack>(?:\d+\s+){10})"
    r"(?P<points>\d+ Rack-O|\d+ × 5 = \d+|75 \+ \d+ bonus = \d+)\s+(?P<total>\d+)\s+"
    r"(?P<togo>\d+|reached)\s*$",
    re.M,
)


def check_round_table(screen: str, round_end: dict, target: int) -> None:
    """The round table shows each rack, points and total exactly as the record has them."""
    assert "RACK-O!" in screen
    rows = {m["name"]: m for m in ROW.finditer(screen)}
    assert set(rows) == {"Ann", "Bob"}, screen
    for seat, name in enumerate(("Ann", "Bob")):
        row = rows[name]
        assert [int(c) for c in row["rack"].split()] == round_end["racks"][seat]
        assert int(re.findall(r"\d+", row["points"])[-1]) == round_end["points"][seat]
        assert int(row["total"]) == round_end["totals"][seat]
        togo = target - round_end["totals"][seat]
        assert row["togo"] == (str(togo) if togo > 0 else "reached")


def test_a_whole_hot_seat_game_is_played_one_key_per_choice(tmp_path: Path) -> None:
    record = tmp_path / "game.jsonl"
    target = 100
    child = spawn(
        ["play", "--players", "2", "--names", "Ann,Bob", "--target", str(target),
         "--seed", "11", "--record", str(record)],
        tmp_path, short_holds=True,
    )
    checked = dict.fromkeys(("handoffs", "typos", "takebacks", "put_backs", "tables"), 0)
    decisions = 0
    picked = ""  # the key pressed at the draw-or-take prompt of this turn
    undo_plan: str | None = None  # the slot to place after a deliberate take-back
    undone = False
    verify_slot: int | None = None
    rounds_seen = 0
    hinted = False
    opening = ""
    while child.expect([PROMPT_END, pexpect.EOF]) == 0:
        raw = child.before
        screen = plain(raw)
        prompt = last_line(raw)
        opening = opening or screen
        size = record.stat().st_size
        records = events(record)
        if verify_slot is not None:
            assert [e for e in records if e["type"] == "turn"][-1]["slot"] == verify_slot
            checked["takebacks"] += 1
            verify_slot = None
        ends = [e for e in records if e["type"] == "round_end"]
        if len(ends) > rounds_seen:
            rounds_seen = len(ends)
            check_round_table(screen, ends[-1], target)
            checked["tables"] += 1
        if "Pass the terminal to" in prompt:
            # Screen and scrollback were wiped, and nothing drawn since shows a rack.
            assert CLEAR_SCROLLBACK in raw
            handoff = plain(raw.rsplit(CLEAR_SCROLLBACK, 1)[1])
            assert "█" not in handoff and "rack" not in handoff.lower()
            checked["handoffs"] += 1
            press(child, ENTER)
        elif prompt.startswith("Press Enter to deal round"):
            press(child, ENTER)
        elif ": d draw" in prompt or prompt.startswith("Slot 1-9 or 0=10 for"):
            game = rebuild(record.read_text(encoding="utf-8")).game
            if prompt.startswith("Slot"):
                # The card offered is the one the engine gives for the key pressed.
                game.apply(DRAW if picked == "d" else TAKE)
                offered = re.match(r"Slot 1-9 or 0=10 for (\d+)", prompt)
                assert offered and int(offered.group(1)) == game.held, prompt
            decisions += 1
            if decisions % 9 == 0:
                # A typo: one sentence saying what is valid, the same prompt, nothing written.
                press(child, "z")
                child.expect(PROMPT_END)
                after = plain(child.before)
                assert "z is not valid here: press" in after
                assert last_line(child.before) == prompt
                assert record.stat().st_size == size
                checked["typos"] += 1
            if not hinted and game.mover == 0 and ": d draw" in prompt:
                hinted = True
                press(child, "h")
                child.expect(PROMPT_END)
                assert re.search(r"Hint: (Take|Draw)\b", plain(child.before))
            key = policy(game)
            if key == "t" and checked["put_backs"] == 0:
                # Taking the discard can be taken back before the placement is confirmed.
                press(child, "t")
                child.expect(r"u puts it back.* > ")
                press(child, "u")
                child.expect(PROMPT_END)
                assert last_line(child.before) == prompt
                assert record.stat().st_size == size
                checked["put_backs"] += 1
            if undo_plan is not None:
                key = undo_plan  # back at the slot prompt after the take-back
            elif key.isdigit() and decisions % 4 == 0:
                undo_plan = key
                key = "1" if key != "1" else "2"
            if ": d draw" in prompt:
                picked = key
            press(child, key)
        elif prompt.startswith("Enter confirms"):
            if undo_plan is not None and not undone:
                undone = True
                press(child, "u")
                child.expect(PROMPT_END)
                again = last_line(child.before)
                assert again.startswith("Slot 1-9 or 0=10 for"), again
                assert record.stat().st_size == size
                press(child, undo_plan)
                continue
            if undone:
                verify_slot = int(undo_plan or 0) or 10
                undo_plan, undone = None, False
            press(child, ENTER)
        elif prompt.startswith("Play again"):
            final = plain(child.before)
            press(child, "n")
        else:
            pytest.fail(f"unexpected prompt: {prompt!r}")
    child.close()
    assert child.exitstatus == 0, final
    records = events(record)
    end = records[-1]
    assert end["type"] == "game_end"
    rebuilt = rebuild(record.read_text(encoding="utf-8")).game
    assert rebuilt.is_over and list(rebuilt.totals) == end["totals"]
    check_round_table(final, [e for e in records if e["type"] == "round_end"][-1], target)
    rounds = sum(1 for e in records if e["type"] == "round_end")
    names = ("Ann", "Bob")
    for place, seat in enumerate(sorted(range(2), key=lambda s: -end["totals"][s]), start=1):
        assert re.search(rf"^\s*{place}\s+{names[seat]}\s+{end['totals'][seat]}\s*$", final, re.M)
    winner = end["winner"]
    plural = "round" if rounds == 1 else "rounds"
    assert (
        f"{names[winner]} wins with {end['totals'][winner]} points after {rounds} {plural}."
        in final
    )
    # Two people at the keyboard: the seed only at the end, with the hints each used.
    assert "Seed" not in opening
    assert ("Seed 11. To deal these cards again:\nracko play --seed 11 --names Ann,Bob "
            "--target 100\n") in final
    assert "Hints used: Ann\u00a01, Bob\u00a00." in final
    assert [e.get("hints") for e in records if e["type"] == "turn" and "hints" in e] == [1]
    assert checked["handoffs"] > 10 and checked["typos"] > 2 and checked["takebacks"] > 0
    assert checked["put_backs"] == 1
    assert checked["tables"] == rounds  # the last one above the standings and "Play again?"


@pytest.mark.parametrize(
    ("keys", "code", "sentence"),
    [
        (["q", "y"], 1, "You quit the game."),
        (["\x03"], 130, "Interrupted (Ctrl-C)."),
        (["\x04"], 1, "The input ended (Ctrl-D)."),
    ],
    ids=["q", "ctrl-c", "ctrl-d"],
)
def test_leaving_mid_turn_ends_cleanly_and_keeps_the_record(
    tmp_path: Path, keys: list[str], code: int, sentence: str
) -> None:
    record = tmp_path / "game.jsonl"
    child = spawn(["play", "--names", "Ann,Bob", "--seed", "3", "--record", str(record)], tmp_path,
                  short_holds=True)
    child.expect("Press Enter to deal round 1")
    press(child, ENTER)
    child.expect("Pass the terminal to")
    press(child, ENTER)
    child.expect("q quit > ")
    press(child, "d")
    child.expect(r"You drew (?:\x1b\[[0-9;]*m)?(\d+)")
    drawn = int(child.match.group(1))
    child.expect("to discard it.*> ")
    for key in keys:
        press(child, key)
        if key == "q":
            child.expect("Quit this game")
    child.expect(pexpect.EOF)
    output = plain(child.before)
    child.close()
    assert child.exitstatus == code
    assert sentence in output and "The game stopped in round 1 (Ann\u00a00, Bob\u00a00)." in output
    assert "Traceback" not in output
    assert f"Carry on later with: racko resume {record}" in " ".join(output.split())
    assert f"\nracko resume {record}\n" in output  # the command whole, on a line of its own
    said = f"You had drawn {drawn}: a draw cannot be undone, so it was discarded."
    assert said in " ".join(output.split())
    game = rebuild(record.read_text(encoding="utf-8")).game
    # A draw cannot be undone: the turn was finished by discarding the drawn card.
    assert game.round == 1 and game.turn == 1 and game.discard_top == drawn
    assert record_lines(game)[-1] == {"type": "turn", "seat": game.mover ^ 1, "source": "draw",
                                      "card": drawn, "slot": None}
    # Nobody's rack is left on the screen for whoever picks up the terminal next.
    assert "█" not in visible(child)


def test_one_person_against_a_bot_sees_no_hand_off_and_a_line_per_bot_turn(
    tmp_path: Path,
) -> None:
    record = tmp_path / "game.jsonl"
    child = spawn(
        ["play", "--players", "2", "--names", "Ann", "--bots", "easy", "--fast",
         "--target", "50", "--seed", "8", "--record", str(record)],
        tmp_path, short_holds=True,
    )
    bot_lines = 0
    opening = ""
    while child.expect([PROMPT_END, pexpect.EOF]) == 0:
        screen = plain(child.before)
        opening = opening or screen
        prompt = last_line(child.before)
        assert "Pass the terminal" not in prompt
        bot_lines += len(re.findall(r"^Easy (?:drew|took) .*\.$", screen, re.M))
        if prompt.startswith(("Press Enter", "Enter confirms")):
            press(child, ENTER)
            continue
        if prompt.startswith("Play again"):
            press(child, "n")
            continue
        game = rebuild(record.read_text(encoding="utf-8")).game
        if prompt.startswith("Slot"):
            game.apply(DRAW)
        key = policy(game)
        press(child, "d" if key == "t" else key)  # drawing keeps this script's model simple
    bot_lines += len(re.findall(r"^Easy (?:drew|took) .*\.$", plain(child.before), re.M))
    child.close()
    assert child.exitstatus == 0
    records = events(record)
    assert records[0]["players"][1] == {"name": "Easy", "kind": "bot:easy"}
    assert records[-1]["type"] == "game_end"
    bot_turns = sum(1 for e in records if e["type"] == "turn" and e["seat"] == 1)
    assert bot_lines == bot_turns
    # One person: the seed is no secret, and its command stands on a line of its own.
    assert "Seed 8. To deal these cards again:\nracko play --seed 8 " in opening


COLOUR = re.compile(r"\x1b\[[0-9;]*(?:3[0-9]|9[0-7]|4[0-9]|10[0-7])[;m]")


@pytest.mark.parametrize("no_color", [False, True], ids=["colour", "NO_COLOR"])
def test_no_color_turns_the_colours_off_and_the_screen_still_reads(
    tmp_path: Path, no_color: bool
) -> None:
    env = {"NO_COLOR": "1"} if no_color else {}
    child = spawn(["play", "--names", "Ann", "--bots", "easy", "--seed", "3"], tmp_path,
                  short_holds=True, **env)
    child.expect("Press Enter to deal round 1")
    press(child, ENTER)
    child.expect("q quit > ")
    screen = child.before
    press(child, "q")
    child.expect("Quit this game")
    press(child, "y")
    child.expect(pexpect.EOF)
    child.close()
    assert bool(COLOUR.search(screen)) is not no_color
    assert "✓ slot" in plain(screen) and "█" in screen  # the scoring run is marked in text


def _play_to_the_end(child: pexpect.spawn, record: Path, way_out: str = ENTER
                     ) -> tuple[str, str]:
    """Play Ann's turns as hard would, to the game's end and "n" to playing again: the last
    round's screen (if it asked for Enter before the final standings) and the standings'."""
    last_round = standings = ""
    while child.expect([PROMPT_END, pexpect.EOF]) == 0:
        prompt = last_line(child.before)
        if prompt.startswith("Press Enter for the final standings"):
            last_round = visible(child)
            press(child, way_out)  # the game is over: any way out of the wait shows the standings
        elif "Play again" in visible(child):  # the question may wrap in a narrow window
            settle(child, 0.3)
            standings = visible(child)
            press(child, "n")
        elif prompt.startswith(("Press Enter", "Enter confirms")):
            press(child, ENTER)
        else:
            game = rebuild(record.read_text(encoding="utf-8")).game
            if prompt.startswith("Slot"):
                game.apply(DRAW)
            key = policy(game)
            press(child, "d" if key == "t" else key)
    child.close()
    assert child.exitstatus == 0
    return last_round, standings


@pytest.mark.parametrize("way_out", [ENTER, "q", "\x03", "\x04"],
                         ids=["enter", "q", "ctrl-c", "ctrl-d"])
def test_a_four_player_game_end_shows_the_last_round_then_the_standings_at_80x24(
    tmp_path: Path, way_out: str
) -> None:
    record = tmp_path / "game.jsonl"
    child = spawn(
        ["play", "--bots", "hard,hard,hard", "--names", "Ann", "--fast", "--target", "50",
         "--seed", "3", "--record", str(record)],
        tmp_path, short_holds=True,
    )
    last_round, standings = _play_to_the_end(child, record, way_out)
    winner = events(record)[-1]["winner"]
    name = events(record)[0]["players"][winner]["name"]
    # Nothing scrolled away: the banner, every rack of the round and then the whole standings.
    assert "RACK-O!" in last_round and "Points: n × 5" in last_round
    assert all(player in last_round for player in ("Ann", "Hard 2", "Hard 3", "Hard 4"))
    assert "Final standings" in standings and f"{name} wins with" in standings
    assert "Seed 3. To deal these cards again:\nracko play --seed 3 " in standings
    assert "Carry on later" not in standings and "quit" not in standings.lower()


def test_the_final_standings_keep_their_title_in_view_in_45x15(tmp_path: Path) -> None:
    record = tmp_path / "game.jsonl"
    child = spawn(
        ["play", "--bots", "hard,hard,hard", "--names", "Annabel", "--fast", "--target",
         "50", "--seed", "3", "--record", str(record)],
        tmp_path, size=(45, 15), short_holds=True, scrollback=True,
    )
    last_round, standings = _play_to_the_end(child, record)
    lines = standings.splitlines()
    assert lines[0].strip() == "Final standings", standings
    # The last round's end, which the standings replaced, is kept above them in the
    # scrollback (it was blanked in place).
    assert last_round and "RACK-O!" in last_round
    kept = ["".join(char.data for char in line.values()) for line in child.screen.history.top]
    assert any(line.startswith("RACK-O!") for line in kept), "\n".join(kept[-20:])
    # The command starts a line of its own (the terminal may wrap it further on).
    assert "Seed 3. To deal these cards again:\nracko play --seed 3 " in standings, standings
    assert lines[-1].endswith(">"), standings
