"""The UTC time stamps a record's `started` and the history's `finished` hold, such as
2026-11-29T21:05:00Z: made now, and read back."""

from __future__ import annotations

from datetime import UTC, datetime

STAMP_FORMAT = "%Y-%m-%dT%H:%M:%SZ"


def now_stamp() -> str:
    """The current time as a stamp: UTC, to the second."""
    return datetime.now(UTC).strftime(STAMP_FORMAT)


def read_stamp(stamp: str) -> datetime:
    """The moment an ISO time names (a stamp, or any ISO form a record made elsewhere holds);
    ValueError if it names none."""
    # Python 3.11 reads a "Z" itself; written out, it reads the same on any version.
    return datetime.fromisoformat(stamp.replace("Z", "+00:00"))
