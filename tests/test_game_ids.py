"""Game IDs: spelled in ASCII from the players' names, and the one `history --json` gives is
the one `replay` takes."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from clirun import assert_exited, racko

from rack_o.store.paths import create_record_file


@pytest.mark.parametrize(
    ("names", "slug"),
    [
        (["Νίκος", "Easy"], "nikos-easy"),
        (["Γιώργος", "Χαρά"], "giorgos-chara"),
        (["Ψυχούλα", "Θεά"], "psychoula-thea"),
        (["Élodie", "Zdeněk"], "elodie-zdenek"),
        (["Šárka", "Øystein"], "sarka-oystein"),
        (["Ann", "Bob"], "ann-bob"),
        (["李", "王"], "players"),
        (["Zoë 🃏", "李小龍", "Ann"], "zoe-ann"),
        # Whole names only: never "player-1-player-2-player", which names someone else.
        (["Player 1", "Player 2", "Player 3"], "player-1-player-2"),
        (["Alexandra", "Bartholomew", "Cy"], "alexandra-bartholomew-cy"),  # 24 exactly
        (["Alexandra", "Bartholomew", "Cyd"], "alexandra-bartholomew"),
        (["Maximiliana-Konstantina von Habsburg", "Bob"], "maximiliana-konstantina"),
    ],
)
def test_game_ids_spell_every_name_in_ascii(home: Path, names: list[str], slug: str) -> None:
    path = create_record_file("2026-11-30T01:27:00Z", names)
    # The local start time to the minute (this machine's zone), then the names.
    assert re.fullmatch(r"\d{4}-\d\d-\d\d-\d{4}-" + re.escape(slug) + r"\.jsonl", path.name)


@pytest.mark.slow
def test_history_json_gives_the_game_id_replay_takes(home: Path) -> None:
    assert_exited(racko("play", "--players", "2", "--bots", "easy,hard", "--fast",
                        "--target", "5", "--seed", "2"), 0)
    outside = home / "outside.jsonl"
    assert_exited(racko("play", "--players", "2", "--bots", "easy,hard", "--fast",
                        "--target", "5", "--seed", "3", "--record", str(outside)), 0)
    [saved] = (home / "games").glob("*.jsonl")
    rows = json.loads(racko("history", "--json").output)
    ids = [row["id"] for row in rows]
    assert ids == [str(outside), saved.stem]
    assert f"ID {saved.stem}" in racko("history").output
    for game_id in ids:
        assert_exited(racko("replay", game_id, "--summary"), 0)
