"""Reading game record files safely, and finding and listing the saved games.

A record file is data from the disk, perhaps damaged, perhaps hostile. It is only ever read
here — never modified, moved or deleted — with a size limit and strict UTF-8, then line by
line: each line's rack-o/1 format is checked and the line played through the engine, which
checks every rule, before the next line is parsed. Anything wrong raises RecordFileError
naming the file, the first bad line and the problem (the CLI words it). A torn last line
(the writer died mid-line, or a power cut left zeros) is ignored, as the format says. No
pickle, eval or exec: lines are parsed with `json` only.
"""

from __future__ import annotations

import hashlib
import os
import stat
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import Any

from rack_o.actions import Phase
from rack_o.errors import RecordError
from rack_o.game import Game
from rack_o.record import NOT_JSON, Event, Header, is_torn, iter_lines, rebuild
from rack_o.rules import Rules
from rack_o.store.history import holds_record
from rack_o.store.paths import RECORD_SUFFIX, record_id, record_ref, records_dir
from rack_o.store.safe_text import shown
from rack_o.store.small_file import NotARegularFile, TooBig, read_small

# Far above any real game (a long 4-player game to 500 is well under 1 MB), far below memory.
MAX_RECORD_BYTES = 32_000_000
"""In the decimal megabytes the messages and the docs say (32 MB)."""
HEADER_BYTES = 1_000_000
"""The most of a file's first line `is_game_record` reads (a game line is far shorter)."""


class RecordProblem(StrEnum):
    """Why a record file cannot be used."""

    NO_SUCH_FILE = "no such file"
    UNREADABLE = "cannot be read"
    """`detail` is the system's reason."""
    NOT_A_FILE = "not a regular file"
    TOO_BIG = "too big"
    """`size` is the file's size in bytes."""
    EMPTY = "empty"
    BLANK = "only blank lines"
    """Only white space: blank lines, spaces, tabs."""
    BINARY = "binary data"
    NOT_UTF8 = "not UTF-8"
    NOT_A_RECORD = "not a rack-o/1 record"
    """The first line is not a JSON "game" line."""
    CR_LINES = "lines end in CR"
    """No line ends in a newline, but some in a carriage return alone (old Mac files)."""
    JUNK_AT_END = "junk after the last line"
    ONLY_TORN_LINE = "only a torn first line"
    NO_GAME_LINE = "no game line"
    BROKEN = "broken"
    """A line the format or the rules refuse; `detail` is rack_o.record's reason (English),
    `broken` the RecordError that gave it."""


class RecordFileError(Exception):
    """A record file that cannot be used: which file, which line (if known) and what is wrong."""

    def __init__(
        self,
        path: str | os.PathLike[str],
        line: int | None,
        problem: RecordProblem,
        detail: str = "",
        *,
        size: int = 0,
        broken: RecordError | None = None,
        cause: OSError | None = None,
    ) -> None:
        super().__init__(path, line, problem, detail)
        self.path = Path(path)
        self.line = line
        self.problem = problem
        self.detail = detail
        self.size = size
        self.broken = broken
        self.cause = cause
        """The system's refusal behind an UNREADABLE file (`detail` gives its reason)."""

    def __str__(self) -> str:
        where = f"{self.path}" if self.line is None else f"{self.path}:{self.line}"
        return f"{where}: {self.problem}" + (f" ({self.detail})" if self.detail else "")


class RecordNotFoundError(LookupError):
    """No saved game, or more than one, answers to `ref` in `folder`; `matches` are their IDs,
    sorted."""

    def __init__(self, ref: str, folder: Path, matches: tuple[str, ...] = (), *,
                 unlisted: OSError | None = None) -> None:
        super().__init__(ref, folder, matches)
        self.ref = ref
        self.folder = folder
        self.matches = matches
        self.unlisted = unlisted
        """Why `folder` could not be listed (None if it was): its games could not be looked at."""

    def __str__(self) -> str:
        return f"{self.ref!r} in {self.folder}: {len(self.matches)} matching saved games"


