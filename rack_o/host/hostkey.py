"""The table's SSH host key: made once (ed25519, by asyncssh) in racko's data folder, mode 0600,
and reused, so guests see the same fingerprint every time.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

import asyncssh

from rack_o.cli.messages import in_the_way
from rack_o.cli.os_reasons import os_reason
from rack_o.i18n import _
from rack_o.store.atomic import create_whole
from rack_o.store.paths import file_in_the_way, host_key_path, make_folder
from rack_o.store.safe_text import controls_escaped
from rack_o.store.small_file import NotARegularFile, TooBig, read_small


class HostKeyError(Exception):
    """The host key file cannot be made or used; the message says what to do."""


def fingerprint(key: asyncssh.SSHKey) -> str:
    """The key's SHA256 fingerprint as OpenSSH shows it ("SHA256:…")."""
    return key.get_fingerprint("sha256")


KEY_BYTES = 64 * 1024
"""The most of a host key file that is read: an OpenSSH private key is a few KB at most."""


def load_or_create(path: Path | None = None) -> asyncssh.SSHKey:
    """The host key at `path` (default: the data folder), made there first if there is none.

    A key file others may read is made private (0600) again, once it is known to be a key (a
    file a link names is left as it is). HostKeyError when the file cannot be made or read, or
    is not a key: it is never replaced, since guests would then see another fingerprint and
    rightly fear a different machine, nor changed in any way.
    """
    path = host_key_path() if path is None else path
    try:
        if not os.path.lexists(path):
            _create(path)
    except OSError as error:
        blocking = file_in_the_way(path.parent)
        reason = in_the_way(blocking) if blocking is not None else os_reason(error)
        raise HostKeyError(_("The host key {file} can't be made ({reason}).").format(
            file=controls_escaped(str(path)), reason=reason)) from None
    try:
        data, found = read_small(path, KEY_BYTES)
        key = asyncssh.import_private_key(data)
    except (OSError, asyncssh.KeyImportError, ValueError, NotARegularFile, TooBig) as error:
        if isinstance(error, NotARegularFile):
            reason = _("it is not a regular file")
        elif isinstance(error, TooBig):
            reason = _("it is far larger than any key")
        else:
            reason = os_reason(error)
        raise HostKeyError(
            _("The host key {file} can't be used ({reason}). Move it away and racko makes a "
              "new one; tell your guests its fingerprint changed.").format(
                file=controls_escaped(str(path)), reason=reason)
        ) from None
    if stat.S_IMODE(found.st_mode) & 0o077:
        _make_private(path, found)
    return key


def _make_private(path: Path, read: os.stat_result) -> None:
    """Make the key file read as `read` readable by its owner only: only that very file, and
    never through a link (the file a link names is someone's own arrangement)."""
    nofollow = getattr(os, "O_NOFOLLOW", 0)
    if not nofollow or not hasattr(os, "fchmod"):
        return
    try:
        fd = os.open(path, os.O_RDONLY | nofollow | getattr(os, "O_NONBLOCK", 0))
    except OSError:
        return  # a link (ELOOP), or gone: left as it is
    try:
        opened = os.fstat(fd)
        if (opened.st_dev, opened.st_ino) == (read.st_dev, read.st_ino):
            os.fchmod(fd, 0o600)
    except OSError:
        pass  # not its owner's to change: the key still works
    finally:
        os.close(fd)


def _create(path: Path) -> None:
    """Write a new ed25519 key to `path`, readable by its owner only; never over another one."""
    make_folder(path.parent)
    key = asyncssh.generate_private_key("ssh-ed25519", comment="racko host key")
    # Whole: no reader ever sees a half-written key, and of two hosts starting at once the
    # second keeps the first's key.
    create_whole(path, key.export_private_key(), mode=0o600)
