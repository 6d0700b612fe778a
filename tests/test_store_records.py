"""Reading record files: any damage is refused with file, line and reason; files never change."""

from __future__ import annotations

import hashlib
import json
import random
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from builders import (
    finished_game,
    record_lines,
    record_text,
    unfinished_game,
    write_record,
    write_with_header,
)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rack_o.cli.messages import record_file_error, record_not_found
from rack_o.store.paths import record_id
from rack_o.store.records import (
    MAX_RECORD_BYTES,
    RecordFileError,
    RecordNotFoundError,
    RecordProblem,
    find_record,
    list_games,
    load_record,
    summarize,
)


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def lines_of(seed: int = 3) -> list[str]:
    return record_text(unfinished_game(seed, turns=12)).splitlines(keepends=True)


def replace_line(lines: list[str], index: int, new: str) -> bytes:
    return "".join(lines[:index] + [new] + lines[index + 1 :]).encode()


def break_a_turn(lines: list[str]) -> tuple[bytes, int]:
    index = next(i for i, line in enumerate(lines) if '"turn"' in line)
    turn = json.loads(lines[index])
    turn["card"] = turn["card"] % 40 + 1  # not the top of its pile
    return replace_line(lines, index, json.dumps(turn) + "\n"), index + 1


def other_format(lines: list[str]) -> tuple[bytes, int]:
    header = json.loads(lines[0])
    header["format"] = "rack-o/2"
    return replace_line(lines, 0, json.dumps(header) + "\n"), 1


def without_seat(lines: list[str]) -> tuple[bytes, int]:
    index = next(i for i, line in enumerate(lines) if '"turn"' in line)
    turn = json.loads(lines[index])
    del turn["seat"]
    return replace_line(lines, index, json.dumps(turn) + "\n"), index + 1


def without_slot(lines: list[str], kept: bool) -> tuple[bytes, int]:
    """The first turn that kept its card (or threw it away, if not `kept`), its slot left out."""
    index = next(i for i, line in enumerate(lines)
                 if '"turn"' in line and ('"slot": null' not in line) == kept)
    turn = json.loads(lines[index])
    del turn["slot"]
    return replace_line(lines, index, json.dumps(turn) + "\n"), index + 1


def card_written(lines: list[str], spelling: str) -> tuple[bytes, int]:
    """The first turn's card, spelt as `spelling` spells it ("{}e0": "7e0")."""
    index = next(i for i, line in enumerate(lines) if '"turn"' in line)
    card = json.loads(lines[index])["card"]
    line = lines[index].replace(f'"card": {card}', f'"card": {spelling.format(card)}', 1)
    return replace_line(lines, index, line), index + 1


def a_field_twice(lines: list[str]) -> tuple[bytes, int]:
    index = next(i for i, line in enumerate(lines) if '"turn"' in line)
    turn = json.loads(lines[index])
    # A reader keeping the first "card" and one keeping the last would see two games.
    twice = json.dumps(turn).replace('"card": ', f'"card": {turn["card"] % 40 + 1}, "card": ', 1)
    return replace_line(lines, index, twice + "\n"), index + 1


def a_number_json_lacks(lines: list[str], token: str) -> tuple[bytes, int]:
    index = next(i for i, line in enumerate(lines) if '"turn"' in line)
    noted = lines[index].replace("{", f'{{"note": {token}, ', 1)
    return replace_line(lines, index, noted), index + 1


DEEP = "[" * 100_000 + "]" * 100_000
"""Complete JSON, nested deeper than a parser goes."""

LONG = "9" * 5000
"""A whole number of more digits than Python's int reads (4,300): valid JSON all the same."""


def a_number_too_long(lines: list[str], last: bool = False) -> tuple[bytes, int]:
    """A turn's card 5,000 digits long: in the first turn, or in the last line, which lacks its
    newline (complete all the same: no torn write)."""
    turns = [i for i, line in enumerate(lines) if '"turn"' in line]
    index = turns[-1] if last else turns[0]
    long = re.sub(r'"card": \d+', f'"card": {LONG}', lines[index], count=1)
    if last:
        return ("".join(lines[:index]) + long.rstrip("\n")).encode(), index + 1
    return replace_line(lines, index, long), index + 1


