"""`racko simulate`: options, the progress bar, the result table, the JSON and the messages.

The games are played by `rack_o.match` (pure): here, in a pool of local worker processes
(--jobs), or on a running Dask cluster (--cluster). Game i's seed is derived from (S, i)
alone, so the figures depend only on --seed, never on --jobs or --cluster.
"""

from __future__ import annotations

import errno
import json
import os
import re
import stat
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import BrokenExecutor, Executor
from contextlib import ExitStack, contextmanager, nullcontext, suppress
from functools import partial
from pathlib import Path

import click
from rich import box
from rich.console import Console, RenderableType
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table
from rich.text import Text

from rack_o.bots import DEFAULT_LEVEL
from rack_o.executors import ClusterError, ClusterProblem, dask_cluster
from rack_o.i18n import N_, _, ngettext, number, percent
from rack_o.match import (
    DEFAULT_TURN_CAP,
    GameOutcome,
    Match,
    MatchResult,
    play_match,
    process_pool,
    record_name,
)
from rack_o.rules import MAX_PLAYERS, MIN_PLAYERS, PARTNERS_PLAYERS
from rack_o.store.atomic import write_whole
from rack_o.store.paths import RECORD_SUFFIX
from rack_o.store.permissions import is_read_only
from rack_o.store.safe_text import controls_escaped, printable
from rack_o.store.stamps import now_stamp
from rack_o.store.writer import PART_SUFFIX, drop_parts
from rack_o.tally import Tally

from .columns import Layout, whole_layout
from .console import make_console
from .exits import EXIT_INTERRUPTED, EXIT_STOPPED
from .messages import bot_spec_error, history_error, in_the_way
from .option_types import SEED, NamedPath, WholeNumber, ends_as_a_folder, said
from .os_reasons import os_reason
from .quit_signal import key_named
from .screens import variant_labels
from .setup import (
    BotChoice,
    check_bot_specs,
    check_seats,
    new_seed,
    parse_bots,
    rules_from,
    seat_bots,
    target_option,
    variant_options,
)
from .stacked import Block, stacked
from .stopping import signal_stop, stopped_by_signals
from .trimmed import Trimmed

MAX_GAMES = 1_000_000
"""The most games one `racko simulate` plays."""
MAX_JOBS = 64
"""The most worker processes `racko simulate` starts."""




def seat_specs(players: int | None, bots: str | None, seats: Sequence[str]) -> list[str]:
    """The bot spec of every seat from --bot SEAT=SPEC and --bots a,b,...; UsageError if unclear.

    With neither, every seat (2, or --players) gets DEFAULT_LEVEL; with --bot alone, every seat
    it leaves. Each bot is made once, to check it: a spec that names no bot is said before any
    count of seats, with the seat it would take."""
    choice = parse_bots(seats, bots)
    if not choice:
        return [DEFAULT_LEVEL] * (players or MIN_PLAYERS)
    check_bot_specs(_seats_meant(players, choice))
    total = len(choice)
    if players is None:
        # The seats named say how many play at least: --bot 3=hard --bot 2=easy is three.
        players = max([total, *(seat for seat in choice.placed if 1 <= seat <= MAX_PLAYERS)])
        lacking = [seat for seat in choice.placed if not 1 <= seat <= MAX_PLAYERS]
        if players < MIN_PLAYERS and lacking:  # --bot 0=hard alone: the seat is what is wrong
            raise click.BadParameter(
                _("seat {seat} does not exist: a table has seats 1 to {most}.").format(
                    seat=said(lacking[0]), most=MAX_PLAYERS),
                param_hint="'--bot'")
        if not choice.fill:  # --bot 1=expert alone: hard sits at the other seat
            players = max(players, MIN_PLAYERS)
    if MIN_PLAYERS <= players <= MAX_PLAYERS:
        check_seats(players, choice)  # a seat the table lacks is said before the count of bots
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise click.UsageError(
            _("A simulation needs 2 to 4 seats, each with a bot; got {players} "
              "(use --bots hard,easy or --bot SEAT=BOT).").format(players=players)
        )
    if not choice.fill and total < players:
        # --bot alone places its bots among the default ones, as no option places them all.
        specs = seat_bots(players, choice)
        return [spec or DEFAULT_LEVEL for spec in specs]
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


