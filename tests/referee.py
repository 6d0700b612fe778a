#!/usr/bin/env python3
"""An independent referee for rack-o/1 game records, to check the engine against.

Written from the specs (shared/spec/rules.md and game-record.md) alone, by someone who had not
read the engine; it must never import rack_o.  Usage:  python tests/referee.py FILE_OR_DIR ...
Prints one line per problem ("FILE:LINE: message") and a summary; exit 1 if any problem.
"""
import json
import os
import sys

BONUS = {3: 50, 4: 100, 5: 200}


class Bad(Exception):
    def __init__(self, line, msg):
        super().__init__(msg)
        self.line = line
        self.msg = msg


def longest_run(rack):
    best = cur = 1
    for a, b in zip(rack, rack[1:], strict=False):
        cur = cur + 1 if b == a + 1 else 1
        best = max(best, cur)
    return best


def increasing(rack):
    return all(a < b for a, b in zip(rack, rack[1:], strict=False))


def ordered_prefix(rack):
    n = 1
    while n < len(rack) and rack[n - 1] < rack[n]:
        n += 1
    return n


def bonus_for(rack):
    r = longest_run(rack)
    if r >= 6:
        return 400
    return BONUS.get(r, 0)


def load(path):
    """Return list of (lineno, obj). Ignores a torn final line (not complete JSON)."""
    with open(path, "rb") as f:
        data = f.read()
    lines = data.split(b"\n")
    torn_ok = not data.endswith(b"\n")
    if data.endswith(b"\n"):
        lines = lines[:-1]
    out = []
    for i, ln in enumerate(lines, 1):
        try:
            obj = json.loads(ln.decode("utf-8"))
        except (ValueError, RecursionError) as e:
            if i == len(lines) and torn_ok:
                break  # torn write
            raise Bad(i, f"malformed JSON: {e}") from None
        if not isinstance(obj, dict):
            raise Bad(i, "line is not a JSON object")
        out.append((i, obj))
    return out


