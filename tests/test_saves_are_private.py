"""racko's data folder, made by racko, is its owner's alone (0700): a game's record holds every
player's rack, so another user of the computer must not read a game under way. A folder that
was there already is left as it is."""

from __future__ import annotations

import os
import stat
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from clirun import assert_exited, racko

from rack_o.store.history import connect
from rack_o.store.paths import create_record_file, history_path

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX permissions")


@pytest.fixture(autouse=True)
def usual_umask() -> Iterator[None]:
    kept = os.umask(0o022)
    yield
    os.umask(kept)


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def a_record() -> None:
    create_record_file(None, ["Ann", "Bob"])


def the_history() -> None:
    connect(history_path(), write=True).close()


@pytest.mark.parametrize("make", [a_record, the_history], ids=["a record", "the history"])
def test_the_data_folder_racko_makes_is_private(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, make: Callable[[], None]
) -> None:
    home = tmp_path / "deep" / "racko"
    monkeypatch.setenv("RACKO_HOME", str(home))
    make()
    assert mode(home) == 0o700
    assert mode(home.parent) == 0o755  # only racko's own folder


def test_a_data_folder_that_was_there_is_left_as_it_is(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    home = tmp_path / "shared"
    home.mkdir(mode=0o755)
    os.chmod(home, 0o755)
    monkeypatch.setenv("RACKO_HOME", str(home))
    a_record()
    assert mode(home) == 0o755


def test_simulate_s_history_is_kept_in_a_private_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    home = tmp_path / "racko"
    monkeypatch.setenv("RACKO_HOME", str(home))
    result = racko("simulate", "--bots", "easy,easy", "--games", "1", "--target", "50",
                   "--seed", "3", "--history")
    assert_exited(result, 0)
    assert mode(home) == 0o700
