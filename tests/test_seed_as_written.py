"""A record's seed is shown as the record writes it: a number as its digits, text in quotes,
since the text "5" shuffles otherwise than the number 5 that `racko play --seed 5` deals
from. The note that names the command dealing a game's cards again names one only for a
seed `--seed` takes (the spec makes the seed informational, of no set type)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from builders import play_sensibly, seeded_game, write_with_header
from clirun import assert_exited, flat, racko

from rack_o.cli.session import end_notes
from rack_o.game import Player
from rack_o.record import Header
from rack_o.rules import Rules
from rack_o.store.records import SEED_SHOWN, replayable_seed, shown_seed

BOTS = ["bot:easy", "bot:easy"]


@pytest.mark.parametrize(("seed", "shown", "again"), [
    (5, "5", 5),
    (0, "0", 0),
    ("5", '"5"', None),
    ("", '""', None),
    ("seed \u202e", '"seed \\u202e"', None),
    ("9" * 5000, '"' + "9" * (SEED_SHOWN - 1) + '…"', None),
    (-5, "-5", None),
    (10 ** (SEED_SHOWN + 5), "1" + "0" * (SEED_SHOWN - 2) + "…", None),
])
def test_a_seed_is_shown_as_written_and_replayable_only_as_a_whole_number(
    seed: object, shown: str, again: int | None
) -> None:
    assert shown_seed(seed) == shown
    assert replayable_seed(seed) == again


def _header(seed: int | str) -> Header:
    game = seeded_game(3, kinds=BOTS)
    return Header(tuple(game.players), game.rules, seed)


def test_the_end_note_names_the_command_for_a_whole_number_seed() -> None:
    [note] = end_notes(_header(5), ["Ann", "Bob"], [], [0, 0])
    # Two easy bots named Ann and Bob: the command sits them down under those names.
    assert note == ("Seed 5. To deal these cards again:\n"
                    "racko play --seed 5 --players 2 --names Ann,Bob --target 150 "
                    "--bots easy,easy")


@pytest.mark.parametrize("seed", ["5", "-5", "x"])
def test_the_end_note_of_a_text_seed_quotes_it_and_names_no_command(seed: str) -> None:
    [note] = end_notes(_header(seed), ["Ann", "Bob"], [], [0, 0])
    assert note == (f'Seed "{seed}": racko play --seed takes a whole number from 0, so it '
                    "cannot deal these cards again.")


def test_a_text_seed_is_quoted_where_a_replay_shows_it(home: Path) -> None:
    game = seeded_game(4, kinds=BOTS)
    assert play_sensibly(game, random.Random(5), 0.1)
    path = write_with_header(home / "g.jsonl", game, lambda header: header.update(seed="5"))
    result = racko("replay", "--summary", str(path))
    assert_exited(result, 0)
    assert 'seed "5"' in flat(result.output)


def test_a_resumed_game_with_a_text_seed_quotes_it_and_gives_no_wrong_command(
    home: Path,
) -> None:
    game = seeded_game("5", kinds=BOTS)  # type: ignore[arg-type]  # dealt from the text "5"
    assert play_sensibly(game, random.Random(6), 0.1, turns=6)
    path = write_with_header(home / "games" / "g.jsonl", game, lambda header: None)
    assert json.loads(path.read_text(encoding="utf-8").splitlines()[0])["seed"] == "5"
    result = racko("resume", str(path), "--fast", input="\n")
    assert_exited(result, 0)
    said = flat(result.output)
    assert 'Seed "5": the cards are dealt as they would have been.' in said
    assert ('Seed "5": racko play --seed takes a whole number from 0, so it cannot deal these '
            "cards again.") in said
    assert "--seed 5" not in said


@pytest.mark.parametrize(("seated", "command"), [(True, "racko host"),
                                                 (False, "racko host --no-seat")])
def test_a_hosted_game_s_note_sits_the_host_where_they_sat(seated: bool, command: str) -> None:
    # Without --no-seat, the command sat a host who had no seat in the first guest's.
    players = (Player("Ann"), Player("Bob"), Player.for_bot("Hard", "hard"))
    header = Header(players, Rules(3, target=5), 3)
    [note] = end_notes(header, ["Ann", "Bob", "Hard"], [], [0, 0, 0], hosted=True,
                       seated=seated)
    assert note == ("Seed 3. To deal these cards again:\n"
                    f"{command} --seed 3 --players 3 --names Ann,Bob --target 5 --bots hard")


@pytest.mark.parametrize(("port", "bind", "options"), [
    (2345, "", " --port 2345"),
    (2222, "", ""),
    (2345, "127.0.0.1", " --port 2345 --bind 127.0.0.1"),
    (2222, "::1", " --bind ::1"),
])
def test_a_hosted_game_s_note_names_where_the_table_listened(port: int, bind: str,
                                                             options: str) -> None:
    # Dealt again on another port, the guests' ssh lines would not reach the table; without
    # its --bind, a table kept to one network would open to every network.
    from rack_o.host.games import table_options

    players = (Player("Ann"), Player("Bob"))
    header = Header(players, Rules(2, target=5), 3)
    [note] = end_notes(header, ["Ann", "Bob"], [], [0, 0], hosted=True,
                       table=table_options(port, bind))
    assert note == ("Seed 3. To deal these cards again:\n"
                    f"racko host --seed 3 --names Ann,Bob --target 5{options}")


@pytest.mark.parametrize(("port", "named"), [(2222, None), (0, None), (2345, 2345)])
def test_a_command_names_a_port_only_when_it_is_not_the_default(port: int,
                                                                 named: int | None) -> None:
    from rack_o.host.defaults import DEFAULT_PORT, named_port
    from rack_o.host.games import host_resume_command

    assert DEFAULT_PORT == 2222
    assert named_port(port) == named
    assert ("--port" in host_resume_command("ID", port)) is (named is not None)


def test_a_bot_from_outside_racko_is_not_made_again_to_write_the_command() -> None:
    # Made again to learn its own name, a bot whose code ends the program (or fails) as it is
    # made stopped the game at its start note.
    from rack_o.bots import bot_kind
    from rack_o.cli.setup import same_cards
    from rack_o.rules import Rules

    players = [Player("Ann"), Player("Leaver", bot_kind("broken_bots:Leaver"))]
    assert same_cards(players, 4, Rules(2)) == "--seed 4 --names Ann --bots broken_bots:Leaver"


@pytest.mark.parametrize("seed", [4, 5], ids=["the seed that dealt it", "another seed"])
def test_a_resumed_game_names_its_seed_only_if_the_seed_deals_its_cards(home: Path,
                                                                          seed: int) -> None:
    # A record from elsewhere may name a seed its cards were not dealt from: "the cards are
    # dealt as they would have been" and `racko play --seed 5` were then false.
    game = seeded_game(4, kinds=BOTS, target=75)
    assert play_sensibly(game, random.Random(6), 0.1, turns=6)
    path = write_with_header(home / "g.jsonl", game, lambda header: header.update(seed=seed))
    result = racko("resume", str(path), "--fast", input="\n")
    assert_exited(result, 0)
    said = flat(result.output)
    dealt_by_it = seed == 4
    assert ("the cards are dealt as they would have been" in said) is dealt_by_it, said
    assert ("To deal these cards again" in said) is dealt_by_it, said
    assert (f"--seed {seed}" in said) is dealt_by_it, said


def test_a_game_follows_its_seed_while_every_card_dealt_is_the_seed_s() -> None:
    from builders import deck_for

    game = seeded_game(4, kinds=BOTS)
    assert game.follows_rng
    assert play_sensibly(game, random.Random(6), 0.0)
    assert game.follows_rng
    other = seeded_game(4, kinds=BOTS)
    racks = [[*range(1, 11)], [*range(11, 21)]]
    other.deal(deck_for(racks, 30, dealer=other.dealer))  # not the seed's shuffle
    assert not other.follows_rng
