"""The table's host key: made once in racko's data folder, private, and the same every time."""

from __future__ import annotations

import asyncio
import os
import stat
import threading
from collections.abc import Callable
from pathlib import Path

import pytest

asyncssh = pytest.importorskip("asyncssh", reason="racko host needs asyncssh (the host extra)")

from hostkit import connect, hosted, run  # noqa: E402

from rack_o.host.hostkey import KEY_BYTES, HostKeyError, fingerprint, load_or_create  # noqa: E402
from rack_o.store.paths import HOST_KEY_NAME as KEY_NAME  # noqa: E402
from rack_o.store.paths import host_key_path  # noqa: E402


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_the_key_is_made_on_first_use_in_the_data_folder_readable_by_its_owner_only(
    home: Path,
) -> None:
    assert host_key_path() == home / KEY_NAME
    key = load_or_create()
    assert (home / KEY_NAME).exists() and mode(home / KEY_NAME) == 0o600
    assert key.algorithm == b"ssh-ed25519"
    assert fingerprint(key).startswith("SHA256:")
    assert [path.name for path in home.iterdir() if KEY_NAME in path.name] == [KEY_NAME]


def test_the_fingerprint_is_the_same_across_restarts_and_is_what_guests_see(
    tmp_path: Path,
) -> None:
    async def seen_by_a_guest(port: int) -> str:
        async with await connect(port) as conn:
            return conn.get_server_host_key().get_fingerprint("sha256")

    seen = []
    for _restart in range(2):
        with hosted(tmp_path) as served:
            seen.append(run(seen_by_a_guest(served.port)))
    shown = fingerprint(load_or_create(tmp_path / "host_key"))
    assert seen == [shown, shown]


def test_a_key_file_others_could_read_is_made_private_again(tmp_path: Path) -> None:
    path = tmp_path / KEY_NAME
    first = fingerprint(load_or_create(path))
    path.chmod(0o644)
    assert fingerprint(load_or_create(path)) == first
    assert mode(path) == 0o600


@pytest.mark.parametrize("content", [b"", b"not a key\n", b"\x00\xff" * 40])
def test_a_damaged_key_file_is_never_replaced_and_says_what_to_do(
    tmp_path: Path, content: bytes
) -> None:
    path = tmp_path / KEY_NAME
    path.write_bytes(content)
    with pytest.raises(HostKeyError) as error:
        load_or_create(path)
    assert str(error.value).startswith(f"The host key {path} can't be used (")
    assert "Move it away and racko makes a new one" in str(error.value)
    assert path.read_bytes() == content


def test_two_hosts_starting_at_once_end_up_with_one_key(tmp_path: Path) -> None:
    path = tmp_path / KEY_NAME

    async def both() -> list[str]:
        keys = await asyncio.gather(
            *(asyncio.to_thread(load_or_create, path) for _ in range(4))
        )
        return [fingerprint(key) for key in keys]

    assert len(set(asyncio.run(both()))) == 1


def test_a_link_to_a_key_is_used_and_the_file_it_names_is_left_as_it_is(tmp_path: Path) -> None:
    kept = tmp_path / "my-keys" / "table_key"
    kept.parent.mkdir()
    made = fingerprint(load_or_create(kept))
    kept.chmod(0o640)
    link = tmp_path / KEY_NAME
    link.symlink_to(kept)
    assert fingerprint(load_or_create(link)) == made
    assert mode(kept) == 0o640


def _junk(path: Path) -> None:
    path.write_bytes(b"not a key\n")


def _a_link_to_notes(path: Path) -> None:
    notes = path.with_name("notes.txt")
    notes.write_text("my important notes\n")
    path.symlink_to(notes.name)


def _a_folder(path: Path) -> None:
    path.mkdir()


@pytest.mark.parametrize("make", [_junk, _a_link_to_notes, _a_folder])
def test_a_key_file_that_cannot_be_used_keeps_its_permissions(
    tmp_path: Path, make: Callable[[Path], None]
) -> None:
    path = tmp_path / KEY_NAME
    make(path)
    path.chmod(0o755 if path.is_dir() else 0o644)
    before = mode(path)
    with pytest.raises(HostKeyError):
        load_or_create(path)
    assert mode(path) == before


def _load_within(path: Path, seconds: float) -> BaseException | None:
    """What loading `path` raised, or None if it was still waiting after `seconds`."""
    raised: list[BaseException] = []

    def load() -> None:
        try:
            load_or_create(path)
        except BaseException as error:  # noqa: BLE001 - handed to the test to look at
            raised.append(error)

    worker = threading.Thread(target=load, daemon=True)
    worker.start()
    worker.join(seconds)
    return raised[0] if raised else None


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_a_pipe_where_the_key_should_be_is_refused_at_once(tmp_path: Path) -> None:
    path = tmp_path / KEY_NAME
    os.mkfifo(path)
    error = _load_within(path, 5)
    assert isinstance(error, HostKeyError)
    assert "it is not a regular file" in str(error)


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero here")
def test_a_link_to_a_device_is_refused_without_reading_it(tmp_path: Path) -> None:
    path = tmp_path / KEY_NAME
    path.symlink_to("/dev/zero")
    error = _load_within(path, 5)
    assert isinstance(error, HostKeyError)
    assert "it is not a regular file" in str(error)


def test_a_file_far_larger_than_a_key_is_refused_unread(tmp_path: Path) -> None:
    path = tmp_path / KEY_NAME
    path.write_bytes(b"-----BEGIN OPENSSH PRIVATE KEY-----\n" + b"A" * (KEY_BYTES + 10))
    with pytest.raises(HostKeyError, match="it is far larger than any key"):
        load_or_create(path)


def test_a_folder_where_the_key_should_be_is_said_to_be_no_file_and_nothing_is_left_open(
    tmp_path: Path,
) -> None:
    path = tmp_path / KEY_NAME
    path.mkdir()
    opened = len(os.listdir("/proc/self/fd")) if Path("/proc/self/fd").is_dir() else None
    for _attempt in range(3):
        with pytest.raises(HostKeyError, match="it is not a regular file"):
            load_or_create(path)
    if opened is not None:
        assert len(os.listdir("/proc/self/fd")) == opened


def test_a_key_that_cannot_be_made_is_said_so_with_what_is_in_the_way(tmp_path: Path) -> None:
    blocker = tmp_path / "afile"
    blocker.write_text("mine\n")
    path = blocker / "sub" / KEY_NAME
    with pytest.raises(HostKeyError) as error:
        load_or_create(path)
    assert str(error.value) == (f"The host key {path} can't be made ({blocker} is a file, not a "
                                "folder).")
    assert blocker.read_text() == "mine\n"
