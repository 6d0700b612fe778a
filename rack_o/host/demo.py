"""A hand test of the SSH table without the game: `python -m rack_o.host.demo`.

Guests take turns: the one whose turn it is presses keys, each shown on their own screen
and announced on the others'; Enter passes the turn, n asks for a line of text. Try
resizing a window, closing one and connecting again, a wrong code, a second connection for
a taken seat. On the host's terminal, `b 2` + Enter gives seat 2 to a "bot", `q` + Enter
stops. Not the `racko host` screen: its texts are not translated.
"""

from __future__ import annotations

import argparse
import sys
import threading
from collections import deque
from functools import partial

from rich.markup import escape
from rich.panel import Panel
from rich.text import Text

from .defaults import DEFAULT_PORT
from .guest_seats import GuestSeats
from .hostkey import fingerprint, load_or_create
from .server import HostServer
from .tablecode import new_code
from .terminal import GuestEOF, GuestGone, GuestInterrupt, RemoteTerminal

NEWS = 8


class Demo:
    """The demo's game thread: screens, turns and the host's commands."""

    def __init__(self, table: GuestSeats) -> None:
        self.table = table
        self.news: deque[str] = deque(maxlen=NEWS)
        self.keys: dict[int, deque[str]] = {seat: deque(maxlen=12) for seat in table.terminals}
        self.mover: int | None = None
        self.stopping = False
        for terminal in table.terminals.values():
            terminal.on_redraw(partial(self.draw, terminal))
        table.on_presence(self.presence)

    def say(self, news: str) -> None:
        """Tell everyone connected, and the host."""
        self.news.append(news)
        print(news, flush=True)
        for terminal in self.table.terminals.values():
            if terminal.is_connected:
                terminal.console.print(Text(news, "cyan"))

    def presence(self, seat: int, connected: bool) -> None:
        name = self.table.terminals[seat].name
        if connected:
            self.say(f"{name} is at the table.")
        elif self.table.terminals[seat].is_released:
            self.say(f"{name} has left the table.")
        elif seat == self.mover:
            self.say(f"waiting for {name} (disconnected)")
        else:
            self.say(f"{name} disconnected.")

    def draw(self, terminal: RemoteTerminal) -> None:
        """One guest's whole screen."""
        lines = [
            f"You are [bold]{escape(terminal.name)}[/] (seat {terminal.seat + 1}); "
            f"your terminal is {terminal.width}×{terminal.height}.",
            "Your keys: " + escape(" ".join(self.keys[terminal.seat]) or "none yet"),
        ]
        terminal.console.print(Panel("\n".join(lines), title="racko host demo"))
        for news in self.news:
            terminal.console.print(Text(news, "dim"))

    def turn(self, seat: int) -> None:
        terminal = self.table.terminals[seat]
        self.mover = seat
        if not terminal.is_connected:
            self.say(f"waiting for {terminal.name} (disconnected)")
        terminal.clear()
        self.draw(terminal)
        while not self.stopping:
            key = terminal.key("Your turn: press keys · Enter passes · n types a line > ")
            if key == "\n":
                terminal.console.print()
                self.say(f"{terminal.name} passes.")
                return
            if key == "n":
                text = terminal.line("\nYour line: ")
                self.say(f"{terminal.name} typed {text!r} ({len(text)} characters).")
                continue
            self.keys[seat].append(key if key.isprintable() else repr(key))
            terminal.clear()
            self.draw(terminal)
            for other in self.table.terminals.values():
                if other is not terminal and other.is_connected:
                    other.console.print(Text(f"{terminal.name} pressed {key!r}", "dim"))

    def host_command(self, command: str) -> None:
        """What the host typed on their terminal (run on the game thread)."""
        words = command.split()
        if words[:1] == ["q"]:
            self.stopping = True
            print("Stopping after this key.", flush=True)
        elif len(words) == 2 and words[0] == "b" and words[1].isdigit():
            terminal = self.table.terminals.get(int(words[1]) - 1)
            if terminal is not None:
                terminal.release("A computer player has taken your seat. Thanks for playing!")
                self.say(f"A bot plays for {terminal.name} now.")

    def play(self) -> None:
        print("Waiting for a guest…", flush=True)
        self.table.wait(lambda: any(t.is_connected for t in self.table.terminals.values()))
        while not self.stopping:
            for seat, terminal in self.table.terminals.items():
                if self.stopping:
                    break
                if terminal.is_released:
                    continue
                try:
                    self.turn(seat)
                except GuestGone:
                    continue
                except (GuestInterrupt, GuestEOF):
                    self.say(f"{terminal.name} pressed Ctrl-C or Ctrl-D: their turn ends.")
            if all(t.is_released for t in self.table.terminals.values()):
                return


def _read_host_keyboard(table: GuestSeats, demo: Demo) -> None:
    for line in sys.stdin:
        table.post(partial(demo.host_command, line))


def main(argv: list[str] | None = None) -> int:
    """Host a demo table until q or Ctrl-C."""
    parser = argparse.ArgumentParser(prog="python -m rack_o.host.demo", description=__doc__)
    parser.add_argument("--port", type=int, default=DEFAULT_PORT)
    parser.add_argument("--bind", default="")
    parser.add_argument("--names", default="Ann,Bob")
    parser.add_argument("--idle", type=float, default=10.0, help="minutes")
    args = parser.parse_args(argv)
    names = [name.strip() for name in args.names.split(",") if name.strip()]
    table = GuestSeats(dict(enumerate(names)), idle=args.idle * 60)
    key = load_or_create()
    code = new_code()
    server = HostServer(table, code, key, bind=args.bind, port=args.port)
    port = server.start()
    print(f"Table code: {code}")
    print(f"Host key fingerprint: {fingerprint(key)}")
    for name in names:
        print(f"  ssh -p {port} {name.lower()}@HOST")
    print("On this terminal: b N + Enter gives seat N to a bot, q + Enter stops.", flush=True)
    demo = Demo(table)
    threading.Thread(target=_read_host_keyboard, args=(table, demo), daemon=True).start()
    try:
        demo.play()
    except KeyboardInterrupt:
        print("\nInterrupted.")
    finally:
        table.close("The host stopped the table. Goodbye!")
        server.stop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