def _seats_meant(players: int | None, choice: BotChoice) -> list[str | None]:
    """Every bot given at the seat it would take, even at a table of a size no game has (the
    seats between them None): --bot at its seat, --bots in the last free seats. A --bot seat
    that no table has (0, 5, 1234567890) is left out: `seat_bots` says it does not exist."""
    seats = {seat: spec for seat, spec in choice.placed.items() if 1 <= seat <= MAX_PLAYERS}
    size = max(players or 0, len(choice), *seats)
    specs: list[str | None] = [None] * size
    for seat, spec in seats.items():
        specs[seat - 1] = spec
    free = [seat for seat, spec in enumerate(specs) if spec is None]
    for seat, spec in zip(free[len(free) - len(choice.fill):], choice.fill, strict=True):
        specs[seat] = spec
    return specs


def result_table(tally: Tally, width: int = 80) -> RenderableType:
    """One row per seat: bot, round wins and rate with its 95 % interval, games, means; laid
    out for `width` columns, the bots and numbers whole, the headings wrapped between their
    words; narrower than that, a block per seat."""
    # Two spaces between columns (one if that keeps more headings whole) and none at the
    # edges, as `racko stats`: French headings fit 80 columns whole; at 60 the seat goes
    # before its bot in one column ("Νίκες παιχνιδιών" broke as "παιχνιδ/ιών" beside them).
    headings = [_("Seat"), _("Bot"), _("Round\nwins"), _("Win\nrate"), _("95%\ninterval"),
                _("Games\nwon"), _("Points\n/round"), _("Turns\n/round")]
    cells = []
    for row in tally.seats():
        low, high = row["round_win_interval"]
        points, turns = row["mean_round_points"], row["mean_turns"]
        cells.append([
            str(row["seat"]),
            row["bot"],  # a user's spec: shown as plain text, never markup
            str(row["round_wins"]),
            percent(row["round_win_rate"]),
            f"{number(low * 100, 1)}–{number(high * 100, 1)}",
            str(row["games_won"]),
            number(points, 1) if points is not None else "–",
            number(turns, 2) if turns is not None else "–",
        ])
    # A bot spec of the user's may be long: it folds, so that the numbers stay whole.
    side_by_side = Layout(headings, cells, (1,))
    together = Layout([f"{headings[0]}\n{headings[1]}", *headings[2:]],
                      [[f"{row[0]} {row[1]}", *row[2:]] for row in cells], (0,))
    fitted = whole_layout([side_by_side, together], width)
    if fitted is None:
        return stacked(_("Results per seat"), [
            Block([Text(f"{headings[0]} {row[0]}", "bold"), Text(row[1])],
                  list(zip(headings[2:], row[2:], strict=True)))
            for row in cells])
    chosen, widths, spaces = fitted
    table = Table(title=_("Results per seat"), box=box.SIMPLE_HEAD,
                  padding=(0, 0, 0, spaces - 1), pad_edge=False, show_edge=False)
    rows: list[list[RenderableType]]
    if chosen:
        headings = list(together.headings)
        rows = [[_seat_and_bot(row[0], row[1]), *(_figure(cell) for cell in row[2:])]
                for row in cells]
    else:
        rows = [[_figure(row[0]), Text(row[1], overflow="fold"),
                 *(_figure(cell) for cell in row[2:])] for row in cells]
    bots = 0 if chosen else 1  # the bots' column is left-justified, the numbers' right
    for index, (heading, column_width) in enumerate(zip(headings, widths, strict=True)):
        table.add_column(heading, width=column_width, overflow="fold",
                         justify="left" if index == bots else "right")
    for row_cells in rows:
        table.add_row(*row_cells)
    return table


def _figure(cell: str) -> Text:
    """A number of the result table: never wrapped."""
    return Text(cell, no_wrap=True, overflow="fold")


def _seat_and_bot(seat: str, bot: str) -> Table:
    """ "1 hard": a seat and its bot in one cell, a long bot spec folding beside its seat."""
    grid = Table.grid(padding=(0, 1, 0, 0))
    grid.add_column(no_wrap=True)
    grid.add_column(overflow="fold")
    grid.add_row(seat, Text(bot, overflow="fold"))
    return grid


