"""`racko simulate`: many seeded games between bots, spread over processes, with a result table.

The games themselves are played by `rack_o.bots.match` (pure); this module parses the
options, runs the games in chunks (in this process, or in a pool of worker processes),
shows a progress bar, and prints the table and the optional JSON. Game i's seed is derived
from (S, i) alone, so the figures depend only on --seed, never on --jobs.
"""

from __future__ import annotations

import errno
import json
import os
import re
import secrets
import signal
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from pathlib import Path
from typing import Any

import click
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table
from rich.text import Text

from rack_o.bots.match import DEFAULT_TURN_CAP, GameOutcome, Tally, play_many
from rack_o.game import Game
from rack_o.i18n import _, ngettext, number, percent
from rack_o.record import dumps
from rack_o.rules import MAX_PLAYERS, MIN_PLAYERS, Rules
from rack_o.store.paths import RECORD_SUFFIX

from .console import make_console
from .messages import history_error
from .setup import (
    check_bot_specs,
    now_stamp,
    parse_bots,
    rules_from,
    seat_bots,
    target_option,
    variant_options,
)


class MatchInterrupted(KeyboardInterrupt):
    """Ctrl-C stopped a match; `outcomes` are the games that finished before it, in order."""

    def __init__(self, outcomes: list[GameOutcome]) -> None:
        super().__init__()
        self.outcomes = outcomes


def _ignore_ctrl_c() -> None:
    # Workers finish the chunk in hand on Ctrl-C, so every record they write is whole; the
    # main process stops handing out chunks.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def record_name(index: int) -> str:
    """The file name of game `index`'s record inside --record-dir."""
    return f"game-{index + 1:05d}{RECORD_SUFFIX}"


def seat_specs(players: int | None, bots: str | None, seats: Sequence[str]) -> list[str]:
    """The bot spec of every seat from --bot SEAT=SPEC and --bots a,b,...; UsageError if unclear."""
    choice = parse_bots(seats, bots)
    total = len(choice)
    if players is None:
        players = total
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise click.UsageError(
            _("A simulation needs 2 to 4 seats, each with a bot; got {players} "
              "(use --bots hard,easy or --bot SEAT=BOT).").format(players=players)
        )
    if total != players:
        given = [f"{seat}={spec}" for seat, spec in sorted(choice.placed.items())] + choice.fill
        raise click.UsageError(
            ngettext(
                "{players} players need {players} bots, but {count} was given: {given}.",
                "{players} players need {players} bots, but {count} were given: {given}.",
                total,
            ).format(players=players, count=total, given=", ".join(given))
        )
    return [spec or "" for spec in seat_bots(players, choice)]


def _chunk(
    specs: Sequence[str],
    rules: dict[str, Any],
    seed: int,
    indices: Sequence[int],
    turn_cap: int,
    record_dir: str | None,
    keep_events: bool,
) -> list[GameOutcome]:
    """Play some games of the match (in a worker process, or here); write their records."""
    outcomes = play_many(
        specs, Rules(**rules), seed, indices, turn_cap, keep_events or record_dir is not None,
        clock=now_stamp,
    )
    if record_dir is None:
        return outcomes
    kept = []
    for outcome in outcomes:
        assert outcome.events is not None
        path = Path(record_dir) / record_name(outcome.index)
        with path.open("x", encoding="utf-8") as file:
            file.writelines(dumps(event) for event in outcome.events)
        kept.append(outcome if keep_events else _without_events(outcome))
    return kept


def _without_events(outcome: GameOutcome) -> GameOutcome:
    return GameOutcome(outcome.index, outcome.rounds, outcome.capped, outcome.winner, outcome.error)


MAX_GAMES = 1_000_000
"""The most games one `racko simulate` plays (every outcome is kept in memory)."""
MAX_JOBS = 64
"""The most worker processes `racko simulate` starts."""


