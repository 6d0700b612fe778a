"""`racko simulate --cluster`: the same JSON as --jobs 1 and --jobs 2 from a Dask cluster,
records written by its workers, and a sentence (exit 2) when no cluster can be used."""

from __future__ import annotations

import faulthandler
import json
import socket
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

import rack_o.executors as executors
from rack_o import rebuild
from rack_o.cli import main

COMMON = ("simulate", "--bots", "medium,easy", "--games", "6", "--target", "150", "--seed", "3")
LIMIT = 120
"""Seconds after which a test that hangs is stopped (with every thread's stack)."""


def simulate(*args: str) -> Result:
    return CliRunner().invoke(main, [*COMMON, *args])


@pytest.fixture(autouse=True)
def never_hangs() -> Iterator[None]:
    faulthandler.dump_traceback_later(LIMIT, exit=True)
    yield
    faulthandler.cancel_dump_traceback_later()


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    """The address of a local Dask cluster of two worker processes."""
    distributed = pytest.importorskip("distributed")
    faulthandler.dump_traceback_later(LIMIT, exit=True)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None, timeout=60) as cluster:
        faulthandler.cancel_dump_traceback_later()
        yield cluster.scheduler_address


def results(path: Path) -> dict:
    data = json.loads(path.read_text(encoding="utf-8"))
    data.pop("rounds_per_second")
    return data


@pytest.mark.slow
def test_the_same_seed_gives_the_same_json_here_in_a_pool_and_on_a_cluster(
    tmp_path: Path, scheduler: str
) -> None:
    runs = {"jobs 1": ["--jobs", "1"], "jobs 2": ["--jobs", "2"],
            "cluster": ["--cluster", scheduler]}
    figures = {}
    for name, args in runs.items():
        out = tmp_path / f"{name}.json"
        result = simulate(*args, "--json", str(out))
        assert result.exit_code == 0, result.output
        figures[name] = results(out)
    assert figures["jobs 1"]["games"] == 6
    assert figures["jobs 1"] == figures["jobs 2"] == figures["cluster"]
    assert f"cluster {scheduler}" in " ".join(result.output.split())


@pytest.mark.slow
def test_the_workers_of_a_cluster_write_records_that_rebuild(
    tmp_path: Path, scheduler: str
) -> None:
    out, folder = tmp_path / "out.json", tmp_path / "shared"
    result = simulate("--cluster", scheduler, "--record-dir", str(folder), "--json", str(out))
    assert result.exit_code == 0, result.output
    records = sorted(folder.glob("*.jsonl"))
    assert [path.name for path in records] == [f"game-{i:05d}.jsonl" for i in range(1, 7)]
    wins = [0, 0]
    for path in records:
        game = rebuild(path.read_text(encoding="utf-8")).game
        assert game.is_over
        for line in game.rounds:
            wins[line.racko] += 1
    assert [seat["round_wins"] for seat in results(out)["seats"]] == wins


def test_without_distributed_cluster_says_how_to_install_it(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed fails
    result = simulate("--cluster", "tcp://127.0.0.1:8786", "--record-dir", str(tmp_path / "r"))
    assert result.exit_code == 2
    assert "pip install 'racko[cluster]'" in " ".join(result.output.split())
    assert "Traceback" not in result.output


@pytest.mark.slow
def test_a_scheduler_that_does_not_answer_is_a_sentence_in_seconds(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    pytest.importorskip("distributed")
    with socket.socket() as probe:  # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    monkeypatch.setattr(executors, "CONNECT_TIMEOUT", 1.0)
    start = time.monotonic()
    result = simulate("--cluster", f"tcp://127.0.0.1:{port}")
    assert result.exit_code == 2
    assert (f"--cluster tcp://127.0.0.1:{port}: no Dask scheduler answered there within 1 s."
            in " ".join(result.output.split()))
    assert "Simulating" not in result.output
    assert time.monotonic() - start < 30


@pytest.mark.parametrize("address", ["nonsense", "tcp://host", "http://host:8786", "host:8786"])
def test_an_address_that_is_no_scheduler_address_is_refused_at_once(address: str) -> None:
    result = simulate("--cluster", address)
    assert result.exit_code == 2
    assert f"{address} is not a scheduler address such as tcp://HOST:PORT" in " ".join(
        result.output.split())  # broken between words at the terminal's width


def test_jobs_and_cluster_do_not_go_together() -> None:
    result = simulate("--jobs", "2", "--cluster", "tcp://127.0.0.1:8786")
    assert result.exit_code == 2
    assert "--jobs and --cluster cannot be used together" in " ".join(result.output.split())
