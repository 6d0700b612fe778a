"""Speaking another language for a while (a hosted table's guests each read theirs), and the
language a guest's environment asks for."""

from __future__ import annotations

import gettext
import os
import threading
from collections.abc import Iterator

import pytest

from rack_o import i18n


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    with i18n.restoring_language():
        yield


@pytest.mark.parametrize(
    ("language", "sentence", "count", "number", "percent"),
    [
        ("en", "Every seat at this table is taken.", "try again in 3 seconds.", "1,234.5",
         "25.0%"),
        ("fr", "Toutes les places de cette table sont prises.", "dans 3 secondes.", "1\u202f234,5",
         "25,0\u00a0%"),
        ("cs", "Všechna místa u tohoto stolu jsou obsazená.", "za 3 sekundy.", "1\u00a0234,5",
         "25,0\u00a0%"),
        ("el", "Όλες οι θέσεις σε αυτό το τραπέζι είναι πιασμένες.", "σε 3 δευτερόλεπτα.",
         "1.234,5", "25,0%"),
    ],
)
def test_speaking_a_language_says_messages_plurals_and_numbers_in_it(
    language: str, sentence: str, count: str, number: str, percent: str
) -> None:
    i18n.install("fr" if language != "fr" else "cs")
    with i18n.speaking(language):
        assert i18n.current_language() == language
        assert i18n._("Every seat at this table is taken.") == sentence
        plural = i18n.ngettext(
            "Too many wrong table codes from your address: try again in {count} second.",
            "Too many wrong table codes from your address: try again in {count} seconds.", 3,
        ).format(count=3)
        assert count in plural
        assert i18n.number(1234.5, 1) == number
        assert i18n.percent(0.25) == percent


def test_leaving_speaks_the_language_spoken_before_and_none_speaks_the_installed_one() -> None:
    i18n.install("fr")
    with i18n.speaking("cs"):
        with i18n.speaking("el"):
            assert i18n.current_language() == "el"
            with i18n.speaking(None):
                assert i18n.current_language() == "fr"
                assert i18n._("This table is closed.") == "Cette table est fermée."
        assert i18n.current_language() == "cs"
    assert i18n.current_language() == "fr"


def test_speaking_changes_nothing_for_the_whole_process() -> None:
    i18n.install("fr")
    before = (os.environ.get("LANGUAGE"), gettext.textdomain())
    seen: list[str] = []
    with i18n.speaking("cs"):
        # Another thread (the SSH server's, the host's keyboard's) still speaks the host's.
        other = threading.Thread(target=lambda: seen.append(i18n.current_language()))
        other.start()
        other.join()
        assert (os.environ.get("LANGUAGE"), gettext.textdomain()) == before
    assert seen == ["fr"]


def test_speaking_a_language_racko_does_not_speak_is_refused() -> None:
    with pytest.raises(ValueError, match="'de' is not one of en, el, fr, cs"), \
            i18n.speaking("de"):
        pass


@pytest.mark.parametrize(
    ("environ", "asked"),
    [
        ({}, None),
        ({"TERM": "xterm", "LC_CTYPE": "cs_CZ.UTF-8"}, None),
        ({"LANG": ""}, None),
        ({"LANG": "cs_CZ.UTF-8"}, "cs"),
        ({"LANG": "fr_CA.UTF-8", "LC_MESSAGES": "el_GR.UTF-8"}, "el"),
        ({"LANG": "cs_CZ.UTF-8", "LC_ALL": "fr_FR.UTF-8"}, "fr"),
        ({"LANG": "fr_FR.UTF-8", "LANGUAGE": "de:el"}, "el"),
        ({"LANG": "de_DE.UTF-8"}, "en"),  # asked, and not spoken: English, as racko reads it
        # C and POSIX (servers' and containers' default) ask for no language: the host's.
        ({"LANG": "C.UTF-8"}, None),
        ({"LANG": "C"}, None),
        ({"LC_ALL": "POSIX"}, None),
        ({"LANG": "C.utf8", "LC_CTYPE": "cs_CZ.UTF-8"}, None),
        ({"LC_ALL": "C", "LANG": "cs_CZ.UTF-8"}, None),  # LC_ALL decides, as in gettext
        ({"LC_ALL": "C.UTF-8", "LANGUAGE": "el"}, "el"),
        ({"LANG": "C.UTF-8", "LANGUAGE": "de"}, None),  # gettext ignores LANGUAGE under C
        ({"LANGUAGE": "de"}, "en"),
        ({"LANG": "Ca_ES.UTF-8"}, "en"),  # not C: a language (Catalan) racko does not speak
        ({"LANGUAGE": "de", "LANG": "cs_CZ.UTF-8"}, "cs"),
    ],
)
def test_the_language_an_environment_asks_for(environ: dict[str, str], asked: str | None
                                              ) -> None:
    assert i18n.asked_language(environ) == asked