@dataclass(frozen=True)
class Record:
    """A record file read and checked: its events as written and the game they rebuild."""

    path: Path
    events: list[Event]
    """The events in the file, in order (a torn last line left out)."""
    header: Header
    """The game line: players, rules, seed, start time."""
    game: Game
    """The game rebuilt through the engine."""
    missing_events: tuple[Event, ...]
    """Events the rules imply after the last line written (the writer died before them)."""
    complete_bytes: int
    """How many bytes of the file hold complete lines; anything after is a torn write."""
    size: int = 0
    """The file's size as it was read."""
    lost: bool = False
    """Whether what the file holds after `complete_bytes` is more than blanks and zeros."""
    digest: str = ""
    """The SHA-256 of the file as it was read (hex), to tell whether it changed since."""
    modified: float = 0.0
    """The file's modification time as it was read (seconds since the epoch)."""
    names_written: tuple[str, ...] = ()
    """The players' names exactly as the game line gives them: the header's are made safe to
    show (`shown_name`), these are for data written out again (review's JSON)."""

    @property
    def id(self) -> str:
        """The short name the record is known by."""
        return record_id(self.path)

    @property
    def torn(self) -> bool:
        """True when the file ended in a line cut off as it was written (left out); not for
        the blanks or zeros alone that may follow its last line."""
        return self.lost

    @property
    def ref(self) -> str:
        """How to name the record to racko: its ID if autosaved, else its path."""
        return record_ref(self.path)


@dataclass(frozen=True)
class Summary:
    """What a list of saved games shows about one record."""

    id: str
    path: Path
    names: tuple[str, ...]
    kinds: tuple[str, ...]
    started: str | None
    round: int
    totals: tuple[int, ...]
    rules: Rules
    finished: bool
    modified: float
    """The file's modification time (seconds since the epoch): when it was last played."""
    line: Mapping[str, Any] | None = field(default=None, compare=False)
    """The game line as read, with the fields racko adds for itself (the game's language)."""
    round_over: bool = False
    """True when `round` is over and the next not dealt yet (resumed, it starts with a deal)."""


def _read_bytes(path: Path) -> tuple[bytes, float]:
    """The whole file and its modification time as read; RecordFileError for a missing,
    non-regular or huge one (a pipe put in its place meanwhile is never waited on)."""
    try:
        data, found = read_small(path, MAX_RECORD_BYTES)
    except FileNotFoundError:
        raise RecordFileError(path, None, RecordProblem.NO_SUCH_FILE) from None
    except NotARegularFile:
        raise RecordFileError(path, None, RecordProblem.NOT_A_FILE) from None
    except TooBig as error:
        raise RecordFileError(path, None, RecordProblem.TOO_BIG, size=error.size) from None
    except OSError as error:
        raise _unreadable(path, error) from None
    # Of the file read, not looked up again by name: it may be gone by then.
    return data, found.st_mtime


def _text_of(path: Path, data: bytes) -> tuple[str, int]:
    """The complete lines of the bytes `data` read from `path`, as text, and their length in
    bytes. RecordFileError for an empty file, binary data or text that is not UTF-8. Left
    out (spec: a final line that is not complete JSON is ignored): a torn tail after the last
    newline, the zeros a power cut leaves after a last line that lacks its newline, and a last
    line that is blank."""
    if not data:
        raise RecordFileError(path, 1, RecordProblem.EMPTY)
    if data.isspace():  # blank lines are malformed lines (spec), and here they are all there is
        raise RecordFileError(path, 1, RecordProblem.BLANK)
    body, tail = _split_tail(data)
    tail_kind = _tail_kind(tail)
    if tail_kind == "whole":  # judged like any other line, but for zeros after it
        body = data.rstrip(b"\0")
    elif tail_kind == "junk":
        body = data
    elif not _holds_anything(tail):
        body = _without_blank_last_line(body)
    if b"\0" in body:
        raise RecordFileError(path, _line_at(body, body.index(b"\0")), RecordProblem.BINARY)
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError as error:
        raise RecordFileError(path, _line_at(body, error.start), RecordProblem.NOT_UTF8) from None
    if tail_kind == "junk":
        line = _line_at(body, len(body) - len(tail))
        problem = RecordProblem.NOT_A_RECORD if line == 1 else RecordProblem.JUNK_AT_END
        raise RecordFileError(path, line, problem)
    if not text:
        raise RecordFileError(path, 1, RecordProblem.ONLY_TORN_LINE)
    return text.removeprefix("\ufeff"), len(body)


