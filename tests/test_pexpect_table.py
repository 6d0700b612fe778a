"""At the table, in a real terminal: the set-up questions, a lone person against bots, the
score sheet, hints turned off, putting a taken discard back, a rematch, the rules in racko's
own pager, and a small terminal.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pexpect
import pytest
from ttykit import (
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

from rack_o.actions import DRAW
from rack_o.agent import play_game
from rack_o.bots import make_bot
from rack_o.game import Game, Player
from rack_o.record import Header, rebuild
from rack_o.record import events as record_events
from rack_o.rules import Rules


def the_record(home: Path) -> Path:
    [path] = (home / "games").glob("*.jsonl")
    return path


def quit_game(child: pexpect.spawn) -> None:
    press(child, "q")
    child.expect("Quit this game")
    press(child, "y")
    child.expect(pexpect.EOF)


@pytest.mark.parametrize(
    ("answers", "players", "handoff"),
    [
        (["", ""], [("Player 1", "human"), ("Player 2", "human")], True),
        (["1", "", "Ann"], [("Ann", "human"), ("Hard", "bot:hard")], False),
        (["1", "hard,easy", ""],
         [("Player 1", "human"), ("Hard", "bot:hard"), ("Easy", "bot:easy")], False),
    ],
    ids=["two-enters", "one-person-default-bot", "one-person-two-bots"],
)
def test_a_bare_racko_play_asks_who_plays_and_seats_them(
    tmp_path: Path, answers: list[str], players: list[tuple[str, str]], handoff: bool
) -> None:
    child = spawn(["play", "--fast", "--seed", "4"], tmp_path, short_holds=True)
    child.expect_exact("How many people play, 1-4? [2] ")
    child.sendline(answers[0])
    if answers[0] == "1":
        child.expect_exact("Who plays against you?")
        child.sendline(answers[1])
        child.expect_exact("Your name? [Player 1] ")
        child.sendline(answers[2])
    else:
        # At 80 columns the default goes under the question: room to type the names.
        child.expect_exact("Names of the 2 people, separated by commas?\r\n[Player 1, Player 2] ")
        child.sendline(answers[1])
    child.expect("Press Enter to deal round 1")
    assert ("Seed 4" in plain(child.before)) is not handoff  # two people: not at the start
    press(child, ENTER)
    if handoff:
        child.expect("press Enter when ready > ")
        press(child, ENTER)
    child.expect("q quit > ")
    header = events(the_record(tmp_path))[0]
    assert [(p["name"], p["kind"]) for p in header["players"]] == players
    quit_game(child)


def test_bots_without_players_seat_one_person_and_the_bots(tmp_path: Path) -> None:
    child = spawn(["play", "--bots", "hard,easy", "--fast", "--seed", "2"], tmp_path,
                  short_holds=True)
    child.expect_exact("Your name? [Player 1] ")
    child.sendline("Ann")
    child.expect("Press Enter to deal round 1")
    press(child, ENTER)
    child.expect("q quit > ")
    assert "Pass the terminal" not in plain(child.before)
    header = events(the_record(tmp_path))[0]
    assert [(p["name"], p["kind"]) for p in header["players"]] == [
        ("Ann", "human"), ("Hard", "bot:hard"), ("Easy", "bot:easy")]
    quit_game(child)


def record_after_round_one(path: Path, seed: int) -> Game:
    """A record of Ann (a person) against Easy, stopped after round 1 is scored."""
    players = (Player("Ann"), Player.for_bot("Easy", "easy"))
    rules = Rules(2, target=300)
    game = Game(rules, random.Random(seed), players=players)
    play_game(game, [make_bot("hard", 0, seed), make_bot("easy", 1, seed)], rounds=1)
    header = Header(players, rules, seed, "2026-01-02T10:00:00Z")
    path.write_text("".join(json.dumps(line) + "\n" for line in record_events(header, game.steps)),
                    encoding="utf-8")
    return game


def test_s_shows_the_score_sheet_at_any_prompt(tmp_path: Path) -> None:
    record = tmp_path / "saved.jsonl"
    game = record_after_round_one(record, 6)
    points = game.rounds[0].points
    child = spawn(["resume", str(record), "--fast"], tmp_path, short_holds=True)
    child.expect("Press Enter to deal round 2.* > ")
    for prompt in ("Press Enter to deal round 2", "q quit"):
        press(child, "s")
        child.expect("space or q returns")
        sheet = visible(child)
        assert "Score sheet — first to 300 wins" in sheet, sheet
        assert re.search(rf"^\s*1\s+{points[0]}\s+{points[1]}\s*$", sheet, re.M), sheet
        assert re.search(rf"^\s*Total\s+{points[0]}\s+{points[1]}\s*$", sheet, re.M), sheet
        press(child, "q")
        child.expect(PROMPT_END)
        assert prompt in last_line(child.before)
        if prompt.startswith("Press Enter"):
            assert "resuming" in visible(child)  # the screen is painted again
            press(child, ENTER)
            child.expect("q quit > ")
        else:
            assert "Ann's rack" in visible(child)
    quit_game(child)


def test_no_hints_turns_h_off_and_the_record_says_so(tmp_path: Path) -> None:
    record = tmp_path / "game.jsonl"
    child = spawn(["play", "--names", "Ann", "--bots", "easy", "--no-hints", "--fast",
                   "--seed", "3", "--record", str(record)], tmp_path, short_holds=True)
    child.expect("Press Enter to deal round 1")
    press(child, ENTER)
    child.expect("q quit > ")
    assert "hint" not in last_line(child.before)
    press(child, "h")
    child.expect("q quit > ")
    assert "Hints are off for this game." in visible(child)
    assert "Hint:" not in plain(child.before)
    quit_game(child)
    header = events(record)[0]
    assert header["hints"] is False
    assert rebuild(record.read_text(encoding="utf-8")).header.hints is False


def test_u_right_after_t_puts_the_card_back_and_a_draw_cannot_be_undone(tmp_path: Path) -> None:
    record = tmp_path / "game.jsonl"
    child = spawn(["play", "--names", "Ann", "--bots", "easy", "--fast", "--seed", "5",
                   "--record", str(record)], tmp_path, short_holds=True)
    child.expect("Press Enter to deal round 1")
    press(child, ENTER)
    child.expect("q quit > ")
    choose = last_line(child.before)
    top = int(re.search(r"take (\d+)", choose).group(1))
    before = events(record)
    press(child, "t")
    child.expect("u puts it back.* > ")
    assert f"You take {top} from the discard pile" in visible(child)
    press(child, "u")
    child.expect("q quit > ")
    assert last_line(child.before) == choose and events(record) == before
    # Taken again, placed, the placement taken back, then another slot confirmed.
    press(child, "t")
    child.expect("u puts it back.* > ")
    press(child, "3")
    child.expect("takes it back.* > ")
    press(child, "u")
    child.expect("u puts it back.* > ")
    press(child, "0")
    child.expect("takes it back.* > ")
    assert f"rack if {top} goes into slot 10" in visible(child)
    press(child, ENTER)
    child.expect("q quit > ")
    turns = [e for e in events(record) if e["type"] == "turn" and e["seat"] == 0]
    assert turns == [{"type": "turn", "seat": 0, "source": "discard", "card": top, "slot": 10}]
    # A draw offers no way back: u is not a choice once the card is seen, and says why.
    press(child, "d")
    child.expect("to discard it.* > ")
    press(child, "u")
    child.expect("to discard it.* > ")
    shown = " ".join(visible(child).split())
    assert "A draw cannot be undone: put" in shown and "or press x to discard it." in shown
    assert turns == [e for e in events(record) if e["type"] == "turn" and e["seat"] == 0]
    quit_game(child)


def test_play_again_seats_the_same_table_with_new_cards_and_a_new_record(tmp_path: Path) -> None:
    child = spawn(["play", "--names", "Ann", "--bots", "easy", "--fast", "--target", "5",
                   "--seed", "3"], tmp_path, short_holds=True)
    while True:
        child.expect(PROMPT_END)
        prompt = last_line(child.before)
        if prompt.startswith("Play again"):
            break
        if prompt.startswith(("Press Enter", "Enter confirms")):
            press(child, ENTER)
            continue
        [path] = (tmp_path / "games").glob("*.jsonl")
        game = rebuild(path.read_text(encoding="utf-8")).game
        if prompt.startswith("Slot"):
            game.apply(DRAW)
        key = policy(game)
        press(child, "d" if key == "t" else key)
    assert ("Seed 3. To deal these cards again:\nracko play --seed 3 --names Ann --target 5 "
            "--bots easy\n") in plain(child.before)
    press(child, "y")
    child.expect("Press Enter to deal round 1")
    again = plain(child.before)
    seed = int(re.search(r"Seed (\d+)\. To deal these cards again:", again).group(1))
    assert seed != 3 and "Ann, Easy" in again
    press(child, ENTER)  # the new game is dealt (one left before its first deal is not kept)
    child.expect("q quit > ")
    quit_game(child)
    first, second = sorted((tmp_path / "games").glob("*.jsonl"), key=lambda p: p.stat().st_mtime)
    assert events(first)[-1]["type"] == "game_end"
    assert events(second)[0]["seed"] == seed
    assert events(second)[0]["players"] == events(first)[0]["players"]


def test_the_rules_are_paged_in_racko_and_q_comes_back(tmp_path: Path) -> None:
    child = spawn(["play", "--names", "Ann", "--bots", "easy", "--fast", "--seed", "3"],
                  tmp_path, PATH="/nonexistent",  # no `less` to reach, were it tried
                  short_holds=True)
    child.expect("Press Enter to deal round 1")
    press(child, ENTER)
    child.expect("q quit > ")
    press(child, "r")
    child.expect("space more · b back · q returns")
    first = visible(child)
    assert "lines 1-23 of" in first.splitlines()[-1]
    press(child, " ")
    child.expect("space more · b back · q returns")
    assert "lines 24-" in visible(child).splitlines()[-1]
    press(child, "b")
    child.expect("space more · b back · q returns")
    assert visible(child) == first
    press(child, "q")
    child.expect("q quit > ")
    assert "Ann's rack" in visible(child)
    press(child, "r")
    child.expect("space more")
    press(child, "\x03")  # Ctrl-C works in the pager too
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130


NAMES = ("Annabelle Smith", "Bartholomew Jon", "Cy", "Dee")


def check_small_screen(screen: str, prompt: str, top: bool = True) -> None:
    """The status and the scores (`top`: at the top), the prompt at the bottom."""
    lines = screen.splitlines()
    status = next(i for i, line in enumerate(lines) if line.startswith("Round 1  "))
    assert status == 0 or not top, screen
    assert all(f"{name} 0" in lines[status + 1] for name in NAMES), screen
    assert prompt in lines[-1], screen


def test_four_people_at_60_by_20_keep_the_scores_and_the_prompt_in_view(tmp_path: Path) -> None:
    child = spawn(["play", "--names", ",".join(NAMES), "--seed", "5"], tmp_path, size=(60, 20),
                  short_holds=True)
    child.expect("Press Enter to deal round 1")
    press(child, ENTER)
    child.expect("press Enter when ready > ")
    check_small_screen(visible(child), "Pass the terminal to", top=False)
    press(child, ENTER)
    child.expect("q quit > ")
    check_small_screen(visible(child), ": d draw")
    for key, prompt in (("?", ": d draw"), ("d", "Slot"), ("?", "Slot"), ("3", "confirms"),
                        ("h", "confirms")):
        press(child, key)
        child.expect(PROMPT_END)
        settle(child, 0.2)
        check_small_screen(visible(child), prompt)
    press(child, "r")
    child.expect("space")
    status = visible(child).splitlines()[-1]
    assert len(status) <= 60 and "space" in status
    press(child, "q")
    child.expect(PROMPT_END)
    check_small_screen(visible(child), "confirms")
    quit_game(child)
