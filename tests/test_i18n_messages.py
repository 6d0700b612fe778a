"""The store and the bots report problems and hints as fields; only the CLI words them, in every
language, naming the values they carry."""

from __future__ import annotations

import ast
import gettext
import random
import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from rack_o import Game, Rules, i18n
from rack_o.bots.hint import Advice, Between, Reason, hint
from rack_o.bots.loader import BotProblem, BotSpecError
from rack_o.cli.messages import (
    SHOWN_MATCHES,
    bot_spec_error,
    hint_text,
    history_error,
    record_file_error,
    record_not_found,
)
from rack_o.errors import RecordError
from rack_o.record import read_header
from rack_o.rules import HIGHEST_TARGET
from rack_o.store.history import HistoryError, HistoryProblem
from rack_o.store.records import (
    MAX_RECORD_BYTES,
    RecordFileError,
    RecordNotFoundError,
    RecordProblem,
)

ROOT = Path(__file__).resolve().parent.parent
LANGUAGES = ["en", "el", "fr", "cs"]
FILE = Path("/games/x.jsonl")
DB = Path("/data/history.sqlite3")


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    """Whatever a test speaks, the next one starts in English."""
    yield
    i18n.install("en")


def record_cases() -> list[tuple[RecordFileError, list[str]]]:
    """An error of each RecordProblem, and what its sentence must name."""
    cases = {
        RecordProblem.UNREADABLE: (RecordFileError(FILE, None, RecordProblem.UNREADABLE,
                                                   "Permission denied"), ["Permission denied"]),
        RecordProblem.TOO_BIG: (RecordFileError(FILE, None, RecordProblem.TOO_BIG,
                                                size=MAX_RECORD_BYTES + 1), ["32"]),
        RecordProblem.BROKEN: (RecordFileError(FILE, 7, RecordProblem.BROKEN, "the reason"),
                               ["the reason", "7"]),
    }
    return [cases.get(problem, (RecordFileError(FILE, 3, problem), ["3"]))
            for problem in RecordProblem]


def history_cases() -> list[tuple[HistoryError, list[str]]]:
    """An error of each HistoryProblem, and what its sentence must name."""
    cases = {
        HistoryProblem.NOT_A_FOLDER: (
            HistoryError(HistoryProblem.NOT_A_FOLDER, DB, blocking=Path("/data")), ["/data"]),
        HistoryProblem.NEWER_SCHEMA: (
            HistoryError(HistoryProblem.NEWER_SCHEMA, DB, version=99), ["99"]),
        HistoryProblem.READ_ONLY: (HistoryError(HistoryProblem.READ_ONLY, DB), [str(DB)]),
        HistoryProblem.DAMAGED: (HistoryError(HistoryProblem.DAMAGED, DB), [str(DB)]),
        HistoryProblem.FOREIGN: (HistoryError(HistoryProblem.FOREIGN, DB), [str(DB)]),
        HistoryProblem.NOT_A_FILE: (HistoryError(HistoryProblem.NOT_A_FILE, DB), [str(DB)]),
        HistoryProblem.NOT_MADE: (HistoryError(HistoryProblem.NOT_MADE, DB), [str(DB)]),
    }
    return [cases.get(problem, (HistoryError(problem, DB, "disk I/O error"), ["disk I/O error"]))
            for problem in HistoryProblem]


def bot_cases() -> list[tuple[BotSpecError, list[str]]]:
    """An error of each BotProblem, and what its sentence must name."""
    spec = "my.bots:Mine"
    cases = {
        BotProblem.UNKNOWN_LEVEL: (BotSpecError("genius", BotProblem.UNKNOWN_LEVEL),
                                   ["'genius'", "random, easy, medium, hard"]),
        BotProblem.NO_MODULE: (BotSpecError(spec, BotProblem.NO_MODULE, "No module named 'my'"),
                               ["'my.bots'", "No module named 'my'"]),
        BotProblem.CANNOT_MAKE: (BotSpecError(spec, BotProblem.CANNOT_MAKE, "TypeError('x')"),
                                 ["Mine()", "TypeError('x')"]),
        BotProblem.NOT_A_BOT: (BotSpecError(spec, BotProblem.NOT_A_BOT,
                                            missing=("name", "choose")), ["`name`", "`choose"]),
    }
    return [cases.get(problem, (BotSpecError(spec, problem), [f"'{spec}'"]))
            for problem in BotProblem]