def _holds_anything(data: bytes) -> bool:
    """True unless `data` is only blanks and the zeros a power cut leaves."""
    return bool(data.strip(b"\0 \t\r\n"))


def _without_blank_last_line(body: bytes) -> bytes:
    """`body` (whole lines) without its last line if that one is blank, as an editor or an
    `echo >>` leaves it; a blank line anywhere else stays, and is refused."""
    start = body.rfind(b"\n", 0, len(body) - 1) + 1
    return body[:start] if start and not _holds_anything(body[start:]) else body


def load_record(path: str | os.PathLike[str], *, seeded: bool = False) -> Record:
    """Read `path` and rebuild its game.

    `seeded` rebuilds with the generator the game line's seed gives, as `racko play` made
    it, so the game's later deals follow the seed (a record without a usable seed gets none:
    whoever deals its later rounds gives it one). RecordFileError names the file, the first
    bad line and the problem. Lines are parsed and played one at a time: a bad line is
    refused before any line after it is parsed, so a big damaged or hostile file is refused
    as fast as a small one.
    """
    path = Path(path)
    data, modified = _read_bytes(path)
    text, size = _text_of(path, data)
    kept: list[Event] = []
    written: list[str] = []
    try:
        header, game, missing = rebuild(_keeping(iter_lines(text), kept, written),
                                        seeded=seeded)
    except RecordError as error:
        if error.line == 1 and error.template == NOT_JSON:
            # The lines run together into one that is no JSON: say why, if that is why.
            cr = b"\n" not in data and b"\r" in data
            problem = RecordProblem.CR_LINES if cr else RecordProblem.NOT_A_RECORD
            raise RecordFileError(path, 1, problem) from None
        raise RecordFileError(path, error.line, RecordProblem.BROKEN, error.reason,
                              broken=error) from None
    return Record(path, kept, header, game, missing, complete_bytes=size, size=len(data),
                  lost=_holds_anything(data[size:]), digest=hashlib.sha256(data).hexdigest(),
                  modified=modified, names_written=tuple(written))


def _keeping(
    numbered: Iterable[tuple[int, Event]], kept: list[Event], written: list[str]
) -> Iterator[tuple[int, Event]]:
    """The lines passed on as they come, each added to `kept`; the game line's player names
    made printable first, as written put in `written`."""
    for number, line in numbered:
        if not kept:
            players = line.get("players")
            for player in players if isinstance(players, list) else ():
                name = player.get("name") if isinstance(player, dict) else None
                written.append(name if isinstance(name, str) else "")  # else refused
            _printable_names(line)
        kept.append(line)
        yield number, line


NAME_SHOWN = 32
"""The most characters of a record's player name that are shown (racko takes 16 at most)."""


def _printable_names(line: Event) -> None:
    """Make the game line's player names safe to print: a record is data, and a name holding
    control characters (ESC…) must not steer the terminal it is shown on, nor a name of
    thousands of characters fill it."""
    players = line.get("players")
    for player in players if isinstance(players, list) else ():
        # A name of blanks alone (tabs, no-break spaces) is left for the engine to refuse,
        # not spelt out into a name that seems to say something.
        if isinstance(player, dict) and isinstance(player.get("name"), str) and \
                player["name"].strip():
            player["name"] = shown_name(player["name"])


def shown_name(name: object) -> str:
    """A player name from a file as it may be shown: printable, and cut to NAME_SHOWN."""
    return shown(name, NAME_SHOWN)


