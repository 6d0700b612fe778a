"""A Ctrl-C stopping `racko simulate` in one process, wherever it lands in a game or as it ends:
the game is counted with its record (and its history entry), or its record, written line by
line as it is played, is not left at all; never a record more than the games counted, nor a
record cut short.

A real SIGINT is sent from the point named (as the terminal sends it): Python's handler runs
in the code that was running there, which is what decides."""

from __future__ import annotations

import os
import signal
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

import rack_o.match as match_module
import rack_o.store.history as history_module
from rack_o.cli import main
from rack_o.cli.stopping import stopped_by_signals
from rack_o.match import Match, play_match, record_name
from rack_o.rules import Rules
from rack_o.store.history import recent_games
from rack_o.store.records import load_record
from rack_o.store.writer import RecordWriter

STOPPED_AT = 3
"""The game (counted from 1) at whose end Ctrl-C is pressed."""


def ctrl_c() -> None:
    os.kill(os.getpid(), signal.SIGINT)


def _at_the_third(monkeypatch: pytest.MonkeyPatch, owner: object, name: str,
                  after: bool = False) -> None:
    """Ctrl-C at the `STOPPED_AT`th call of `owner.name`: before it runs, or `after`."""
    original = getattr(owner, name)
    calls = 0

    def pressed(*args: Any, **named: Any) -> Any:
        nonlocal calls
        calls += 1
        if calls == STOPPED_AT and not after:
            ctrl_c()
        done = original(*args, **named)
        if calls == STOPPED_AT and after:
            ctrl_c()
        return done

    monkeypatch.setattr(owner, name, pressed)


def _in_the_third_s_lines(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C as the tenth line of the `STOPPED_AT`th game's record is written."""
    original = RecordWriter._append
    lines = 0

    def pressed(self: RecordWriter, data: bytes) -> None:
        nonlocal lines
        if self.path.name == f"{record_name(STOPPED_AT - 1)}.part":  # played under that
            lines += 1
            if lines == 10:
                ctrl_c()
        original(self, data)

    monkeypatch.setattr(RecordWriter, "_append", pressed)


WHERE: dict[str, tuple[Callable[[pytest.MonkeyPatch], None], set[int]]] = {
    # Still playing the game: it is dropped, and its record deleted.
    "as its outcome is made": (lambda patch: _at_the_third(patch, match_module, "GameOutcome"),
                               {STOPPED_AT - 1}),
    # Its record begun, or a line of it written: the Ctrl-C waits for that line, then stops
    # the game wherever it lands (its record deleted), or the next one.
    "as its record file is made": (lambda patch: _at_the_third(
        patch, RecordWriter, "__init__", after=True), {STOPPED_AT - 1, STOPPED_AT}),
    "as a line of it is written": (_in_the_third_s_lines, {STOPPED_AT - 1, STOPPED_AT}),
    # Its record whole: the game counted.
    "as its record is closed": (lambda patch: _at_the_third(
        patch, RecordWriter, "close", after=True), {STOPPED_AT}),
    # Counted: the history takes it whole.
    "as the history takes it": (lambda patch: _at_the_third(
        patch, history_module, "_insert_entries"), {STOPPED_AT}),
}


@pytest.mark.usefixtures("signal_handlers_kept")
@pytest.mark.parametrize("where", list(WHERE))
def test_a_ctrl_c_leaves_as_many_whole_records_as_games_counted(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, where: str
) -> None:
    signal.signal(signal.SIGINT, signal.default_int_handler)  # whatever the test run inherited
    pressed, counts = WHERE[where]
    pressed(monkeypatch)
    records = tmp_path / "records"
    records.mkdir()
    db = tmp_path / "history.sqlite3"
    match = Match(("easy", "medium"), Rules(2, target=100), 7, record_dir=str(records),
                  history=True)
    with stopped_by_signals(new_line=False, ctrl_c_waits=True) as signals:
        # Between games, as racko simulate does: a Ctrl-C put off lands there.
        result = play_match(match, 20, on_chunk=lambda games: signals.check(),
                            history_path=db)
    assert result.stopped
    counted = result.tally.games
    assert counted in counts
    files = sorted(records.iterdir())
    assert len(files) == counted
    for path in files:  # each whole: it rebuilds to a game that ended
        assert load_record(path).game.is_over
    assert result.added == len(recent_games(100, path=db)) == counted


@pytest.mark.usefixtures("signal_handlers_kept")
def test_racko_simulate_reports_as_many_records_as_games_after_a_ctrl_c(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Ctrl-C works in this test whatever the test run inherited (an xdist worker may ignore it).
    signal.signal(signal.SIGINT, signal.default_int_handler)
    # The record of game 3 written, Ctrl-C came as it was closed: one record more than the
    # games counted ("Stopped (Ctrl-C) after 2 of 8 games", "3 records were written").
    WHERE["as its record is closed"][0](monkeypatch)
    result = CliRunner().invoke(main, [
        "simulate", "--bots", "easy,medium", "--games", "8", "--target", "100", "--seed", "5",
        "--record-dir", str(tmp_path)])
    assert result.exit_code == 130, result.output
    said = " ".join(result.output.split())
    assert f"Stopped (Ctrl-C) after {STOPPED_AT} of 8 games." in said
    assert f"{STOPPED_AT} records were written to {tmp_path}." in said
    assert len(list(tmp_path.glob("*.jsonl"))) == STOPPED_AT
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler  # given back


@pytest.mark.usefixtures("signal_handlers_kept")
def test_a_simulation_that_ignores_ctrl_c_goes_on_ignoring_it(tmp_path: Path) -> None:
    # Started with Ctrl-C ignored (a background job of a script): it is not turned back on.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    with stopped_by_signals(ctrl_c_waits=True):
        assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN
        result = play_match(Match(("easy", "easy"), Rules(2, target=100), 3), 2)
    assert not result.stopped and result.tally.games == 2
