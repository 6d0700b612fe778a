"""A whole short game in a real terminal in Greek and in Czech: every screen in that language.

One person plays a bot (`--lang` chosen on the command line, or from LANG), with the same
keys as in English; the script reads the game from the --record file to choose its moves.
"""

from __future__ import annotations

import re
from pathlib import Path

import pexpect
import pytest
from test_pexpect_play import PROMPT_END, events, plain, policy, spawn
from ttykit import press

from rack_o.actions import DRAW
from rack_o.record import rebuild

# English words no screen of a translated game shows (player names aside).
ENGLISH = re.compile(
    r"\b(the|your|Round|pile|dealt|to play|wins|first|drew|took|Press|draw|take|keeps|help|quit)\b"
)

SPEECH = {
    "el": {
        "name": "Άννα",
        "deal": "Πάτα Enter για τον γύρο",
        "choose": ": d τράβα · t πάρε το",
        "place": "Θέση 1-9 ή 0=10 για το",
        "confirm": "Enter επιβεβαίωση",
        "invalid": "δεν ισχύει εδώ: πάτα d για να τραβήξεις",
        "hint": r"Συμβουλή: (Πάρε|Τράβα)",
        "screen": ("Γύρος 1", "Στοίβα απόρριψης:", "Τράπουλα:", "Το ράφι σου, Άννα"),
        "bot": r"^Easy (?:τράβηξε|πήρε) .*\.$",
        "table": ("RACK-O!", "Πόντοι", "Σύνολο", "Λείπουν"),
        "end": ("Τελική κατάταξη", "νίκη με"),
    },
    "cs": {
        "name": "Zdeněk",
        "deal": "Stiskněte Enter a rozdá se",
        "choose": ": d líznout · t vzít",
        "place": "Slot 1-9 nebo 0=10 pro",
        "confirm": "Enter potvrdí",
        "invalid": "tu neplatí: stiskněte d pro líznutí",
        "hint": r"Rada: (Vezměte|Lízněte)",
        "screen": ("1. kolo", "Odhazovací hromádka:", "Balíček:", "Zdeněk — stojan"),
        "bot": r"^Easy bere .*\.$",
        "table": ("RACK-O!", "Body", "Celkem", "Zbývá"),
        "end": ("Konečné pořadí", "vyhrává s"),
    },
}


@pytest.mark.parametrize(
    ("language", "how"), [("el", "option"), ("cs", "environment")], ids=["el", "cs"]
)
def test_a_game_against_a_bot_is_played_in_greek_and_in_czech(
    tmp_path: Path, language: str, how: str
) -> None:
    say = SPEECH[language]
    record = tmp_path / "game.jsonl"
    args = ["play", "--players", "2", "--names", str(say["name"]), "--bots", "easy", "--fast",
            "--target", "50", "--seed", "8", "--record", str(record)]
    if how == "option":
        child = spawn(["--lang", language, *args], tmp_path)
    else:
        child = spawn(args, tmp_path, LANGUAGE="", LC_ALL="", LANG=f"{language}_CZ.UTF-8")
    seen = dict.fromkeys(("turns", "typos", "hints", "bot_lines"), 0)
    screens = ""
    while child.expect([PROMPT_END, pexpect.EOF]) == 0:
        screen = plain(child.before)
        screens += screen
        prompt = screen.rstrip().splitlines()[-1]
        assert not ENGLISH.search(screen), screen
        seen["bot_lines"] += len(re.findall(str(say["bot"]), screen, re.M))
        if prompt.startswith(str(say["deal"])) or prompt.startswith(str(say["confirm"])):
            press(child, "\r")
            continue
        if events(record)[-1]["type"] == "game_end":  # "Play again?", in any language
            press(child, "n")
            continue
        game = rebuild(record.read_text(encoding="utf-8")).game
        if str(say["choose"]) in prompt:
            for word in say["screen"]:
                assert word in screen, (word, screen)
            seen["turns"] += 1
            if seen["turns"] == 2:
                # A wrong key: one line in this language saying what is valid, same prompt.
                press(child, "z")
                child.expect(PROMPT_END)
                again = plain(child.before)
                assert str(say["invalid"]) in again
                assert again.rstrip().splitlines()[-1] == prompt
                seen["typos"] += 1
            if seen["turns"] == 3:
                # The hard bot's hint, in this language too.
                press(child, "h")
                child.expect(PROMPT_END)
                told = plain(child.before)
                assert re.search(str(say["hint"]), told) and not ENGLISH.search(told), told
                seen["hints"] += 1
        elif prompt.startswith(str(say["place"])):
            game.apply(DRAW)
        else:
            pytest.fail(f"unexpected prompt: {prompt!r}")
        key = policy(game)
        press(child, "d" if key == "t" else key)  # the same keys as in English
    final = plain(child.before)
    screens += final
    seen["bot_lines"] += len(re.findall(str(say["bot"]), final, re.M))
    child.close()
    assert child.exitstatus == 0, final
    assert not ENGLISH.search(final), final
    for word in (*say["table"], *say["end"]):
        assert word in screens, word
    records = events(record)
    assert records[-1]["type"] == "game_end"
    assert seen["turns"] > 3 and seen["typos"] == seen["hints"] == 1
    assert seen["bot_lines"] == sum(1 for e in records if e["type"] == "turn" and e["seat"] == 1)
