"""The SSH table's parts without a network: keys from bytes, the table code, the lock-out, who
sits where, and a seat's terminal over a fake connection."""

from __future__ import annotations

import re
import string
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from ttykit import CLEARED

from rack_o.host.guest_seats import GuestSeats
from rack_o.host.keyboard import BACKSPACE, CTRL_C, CTRL_D, ENTER, ESCAPE, KeyReader
from rack_o.host.lockout import LockOut, address_key
from rack_o.host.tablecode import ALPHABET, code_matches, new_code
from rack_o.host.terminal import (
    MAX_LINE,
    GuestEOF,
    GuestGone,
    GuestInterrupt,
    RemoteTerminal,
    clamp_size,
)


class FakeLink:
    """A connection that keeps what it was sent."""

    def __init__(self) -> None:
        self.sent = b""
        self.closed_with: str | None = None
        self.code: int | None = None
        """The exit status the guest's ssh ends with, once closed."""

    @property
    def is_open(self) -> bool:
        return self.closed_with is None

    def send(self, data: bytes) -> None:
        if self.is_open:
            self.sent += data

    def close(self, message: str, code: int = 1) -> None:
        if self.is_open:
            self.closed_with = message
            self.code = code

    @property
    def text(self) -> str:
        return self.sent.decode()


# ------------------------------------------------------------------ keys


@pytest.mark.parametrize(
    ("chunks", "keys"),
    [
        ([b"d"], ["d"]),
        ([b"D"], ["D"]),  # the case is kept here; key() lower-cases, line() does not
        ([b"\r"], [ENTER]),
        ([b"\n"], [ENTER]),
        ([b"\r\n"], [ENTER]),  # one Enter, as some clients send it
        ([b"\r\r"], [ENTER, ENTER]),
        ([b"\r", b"\n"], [ENTER]),  # even split across two chunks
        ([b"\r\x00"], [ENTER]),
        ([b" "], [" "]),
        ([b"\x03"], [CTRL_C]),
        ([b"\x04"], [CTRL_D]),
        ([b"\x7f"], [BACKSPACE]),
        ([b"\x08"], [BACKSPACE]),
        ([b"\t"], ["tab"]),
        ([b"\x15"], ["ctrl-u"]),
        ([b"\x1b[A\x1b[B\x1b[C\x1b[D"], ["up", "down", "right", "left"]),
        ([b"\x1bOA\x1bOP"], ["up", "f1"]),
        ([b"\x1b[3~\x1b[5~"], ["delete", "pageup"]),
        ([b"\x1b[1;5C"], ["esc[1;5c"]),  # Ctrl-Right: no name, but printable
        ([b"\x1b"], [ESCAPE]),  # once nothing more came for a moment
        ([b"\x1b\x1b"], [ESCAPE, ESCAPE]),
        ([b"\x1bx"], ["escx"]),  # Alt-X, named as racko play names it
        ([b"\x1b[", b"A"], ["up"]),  # a sequence split across chunks
        ([b"\x1b", b"[D"], ["left"]),  # even right after its ESC
        ([b"\x1b", b"d"], [ESCAPE, "d"]),  # a key after a lone ESC: Escape, then the key
        (["é".encode()], ["é"]),
        (["é".encode()[:1], "é".encode()[1:]], ["é"]),  # a character split across chunks
        ([b"\xff"], ["\ufffd"]),  # not UTF-8
        (["\u202e".encode()], ["u+202e"]),  # a bidi override is no character of a name
        (["\u0085".encode()], ["u+0085"]),
        ([b"ab\rc"], ["a", "b", ENTER, "c"]),
    ],
)
def test_bytes_from_a_terminal_become_keys(chunks: list[bytes], keys: list[str]) -> None:
    """The chunks come one right after another, then nothing more for a moment (`waited`)."""
    reader = KeyReader()
    assert [key for chunk in chunks for key in reader.feed(chunk)] + reader.waited() == keys


