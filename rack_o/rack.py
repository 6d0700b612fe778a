"""Reading a rack: Rack-O, runs of consecutive numbers, and what a rack scores."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

Rack = Sequence[int]
"""Ten cards, slot 1 (front) first."""

RACKO_POINTS = 75
POINTS_PER_CARD = 5
# Longest run of consecutive numbers in adjacent slots -> Bonus Rack-O points.
BONUS_FOR_RUN = {3: 50, 4: 100, 5: 200}
BONUS_FOR_SIX_OR_MORE = 400
SHORTEST_RUN = 3
"""The fewest cards of a run that counts: for a bonus, and for the run-of-three rule."""


def is_ascending(rack: Rack) -> bool:
    """True when the cards increase strictly from slot 1 to the last slot."""
    return all(a < b for a, b in zip(rack, rack[1:], strict=False))


def longest_run(rack: Rack) -> int:
    """The most cards in adjacent slots holding consecutive numbers (n, n+1, n+2, ...)."""
    best = run = 1
    for a, b in zip(rack, rack[1:], strict=False):
        run = run + 1 if b == a + 1 else 1
        best = max(best, run)
    return best


def longest_run_slots(rack: Rack) -> range:
    """The places (from 0) of the first run of `longest_run`'s length: the run that counts."""
    best = range(1)
    start = 0
    for place in range(1, len(rack) + 1):
        if place == len(rack) or rack[place] != rack[place - 1] + 1:
            if place - start > len(best):
                best = range(start, place)
            start = place
    return best


def is_racko(rack: Rack, run_of_three: bool = False) -> bool:
    """True when the rack goes Rack-O; with the two-player run rule it also needs a run of 3."""
    return is_ascending(rack) and (not run_of_three or longest_run(rack) >= SHORTEST_RUN)


def going_out(rack: Rack, deck_size: int, run_of_three: bool = False) -> Iterator[tuple[int, int]]:
    """Each (slot, card) whose placement makes `rack` a Rack-O, for cards 1..`deck_size` not
    in it (a card may come once per slot where it goes out)."""
    for index in range(len(rack)):
        rest = [*rack[:index], *rack[index + 1:]]
        if not is_ascending(rest):
            continue
        low = rack[index - 1] if index else 0
        high = rack[index + 1] if index + 1 < len(rack) else deck_size + 1
        for card in range(low + 1, high):
            if card == rack[index]:
                continue
            if run_of_three and not is_racko([*rack[:index], card, *rack[index + 1:]], True):
                continue
            yield index + 1, card


def ordered_count(rack: Rack) -> int:
    """How many cards count: slot 1 and each next card while they keep increasing."""
    count = 1
    for a, b in zip(rack, rack[1:], strict=False):
        if b < a:
            break
        count += 1
    return count


def run_bonus(rack: Rack) -> int:
    """The Bonus Rack-O points for the longest run: 3/4/5/6+ cards give 50/100/200/400."""
    run = longest_run(rack)
    if run >= 6:
        return BONUS_FOR_SIX_OR_MORE
    return BONUS_FOR_RUN.get(run, 0)


def round_points(rack: Rack, went_racko: bool, bonus: bool = False) -> tuple[int, int]:
    """(points including bonus, bonus part) that a rack scores at the end of a round."""
    if went_racko:
        extra = run_bonus(rack) if bonus else 0
        return RACKO_POINTS + extra, extra
    return POINTS_PER_CARD * ordered_count(rack), 0