def check(path):
    ev = load(path)
    if not ev:
        raise Bad(0, "empty record")
    iter(ev)
    pos = 0

    def nxt():
        nonlocal pos
        if pos >= len(ev):
            return None, None
        pos += 1
        return ev[pos - 1]

    def peek():
        return ev[pos] if pos < len(ev) else (None, None)

    ln, g = nxt()
    if g.get("type") != "game":
        raise Bad(ln, "first line is not a game event")
    if g.get("format") != "rack-o/1":
        raise Bad(ln, f"format {g.get('format')!r}")
    players = g.get("players")
    if not isinstance(players, list) or not 2 <= len(players) <= 4:
        raise Bad(ln, "players must be 2-4")
    n = len(players)
    for p in players:
        k = p.get("kind")
        if not (k == "human" or (isinstance(k, str) and k.startswith("bot:"))):
            raise Bad(ln, f"bad kind {k!r}")
    rules = g.get("rules", {})
    deck_size = rules.get("deck_size")
    if deck_size != 20 + 10 * n:
        raise Bad(ln, f"deck_size {deck_size} but {n} players")
    target = rules.get("target")
    if not isinstance(target, int) or target <= 0 or target % 5:
        raise Bad(ln, f"target {target!r} not a positive multiple of 5")
    bonus = bool(rules.get("bonus"))
    partners = bool(rules.get("partners"))
    r3 = bool(rules.get("run_of_three"))
    if partners and n != 4:
        raise Bad(ln, "partners needs 4 players")
    if r3 and n != 2:
        # spec: only meaningful for 2 players; treat as warning-level error
        raise Bad(ln, "run_of_three with more than 2 players")

    ln, dd = nxt()
    if dd is None or dd.get("type") != "dealer_draw":
        raise Bad(ln or 2, "second line is not dealer_draw")
    cards = dd.get("cards")
    if (not isinstance(cards, list) or len(cards) != n or len(set(cards)) != n
            or not all(isinstance(c, int) and 1 <= c <= deck_size for c in cards)):
        raise Bad(ln, f"dealer_draw cards {cards!r} invalid")
    dealer = max(range(n), key=lambda s: cards[s])

    def is_racko(rack):
        if not increasing(rack):
            return False
        return not (r3 and longest_run(rack) < 3)

    nteams = 2 if partners else n
    totals = [0] * nteams
    rnd = 0
    stats = {"rounds": 0, "turns": 0, "turn_overs": 0, "finished": False}
    while True:
        ln, e = nxt()
        if e is None:
            # unfinished game: fine, unless it should have ended
            break
        t = e.get("type")
        if t == "game_end":
            raise Bad(ln, "game_end where a deal was due (game not over)")
        if t != "deal":
            raise Bad(ln, f"expected deal, got {t!r}")
        rnd += 1
        if e.get("round") != rnd:
            raise Bad(ln, f"deal round {e.get('round')} expected {rnd}")
        if rnd > 1:
            dealer = (dealer + 1) % n
        if e.get("dealer") != dealer:
            raise Bad(ln, f"dealer {e.get('dealer')} expected {dealer}")
        deck = e.get("deck")
        if not isinstance(deck, list) or sorted(deck) != list(range(1, deck_size + 1)) \
                or not all(type(c) is int for c in deck):
            raise Bad(ln, "deck is not a permutation of 1..deck_size")
        racks = [[None] * 10 for _ in range(n)]
        order = [(dealer + 1 + i) % n for i in range(n)]
        k = 0
        for j in range(10):
            for s in order:
                racks[s][9 - j] = deck[k]
                k += 1
        discard = [deck[k]]  # last element = top
        draw = list(deck[k + 1:])  # first element = top
        mover = (dealer + 1) % n
        ended = False
        while True:
            ln, e = nxt()
            if e is None:
                break  # unfinished mid-round
            t = e.get("type")
            if t == "turn_over":
                if e.get("round") != rnd:
                    raise Bad(ln, f"turn_over round {e.get('round')} expected {rnd}")
                if draw:
                    raise Bad(ln, f"turn_over while draw pile has {len(draw)} cards")
                draw = list(discard)  # bottom (first discarded) becomes top
                discard = [draw.pop(0)]
                stats["turn_overs"] += 1
                pl, pe = peek()
                if pe is None:
                    break
                if pe.get("type") != "turn":
                    raise Bad(pl, "turn_over not followed by a turn")
                continue
            if t == "round_end":
                raise Bad(ln, "round_end but the last mover has no Rack-O")
            if t != "turn":
                raise Bad(ln, f"expected turn, got {t!r}")
            if not draw:
                raise Bad(ln, "turn started with an empty draw pile but no turn_over")
            if e.get("seat") != mover:
                raise Bad(ln, f"seat {e.get('seat')} moved, expected {mover}")
            src, card, slot = e.get("source"), e.get("card"), e.get("slot")
            if slot is not None and (type(slot) is not int or not 1 <= slot <= 10):
                raise Bad(ln, f"slot {slot!r} not 1-10")
            rack = racks[mover]
            if src == "discard":
                if card != discard[-1]:
                    raise Bad(ln, f"took {card} from discard but top is {discard[-1]}")
                if slot is None:
                    raise Bad(ln, "discarded a card taken from the discard pile")
                discard.pop()
                old = rack[slot - 1]
                rack[slot - 1] = card
                discard.append(old)
            elif src == "draw":
                if card != draw[0]:
                    raise Bad(ln, f"drew {card} but top of draw pile is {draw[0]}")
                draw.pop(0)
                if slot is None:
                    discard.append(card)
                else:
                    old = rack[slot - 1]
                    rack[slot - 1] = card
                    discard.append(old)
            else:
                raise Bad(ln, f"bad source {src!r}")
            stats["turns"] += 1
            if len(draw) + len(discard) != deck_size - 10 * n:
                raise Bad(ln, "pile sizes inconsistent (internal)")
            if is_racko(rack):
                ln2, re_ = nxt()
                if re_ is None:
                    break  # record stops right after the winning turn: unfinished
                if re_.get("type") != "round_end":
                    raise Bad(ln2, f"seat {mover} went Rack-O at line {ln} but round "
                                   f"goes on ({re_.get('type')})")
                check_round_end(ln2, re_, rnd, mover, racks, bonus, partners, totals, n)
                ended = True
                stats["rounds"] += 1
                break
            mover = (mover + 1) % n
        if not ended:
            break
        # game over?
        top = max(totals)
        over = top >= target and totals.count(top) == 1
        ln, e = peek()
        if e is None:
            # game over but game_end missing (e.g. torn): an unfinished record, allowed
            break
        if over:
            ln, e = nxt()
            if e.get("type") != "game_end":
                raise Bad(ln, f"game should end (totals {totals}) but got {e.get('type')}")
            w = totals.index(top)
            if e.get("winner") != w:
                raise Bad(ln, f"winner {e.get('winner')} expected {w}")
            if e.get("totals") != totals:
                raise Bad(ln, f"game_end totals {e.get('totals')} expected {totals}")
            if pos != len(ev):
                raise Bad(ev[pos][0], "lines after game_end")
            stats["finished"] = True
            break
    return stats


