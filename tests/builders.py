"""Games for tests: stacked decks, dealt positions, snapshots, a sensible policy, whole records.

The stacked-deck builder is our FEN: say what each seat's rack holds (slot 1 first), which
card is turned up and how the draw pile starts, and get the deck, top first, that the rules
deal into exactly that position.

Random play never finishes a round, so whole games (`finished_game`, `unfinished_game`) are
played by a sensible policy: each card goes to its band's slot unless that slot already holds
a card of its band, with a few random moves mixed in.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from rack_o import (
    DISCARD,
    DRAW,
    TAKE,
    Action,
    Game,
    Header,
    Player,
    Rebuilt,
    Rules,
    dumps,
    events,
    header_of,
    is_racko,
    longest_run,
    place,
)
from rack_o.rules import RACK_SIZE

Rack = Sequence[int]


def deck_for(
    racks: Sequence[Rack],
    discard: int,
    draw: Sequence[int] = (),
    *,
    dealer: int = 0,
    deck_size: int | None = None,
) -> list[int]:
    """The deck, top first, that deals `racks` (slot 1 first, per seat) when `dealer` deals.

    `discard` is the card turned up after the deal and `draw` the top of the draw pile; the
    cards not named anywhere go below them in increasing order.
    """
    players = len(racks)
    size = deck_size or 20 + 10 * players
    dealt = RACK_SIZE * players
    deck = [0] * dealt
    for seat, rack in enumerate(racks):
        if len(rack) != RACK_SIZE:
            raise ValueError(f"seat {seat}'s rack must hold {RACK_SIZE} cards, not {len(rack)}")
        first = (seat - dealer - 1) % players  # how many seats receive a card before this one
        for received in range(RACK_SIZE):
            # The card received `received`-th goes to slot 10 - received (highest empty slot).
            deck[first + received * players] = rack[RACK_SIZE - 1 - received]
    deck.append(discard)
    deck.extend(draw)
    named = set(deck)
    if len(named) != len(deck):
        raise ValueError("a card is named twice")
    deck.extend(card for card in range(1, size + 1) if card not in named)
    if sorted(deck) != list(range(1, size + 1)):
        raise ValueError(f"the cards must all be from 1 to {size}")
    return deck


def dealer_draw_for(dealer: int, players: int) -> list[int]:
    """Dealer-draw cards (one per seat) that make `dealer` the first dealer."""
    cards = list(range(1, players + 1))
    cards[dealer] = 20 + 10 * players  # the highest card in the deck
    return cards


def new_game(
    players: int = 2, *, dealer: int = 0, rng: random.Random | None = None, **options: Any
) -> Game:
    """A game before its first deal, in which `dealer` deals round 1."""
    rules = Rules(players, **options)
    return Game(rules, rng, dealer_draw=dealer_draw_for(dealer, players))


def dealt(
    racks: Sequence[Rack],
    discard: int,
    draw: Sequence[int] = (),
    *,
    dealer: int = 0,
    **options: Any,
) -> Game:
    """A game whose first round is dealt into exactly this position (`dealer` dealt it)."""
    game = new_game(len(racks), dealer=dealer, **options)
    game.deal(deck_for(racks, discard, draw, dealer=dealer))
    return game


def deal_next(game: Game, racks: Sequence[Rack], discard: int, draw: Sequence[int] = ()) -> None:
    """Deal the game's next round into exactly this position (the dealer passes left)."""
    dealer = (game.dealer + 1) % game.rules.players if game.round else game.dealer
    game.deal(deck_for(racks, discard, draw, dealer=dealer, deck_size=game.rules.deck_size))


def ascending_except(slot: int, card: int, base: Sequence[int]) -> list[int]:
    """`base` (an ascending rack) with `card` in `slot` instead."""
    rack = list(base)
    rack[slot - 1] = card
    return rack


