"""Where racko keeps its files: the user data directory, the game records and the history database.

`RACKO_HOME` overrides the platform's user data directory (platformdirs), so tests and
portable installs can point everything at one folder.
"""

from __future__ import annotations

import os
import re
import shlex
import unicodedata
from datetime import UTC, datetime
from pathlib import Path

from rack_o.store.safe_text import printable, shell_word
from rack_o.store.stamps import read_stamp

RECORD_SUFFIX = ".jsonl"
HISTORY_NAME = "history.sqlite3"


def data_dir() -> Path:
    """The directory holding everything racko saves: `$RACKO_HOME`, else the user data dir."""
    home = os.environ.get("RACKO_HOME")
    if home:
        return Path(home).expanduser()
    import platformdirs  # imported here: only commands that save need it

    return Path(platformdirs.user_data_dir("racko", appauthor=False))


def make_folder(folder: Path) -> None:
    """Create `folder` if it is missing; racko's data directory, if that is made too, is made
    private to its owner (0700): a game's record holds every player's rack."""
    home = data_dir()
    if folder == home or home in folder.parents:
        home.mkdir(mode=0o700, parents=True, exist_ok=True)
    folder.mkdir(parents=True, exist_ok=True)


def nearest_part(folder: Path) -> Path | None:
    """The nearest part of `folder` (itself, or a folder above) that exists, a link to nothing
    too; None if nothing of it does."""
    return next((part for part in (folder, *folder.parents) if os.path.lexists(part)), None)


def file_in_the_way(folder: Path) -> Path | None:
    """What keeps `folder` from being made or used: the nearest part of it (itself, or a folder
    above) that exists, if that is no folder; None if it is one (or nothing of it exists)."""
    nearest = nearest_part(folder)
    return nearest if nearest is not None and not nearest.is_dir() else None


def records_dir() -> Path:
    """The directory of autosaved game records (not created here)."""
    return data_dir() / "games"


def pending_dir() -> Path:
    """The folder of notes of finished games not yet in the history (not created here)."""
    return data_dir() / "history-pending"


HOST_KEY_NAME = "ssh_host_ed25519_key"
"""The file name of `racko host`'s SSH host key."""


def host_key_path() -> Path:
    """Where `racko host` keeps its SSH host key (not created here)."""
    return data_dir() / HOST_KEY_NAME


def history_path() -> Path:
    """The SQLite database of finished games (not created here)."""
    return data_dir() / HISTORY_NAME


def record_id(path: str | os.PathLike[str]) -> str:
    """The short name a record is known by: its file name without the suffix, control
    characters spelt out (`printable`), as it is shown and may be typed."""
    name = printable(Path(path).name)
    return name[: -len(RECORD_SUFFIX)] if name.endswith(RECORD_SUFFIX) else name


def record_ref(path: str | os.PathLike[str], *, quoted: bool = True) -> str:
    """How to name a record to `racko resume` / `racko replay`: its ID if it is in the records
    directory, else its path (`quoted` for a shell if need be, and then never what reads as
    an option: the path of a file copied in as "-x.jsonl")."""
    path = Path(path)
    try:
        if path.parent.resolve() == records_dir().resolve():
            ref = record_id(path)  # an ID with an escape spelt out is quoted for the shell
            if not quoted:
                return ref
            if not ref.startswith("-"):
                return shlex.quote(ref)
            path = path.resolve()
    except (OSError, RuntimeError):  # RuntimeError: a link loop, on Python 3.11
        pass
    if not quoted:
        return str(path)
    # "-y.jsonl" given to --record: "./-y.jsonl" is the same file, and no option.
    return shell_word(f"./{path}" if str(path).startswith("-") else str(path))


MAX_SLUG = 24
"""Characters of a game's ID the players' names take at most."""


def create_record_file(started: str | None, names: list[str]) -> Path:
    """Create a new, empty record file in the records directory and return its path.

    The name, which is the game's ID, is the local start time to the minute and the players'
    names, e.g. `2026-11-29-2105-ann-bob.jsonl`: short to type, sorted by date. The file is
    created exclusively, so two games started in the same minute never share one.
    """
    stamp = _local_stamp(started)
    slug = _players_slug(names)
    folder = records_dir()
    make_folder(folder)
    count = 1
    while True:
        suffix = "" if count == 1 else f"-{count}"
        candidate = folder / f"{stamp}-{slug}{suffix}{RECORD_SUFFIX}"
        try:
            with open(candidate, "x", encoding="utf-8"):
                return candidate
        except FileExistsError:
            count += 1


def _players_slug(names: list[str]) -> str:
    """The players' names in a game's ID: whole names, as many as fit in MAX_SLUG characters
    (never half of one, which would read as another name), the first cut only if it alone is
    longer."""
    # A name with no letter in ASCII (李小龍) is left out, not shown as an empty "--".
    slugs = [slug for slug in map(_slug, names) if slug]
    if not slugs:
        return "players"
    kept = slugs[0][:MAX_SLUG].strip("-")
    for slug in slugs[1:]:
        if len(kept) + 1 + len(slug) > MAX_SLUG:
            break
        kept += "-" + slug
    return kept


def _local_stamp(started: str | None) -> str:
    try:
        moment = read_stamp(started or "")
    except ValueError:
        moment = datetime.now(UTC)
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone().strftime("%Y-%m-%d-%H%M")


# Letters that lose nothing but their accents are handled by NFKD; these have no such form.
# Greek follows ELOT 743 (simplified: "ου" is "ou", other pairs letter by letter).
_LATIN = {
    "ου": "ou", "α": "a", "β": "v", "γ": "g", "δ": "d", "ε": "e", "ζ": "z", "η": "i",
    "θ": "th", "ι": "i", "κ": "k", "λ": "l", "μ": "m", "ν": "n", "ξ": "x", "ο": "o", "π": "p",
    "ρ": "r", "σ": "s", "ς": "s", "τ": "t", "υ": "y", "φ": "f", "χ": "ch", "ψ": "ps", "ω": "o",
    "ß": "ss", "æ": "ae", "œ": "oe", "ø": "o", "ł": "l", "đ": "d", "þ": "th",
}
_LATIN_RE = re.compile("|".join(sorted(_LATIN, key=len, reverse=True)))


def _slug(name: str) -> str:
    """`name` in lower-case ASCII letters, digits and hyphens: accents dropped, Greek letters
    written in Latin ones."""
    bare = "".join(char for char in unicodedata.normalize("NFKD", name.lower())
                   if not unicodedata.combining(char))
    latin = _LATIN_RE.sub(lambda match: _LATIN[match.group()], bare)
    plain = latin.encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", plain).strip("-")
