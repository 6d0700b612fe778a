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


def load_or_create(path: Path | None = None) -> asyncssh.SSHKey:
    """The host key at `path` (default: the data folder), made there first if there is none.

    A key file others may read is made private (0600) again. HostKeyError when the file
    cannot be read or is not a key: it is never replaced, since guests would then see another
    fingerprint and rightly fear a different machine.
    """
    path = host_key_path() if path is None else path
    if not path.exists():
        _create(path)
    try:
        if stat.S_IMODE(path.stat().st_mode) & 0o077:
            os.chmod(path, 0o600)
        return asyncssh.read_private_key(path)
    except (OSError, asyncssh.KeyImportError, ValueError) as error:
        reason = os_reason(error)
        raise HostKeyError(
            _("The host key {file} can't be used ({reason}). Move it away and racko makes a "
              "new one; tell your guests its fingerprint changed.").format(
                file=controls_escaped(str(path)), reason=reason)
        ) from None


def _create(path: Path) -> None:
    """Write a new ed25519 key to `path`, readable by its owner only; never over another one."""
    make_folder(path.parent)
    key = asyncssh.generate_private_key("ssh-ed25519", comment="racko host key")
    # Whole: no reader ever sees a half-written key, and of two hosts starting at once the
    # second keeps the first's key.
    create_whole(path, key.export_private_key(), mode=0o600)
