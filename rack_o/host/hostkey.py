"""The table's SSH host key: made once (ed25519, by asyncssh) in racko's data folder, mode 0600,
and reused, so guests see the same fingerprint every time.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

import asyncssh

from rack_o.cli.os_reasons import os_reason
from rack_o.i18n import _
from rack_o.store.atomic import create_whole
from rack_o.store.paths import host_key_path, make_folder
from rack_o.store.safe_text import controls_escaped


class HostKeyError(Exception):
    """The host key file exists but cannot be used; the message says what to do."""


def fingerprint(key: asyncssh.SSHKey) -> str:
    """The key's SHA256 fingerprint as OpenSSH shows it ("SHA256:…")."""
    return key.get_fingerprint("sha256")


KEY_BYTES = 64 * 1024
"""The most of a host key file that is read: an OpenSSH private key is a few KB at most."""


class _NotAKeyFile(Exception):
    """What stands at the key's path could never hold a key; the message says why."""


def load_or_create(path: Path | None = None) -> asyncssh.SSHKey:
    """The host key at `path` (default: the data folder), made there first if there is none.

    A key file others may read is made private (0600) again, once it is known to be a key (a
    file a link names is left as it is). HostKeyError when the file cannot be read or is not
    a key: it is never replaced, since guests would then see another fingerprint and rightly
    fear a different machine, nor changed in any way.
    """
    path = host_key_path() if path is None else path
    if not path.exists():
        _create(path)
    try:
        return _read_key(path)
    except (OSError, asyncssh.KeyImportError, ValueError, _NotAKeyFile) as error:
        reason = str(error) if isinstance(error, _NotAKeyFile) else os_reason(error)
        raise HostKeyError(
            _("The host key {file} can't be used ({reason}). Move it away and racko makes a "
              "new one; tell your guests its fingerprint changed.").format(
                file=controls_escaped(str(path)), reason=reason)
        ) from None


def _read_key(path: Path) -> asyncssh.SSHKey:
    """The key in the regular file at `path`, made private if it is not; _NotAKeyFile for
    anything else (a pipe is not waited on, a device not read without end)."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    fd = os.open(path, flags)
    with os.fdopen(fd, "rb") as file:
        found = os.fstat(fd)
        if not stat.S_ISREG(found.st_mode):
            raise _NotAKeyFile(_("it is not a regular file"))
        data = file.read(KEY_BYTES + 1)
        if len(data) > KEY_BYTES:
            raise _NotAKeyFile(_("it is far larger than any key"))
        key = asyncssh.import_private_key(data)
        # Through a link the file is someone's own arrangement, outside racko's folder.
        if stat.S_IMODE(found.st_mode) & 0o077 and not path.is_symlink() and hasattr(os, "fchmod"):
            os.fchmod(fd, 0o600)
    return key


def _create(path: Path) -> None:
    """Write a new ed25519 key to `path`, readable by its owner only; never over another one."""
    make_folder(path.parent)
    key = asyncssh.generate_private_key("ssh-ed25519", comment="racko host key")
    # Whole: no reader ever sees a half-written key, and of two hosts starting at once the
    # second keeps the first's key.
    create_whole(path, key.export_private_key(), mode=0o600)