def _chunk_size(games: int, jobs: int) -> int:
    # Small enough chunks to keep both workers busy to the end and the bar moving.
    return 1 if jobs == 1 else max(1, min(25, games // (jobs * 8)))


def _chunks(games: int, jobs: int) -> Iterator[list[int]]:
    """The game indices of each chunk, in order, made one at a time."""
    size = _chunk_size(games, jobs)
    for start in range(0, games, size):
        yield list(range(start, min(start + size, games)))


def run_match(
    specs: Sequence[str],
    rules: Rules,
    seed: int,
    games: int,
    *,
    jobs: int = 1,
    turn_cap: int = DEFAULT_TURN_CAP,
    record_dir: Path | None = None,
    keep_events: bool = False,
    advance: Callable[[int], None] | None = None,
) -> list[GameOutcome]:
    """Every game's outcome, in game order; stops early once a bot breaks a game.

    On Ctrl-C, raises MatchInterrupted with the games finished so far (worker processes
    first finish the games in hand).
    """
    rules_args = {
        "players": rules.players,
        "target": rules.target,
        "bonus": rules.bonus,
        "partners": rules.partners,
        "run_of_three": rules.run_of_three,
    }
    folder = str(record_dir) if record_dir is not None else None
    outcomes: dict[int, GameOutcome] = {}

    def take(batch: list[GameOutcome]) -> bool:
        for outcome in batch:
            outcomes[outcome.index] = outcome
        if advance is not None:
            advance(len(batch))
        return any(outcome.error for outcome in batch)

    def finished() -> list[GameOutcome]:
        return [outcomes[index] for index in sorted(outcomes)]

    chunks = _chunks(games, jobs)
    args = (specs, rules_args, seed)
    if jobs == 1:
        try:
            for indices in chunks:
                if take(_chunk(*args, indices, turn_cap, folder, keep_events)):
                    break
        except KeyboardInterrupt:
            raise MatchInterrupted(finished()) from None
        return finished()
    size = _chunk_size(games, jobs)
    workers = min(jobs, -(-games // size))  # never more workers than chunks
    pool = ProcessPoolExecutor(max_workers=workers, initializer=_ignore_ctrl_c)
    pending: set[Future[list[GameOutcome]]] = set()

    def submit_more() -> None:
        # A few chunks ahead of the workers, never the whole match: memory stays flat.
        while len(pending) < workers * 2:
            indices = next(chunks, None)
            if indices is None:
                return
            pending.add(pool.submit(_chunk, *args, indices, turn_cap, folder, keep_events))

    try:
        submit_more()
        while pending:
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            if any([take(future.result()) for future in done]):
                break
            submit_more()
    except KeyboardInterrupt:
        # Games not yet started are dropped; the chunks in hand finish and are counted.
        pool.shutdown(wait=True, cancel_futures=True)
        for future in pending:
            if future.done() and not future.cancelled() and future.exception() is None:
                for outcome in future.result():
                    outcomes[outcome.index] = outcome
        raise MatchInterrupted(finished()) from None
    finally:
        # On a broken game, games not yet started are dropped, not waited for.
        pool.shutdown(wait=True, cancel_futures=True)
    return finished()


def result_table(tally: Tally) -> Table:
    """One row per seat: bot, round wins and rate with its 95 % interval, games, means."""
    table = Table(title=_("Results per seat"))
    table.add_column(_("Seat"), justify="right", no_wrap=True)
    table.add_column(_("Bot"), overflow="fold")
    for header in (_("Round\nwins"), _("Win\nrate"), _("95 %\ninterval"), _("Games\nwon"),
                   _("Points\n/round"), _("Turns\n/round")):
        table.add_column(header, justify="right", no_wrap=True)
    for row in tally.seats():
        low, high = row["round_win_interval"]
        points, turns = row["mean_round_points"], row["mean_turns"]
        table.add_row(
            str(row["seat"]),
            Text(row["bot"]),  # a user's spec is never markup
            str(row["round_wins"]),
            percent(row["round_win_rate"]),
            f"{number(low * 100, 1)}–{number(high * 100, 1)}",
            str(row["games_won"]),
            number(points, 1) if points is not None else "–",
            number(turns, 2) if turns is not None else "–",
        )
    return table


def save_history(outcomes: Sequence[GameOutcome], record_dir: Path | None) -> int:
    """The --history hook: add each finished game to the history database; how many were new.

    Rebuilt from its events through the engine, so the history holds exactly what was played.
    """
    from rack_o.record import Header, rebuild
    from rack_o.store.history import record_games

    def finished() -> Iterator[tuple[Game, Header, Path | None]]:
        for outcome in outcomes:
            if outcome.winner is None or outcome.events is None:
                continue  # a capped or broken game never finished
            header, game, _missing = rebuild(list(enumerate(outcome.events, 1)))
            record = record_dir / record_name(outcome.index) if record_dir is not None else None
            yield game, header, record

    return record_games(finished(), source="simulate")


def _path_error(option: str, path: Path, error: OSError) -> click.UsageError:
    """The usage error for an option's path the system refuses (too long, not writable...)."""
    if error.errno == errno.ENAMETOOLONG:
        return click.UsageError(
            _("{option} {path}: the name is too long.").format(option=option, path=path)
        )
    return click.UsageError(
        _("{option} {path}: cannot write there ({reason}).").format(
            option=option, path=path, reason=error.strerror or error
        )
    )


def _check_json_path(json_path: Path) -> None:
    try:
        _check_json_folder(json_path)
    except OSError as error:
        raise _path_error("--json", json_path, error) from None


def _check_json_folder(json_path: Path) -> None:
    # Checked before the run, so a long run is never lost to a typo in the folder name.
    folder = json_path.parent
    if json_path.is_dir():
        raise click.UsageError(_("--json {file}: that is a directory.").format(file=json_path))
    if not folder.is_dir():
        raise click.UsageError(
            _("--json {file}: the folder {folder} does not exist.").format(
                file=json_path, folder=folder
            )
        )
    if not os.access(folder, os.W_OK) or (json_path.exists() and not os.access(json_path, os.W_OK)):
        raise click.UsageError(
            _("--json {file}: cannot write there (no permission).").format(file=json_path)
        )


def _records_in(record_dir: Path, games: int) -> list[str]:
    """The names of the records of games 0..games-1 that `record_dir` holds, sorted."""
    # One listing, not one stat per game: --games may be large.
    pattern = re.compile(r"game-(\d+)" + re.escape(RECORD_SUFFIX))
    names = []
    for name in os.listdir(record_dir):
        match = pattern.fullmatch(name)
        if match and 1 <= int(match[1]) <= games and record_name(int(match[1]) - 1) == name:
            names.append(name)
    return sorted(names)


def _at_most_max_games(ctx: click.Context, param: click.Parameter, value: int) -> int:
    # A callback, not the option's type, so --help keeps its short "x>=1" (the limit is in
    # docs/bots.md); the error is click's own range message.
    return click.IntRange(1, MAX_GAMES).convert(value, param, ctx)


def _check_record_dir(record_dir: Path, games: int) -> None:
    try:
        if record_dir.exists() and not record_dir.is_dir():
            raise click.UsageError(
                _("--record-dir {folder}: not a directory.").format(folder=record_dir)
            )
        record_dir.mkdir(parents=True, exist_ok=True)
        # A file must be creatable there, or the first record would fail mid-run.
        probe, probe_path = tempfile.mkstemp(prefix=".racko-probe-", dir=record_dir)
        os.close(probe)
        os.unlink(probe_path)
        taken = _records_in(record_dir, games)
    except OSError as error:
        raise _path_error("--record-dir", record_dir, error) from None
    if taken:
        held = taken[0]
        if len(taken) > 1:
            held = _("{file} and {count} more").format(file=taken[0], count=len(taken) - 1)
        raise click.UsageError(
            _("--record-dir {folder} already holds {files}; records are never overwritten: "
              "choose another directory.").format(folder=record_dir, files=held)
        )


@click.command(
    epilog="Example:  racko simulate --bots hard,easy --games 200 --seed 1 --jobs 2"
)
@click.option("--players", type=click.IntRange(MIN_PLAYERS, MAX_PLAYERS), default=None,
              help="Seats at the table (2-4); by default, one per bot given.")
@click.option("--bots", metavar="BOT,BOT,...", default=None,
              help="The bot of each seat in order (levels: random, easy, medium, hard, "
              "or package.module:ClassName).")
@click.option("--bot", "seat_bots", metavar="SEAT=BOT", multiple=True,
              help="Put BOT at SEAT (1-based); --bots fills the other seats. Repeatable.")
@click.option("--games", type=click.IntRange(min=1), callback=_at_most_max_games, default=100,
              show_default=True,
              help="Full games to play, each to the target.")
@click.option("--seed", type=click.IntRange(min=0), default=None,
              help="Seed of the whole match (each game's seed is derived from it); "
              "random if not given.")
@click.option("--jobs", type=click.IntRange(1, MAX_JOBS), default=1, show_default=True,
              help="Worker processes; results do not depend on it.")
@target_option
@variant_options
@click.option("--turn-cap", type=click.IntRange(min=1), default=DEFAULT_TURN_CAP,
              show_default=True,
              help="Turns after which a round without Rack-O is stopped (and counted).")
@click.option("--json", "json_path", type=click.Path(dir_okay=False, path_type=Path),
              default=None, help="Also write the results as JSON to this file.")
@click.option("--record-dir", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Write one rack-o/1 record per game into this directory.")
@click.option("--history", is_flag=True, help="Add the finished games to the game history.")
def simulate(
    players: int | None,
    bots: str | None,
    seat_bots: tuple[str, ...],
    games: int,
    seed: int | None,
    jobs: int,
    target: int,
    bonus: bool,
    partners: bool,
    run_of_three: bool,
    turn_cap: int,
    json_path: Path | None,
    record_dir: Path | None,
    history: bool,
) -> None:
    """Play many games between bots and compare them.

    Every seat gets a bot: a level (random, easy, medium, hard) or your own class given as
    package.module:ClassName. A round still without Rack-O after --turn-cap turns stops its
    game; such rounds are counted and shown as capped.
    """
    specs = seat_specs(players, bots, seat_bots)
    rules = rules_from(len(specs), target, bonus, partners, run_of_three)
    check_bot_specs(specs)
    if json_path is not None:
        _check_json_path(json_path)
    if record_dir is not None:
        _check_record_dir(record_dir, games)
    if seed is None:
        seed = secrets.randbelow(1_000_000)
    console = make_console()
    variants = [name for name, on in ((_("bonus"), bonus), (_("partners"), partners),
                                      (_("run of three"), run_of_three)) if on]
    console.print(
        ngettext("Simulating {count} game to {target}:", "Simulating {count} games to {target}:",
                 games).format(count=games, target=target)
        + f" {', '.join(specs)} · " + _("seed {seed}").format(seed=seed) + " · "
        + ngettext("{count} job", "{count} jobs", jobs).format(count=jobs)
        + (f" · {', '.join(variants)}" if variants else ""),
        markup=False,
    )
    start = time.perf_counter()
    try:
        outcomes, seconds = _run_with_progress(
            console, specs, rules, seed, games, jobs, turn_cap, record_dir, history
        )
    except KeyboardInterrupt as stop:
        finished = stop.outcomes if isinstance(stop, MatchInterrupted) else []
        _report_interrupted(console, specs, rules, finished, record_dir, games)
        if json_path is not None:
            tally = Tally(tuple(specs), rules)
            for outcome in finished:
                tally.add(outcome)
            data = {**tally.to_json(seed, turn_cap, time.perf_counter() - start),
                    "stopped": True}
            _write_json(console, json_path, data, partial=True)
        raise SystemExit(130) from None
    tally = Tally(tuple(specs), rules)
    for outcome in outcomes:
        tally.add(outcome)
    broken = next((outcome for outcome in outcomes if outcome.error), None)
    if broken is not None:
        where = (_("; its record is {file}").format(file=record_dir / record_name(broken.index))
                 if record_dir is not None else "")
        console.print(
            "[red]" + _("Game {number} stopped:").format(number=broken.index + 1) + "[/red] "
            + escape(f"{broken.error}{where}"),
            markup=True, highlight=False,
        )
        raise SystemExit(1)
    console.print(result_table(tally))
    rate = tally.rounds / seconds if seconds > 0 else 0.0
    # Capped rounds are never hidden: always printed, and in yellow when there are any.
    capped = _("capped rounds: {count}").format(count=tally.capped_rounds)
    if tally.capped_rounds:
        capped = f"[bold yellow]{capped}[/] " + _("(each stopped its game; see docs/bots.md)")
    console.print(
        ngettext("{count} game", "{count} games", tally.games).format(count=tally.games) + ", "
        + ngettext("{count} round", "{count} rounds", tally.rounds).format(count=tally.rounds)
        + ", " + capped
    )
    if tally.capped_rounds and not tally.scored_rounds:
        console.print(_("No round was scored, so there are no points or turns per round (–)."))
    elif tally.capped_rounds:
        console.print(ngettext(
            "Points and turns per round are means over the {count} scored round only.",
            "Points and turns per round are means over the {count} scored rounds only.",
            tally.scored_rounds,
        ).format(count=tally.scored_rounds))
    console.print(_("{rate} rounds per second ({seconds} s)").format(
        rate=number(rate, 1), seconds=number(seconds, 1)))
    failed = False
    if json_path is not None:
        failed = not _write_json(console, json_path, tally.to_json(seed, turn_cap, seconds))
    if record_dir is not None:
        console.print(_("Records written to {folder}.").format(folder=record_dir), markup=False)
    if history:
        from rack_o.store.history import HistoryError

        try:
            added = save_history(outcomes, record_dir)
        except HistoryError as error:
            console.print(f"[red]{escape(history_error(error))}[/red]", markup=True,
                          highlight=False)
            raise SystemExit(1) from None
        console.print(ngettext("{count} game added to the history.",
                               "{count} games added to the history.", added).format(count=added))
    if failed:
        raise SystemExit(1)


def _write_json(console: Console, path: Path, data: dict, partial: bool = False) -> bool:
    """Write the `--json` object to `path` and say so (or why not); True if written."""
    try:
        path.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    except OSError as error:
        console.print(_("The JSON could not be written to {file}: {error}.").format(
            file=path, error=error.strerror or error), style="red", markup=False)
        return False
    if partial:
        message = _('Partial JSON ("stopped": true) written to {file}.')
    else:
        message = _("JSON written to {file}.")
    console.print(message.format(file=path), markup=False)
    return True


def _report_interrupted(
    console: Console,
    specs: Sequence[str],
    rules: Rules,
    finished: Sequence[GameOutcome],
    record_dir: Path | None,
    games: int,
) -> None:
    """After Ctrl-C: how many games finished, their table, and how many records were written."""
    console.print(
        ngettext("Stopped (Ctrl-C) after {count} of {games} game.",
                 "Stopped (Ctrl-C) after {count} of {games} games.", games).format(
            count=len(finished), games=games)
    )
    if finished:
        tally = Tally(tuple(specs), rules)
        for outcome in finished:
            tally.add(outcome)
        console.print(result_table(tally))
        console.print(_("Partial results: only the games that finished before Ctrl-C."))
    if record_dir is not None:
        try:
            written = len(_records_in(record_dir, games))
        except OSError:
            written = len(finished)  # each finished game's record was written
        console.print(
            ngettext("{count} record was written to {folder}.",
                     "{count} records were written to {folder}.", written).format(
                count=written, folder=record_dir)
        )


def _run_with_progress(
    console: Console,
    specs: Sequence[str],
    rules: Rules,
    seed: int,
    games: int,
    jobs: int,
    turn_cap: int,
    record_dir: Path | None,
    keep_events: bool,
) -> tuple[list[GameOutcome], float]:
    progress = Progress(
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=console,
        transient=True,
        disable=not console.is_terminal,
    )
    task = progress.add_task(_("games"), total=games)

    def advance(count: int) -> None:
        # Started on the first finished games, after the worker processes were forked, so no
        # process is forked while the bar's refresh thread runs.
        if not progress.live.is_started:
            progress.start()
        progress.advance(task, count)

    start = time.perf_counter()
    try:
        outcomes = run_match(
            specs, rules, seed, games, jobs=jobs, turn_cap=turn_cap, record_dir=record_dir,
            keep_events=keep_events, advance=advance,
        )
    finally:
        progress.stop()
    return outcomes, time.perf_counter() - start
