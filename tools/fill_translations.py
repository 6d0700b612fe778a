"""Fill translations into racko's catalogs from a JSON file, then recompile them.

    python tools/fill_translations.py NEW.json

NEW.json maps each English message (its msgid) to {"el": ..., "fr": ..., "cs": ...}; a
plural message maps each language to the list of its plural forms. Only messages already in
the catalogs (run tools/catalogs.py first) are filled; any other is reported and skipped.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from catalogs import LANGUAGES, main, po_path, read_po, write_po  # noqa: E402


def fill(translations: dict[str, dict[str, str | list[str]]]) -> list[str]:
    """Put the translations into each language's .po; the msgids no catalog holds."""
    unknown: set[str] = set()
    for language in LANGUAGES:
        po = po_path(language)
        _header, messages = read_po(po.read_text(encoding="utf-8"))
        for msgid, by_language in translations.items():
            message = messages.get(msgid)
            if message is None:
                unknown.add(msgid)
                continue
            text = by_language[language]
            message.msgstr = list(text) if isinstance(text, list) else [text]
        places = {msgid: message for msgid, message in messages.items()}
        po.write_text(write_po(language, list(places.values())), encoding="utf-8")
    return sorted(unknown)


if __name__ == "__main__":
    data = json.loads(Path(sys.argv[1]).read_text(encoding="utf-8"))
    for msgid in fill(data):
        print(f"not in the catalogs (run tools/catalogs.py first): {msgid!r}")
    sys.exit(main([]))
