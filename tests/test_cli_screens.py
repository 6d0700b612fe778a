"""The screens as text: what a seat sees, what the table sees, and that it fits 80x24."""

from __future__ import annotations

import io
import random
import re

import pytest
from rich.console import Console, RenderableType

from rack_o.actions import DRAW, TAKE, place
from rack_o.cli.scoreboard import (
    fitted_round_table,
    points_breakdown,
    round_table,
    standings,
    tie_note,
)
from rack_o.cli.screens import (
    describe_turn,
    handoff_screen,
    rack_caption,
    rack_table,
    since_last_turn,
    turn_screen,
    with_score,
)
from rack_o.game import Game, Player
from rack_o.rules import Rules
from rack_o.view import PublicTurn, RoundResult, TurnOver

NAMES = ("Ann", "Bob", "Cy", "Dee")


def text(renderable: RenderableType, width: int = 80) -> str:
    console = Console(file=io.StringIO(), width=width, color_system=None)
    console.print(renderable)
    return console.file.getvalue()


def stacked_game(players: int = 2) -> Game:
    """A dealt game whose deck is 1..N in order, so every rack is known."""
    game = Game(Rules(players), random.Random(1), players=[Player(n) for n in NAMES[:players]])
    game.deal(list(range(1, Rules(players).deck_size + 1)))
    return game


@pytest.mark.parametrize(
    ("turn", "sentence"),
    [
        (PublicTurn(1, "discard", 23, 4, 41),
         "Bob took 23 from the discard pile into slot 4 and discarded 41."),
        (PublicTurn(0, "draw", None, None, 7), "Ann drew and discarded 7."),
        (PublicTurn(2, "draw", None, 3, 41), "Cy drew a card into slot 3 and discarded 41."),
        (TurnOver(1, 12),
         "The draw pile ran out: the discard pile was turned over and 12 turned up."),
    ],
)
def test_a_turn_is_told_in_one_sentence_and_a_kept_drawn_card_stays_hidden(
    turn: PublicTurn | TurnOver, sentence: str
) -> None:
    assert describe_turn(turn, NAMES) == sentence


def test_rack_bars_grow_with_the_card_and_the_scoring_run_is_ticked() -> None:
    rack = (3, 8, 12, 5, 25, 31, 36, 40, 44, 49)
    lines = text(rack_table(rack, 50)).splitlines()
    bars = [line.count("█") for line in lines]
    assert bars == [max(1, round(card * 30 / 50)) for card in rack]
    assert [line.rstrip().endswith("✓") for line in lines] == [True] * 3 + [False] * 7


def test_a_previewed_placement_marks_the_new_card_and_what_goes_out() -> None:
    rack = (3, 8, 12, 5, 25, 31, 36, 40, 44, 49)
    shown = text(rack_table(rack, 50, changed_slot=4, replaced=20))
    assert re.search(r"^\s*4\s+5 █+\s+← new \(out goes 20\)$", shown, re.M)


def test_turn_screen_shows_own_rack_piles_scores_and_dealer_and_fits_80x24() -> None:
    game = stacked_game(4)
    for _ in range(3):  # three seats play before seat 0 ... of the next lap
        game.apply(DRAW)
        game.apply(place(10))
    view = game.view(game.mover)
    shown = text(turn_screen(view))
    lines = shown.splitlines()
    assert len(lines) <= 22 and max(map(len, lines)) <= 80  # room left for the prompt
    assert f"Round 1  ·  {view.names[view.dealer]} dealt" in shown
    assert f"Discard pile: {view.discard_top}" in shown
    assert f"Draw pile: {view.draw_pile_size} cards" in shown
    assert "first to 500 wins" in shown
    for slot, card in enumerate(view.rack, start=1):
        assert re.search(rf"^\s*{slot}\s+{card} █", shown, re.M)
    assert shown.count("drew a card into slot 10") == 3
    assert "This round so far:" in shown


def test_what_happened_since_your_last_turn_leaves_out_your_own_turns() -> None:
    game = stacked_game(2)
    first = game.mover
    game.apply(TAKE)
    game.apply(place(1))
    game.apply(DRAW)
    game.apply(place(2))
    view = game.view(first)
    events, played = since_last_turn(view)
    assert played and len(events) == 1 and events[0].seat != first


