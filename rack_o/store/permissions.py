"""Whether racko may write a file it keeps: the file's own permission bits say, for everyone.

A player makes a record or the history read-only to keep it as it is. The system lets root
write any file, so racko asks the bits themselves rather than the system, and leaves such a
file alone whoever runs it. A folder is read-only by its bits too, and also when the system
refuses racko (another user's folder).
"""

from __future__ import annotations

import os
from pathlib import Path


def is_read_only(info: os.stat_result) -> bool:
    """True for a file that nobody may write (no write permission bit set): racko never writes
    it, even when it runs as root."""
    return not info.st_mode & 0o222


def is_read_only_folder(folder: Path) -> bool:
    """True for a folder no file may be made in: nobody may write it (its bits, as for a
    file), or the system does not let this process."""
    return is_read_only(folder.stat()) or not os.access(folder, os.W_OK | os.X_OK)