def _path_error(option: str, path: Path, error: OSError) -> click.UsageError:
    """The usage error for an option's path the system refuses (too long, not writable...)."""
    if error.errno == errno.ENAMETOOLONG:
        return click.UsageError(
            _("{option} {path}: the name is too long.").format(
                option=option, path=controls_escaped(str(path)))
        )
    if error.errno in (errno.EEXIST, errno.ENOTDIR):
        from rack_o.store.paths import file_in_the_way

        blocking = file_in_the_way(path)  # a file, or a link to nothing, where a folder goes
        if blocking is not None:
            return _in_the_way_error(option, path, blocking)
    return click.UsageError(
        _("{option} {path}: cannot write there ({reason}).").format(
            option=option, path=controls_escaped(str(path)), reason=os_reason(error)
        )
    )


def _in_the_way_error(option: str, path: Path, blocking: Path) -> click.UsageError:
    """The usage error for an option's path that a file (or a link to nothing) keeps from
    being written: `blocking`, where a folder of the path goes."""
    return click.UsageError(_("{option} {path}: cannot write there ({reason}).").format(
        option=option, path=controls_escaped(str(path)), reason=in_the_way(blocking)))


STDOUT = Path("/dev/stdout")
"""Where `--json -` (or `--json /dev/stdout`) writes: this process's standard output."""


def _named_path(option: str, typed: str | None) -> Path | None:
    """`option`'s path as typed; an empty one (a script's unset variable, `--json "$OUT"`) is
    refused: it would name the current folder."""
    if typed is None:
        return None
    if not typed:
        raise click.UsageError(_("{option} needs a name: it was given an empty one.").format(
            option=option))
    return Path(typed)


def _json_option(ctx: click.Context, param: click.Parameter, typed: str | None
                 ) -> Path | None:
    """--json: a file's name; one that ends as a folder's does is refused before the run."""
    path = _named_path("--json", typed)
    if path is None or typed is None:
        return None
    if typed == "-":
        return STDOUT
    if ends_as_a_folder(typed) and not path.is_dir():
        if not os.path.lexists(path):
            raise click.UsageError(_("--json {file}: the folder {folder} does not exist.").format(
                file=typed, folder=path))
        raise click.UsageError(_("{option} {path}: cannot write there ({reason}).").format(
            option="--json", path=typed, reason=os.strerror(errno.ENOTDIR)))
    folder = False
    with suppress(OSError):  # a name too long, say: `_check_json_path` says what is wrong
        folder = path.is_dir()
    if folder:  # said as `racko play --record` says it
        raise click.BadParameter(
            _("{file} is a folder, not a file. Give a new file name.").format(file=typed))
    return path


def _check_json_path(json_path: Path) -> None:
    if json_path == STDOUT:
        return
    try:
        _check_json_folder(json_path)
    except OSError as error:
        raise _path_error("--json", json_path, error) from None


def _check_json_folder(json_path: Path) -> None:
    # Checked before the run, so a long run is never lost to a typo in the folder name.
    from rack_o.store.history import is_database
    from rack_o.store.records import is_game_record

    shown = controls_escaped(str(json_path))

    try:
        found: os.stat_result | None = json_path.stat()  # as `write_whole` finds it
    except (FileNotFoundError, NotADirectoryError):
        found = None
    if found is not None and stat.S_ISDIR(found.st_mode):
        raise click.UsageError(_("--json {file}: that is a directory.").format(file=shown))
    if found is not None and stat.S_ISREG(found.st_mode) and is_game_record(json_path):
        # A game record is the only copy of a game: never replaced by results.
        raise click.UsageError(
            _("--json {file}: that is a game record, and racko never writes over one; give "
              "another file name.").format(file=shown))
    if found is not None and stat.S_ISREG(found.st_mode) and is_database(json_path):
        # racko's history (or any SQLite database) holds every finished game: never replaced.
        raise click.UsageError(
            _("--json {file}: that is a database (racko's history, say), and racko never "
              "writes over one; give another file name.").format(file=shown))
    if found is not None and stat.S_ISSOCK(found.st_mode):
        # Open it and the system says "No such device or address": only a program talks to it.
        raise click.UsageError(_("--json {file}: that is a socket, which cannot be written to "
                                 "as a file; give a file name.").format(
            file=controls_escaped(str(json_path))))
    if found is not None and not stat.S_ISREG(found.st_mode):
        writable = os.access(json_path, os.W_OK)  # a pipe or a device: written to as it is
    else:
        target = Path(os.path.realpath(json_path))  # where `write_whole` writes, past any link
        folder = target.parent
        if not folder.is_dir():
            from rack_o.store.paths import file_in_the_way

            blocking = file_in_the_way(folder)  # a file where a folder of the path goes
            if blocking is not None:
                raise _in_the_way_error("--json", json_path, blocking)
            raise click.UsageError(
                _("--json {file}: the folder {folder} does not exist.").format(
                    file=controls_escaped(str(json_path)), folder=controls_escaped(str(folder))
                )
            )
        # The new file is made in the folder and renamed over the old one, which is kept as it
        # is if read-only, even by root.
        writable = os.access(folder, os.W_OK) and (found is None or (
            os.access(target, os.W_OK) and not is_read_only(found)))
    if not writable:
        raise click.UsageError(
            _("--json {file}: cannot write there (no permission).").format(file=shown)
        )