FIRST_CARD = json.loads(next(line for line in lines_of() if '"turn"' in line))["card"]
"""The card the first turn of `lines_of()` draws."""

# (name, build the damaged bytes -> (bytes, line or None), words the reason must hold)
DAMAGE: list[tuple[str, Callable[[list[str]], tuple[bytes, int | None]], str]] = [
    ("bad JSON in the middle", lambda ls: (replace_line(ls, 4, '{"type": "turn", \n'), 5),
     "not valid JSON"),
    ("a blank line in the middle", lambda ls: (replace_line(ls, 3, "\n"), 4), "empty"),
    ("another format", other_format, 'format must be "rack-o/1"'),
    ("a CSV file", lambda ls: (b"name,score\nAnn,75\n", 1), "not a rack-o/1 game record"),
    ("a turn that breaks a rule", break_a_turn, "top of the"),
    ("an empty file", lambda ls: (b"", 1), "empty"),
    ("only blank lines", lambda ls: (b"\n\n  \n", 1),
     "the file holds only blank lines: a game record starts with a game line"),
    ("three blank lines", lambda ls: (b"\n\n\n", 1), "the file holds only blank lines"),
    ("spaces without a newline", lambda ls: (b" \t ", 1), "the file holds only blank lines"),
    ("blank lines before the game line", lambda ls: (b"\n\n" + "".join(ls).encode(), 1),
     "line 1: the line is empty"),
    ("binary junk", lambda ls: (bytes(random.Random(1).randrange(256) for _ in range(4000)), None),
     "not"),
    ("a NUL byte in a line", lambda ls: (replace_line(ls, 2, ls[2][:5] + "\0" + ls[2][5:]), 3),
     "binary data"),
    ("Latin-1 text", lambda ls: (replace_line(ls, 0, ls[0].replace("Ann", "Zoë")).replace(
        "Zoë".encode(), "Zoë".encode("latin-1")), 1), "not UTF-8"),
    ("junk after the last line", lambda ls: ("".join(ls).encode() + b"garbage", len(ls) + 1),
     "neither JSON nor a torn write"),
    ("a line that is not an object", lambda ls: (replace_line(ls, 2, "[1, 2]\n"), 3),
     'JSON object with a "type"'),
    ("absurdly nested JSON", lambda ls: (replace_line(ls, 2, "[" * 100_000 + "\n"), 3),
     "not valid JSON"),
    ("complete JSON nested too deeply", lambda ls: (replace_line(ls, 2, DEEP + "\n"), 3),
     "nested too deeply to be read"),
    ("a last line of complete JSON nested too deeply, without its newline",
     lambda ls: (("".join(ls) + f'{{"type": "turn", "note": {DEEP}}}').encode(), len(ls) + 1),
     "nested too deeply to be read"),
    ("a field given twice", a_field_twice, 'the line gives "card" twice'),
    ("a last line giving a field twice, without its newline",
     lambda ls: ("".join(ls).encode() + b'{"type": "turn", "type": "game"}', len(ls) + 1),
     'the line gives "type" twice'),
    ("NaN, which JSON lacks", lambda ls: a_number_json_lacks(ls, "NaN"), "not valid JSON"),
    ("Infinity, which JSON lacks", lambda ls: a_number_json_lacks(ls, "-Infinity"),
     "not valid JSON"),
    ("a last line of complete JSON holding NaN, without its newline",
     lambda ls: ("".join(ls).encode() + b'{"type": "turn", "card": NaN}', len(ls) + 1),
     "not valid JSON"),
    ("a second game line", lambda ls: (replace_line(ls, 2, ls[0]), 3), 'exactly one "game" line'),
    ("a missing deal", lambda ls: (replace_line(ls, 2, ""), 3), 'no turn may come'),
    ("only the game line", lambda ls: (ls[0].encode(), 2), 'no "dealer_draw" line'),
    ("a turn without its seat", lambda ls: without_seat(ls), 'the seat whose turn it is, not null'),
    # Not read as null: that would be a drawn card thrown away, a move nobody made.
    ("a turn without its slot", lambda ls: without_slot(ls, kept=True),
     'a turn must give its "slot": 1-10, or null for a drawn card discarded at once'),
    ("a discard without its slot", lambda ls: without_slot(ls, kept=False),
     'a turn must give its "slot"'),
    # Quoted as the file writes it: "not 7.0" would read as a contradiction of "is 7".
    ("a card written with an exponent", lambda ls: card_written(ls, "{}e0"),
     f"pile is {FIRST_CARD}, not {FIRST_CARD}e0"),
    ("a target written with a point", lambda ls: (replace_line(ls, 0, ls[0].replace(
        '"target": 150', '"target": 1.5e2')), 1), "(such as 500), not 1.5e2"),
    ("two blank lines at the end", lambda ls: ("".join(ls).encode() + b"\n\n", len(ls) + 1),
     "the line is empty"),
    ("a target the rules refuse", lambda ls: (replace_line(ls, 0, ls[0].replace(
        '"target": 150', '"target": 7')), 1),
     "the target must be a multiple of 5 from 5 to 100,000 (such as 500), not 7"),
    ("a target no game reaches", lambda ls: (replace_line(ls, 0, ls[0].replace(
        '"target": 150', f'"target": {10**100}')), 1),
     "the target must be a multiple of 5 from 5 to 100,000 (such as 500), not 10000000000"),
    ("a target past the highest by 5", lambda ls: (replace_line(ls, 0, ls[0].replace(
        '"target": 150', '"target": 100005')), 1), "from 5 to 100,000 (such as 500), not 100005"),
    ("a number too long to read", a_number_too_long,
     "the line holds a number of 5,000 digits, too long to be read"),
    ("a last line holding a number too long to read, without its newline",
     lambda ls: a_number_too_long(ls, last=True),
     "the line holds a number of 5,000 digits, too long to be read"),
    ("a seed too long to read", lambda ls: (replace_line(ls, 0, ls[0].replace(
        '"seed": 3', f'"seed": -{LONG}')), 1),
     "line 1: the line holds a number of 5,000 digits, too long to be read"),
    # Its lines ran together into one: it was said to be "a torn first line: no game was saved".
    ("lines that end in a carriage return alone",
     lambda ls: ("".join(ls).replace("\n", "\r").encode(), 1),
     "line 1: its lines end in a carriage return (CR) alone"),
]


