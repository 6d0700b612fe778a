"""A game saved between two rounds is resumed saying its last round is over, not how many turns
were played in it ("Round 1, 15 turns played" and then "Press Enter to deal round 2" read as if
round 1 went on), in the list of unfinished games and on resuming, in every language."""

from __future__ import annotations

from pathlib import Path

import pytest
from builders import unfinished_game, write_record
from clirun import flat, racko
from test_resume_list_keeps_ids_and_headings_whole import round_over

from rack_o.i18n import _, ngettext, speaking
from rack_o.store.records import summarize


@pytest.mark.parametrize("language", ["en", "el", "fr", "cs"])
def test_a_game_between_rounds_says_its_last_round_is_over(home: Path, language: str) -> None:
    game = round_over(5)
    assert game.round == 1 and game.turn > 0
    path = write_record(home / "games" / "2026-11-29-2105-ann-bob.jsonl", game)
    assert summarize(path).round_over
    with speaking(language):
        over = _("Round {round} is over").format(round=1)
        played = ngettext("Round {round}, {count} turn played",
                          "Round {round}, {count} turns played", game.turn).format(
                              round=1, count=game.turn)
        deal = _("Press Enter to deal round {round} — {dealer} deals").format(
            round=2, dealer=game.players[(game.dealer + 1) % 2].name)
    listed = racko("--lang", language, "resume", "--list")
    assert over in flat(listed.output), listed.output
    resumed = racko("--lang", language, "resume", path.stem, input="q\ny\n")
    said = flat(resumed.output)
    assert over in said and played not in said, resumed.output
    assert said.index(over) < said.index(deal), resumed.output  # then the next round's deal


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_game_mid_round_still_says_how_many_turns_were_played(home: Path,
                                                                 language: str) -> None:
    game = unfinished_game(4, turns=5, target=500)
    assert game.phase != "deal"
    path = write_record(home / "games" / "2026-11-29-2105-ann-bob.jsonl", game)
    assert not summarize(path).round_over
    with speaking(language):
        over = _("Round {round} is over").format(round=game.round)
        played = ngettext("Round {round}, {count} turn played",
                          "Round {round}, {count} turns played", game.turn).format(
                              round=game.round, count=game.turn)
    listed = racko("--lang", language, "resume", "--list")
    assert over not in flat(listed.output), listed.output
    resumed = racko("--lang", language, "resume", path.stem, input="q\ny\n")
    assert played in flat(resumed.output) and over not in flat(resumed.output), resumed.output
