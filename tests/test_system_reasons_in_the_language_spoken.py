"""The system's reason for refusing a file (a record, the history, the host key) is said in the
language spoken (the system gives it in English whatever the language), and kept as the system
said it in English."""

from __future__ import annotations

import errno
import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from clirun import flat, racko

from rack_o import i18n
from rack_o.cli.os_reasons import os_reason


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    i18n.install("en")


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", os.strerror(errno.ELOOP)),
        ("fr", "Trop de niveaux de liens symboliques"),
        ("cs", "Příliš mnoho úrovní symbolických odkazů"),
        ("el", "Πάρα πολλά επίπεδα συμβολικών συνδέσμων"),
    ],
)
def test_a_record_that_is_a_link_to_itself_is_refused_in_the_language_spoken(
    home: Path, tmp_path: Path, language: str, said: str
) -> None:
    loop = tmp_path / "loop.jsonl"
    loop.symlink_to(loop.name)
    result = racko("--lang", language, "replay", str(loop))
    assert result.exit_code == 2
    assert f"({said})" in flat(result.output), result.output


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_a_reason_racko_has_no_words_for_is_the_system_s(language: str) -> None:
    i18n.install(language)
    error = OSError(errno.ETIMEDOUT, os.strerror(errno.ETIMEDOUT))
    assert os_reason(error) == os.strerror(errno.ETIMEDOUT)
    assert os_reason(ValueError("bad")) == "bad"


@pytest.mark.parametrize("language", [lang for lang in i18n.LANGUAGES if lang != "en"])
def test_every_reason_in_the_table_is_translated(language: str) -> None:
    i18n.install(language)
    for code in (errno.ENOENT, errno.EACCES, errno.ENOSPC, errno.EROFS, errno.EISDIR):
        assert os_reason(OSError(code, os.strerror(code))) != os.strerror(code), code


LOOP = {
    "en": "too many levels of symbolic links",
    "fr": "trop de niveaux de liens symboliques",
    "cs": "příliš mnoho úrovní symbolických odkazů",
    "el": "πάρα πολλά επίπεδα συμβολικών συνδέσμων",
}


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_a_history_that_is_a_link_to_itself_is_refused_in_the_language_spoken(
    home: Path, language: str
) -> None:
    (home / "history.sqlite3").symlink_to("history.sqlite3")
    result = racko("--lang", language, "history")
    assert result.exit_code != 0
    said = flat(result.output).replace(" : ", ": ")
    assert "history.sqlite3" in said and f": {LOOP[language]}." in said, said


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_a_host_key_that_cannot_be_read_is_refused_in_the_language_spoken(
    tmp_path: Path, language: str
) -> None:
    pytest.importorskip("asyncssh", reason="racko host needs asyncssh (the host extra)")
    from rack_o.host.hostkey import HostKeyError, load_or_create

    i18n.install(language)
    loop = tmp_path / "key"
    loop.symlink_to(loop.name)
    with pytest.raises(HostKeyError) as refused:
        load_or_create(loop)
    said = LOOP[language]
    assert f"({said[0].upper()}{said[1:]})" in str(refused.value), str(refused.value)