@pytest.mark.parametrize(("name", "damage", "reason"), DAMAGE, ids=[d[0] for d in DAMAGE])
def test_damaged_files_are_refused_with_file_line_and_reason_and_left_unchanged(
    tmp_path: Path, name: str, damage: Callable[[list[str]], tuple[bytes, int | None]], reason: str
) -> None:
    data, line = damage(lines_of())
    path = tmp_path / "game.jsonl"
    path.write_bytes(data)
    before = digest(path), path.stat().st_mtime_ns
    with pytest.raises(RecordFileError) as caught:
        load_record(path)
    error = caught.value
    said = record_file_error(error)  # the store names the problem; the CLI words it
    assert error.path == path and said.startswith(str(path))
    assert reason in said
    if line is not None:
        assert error.line == line
        assert f"line {line}:" in said
    assert (digest(path), path.stat().st_mtime_ns) == before


HOSTILE_LINES = 20_000


def hostile(lines: list[str]) -> bytes:
    """A good game line, then many valid short lines the rules refuse (the first of them, line
    2, is no dealer draw), then a line that is not JSON at all."""
    return (lines[0] + '{"type": "turn"}\n' * HOSTILE_LINES + "{oops\n").encode()


@pytest.mark.parametrize("read", [load_record, summarize], ids=["load_record", "summarize"])
def test_a_big_bad_record_is_refused_at_its_first_bad_line_before_the_rest_is_parsed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, read: Callable[[Path], object]
) -> None:
    path = tmp_path / "hostile.jsonl"
    path.write_bytes(hostile(lines_of()))
    before = digest(path), path.stat().st_mtime_ns
    parsed: list[str] = []
    loads = json.loads
    monkeypatch.setattr(json, "loads", lambda text, **kw: parsed.append(text) or loads(text, **kw))
    with pytest.raises(RecordFileError) as caught:
        read(path)
    assert record_file_error(caught.value) == (
        f'{path}, line 2: the second line must be "dealer_draw", not "turn"'
    )
    assert len(parsed) <= 2  # the game line and line 2, not the 20,000 after them
    assert (digest(path), path.stat().st_mtime_ns) == before