@pytest.mark.parametrize(
    "data", [b"\x1b[" + b"1" * 100 + b"A", b"\x1b[\x00", b"\x1b\x1b", bytes(range(256))]
)
def test_no_key_longer_than_a_character_holds_a_control_character(data: bytes) -> None:
    keys = KeyReader().feed(data)
    assert keys
    assert all(key.isprintable() for key in keys if key != ENTER)
    assert all(len(key) <= 40 for key in keys)


# ------------------------------------------------------------------ the table code


def test_a_new_code_is_two_groups_of_four_from_the_alphabet() -> None:
    codes = {new_code() for _ in range(50)}
    assert len(codes) == 50
    for code in codes:
        first, second = code.split("-")
        assert len(first) == len(second) == 4
        assert set(first + second) <= set(ALPHABET)
    assert not set("01ilo") & set(ALPHABET)


@pytest.mark.parametrize(
    ("typed", "matches"),
    [
        ("tq4m-8kxp", True),
        ("TQ4M-8KXP", True),
        ("tq4m8kxp", True),
        (" tq4m 8kxp ", True),
        ("tq4m-8kx", False),
        ("tq4m-8kxpp", False),
        ("tq4m-8kxq", False),
        ("", False),
        ("-", False),
    ],
)
def test_the_code_matches_whatever_the_case_and_hyphens(typed: str, matches: bool) -> None:
    assert code_matches(typed, "tq4m-8kxp") is matches


@pytest.mark.parametrize(
    ("typed", "code", "keyboard"),
    [
        ("tq'm-_kxp", "tq4m-8kxp", "French AZERTY, digits without Shift"),
        ("tq'm_kxp", "tq4m-8kxp", "French, no hyphen"),
        ("ab-c-d-ef", "ab6c-d6ef", "French: - is both the 6 and the hyphen"),
        ("ab-cd-ef", "ab6c-d6ef", "French: the 6s typed, the hyphen left out"),
        ("tkèj--'n", "tk7j-664n", "French, no hyphen, the second group starting with 6"),
        ("é\"'(--è_ç", "2345-6789", "French: the whole number row"),
        ("tqčm-ákxp", "tq4m-8kxp", "Czech QWERTZ, digits without Shift"),
        ("ěščř-žýáí", "2345-6789", "Czech: the whole number row"),
        ("τ;4μ-8κχπ", "tq4m-8kxp", "Greek layout left on"),
        ("ΤΘ4Μ-8ΚΧΠ", "tu4m-8kxp", "Greek layout, capitals"),
    ],
)
def test_the_code_typed_on_another_keyboard_layout_matches(typed: str, code: str,
                                                           keyboard: str) -> None:
    # ssh's password prompt shows nothing typed: a guest cannot see that the number row of
    # their keyboard typed é for 2, and each such try counts towards the lock-out.
    assert code_matches(typed, code), keyboard


@pytest.mark.parametrize("typed", ["tq4m-8kxq", "tq'm-_kxq", "tq4m-6kxp", "tq-m-8kxp"])
def test_a_code_typed_on_another_layout_is_still_the_whole_code(typed: str) -> None:
    assert not code_matches(typed, "tq4m-8kxp")


def test_codes_are_made_with_secrets_not_random() -> None:
    import inspect

    from rack_o.host import tablecode

    source = inspect.getsource(tablecode)
    assert "secrets.choice" in source and "compare_digest" in source
    assert "import random" not in source


# ------------------------------------------------------------------ the lock-out


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.mark.parametrize(
    ("address", "key"),
    [
        ("192.0.2.7", "192.0.2.7"),
        ("2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"),
        ("2001:db8:1:2:ffff::1", "2001:db8:1:2::/64"),
        ("::ffff:192.0.2.7", "192.0.2.7"),
        ("fe80::1%eth0", "fe80::/64"),
        ("not an address", "not an address"),
    ],
)
def test_failures_count_per_address_and_per_ipv6_network(address: str, key: str) -> None:
    assert address_key(address) == key


