"""Whether racko may write a file it keeps: the file's own permission bits say, for everyone.

A player makes a record or the history read-only to keep it as it is. The system lets root
write any file, so racko asks the bits themselves rather than the system, and leaves such a
file alone whoever runs it.
"""

from __future__ import annotations

import os


def is_read_only(info: os.stat_result) -> bool:
    """True for a file that nobody may write (no write permission bit set): racko never writes
    it, even when it runs as root."""
    return not info.st_mode & 0o222