def snapshot(game: Game) -> dict[str, Any]:
    """Everything an action could change, copied, to compare before and after."""
    return {
        "phase": game.phase,
        "round": game.round,
        "turn": game.turn,
        "dealer": game.dealer,
        "mover": game.mover,
        "racks": [list(rack) for rack in game.racks],
        "draw_pile": game.draw_pile,
        "discard_pile": list(game.discard_pile),
        "held": game.held,
        "held_source": game.held_source,
        "totals": list(game.totals),
        "rounds": list(game.rounds),
        "winner": game.winner,
        "steps": game.steps,
        "history": game.history,
    }


class SeededGame(Game):
    """A Game that also knows the seed and start time its record's header gives."""

    def __init__(
        self, rules: Rules, rng: random.Random | None = None, *,
        seed: int | str | None = None, started: str | None = None, **options: Any,
    ) -> None:
        super().__init__(rules, rng, **options)
        self.seed = seed
        self.started = started


def header_for(game: Game) -> Header:
    """The header racko would write for `game` (with its seed and start, if it knows them)."""
    return header_of(game, getattr(game, "seed", None), getattr(game, "started", None))


def with_header(game: Game) -> tuple[Game, Header]:
    """`game` and its header, as the history takes them."""
    return game, header_for(game)


def record_lines(game: Game | Rebuilt) -> list[dict[str, Any]]:
    """The rack-o/1 lines of `game` so far (or of a rebuilt record), as racko writes them."""
    if isinstance(game, Rebuilt):
        return list(events(game.header, game.game.steps))
    return list(events(header_for(game), game.steps))


def every_card(game: Game) -> list[int]:
    """Every card in play wherever it is (racks, draw pile, discard pile, hand), sorted."""
    cards = [card for rack in game.racks for card in rack]
    cards += game.draw_pile
    cards += game.discard_pile
    if game.held is not None:
        cards.append(game.held)
    return sorted(cards)


