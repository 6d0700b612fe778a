"""`racko simulate --json FILE` writes FILE whole or not at all: a new file beside it, renamed
over it. A file already there is only ever replaced by a whole new one (its permissions kept),
whatever stops the writing; a link is followed; a pipe or a device is written as a stream,
never replaced by a file."""

from __future__ import annotations

import errno
import json
import os
import socket
import stat
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from clirun import assert_exited, racko, squashed

import rack_o.store.atomic as atomic
from rack_o.store.atomic import write_whole

OLD = b'{"games": 1000, "precious": true}\n'
SIMULATE = ("simulate", "--bots", "easy,easy", "--games", "2", "--target", "100", "--seed", "4")


def no_space(fd: int) -> None:
    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


def interrupted(fd: int) -> None:
    raise KeyboardInterrupt


def left_beside(path: Path) -> list[str]:
    """What the folder holds besides `path`."""
    return sorted(name for name in os.listdir(path.parent) if name != path.name)


@pytest.mark.parametrize(("stop", "raised"), [(no_space, OSError),
                                              (interrupted, KeyboardInterrupt)],
                         ids=["disk full", "interrupted"])
def test_a_write_that_stops_leaves_the_old_file_as_it_was_and_nothing_beside_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, stop: Callable[[int], None],
    raised: type[BaseException],
) -> None:
    path = tmp_path / "results.json"
    path.write_bytes(OLD)
    monkeypatch.setattr(atomic.os, "fsync", stop)  # the new text is written, not yet durable
    with pytest.raises(raised):
        write_whole(path, b'{"games": 2}\n' * 1000)
    assert path.read_bytes() == OLD
    assert left_beside(path) == []


def test_a_new_file_gets_the_usual_mode_and_a_replaced_one_keeps_its_own(
    tmp_path: Path,
) -> None:
    umask = os.umask(0o022)
    os.umask(umask)
    new = tmp_path / "new.json"
    write_whole(new, b"{}\n")
    assert stat.S_IMODE(new.stat().st_mode) == 0o666 & ~umask
    kept = tmp_path / "kept.json"
    kept.write_bytes(OLD)
    kept.chmod(0o640)
    write_whole(kept, b"{}\n")
    assert stat.S_IMODE(kept.stat().st_mode) == 0o640
    assert kept.read_bytes() == b"{}\n"


def test_a_link_is_followed_and_stays_a_link(tmp_path: Path) -> None:
    (tmp_path / "real").mkdir()
    real = tmp_path / "real" / "results.json"
    real.write_bytes(OLD)
    link = tmp_path / "latest.json"
    link.symlink_to(real)
    write_whole(link, b"{}\n")
    assert link.is_symlink() and real.read_bytes() == b"{}\n"
    assert left_beside(link) == ["real"] and left_beside(real) == []


@pytest.mark.skipif(os.name != "posix", reason="devices")
def test_a_device_is_written_to_never_replaced_by_a_file(tmp_path: Path) -> None:
    write_whole(os.devnull, b"{}\n")
    assert stat.S_ISCHR(os.stat(os.devnull).st_mode)


@pytest.mark.skipif(os.name != "posix", reason="named pipes")
def test_a_named_pipe_is_written_to_as_a_stream(tmp_path: Path) -> None:
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    reader = os.open(pipe, os.O_RDONLY | os.O_NONBLOCK)
    try:
        write_whole(pipe, b"{}\n")
        assert os.read(reader, 100) == b"{}\n"
    finally:
        os.close(reader)
    assert stat.S_ISFIFO(pipe.stat().st_mode)


@pytest.mark.skipif(os.name != "posix", reason="named pipes")
def test_a_named_pipe_nothing_reads_is_not_waited_on(tmp_path: Path) -> None:
    # Waiting in open() for a reader that never comes, racko heard neither Ctrl-C nor SIGTERM.
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    done = simulated_to(subprocess.PIPE, tmp_path, str(pipe))
    assert done.returncode == 1, done.stderr
    said = f"The JSON could not be written to {pipe}: nothing reads from that pipe."
    assert squashed(said) in squashed(done.stdout)
    assert stat.S_ISFIFO(pipe.stat().st_mode)


@pytest.mark.skipif(not hasattr(socket, "AF_UNIX"), reason="Unix sockets")
def test_a_socket_is_refused_before_the_games_are_played(tmp_path: Path) -> None:
    # Opened, it fails as a pipe nothing reads does (ENXIO): it was said to be one, after the
    # whole run was played.
    path = tmp_path / "sock"
    with socket.socket(socket.AF_UNIX) as listening:
        listening.bind(str(path))
        done = simulated_to(subprocess.PIPE, tmp_path, str(path))
    assert done.returncode == 2, done.stderr
    said = squashed(done.stderr)
    assert squashed(f"--json {path}: that is a socket, which cannot be written to as a file; "
                    "give a file name.") in said
    assert "Simulating" not in done.stdout + done.stderr