@pytest.mark.slow
def test_a_huge_file_is_refused_unread(tmp_path: Path) -> None:
    path = tmp_path / "huge.jsonl"
    with open(path, "wb") as file:
        file.truncate(MAX_RECORD_BYTES + 1)  # sparse: instant, and all zeros
    before = digest(path)
    with pytest.raises(RecordFileError) as caught:
        load_record(path)
    assert (caught.value.problem, caught.value.size) == (RecordProblem.TOO_BIG,
                                                         MAX_RECORD_BYTES + 1)
    assert "larger than any game record" in record_file_error(caught.value)
    assert digest(path) == before and path.stat().st_size == MAX_RECORD_BYTES + 1


@pytest.mark.parametrize(
    ("what", "problem", "said"),
    [("a directory", RecordProblem.NOT_A_FILE, "not a regular file"),
     ("no such file", RecordProblem.NO_SUCH_FILE, "no such file")],
)
def test_what_is_not_a_file_is_refused(
    tmp_path: Path, what: str, problem: RecordProblem, said: str
) -> None:
    path = tmp_path / "x.jsonl"
    if what == "a directory":
        path.mkdir()
    with pytest.raises(RecordFileError) as caught:
        load_record(path)
    assert (caught.value.path, caught.value.line, caught.value.problem) == (path, None, problem)
    assert record_file_error(caught.value) == f"{path}: {said}" + (
        ", so not a game record" if what == "a directory" else "")


@pytest.mark.parametrize(
    "tail",
    [b'{"type": "turn", "seat"', b'{"type": "turn", "na', b"\0" * 4096, b'{"type": "x\0\0\0',
     b'{"type": "turn", "note": ' + b"[" * 100_000, b'{"type": "turn", "card": NaN',
     b'{"type": "turn", "card": ' + LONG.encode(), b'{"type": "turn", "card": ' + LONG.encode()
     + b', "sl'],
    ids=["cut mid-line", "cut mid-word", "zeros after a power cut", "cut, then zeros",
         "cut deep inside nested lists", "cut after a NaN", "cut inside a number too long to read",
         "cut after a number too long to read"],
)
def test_a_torn_last_line_is_ignored(tmp_path: Path, tail: bytes) -> None:
    game = unfinished_game(4, turns=9)
    whole = record_text(game).encode()
    path = tmp_path / "game.jsonl"
    path.write_bytes(whole + tail)
    record = load_record(path)
    assert record.events == record_lines(game)
    assert record.complete_bytes == len(whole)
    assert path.read_bytes() == whole + tail


NOTE = b'{"type": "turn", "note": ' + b"[" * 3000


@pytest.mark.timeout(30)
@pytest.mark.parametrize(
    "tail",
    [NOTE + b'"' + b"a" * 60, NOTE + b'"' + b'\\"' * 100_000,
     NOTE + b'"' + b'\\"' * 100_000 + b'"' + b"]" * 3000 + b"}"],
    ids=["a string left open", "a string of escaped quotes left open",
         "a closed string of escaped quotes"],
)
def test_a_last_line_nested_too_deeply_is_judged_in_one_pass(tmp_path: Path, tail: bytes) -> None:
    # Telling a complete line from a torn one once the parser gives up must not backtrack:
    # a scan that backtracked took hours over the first two.
    game = unfinished_game(4, turns=3)
    whole = record_text(game).encode()
    path = tmp_path / "game.jsonl"
    path.write_bytes(whole + tail)
    if tail.endswith(b"}"):
        with pytest.raises(RecordFileError) as caught:
            load_record(path)
        assert caught.value.line == len(record_lines(game)) + 1
    else:
        assert load_record(path).complete_bytes == len(whole)
    assert path.read_bytes() == whole + tail