def hint_cases() -> list[tuple[Advice, list[str]]]:
    """Advice of each Reason (and each place a card can fit), and what its sentence names."""
    from rack_o.actions import DISCARD, DRAW, TAKE, place

    return [
        (Advice(TAKE, Reason.TAKE, 17, 4, 31, between=Between(9, 23, 2, 6)),
         ["17", "4", "31", "9", "23", "2", "6"]),
        (Advice(TAKE, Reason.TAKE, 17, 4, 31, between=Between(None, 23, None, 6),
                known_draw=True), ["17", "31", "23"]),
        (Advice(TAKE, Reason.TAKE, 17, 4, 31, between=Between(9, None, 2, None)),
         ["17", "31", "9", "2"]),
        (Advice(TAKE, Reason.TAKE, 17, 4, 31, between=Between(None, None)), ["17", "4", "31"]),
        (Advice(TAKE, Reason.TAKE, 17, 4, 31, between=Between(20, 23, 2, 6)),
         ["17", "4", "31", "20", "2"]),
        (Advice(DRAW, Reason.DRAW_EMPTY_DISCARD), []),
        (Advice(DRAW, Reason.DRAW_HELPS_LESS, 31), ["31"]),
        (Advice(DRAW, Reason.DRAW_HELPS_LESS, 31, known_draw=True), ["31"]),
        (Advice(DISCARD, Reason.DISCARD, 12), ["12"]),
        (Advice(place(2), Reason.PLACE_CHEAPEST, 12, 2, 40), ["12", "2", "40"]),
        (Advice(place(2), Reason.PLACE_FITS, 12, 2, 40, Between(5, 20, 1, 3)),
         ["12", "40", "20", "3"]),
    ]


Worder = Callable[..., str]
CASES: list[tuple[Worder, object, list[str]]] = [
    *[(record_file_error, error, named) for error, named in record_cases()],
    *[(history_error, error, named) for error, named in history_cases()],
    *[(bot_spec_error, error, named) for error, named in bot_cases()],
    *[(hint_text, advice, named) for advice, named in hint_cases()],
]


@pytest.mark.parametrize(
    ("word", "reported", "named"), CASES,
    ids=[f"{word.__name__}-{getattr(r, 'problem', getattr(r, 'reason', ''))}-{i}"
         for i, (word, r, _named) in enumerate(CASES)],
)
def test_every_problem_and_hint_is_worded_in_every_language_with_its_values(
    word: Worder, reported: object, named: list[str]
) -> None:
    english = word(reported)
    for language in LANGUAGES:
        i18n.install(language)
        said = word(reported)
        assert said.strip() and "{" not in said, (language, said)
        assert not re.search(r":\s*\.", said), (language, said)  # no value left empty
        assert all(value in said for value in named), (language, said)
        assert (said == english) == (language == "en"), (language, said)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_record_problem_names_the_file_and_line(language: str) -> None:
    i18n.install(language)
    said = record_file_error(RecordFileError(FILE, 3, RecordProblem.BINARY))
    assert said.startswith(f"{FILE}, ") and "3" in said.split(":")[0]
    unlined = record_file_error(RecordFileError(FILE, None, RecordProblem.NO_SUCH_FILE))
    assert unlined.startswith((f"{FILE}: ", f"{FILE}\N{NO-BREAK SPACE}: ", f"{FILE} : "))


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_number_in_a_record_s_reason_is_written_as_the_language_writes_it(
    language: str
) -> None:
    i18n.install(language)
    players = [{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "human"}]
    with pytest.raises(RecordError) as refused:
        read_header(1, {"type": "game", "format": "rack-o/1", "players": players,
                        "rules": {"deck_size": 40, "target": 10**100}})
    broken = refused.value
    said = record_file_error(RecordFileError(FILE, 1, RecordProblem.BROKEN, broken.reason,
                                             broken=broken))
    assert f" {i18n.number(HIGHEST_TARGET)} (" in said, said
    assert said.endswith(" 1000000000000000000000000000000…"), said  # as the record spells it


class Catalog(gettext.NullTranslations):
    """A catalog holding just `messages` (msgid to translation)."""

    def __init__(self, messages: dict[str, str]) -> None:
        super().__init__()
        self.messages = messages

    def gettext(self, message: str) -> str:
        return self.messages.get(message, message)


FRENCH_COLONS = {
    "{file}, line {line}: {reason}": "{file}, ligne {line} : {reason}",
    "{file}: {reason}": "{file} : {reason}",
}


@pytest.mark.parametrize(
    ("error", "said"),
    [
        (RecordFileError(FILE, 5, RecordProblem.BROKEN, "the reason"),
         f"{FILE}, ligne 5 : the reason"),
        (RecordFileError(FILE, None, RecordProblem.UNREADABLE, "Permission denied"),
         f"{FILE} : cannot be read (Permission denied)"),
    ],
    ids=["with a line", "without a line"],
)
def test_a_record_problem_is_translated_whole_so_a_language_spaces_its_colon_its_own_way(
    monkeypatch: pytest.MonkeyPatch, error: RecordFileError, said: str
) -> None:
    monkeypatch.setattr(i18n, "_catalog", Catalog(FRENCH_COLONS))
    assert record_file_error(error) == said


def test_a_history_error_says_where_the_game_still_is() -> None:
    error = HistoryError(HistoryProblem.CANNOT_ADD_GAME, DB, "database is locked")
    error.record = FILE
    assert history_error(error) == (
        f"The game could not be added to the history {DB}: database is locked. "
        f"The game's record is still in {FILE}.")