def test_hand_off_screen_shows_no_rack() -> None:
    game = stacked_game(2)
    view = game.view(game.mover)
    shown = text(handoff_screen(view))
    assert "█" not in shown and "rack" not in shown.lower()
    # Only public numbers: round 1, scores 0, the discard 21, 19 face down, the target.
    assert set(re.findall(r"\d+", shown)) == {"1", "0", "21", "19", "500"}


def test_holding_a_drawn_card_says_so() -> None:
    game = stacked_game(2)
    game.apply(DRAW)
    view = game.view(game.mover)
    assert f"You drew {view.held}." in text(turn_screen(view))


@pytest.mark.parametrize(
    ("rack", "points", "bonus", "racko", "shown"),
    [
        ((5, 9, 13, 24, 25, 32, 4, 35, 42, 55), 30, 0, False, "6 × 5 = 30"),
        ((50, 3, 4, 5, 6, 7, 8, 9, 10, 11), 5, 0, False, "1 × 5 = 5"),
        ((2, 13, 19, 22, 26, 35, 41, 44, 58, 59), 75, 0, True, "75 Rack-O"),
        ((3, 8, 9, 10, 20, 31, 40, 41, 42, 43), 175, 100, True, "75 + 100 bonus = 175"),
    ],
)
def test_points_are_shown_with_how_they_were_made(
    rack: tuple[int, ...], points: int, bonus: int, racko: bool, shown: str
) -> None:
    assert points_breakdown(rack, points, bonus, racko) == shown


def result(totals: tuple[int, ...]) -> RoundResult:
    return RoundResult(
        round=2, dealer=1, racko=0,
        racks=((1, 8, 9, 13, 18, 22, 27, 32, 35, 38), (4, 6, 11, 15, 20, 23, 28, 30, 36, 5),
               (7, 2, 3, 4, 5, 6, 1, 10, 40, 50), (9, 10, 11, 2, 3, 4, 5, 6, 7, 8)),
        points=(75, 45, 5, 15), bonus=(0, 0, 0, 0), totals=totals, turns=30,
    )


def test_round_table_lists_racks_points_totals_and_distance_to_target() -> None:
    shown = text(round_table(result((150, 95, 40, 15)), NAMES, Rules(4, target=100)))
    assert max(map(len, shown.splitlines())) <= 80
    assert re.search(r"Ann\s+1\s+8\s+9 13 18 22 27 32 35 38\s+75 Rack-O\s+150\s+reached", shown)
    assert re.search(r"Bob\s+4\s+6 11 15 20 23 28 30 36\s+5\s+9 × 5 = 45\s+95\s+5\b", shown)
    assert "Round 2 — Bob dealt" in shown


def test_round_table_with_partners_adds_the_teams() -> None:
    shown = text(round_table(result((80, 60)), NAMES, Rules(4, partners=True)))
    assert re.search(r"Ann & Cy\s+80\s+80\s+420", shown)
    assert re.search(r"Bob & Dee\s+60\s+60\s+440", shown)


@pytest.mark.parametrize("partners", [False, True], ids=["players", "partners"])
@pytest.mark.parametrize("names", [NAMES, ("Annabelle-Marie", "Bob", "Cy", "Dee")],
                         ids=["short-names", "a-long-name"])
@pytest.mark.parametrize("width", [32, 40, 45, 52, 60, 80])
def test_a_round_table_on_a_narrow_terminal_keeps_every_name_rack_and_score_whole(
        width: int, names: tuple[str, ...], partners: bool) -> None:
    totals = (80, 60) if partners else (150, 95, 40, 15)
    rules = Rules(4, partners=partners)
    shown = text(fitted_round_table(result(totals), names, rules), width)
    assert "…" not in shown
    assert max(map(len, shown.splitlines())) <= width
    flat = " ".join(shown.split())
    for name, rack in zip(names, result(totals).racks, strict=True):
        assert name in flat
        assert " ".join(map(str, rack)) in flat
    for number in ("75", "45", *map(str, totals)):
        assert re.search(rf"\b{number}\b", flat)
    if partners:
        assert f"{names[0]} & Cy" in shown and "Bob & Dee" in shown


