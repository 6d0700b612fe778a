"""An ID whose file in the games folder is no regular file (a folder, a named pipe, a link
to a device, to nothing or to itself): `racko replay`, `review` and `resume` say what stands
there, naming it, never that no such game was saved; and leave it as it is (saying so, without
calling it a file), without waiting on a pipe."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest
from clirun import assert_exited, flat, racko, squashed

NOT_REGULAR = "not a regular file, so not a game record"
LOOP = "cannot be read (Too many levels of symbolic links)"
NO_SUCH = "no such file"

THINGS: dict[str, tuple[Callable[[Path], None], str]] = {
    "a folder": (lambda path: path.mkdir(), NOT_REGULAR),
    "a named pipe": (lambda path: os.mkfifo(path), NOT_REGULAR),
    "a link to /dev/zero": (lambda path: path.symlink_to("/dev/zero"), NOT_REGULAR),
    "a link to itself": (lambda path: path.symlink_to(path.name), LOOP),
    "a link to nothing": (lambda path: path.symlink_to(path.with_name("gone.jsonl")), NO_SUCH),
}
COMMANDS = [("replay", "x"), ("replay", "x", "--summary"), ("review", "x"), ("resume", "x"),
            ("resume", "--drop", "x", "--yes")]


@pytest.mark.skipif(os.name != "posix", reason="named pipes and links")
@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
@pytest.mark.parametrize("thing", list(THINGS))
def test_an_id_naming_no_regular_file_says_what_is_there(
    home: Path, thing: str, command: tuple[str, ...]
) -> None:
    make, reason = THINGS[thing]
    path = home / "games" / "x.jsonl"
    make(path)
    before = path.lstat()
    result = racko(*command, input="\n")
    assert_exited(result, 2)
    assert "Traceback" not in result.output
    assert "No saved game" not in flat(result.output)
    assert squashed(f"{path}: {reason}") in squashed(result.output)
    if reason == NOT_REGULAR:  # a folder, a pipe, a device: no "file" was left as it was
        assert "It was left exactly as it was." in flat(result.output), result.output
    after = path.lstat()
    assert (after.st_mode, after.st_size, after.st_mtime_ns) == (
        before.st_mode, before.st_size, before.st_mtime_ns)
    assert sorted(p.name for p in path.parent.iterdir()) == ["x.jsonl"]
