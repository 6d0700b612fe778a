"""Shared test set-up: the shared fixtures (nothing a test plays is saved in the real user data
directory), and the `slow` mark for the tests that drive a real terminal."""

from __future__ import annotations

import compileall
import os
import signal
from collections.abc import Iterator
from pathlib import Path

import pytest


def pytest_configure(config: pytest.Config) -> None:
    """Once a run, before any xdist worker starts: compile racko's modules (where the tests
    import them from, the checkout) and the tests' own, which every worker would otherwise
    compile again while collecting, where PYTHONDONTWRITEBYTECODE is set (as on the CI
    machines)."""
    if hasattr(config, "workerinput"):
        return  # one of the run's workers: the run itself has done it
    here = Path(__file__).parent
    compileall.compile_dir(here.parent / "rack_o", quiet=1)
    if config.getoption("numprocesses", None):
        for helper in here.glob("*.py"):
            if not helper.name.startswith("test_"):
                compileall.compile_file(helper, quiet=1)
        _rewrite_once(config, [here / "conftest.py", *_collected(config, here)])


def _collected(config: pytest.Config, here: Path) -> list[Path]:
    """The test modules in `here` that the run's arguments name, or that a folder they name
    holds (all of them when none is named)."""
    named = [Path(config.invocation_params.dir, arg.split("::")[0]).resolve()
             for arg in config.args]
    return [module for module in sorted(here.glob("test_*.py"))
            if any(module.resolve().is_relative_to(path) for path in named)]


def _rewrite_once(config: pytest.Config, modules: list[Path]) -> None:
    """Keep each test module as pytest's assertion rewriting makes it, where pytest looks for
    it before rewriting a module again: every xdist worker rewrites every module it collects
    (13 s of CPU a worker, against 5 s with them kept). This leans on pytest's own functions
    for it, which are not public: with a pytest without them, nothing is kept, as before."""
    try:
        from _pytest.assertion.rewrite import (
            PYC_TAIL,
            _rewrite_test,
            _write_pyc,
            assertstate_key,
            get_cache_dir,
        )
        state = config.stash[assertstate_key]
    except (ImportError, KeyError):
        return
    if config.getoption("assertmode", "rewrite") != "rewrite":
        return
    for module in modules:
        cache = get_cache_dir(module)
        try:
            cache.mkdir(exist_ok=True)
            source_hash, code = _rewrite_test(module, config)
        except (OSError, SyntaxError):
            continue  # a read-only checkout, or a module the workers report as broken
        _write_pyc(state, code, source_hash, cache / (module.name[:-3] + PYC_TAIL))


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """`-n auto` (the README's test command) starts five workers for two cores: many slow
    tests wait on a real racko in a pseudo-terminal (its holds), not on their own CPU. Timed
    on two cores, whole suite, one run each: four workers 334 s, five 308 s, six 325 s."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return max(2, 5 * (cores or 1) // 2)


@pytest.hookimpl(tryfirst=True)  # before `-m` deselects by marker
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every test of a module that drives programs in a pseudo-terminal (pexpect, or the
    `spawn` of ttykit or ptykit) is slow: it starts real processes and waits for their
    screens."""
    for item in items:
        module = getattr(item, "module", None)
        if module is not None and _drives_a_terminal(vars(module)):
            item.add_marker(pytest.mark.slow)
    workers = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "0"))
    if workers > 1:
        items[:] = _slow_first_in_each_share(items, workers)
        items.sort(key=lambda item: item.nodeid not in LONGEST)  # stable: the rest as they were


LONGEST = ("tests/test_bots_expert.py::test_expert_beats_hard_in_both_seat_orders",)
"""The run's longest test by far (a process pool of its own: two minutes on two cores shared
with the other workers, nearly five with other programs busy too), started first of all: the
first worker's share began with a minute of other slow tests, and the run ended waiting for
it. A name no longer collected changes nothing."""


def _drives_a_terminal(names: dict[str, object]) -> bool:
    spawn = names.get("spawn")
    return "pexpect" in names or getattr(spawn, "__module__", None) in ("ttykit", "ptykit")


