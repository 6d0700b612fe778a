"""Finishing moves for the easy and medium bots: going out at once, and building a run.

Their band rules bring a rack into order but know nothing of the two-player run-of-three
rule, under which an ascending rack without three consecutive numbers in adjacent slots is
not yet Rack-O; a band rule cannot build a run across bands, so without this they would sit
on such a rack for ever. A card that makes the rack a Rack-O under the rules in force goes
in at once (medium always looks for one, easy only under the run rule), and an ascending
rack that still lacks its run only takes cards that keep it ascending and bring the run
closer.
"""

from __future__ import annotations

from rack_o.rack import SHORTEST_RUN, is_ascending, is_racko, longest_run
from rack_o.rules import RACK_SIZE


def _with(rack: tuple[int, ...], slot: int, card: int) -> tuple[int, ...]:
    return rack[: slot - 1] + (card,) + rack[slot:]


def _run_progress(rack: tuple[int, ...]) -> tuple[int, int]:
    """How close a rack is to a run: its longest run, then its pairs of consecutive cards."""
    pairs = sum(1 for a, b in zip(rack, rack[1:], strict=False) if b == a + 1)
    return longest_run(rack), pairs


def _mending_slots(rack: tuple[int, ...]) -> list[int]:
    """The slots whose card alone stands between the rack and ascending order (all, if none)."""
    slots = set(range(1, RACK_SIZE + 1))
    for i in range(RACK_SIZE - 1):
        if rack[i] >= rack[i + 1]:  # slots i+1 and i+2 (1-based) are out of order
            slots &= {i + 1, i + 2}
    return sorted(slots)


def building_run(rack: tuple[int, ...], run_of_three: bool) -> bool:
    """True when the rack is in order but the run rule still wants a run of three."""
    return run_of_three and is_ascending(rack) and longest_run(rack) < SHORTEST_RUN


def finishing_slot(rack: tuple[int, ...], card: int, run_of_three: bool) -> int | None:
    """The slot for `card` that goes Rack-O, or else, while building a run, brings it closer.

    None when no slot does either; then the level's own rule decides.
    """
    for slot in _mending_slots(rack):
        if is_racko(_with(rack, slot, card), run_of_three):
            return slot
    if not building_run(rack, run_of_three):
        return None
    best, chosen = _run_progress(rack), None
    for slot in range(1, RACK_SIZE + 1):
        changed = _with(rack, slot, card)
        if is_ascending(changed) and _run_progress(changed) > best:
            best, chosen = _run_progress(changed), slot
    return chosen
