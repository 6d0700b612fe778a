"""`racko simulate` with huge, unwritable or over-long arguments: a sentence, exit 2, no hang."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

import rack_o.cli.simulate as simulate_module
import rack_o.match as match_module
from rack_o.cli import main
from rack_o.match import record_name

BASE = ("simulate", "--bots", "hard,hard", "--target", "5", "--seed", "1")


def simulate(*args: str) -> Result:
    return CliRunner().invoke(main, [*BASE, *args])


@pytest.mark.parametrize(
    ("option", "value"),
    [("--games", "1000000000000000000000"), ("--games", "1000001"), ("--jobs", "800"),
     ("--jobs", "65")],
)
def test_games_and_jobs_have_an_upper_bound(option: str, value: str) -> None:
    result = simulate("--games", "2", option, value)
    assert result.exit_code == 2
    assert f"Invalid value for '{option}'" in result.output
    assert "Traceback" not in result.output


def test_never_more_workers_than_chunks(monkeypatch: pytest.MonkeyPatch) -> None:
    started: list[int] = []

    class Counting(match_module.LocalPool):
        def __init__(self, workers: int) -> None:
            started.append(workers)
            super().__init__(workers)

    monkeypatch.setattr(match_module, "LocalPool", Counting)
    result = simulate("--games", "2", "--jobs", "8")
    assert result.exit_code == 0, result.output
    assert started == [2]


@pytest.mark.parametrize("option", ["--json", "--record-dir"])
def test_a_name_too_long_is_a_sentence(tmp_path: Path, option: str) -> None:
    result = simulate("--games", "1", option, str(tmp_path / ("a" * 300)))
    assert result.exit_code == 2
    assert "the name is too long" in result.output
    assert "Traceback" not in result.output


@pytest.mark.parametrize("folder", ["/proc", "/sys/kernel"])
def test_a_folder_that_cannot_be_written_is_refused_up_front(folder: str) -> None:
    if not Path(folder).is_dir():
        pytest.skip(f"{folder} does not exist here")
    result = simulate("--games", "1", "--record-dir", folder)
    assert result.exit_code == 2
    assert f"--record-dir {folder}: cannot write there (" in result.output
    assert "Traceback" not in result.output


def test_records_already_there_are_found_by_listing_the_folder(tmp_path: Path) -> None:
    (tmp_path / "game-999999.jsonl").write_text("", encoding="utf-8")
    (tmp_path / "game-1000001.jsonl").write_text("", encoding="utf-8")  # beyond --games
    (tmp_path / "notes.txt").write_text("", encoding="utf-8")
    result = simulate("--games", "1000000", "--record-dir", str(tmp_path))
    assert result.exit_code == 2
    assert "game-999999.jsonl" in result.output
    assert "1000001" not in result.output
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "game-1000001.jsonl", "game-999999.jsonl", "notes.txt"]  # the write probe is gone


def test_records_written_are_counted_from_the_folder(tmp_path: Path) -> None:
    for index in itertools.chain(range(3), [10]):
        (tmp_path / record_name(index)).write_text("", encoding="utf-8")
    assert simulate_module._records_in(tmp_path, 5) == [
        "game-00001.jsonl", "game-00002.jsonl", "game-00003.jsonl"]