def band(card: int, deck_size: int) -> int:
    """The slot a card belongs to when the deck is spread evenly over the ten slots."""
    return -(-card * RACK_SIZE // deck_size)


def sensible_slot(game: Game, card: int) -> int | None:
    """Where a sensible player puts `card` now, or None to leave it.

    The card goes to the slot its number belongs to, unless that slot already holds a card
    of its own band. Under the two-player run rule an ordered rack without a run of three
    is improved by placing a card that keeps the order and lengthens the longest run.
    """
    rules = game.rules
    rack = game.racks[game.mover]
    slot = band(card, rules.deck_size)
    if band(rack[slot - 1], rules.deck_size) != slot:
        return slot
    if rules.run_of_three and is_racko(rack) and not is_racko(rack, run_of_three=True):
        best = longest_run(rack)
        for slot in range(1, RACK_SIZE + 1):
            trial = list(rack)
            trial[slot - 1] = card
            if is_racko(trial) and longest_run(trial) > best:
                return slot
    return None


def sensible_action(game: Game, rng: random.Random, randomness: float = 0.0) -> Action:
    """A legal action for the mover: usually `sensible_slot`'s, sometimes a random one."""
    legal = game.legal_actions()
    if rng.random() < randomness:
        return rng.choice(legal)
    if game.phase == "choose":
        return TAKE if sensible_slot(game, game.discard_pile[-1]) is not None else DRAW
    assert game.held is not None
    slot = sensible_slot(game, game.held)
    if slot is not None:
        return place(slot)
    if game.held_source == "draw":
        return DISCARD
    # A card taken at random must go somewhere: its band's slot is as good as any.
    return place(band(game.held, game.rules.deck_size))


def play_sensibly(
    game: Game,
    rng: random.Random,
    randomness: float = 0.0,
    turn_cap: int = 2_000,
    *,
    turns: int | None = None,
) -> bool:
    """Play on (dealing from the game's own rng) until the game is over, or until `turns`
    more turns are played; False if a round reached `turn_cap` turns first."""
    played = 0
    while not game.is_over and (turns is None or played < turns):
        if game.phase == "deal":
            game.deal()
        if game.turn >= turn_cap:
            return False
        finishing = game.phase == "place"
        game.apply(sensible_action(game, rng, randomness))
        played += finishing
    return True


STARTED = "2026-11-29T21:05:00Z"
NAMES = ("Ann", "Bob", "Cy", "Di")


def seeded_game(
    seed: int,
    players: int = 2,
    target: int = 150,
    *,
    names: Sequence[str] | None = None,
    kinds: Sequence[str] | None = None,
    **variants: bool,
) -> SeededGame:
    """A game seeded with `seed`, dealer drawn, nothing dealt; seat 1 a person, the others
    easy bots unless `kinds` says otherwise."""
    names = names or NAMES[:players]
    kinds = kinds or ["human"] + ["bot:easy"] * (players - 1)
    seated = [Player(name, kind) for name, kind in zip(names, kinds, strict=True)]
    rules = Rules(players, target=target, **variants)
    return SeededGame(rules, random.Random(seed), players=seated, seed=seed, started=STARTED)


def finished_game(seed: int, players: int = 2, target: int = 150, **options: Any) -> Game:
    """A `seeded_game` played sensibly (10% random moves) to its winner."""
    game = seeded_game(seed, players, target, **options)
    assert play_sensibly(game, random.Random(seed + 1), 0.1), "the policy should finish a round"
    return game


def unfinished_game(
    seed: int, turns: int, players: int = 2, target: int = 150, **options: Any
) -> Game:
    """A `seeded_game` played sensibly (10% random moves) for `turns` turns."""
    game = seeded_game(seed, players, target, **options)
    assert play_sensibly(game, random.Random(seed + 1), 0.1, turns=turns)
    return game


def record_text(game: Game) -> str:
    """The game's rack-o/1 record, as racko writes it."""
    return "".join(dumps(line) for line in record_lines(game))


def write_record(path: Path, game: Game) -> Path:
    """Write the game's record to `path` and return `path`."""
    path.write_text(record_text(game), encoding="utf-8")
    return path


def write_with_header(path: Path, game: Game, change: Callable[[dict[str, Any]], None]) -> Path:
    """Write the game's record to `path` with its game line first changed by `change` (a
    hostile or odd file); return `path`."""
    first, *rest = record_text(game).splitlines()
    header = json.loads(first)
    change(header)
    path.write_text("\n".join([json.dumps(header), *rest]) + "\n", encoding="utf-8")
    return path


def racko_round(
    game: Game, final: Sequence[int], others: dict[int, Rack] | None = None
) -> dict[str, Any]:
    """Deal the next round so that the mover goes Rack-O with `final` on the first turn.

    The mover is dealt `final` with another card in slot 10 and takes `final[9]`, turned up,
    into slot 10. Seats in `others` get those racks; the rest get unused cards in descending
    order. Returns the round_end event.
    """
    players = game.rules.players
    dealer = (game.dealer + 1) % players if game.round else game.dealer
    mover = (dealer + 1) % players
    given = dict(others or {})
    used = set(final).union(*given.values())
    free = [card for card in range(game.rules.deck_size, 0, -1) if card not in used]
    before = list(final[:9]) + [free.pop()]  # the lowest unused card, replaced at once
    racks: list[Rack] = []
    for seat in range(players):
        if seat == mover:
            racks.append(before)
        elif seat in given:
            racks.append(given[seat])
        else:
            racks.append([free.pop(0) for _ in range(RACK_SIZE)])
    deal_next(game, racks, discard=final[9])
    game.apply(TAKE)
    game.apply(place(RACK_SIZE))
    return next(event for event in reversed(record_lines(game)) if event["type"] == "round_end")


def taken_with_no_rack_in_time() -> Game:
    """Seat 0 after a turn-over, holding the 23 it took, the pile's last eight cards known: no
    slot for it leaves a rack that can be complete before they run out."""
    game = dealt([[30, 24, 36, 15, 7, 16, 11, 12, 19, 6], [37, 25, 18, 17, 33, 2, 8, 40, 10, 29]],
                 14, [39, 26, 21, 1, 28, 32, 9, 20, 31, 22, 23, 4, 13, 3, 34, 35, 38, 27, 5],
                 dealer=1)
    for _ in range(30):
        game.apply(DRAW)
        game.apply(DISCARD)
    assert game.view(0).discard_top == 23
    game.apply(TAKE)
    return game
