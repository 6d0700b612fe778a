"""The seats guests take over SSH: who may sit where, one connection per seat, and the one
place the game thread waits for all of them.

The SSH thread calls `join`, `leave` and `resized`; they decide at once (under a lock) and
post the rest to the game thread, where the terminals and the game side's callbacks run.
Everything else is for the game thread.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping, Sequence
from functools import partial

from rack_o.cli.console import BOT_PAUSE
from rack_o.cli.exits import EXIT_STOPPED
from rack_o.host.address import login_key
from rack_o.i18n import _, listed, ngettext, speaking
from rack_o.record import GUEST_LOGINS
from rack_o.store.safe_text import printable

from .defaults import IDLE_SECONDS
from .inbox import Inbox, Work
from .terminal import Link, RemoteTerminal

Presence = Callable[[int, bool], None]
Message = str | Callable[[], str]
"""What a guest is told: a sentence, or what makes it in the language being spoken (each
guest's own, when several are told)."""


def recorded_logins(events: Sequence[Mapping[str, object]], seats: int) -> dict[int, str]:
    """The user names a saved game's record says guests took seats with (GUEST_LOGINS), by
    seat; a seat or name that is not one is left out."""
    numbers = {str(seat): seat for seat in range(seats)}
    logins: dict[int, str] = {}
    for line in events:
        named = line.get(GUEST_LOGINS)
        if not isinstance(named, dict):
            continue
        for seat, login in named.items():
            key = login_key(login) if isinstance(login, str) and login.strip() else ""
            if seat in numbers and key:
                logins[numbers[seat]] = key
    return logins


def said(message: Message) -> str:
    """`message` as a sentence, in the language being spoken if it is made."""
    return message if isinstance(message, str) else message()


class GuestSeats:
    """The guest seats of a hosted game, each with its RemoteTerminal."""

    def __init__(
        self,
        seats: Mapping[int, str],
        *,
        idle: float | None = IDLE_SECONDS,
        pause_seconds: float = BOT_PAUSE,
        not_guests: Sequence[str] = (),
        claims: Mapping[int, str] | None = None,
    ) -> None:
        """`seats` maps each seat guests may take (0-based) to its player's name;
        `not_guests` names the players of the other seats (the host's, computer players');
        `claims`, the user name (see `login_key`) each seat is kept for (a saved game's)."""
        self.inbox = Inbox()
        self._not_guests = {login_key(name): name for name in not_guests}
        """The other seats' players by the user name that names them (as `join` reads it)."""
        self.terminals = {
            seat: RemoteTerminal(seat, name, self.inbox, self, idle=idle,
                                 pause_seconds=pause_seconds)
            for seat, name in seats.items()
        }
        self._presence: Presence | None = None
        self._on_locked_out: Callable[[str, float], None] | None = None
        # Shared with the SSH thread, under _lock:
        self._lock = threading.Lock()
        self._links: dict[int, Link] = {}
        self._claims: dict[int, str] = dict(claims or {})
        """The user name (case-folded) each seat was first taken with: it takes the seat back."""
        self._taken_back: dict[str, int] = {}
        """The seat each user name took under a name not its own, since taken back by a guest
        logging in under the seat's own name (`join` says so to the one who took it first)."""
        self._released: set[int] = set()
        self._closed = False

    # ------------------------------------------------------------------ the game thread

    def terminal(self, seat: int) -> RemoteTerminal:
        """The terminal of `seat`."""
        return self.terminals[seat]

    def on_presence(self, callback: Presence | None) -> None:
        """Call `callback(seat, connected)` (game thread) when a guest arrives, drops or is let
        go; it must not wait for keys."""
        self._presence = callback

    def on_locked_out(self, callback: Callable[[str, float], None] | None) -> None:
        """Call `callback(address, seconds)` (game thread) when wrong table codes lock an
        address out for `seconds`."""
        self._on_locked_out = callback

    def locked_out(self, address: str, seconds: float) -> None:
        """Wrong table codes locked `address` out for `seconds` (any thread: the SSH one)."""
        callback = self._on_locked_out
        if callback is not None:
            self.inbox.post(lambda: callback(address, seconds))

    def logins(self) -> dict[int, str]:
        """The user names (case-folded) seats were taken with where they are not the seats'
        own names."""
        with self._lock:
            claims = dict(self._claims)
        return {seat: claim for seat, claim in claims.items()
                if claim != login_key(self.terminals[seat].name)}

    def post(self, work: Work) -> None:
        """Run `work` on the game thread at its next wait (any thread: the host's keyboard)."""
        self.inbox.post(work)

    def wait(self, done: Callable[[], bool], timeout: float | None = None) -> bool:
        """Handle the guests' events until `done()` or `timeout` seconds; return `done()`."""
        return self.inbox.wait(done, timeout)

    def hang_up(self, seat: int, message: str, *, release: bool = False,
                code: int = EXIT_STOPPED) -> None:
        """End `seat`'s connection, if any, showing `message`, the guest's ssh ending with
        exit status `code`; with `release`, for good."""
        with self._lock:
            link = self._links.pop(seat, None)
            if release:
                self._released.add(seat)
        if release:
            self.terminals[seat].mark_released()
        if link is not None:
            link.close(message, code)
            self._detached(seat, link)

    def close(self, message: Message, notes: Mapping[int, Message] | None = None, *,
              code: int = EXIT_STOPPED) -> None:
        """Let every guest go with `message`, after the note `notes` has for their seat, if any,
        each in their own language, their ssh ending with exit status `code` (EXIT_OK: the
        game is over); nobody may join any more."""
        with self._lock:
            self._closed = True
            links = dict(self._links)
            self._links.clear()
        for terminal in self.terminals.values():
            terminal.mark_released()
        for seat, link in links.items():
            # All first: nobody hears of the others leaving.
            with self.terminals[seat].speaking():
                note = (notes or {}).get(seat)
                text = said(message)
                link.close(f"{said(note)} {text}" if note else text, code)
        for seat, link in links.items():
            self._detached(seat, link)

    def reopen(self) -> None:
        """The seats the host gave to a computer player wait for their guests again (the table
        plays a new game); nothing once the table is closed."""
        with self._lock:
            if self._closed:
                return
            seats, self._released = self._released, set()
        for seat in seats:
            self.terminals[seat].reopen()

    # ------------------------------------------------------------------ the SSH thread

    def join(self, username: str, link: Link, width: int, height: int,
             language: str | None = None) -> RemoteTerminal | str:
        """Seat a guest who logged in as `username`, reading `language` (None: the host's):
        their terminal, or why they may not sit (in `language`).

        The seat whose name is the user name (in any case, accents or none) first, else the
        seat this user name took before, else the next seat nobody took yet. One connection per
        seat.
        """
        wanted = login_key(username)  # "zoe" or "ZOË" takes Zoë's seat
        with self._lock, speaking(language):
            if self._closed:
                return _("This table is closed.")
            seat = self._seat_for(wanted)
            if wanted in self._not_guests and (seat is None or not self._answers_to(wanted)):
                # Logged in as the host, or as a computer player: "every seat is taken" would
                # hide why, and a free seat given under that name would seat them as another.
                return _("{name}'s seat is not a guest's: connect with your own seat's name as "
                         "the user name.").format(name=printable(self._not_guests[wanted]))
            if seat is None and wanted in self._taken_back:
                return _("{name} took back their own seat, which you sat at under the user name "
                         "{login}, and no other seat is free.").format(
                    name=printable(self.terminals[self._taken_back[wanted]].name),
                    login=printable(wanted))
            if seat is None:
                return self._full_message()
            name = printable(self.terminals[seat].name)
            if seat in self._released:
                return _("{name}'s seat has been given to a computer player: the host handed "
                         "it over while its guest was away, and it plays there to the end of "
                         "this game.").format(name=name)
            own = wanted == login_key(self.terminals[seat].name)
            if seat in self._links:
                holder = self._claims.get(seat)
                if own and holder is not None and holder != wanted:
                    # Not their own connection: another user name took the seat first.
                    return _(
                        "{name}'s seat is taken by someone who logged in as {login}: if that is "
                        "not you, ask them to leave it (q), then connect again."
                    ).format(name=name, login=printable(holder))
                return _(
                    "{name}'s seat is taken by a connection that is still open. If that was you "
                    "and your connection dropped, try again in a minute."
                ).format(name=name)
            self._links[seat] = link
            if own:
                before = self._claims.get(seat)
                if before is not None and before != wanted:
                    self._taken_back[before] = seat
                self._claims[seat] = wanted  # the seat's own name: no other login is kept for it
            else:
                self._claims.setdefault(seat, wanted)
        self.inbox.post(partial(self._attached, seat, link, width, height, language))
        return self.terminals[seat]

    def leave(self, seat: int, link: Link) -> None:
        """`link`, a connection to `seat`, has closed."""
        with self._lock:
            if self._links.get(seat) is not link:
                return  # already let go by the game thread
            del self._links[seat]
        self.inbox.post(partial(self._detached, seat, link))

    def resized(self, seat: int, link: Link, width: int, height: int) -> None:
        """The guest at `seat` resized their window."""
        self.inbox.post(partial(self.terminals[seat].resized, link, width, height))

    def _answers_to(self, wanted: str) -> bool:
        """True when a guest's seat is named `wanted` (a name key), or was taken under it."""
        return any(login_key(terminal.name) == wanted for terminal in self.terminals.values()
                   ) or wanted in self._claims.values()

    def _seat_for(self, wanted: str) -> int | None:
        for seat, terminal in self.terminals.items():
            if login_key(terminal.name) == wanted:
                return seat
        for seat, claim in self._claims.items():
            if claim == wanted:
                return seat
        for seat in self.terminals:
            if seat not in self._claims and seat not in self._links and seat not in self._released:
                return seat
        return None

    def _full_message(self) -> str:
        """Why a guest finds no seat: every seat is taken, or kept for its guest who is away
        (as the players' list shows them), whose seat its name takes back."""
        away = [printable(self.terminals[seat].name) for seat in self.terminals
                if seat in self._claims and seat not in self._links
                and seat not in self._released]
        if not away:
            return _("Every seat at this table is taken.")
        return ngettext(
            "No seat is free: {names} is away, and their seat is kept for them. If it is "
            "yours, connect with its name as the user name.",
            "No seat is free: {names} are away, and their seats are kept for them. If one is "
            "yours, connect with its name as the user name.",
            len(away),
        ).format(names=listed(away))

    # ------------------------------------------------------------------ events (game thread)

    def _attached(self, seat: int, link: Link, width: int, height: int,
                  language: str | None) -> None:
        if not link.is_open:
            return  # gone before the game thread heard of it: nobody needs to know
        terminal = self.terminals[seat]
        terminal.attached(link, width, height, language)
        if self._presence is not None:
            self._presence(seat, True)
        terminal.repaint()

    def _detached(self, seat: int, link: Link) -> None:
        if self.terminals[seat].detached(link) and self._presence is not None:
            self._presence(seat, False)
