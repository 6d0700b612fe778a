"""Why the system refused a file or a port, in the language spoken: the system's own words
(`strerror`) are English whatever the language, so the common ones are said from a table."""

from __future__ import annotations

import errno

from rack_o.i18n import N_, _, current_language

# Translators: the system's reasons for refusing a file or a port, said inside a sentence
# ("cannot write out.json: Permission denied.").
_REASONS = {
    errno.ENOENT: N_("No such file or directory"),
    errno.EACCES: N_("Permission denied"),
    errno.EPERM: N_("Operation not permitted"),
    errno.EISDIR: N_("Is a directory"),
    errno.ENOTDIR: N_("Not a directory"),
    errno.ELOOP: N_("Too many levels of symbolic links"),
    errno.ENAMETOOLONG: N_("File name too long"),
    errno.ENOSPC: N_("No space left on device"),
    errno.EDQUOT: N_("Disk quota exceeded"),
    errno.EROFS: N_("Read-only file system"),
    errno.EEXIST: N_("File exists"),
    errno.EIO: N_("Input/output error"),
    errno.EBADF: N_("Bad file descriptor"),
    errno.EADDRINUSE: N_("Address already in use"),
}
"""The reasons said in the language spoken; in English the system's own words are kept."""


def os_reason(error: BaseException) -> str:
    """Why `error` (an OSError, or another error) happened, as a sentence's clause: the
    system's reason translated where racko knows it, else as the system gave it."""
    code = getattr(error, "errno", None)
    own = getattr(error, "strerror", None) or str(error)
    if code not in _REASONS or current_language() == "en":
        return own
    return _(_REASONS[code])