def test_three_wrong_codes_lock_an_address_out_for_a_minute() -> None:
    clock = Clock()
    lockout = LockOut(clock=clock)
    assert [lockout.failed("192.0.2.7") for _ in range(3)] == [False, False, True]
    assert lockout.seconds_left("192.0.2.7") == 60
    assert lockout.seconds_left("192.0.2.8") == 0  # another address is not locked
    clock.now += 59
    assert lockout.seconds_left("192.0.2.7") == pytest.approx(1)
    clock.now += 1
    assert lockout.seconds_left("192.0.2.7") == 0
    assert lockout.failed("192.0.2.7") is False  # the count starts again


def test_a_right_code_forgives_earlier_slips() -> None:
    lockout = LockOut(clock=Clock())
    lockout.failed("192.0.2.7")
    lockout.failed("192.0.2.7")
    lockout.succeeded("192.0.2.7")
    assert lockout.failed("192.0.2.7") is False


def test_a_run_of_slips_ends_after_ten_quiet_minutes_not_sooner() -> None:
    clock = Clock()
    lockout = LockOut(clock=clock)
    lockout.failed("192.0.2.7")
    lockout.failed("192.0.2.7")
    clock.now += 601
    assert lockout.failed("192.0.2.7") is False  # the first two are forgotten
    clock.now += 599
    assert lockout.failed("192.0.2.7") is False
    clock.now += 599
    assert lockout.failed("192.0.2.7") is True  # three, none ten minutes after the last


def test_one_ipv6_network_shares_its_count() -> None:
    lockout = LockOut(clock=Clock())
    lockout.failed("2001:db8::1")
    lockout.failed("2001:db8::2")
    assert lockout.failed("2001:db8::3") is True
    assert lockout.seconds_left("2001:db8::ffff") > 0


@pytest.mark.slow
def test_a_flood_of_addresses_is_remembered_within_bounds() -> None:
    clock = Clock()
    lockout = LockOut(clock=clock)
    for n in range(20_000):
        lockout.failed(f"10.{n // 65536}.{n // 256 % 256}.{n % 256}")
        lockout.failed(f"10.{n // 65536}.{n // 256 % 256}.{n % 256}")
        lockout.failed(f"10.{n // 65536}.{n // 256 % 256}.{n % 256}")
    assert len(lockout._failures) + len(lockout._locked_until) <= 4096
    assert lockout.seconds_left("10.0.78.31") == 60  # the latest are still locked out


# ------------------------------------------------------------------ who sits where

NAMES = {0: "Ann", 1: "Bob", 2: "Cy"}


def test_the_user_name_picks_the_seat_of_that_name_in_any_case() -> None:
    table = GuestSeats(NAMES)
    assert table.join("BOB", FakeLink(), 80, 24) is table.terminal(1)
    assert table.join("ann", FakeLink(), 80, 24) is table.terminal(0)


@pytest.mark.parametrize(
    ("names", "typed", "seat"),
    [({0: "Ann", 1: "Zoë", 2: "José"}, "jose", 2),  # typed on a keyboard without é
     ({0: "Ann", 1: "Zoë", 2: "José"}, "zoe", 1),
     ({0: "Ann", 1: "Zoë", 2: "José"}, "ZOË", 1),
     ({0: "Ann", 1: "Bob", 2: "Βασίλης"}, "βασιλης", 2),
     ({0: "Ann", 1: "Bob", 2: "Βασίλης"}, "ΒΑΣΊΛΗΣ", 2),
     # The ssh line's user name, without what OpenSSH refuses in one, or the name whole.
     ({0: "Ann", 1: "Bob", 2: "O'Brien"}, "obrien", 2),
     ({0: "Ann", 1: "Bob", 2: "O'Brien"}, "O'Brien", 2)],
)
def test_the_user_name_picks_its_seat_with_or_without_accents(
    names: dict[int, str], typed: str, seat: int
) -> None:
    # Not the next free seat (Bob's, Zoë's): the guest would sit under another's name, and
    # the one whose seat it is would be told it is taken.
    table = GuestSeats(names)
    assert table.join(typed, FakeLink(), 80, 24) is table.terminal(seat)


