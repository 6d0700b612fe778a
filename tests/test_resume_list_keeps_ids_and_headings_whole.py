"""`racko resume --list` from 40 to 100 columns, in every language, with long names: a game's
ID is what is typed to carry it on, so it is never cut ("…-bohuslava-kry…" at 45 columns), nor
is a heading ("Ro…", "Γύ…"); where the columns cannot be, each game is a block of lines."""

from __future__ import annotations

import os
import random
from collections import Counter
from pathlib import Path

import pytest
from builders import STARTED, play_sensibly, seeded_game, write_record
from clirun import assert_exited, flat, racko
from rich.cells import cell_len

from rack_o.game import Game
from rack_o.i18n import _, speaking
from rack_o.store.paths import create_record_file, record_id
from rack_o.store.records import load_record

LONG = ("Přemysl", "Bohuslava", "Zdeněk")  # 24 letters and hyphens: the most an ID names
PARTNERS = ("Annabelle-Marie", "Bartholomew", "Constantinos", "Dorothea-Louise")


def round_over(seed: int) -> Game:
    """A game of Ann against an easy bot whose first round is over, the second not dealt."""
    game = seeded_game(seed, 2)
    rng = random.Random(seed + 1)
    while game.round == 0 or game.phase != "deal":
        play_sensibly(game, rng, 0.1, turns=1)
    return game


@pytest.fixture
def saved(home: Path) -> list[str]:
    """Three unfinished games saved as racko names them (the longest IDs there are): three
    long names mid-round, four long names with partners, a game between rounds; their IDs,
    as listed (the one played last first)."""
    mid = seeded_game(3, 3, names=LONG, kinds=("human", "human", "bot:hard"))
    play_sensibly(mid, random.Random(4), 0.1, turns=5)
    partners = seeded_game(6, 4, names=PARTNERS, kinds=("human", "bot:easy", "human", "bot:hard"),
                           partners=True)
    play_sensibly(partners, random.Random(7), 0.1, turns=3)
    ids = []
    for modified, game in enumerate((round_over(5), partners, mid)):
        path = create_record_file(STARTED, [player.name for player in game.players])
        write_record(path, game)
        stamp = 1_000_000 + modified
        os.utime(path, (stamp, stamp))
        ids.insert(0, record_id(path))
    assert max(map(len, ids)) == 40  # "2026-11-29-HHMM-premysl-bohuslava-zdenek"
    return ids


@pytest.mark.parametrize("language", ["en", "el", "fr", "cs"])
def test_every_id_and_heading_stays_whole_from_40_to_100_columns(
    saved: list[str], home: Path, monkeypatch: pytest.MonkeyPatch, language: str
) -> None:
    with speaking(language):
        title = _("Unfinished games, last played first").split()
        headings = ["#", "ID", "·", *_("Started").split(), *_("Round").split(),
                    *_("Players and scores").split()]
        over = _("Round {round} is over").format(round=1)
    games = [load_record(home / "games" / f"{ident}.jsonl").game for ident in saved]
    layouts = set()
    for width in range(40, 101):
        monkeypatch.setenv("COLUMNS", str(width))
        listed = racko("--lang", language, "resume", "--list")
        assert_exited(listed, 0)
        lines = listed.output.splitlines()
        assert max(cell_len(line) for line in lines) <= width, listed.output
        assert "…" not in listed.output
        for ident in saved:  # whole, on one line, as typed
            assert any(ident in line.split() for line in lines), (ident, listed.output)
        for game in games:  # every name beside its score
            for player, total in zip(game.players, game.totals, strict=False):
                star = "" if player.is_human else "*"
                if not game.rules.partners:
                    assert any(f"{player.name}{star} {total}" in line for line in lines), (
                        listed.output)
        assert over in flat(listed.output), listed.output
        rule = next((at for at, line in enumerate(lines) if line.startswith("─")), None)
        if rule is not None:
            layouts.add("columns")
            above = " ".join(lines[:rule]).split()
            assert above[: len(title)] == title, listed.output
            # Above the rule, every heading's words, each whole, and nothing else.
            assert Counter(above[len(title):]) == Counter(headings), listed.output
            # Each game's number starts the line of its ID.
            for number, ident in enumerate(saved, start=1):
                assert any(line.split()[:2] == [str(number), ident] for line in lines), (
                    listed.output)
        else:
            layouts.add("blocks")
            assert " ".join(lines).split()[: len(title)] == title, listed.output
            for number, (ident, game) in enumerate(zip(saved, games, strict=True), start=1):
                at = lines.index(ident)  # the ID alone on its line
                # Above it, since the blank line before the game, its number, round, start.
                blank = max(line for line in range(at) if not lines[line])
                facts = flat(" ".join(lines[blank + 1:at]))
                assert facts.startswith(f"#{number} · "), listed.output
                with speaking(language):
                    round_ = (over if game.phase == "deal"
                              else _("Round {round}").format(round=game.round))
                # One of the facts, set off by "·" or by the end of a line (a line of facts
                # wraps between them, leaving the "·" out).
                pieces = [flat(piece) for line in lines[blank + 1:at]
                          for piece in line.split(" · ")]
                assert round_ in pieces, listed.output
    assert layouts == {"columns", "blocks"}