def _slow_first_in_each_share(items: list[pytest.Item], workers: int) -> list[pytest.Item]:
    """`items` reordered for xdist's worksteal: each worker is first sent an equal share of
    the list, one after another, and an idle worker takes the end of the longest queue left.
    Each share gets its part of the slow tests first (most wait on a real terminal's holds),
    then its quick ones (CPU only): the run ends on quick tests that keep every core busy,
    not on a cluster of slow ones waiting out their holds on idle cores."""
    slow = [item for item in items if item.get_closest_marker("slow")]
    quick = [item for item in items if not item.get_closest_marker("slow")]
    ordered: list[pytest.Item] = []
    left = len(items)
    for worker in range(workers):
        share = left // (workers - worker)  # as worksteal divides the tests at the start
        left -= share
        slow_share = round(len(slow) * share / max(left + share, 1))
        ordered += slow[:slow_share] + quick[:share - slow_share]
        del slow[:slow_share], quick[:share - slow_share]
    return ordered + slow + quick


@pytest.fixture(autouse=True, scope="session")
def racko_home(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Point RACKO_HOME (autosaved records, the history) at a temporary folder for the session,
    keep the programs started compiled, and speak English.

    Session-scoped so hypothesis tests see no function-scoped fixture; a test that needs an
    empty data directory takes `home`.
    """
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("RACKO_HOME", str(tmp_path_factory.mktemp("racko-home")))
        # The programs tests start (racko in a pseudo-terminal, `python -m rack_o`) compile
        # racko's modules once, not at every start: where PYTHONDONTWRITEBYTECODE is set (as on
        # the CI machines) nothing compiled was kept, and every start compiled them all again,
        # half its CPU. Kept where Python keeps them (__pycache__, ignored by git), beside
        # what pip compiled for the libraries.
        patch.delenv("PYTHONDONTWRITEBYTECODE", raising=False)
        # Tests read the English screens unless they ask for a language themselves,
        # whatever language the machine running them speaks.
        patch.setenv("LANGUAGE", "en")
        yield


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty RACKO_HOME with its games folder, no colour, 100 columns.

    The one `home`: a test that checks another width sets COLUMNS itself after it.
    """
    monkeypatch.setenv("RACKO_HOME", str(tmp_path))
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("COLUMNS", "100")
    (tmp_path / "games").mkdir()
    return tmp_path


@pytest.fixture
def signal_handlers_kept() -> Iterator[None]:
    """The test process's own signal handlers (SIGHUP, SIGTERM, SIGINT), put back after the
    test: code under test installs its own."""
    kept = {signum: signal.getsignal(signum)
            for signum in (signal.SIGHUP, signal.SIGTERM, signal.SIGINT)}
    yield
    for signum, handler in kept.items():
        signal.signal(signum, handler)


# A review is a pure function of the record's lines, the seats asked for and the round kept
# unseen (tests/test_review.py::test_a_review_is_the_same_every_time): the moves found for one
# are kept for the session, immutable, and handed out again.
_REVIEWED: dict[str, tuple[object, ...]] = {}


@pytest.fixture
def reviews_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """`racko review` run in-process reviews each game once in the session: a test that renders
    a game someone reviewed already (in another language, at another width, as JSON) gets the
    same moves without analysing it again. Its rendering still runs every time."""
    import json

    from rack_o.cli import review as review_cli

    analyse = review_cli.review_moves

    def review_moves(lines: list[tuple[int, dict[str, object]]], seats: object = None,
                     unseen: object = None) -> Iterator[object]:
        asked = None if seats is None else sorted(seats)  # type: ignore[call-overload]
        key = json.dumps([lines, asked, unseen], sort_keys=True)
        moves = _REVIEWED.get(key)
        if moves is None:
            moves = _REVIEWED[key] = tuple(analyse(lines, seats, unseen))
        return iter(moves)

    monkeypatch.setattr(review_cli, "review_moves", review_moves)
