"""Keys taken by where they sit on the keyboard: the digit or Latin letter a player means.

racko's keys are the digits and Latin letters of a US keyboard. On a French (or Belgian)
AZERTY or a Czech QWERTZ keyboard the number row types symbols and accented letters unless
Shift is held, and a Greek layout types Greek letters: each of those single keys is read as the
key on the same place of a US keyboard (é pressed for slot 2 is 2, δ is d). Only single keys
are read so, never lines (names are typed as lines).

A character no US keyboard types unshifted outside these layouts (an accented or Greek letter)
is read so whatever the language spoken; a character a US keyboard types too (& " ' ( - _ ! +
;) only in the language whose keyboard has it there, so that nothing changes on a US keyboard
in English, and Shift held by mistake there never chooses a slot. é is 2 on the French row and
0 on the Czech one: the language spoken decides (Czech 0, else 2).
"""

from __future__ import annotations

from rack_o.i18n import current_language

_ANY_LANGUAGE = {
    # The French number row's letters (é is settled below, by the language).
    "è": "7", "ç": "9", "à": "0",
    # The Czech number row's letters (+ ě š č ř ž ý á í é).
    "ě": "2", "š": "3", "č": "4", "ř": "5", "ž": "6", "ý": "7", "á": "8", "í": "9",
    # The standard Greek layout's letters, accented vowels included.
    "ς": "w", "ε": "e", "ρ": "r", "τ": "t", "υ": "y", "θ": "u", "ι": "i", "ο": "o", "π": "p",
    "α": "a", "σ": "s", "δ": "d", "φ": "f", "γ": "g", "η": "h", "ξ": "j", "κ": "k", "λ": "l",
    "ζ": "z", "χ": "x", "ψ": "c", "ω": "v", "β": "b", "ν": "n", "μ": "m",
    "ά": "a", "έ": "e", "ή": "h", "ί": "i", "ό": "o", "ύ": "y", "ώ": "v",
    "ϊ": "i", "ΐ": "i", "ϋ": "y", "ΰ": "y",
    "\u037e": "q",  # the Greek question mark some systems send for the Q key's ";"
}
_E_ACUTE = {"cs": "0"}
"""é: 0 on the Czech number row, 2 on the French one (every other language)."""
_OWN_LANGUAGE = {
    # The French number row's symbols (- on 6 and _ on 8 in France; § on 6 and ! on 8 in
    # Belgium).
    "fr": {"&": "1", '"': "3", "'": "4", "(": "5", "-": "6", "§": "6", "_": "8", "!": "8"},
    "cs": {"+": "1"},
    # The Greek layout's Q key types ";", which no key of racko's uses.
    "el": {";": "q"},
}


def key_meant(key: str, language: str | None = None) -> str:
    """The key a player means by `key` (a key name, as a terminal's `key` gives it), speaking
    `language` (default: the language spoken now): a character of a French or Czech number
    row is its digit, a Greek letter the Latin letter on its key; anything else is itself."""
    if len(key) != 1:
        return key
    char = key.lower()
    if char == "é":
        return _E_ACUTE.get(language or current_language(), "2")
    meant = _ANY_LANGUAGE.get(char)
    if meant is not None:
        return meant
    return _OWN_LANGUAGE.get(language or current_language(), {}).get(char, key)