SEED_SHOWN = 64
"""The most characters of a record's seed that are shown (racko's own are shorter: a game's
seed is below 2**48, and --seed takes no longer one)."""


def shown_seed(seed: object) -> str:
    """A record's seed as it may be shown: printable, and cut to SEED_SHOWN (a seed is any
    string or number the file's writer chose); text in quotes, so that the text "5" is never
    taken for the number 5, which deals other cards."""
    if isinstance(seed, int) and not isinstance(seed, bool):
        return shown(seed, SEED_SHOWN)
    return f'"{shown(seed, SEED_SHOWN)}"'


def replayable_seed(seed: object) -> int | None:
    """The seed as `racko play --seed` takes it, to deal a record's cards again: a whole
    number from 0, short enough to be shown whole; None for any other (text, which seeds
    another shuffle than the number it spells, a negative number, one cut short)."""
    if isinstance(seed, int) and not isinstance(seed, bool) and seed >= 0:
        return seed if len(str(seed)) <= SEED_SHOWN else None
    return None


def is_game_record(path: Path) -> bool:
    """True if `path` is a file whose first line opens a rack-o/1 game (a record racko must
    never write over); False if it is not, or cannot be read."""
    from rack_o.record import FORMAT

    try:
        with open(path, "rb") as file:
            first = file.readline(HEADER_BYTES).decode("utf-8", "replace")
        _number, line = next(iter_lines(first))  # read as every record's lines are read
    except (OSError, RecordError, StopIteration):
        return False
    return line.get("type") == "game" and line.get("format") == FORMAT


def _saved_answer(ref: str) -> bool:
    """Whether a saved game's ID is, or starts with, `ref`."""
    try:
        return any(record_id(path).startswith(ref) for path in _record_files(records_dir()))
    except OSError:
        return False


def find_record(ref: str | os.PathLike[str]) -> Path:
    """The record file `ref` names: a path to a file, or the ID of a saved game (or its start).

    RecordNotFoundError (a LookupError) when nothing, or more than one saved game, matches.
    """
    if not str(ref).strip():  # Path("") is ".", the folder racko runs in: no record's name
        raise RecordNotFoundError(str(ref), records_dir())
    ref_path = Path(ref)
    try:
        if os.sep in str(ref) or (ref_path.is_symlink() or ref_path.exists()) and not (
                ref_path.is_dir() and _saved_answer(str(ref))):
            # A bare name that is a folder here names the saved games it starts the ID of,
            # if any (a folder "2026-11" hid the games of November).
            return ref_path
        if str(ref).endswith(RECORD_SUFFIX):
            # A saved game's file name, as seen in the records folder, names that game (and
            # one the history lists, gone: reading it says so).
            saved = records_dir() / str(ref)
            return saved if saved.is_file() or holds_record(saved) else ref_path
    except OSError:
        return ref_path  # such as a name too long: reading it will say why, naming the file
    folder = records_dir()
    exact = folder / f"{ref}{RECORD_SUFFIX}"
    try:
        # Whatever stands under the ID's own name is what it names, file or not (a folder, a
        # pipe, a link to nothing): reading it says what it is, not that there is no game.
        if exact.exists() or exact.is_symlink():
            return exact
    except OSError:
        pass  # an ID too long to be a file name is no saved game's
    try:
        files = _record_files(folder)
    except OSError as error:
        raise RecordNotFoundError(str(ref), folder, unlisted=error) from None
    matches = sorted((p for p in files if record_id(p).startswith(str(ref))), key=record_id)
    if len(matches) == 1:
        return matches[0]
    raise RecordNotFoundError(str(ref), folder, tuple(record_id(p) for p in matches))


