"""An unfinished game of one person against computer players: `racko replay` and `racko review`
keep the round still being played as the table does (the person's own rack only, the others
face down), since the person may look and then carry the game on; --reveal shows it whole,
and finished games, rounds already over and games of bots alone are shown as ever."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from builders import (
    dealer_draw_for,
    deck_for,
    finished_game,
    play_sensibly,
    record_lines,
    seeded_game,
    unfinished_game,
    write_record,
)
from click.testing import CliRunner
from test_review_cli import moves_listed

from rack_o import DISCARD, DRAW, TAKE, Action, Game, Player, Rules, dumps, place
from rack_o.cli import main
from rack_o.cli.recordfile import OwnRound, own_round
from rack_o.review import POINTS_PER_TURN
from rack_o.store.records import load_record

NOTE = "The other racks stay face down until the round ends: --reveal shows them."
HIDDEN_ROW = re.compile(r"^Bob(?=.*\?)( +(\?|\d+)){10} *$", flags=re.MULTILINE)
"""Bob's rack face down: a mark for each card, but for any he took from the discard pile."""
WAITING = [3, 6, 27, 12, 15, 19, 23, 8, 26, 34]
ONE_OUT = [1, 4, 9, 13, 17, 22, 28, 36, 2, 38]  # only 37, in slot 9, wins
FAR = sorted(ONE_OUT, reverse=True)  # the same cards, nowhere near out


def run(*args: str, keys: str = "") -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args), input=keys)
    return result.exit_code, result.stdout, result.stderr


def in_round_two(seed: int, kinds: tuple[str, str] = ("human", "bot:easy")) -> Game:
    """Ann against Bob, round 1 over and a few turns of round 2 played."""
    game = seeded_game(seed, target=500, kinds=kinds)
    rng = random.Random(seed + 1)
    while game.round < 2 or game.turn < 6:
        assert play_sensibly(game, rng, 0.1, turns=1)
    assert not game.is_over
    return game


def screens_of(out: str, record_id: str) -> list[str]:
    return out.split(f"Replay of {record_id}")[1:]


def test_replay_keeps_the_others_racks_face_down_in_the_round_still_being_played(
    home: Path,
) -> None:
    game = in_round_two(7)
    write_record(home / "games" / "g.jsonl", game)
    code, out, err = run("replay", "g", keys="\n" * 400)
    assert code == 0, out + err
    screens = screens_of(out, "g")
    over = [screen for screen in screens if re.search(r"round 1, turn \d+", screen)]
    going_on = [screen for screen in screens if re.search(r"round 2, turn \d+", screen)]
    assert over and going_on
    for screen in over:  # round 1 is over: every rack was turned up at its end
        assert not HIDDEN_ROW.search(screen) and NOTE not in screen
        assert re.search(r"^Bob( +\d+){10}", screen, flags=re.MULTILINE), screen
    for screen in going_on:  # Ann's own rack, Bob's face down, and why
        assert HIDDEN_ROW.search(screen), screen
        assert re.search(r"^Ann( +\d+){11}$", screen, flags=re.MULTILINE), screen
        assert NOTE in " ".join(screen.split()), screen
        assert not re.search(r"Bob drew \d+", screen), screen  # a card he kept stays his
    ann = " +".join(str(card) for card in game.rack(0))
    assert re.search(rf"^Ann +{ann} +\d+$", going_on[-1], flags=re.MULTILINE)  # as it is now
    code, out, err = run("replay", "g", "--reveal", keys="\n" * 400)
    assert code == 0, out + err
    last = screens_of(out, "g")[-1]
    assert not HIDDEN_ROW.search(last) and NOTE not in " ".join(last.split())
    bob = " +".join(str(card) for card in game.rack(1))
    assert re.search(rf"^Bob +{bob} +\d+$", last, flags=re.MULTILINE), last


def saved_against_bob(home: Path, draw: list[int], actions: tuple[Action, ...]) -> None:
    """Ann against Bob (a computer player), dealt WAITING and FAR with 18 face up and `draw`
    on top of the draw pile, `actions` played, saved as the unfinished game "g"."""
    players = [Player("Ann"), Player("Bob", "bot:hard")]
    game = Game(Rules(2), players=players, dealer_draw=dealer_draw_for(1, 2))
    game.deal(deck_for([WAITING, FAR], 18, draw, dealer=1))
    for action in actions:
        game.apply(action)
    (home / "games").mkdir(exist_ok=True)
    (home / "games" / "g.jsonl").write_text(
        "".join(dumps(line) for line in record_lines(game)), encoding="utf-8")


def test_a_bot_s_turn_in_that_round_is_told_as_the_table_saw_it(home: Path) -> None:
    # Ann takes the 18; Bob draws the 7 and keeps it in slot 8; Ann takes his 4.
    saved_against_bob(home, [7], (TAKE, place(9), DRAW, place(8), TAKE, place(10)))
    code, out, _err = run("replay", "g", keys="\n" * 20)
    assert code == 0
    said = " ".join(out.split())
    assert "Bob drew a card into slot 8 and discarded 4." in said
    assert "Bob drew 7" not in said
    code, out, _err = run("replay", "g", "--reveal", keys="\n" * 20)
    assert "Bob drew 7, put it in slot 8 and discarded 4." in " ".join(out.split())


def test_a_card_a_bot_took_from_the_discard_pile_shows_in_its_rack_face_down(home: Path) -> None:
    # Ann draws the 7 and throws it away; Bob takes it into slot 8, in full view; Ann draws.
    saved_against_bob(home, [7, 20], (DRAW, DISCARD, TAKE, place(8), DRAW))
    code, out, _err = run("replay", "g", keys="\n" * 20)
    assert code == 0
    last = screens_of(out, "g")[-1]
    assert re.search(r"^Bob( +\?){7} +7( +\?){2} *$", last, flags=re.MULTILINE), last


