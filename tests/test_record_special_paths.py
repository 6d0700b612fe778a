"""`racko play --record PATH` where PATH is no file a record can live in (a device such as
/dev/null, a named pipe, a folder, a link to one) is refused before anything starts, in a
sentence of the same kind as the other refused paths: what PATH is, and to give a new file
name; never "can't be saved: Invalid argument". A link to nothing is refused so too, and no
file is ever created through it (the writer itself refuses to)."""

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


BROKEN = ("is a broken link (to {target}, which does not exist); racko never creates a file "
          "through a link. Give a new file name.")


def _dangling(home: Path) -> tuple[Path, Path]:
    link = home / "link.jsonl"
    link.symlink_to(home / "elsewhere" / "made.jsonl")
    return link, home / "elsewhere" / "made.jsonl"


def _dangling_here(home: Path) -> tuple[Path, Path]:
    link = home / "link.jsonl"
    link.symlink_to("made.jsonl")  # relative: beside the link, in a folder that exists
    return link, home / "made.jsonl"


def _loop(home: Path) -> tuple[Path, Path]:
    link = home / "link.jsonl"
    link.symlink_to(link)
    return link, link


def _chain(home: Path) -> tuple[Path, Path]:
    middle = home / "middle.jsonl"
    middle.symlink_to(home / "made.jsonl")
    link = home / "link.jsonl"
    link.symlink_to(middle)
    return link, home / "made.jsonl"


@pytest.mark.skipif(os.name != "posix", reason="symbolic links")
@pytest.mark.parametrize("make", [_dangling, _dangling_here, _loop, _chain],
                         ids=["into a missing folder", "beside it", "to itself", "through a link"])
def test_a_record_path_that_is_a_link_to_nothing_is_refused_and_nothing_is_made(
    home: Path, make: Callable[[Path], tuple[Path, Path]]
) -> None:
    link, target = make(home)
    result = racko(*PLAY, "--record", str(link), input="\n")
    assert_exited(result, 2)
    said = flat(result.output)
    shown = BROKEN.format(target=os.readlink(link))
    assert f"Invalid value for '--record': {link} {shown}" in said
    assert "Drawing for the first deal" not in said
    assert link.is_symlink() and not link.exists()  # the link left as it was
    assert target == link or not os.path.lexists(target)
    assert list((home / "games").iterdir()) == []


@pytest.mark.skipif(os.name != "posix", reason="symbolic links")
def test_the_record_writer_never_creates_a_file_through_a_link_to_nothing(home: Path) -> None:
    from rack_o.store.writer import BrokenLinkError, RecordWriter

    link, target = _dangling_here(home)
    with pytest.raises(BrokenLinkError):
        RecordWriter(link)
    assert not os.path.lexists(target)


@pytest.mark.skipif(os.name != "posix", reason="symbolic links")
def test_a_link_to_an_empty_file_is_still_written_through(home: Path) -> None:
    from rack_o.store.writer import RecordWriter

    target = home / "mine.jsonl"
    target.touch()
    link = home / "link.jsonl"
    link.symlink_to(target)
    writer = RecordWriter(link)
    writer.write({"type": "game"})
    writer.close()
    assert target.read_text(encoding="utf-8") == '{"type": "game"}\n'


@pytest.mark.skipif(os.name != "posix", reason="symbolic links")
def test_the_next_game_s_file_passes_over_a_name_a_link_to_nothing_holds(home: Path) -> None:
    from rack_o.cli.play import next_record_path

    (home / "tuesday-2.jsonl").symlink_to(home / "nowhere.jsonl")
    assert next_record_path(home / "tuesday.jsonl") == home / "tuesday-3.jsonl"


def test_what_keeps_a_folder_from_being_made_is_the_file_nearest_it(tmp_path: Path) -> None:
    from rack_o.store.paths import file_in_the_way

    (tmp_path / "notes").write_text("a file\n")
    (tmp_path / "games").mkdir()
    assert file_in_the_way(tmp_path / "notes" / "games" / "2026") == tmp_path / "notes"
    assert file_in_the_way(tmp_path / "notes") == tmp_path / "notes"
    assert file_in_the_way(tmp_path / "games" / "2026") is None  # only missing: it can be made
    assert file_in_the_way(tmp_path / "games") is None
