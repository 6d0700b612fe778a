"""What a hosted table shows besides `racko play`'s screens: who sits where and who is here,
whose turn it is while you wait, the keys of a waiting screen, the table's public state for a
host without a seat, and the lines a host passes on.

Pure functions from plain values to rich renderables: nothing here prints or reads. Only
public information: names, who is connected, scores, piles, the public moves.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from rich.console import Group, RenderableType
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from rack_o.cli.bindings import GIVE_SEAT_KEY, HELP_KEY, QUIT_KEY, RULES_KEY, SHEET_KEY
from rack_o.cli.flow import Flow
from rack_o.cli.prompt import key_label
from rack_o.cli.screens import (
    HISTORY_LINES,
    Either,
    fitted_piles,
    fitted_scores,
    fitted_status,
    history_block,
)
from rack_o.i18n import N_, _, listed
from rack_o.store.safe_text import printable
from rack_o.view import SeatView


class Presence(StrEnum):
    """Where a seat's player is, as the others see it."""

    HOST = "host"
    HERE = "here"
    READY = "ready"
    AWAY = "away"
    """A guest who has not connected yet, or dropped."""
    LEFT = "left"
    """A guest who left the table, as they chose (and may come back)."""
    IDLE = "idle"
    """A guest racko let go for their silence (who may come back)."""
    BOT = "bot"
    STAND_IN = "stand-in"
    """A guest's seat the host gave to a computer player."""


@dataclass(frozen=True)
class TableInfo:
    """What the host passes on: the code, the host key's fingerprint, and each guest seat's
    ssh line."""

    code: str
    fingerprint: str
    lines: dict[int, str]
    """The `ssh` command of each guest seat (0-based)."""
    loopback: bool = False
    """The address in the lines reaches this computer only."""


WAITING_HELP = N_(
    "While the others play, your screen follows each move. s shows the score sheet, r the "
    "rules, q leaves the table: the game goes on, and the same ssh command takes your seat "
    "back."
)
HOST_HELP = N_(
    "Your screen follows the game. s shows the score sheet, r the rules; b gives the seat of "
    "a player who is away to a computer player; q stops the game (it is saved, and "
    "racko host --resume opens the table again)."
)
UNSAVED_HOST_HELP = N_(
    "Your screen follows the game. s shows the score sheet, r the rules; b gives the seat of "
    "a player who is away to a computer player; q stops the game."
)
"""The host's help while stopping keeps no game to open again: before the first deal, or
when the game cannot be saved."""


def presence_word(presence: Presence, ready_asked: bool) -> Text:
    """How a seat's presence reads in the players' list."""
    words = {
        Presence.HOST: (_("host"), "cyan"),
        Presence.HERE: (_("not ready") if ready_asked else _("here"), "yellow" if ready_asked
                        else "green"),
        Presence.READY: (_("ready"), "green"),
        Presence.AWAY: (_("away"), "red"),
        Presence.LEFT: (_("left the table"), "red"),
        Presence.IDLE: (_("idle too long"), "red"),
        Presence.BOT: (_("computer player"), "dim"),
        Presence.STAND_IN: (_("a computer player plays for them"), "dim"),
    }
    word, style = words[presence]
    return Text(word, style)


def players_block(
    names: Sequence[str], presence: Sequence[Presence], *, ready_asked: bool = False,
    you: int | None = None, lines: dict[int, str] | None = None,
    logins: Mapping[int, str] | None = None,
) -> Table:
    """Each seat: its number, name and where its player is; `you` marked; with `lines`, the
    ssh command of each seat whose guest is away; with `logins`, the user name a guest here
    took their seat with, where it is not the seat's own (for the host to see who sits
    there)."""
    table = Table(box=None, show_header=False, padding=(0, 1), pad_edge=False)
    table.add_column(justify="right", no_wrap=True)
    table.add_column(no_wrap=True)
    # An ssh line longer than the room left is broken, never cut: the host reads it out.
    table.add_column(overflow="fold")
    for seat, (name, where) in enumerate(zip(names, presence, strict=True)):
        shown = Text(name, "bold" if seat == you else "")
        if seat == you:
            shown.append(" " + _("(you)"), "dim")
        status: list[tuple[str, Text]] = [("", presence_word(where, ready_asked))]
        if (lines is not None and where in (Presence.AWAY, Presence.LEFT, Presence.IDLE)
                and seat in lines):
            # Broken, if need be, before its user@address only: "ssh -p" at a line's end and
            # its port on the next read as two commands.
            command, target = _ssh_apart(lines[seat])
            status += [("  ", Text(command, "bold")), (" ", Text(target, "bold"))] if command \
                else [("  ", Text(target, "bold"))]
        if logins and seat in logins and where in (Presence.HERE, Presence.READY):
            status.append(("  ", Text(_("logged in as {login}").format(
                login=printable(logins[seat])), "dim")))
        table.add_row(str(seat + 1), shown, Flow(status))
    return table