@pytest.mark.parametrize(
    ("game", "hidden"),
    [
        pytest.param(lambda: in_round_two(7), True, id="one-person-unfinished"),
        pytest.param(lambda: finished_game(3), False, id="one-person-finished"),
        pytest.param(lambda: in_round_two(7, ("bot:easy", "bot:medium")), False,
                     id="bots-alone-unfinished"),
    ],
)
def test_only_a_round_a_person_is_still_playing_is_kept_hidden(
    home: Path, game: object, hidden: bool
) -> None:
    write_record(home / "games" / "g.jsonl", game())  # type: ignore[operator]
    code, out, err = run("replay", "g", keys="\n" * 2000)
    assert code == 0, out + err
    assert bool(HIDDEN_ROW.search(out)) is hidden
    assert (NOTE in " ".join(out.split())) is hidden


def test_own_round_names_the_round_being_played_and_the_person_s_seat(home: Path) -> None:
    def own(game: Game) -> OwnRound | None:
        return own_round(load_record(write_record(home / "g.jsonl", game)))

    game = in_round_two(7, ("bot:easy", "human"))
    assert own(game) == OwnRound(2, 1)
    while game.phase != "deal":  # to the round's end: every rack turned up, nothing hidden
        assert play_sensibly(game, random.Random(1), 0.1, turns=1)
    assert game.phase == "deal" and own(game) is None
    assert own(unfinished_game(3, 5, kinds=("human", "human"))) is None  # refused whole
    assert own(unfinished_game(3, 5, kinds=("bot:easy", "bot:hard"))) is None
    assert own(finished_game(3)) is None


def one_round_record(home: Path, folder: str, bob: list[int], *, bob_plays: bool) -> Path:
    """Ann draws the 37 and throws it away, the one card that takes ONE_OUT out (with FAR Bob
    is nowhere near); then Bob plays, if `bob_plays`."""
    players = [Player("Ann"), Player("Bob", "bot:hard")]
    game = Game(Rules(2), players=players, dealer_draw=dealer_draw_for(1, 2))
    game.deal(deck_for([WAITING, bob], 39, [37, 20], dealer=1))
    for action in (DRAW, DISCARD, *((DRAW, DISCARD) if bob_plays else ())):
        game.apply(action)
    path = home / folder / "g.jsonl"
    path.parent.mkdir()
    path.write_text("".join(dumps(line) for line in record_lines(game)), encoding="utf-8")
    return path


def test_review_judges_a_person_s_turn_in_that_round_without_the_bots_cards(
    home: Path,
) -> None:
    near = one_round_record(home, "near", ONE_OUT, bob_plays=True)
    far = one_round_record(home, "far", FAR, bob_plays=True)
    reviews = []
    for path in (near, far):
        code, out, err = run("review", str(path), "--json", "--all")
        assert code == 0, out + err
        reviews.append(json.loads(out))  # the note is on stderr: the JSON stays whole
        assert " ".join(err.split()) == (
            "Round 1 is still being played: its turns by the other players are left out, "
            "and yours are judged without the cards they hold. --reveal reviews them whole.")
    # Whatever Bob holds, the review of Ann's turn says the same: nothing shows through.
    assert reviews[0] == reviews[1]
    [move] = reviews[0]["moves"]  # Bob's turn left out, even with --all
    assert move["seat"] == 0 and move["played"] == "draw 37, discard"
    assert move["cost"] == round(move["turns"], 2)
    # JSON rounds turns to 2 decimals, points to 1.
    assert move["points"] == pytest.approx(move["turns"] * POINTS_PER_TURN[2], abs=0.15)
    # Whole, the review knows Bob goes out with the 37 Ann threw away.
    code, out, _err = run("review", str(near), "--json", "--all", "--reveal")
    revealed = json.loads(out)["moves"]
    assert [m["seat"] for m in revealed] == [0, 1]
    assert revealed[0]["cost"] > move["cost"] and revealed[0]["label"] != move["label"]


def test_the_review_s_text_says_what_it_leaves_out_and_marks_no_points_at_stake(
    home: Path,
) -> None:
    path = one_round_record(home, "near", ONE_OUT, bob_plays=True)
    code, out, _err = run("review", str(path), "--all", "--full")
    assert code == 0, out
    moves = moves_listed(out)
    assert "Bob" not in moves and "*" not in moves  # no rival's chance shows through
    assert "Bob (hard): no turn to review." in out
    assert " ".join(out.split()).endswith(
        "Round 1 is still being played: its turns by the other players are left out, and yours "
        "are judged without the cards they hold. --reveal reviews them whole.")
    code, out, _err = run("review", str(path), "--player", "Bob")
    assert code == 0, out
    assert ("Round 1 is still being played: its turns by the other players are left out, as "
            "they would show their cards. --reveal reviews them.") in " ".join(out.split())
    code, out, _err = run("review", str(path), "--all", "--full", "--reveal")
    assert "still being played" not in out
    assert re.search(r"^ +1 +2 +Bob ", out, flags=re.MULTILINE), out
    assert "* A rival may go out" in " ".join(out.split())


@pytest.mark.usefixtures("reviews_once")
def test_a_finished_game_of_one_person_is_reviewed_as_ever(home: Path) -> None:
    path = write_record(home / "done.jsonl", finished_game(12))
    code, plain, err = run("review", str(path), "--json")
    assert code == 0 and not err
    assert json.loads(plain) == json.loads(run("review", str(path), "--json", "--reveal")[1])
    assert json.loads(plain)["moves"]
    code, text, err = run("review", str(path))
    assert code == 0 and "still being played" not in text + err