def test_a_guest_whose_seat_was_taken_back_under_its_own_name_is_told_so() -> None:
    # As a table opened again keeps Bob's seat for zed, who sat there, and Cy's for Cy, away:
    # zed was sent towards Cy's seat ("if it is yours, connect with its name").
    table = GuestSeats({1: "Bob", 2: "Cy"}, claims={1: "zed", 2: "cy"})
    assert table.join("bob", FakeLink(), 80, 24) is table.terminal(1)
    said = table.join("zed", FakeLink(), 80, 24)
    assert said == ("Bob took back their own seat, which you sat at under the user name zed, "
                    "and no other seat is free.")


def test_any_other_name_takes_the_next_free_seat_and_takes_it_back_later() -> None:
    table = GuestSeats(NAMES)
    first = FakeLink()
    assert table.join("zed", first, 80, 24) is table.terminal(0)
    assert table.join("yves", FakeLink(), 80, 24) is table.terminal(1)
    table.leave(0, first)
    assert table.join("ZED", FakeLink(), 80, 24) is table.terminal(0)


@pytest.mark.parametrize(
    ("first", "second", "refusal"),
    [
        ("bob", "bob", "Bob's seat is taken by a connection that is still open"),
        ("bob", "BOB", "Bob's seat is taken"),
    ],
)
def test_a_second_connection_for_a_taken_seat_is_refused(
    first: str, second: str, refusal: str
) -> None:
    table = GuestSeats(NAMES)
    assert isinstance(table.join(first, FakeLink(), 80, 24), RemoteTerminal)
    answer = table.join(second, FakeLink(), 80, 24)
    assert isinstance(answer, str) and refusal in answer


def test_a_full_table_names_the_seats_whose_guests_are_away() -> None:
    table = GuestSeats({0: "Ann", 1: "Bob", 2: "Cy"})
    links = [FakeLink() for _seat in range(3)]
    for name, link in zip(["ann", "zoe", "cy"], links, strict=True):  # Zoe took Bob's seat
        table.join(name, link, 80, 24)
    assert table.join("zed", FakeLink(), 80, 24) == "Every seat at this table is taken."
    # The players' list shows Bob away, his seat free to take back: not every seat is taken.
    table.leave(1, links[1])
    assert table.join("zed", FakeLink(), 80, 24) == (
        "No seat is free: Bob is away, and their seat is kept for them. If it is yours, connect "
        "with its name as the user name.")
    table.leave(0, links[0])
    assert table.join("zed", FakeLink(), 80, 24) == (
        "No seat is free: Ann and Bob are away, and their seats are kept for them. If one is "
        "yours, connect with its name as the user name.")
    assert isinstance(table.join("bob", FakeLink(), 80, 24), RemoteTerminal)


def test_a_guest_logged_in_as_the_host_is_told_that_seat_is_not_a_guest_s() -> None:
    table = GuestSeats({1: "Bob"}, not_guests=["Ann", "Hard"])
    assert isinstance(table.join("bob", FakeLink(), 80, 24), RemoteTerminal)
    for user, name in (("ann", "Ann"), ("HARD", "Hard")):
        assert table.join(user, FakeLink(), 80, 24) == (
            f"{name}'s seat is not a guest's: connect with your own seat's name as the user "
            "name.")
    assert table.join("zed", FakeLink(), 80, 24) == "Every seat at this table is taken."


def test_a_computer_player_s_name_takes_no_free_seat() -> None:
    # Bob's seat free, `ssh hard@` took it in silence, seating them as Bob.
    table = GuestSeats({1: "Bob"}, not_guests=["Ann", "Hard"])
    for user, name in (("hard", "Hard"), ("ann", "Ann")):
        assert table.join(user, FakeLink(), 80, 24) == (
            f"{name}'s seat is not a guest's: connect with your own seat's name as the user "
            "name.")
    assert isinstance(table.join("bob", FakeLink(), 80, 24), RemoteTerminal)