def _ssh_apart(line: str) -> tuple[str, str]:
    """An ssh line (`address.ssh_line`) as its command ("ssh -p 2222") and its target, the
    last word, quoted or not ("ann marie@host" in quotes is one word)."""
    command = re.match(r"ssh(?: -p \d+)?", line)
    if command is None:  # not an ssh line of racko's: one piece
        return "", line
    return command.group(), line[command.end():].lstrip()


def waiting_line(name: str, presence: Presence, drawn: bool, *, yours: bool = False) -> Text:
    """Whose turn it is while you wait, and what they are doing (`yours`: it is your turn,
    in a moment)."""
    if yours:
        return Text(_("Your turn."), "bold")
    if presence is Presence.AWAY:
        return Text(_("Waiting for {name} (disconnected).").format(name=name), "bold yellow")
    if presence is Presence.LEFT:
        return Text(_("Waiting for {name} (left the table).").format(name=name), "bold yellow")
    if presence is Presence.IDLE:
        return Text(_("Waiting for {name} (idle too long).").format(name=name),
                    "bold yellow")
    if presence is Presence.BOT:
        return Text(_("{name} is playing.").format(name=name), "bold")
    if presence is Presence.STAND_IN:
        return Text(_("A computer player plays for {name}.").format(name=name), "bold")
    if drawn:
        return Text(_("{name} drew a card and is placing it.").format(name=name), "bold")
    return Text(_("{name} is playing.").format(name=name), "bold")


def host_choosing_line(host: str | None) -> Text:
    """What a guest reads under the end of the game while the host chooses whether the table
    plays again (`host`: the host's name; None for a host without a seat)."""
    if host is None:
        return Text(_("Waiting for the host to choose whether to play again."), "bold")
    return Text(_("Waiting for {host} to choose whether to play again.").format(host=host),
                "bold")


def left_before_next_game(names: Sequence[str]) -> RenderableType:
    """What the host reads above the play-again question of each guest who is away (left as
    the game ended, or while the host chooses): a new game waits for them to come back."""
    return Group(*(Text(_("{name} left the table: a new game would wait for them to come "
                          "back.").format(name=name), "yellow") for name in names))


def keys_line(*, host: bool, ready: bool = False, unready: bool = False, over: bool = False,
              host_choosing: bool = False) -> Either:
    """The keys of a screen that waits (Enter when ready or at the end; `unready`: u takes back
    being ready), in fewer words on a narrow terminal: a word for each key, then words only for
    the keys that change something (Enter, u, b, q), then the keys alone.
    `host_choosing`: a guest's at the end while the host chooses whether to play again (Enter
    does not leave then, q does)."""
    # Each key as (sentence, word, key alone); the keys that change something keep their word.
    said: list[tuple[str, str, str]] = []
    if over and not host_choosing:
        word = _("[bold]Enter[/] close") if host else _("[bold]Enter[/] leave")
        said.append((_("[bold]Enter[/] closes the table") if host
                     else _("[bold]Enter[/] leaves the table"), word, word))
    elif ready:
        said.append((_("[bold]Enter[/] ready"),) * 3)
    elif unready:
        said.append((_("[bold]u[/] not ready"),) * 3)
    said += [(_("[bold]s[/] score sheet"), _("[bold]s[/] sheet"), f"[bold]{SHEET_KEY}[/]"),
             (_("[bold]r[/] rules"), _("[bold]r[/] rules"), f"[bold]{RULES_KEY}[/]")]
    leave = (_("[bold]q[/] leave the table"), _("[bold]q[/] leave"), f"[bold]{QUIT_KEY}[/]")
    if host_choosing:
        said += [(_("? help"), _("? help"), HELP_KEY), leave]
    elif not over:
        said.append((_("? help"), _("? help"), HELP_KEY))
        if host:
            said += [(_("[bold]b[/] seat to a computer"), _("[bold]b[/] seat"),
                      f"[bold]{GIVE_SEAT_KEY}[/]"),
                     (_("[bold]q[/] stop the game"), _("[bold]q[/] stop"), f"[bold]{QUIT_KEY}[/]")]
        else:
            said.append(leave)
    quiet = {f"[bold]{SHEET_KEY}[/]", f"[bold]{RULES_KEY}[/]", HELP_KEY}
    forms = ([sentence for sentence, _word, _key in said],
             [word for _sentence, word, _key in said],
             [key if key in quiet else word for _sentence, word, key in said],
             [key for _sentence, _word, key in said])
    return Either(*(Text.from_markup(" · ".join(form), style="dim") for form in forms))


TABLE_LINES = 4
"""The lines of `table_screen` around its moves: round, scores, the moves' heading, piles."""


def table_screen(view: SeatView, stand_ins: Collection[int] = (),
                 most: int = HISTORY_LINES) -> RenderableType:
    """The table as everyone may see it (`view`, `Game.public_view`): round, whose turn,
    scores, the round's `most` newest moves (those a computer player made for a person,
    `stand_ins`, marked), piles."""
    return Group(fitted_status(view), fitted_scores(view),
                 history_block(view, most, stand_ins=stand_ins), fitted_piles(view))


