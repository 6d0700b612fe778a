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
        refused = _("Nobody would join this table: its only person's seat is yours. Add "
                    "--no-seat to leave it to a guest.")
    assert flat(refused) in flat(result.output)


def _saved(home: Path, name: str, *lang: str) -> str:
    """A game of `name` against an easy bot, autosaved (started with `lang`'s options) and
    quit at once; its ID."""
    before = set((home / "games").iterdir())
    result = racko(*lang, "play", "--names", name, "--bots", "easy", "--seed", "5",
                   input="\nq\ny\n")
    assert_exited(result, 1)
    [record] = set((home / "games").iterdir()) - before
    return record.stem


def _listed_start(output: str, game_id: str) -> str:
    """The line under `game_id` in the list of unfinished games: its start, and more."""
    lines = output.splitlines()
    at = next(n for n, line in enumerate(lines) if game_id in line)
    return lines[at + 1]


@pytest.mark.parametrize(("spoken", "marked", "name"), [
    ("en", "el", "Ελληνικά"),  # in English: the Greek game says it goes on in Greek
    ("el", "en", "English"),  # and the other way round
])
def test_the_list_is_in_the_language_spoken_and_names_a_game_s_other_language(
    home: Path, monkeypatch: pytest.MonkeyPatch, spoken: str, marked: str, name: str
) -> None:
    ids = {"el": _saved(home, "Ann", "--lang", "el"), "en": _saved(home, "Bob", "--lang", "en")}
    monkeypatch.setenv("LANGUAGE", spoken)
    listed = racko("resume", "--list")
    assert_exited(listed, 0)
    with speaking(spoken):
        title = _("Unfinished games, last played first")
        caption = _("A language beside a start time: that game goes on in that language.")
    assert title in listed.output and flat(caption) in flat(listed.output)
    assert _listed_start(listed.output, ids[marked]).endswith(f" · {name}")
    other = "en" if marked == "el" else "el"
    assert " · " not in _listed_start(listed.output, ids[other])  # its start time alone
    # With --lang, every game goes on in the language chosen: none is named.
    chosen = racko("resume", "--list", "--lang", marked)
    assert not any(language in chosen.output for language in ("English", "Ελληνικά"))


def test_a_list_of_games_in_the_language_spoken_names_none(home: Path) -> None:
    _saved(home, "Ann")
    _saved(home, "Bob")
    listed = racko("resume", "--list")
    assert_exited(listed, 0)
    assert "goes on in" not in listed.output
    assert not any(name in listed.output for name in ("English", "Ελληνικά"))


def test_a_game_chosen_from_the_list_says_it_goes_on_in_its_own_language_before_it_does(
    home: Path,
) -> None:
    greek = _saved(home, "Ann", "--lang", "el")
    english = _saved(home, "Bob")  # the latest: number 1
    assert english
    resumed = racko("resume", input="2\n\nq\ny\n")
    assert_exited(resumed, 1)
    out = flat(resumed.output)
    note = ("This game goes on in the language it was started in: Ελληνικά. To carry it on "
            f"in English instead: racko resume {greek} --lang en")
    assert note in out
    assert out.index("Unfinished games, last played first") < out.index(note)
    # Said before anything in Greek, and the game is then played in Greek.
    with speaking("el"):
        resuming = _("resuming {id}").format(id=greek)
    assert out.index(note) < out.index(resuming) < out.index(QUIT["el"])


@pytest.mark.parametrize("options", [["--lang", "en"], ["--lang", "el"]])
def test_no_note_when_the_game_speaks_the_language_chosen_or_spoken(
    home: Path, options: list[str]
) -> None:
    greek = _saved(home, "Ann", "--lang", "el")
    resumed = racko("resume", greek, *options, input="\n\nq\ny\n")
    assert "goes on in the language" not in flat(resumed.output)
    assert QUIT[options[1]] in flat(resumed.output)
