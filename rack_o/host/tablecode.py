"""The table code: the one secret a guest needs to sit down, made with `secrets` and checked in
constant time.

Eight characters from an alphabet without look-alikes (no 0/o, 1/l/i), shown as two groups of
four: about 40 bits, so that even many addresses guessing three times a minute would take
years. Typed in any case, with or without the hyphen or spaces, and on the keys a US keyboard
has them on: ssh's password prompt shows nothing typed, so a guest whose French or Czech
number row typed é for 2 cannot see it, nor one whose Greek layout typed κ for k.
"""

from __future__ import annotations

import secrets

from rack_o.cli.layouts import key_meant

ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"
LENGTH = 8
_GROUP = 4


def new_code() -> str:
    """A fresh random table code such as "k7mq-x2pf"."""
    chars = "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))
    return "-".join(chars[i : i + _GROUP] for i in range(0, LENGTH, _GROUP))


def _as_on_a_us_keyboard(char: str) -> str:
    """The character the key that typed `char` types on a US keyboard, for the keyboards racko
    reads keys on (`cli.layouts`): a French or Czech number row's is its digit, a Greek letter
    its Latin one. (A code has no 0, so é is 2, as in France.)"""
    for layout in ("fr", "el"):  # Czech's number row is read in any language
        meant = key_meant(char, layout)
        if meant != char:
            return meant.lower()
    return char


def readings(typed: str) -> set[str]:
    """What `typed` may be as a code: lower case, without blanks, each key as on a US keyboard.
    A - is the hyphen or, on a French keyboard, a 6: read as the hyphen where it first follows a
    whole first group (the others 6s), as the hyphen everywhere, and as a 6 everywhere (a code
    typed without its hyphen whose second group starts with 6)."""
    keys = [char if char == "-" else _as_on_a_us_keyboard(char)
            for char in typed.lower() if char not in " \t"]
    grouped: list[str] = []
    hyphen = False
    for key in keys:
        if key != "-":
            grouped.append(key)
        elif len(grouped) == _GROUP and not hyphen:
            hyphen = True
        else:
            grouped.append("6")
    return {"".join(grouped), "".join(key for key in keys if key != "-"),
            "".join("6" if key == "-" else key for key in keys)}


def normalized(code: str) -> str:
    """A code as it is compared: lower case, without hyphens or blanks."""
    return "".join(char for char in code.lower() if char not in "- \t")


def code_matches(typed: str, code: str) -> bool:
    """True when `typed` is `code` (case, hyphens, blanks and keyboard layout aside), each
    reading compared in constant time."""
    wanted = normalized(code).encode()
    found = [secrets.compare_digest(reading.encode(), wanted) for reading in readings(typed)]
    return any(found)