def test_standings_and_ties() -> None:
    rules = Rules(3, target=100)
    shown = text(standings((120, 135, 90), NAMES[:3], rules, winner=1, rounds=4))
    assert re.search(r"1\s+Bob\s+135.*\n.*2\s+Ann\s+120.*\n.*3\s+Cy\s+90", shown)
    assert "Bob wins with 135 points after 4 rounds." in shown
    note = tie_note((120, 120, 90), NAMES[:3], rules)
    assert note is not None and "Ann and Bob are tied at the top with 120" in note.plain
    assert tie_note((95, 95, 90), NAMES[:3], rules) is None  # below the target: no tie rule


@pytest.mark.parametrize(
    ("rack", "run_of_three", "caption"),
    [
        ((1, 3, 5, 7, 9, 11, 13, 15, 17, 19), False, "✓ all ten ascending"),
        ((1, 3, 5, 7, 9, 11, 13, 15, 17, 19), True,
         "✓ all ten ascending — Rack-O still needs a run of three, such as 17 18 19"),
        ((1, 3, 5, 7, 9, 11, 13, 17, 18, 19), True, "✓ all ten ascending"),
        ((1, 3, 2, 7, 9, 11, 13, 17, 18, 19), True,
         "✓ slots 1-2 ascending: 10 points if the round ended now"),
    ],
)
def test_the_rack_caption_says_what_a_rack_still_needs(
    rack: tuple[int, ...], run_of_three: bool, caption: str
) -> None:
    assert rack_caption(rack, run_of_three=run_of_three).plain == caption


def test_equal_totals_below_the_winner_share_their_place() -> None:
    shown = text(standings((120, 505, 120, 90), NAMES, Rules(4), winner=1, rounds=6))
    assert re.search(r"1\s+Bob\s+505", shown)
    assert re.search(r"2\s+Ann\s+120", shown) and re.search(r"2\s+Cy\s+120", shown), shown
    assert re.search(r"4\s+Dee\s+90", shown), shown


@pytest.mark.parametrize(
    ("side", "total", "together", "shown"),
    [
        ("Ann", 120, False, "Ann 120"),
        ("Player 1", 0, False, "Player 1: 0"),  # not "Player 1 0"
        ("Ann & Cy", 40, False, "Ann & Cy 40"),
        ("Player 1 & Player 3", 40, False, "Player 1 & Player 3: 40"),
        ("Hard*", 75, False, "Hard* 75"),
        ("Ann", 5, True, "Ann\u00a05"),
        ("Player 2", 5, True, "Player 2:\u00a05"),
    ],
)
def test_a_score_is_set_off_from_a_name_that_ends_in_a_number(
    side: str, total: int, together: bool, shown: str
) -> None:
    assert with_score(side, total, together=together) == shown


@pytest.mark.parametrize("width", range(36, 50))
@pytest.mark.parametrize("language", ["en", "fr", "el", "cs"])
def test_a_narrow_screen_never_parts_the_draw_piles_count_from_its_name(
    width: int, language: str
) -> None:
    # At 45 columns the preview's piles line ended "· Draw pile:" and put "18" below.
    import rack_o.cli.console  # noqa: F401 - what every screen imports first
    from rack_o import i18n

    i18n.install(language)
    try:
        game = stacked_game(2)
        game.apply(DRAW)
        view = game.view(game.mover)
        rack = list(view.rack)
        rack[4] = view.held
        label = i18n._("Draw pile: {count}").split("{count}")[0].replace("\u00a0", " ").strip()
        shown = text(turn_screen(view, preview=(tuple(rack), 5, view.rack[4])), width)
    finally:
        i18n.install("en")
    # The spaces as seen: a no-break space looks like any other.
    [line] = [line for line in shown.replace("\u00a0", " ").splitlines() if label in line]
    assert re.search(rf"{re.escape(label)} {view.draw_pile_size}\b", line), shown
    # Broken before the "·", never after it: no line ends with a "·" left hanging.
    assert not any(row.rstrip().endswith("·") for row in shown.splitlines()), shown
