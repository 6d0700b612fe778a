"""Odd start times in a record are shown raw, or as "?", never a traceback, in any time zone."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from builders import unfinished_game, write_with_header
from clirun import assert_exited, racko

from rack_o.cli.history import local_time


@contextmanager
def time_zone(zone: str) -> Iterator[None]:
    """Run the block with the process in time zone `zone` (TZ), then restore its own."""
    try:
        with pytest.MonkeyPatch.context() as patch:
            patch.setenv("TZ", zone)
            time.tzset()
            yield
    finally:
        time.tzset()


@pytest.mark.parametrize(
    ("stamp", "zone", "shown"),
    [
        (-5, "UTC", "?"),
        ([1], "UTC", "?"),
        (None, "UTC", "?"),
        ("", "UTC", "?"),
        ("yesterday", "UTC", "yesterday"),
        ("9999-12-31T23:59:59Z", "Asia/Tokyo", "9999-12-31T23:59:59Z"),
        ("0001-01-01T00:00:00Z", "America/New_York", "0001-01-01T00:00:00Z"),
        ("2026-11-29T21:05:00Z", "UTC", "2026-11-29 21:05"),
    ],
)
def test_local_time_shows_what_it_cannot_convert_raw_or_as_a_question_mark(
    stamp: object, zone: str, shown: str
) -> None:
    with time_zone(zone):
        assert local_time(stamp) == shown


@pytest.mark.parametrize(
    ("started", "shown"), [(-5, "?"), ([1], "?"), ("9999-12-31T23:59:59Z", "9999-12-31T23:59:59Z")]
)
def test_replay_summary_and_resume_list_survive_an_odd_start(
    home: Path, started: object, shown: str
) -> None:
    def change(header: dict) -> None:
        header["started"] = started

    write_with_header(home / "games" / "odd.jsonl", unfinished_game(3, 6), change)
    with time_zone("Asia/Tokyo"):
        summary = racko("replay", "odd", "--summary")
        listing = racko("resume", "--list")
    assert_exited(summary, 0)
    assert summary.output.splitlines()[1] == f"first to 150 · started {shown} · seed 3"
    assert_exited(listing, 0)
    table = listing.output.splitlines()
    rule = next(at for at, line in enumerate(table) if line.startswith("─"))
    # The game's row: number, ID, round, players and scores; its start time below the ID.
    assert table[rule + 1].split() == ["1", "odd", "1", "Ann", "0", "·", "Bob*", "0"]
    assert table[rule + 2].strip() == shown
