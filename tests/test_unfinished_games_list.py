"""`racko resume --list`: the star that marks a computer player is explained when one is
listed; a damaged record among many is named, the others listed."""

from __future__ import annotations

import hashlib
from pathlib import Path

from builders import record_text, unfinished_game, write_record
from clirun import assert_exited, flat, racko, squashed

LEGEND = "* a computer player"


def test_resume_list_explains_the_star_only_when_a_bot_is_listed(home: Path) -> None:
    games = home / "games"
    people = unfinished_game(9, turns=6, kinds=("human", "human"))
    write_record(games / "2026-11-29-2105-ann-bob.jsonl", people)
    alone = racko("resume", "--list")
    assert_exited(alone, 0)
    assert "Bob 0" in alone.output and "*" not in alone.output
    write_record(games / "2026-11-29-2106-ann-bob.jsonl", unfinished_game(9, turns=6))
    listed = racko("resume", "--list")
    assert_exited(listed, 0)
    assert "Bob* 0" in listed.output
    assert listed.output.rstrip().splitlines()[-1].strip() == LEGEND


def test_resume_list_lists_many_games_and_names_a_big_hostile_record_among_them(
    home: Path,
) -> None:
    games = home / "games"
    ids = [f"2026-11-29-{2000 + n}-ann-bob" for n in range(40)]
    for n, game_id in enumerate(ids):
        write_record(games / f"{game_id}.jsonl", unfinished_game(n, turns=4))
    game_line = record_text(unfinished_game(1, turns=0)).splitlines(keepends=True)[0]
    hostile = games / "2026-11-29-2100-hostile.jsonl"
    hostile.write_text(game_line + '{"type": "turn"}\n' * 50_000, encoding="utf-8")
    before = hashlib.sha256(hostile.read_bytes()).hexdigest()
    listed = racko("resume", "--list")
    assert_exited(listed, 0)
    assert all(game_id in listed.output for game_id in ids)
    assert squashed(f"Skipped a damaged record: {hostile}, line 2:") in squashed(listed.output)
    assert 'the second line must be "dealer_draw", not "turn"' in flat(listed.output)
    assert hashlib.sha256(hostile.read_bytes()).hexdigest() == before


def test_resume_list_names_the_damaged_records_in_the_order_of_their_names(home: Path) -> None:
    games = home / "games"
    write_record(games / "2026-11-29-2105-ann-bob.jsonl", unfinished_game(9, turns=6))
    names = ["c-broken.jsonl", "a-broken.jsonl", "b-broken.jsonl"]
    for name in names:
        (games / name).write_text("not a record\n", encoding="utf-8")
    listed = racko("resume", "--list")
    assert_exited(listed, 0)
    skipped = [line for line in flat(listed.output).split("Skipped a damaged record: ")[1:]]
    assert [line.split(",")[0].split(":")[0] for line in skipped] == [
        str(games / name) for name in sorted(names)]
