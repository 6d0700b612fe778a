"""A table of computer players alone, in `racko play` or `racko resume`, stops a round that
reaches simulate's turn cap with no Rack-O (random players never finish one): a sentence,
exit 1, the record kept as it is, never a game that runs and grows its record for ever."""

from __future__ import annotations

from pathlib import Path

import pytest
from clirun import assert_exited, flat, racko

from rack_o.match import DEFAULT_TURN_CAP
from rack_o.record import parse_lines, rebuild

CAPPED = (f"No Rack-O after {DEFAULT_TURN_CAP:,} turns of round 1: computer players alone may "
          "never finish a round (a random player never puts its cards in order), so the game "
          "stops here.")


@pytest.mark.slow
def test_random_players_alone_stop_at_the_turn_cap_and_stop_again_when_resumed(
        home: Path) -> None:
    record = home / "games" / "random.jsonl"
    played = racko("play", "--players", "2", "--bots", "random,random", "--fast", "--seed", "1",
                   "--record", str(record))
    assert_exited(played, 1)
    assert CAPPED in flat(played.output)
    ending = flat(played.output).split(CAPPED)[1]
    # Carried on, it would stop again at once: how to remove it instead.
    assert "Carry on" not in ending
    assert ending.rstrip().endswith(f"Remove its record with: racko resume --drop {record.stem}")
    game = rebuild(parse_lines(record.read_text())).game
    assert (game.round, game.turn, game.is_over) == (1, DEFAULT_TURN_CAP, False)
    before = record.read_bytes()
    resumed = racko("resume", str(record), "--fast")
    assert_exited(resumed, 1)
    assert CAPPED in flat(resumed.output)
    assert record.read_bytes() == before
    dropped = racko("resume", "--drop", str(record), "--yes")
    assert_exited(dropped, 0)
    assert not record.exists()


@pytest.mark.slow
def test_a_person_at_the_table_is_never_stopped_by_the_cap(
        home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # One person and a random player: the person can always quit, and may still finish.
    # The cap lowered to 40 turns: which number it is does not matter to a person's table, and
    # typing past 1,000 turns took half a minute.
    cap = 40
    monkeypatch.setattr("rack_o.match.DEFAULT_TURN_CAP", cap)
    record = home / "games" / "person.jsonl"
    played = racko("play", "--bots", "random", "--names", "Ann", "--fast", "--seed", "1",
                   "--record", str(record), input="\n" + "d\nx\n\n" * (cap // 2 + 10) + "q\ny\n")
    assert "No Rack-O after" not in played.output
    game = rebuild(parse_lines(record.read_text())).game
    assert game.turn > cap or game.rounds, game.turn  # played on past the cap
