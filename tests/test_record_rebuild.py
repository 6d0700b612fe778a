"""rack-o/1 records: written as the game goes, rebuilt through the engine, refused when wrong."""

from __future__ import annotations

import gettext
import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from builders import SeededGame, dealt, play_sensibly, record_lines, sensible_action, snapshot

from rack_o import (
    DISCARD,
    DRAW,
    Action,
    DealerDraw,
    Game,
    Header,
    Player,
    Rebuilt,
    RecordError,
    Rules,
    RulesError,
    Step,
    dumps,
    event,
    parse_lines,
    rebuild,
)
from rack_o.i18n import LOCALE_DIR
from rack_o.record import is_torn

Event = dict[str, Any]


def played_game(seed: int = 5, **options: Any) -> Game:
    """A whole two-player game to 150, played sensibly with a few random moves."""
    game = SeededGame(Rules(2, target=150, **options), random.Random(seed), seed=seed)
    assert play_sensibly(game, random.Random(seed + 1), randomness=0.1)
    return game


def text_of(events: list[Event]) -> str:
    return "".join(dumps(event) for event in events)


def game_with_turn_over() -> Game:
    """A round in which the draw pile ran out and was turned over once."""
    racks = [[40, 2, 38, 4, 36, 6, 34, 8, 32, 10], [39, 1, 37, 3, 35, 5, 33, 7, 31, 9]]
    game = dealt(racks, discard=20, dealer=0)
    for _ in range(21):
        game.apply(DRAW)
        game.apply(DISCARD)
    return game


def same_game(record: Rebuilt, game: Game) -> None:
    assert record_lines(record) == record_lines(game)
    rebuilt = record.game
    assert rebuilt.totals == game.totals
    assert rebuilt.rounds == game.rounds
    assert rebuilt.winner == game.winner
    assert rebuilt.phase == game.phase
    assert rebuilt.round == game.round and rebuilt.turn == game.turn
    assert (rebuilt.dealer, rebuilt.mover) == (game.dealer, game.mover)
    assert rebuilt.racks == game.racks
    assert rebuilt.draw_pile == game.draw_pile
    assert rebuilt.discard_pile == game.discard_pile
    assert rebuilt.history == game.history


# ------------------------------------------------------------------ writing and rebuilding


@pytest.mark.parametrize("options", [{}, {"bonus": True}, {"run_of_three": True}])
def test_a_finished_game_rebuilt_from_its_record_is_the_same_game(options: dict) -> None:
    game = played_game(**options)
    assert game.is_over and len(game.rounds) >= 2
    text = text_of(record_lines(game))
    assert text.count("\n") == len(record_lines(game))
    assert json.loads(text.splitlines()[0])["format"] == "rack-o/1"
    same_game(rebuild(text), game)


def test_the_steps_are_handed_out_as_they_happen() -> None:
    seen: list[Step] = []
    game = Game(Rules(3, target=100), random.Random(1), on_step=seen.append)
    assert [type(step) for step in seen] == [DealerDraw]
    play_sensibly(game, random.Random(2))
    assert tuple(seen) == game.steps
    assert [event(step) for step in seen] == record_lines(game)[1:]


