"""The table code: the one secret a guest needs to sit down, made with `secrets` and checked in
constant time.

Eight characters from an alphabet without look-alikes (no 0/o, 1/l/i), shown as two groups of
four: about 40 bits, so that even many addresses guessing three times a minute would take
years. Typed in any case, with or without the hyphen or spaces.
"""

from __future__ import annotations

import secrets

ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"
LENGTH = 8
_GROUP = 4


def new_code() -> str:
    """A fresh random table code such as "k7mq-x2pf"."""
    chars = "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))
    return "-".join(chars[i : i + _GROUP] for i in range(0, LENGTH, _GROUP))


def normalized(typed: str) -> str:
    """A code as it is compared: lower case, without hyphens or blanks."""
    return "".join(char for char in typed.lower() if char not in "- \t")


def code_matches(typed: str, code: str) -> bool:
    """True when `typed` is `code` (case, hyphens and blanks aside), compared in constant time."""
    return secrets.compare_digest(normalized(typed).encode(), normalized(code).encode())
