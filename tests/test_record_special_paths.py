"""`racko play --record PATH` where PATH is no file a record can live in (a device such as
/dev/null, a named pipe, a folder, a link to one) is refused before anything starts, in a
sentence of the same kind as the other refused paths: what PATH is, and to give a new file
name; never "can't be saved: Invalid argument"."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest
from clirun import assert_exited, flat, racko

PLAY = ("play", "--players", "2", "--names", "Ann", "--bots", "easy", "--seed", "3")
NOT_REGULAR = ("is not a regular file (a device or a pipe, say); a record must be a file racko "
               "can read back. Give a new file name.")
FOLDER = "is a folder, not a file. Give a new file name."


def device(name: str) -> Path:
    path = Path(name)
    if not path.exists():
        pytest.skip(f"no {name} here")
    return path


def fifo(home: Path) -> Path:
    path = home / "pipe"
    os.mkfifo(path)
    return path


def folder(home: Path) -> Path:
    path = home / "saved"
    path.mkdir()
    return path


def link_to(target: Callable[[Path], Path]) -> Callable[[Path], Path]:
    def made(home: Path) -> Path:
        link = home / "link.jsonl"
        link.symlink_to(target(home))
        return link
    return made


PATHS: dict[str, tuple[Callable[[Path], Path], str]] = {
    "/dev/null": (lambda home: Path(os.devnull), NOT_REGULAR),
    "/dev/full": (lambda home: device("/dev/full"), NOT_REGULAR),
    "a named pipe": (fifo, NOT_REGULAR),
    "a link to /dev/null": (link_to(lambda home: Path(os.devnull)), NOT_REGULAR),
    "a folder": (folder, FOLDER),
    "a link to a folder": (link_to(folder), FOLDER),
}


@pytest.mark.skipif(os.name != "posix", reason="devices and named pipes")
@pytest.mark.parametrize("kind", list(PATHS))
def test_a_record_path_that_is_no_regular_file_is_refused_in_a_sentence(
    home: Path, kind: str
) -> None:
    make, sentence = PATHS[kind]
    path = make(home)
    result = racko(*PLAY, "--record", str(path), input="\n")
    assert_exited(result, 2)
    said = flat(result.output)
    assert f"Invalid value for '--record': {path} {sentence}" in said
    assert "Invalid argument" not in said
    assert "Drawing for the first deal" not in said
    assert list((home / "games").iterdir()) == []  # nothing autosaved in its place


@pytest.mark.parametrize("depth", [1, 2], ids=["in a file", "under a file"])
def test_a_record_path_whose_folder_is_a_file_is_refused_saying_so(
    home: Path, depth: int
) -> None:
    file = home / "old.jsonl"
    file.write_text("precious\n", encoding="utf-8")
    path = file.joinpath(*["sub"] * (depth - 1), "new.jsonl")
    result = racko(*PLAY, "--record", str(path), input="\n")
    assert_exited(result, 2)
    said = flat(result.output)
    assert (f"Invalid value for '--record': cannot write {path}: {file} is a file, not a "
            "folder.") in said
    assert "does not exist" not in said
    assert file.read_text(encoding="utf-8") == "precious\n"