@pytest.mark.parametrize(("matching", "named", "more"), [
    (2, 2, None), (6, 6, None), (SHOWN_MATCHES, SHOWN_MATCHES, None),
    (SHOWN_MATCHES + 1, SHOWN_MATCHES - 1, "  … and 2 more"),
    (40, SHOWN_MATCHES - 1, f"  … and {40 - SHOWN_MATCHES + 1} more"),
])
def test_an_id_matching_several_saved_games_names_them_one_a_line_and_how_to_pick_one(
    matching: int, named: int, more: str | None
) -> None:
    ids = tuple(f"2026-12-01-{400 + n:04d}-player-1-expert-hard" for n in range(matching))
    lines = record_not_found(RecordNotFoundError("2026", Path("/games"), ids)).split("\n")
    assert lines[0] == f'"2026" matches {matching} saved games:'
    assert lines[1:named + 1] == [f"  {game_id}" for game_id in ids[:named]]
    assert lines[named + 1:] == [*([more] if more else []),
                                 'Give the full ID, or more of its start than "2026".']


def test_a_lookup_error_from_elsewhere_says_itself() -> None:
    assert record_not_found(LookupError("other")) == "other"


def test_the_hint_of_real_games_is_one_sentence_in_every_language() -> None:
    game = Game(Rules(2), random.Random(4))
    game.deal()
    while game.view(game.mover).legal_actions:
        view = game.view(game.mover)
        advice = hint(view)
        for language in LANGUAGES:
            i18n.install(language)
            said = hint_text(advice)
            assert said.endswith(".") and said.count(". ") == 0, (language, said)
            assert "\n" not in said and "{" not in said, (language, said)
        i18n.install("en")
        game.apply(advice.action)


@pytest.mark.parametrize("package", ["store", "bots"])
def test_only_the_cli_words_messages(package: str) -> None:
    # The store and the bots report what happened; the words are the CLI's. That they never
    # import rack_o.i18n or rack_o.cli is the layers contract (pyproject.toml, test_layers.py);
    # import-linter does not see the standard library, so gettext is checked here.
    for path in sorted((ROOT / "rack_o" / package).glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        imports = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
        imports |= {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import)
                    for alias in node.names}
        assert not any(name and name.split(".")[0] == "gettext" for name in imports), path
        calls = [node.lineno for node in ast.walk(tree) if isinstance(node, ast.Call)
                 and getattr(node.func, "id", None) in ("_", "N_", "ngettext")]
        assert not calls, f"{path}: translated on lines {calls}"


@pytest.mark.parametrize("language", ["en", "el", "fr", "cs"])
def test_a_hint_never_ends_a_line_inside_a_slot_number(language: str) -> None:
    from rack_o.actions import TAKE
    from rack_o.cli.wrapping import fill

    i18n.install(language)
    try:
        text = hint_text(Advice(TAKE, Reason.TAKE, 46, 9, 12, between=Between(34, 47, 7, 10)))
    finally:
        i18n.install("en")
    for width in range(30, 81):
        for line in fill(text, width).splitlines():
            assert not re.search(r"\(\S+$", line), (width, line)


@pytest.mark.parametrize(
    ("language", "cost", "said"),
    [("en", 0.4, "0.40 turns"), ("en", 2.1, "2.10 turns"),
     ("fr", 0.4, "0,40 tour."), ("fr", 1.9, "1,90 tour."), ("fr", 2.1, "2,10 tours"),
     ("fr", 1.996, "2,00 tours"), ("cs", 0.4, "0,40 tahu"), ("cs", 2.1, "2,10 tahu")],
)
def test_a_cost_in_turns_takes_the_form_its_language_gives_a_decimal(
    language: str, cost: float, said: str
) -> None:
    """French: a number under 2 takes the singular ("1,9 tour"); Czech: a decimal takes the
    genitive singular ("2,1 tahu"); English: the plural."""
    from rack_o.cli.review import decimal_form, turns_text

    i18n.install(language)
    text = i18n.ngettext("biggest mistake: round {round}, turn {turn}, {cost} turn.",
                         "biggest mistake: round {round}, turn {turn}, {cost} turns.",
                         decimal_form(cost)).format(round=1, turn=2, cost=turns_text(cost))
    assert said in text


@pytest.mark.parametrize(("language", "names", "said"), [
    ("en", ["Ann"], "Ann"),
    ("en", ["Ann", "Bob"], "Ann and Bob"),
    ("en", ["Ann", "Bob", "Cy"], "Ann, Bob and Cy"),
    ("fr", ["Ann", "Bob", "Cy"], "Ann, Bob et Cy"),
    ("el", ["Ann", "Bob"], "Ann και Bob"),
    ("cs", ["Ann", "Bob", "Cy"], "Ann, Bob a Cy"),
])
def test_names_are_listed_as_a_sentence_lists_them(language: str, names: list[str],
                                                    said: str) -> None:
    # "Waiting for Zoë, Émile." and "Bob, Cat are away" read as a list cut short.
    from rack_o.i18n import listed, speaking

    with speaking(language):
        assert listed(names) == said