_RECORD_NAME = re.compile(r"game-(\d+)" + re.escape(RECORD_SUFFIX))


def _is_record_name(name: str, games: int) -> bool:
    """True if `name` is the record name (`record_name`) of one of games 0..games-1."""
    match = _RECORD_NAME.fullmatch(name)
    return (match is not None and 1 <= int(match[1]) <= games
            and record_name(int(match[1]) - 1) == name)


def _records_in(record_dir: Path, games: int, *, parts: bool = False) -> list[str]:
    """The names of the records of games 0..games-1 that `record_dir` holds, sorted; with
    `parts`, those being written too (`PART_SUFFIX`: left there by a run that crashed)."""
    # One listing, not one stat per game: --games may be large.
    return sorted(name for name in os.listdir(record_dir)
                  if _is_record_name(name.removesuffix(PART_SUFFIX) if parts else name, games))


def _check_json_apart(json_path: Path, record_dir: Path, games: int) -> None:
    """A usage error if --json names (through any link) a record this run writes in
    --record-dir: the JSON, renamed over it at the end, would put the game out."""
    target = Path(os.path.realpath(json_path))
    if (target.parent == Path(os.path.realpath(record_dir))
            and _is_record_name(target.name, games)):
        raise click.UsageError(
            _("--json {file} is where --record-dir writes a game's record: give another file "
              "name.").format(file=controls_escaped(str(json_path))))


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
        taken = _records_in(record_dir, games, parts=True)
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


def _cluster_error(error: ClusterError) -> click.UsageError:
    """The sentence for a --cluster that cannot be used."""
    if error.problem is ClusterProblem.NOT_INSTALLED:
        return click.UsageError(
            _("--cluster needs dask's distributed, which is not installed here; "
              "install it with: pip install 'racko[cluster]'")
        )
    if error.problem is ClusterProblem.NO_WORKERS:
        return click.UsageError(
            _("--cluster {address}: the scheduler answered, but no worker joined it within "
              "{seconds} s.").format(address=error.address, seconds=number(error.seconds))
        )
    message = _("--cluster {address}: no Dask scheduler answered there within {seconds} s.")
    if error.detail:
        message = _("--cluster {address}: no Dask scheduler answered there within {seconds} s "
                    "({detail}).")
    return click.UsageError(message.format(
        address=error.address, seconds=number(error.seconds), detail=error.detail))


# What distributed's Client takes: a protocol, a host name or [IPv6] address, and a port.
_SCHEDULER = re.compile(r"(tcp|tls|ws|wss)://([\w.-]+|\[[0-9A-Fa-f:.]+\]):\d{1,5}")


def _scheduler_address(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    # Checked here, before distributed would spend its timeout on an address it cannot use.
    if value is not None and not _SCHEDULER.fullmatch(value):
        raise click.BadParameter(
            _("{address} is not a scheduler address such as tcp://HOST:PORT.").format(
                address=value)
        )
    return value


@contextmanager
def _executor(
    jobs: int, cluster: str | None, games: int, record_dir: Path | None = None
) -> Iterator[tuple[Executor | None, int]]:
    """Where the chunks run, and how many workers it has: here (--jobs 1), a local process
    pool, or a Dask cluster; a cluster that cannot be used is a usage error. The records
    of games in `record_dir` that a local worker killed left unfinished are deleted."""
    if cluster is not None:
        try:
            with dask_cluster(cluster) as (executor, workers):
                yield executor, workers
        except ClusterError as error:
            raise _cluster_error(error) from None
        return
    if jobs == 1:
        yield None, 1
        return
    pool, workers = process_pool(jobs, games)
    try:
        yield pool, workers
    finally:
        _stop_pool(pool)
        if record_dir is not None:
            # A worker killed in the middle of a game leaves its record under its part name
            # (`store.writer.begin_record`): no game counted, no record left.
            drop_parts(record_dir, partial(_is_record_name, games=games))


def _stop_pool(pool: Executor) -> None:
    """Close the local pool once the match has counted all it will."""
    # Chunks still running after a broken game or a second Ctrl-C (up to 25 games each, with
    # a slow bot hours) are not waited for: the workers ignore SIGTERM (the main process
    # stops the match), so they are killed. Python 3.11's pool has no public way to see or
    # reach them. With no work left, the pool closes as it always does (a worker killed
    # while idle could leave its queues half-written for the pool's own thread).
    running = bool(getattr(pool, "_pending_work_items", None))
    processes = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=not running, cancel_futures=True)
    if running:
        for process in processes:
            if process.is_alive():
                process.kill()
        for process in processes:
            process.join(5)