def test_a_released_seat_and_a_closed_table_take_nobody() -> None:
    table = GuestSeats(NAMES)
    link = FakeLink()
    table.join("ann", link, 80, 24)
    table.wait(lambda: table.terminal(0).is_connected, 1)
    table.terminal(0).release("A bot plays for you now.")
    assert link.closed_with == "A bot plays for you now."
    assert table.join("ann", FakeLink(), 80, 24) == (
        "Ann's seat has been given to a computer player: the host handed it over while its "
        "guest was away, and it plays there to the end of this game."
    )
    table.close("Goodbye.")
    assert table.join("bob", FakeLink(), 80, 24) == "This table is closed."


def test_control_characters_in_a_seat_name_are_not_sent_to_a_guest() -> None:
    table = GuestSeats({0: "A\x1b[2Jnn"})
    table.join("a\x1b[2jnn", FakeLink(), 80, 24)
    answer = table.join("a\x1b[2jnn", FakeLink(), 80, 24)
    assert isinstance(answer, str) and "\x1b" not in answer


# ------------------------------------------------------------------ a seat's terminal


@contextmanager
def watchdog(table: GuestSeats, seconds: float = 5) -> Iterator[None]:
    """Within: a wait for keys still going after `seconds` ends with GuestGone, never hangs."""
    timer = threading.Timer(seconds, table.post, [lambda: table.close("The test hung.")])
    timer.start()
    try:
        yield
    finally:
        timer.cancel()


@pytest.fixture
def seat() -> Iterator[tuple[GuestSeats, RemoteTerminal, FakeLink]]:
    """Ann's seat, connected (and watched)."""
    table = GuestSeats({0: "Ann"}, idle=None, pause_seconds=0)
    link = FakeLink()
    terminal = table.join("ann", link, 100, 30)
    assert isinstance(terminal, RemoteTerminal)
    table.wait(lambda: terminal.is_connected, 1)
    with watchdog(table):
        yield table, terminal, link


def typed(terminal: RemoteTerminal, data: bytes, reader: KeyReader | None = None) -> None:
    terminal.receive(data, reader or KeyReader())


def test_the_console_has_the_size_of_the_guests_terminal(seat) -> None:
    _table, terminal, link = seat
    assert (terminal.width, terminal.height) == (100, 30)
    terminal.console.print("[bold]Rack-O[/]\nnext")
    assert link.text == "\x1b[1mRack-O\x1b[0m\r\nnext\r\n"  # CR LF: no pty translates for us


@pytest.mark.parametrize(
    ("size", "kept"),
    [((0, 0), (80, 24)), ((1, 1), (20, 5)), ((10**9, 10**9), (400, 200)), ((132, 43), (132, 43))],
)
def test_a_terminal_size_is_kept_within_bounds(
    size: tuple[int, int], kept: tuple[int, int]
) -> None:
    assert clamp_size(*size) == kept