def test_a_last_line_cut_inside_a_utf8_character_is_a_torn_write(tmp_path: Path) -> None:
    game = unfinished_game(4, turns=3)
    whole = record_text(game).encode()
    cut = '{"type": "turn", "note": "Zoë'.encode()[:-1]
    path = tmp_path / "game.jsonl"
    path.write_bytes(whole + cut)
    assert load_record(path).events == record_lines(game)


@pytest.mark.parametrize("after", [b"", b"\0" * 4096, b"  \0\0"],
                         ids=["nothing", "zeros after a power cut", "blanks, then zeros"])
def test_a_last_line_without_its_newline_still_counts(tmp_path: Path, after: bytes) -> None:
    game = unfinished_game(4, turns=3)
    path = tmp_path / "game.jsonl"
    whole = record_text(game).rstrip("\n").encode()
    path.write_bytes(whole + after)
    record = load_record(path)
    assert record.events == record_lines(game)
    assert not record.torn  # nothing was lost
    assert path.read_bytes() == whole + after


@pytest.mark.parametrize("last", [b"\n", b"   \n", b"\r\n", b"\t", b"\n\0\0\0"],
                         ids=["an empty line", "spaces", "CRLF", "a tab, no newline",
                              "an empty line, then zeros"])
def test_a_blank_last_line_is_ignored(tmp_path: Path, last: bytes) -> None:
    # An editor or `echo >> file` leaves one; the spec ignores a last line that is no JSON.
    game = unfinished_game(4, turns=3)
    path = tmp_path / "game.jsonl"
    whole = record_text(game).encode()
    path.write_bytes(whole + last)
    record = load_record(path)
    assert record.events == record_lines(game)
    assert (record.complete_bytes, record.torn) == (len(whole), False)
    assert path.read_bytes() == whole + last


def test_a_byte_order_mark_is_tolerated(tmp_path: Path) -> None:
    game = unfinished_game(4, turns=3)
    path = tmp_path / "game.jsonl"
    path.write_bytes(b"\xef\xbb\xbf" + record_text(game).encode())
    assert load_record(path).events == record_lines(game)


def test_events_the_writer_did_not_live_to_write_are_supplied(tmp_path: Path) -> None:
    game = finished_game(8)
    last_turn = max(i for i, e in enumerate(record_lines(game)) if e["type"] == "turn")
    path = tmp_path / "game.jsonl"
    path.write_text("".join(json.dumps(e) + "\n" for e in record_lines(game)[: last_turn + 1]))
    record = load_record(path)
    assert [e["type"] for e in record.missing_events] == ["round_end", "game_end"]
    assert record.game.is_over
    assert record.events + list(record.missing_events) == record_lines(game)


def test_loading_with_the_seeded_rng_advances_it_like_the_original(tmp_path: Path) -> None:
    game = unfinished_game(11, turns=5)
    path = write_record(tmp_path / "g.jsonl", game)
    rebuilt = load_record(path, seeded=True).game
    assert rebuilt.rng is not None and game.rng is not None
    assert rebuilt.rng.getstate() == game.rng.getstate()


@pytest.mark.slow
@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=st.data())
def test_any_corruption_is_either_read_or_refused_cleanly(
    tmp_path: Path, data: st.DataObject
) -> None:
    original = record_text(unfinished_game(2, turns=15)).encode()
    start = data.draw(st.integers(0, len(original)))
    end = data.draw(st.integers(start, min(len(original), start + 40)))
    junk = data.draw(st.binary(max_size=40))
    damaged = original[:start] + junk + original[end:]
    path = tmp_path / "fuzz.jsonl"
    path.write_bytes(damaged)
    try:
        load_record(path)
    except RecordFileError as error:
        assert error.path == path and record_file_error(error).startswith(f"{path}")
    assert path.read_bytes() == damaged