def list_games(folder: Path | None = None) -> tuple[list[Summary], list[RecordFileError]]:
    """The games saved in `folder` (default: the records directory), last played first, and
    why each record that cannot be used (damaged, empty, or breaking the rules) was skipped,
    and each thing named like one that is no file (a folder, a pipe, a link to nothing).
    Records of games that never got to their first deal (nothing to carry on: older versions of
    racko kept them) are left out, as is an empty file a racko is writing its game line to.
    OSError if the folder is there but cannot be listed (not a folder, no permission)."""
    from rack_o.store.writer import is_busy

    folder = records_dir() if folder is None else folder
    games: list[Summary] = []
    problems: list[RecordFileError] = []
    for path in _named_records(folder):
        try:
            # Only a regular file is asked whether a racko holds it: opening a pipe waits.
            if _is_empty_file(path):
                # Stopped between creating the file and writing its game line (or made by
                # hand); a racko holding it is starting a game there this very moment.
                if not is_busy(path):
                    problems.append(RecordFileError(path, None, RecordProblem.EMPTY))
                continue
            summary = summarize(path)
            if summary.round or summary.finished:
                games.append(summary)
        except OSError:
            continue  # gone since the folder was listed
        except RecordFileError as error:
            if error.problem is RecordProblem.NO_SUCH_FILE and not path.is_symlink():
                continue  # gone since the folder was listed
            problems.append(error)
    games.sort(key=lambda s: s.modified, reverse=True)
    return games, problems  # the problems by file name (the folder's order is the disk's)


def summarize(path: Path) -> Summary:
    """Players, start, round and scores of a record, read and checked as `load_record` does
    (a record that cannot be carried on is refused, not listed)."""
    return summary_of(load_record(path))


def summary_of(record: Record) -> Summary:
    """What a list of saved games shows about `record`."""
    game, header = record.game, record.header
    return Summary(
        id=record.id,
        path=record.path,
        names=tuple(p.name for p in header.players),
        kinds=tuple(p.kind for p in header.players),
        started=header.started,
        round=game.round,
        totals=tuple(game.totals),
        rules=header.rules,
        finished=game.is_over,
        modified=record.modified,
        line=header.line,
        round_over=game.round > 0 and game.phase is Phase.DEAL,
    )


def _record_files(folder: Path) -> list[Path]:
    """The record files in `folder`, by name; OSError if it cannot be listed."""
    return [path for path in _named_records(folder) if path.is_file()]


def _named_records(folder: Path) -> list[Path]:
    """Whatever in `folder` is named like a record, by name; none if there is no `folder`
    yet, OSError if it cannot be listed."""
    try:
        return sorted(p for p in folder.iterdir() if p.name.endswith(RECORD_SUFFIX))
    except FileNotFoundError:
        return []


def _is_empty_file(path: Path) -> bool:
    """True for an empty regular file (False for anything else, or nothing)."""
    try:
        info = path.stat()
    except OSError:
        return False
    return stat.S_ISREG(info.st_mode) and info.st_size == 0


def _unreadable(path: Path, error: OSError) -> RecordFileError:
    return RecordFileError(path, None, RecordProblem.UNREADABLE, error.strerror or str(error),
                           cause=error)


def _split_tail(data: bytes) -> tuple[bytes, bytes]:
    """The bytes up to and including the last newline, and whatever follows it."""
    end = data.rfind(b"\n") + 1
    return data[:end], data[end:]


def _tail_kind(tail: bytes) -> str:
    """What follows the last newline: "torn" (or nothing), "whole" or "junk".

    Torn is an interrupted append: the start of a JSON line cut anywhere (even inside a UTF-8
    character), or the zeros a power cut can leave where the file system had reserved space.
    Whole is a complete JSON line that only lacks its newline.
    """
    cut = tail.rstrip(b"\0").strip()
    if not cut:
        return "torn"
    if b"\0" in cut or not cut.startswith(b"{"):
        return "junk"
    try:
        text = cut.decode("utf-8")
    except UnicodeDecodeError as error:
        cut_char = error.end == len(cut) and error.reason == "unexpected end of data"
        return "torn" if cut_char else "junk"
    return "torn" if is_torn(text) else "whole"


def _line_at(data: bytes, offset: int) -> int:
    return data.count(b"\n", 0, offset) + 1