def test_an_unfinished_game_is_rebuilt_where_it_stopped_and_plays_on_the_same() -> None:
    game = Game(Rules(3, target=150), random.Random(21))
    policy = random.Random(22)
    steps: list[Any] = []  # every deck dealt and action applied, in order
    # The state and the steps taken after each event; a record holds no half turns.
    states = {1 + len(game.steps): (snapshot(game), 0)}
    while not game.is_over:
        if game.phase == "deal":
            game.deal()
            steps.append(game.steps[-1].deck)
        else:
            action = sensible_action(game, policy, randomness=0.2)
            game.apply(action)
            steps.append(action)
        states.setdefault(1 + len(game.steps), (snapshot(game), len(steps)))
    assert len(states) > 100
    lines = record_lines(game)
    for cut, (state, _) in list(states.items())[::7]:
        assert snapshot(rebuild(text_of(lines[:cut])).game) == state
    # Played on from the middle of a round, the rebuilt game follows the original exactly.
    cut = next(n for n, (state, _) in states.items() if n > len(lines) // 2 and state["turn"] > 3)
    record = rebuild(text_of(lines[:cut]))
    for step in steps[states[cut][1] :]:
        if isinstance(step, Action):
            record.game.apply(step)
        else:
            record.game.deal(step)
    same_game(record, game)


def to_the_second_deal(game: Game) -> None:
    """Play `game` sensibly through its first round, to where the second is to be dealt."""
    policy = random.Random(12)
    while game.round < 2 or game.phase != "deal":
        if game.phase == "deal":
            game.deal()
        else:
            game.apply(sensible_action(game, policy))


def test_a_rebuilt_game_with_the_same_seed_deals_the_next_rounds_as_the_original() -> None:
    game = Game(Rules(2, target=300), random.Random(11))
    to_the_second_deal(game)
    rebuilt = rebuild(text_of(record_lines(game)), rng=random.Random(11)).game
    game.deal()
    rebuilt.deal()
    assert rebuilt.steps[-1] == game.steps[-1]


def test_a_turn_over_is_written_before_the_turn_it_precedes_and_rebuilt() -> None:
    game = game_with_turn_over()
    types = [event["type"] for event in record_lines(game)]
    assert types.count("turn_over") == 1
    i = types.index("turn_over")
    assert types[i - 1] == types[i + 1] == "turn"
    same_game(rebuild(text_of(record_lines(game))), game)


def test_a_torn_last_line_is_ignored() -> None:
    game = played_game()
    text = text_of(record_lines(game)[:40])
    rebuilt = rebuild(text + dumps(record_lines(game)[40])[:17])
    assert record_lines(rebuilt) == record_lines(game)[:40]


def test_a_last_line_without_its_newline_but_complete_is_read() -> None:
    game = played_game()
    text = text_of(record_lines(game)[:40])
    assert record_lines(rebuild(text[:-1])) == record_lines(game)[:40]


LONG = "9" * 5000
"""A whole number longer than Python's int reads (4,300 digits): valid JSON all the same."""


@pytest.mark.parametrize(
    ("line", "torn"),
    [('{"type": "turn", "card": ' + LONG + "}", False),
     ('{"type": "turn", "card": -' + LONG + ', "note": NaN}', False),
     ('{"type": "turn", "card": ' + LONG, True),
     ('{"type": "turn", "note": NaN, "card": ' + LONG + ', "slot"', True)],
    ids=["complete", "complete, with a NaN", "cut inside it", "cut after it"],
)
def test_a_last_line_holding_a_number_too_long_to_read_is_torn_only_when_cut_short(
    line: str, torn: bool
) -> None:
    assert is_torn(line) is torn
    text = text_of(record_lines(played_game())[:40]) + line
    if torn:
        assert len(parse_lines(text)) == 40
    else:
        with pytest.raises(RecordError) as refused:
            parse_lines(text)
        assert refused.value.line == 41
        assert refused.value.reason in {
            "the line holds a number of 5000 digits, too long to be read",
            "the line is not valid JSON",  # a NaN in it: either is true
        }


def test_fields_a_reader_does_not_know_are_ignored() -> None:
    game = played_game()
    extra = {"comment": "written by a newer racko", "elapsed": 1.5}
    noisy = [event | extra for event in record_lines(game)]
    record = rebuild(text_of(noisy))
    assert record.game.totals == game.totals and record.game.winner == game.winner
    assert record.header.event()["comment"] == "written by a newer racko"


@pytest.mark.parametrize("value", [None, 1, 0, "off", "false", [], {}, 1.5])
def test_hints_not_true_or_false_are_another_writer_s_field_and_ignored(value: object) -> None:
    """"hints" is racko's own field: only its false turns hints off for the game."""
    game = played_game()
    lines = record_lines(game)
    lines[0] = lines[0] | {"hints": value}
    record = rebuild(text_of(lines))
    assert record.game.totals == game.totals and record.header.hints is True


def test_parse_lines_numbers_the_lines_from_one() -> None:
    game = played_game()
    parsed = parse_lines(text_of(record_lines(game)[:3]))
    assert [number for number, _ in parsed] == [1, 2, 3]
    assert [event for _, event in parsed] == record_lines(game)[:3]


# ------------------------------------------------------------------ records that are refused


def at(kind: str, nth: int = 0) -> Callable[[list[Event]], int]:
    """The index of the nth event of this type."""

    def find(events: list[Event]) -> int:
        return [i for i, event in enumerate(events) if event["type"] == kind][nth]

    return find


def set_field(kind: str, field: str, value: Any, nth: int = 0) -> Callable[[list[Event]], int]:
    def mutate(events: list[Event]) -> int:
        i = at(kind, nth)(events)
        events[i] = events[i] | {field: value}
        return i

    return mutate


def first_turn_where(condition: Callable[[Event], bool], change: dict) -> Callable:
    def mutate(events: list[Event]) -> int:
        i = next(i for i, e in enumerate(events) if e["type"] == "turn" and condition(e))
        events[i] = events[i] | change
        return i

    return mutate


def drop(kind: str) -> Callable[[list[Event]], int]:
    def mutate(events: list[Event]) -> int:
        i = at(kind)(events)
        del events[i]
        return i  # the line that now stands where the dropped one was

    return mutate


def deck_missing_a_card(events: list[Event]) -> int:
    i = at("deal")(events)
    deck = list(events[i]["deck"])
    deck[deck.index(40)] = deck[0]  # a card twice, the 40 missing
    events[i] = events[i] | {"deck": deck}
    return i


def deck_one_short(events: list[Event]) -> int:
    i = at("deal", 1)(events)
    events[i] = events[i] | {"deck": events[i]["deck"][:-1]}
    return i


def points_off(events: list[Event]) -> int:
    i = at("round_end")(events)
    points = list(events[i]["points"])
    points[0] += 5
    events[i] = events[i] | {"points": points}
    return i


def totals_off(events: list[Event]) -> int:
    i = at("round_end", 1)(events)
    events[i] = events[i] | {"totals": [t + 5 for t in events[i]["totals"]]}
    return i


def after_game_end(line: Event) -> Callable[[list[Event]], int]:
    def mutate(events: list[Event]) -> int:
        events.append(line)
        return len(events) - 1

    return mutate


def wrong_dealer(events: list[Event], nth: int) -> int:
    """The nth deal dealt by the seat that dealt the round before (or not the first dealer)."""
    i = at("deal", nth)(events)
    events[i] = events[i] | {"dealer": (events[i]["dealer"] + 1) % 2}
    return i


def wrong_winner(events: list[Event]) -> int:
    events[-1] = events[-1] | {"winner": 1 - events[-1]["winner"]}
    return len(events) - 1


def round_end_too_early(events: list[Event]) -> int:
    events.insert(3, events[at("round_end")(events)])
    return 3


def second_game_line(events: list[Event]) -> int:
    events.insert(5, events[0])
    return 5


def unknown_type(events: list[Event]) -> int:
    events.insert(3, {"type": "shuffle", "round": 1})
    return 3


def typed(kind: str, at_line: int = 3) -> Callable[[list[Event]], int]:
    """A line of type `kind` inserted at index `at_line`."""
    def mutate(events: list[Event]) -> int:
        events.insert(at_line, {"type": kind})
        return at_line

    return mutate


def turn_before_the_deal(events: list[Event]) -> int:
    events.insert(2, {"type": "turn", "seat": 0, "source": "draw", "card": 1, "slot": 1})
    return 2


def card_as(kind: type) -> Callable[[list[Event]], int]:
    """The first drawn card written as another JSON type (35.0 or "35"), not as a number."""
    return lambda events: first_turn_where(
        lambda e: e["source"] == "draw", {"card": kind(next(
            e["card"] for e in events if e["type"] == "turn" and e["source"] == "draw"
        ))}
    )(events)


def dealer_as_bool(events: list[Event]) -> int:
    i = at("deal")(events)
    events[i] = events[i] | {"dealer": bool(events[i]["dealer"])}
    return i


def points_as_floats(events: list[Event]) -> int:
    i = at("round_end")(events)
    events[i] = events[i] | {"points": [float(p) for p in events[i]["points"]]}
    return i


REFUSED = [
    ("wrong format", set_field("game", "format", "rack-o/2"), 'format must be "rack-o/1"'),
    ("first line not game", drop("game"), 'first line must be a "game" line'),
    ("second game line", second_game_line, 'exactly one "game" line'),
    ("five players", set_field("game", "players", [{"name": "A", "kind": "human"}] * 5),
     '"players" must list 2 to 4'),
    ("target not a multiple of 5", set_field("game", "rules",
     {"deck_size": 40, "target": 151, "bonus": False, "partners": False, "run_of_three": False}),
     "the target must be a multiple of 5 from 5 to 100000 "),
    ("partners with two players", set_field("game", "rules",
     {"deck_size": 40, "target": 150, "bonus": False, "partners": True, "run_of_three": False}),
     "partners needs exactly 4 players"),
    ("a rule flag that is not true or false", set_field("game", "rules",
     {"deck_size": 40, "target": 150, "bonus": "yes", "partners": False, "run_of_three": False}),
     'rules "bonus" must be true or false'),
    ("a kind that is neither human nor a bot", set_field("game", "players", [
        {"name": "Ann", "kind": "human"}, {"name": "Rob", "kind": "robot"}]),
     'seat 2 is "robot": a player\'s kind is "human" or "bot:<level>"'),
    ("a person's kind in capitals", set_field("game", "players", [
        {"name": "Ann", "kind": "Human"}, {"name": "Bob", "kind": "human"}]),
     'seat 1 is "Human": a player\'s kind is "human" or "bot:<level>"'),
    ("a bot kind naming no bot", set_field("game", "players", [
        {"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "bot: "}]),
     'seat 2 is "bot: "'),
    ("a dealer draw with a card twice", set_field("dealer_draw", "cards", [7, 7]),
     "the dealer draw needs 2 different cards from 1 to 40"),
    ("a dealer draw that is no list", set_field("dealer_draw", "cards", "7 9"),
     '"cards" must be a list of card numbers'),
    ("a deck that is no list", set_field("deal", "deck", None), '"deck" must be a list'),
    ("wrong deck size", set_field("game", "rules",
     {"deck_size": 60, "target": 150, "bonus": False, "partners": False, "run_of_three": False}),
     "deck_size must be 40"),
    ("dealer draw missing", drop("dealer_draw"), 'second line must be "dealer_draw"'),
    ("wrong dealer", lambda events: wrong_dealer(events, 0), "deals round 1"),
    ("dealer not rotated", lambda events: wrong_dealer(events, 1), "deals round 2"),
    ("wrong round number", set_field("deal", "round", 3, 1), "must be round 2"),
    ("deck missing a card", deck_missing_a_card, "each card from 1 to 40 exactly once"),
    ("deck one card short", deck_one_short, "each card from 1 to 40 exactly once"),
    ("turn taking a card that isn't the top",
     first_turn_where(lambda e: e["source"] == "draw", {"card": 0}), "the top of the draw pile is"),
    ("taking a discard that isn't the top",
     first_turn_where(lambda e: e["source"] == "discard", {"card": 41}),
     "the top of the discard pile is"),
    ("a discard-source turn with a null slot",
     first_turn_where(lambda e: e["source"] == "discard", {"slot": None}),
     "taken from the discard pile must be placed in a slot 1-10"),
    ("slot 11", first_turn_where(lambda e: True, {"slot": 11}), '"slot" must be 1-10 or null'),
    ("slot 0", first_turn_where(lambda e: True, {"slot": 0}), '"slot" must be 1-10 or null'),
    ("unknown source", first_turn_where(lambda e: True, {"source": "hand"}),
     '"source" must be "draw" or "discard"'),
    ("turn out of turn", first_turn_where(lambda e: True, {"seat": 5}),
     "the seat whose turn it is, not 5"),
    ("turn before the deal", turn_before_the_deal, "no turn may come before the round is dealt"),
    ("wrong points", points_off, '"points" must be'),
    ("wrong totals", totals_off, '"totals" must be'),
    ("wrong racko seat", set_field("round_end", "racko", 7), '"racko" must be'),
    ("round_end missing", drop("round_end"), 'expected a "round_end" line here'),
    ("round_end too early", round_end_too_early, 'the rules give no "round_end" here'),
    ("wrong winner", wrong_winner, '"winner" must be'),
    ("something after game_end", after_game_end({"type": "deal", "round": 9, "dealer": 0,
     "deck": list(range(1, 41))}), "nothing may follow game_end"),
    ("a turn after game_end", after_game_end({"type": "turn", "seat": 0, "source": "draw",
     "card": 1, "slot": 1}), "nothing may follow game_end"),
    ("unknown event type", unknown_type, 'unknown event type "shuffle"'),
    ("a card written as a float", card_as(float), "the top of the draw pile is"),
    ("a card written as a string", card_as(str), "the top of the draw pile is"),
    ("a dealer written as false", dealer_as_bool, '"dealer" must be'),
    ("a round number written as a float", set_field("deal", "round", 1.0), "must be round 1"),
    ("points written as floats", points_as_floats, '"points" must be'),
]


@pytest.mark.parametrize(
    ("mutate", "reason"), [case[1:] for case in REFUSED], ids=[case[0] for case in REFUSED]
)
def test_a_record_that_breaks_the_format_or_a_rule_is_refused_at_its_line(
    mutate: Callable[[list[Event]], int], reason: str
) -> None:
    events = [dict(event) for event in record_lines(played_game())]
    index = mutate(events)
    with pytest.raises(RecordError, match=reason) as refused:
        rebuild(text_of(events))
    assert refused.value.line == index + 1
    assert str(refused.value).startswith(f"line {index + 1}: ")


@pytest.mark.parametrize(
    "mutate", [case[1] for case in REFUSED], ids=[case[0] for case in REFUSED]
)
def test_every_reason_a_record_is_refused_can_be_said_in_every_language(
    mutate: Callable[[list[Event]], int],
) -> None:
    events = [dict(event) for event in record_lines(played_game())]
    mutate(events)
    with pytest.raises(RecordError) as refused:
        rebuild(text_of(events))
    error = refused.value
    assert error.reason == error.template.format(**error.values)
    for language in ("el", "fr", "cs"):
        said = gettext.translation("racko", LOCALE_DIR, [language]).gettext(error.template)
        assert said != error.template, (language, error.template)
        assert said.format(**error.values) != error.reason


def test_a_missing_turn_over_is_refused_at_the_turn_that_should_follow_it() -> None:
    events = record_lines(game_with_turn_over())
    i = [event["type"] for event in events].index("turn_over")
    del events[i]
    with pytest.raises(RecordError, match='expected a "turn_over" line here') as refused:
        rebuild(text_of(events))
    assert refused.value.line == i + 1


def test_a_turn_over_where_the_draw_pile_is_not_empty_is_refused() -> None:
    events = record_lines(game_with_turn_over())
    events.insert(4, {"type": "turn_over", "round": 1})
    with pytest.raises(RecordError, match='the rules give no "turn_over" here') as refused:
        rebuild(text_of(events))
    assert refused.value.line == 5


@pytest.mark.parametrize("bad", ["{not json", "[1, 2", "", "   ", '"just a string"', "[]", "{}"])
def test_a_bad_line_in_the_middle_is_refused_with_its_number(bad: str) -> None:
    lines = text_of(record_lines(played_game())).splitlines(keepends=True)
    lines.insert(6, bad + "\n")
    with pytest.raises(RecordError) as refused:
        rebuild("".join(lines))
    assert refused.value.line == 7
    assert refused.value.reason in {
        "the line is not valid JSON",
        "the line is empty",
        'each line must be a JSON object with a "type"',
    }


def test_an_empty_record_is_refused() -> None:
    with pytest.raises(RecordError, match="empty"):
        rebuild("")


def test_a_record_with_only_a_torn_line_is_refused() -> None:
    with pytest.raises(RecordError, match="empty"):
        rebuild('{"type": "ga')


SPELLED = [
    ("a format missing", set_field("game", "format", None), 'must be "rack-o/1", not null'),
    ("another format", set_field("game", "format", "rack-o/2"),
     'must be "rack-o/1", not "rack-o/2"'),
    ("a first line of another type", drop("game"), 'not "dealer_draw"'),
    ("a source written as a list", first_turn_where(lambda e: True, {"source": ["draw"]}),
     'must be "draw" or "discard", not ["draw"]'),
    ("a slot written as a string", first_turn_where(lambda e: True, {"slot": "3"}),
     'must be 1-10 or null, not "3"'),
    ("a card written as a word", first_turn_where(lambda e: e["source"] == "draw", {"card": "x"}),
     'not "x"'),
    ("a huge card", first_turn_where(lambda e: e["source"] == "draw", {"card": 10**400}),
     "not 1000000000000000000000000000000…"),
    ("a huge seat", first_turn_where(lambda e: True, {"seat": 10**400}),
     "the seat whose turn it is, not 1000000000000000000000000000000…"),
    ("a type with control characters", typed("\x1b[2J\x07"),
     'unknown event type "\\u001b[2J\\u0007"'),
    ("a second line of a huge type", typed("x" * 5000, 1),
     'must be "dealer_draw", not "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…'),
]


@pytest.mark.parametrize(
    ("mutate", "said"), [case[1:] for case in SPELLED], ids=[case[0] for case in SPELLED]
)
def test_a_refused_value_is_quoted_as_the_record_spells_it_and_cut_short_when_huge(
    mutate: Callable[[list[Event]], int], said: str
) -> None:
    events = [dict(event) for event in record_lines(played_game())]
    mutate(events)
    with pytest.raises(RecordError) as refused:
        rebuild(text_of(events))
    assert said in str(refused.value)
    assert len(str(refused.value)) < 200


LONE_SURROGATES = [
    ("in the seed", 0, '"seed": "\\ud800"'),
    ("in the start time", 0, '"started": "2026\\udc80"'),
    ("in a field racko does not know", 4, '"note": "a\\uDBFFb"'),
    ("in a key", 4, '"\\ud800": 1'),
    ("deep in a list", 4, '"x": [[[["\\ud800"]]]]'),
]


@pytest.mark.parametrize(
    ("index", "field"), [case[1:] for case in LONE_SURROGATES],
    ids=[case[0] for case in LONE_SURROGATES],
)
def test_a_line_holding_half_a_character_is_refused_as_not_utf8_text(
    index: int, field: str
) -> None:
    lines = text_of(record_lines(played_game())).splitlines(keepends=True)
    # In place of the field the line has (a field given twice is refused as such).
    line = json.loads(lines[index])
    line.pop(next(iter(json.loads("{" + field + "}"))), None)
    lines[index] = json.dumps(line).removesuffix("}") + ", " + field + "}\n"
    with pytest.raises(RecordError, match=r"not UTF-8 text: it holds half a character") as refused:
        rebuild("".join(lines), seeded=True)
    assert refused.value.line == index + 1


@pytest.mark.parametrize("field", ['"name": "\\ud83d\\ude00"', '"note": "\\\\ud800"'])
def test_a_whole_escaped_pair_or_an_escaped_backslash_is_text(field: str) -> None:
    lines = text_of(record_lines(played_game())).splitlines(keepends=True)
    lines[4] = lines[4].replace("{", "{" + field + ", ", 1)
    assert rebuild("".join(lines)).game.is_over


def test_a_game_its_header_starts_deals_on_as_its_record_rebuilt_with_that_seed_does() -> None:
    header = Header((Player("Ann", "human"), Player("Hard", "bot:hard")), Rules(2, target=300), 11)
    game = header.new_game()
    to_the_second_deal(game)
    rebuilt = rebuild(text_of([header.event(), *record_lines(game)[1:]]), seeded=True)
    assert rebuilt.header == header
    game.deal()
    rebuilt.game.deal()
    assert rebuilt.game.steps[-1] == game.steps[-1]


def test_a_header_without_a_seed_starts_no_game_of_chance_of_its_own() -> None:
    with pytest.raises(RulesError, match="no random generator"):
        Header((Player("Ann", "human"), Player("Bo", "human")), Rules(2)).new_game()