def check_round_end(ln, e, rnd, mover, racks, bonus, partners, totals, n):
    if e.get("round") != rnd:
        raise Bad(ln, f"round_end round {e.get('round')} expected {rnd}")
    if e.get("racko") != mover:
        raise Bad(ln, f"racko {e.get('racko')} expected {mover}")
    if e.get("racks") != racks:
        raise Bad(ln, f"racks {e.get('racks')} expected {racks}")
    pts, bon = [], []
    for s in range(n):
        if s == mover:
            b = bonus_for(racks[s]) if bonus else 0
            pts.append(75 + b)
            bon.append(b)
        else:
            pts.append(5 * ordered_prefix(racks[s]))
            bon.append(0)
    if e.get("points") != pts:
        raise Bad(ln, f"points {e.get('points')} expected {pts}")
    if e.get("bonus") != bon:
        raise Bad(ln, f"bonus {e.get('bonus')} expected {bon}")
    for s in range(n):
        totals[s % 2 if partners else s] += pts[s]
    if e.get("totals") != totals:
        raise Bad(ln, f"totals {e.get('totals')} expected {totals}")


def self_test():
    ex = [([2, 13, 19, 22, 26, 35, 41, 44, 58, 59], True, False, 75),
          ([5, 9, 13, 24, 25, 32, 4, 35, 42, 55], False, False, 30),
          ([50, 3, 4, 5, 6, 7, 8, 9, 10, 11], False, False, 5),
          ([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], True, True, 475),
          ([3, 8, 9, 10, 20, 31, 40, 41, 42, 43], True, True, 175),
          ([3, 8, 12, 20, 25, 31, 36, 40, 44, 49], True, True, 75)]
    for rack, won, b, want in ex:
        got = (75 + (bonus_for(rack) if b else 0)) if won else 5 * ordered_prefix(rack)
        assert got == want, (rack, got, want)
    assert longest_run([3, 8, 12, 20, 25, 31, 36, 40, 44, 49]) < 3


def main(argv):
    self_test()
    files = []
    for a in argv:
        if os.path.isdir(a):
            for root, _, fs in os.walk(a):
                files += [os.path.join(root, f) for f in sorted(fs) if f.endswith(".jsonl")]
        else:
            files.append(a)
    bad = 0
    agg = {"rounds": 0, "turns": 0, "turn_overs": 0, "finished": 0}
    for f in files:
        try:
            st = check(f)
            for k in ("rounds", "turns", "turn_overs"):
                agg[k] += st[k]
            agg["finished"] += st["finished"]
        except Bad as b:
            bad += 1
            print(f"{f}:{b.line}: {b.msg}")
        except Exception as x:  # noqa
            bad += 1
            print(f"{f}:?: referee crashed / unreadable: {type(x).__name__}: {x}")
    print(f"checked {len(files)} records, {bad} with problems; "
          f"{agg['finished']} finished games, {agg['rounds']} rounds, "
          f"{agg['turns']} turns, {agg['turn_overs']} turn_overs", file=sys.stderr)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