def code_line(info: TableInfo) -> Text:
    """The table code, the password every guest types, in bold: "Table code: CODE"."""
    # The same words in every language, on a line of their own: scripts read the code there.
    return Text(f"Table code: {info.code}", "bold")


def table_info_block(info: TableInfo, away: dict[int, str] | None = None, *,
                     fingerprint: bool = False) -> RenderableType:
    """The code, on a line of its own (with the host key's `fingerprint` if asked), and for
    each seat in `away` (seat: name) who is away, with the ssh line that takes it back: for the
    host's screen."""
    lines: list[RenderableType] = [code_line(info)]
    if fingerprint:
        lines.append(Text(_("Host key fingerprint: {fingerprint}").format(
            fingerprint=info.fingerprint), "dim"))
    for seat, name in (away or {}).items():
        if seat in info.lines:
            lines.append(Text(_("{name} is away: {line}").format(name=name, line=info.lines[seat])))
    return Group(*lines)


def intro_lines(info: TableInfo, names: Sequence[str], port: int) -> list[RenderableType]:
    """What `racko host` prints first: the code, the fingerprint, the ssh lines and where they
    work."""
    lines: list[RenderableType] = [
        Text(_("racko host: a table of Rack-O for {names}.").format(names=listed(names))),
        code_line(info),
        Text(_("Host key fingerprint: {fingerprint}").format(fingerprint=info.fingerprint)),
        Text(_("Give each guest their line, and the code privately:")),
    ]
    for seat, line in info.lines.items():
        lines.append(Text.assemble("  ", (line, "bold"), ("   " + names[seat], "dim")))
    if info.loopback:
        where = _("These lines reach this computer only; --bind chooses an address others "
                  "can reach.")
    else:
        where = _("These lines work on this network. From elsewhere, guests need your public "
                  "address, with port {port} forwarded to this computer, or a tunnel: see "
                  "docs/hosting.md.").format(port=port)
    lines.append(Text(where, "dim"))
    return lines


def help_note(host: bool, *, gate: bool = False, choosing: bool = False,
              saved: bool = True, over: bool = False) -> Text:
    """The ? note of a waiting screen (`gate`: of a seated person's while the table waits for
    everyone to be ready, where Enter and u come first; `choosing`: a guest's once the game is
    over, while the host chooses whether to play again; `saved`: a table stopped now could
    open again, so the host's help says so; `over`: the game is over, nothing more chosen)."""
    if choosing and not host:
        return Text(_("The game is over, and the host is choosing whether to play again. s shows "
                      "the score sheet, r the rules, q leaves the table."), "cyan")
    if over:
        return Text(_("The game is over. Enter closes the table; s shows the score sheet, r the "
                      "rules.") if host else _("The game is over. Enter leaves the table; s "
                                                "shows the score sheet, r the rules."), "cyan")
    host_help = _(HOST_HELP) if saved else _(UNSAVED_HOST_HELP)
    if not gate:
        return Text(host_help if host else _(WAITING_HELP), "cyan")
    ready = _("Press Enter when you are ready for the cards to be dealt; u takes it back until "
              "they are.")
    # Nobody plays yet: a guest's help says nothing of following the others' moves, nor of a
    # game going on without them (it is dealt once everyone is ready).
    return Text(ready + " " + (host_help if host else _(
        "s shows the score sheet, r the rules, q leaves the table; the same ssh command takes "
        "your seat back.")), "cyan")


def invalid_note(key: str, host: bool, over: bool = False, host_choosing: bool = False, *,
                 ready: bool = False, unready: bool = False) -> Text:
    """What a key a waiting screen has no use for gets (`over`: at the end of the game, where
    only Enter, s and r do something; `host_choosing`: there while the host chooses whether to
    play again, where s, r and q do; `ready`: while the table waits for everyone to be ready,
    where Enter says so; `unready`: there once ready, where u takes it back)."""
    if host_choosing:
        keys = _("s, r, ? or q")
    elif over:
        keys = _("Enter, s or r")
    elif ready:
        keys = _("Enter, s, r, ?, b or q") if host else _("Enter, s, r, ? or q")
    elif unready:
        keys = _("u, s, r, ?, b or q") if host else _("u, s, r, ? or q")
    else:
        keys = _("s, r, ?, b or q") if host else _("s, r, ? or q")
    # A key that types nothing is named as its keyboard names it (Esc, Up arrow), as racko
    # play names it; one without a name of its own (Alt-x, F5) is "that key".
    shown = escape(key) if len(key) == 1 else key_label(key)
    if shown is None:
        return Text(_("That key does nothing here: press {keys}.").format(keys=keys), style="red")
    return Text.from_markup(_("[bold]{key}[/] does nothing here: press {keys}.").format(
        key=shown, keys=keys), style="red")
