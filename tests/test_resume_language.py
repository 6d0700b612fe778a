"""A game carries on in the language it was started in: its game line names it (`"lang"`, a
field other readers ignore), and `racko resume` (and `racko host --resume`) speak it unless
--lang chooses another now."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from builders import seeded_game, write_record, write_with_header
from clirun import assert_exited, flat, racko

from rack_o.i18n import _, speaking

QUIT = {"en": "You quit the game.", "fr": "Vous avez quitté la partie.",
        "cs": "Ukončili jste hru.", "el": "Βγήκες από το παιχνίδι."}


def _started(home: Path, *lang: str) -> Path:
    """A game of Ann against an easy bot, started (with `lang`'s options) and quit at once."""
    record = home / "game.jsonl"
    result = racko(*lang, "play", "--names", "Ann", "--bots", "easy", "--seed", "5",
                   "--record", str(record), input="\nq\ny\n")
    assert_exited(result, 1)
    return record


@pytest.mark.parametrize(("options", "language"), [
    (["--lang", "fr"], "fr"), ([], "en"), (["--lang", "el"], "el"),
])
def test_the_game_line_names_the_language_the_game_started_in(
    home: Path, options: list[str], language: str
) -> None:
    record = _started(home, *options)
    game_line = json.loads(record.read_text(encoding="utf-8").splitlines()[0])
    assert game_line["lang"] == language


@pytest.mark.parametrize(("options", "language"), [
    ([], "fr"),  # the language the game started in, not the environment's (English)
    (["--lang", "en"], "en"),  # chosen now, after the command...
    (["--lang", "cs", "--"], "cs"),  # ...or before it
])
def test_a_resumed_game_speaks_its_language_unless_lang_chooses_another(
    home: Path, options: list[str], language: str
) -> None:
    record = _started(home, "--lang", "fr")
    if options[-1:] == ["--"]:
        args = [*options[:-1], "resume", str(record)]
    else:
        args = ["resume", str(record), *options]
    resumed = racko(*args, input="\n\nq\ny\n")
    assert_exited(resumed, 1)
    assert QUIT[language] in flat(resumed.output)
    assert all(QUIT[other] not in flat(resumed.output) for other in QUIT if other != language)


def test_the_language_of_the_record_outranks_the_environment_s(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    record = _started(home, "--lang", "el")
    monkeypatch.setenv("LANGUAGE", "cs")
    resumed = racko("resume", str(record), input="\n\nq\ny\n")
    assert QUIT["el"] in flat(resumed.output)


@pytest.mark.parametrize("lang", [None, "xx", 3])
def test_a_record_naming_no_language_racko_speaks_resumes_in_the_environment_s(
    home: Path, monkeypatch: pytest.MonkeyPatch, lang: object
) -> None:
    game = seeded_game(5)
    game.deal()
    path = write_with_header(home / "g.jsonl", game,
                             lambda line: line.update({} if lang is None else {"lang": lang}))
    monkeypatch.setenv("LANGUAGE", "fr")
    resumed = racko("resume", str(path), input="\n\nq\ny\n")
    assert QUIT["fr"] in flat(resumed.output)


@pytest.mark.parametrize(("options", "language"), [([], "fr"), (["--lang", "en"], "en")])
def test_a_hosted_table_opened_again_speaks_the_language_of_its_game(
    home: Path, options: list[str], language: str
) -> None:
    pytest.importorskip("asyncssh")
    game = seeded_game(3, kinds=["human", "bot:easy"])  # nobody but the host: refused
    game.deal()
    path = write_record(home / "games" / "alone.jsonl", game)
    write_with_header(path, game, lambda line: line.update(lang="fr"))
    result = racko("host", "--resume", str(path), "--port", "0", *options)
    assert_exited(result, 2)
    with speaking(language):
        refused = _("Nobody would join this table: give it a person's seat for a guest "
                    "(--names, --players), or add --no-seat.")
    assert flat(refused) in flat(result.output)
