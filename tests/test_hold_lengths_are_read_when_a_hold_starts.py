"""A hold given no length of its own lasts HANDOFF_HOLD as it is when the hold starts, so
tests/short_holds.py, which shortens the holds once racko is imported, shortens it too."""

from __future__ import annotations

import pytest

from rack_o.cli import hold


@pytest.mark.parametrize(("typed", "waits"), [
    ([False], [0.05]),
    ([True, False], [0.05, 0.01]),  # keys typed while it held: a quiet stretch follows
])
def test_a_hold_without_a_length_lasts_the_hand_off_hold_as_it_is_then(
    monkeypatch: pytest.MonkeyPatch, typed: list[bool], waits: list[float]
) -> None:
    monkeypatch.setattr(hold, "HANDOFF_HOLD", 0.05)
    monkeypatch.setattr(hold, "HANDOFF_QUIET", 0.01)
    assert hold.KeyHold().seconds == 0.05
    waited: list[float] = []
    flushes = iter(typed)
    hold.hold_keys(waited.append, lambda: next(flushes))
    assert waited == waits


def test_a_hold_given_a_length_lasts_that_long(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(hold, "HANDOFF_HOLD", 0.05)
    assert hold.KeyHold(hold.RESULTS_HOLD).seconds == hold.RESULTS_HOLD