@pytest.mark.skipif(not Path("/dev/fd").is_dir(), reason="no /dev/fd")
def test_a_pipe_named_by_the_system_s_own_link_is_written_to(tmp_path: Path) -> None:
    # /dev/stdout to a pipe: its link's target, "pipe:[…]", is no path that exists.
    reader, writer = os.pipe()
    try:
        write_whole(f"/dev/fd/{writer}", b"{}\n")
        assert os.read(reader, 100) == b"{}\n"
    finally:
        os.close(reader)
        os.close(writer)
    assert os.listdir(tmp_path) == []


def simulated_to(stdout: int, home: Path, json_to: str) -> subprocess.CompletedProcess[str]:
    """`racko simulate --json JSON_TO` run for real, its standard output going to `stdout`."""
    racko_bin = Path(sys.executable).with_name("racko")
    return subprocess.run([str(racko_bin), *SIMULATE, "--json", json_to], stdout=stdout,
                          stderr=subprocess.PIPE, text=True,
                          env={**os.environ, "RACKO_HOME": str(home)}, timeout=120, check=False)


@pytest.mark.skipif(not Path("/dev/stdout").exists(), reason="no /dev/stdout")
@pytest.mark.parametrize("json_to", ["-", "/dev/stdout"])
def test_simulate_s_json_to_standard_output_is_alone_there_and_the_table_goes_aside(
    tmp_path: Path, json_to: str
) -> None:
    done = simulated_to(subprocess.PIPE, tmp_path, json_to)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["games"] == 2  # nothing else: it can be piped to jq
    assert "Results per seat" in done.stderr
    # Where the user looks for it, in their words: not a path they never typed.
    assert "JSON written to standard output." in done.stderr
    assert "/dev/stdout" not in done.stderr
    assert os.listdir(tmp_path) == []  # no file named "-" either


@pytest.mark.skipif(not Path("/dev/stdout").exists(), reason="no /dev/stdout")
def test_simulate_s_json_to_standard_output_appends_where_the_shell_appends(
    tmp_path: Path
) -> None:
    log = tmp_path / "runs.json"
    log.write_bytes(OLD)
    with open(log, "ab") as appended:  # `racko simulate --json - >> runs.json`
        done = simulated_to(appended.fileno(), tmp_path / "home", "-")
    assert done.returncode == 0, done.stderr
    kept, _, added = log.read_bytes().partition(b"\n")
    assert kept + b"\n" == OLD
    assert json.loads(added)["games"] == 2


def test_simulate_s_json_to_standard_output_through_click_s_runner() -> None:
    result = racko(*SIMULATE, "--json", "-")
    assert_exited(result, 0)
    assert json.loads(result.stdout)["games"] == 2
    assert "Results per seat" in result.stderr


def test_simulate_replaces_an_existing_json_file_by_a_whole_new_one(tmp_path: Path) -> None:
    path = tmp_path / "results.json"
    path.write_bytes(OLD)
    before = path.stat().st_ino
    result = racko(*SIMULATE, "--json", str(path))
    assert_exited(result, 0)
    assert json.loads(path.read_text(encoding="utf-8"))["games"] == 2
    assert path.stat().st_ino != before  # a new file renamed over it, not written in place
    assert left_beside(path) == []


def test_simulate_whose_json_cannot_be_written_leaves_the_old_file_and_says_why(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "results.json"
    path.write_bytes(OLD)
    monkeypatch.setattr(atomic.os, "fsync", no_space)
    result = racko(*SIMULATE, "--json", str(path))
    assert_exited(result, 1)
    assert (squashed(f"The JSON could not be written to {path}: No space left on device.")
            in squashed(result.output))  # a long path is folded anywhere
    assert path.read_bytes() == OLD
    assert left_beside(path) == []


@pytest.mark.skipif(os.name != "posix", reason="permission bits")
def test_a_read_only_json_file_is_refused_before_the_run_and_kept(tmp_path: Path) -> None:
    path = tmp_path / "results.json"
    path.write_bytes(OLD)
    path.chmod(0o444)
    result = racko(*SIMULATE, "--json", str(path))
    assert_exited(result, 2)
    assert (squashed(f"--json {path}: cannot write there (no permission).")
            in squashed(result.output))
    assert "Simulating" not in result.output
    assert path.read_bytes() == OLD