@click.command(
    epilog="Example:  racko simulate --bots hard,easy --games 200 --seed 1 --jobs 2"
)
@click.option("--players", type=WholeNumber(MIN_PLAYERS, MAX_PLAYERS, example=3), default=None,
              help="Seats at the table (2-4); by default, one per bot given or up to the "
              "highest --bot seat (2 when no bot is given, 4 with --partners).")
@click.option("--bots", metavar="BOT,BOT,…", default=None,  # "bot" in every language
              help="The bot of each seat in order (levels: random, easy, medium, hard, "
              "expert, or package.module:ClassName). Without --bots or --bot, every seat "
              "plays hard.")
@click.option("--bot", "seat_bots", metavar=N_("SEAT=BOT"), multiple=True,
              help="Put BOT at SEAT (1-based); --bots fills the other seats, or hard without "
              "it. Repeatable.")
@click.option("--games", type=WholeNumber(1, MAX_GAMES, example=200), default=100,
              show_default=True,
              help="Full games to play, each to the target.")
@click.option("--seed", type=SEED, metavar="N", default=None,
              help="Seed of the whole match, a whole number (each game's seed is derived "
              "from it); random if not given.")
@click.option("--jobs", type=WholeNumber(1, MAX_JOBS, example=2), default=1, show_default=True,
              help="Worker processes; results do not depend on it.")
@click.option("--cluster", metavar="tcp://HOST:PORT", default=None, callback=_scheduler_address,
              help="Play the games on this running Dask scheduler's workers instead "
              "(needs racko[cluster]; racko and any bot module installed on every worker, "
              "and --record-dir a folder they can all write).")
@target_option
@variant_options
@click.option("--turn-cap", type=WholeNumber(1, example=DEFAULT_TURN_CAP), default=DEFAULT_TURN_CAP,
              show_default=True,
              help="Turns after which a round without Rack-O is stopped (and counted).")
@click.option("--json", "json_path", type=NamedPath(dir_okay=False),
              callback=_json_option, default=None,
              help="Also write the results as JSON to this file (- for standard output, "
              "the table then going to standard error).")
@click.option("--record-dir", type=NamedPath(file_okay=False), default=None,
              callback=lambda _ctx, _param, typed: _named_path("--record-dir", typed),
              help="Write one rack-o/1 record per game into this directory (written by "
              "the workers: with --cluster, a folder shared by them all).")