# ---------------------------------------------------------------- finding and listing


def test_find_record_by_id_prefix_or_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RACKO_HOME", str(tmp_path))
    games = tmp_path / "games"
    games.mkdir()
    a = write_record(games / "2026-11-29T210500Z-ann-bob.jsonl", unfinished_game(1, 3))
    b = write_record(games / "2026-11-30T080000Z-ann-bob.jsonl", unfinished_game(2, 3))
    assert find_record("2026-11-29T210500Z-ann-bob") == a
    assert find_record("2026-11-30") == b
    assert find_record(str(a)) == a
    with pytest.raises(RecordNotFoundError) as several:
        find_record("2026-11")
    assert several.value.matches == (record_id(a), record_id(b))
    assert record_not_found(several.value).startswith('"2026-11" matches 2 saved games:\n')
    with pytest.raises(RecordNotFoundError) as none:
        find_record("nope")
    assert (none.value.ref, none.value.folder, none.value.matches) == ("nope", games, ())
    assert record_not_found(none.value) == f'No saved game "nope" in {games} and no such file.'


def test_a_saved_game_s_file_name_names_it_unless_a_file_here_has_that_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("RACKO_HOME", str(tmp_path / "home"))
    games = tmp_path / "home" / "games"
    games.mkdir(parents=True)
    saved = write_record(games / "2026-11-29-2105-ann-bob.jsonl", unfinished_game(1, 3))
    monkeypatch.chdir(tmp_path)
    assert find_record("2026-11-29-2105-ann-bob.jsonl") == saved
    assert find_record("other.jsonl") == Path("other.jsonl")  # reading it says: no such file
    here = write_record(tmp_path / "2026-11-29-2105-ann-bob.jsonl", unfinished_game(2, 3))
    assert find_record("2026-11-29-2105-ann-bob.jsonl").resolve() == here


def test_list_games_shows_players_start_round_scores_and_skips_damaged_and_empty(
    tmp_path: Path,
) -> None:
    finished = finished_game(3)
    unfinished = unfinished_game(6, turns=60, target=500)
    write_record(tmp_path / "done.jsonl", finished)
    write_record(tmp_path / "open.jsonl", unfinished)
    (tmp_path / "bad.jsonl").write_bytes(b"\0\0\n\0")
    (tmp_path / "notes.txt").write_text("not a record")
    (tmp_path / "never-began.jsonl").write_bytes(b"")
    games, problems = list_games(tmp_path)
    by_id = {g.id: g for g in games}
    assert set(by_id) == {"done", "open"}
    assert by_id["done"].finished and not by_id["open"].finished
    opened = by_id["open"]
    assert opened.names == ("Ann", "Bob") and opened.kinds == ("human", "bot:easy")
    assert opened.started == "2026-11-29T21:05:00Z"
    assert opened.round == unfinished.round
    assert opened.totals == tuple(unfinished.totals)
    # The empty file is said too (racko resume names it, and leaves it as it is).
    assert [(p.path.name, p.problem) for p in problems] == [
        ("bad.jsonl", RecordProblem.BINARY), ("never-began.jsonl", RecordProblem.EMPTY)]


def test_reading_a_record_never_writes_it(tmp_path: Path) -> None:
    path = write_record(tmp_path / "g.jsonl", unfinished_game(1, 2))
    path.chmod(0o444)
    before = (path.read_bytes(), path.stat().st_mtime_ns)
    record = load_record(path)
    assert record.size == len(before[0])
    assert (path.read_bytes(), path.stat().st_mtime_ns) == before


@pytest.mark.parametrize("seed", [None, 1.5, True, [3]])
def test_a_seed_no_cards_can_be_dealt_from_gives_no_generator(tmp_path: Path, seed: object) -> None:
    # The engine made one from the clock and the system's entropy: its chance comes only
    # from a generator it is given (racko resume gives one of its own).
    path = write_with_header(tmp_path / "g.jsonl", unfinished_game(11, turns=5),
                             lambda line: line.update(seed=seed))
    assert load_record(path, seeded=True).game.rng is None