def test_the_hosts_environment_does_not_reach_a_guests_console(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("COLUMNS", "33")
    table = GuestSeats({0: "Ann"}, idle=None)
    link = FakeLink()
    terminal = table.join("ann", link, 90, 20)
    table.wait(lambda: terminal.is_connected, 1)
    terminal.console.print("x", style="red")
    assert terminal.width == 90 and "\x1b[31m" in link.text


@pytest.mark.parametrize(
    ("data", "key"),
    [(b"D", "d"), (b"\r", ENTER), (b" ", " "), (b"\x1b[A", "up"), ("Ä".encode(), "ä")],
)
def test_key_returns_one_key_lower_cased(seat, data: bytes, key: str) -> None:
    _table, terminal, link = seat
    typed(terminal, data)
    assert terminal.key("Your move > ") == key
    assert "Your move > " in link.text


@pytest.mark.parametrize(
    ("data", "error"), [(b"\x03", GuestInterrupt), (b"\x04", GuestEOF)]
)
def test_ctrl_c_and_ctrl_d_are_the_guests_own_interrupt_and_end(seat, data, error) -> None:
    _table, terminal, _link = seat
    typed(terminal, data)
    with pytest.raises(error) as raised:
        terminal.key()
    assert raised.value.seat == 0
    assert isinstance(raised.value, KeyboardInterrupt | EOFError)


def test_line_echoes_edits_and_keeps_the_case(seat) -> None:
    _table, terminal, link = seat
    typed(terminal, b"Zoe\x7f\x7fed\x1b[Ax\x15Ann Lee\r")
    assert terminal.line("Name: ") == "Ann Lee"
    assert link.text.endswith("Name: Zoe\b \b\b \bedx\b\b\b\b    \b\b\b\bAnn Lee\r\n")


@pytest.mark.parametrize(("data", "line", "shown"), [
    (b"Bob\x1b[A\x7fn\r", "Ann,Ann,Bon", "Bob\b\b\b   \b\b\bAnn,Ann,Bob\b \bn\r\n"),
    (b"\x1b[A\x1b[A\r", "Ann,Ann,Bob", "Ann,Ann,Bob" + "\b" * 11 + " " * 11 + "\b" * 11
     + "Ann,Ann,Bob\r\n"),
])
def test_up_puts_the_answer_refused_in_place_of_what_is_typed(seat, data, line, shown) -> None:
    _table, terminal, link = seat
    typed(terminal, data)
    assert terminal.line("Names: ", "Ann,Ann,Bob") == line
    assert link.text.endswith("Names: " + shown)


def test_a_line_longer_than_the_limit_is_cut_off(seat) -> None:
    _table, terminal, link = seat
    typed(terminal, b"a" * (MAX_LINE + 50) + b"\r")
    assert terminal.line() == "a" * MAX_LINE
    assert link.text == "a" * MAX_LINE + "\r\n"


def test_a_megabyte_typed_at_once_is_cut_to_the_backlog(seat) -> None:
    _table, terminal, _link = seat
    typed(terminal, b"b" * 1_000_000 + b"\r")  # the Enter is beyond the cut: lost

    def press_enter_once_read() -> None:
        deadline = time.monotonic() + 5
        while terminal._backlog and time.monotonic() < deadline:
            time.sleep(0.01)
        typed(terminal, b"\r")  # so the guest presses it again

    threading.Thread(target=press_enter_once_read, daemon=True).start()
    assert terminal.line() == "b" * MAX_LINE
    assert terminal._backlog == 0 and not terminal._keys  # MAX_BACKLOG keys were read, no more
    typed(terminal, b"k")
    assert terminal.key() == "k"


def test_flush_input_throws_away_what_was_typed_ahead(seat) -> None:
    _table, terminal, _link = seat
    typed(terminal, b"abc")
    terminal.flush_input()
    typed(terminal, b"z")
    assert terminal.key() == "z"


@pytest.mark.parametrize(
    ("data", "read", "error"),
    [(b"d\x03e", "d", GuestInterrupt),  # typed in one go with the key read
     (b"d\x04e", "d", GuestEOF),
     (b"d\x04\x03", "d", GuestInterrupt),  # both: the interrupt, as racko's own terminal
     (b"ab\x03", None, GuestInterrupt),  # nothing read yet
     (b"\x04", None, GuestEOF)],
)
def test_flush_input_obeys_a_ctrl_c_or_ctrl_d_among_the_keys_it_throws_away(
    seat, data: bytes, read: str | None, error: type[BaseException]
) -> None:
    _table, terminal, _link = seat
    typed(terminal, data)
    if read is not None:
        assert terminal.key() == read
    with pytest.raises(error) as raised:
        terminal.flush_input()
    assert raised.value.seat == 0  # type: ignore[attr-defined]
    typed(terminal, b"z")
    assert terminal.key() == "z"  # the other keys were thrown away all the same
    assert terminal._backlog == 0


def test_a_resize_repaints_the_screen_and_the_prompt(seat) -> None:
    table, terminal, link = seat
    drawn: list[tuple[int, int]] = []
    terminal.on_redraw(lambda: drawn.append((terminal.width, terminal.height)))
    link.sent = b""
    table.resized(0, link, 120, 40)
    typed(terminal, b"x")
    assert terminal.key("Press a key > ") == "x"
    assert drawn == [(120, 40)]
    assert link.text.startswith("Press a key > \x1b[H\x1b[2JPress a key > ")


def test_a_resize_from_an_old_connection_is_ignored(seat) -> None:
    table, terminal, _link = seat
    table.resized(0, FakeLink(), 30, 10)
    table.inbox.run_posted()
    assert terminal.width == 100


@pytest.mark.slow
def test_a_silent_guest_is_let_go_and_their_seat_waits_for_them() -> None:
    table = GuestSeats({0: "Ann"}, idle=0.2)
    link = FakeLink()
    terminal = table.join("ann", link, 80, 24)
    assert isinstance(terminal, RemoteTerminal)
    presence: list[tuple[int, bool]] = []
    table.on_presence(lambda seat, connected: presence.append((seat, connected)))
    back = FakeLink()

    def come_back() -> None:
        assert table.join("ann", back, 80, 24) is terminal
        typed(terminal, b"y")

    timer = threading.Timer(0.6, come_back)
    timer.start()
    with watchdog(table):
        assert terminal.key("Your turn > ") == "y"
    timer.join()
    assert link.closed_with is not None
    assert link.closed_with.startswith("You pressed no key for 1 second while it was up to you")
    assert presence == [(0, True), (0, False), (0, True)]
    assert back.is_open


@pytest.mark.slow
def test_typing_keeps_a_guest_from_being_let_go() -> None:
    table = GuestSeats({0: "Ann"}, idle=0.3)
    link = FakeLink()
    terminal = table.join("ann", link, 80, 24)
    assert isinstance(terminal, RemoteTerminal)

    def type_slowly() -> None:
        for key in b"abc":
            time.sleep(0.15)
            terminal.receive(bytes([key]), KeyReader())

    worker = threading.Thread(target=type_slowly)
    worker.start()
    with watchdog(table):
        assert [terminal.key() for _ in range(3)] == ["a", "b", "c"]
    worker.join()
    assert link.is_open


def test_keys_typed_on_a_dropped_connection_are_not_read_after_a_new_one(seat) -> None:
    table, terminal, link = seat
    typed(terminal, b"stale")
    table.inbox.run_posted()
    table.leave(0, link)
    table.join("ann", FakeLink(), 80, 24)
    typed(terminal, b"n")
    assert terminal.key() == "n"


def test_a_released_seat_ends_the_wait_for_its_guest(seat) -> None:
    table, terminal, link = seat
    table.post(lambda: terminal.release("A bot plays for you now."))
    with pytest.raises(GuestGone) as gone:
        terminal.key("Your turn > ")
    assert (gone.value.seat, gone.value.name) == (0, "Ann")
    assert link.closed_with == "A bot plays for you now."


def test_closing_the_table_lets_every_guest_go_with_a_message(seat) -> None:
    table, terminal, link = seat
    table.close("The host stopped the table.")
    assert link.closed_with == "The host stopped the table."
    with pytest.raises(GuestGone):
        terminal.line()


def test_an_absent_guests_screen_is_not_written_and_the_wait_goes_on(seat) -> None:
    table, terminal, link = seat
    table.leave(0, link)
    table.inbox.run_posted()
    assert not terminal.is_connected
    before = link.sent
    terminal.console.print("your rack: 5 12 30")
    assert link.sent == before
    assert not table.wait(lambda: False, 0.05)


@pytest.mark.parametrize("char", list(string.printable[:62]))
def test_every_letter_and_digit_is_its_own_key(seat, char: str) -> None:
    _table, terminal, _link = seat
    typed(terminal, char.encode())
    assert terminal.key() == char.lower()


def test_a_guest_back_without_a_redraw_callback_still_sees_the_prompt(seat) -> None:
    table, terminal, link = seat
    table.leave(0, link)
    back = FakeLink()
    table.post(lambda: table.join("ann", back, 80, 24))
    table.post(lambda: typed(terminal, b"y"))
    assert terminal.key("Draw or take? ") == "y"
    assert back.text == "Draw or take? "


def test_closing_the_table_says_nothing_else_after_the_goodbye() -> None:
    table = GuestSeats({0: "Ann", 1: "Bob"})
    links = [FakeLink(), FakeLink()]
    for name, link in zip(("ann", "bob"), links, strict=True):
        table.join(name, link, 80, 24)
    table.wait(lambda: all(t.is_connected for t in table.terminals.values()), 1)
    table.on_presence(lambda seat, connected: [
        terminal.console.print(f"seat {seat + 1} left") for terminal in table.terminals.values()
    ])
    table.close("Goodbye.")
    assert [link.text for link in links] == ["", ""]
    assert [link.closed_with for link in links] == ["Goodbye.", "Goodbye."]


def test_the_rules_pager_says_where_it_is_at_the_size_a_resize_gave(seat) -> None:
    from rack_o.cli.pager import page
    from rack_o.cli.rules import rules_markdown

    table, terminal, link = seat
    table.resized(0, link, 45, 20)  # while the rules are shown at 100 by 30
    typed(terminal, b"q")
    page(terminal, rules_markdown(), "Rules of Rack-O")
    repainted = re.split(CLEARED, link.text)[-1]
    status = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", repainted).splitlines()[-1]
    assert re.fullmatch(r"1-19/\d+ · space b q", status), status


@pytest.mark.parametrize(("port", "idle", "bind", "command"), [
    (2222, 600.0, "", "racko host --resume 2026-12-01-1845-ann-bob-cy"),
    (2299, 600.0, "", "racko host --resume 2026-12-01-1845-ann-bob-cy --port 2299"),
    (0, 600.0, "", "racko host --resume 2026-12-01-1845-ann-bob-cy"),  # any free port
    # A table's own --idle goes on (it went back to 10 minutes).
    (2222, 12.0, "", "racko host --resume 2026-12-01-1845-ann-bob-cy --idle 0.2"),
    (2299, 1800.0, "", "racko host --resume 2026-12-01-1845-ann-bob-cy --port 2299 --idle 30"),
    # And its --bind: left out, the table opened again listened on every network.
    (2399, 600.0, "127.0.0.1",
     "racko host --resume 2026-12-01-1845-ann-bob-cy --port 2399 --bind 127.0.0.1"),
])
def test_the_command_that_opens_a_table_again_keeps_its_port_bind_and_idle(
    port: int, idle: float, bind: str, command: str
) -> None:
    from rack_o.host.games import host_resume_command, host_resume_note

    note = host_resume_note(host_resume_command("2026-12-01-1845-ann-bob-cy", port, idle, bind))
    assert note.splitlines()[-1] == command


@pytest.mark.parametrize(("language", "reason"), [
    ("en", "racko opens one session per connection."),
    ("fr", "racko ouvre une seule session par connexion."),  # all ASCII: said as it is
    ("el", "racko opens one session per connection."),  # OpenSSH would show octal escapes
    ("cs", "racko opens one session per connection."),
])
def test_a_reason_openssh_logs_is_in_the_language_spoken_only_if_it_is_all_ascii(
    language: str, reason: str
) -> None:
    from rack_o.host.server import logged_reason
    from rack_o.i18n import _, speaking

    with speaking(language):
        said = logged_reason(lambda: _("racko opens one session per connection."))
    assert said == reason and said.isascii()