@click.option("--history", is_flag=True, help="Add the finished games to the game history.")
def simulate(
    players: int | None,
    bots: str | None,
    seat_bots: tuple[str, ...],
    games: int,
    seed: int | None,
    jobs: int,
    cluster: str | None,
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

    Every seat gets a bot: a level (random, easy, medium, hard, expert) or your own class given as
    package.module:ClassName. A round still without Rack-O after --turn-cap turns stops its
    game; such rounds are counted and shown as capped.
    """
    here = os.getcwd()  # where --json's path is read from, whatever folder a bot goes to
    # With --json -, what bots print goes to standard error until the JSON is written.
    with ExitStack() as aside:
        aside.enter_context(_stdout_aside(json_path == STDOUT))
        if players is None and partners and not bots:
            # --partners names the table: four seats, hard where --bot places no other.
            players = PARTNERS_PLAYERS
        specs = seat_specs(players, bots, seat_bots)
        rules = rules_from(len(specs), target, bonus, partners, run_of_three)
        if cluster is not None and jobs != 1:
            raise click.UsageError(_("--jobs and --cluster cannot be used together: "
                                     "the cluster's workers play the games."))
        if json_path is not None:
            _check_json_path(json_path)
        if record_dir is not None:
            if json_path is not None and json_path != STDOUT:
                _check_json_apart(json_path, record_dir, games)
            _check_record_dir(record_dir, games)
        if seed is None:
            seed = new_seed()
        # Absolute, so that a worker anywhere writes where this folder is.
        folder = str(record_dir.resolve()) if record_dir is not None else None
        match = Match(tuple(specs), rules, seed, turn_cap, folder, history, now_stamp)
        # SIGHUP and SIGTERM stop the match as Ctrl-C does (`play_match`), saying so as play does.
        # A Ctrl-C waits for a record being written (its game is then counted) and for the
        # history being added to, then stops the match after the game (`signals.check`).
        with stopped_by_signals(new_line=False, ctrl_c_waits=True) as signals:
            with _executor(jobs, cluster, games, record_dir) as (executor, workers):
                # The JSON alone on stdout, so that it can be piped; what people read goes aside.
                console = make_console(stderr=json_path == STDOUT)
                variants = variant_labels(rules, short=True)
                where = (_("cluster {address}").format(address=cluster) if cluster is not None
                         else ngettext("{count} job", "{count} jobs", jobs).format(count=jobs))
                console.print(
                    ngettext("Simulating {count} game to {target}:",
                             "Simulating {count} games to {target}:", games).format(
                        count=games, target=target)
                    + f" {', '.join(specs)} · " + _("seed {seed}").format(seed=seed) + f" · {where}"
                    + (f" · {', '.join(variants)}" if variants else ""),
                    markup=False,
                )
                try:
                    result, seconds = _run_with_progress(console, match, games, executor, workers,
                                                         between=signals.check)
                except BrokenExecutor:
                    console.print(_(
                        "A worker process stopped abruptly, so the match cannot go on: a bot may "
                        "have ended it (os._exit, a crash in a library it uses), or the system "
                        "stopped it (out of memory)."),
                        style="red", markup=False, highlight=False)
                    raise SystemExit(EXIT_STOPPED) from None
                signals.hold()  # the games are played: nothing may cut their report short
                aside.close()  # standard output back, for the JSON alone
                with suppress(OSError):
                    os.chdir(here)  # a bot may have changed folders: --json is named from here
            _report(console, result, seconds, games, json_path, record_dir, signals.received)


@contextmanager
def _stdout_aside(aside: bool) -> Iterator[None]:
    """Within, if `aside`: what is written to standard output (a bot's print, in this process
    or a worker's) goes to standard error, so that `--json -` leaves the JSON alone there."""
    if not aside:
        yield
        return
    sys.stdout.flush()
    try:
        kept = os.dup(1)
        os.dup2(2, 1)
    except OSError:  # no standard output or error to move: nothing a bot prints is kept
        yield
        return
    try:
        yield
    finally:
        with suppress(OSError, ValueError):
            sys.stdout.flush()
        os.dup2(kept, 1)
        os.close(kept)




def _report(
    console: Console,
    result: MatchResult,
    seconds: float,
    games: int,
    json_path: Path | None,
    record_dir: Path | None,
    signum: int | None = None,
) -> None:
    """Print what the match came to, write the JSON, and exit with the right code; `signum`:
    the signal (SIGHUP, SIGTERM) that stopped it, if one did."""
    tally = result.tally
    match_seed, turn_cap = result.match.seed, result.match.turn_cap
    if result.stopped:
        # The JSON first: a closed terminal (SIGHUP) takes the report away, never the JSON.
        problem = None
        if json_path is not None:
            problem = _json_written(json_path, {**tally.to_json(match_seed, turn_cap, seconds),
                                                "stopped": True})
        code = EXIT_INTERRUPTED
        # After a signal, what cannot be shown any more is not shown (nor said twice).
        with suppress(OSError, ValueError) if signum is not None else nullcontext():
            if signum is not None:
                reason, code = signal_stop(signum)
                click.echo(reason, err=True)
            _report_interrupted(console, tally, record_dir, games, signum is not None)
            if json_path is not None:
                _say_json(console, json_path, problem, partial=True)
            _report_history(console, result)
        raise SystemExit(code)
    broken = result.broken
    if broken is not None:
        console.print(_broken_game(broken, record_dir), markup=True, highlight=False)
        _report_history(console, result)
        raise SystemExit(EXIT_STOPPED)
    console.print(Trimmed(result_table(tally, console.width)))
    rate = tally.rounds / seconds if seconds > 0 else 0.0
    _counts(console, tally)
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
        failed = not _write_json(console, json_path, tally.to_json(match_seed, turn_cap, seconds))
    if record_dir is not None:
        console.print(_("Records written to {folder}.").format(
            folder=controls_escaped(str(record_dir))), markup=False)
    if not _report_history(console, result) or failed:
        raise SystemExit(EXIT_STOPPED)


def _counts(console: Console, tally: Tally) -> None:
    """The games, rounds and capped rounds counted: the capped ones are never hidden (always
    said, in yellow when there are any)."""
    capped = _("capped rounds: {count}").format(count=tally.capped_rounds)
    if tally.capped_rounds:
        capped = f"[bold yellow]{capped}[/] " + _("(each stopped its game; see docs/bots.md)")
    console.print(
        ngettext("{count} game", "{count} games", tally.games).format(count=tally.games) + ", "
        + ngettext("{count} round", "{count} rounds", tally.rounds).format(count=tally.rounds)
        + ", " + capped
    )


def _broken_game(broken: GameOutcome, record_dir: Path | None) -> str:
    """The markup saying why a game stopped the match: a bot that misbehaved (with its record,
    if records are kept), or one that could not be made where the game was to be played."""
    if broken.unmade is not None:
        seat, error = broken.unmade
        # Checked here before the first game, so it failed in a worker: a cluster's worker
        # without the bot's module, or a class that cannot be made twice.
        return "[red]" + escape(_(
            "Game {number} stopped before its first deal: the bot of seat {seat} could not be "
            "made where the game was to be played: {error}").format(
            number=broken.index + 1, seat=seat + 1, error=bot_spec_error(error))) + "[/red]"
    where = (_("; its record is {file}").format(file=record_dir / record_name(broken.index))
             if record_dir is not None else "")
    return ("[red]" + escape(_("Game {number} stopped:").format(number=broken.index + 1))
            + "[/red] " + escape(printable(f"{broken.error}{where}")))


def _report_history(console: Console, result: MatchResult) -> bool:
    """Say how many games the history took (with --history), or why it took no more; False
    if it failed."""
    if result.history_error is not None:
        if result.added:
            console.print(ngettext("{count} game added to the history.",
                                   "{count} games added to the history.", result.added).format(
                count=result.added))
        console.print(f"[red]{escape(history_error(result.history_error))}[/red]", markup=True,
                      highlight=False)
        return False
    if result.match.history:
        console.print(ngettext("{count} game added to the history.",
                               "{count} games added to the history.", result.added).format(
            count=result.added))
    return True


def _write_json(console: Console, path: Path, data: dict, partial: bool = False) -> bool:
    """Write the `--json` object to `path`, whole or not at all, and say so (or why not); True
    if written."""
    problem = _json_written(path, data)
    _say_json(console, path, problem, partial)
    return problem is None


def _json_written(path: Path, data: dict) -> OSError | None:
    """Write the `--json` object to `path`, whole or not at all; why not, if it was not."""
    text = (json.dumps(data, indent=2) + "\n").encode("utf-8")
    try:
        if path == STDOUT:
            # Written to as the stream it is: replacing the file it may be (`> out.json`)
            # would lose what `>>` kept there.
            stream = getattr(sys.stdout, "buffer", None)
            if stream is None:
                raise OSError(errno.EBADF, os.strerror(errno.EBADF))  # standard output closed
            stream.write(text)
            stream.flush()
        else:
            write_whole(path, text)
    except OSError as error:
        return error
    return None


def _say_json(console: Console, path: Path, problem: OSError | None, partial: bool) -> None:
    """Say that the JSON was written to `path` (partial: of a stopped match), or why not."""
    if problem is not None:
        # ENXIO: a named pipe nothing reads (not waited on), in the system's words "No such
        # device or address", which would send the user looking for the wrong thing.
        reason = (_("nothing reads from that pipe")
                  if problem.errno == errno.ENXIO and _is_pipe(path) else os_reason(problem))
        console.print(_("The JSON could not be written to {file}: {error}.").format(
            file=controls_escaped(str(path)), error=reason), style="red", markup=False)
        return
    if path == STDOUT:  # as `-` asked for it: a path the user never typed would puzzle
        message = (_('Partial JSON ("stopped": true) written to standard output.') if partial
                   else _("JSON written to standard output."))
    elif partial:
        message = _('Partial JSON ("stopped": true) written to {file}.')
    else:
        message = _("JSON written to {file}.")
    console.print(message.format(file=controls_escaped(str(path))), markup=False)


def _is_pipe(path: Path) -> bool:
    try:
        return stat.S_ISFIFO(path.stat().st_mode)
    except OSError:
        return False


def _report_interrupted(
    console: Console, tally: Tally, record_dir: Path | None, games: int, signalled: bool = False
) -> None:
    """After Ctrl-C (or a signal, when `signalled`: said already): how many games finished,
    their table, and how many records were written."""
    if signalled:
        stopped = ngettext("Stopped after {count} of {games} game.",
                           "Stopped after {count} of {games} games.", games)
        partial = _("Partial results: only the games that finished before racko was stopped.")
    else:
        stopped = ngettext("Stopped (Ctrl-C) after {count} of {games} game.",
                           "Stopped (Ctrl-C) after {count} of {games} games.", games)
        partial = _("Partial results: only the games that finished before Ctrl-C.")
    console.print(key_named(stopped.format(count=tally.games, games=games)))
    if tally.games:
        console.print(Trimmed(result_table(tally, console.width)))
        _counts(console, tally)
        console.print(key_named(partial))
    if record_dir is not None:
        try:
            written = len(_records_in(record_dir, games))
        except OSError:
            written = tally.games  # each finished game's record was written
        console.print(
            ngettext("{count} record was written to {folder}.",
                     "{count} records were written to {folder}.", written).format(
                count=written, folder=controls_escaped(str(record_dir))),
            markup=False,
        )
        if written > tally.games:
            # A second Ctrl-C stopped the wait, and workers finished their games anyway.
            uncounted = written - tally.games
            console.print(ngettext(
                "{count} of them is of a game that finished after the second Ctrl-C: it is not "
                "counted above.",
                "{count} of them are of games that finished after the second Ctrl-C: they are "
                "not counted above.", uncounted).format(count=uncounted))


def _run_with_progress(
    console: Console, match: Match, games: int, executor: Executor | None, workers: int,
    between: Callable[[], None] = lambda: None,
) -> tuple[MatchResult, float]:
    """Play the match under a progress bar, calling `between` after each chunk counted (where
    the match may stop); the result and the seconds it took."""
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
        with suppress(OSError):  # a closed terminal shows no bar; its SIGHUP stops the match
            if not progress.live.is_started:
                progress.start()
            progress.advance(task, count)
        between()

    def stopping(stop: BaseException) -> None:
        if isinstance(stop, KeyboardInterrupt):  # a signal's stop is said when it is reported
            with suppress(OSError):
                progress.console.print(_("Stopping: the games under way finish and are "
                                         "counted (Ctrl-C again stops at once)."))

    start = time.perf_counter()
    try:
        result = play_match(match, games, executor, workers=workers, on_chunk=advance,
                            on_stop=stopping if workers > 1 else None)
    except (OSError, ImportError) as error:
        # A record that cannot be written, a cluster that went away, a worker without racko.
        _take_away(progress)
        console.print(_("The simulation stopped: {error}").format(error=_stop_reason(error)),
                      style="red", markup=False)
        raise SystemExit(EXIT_STOPPED) from None
    finally:
        _take_away(progress)
    return result, time.perf_counter() - start


def _stop_reason(error: OSError | ImportError) -> str:
    """Why the match stopped, as the end of a sentence: a file named with the reason in words,
    never the system's "[Errno 17] File exists: '…'"."""
    file = getattr(error, "filename", None)
    if not isinstance(error, OSError) or file is None:
        return str(error)
    shown = controls_escaped(os.fsdecode(file))
    if isinstance(error, FileExistsError):
        # Checked empty before the run: another racko (or program) is writing the same records.
        return _("{file} was made by another program while the games were played (another racko "
                 "writing records in the same folder?); records are never written over.").format(
            file=shown)
    return _("{file}: {reason}").format(file=shown, reason=os_reason(error)) + "."


def _take_away(progress: Progress) -> None:
    """Stop the progress bar and take it off the screen; on a closed terminal there is none to
    take away, and the games played are still reported (the JSON written)."""
    with suppress(OSError):
        progress.stop()
