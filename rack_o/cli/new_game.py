"""A new game opened, for `racko play` and `racko host` alike: its record (autosaved, or
--record, or why it is not saved), its header and dealer draw, the lines it opens with, and,
once it is over, its place in the history."""

from __future__ import annotations

import errno
import os
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import click
from rich.console import Console, RenderableType
from rich.text import Text

from rack_o.bots.hint import HINT_LEVELS
from rack_o.game import Game, Player
from rack_o.i18n import _, listed, ngettext
from rack_o.record import Header
from rack_o.rules import Rules
from rack_o.store.names import name_key
from rack_o.store.stamps import now_stamp
from rack_o.store.writer import RecordWriter

from .messages import history_error, history_notice, in_the_way, resume_note
from .os_reasons import os_reason
from .screens import dealer_draw_lines, side_names, variant_labels
from .setup import broken_link, hints_line, language_line, not_empty, same_cards_note
from .wrapping import Filled


def open_game_record(
    path: Path | None, started: str, names: Sequence[str],
    carry_on: Callable[[str], str] = resume_note,
) -> tuple[RecordWriter | None, Callable[[], None], str, Path | None]:
    """(writer, its close, how-to-carry-on sentence, file) for the game's rack-o/1 record; the
    writer's `step` is the game's `on_step` listener.

    Without --record the game is autosaved in the user data directory; if that cannot be
    written, the game is played unsaved and the sentence says so. `carry_on` words the
    command that carries the game on, given the record's ID.
    """
    from rack_o.store.autosave import open_record as open_record_file
    from rack_o.store.paths import file_in_the_way, record_ref
    from rack_o.store.safe_text import controls_escaped
    from rack_o.store.writer import BrokenLinkError, RecordNotEmptyError

    try:
        writer = open_record_file(path, started, names)
    except BrokenLinkError as error:  # became one since the option was checked
        raise click.BadParameter(broken_link(Path(error.filename)),
                                 param_hint="'--record'") from error
    except RecordNotEmptyError as error:  # written since the option was checked
        raise click.BadParameter(not_empty(Path(error.filename)),
                                 param_hint="'--record'") from error
    except OSError as error:
        if path is not None:
            raise click.BadParameter(
                _("cannot write {file}: {reason}.").format(file=path, reason=os_reason(error)),
                param_hint="'--record'",
            ) from error
        reason = os_reason(error)
        if error.errno in (errno.EEXIST, errno.ENOTDIR) and error.filename:
            # The games folder, or a folder above it, is a file (RACKO_HOME names one, say).
            blocking = file_in_the_way(Path(os.fsdecode(error.filename)))
            if blocking is not None:
                reason = in_the_way(blocking)
        note = _("This game is not being saved: cannot write {file} ({reason}).").format(
            file=controls_escaped(str(error.filename or "")), reason=reason
        ).replace("  ", " ")
        return None, lambda: None, note, None
    ref = record_ref(writer.path)
    return writer, writer.close, carry_on(ref), writer.path


def start_notices(game: Game, seed: int, show_seed: bool = True) -> list[RenderableType]:
    """The public lines a game opens with: the table, the seed (if `show_seed`), the dealer
    draw. With several people at one keyboard the seed waits for the end: with it, anyone
    could deal the same cards in another window and see every rack."""
    rules = game.rules
    names = [p.name for p in game.players]
    variants = variant_labels(rules)
    title = Text("Rack-O", "bold yellow")
    title.append(f"  ·  {', '.join(names)}  ·  "
                 + _("first to {target} wins").format(target=rules.target), "bold")
    if variants:
        title.append(f"  ·  {', '.join(variants)}")
    lines: list[RenderableType] = [title]
    hidden = [player for player in game.players
              if player.bot is not None and not name_key(player.name).startswith(
                  name_key(player.bot))]
    if hidden:
        # A computer player named like a person ("--names Ann,Bob --bot 2=hard"): nothing
        # else says it is one until it never gets a hand-off.
        bots = [f"{player.name} ({player.bot})" for player in game.players
                if player.bot is not None]
        lines.append(Text(ngettext("Computer player: {bots}.", "Computer players: {bots}.",
                                   len(bots)).format(bots=listed(bots))))
    if rules.partners:
        # The title lists the seats in order; who plays with whom is not plain from it.
        first, second = side_names(rules, names)
        lines.append(Text(_("Partners: {first} against {second}.").format(
            first=first, second=second)))
    if show_seed:
        lines.append(Filled(same_cards_note(game.players, seed, game.rules)))
    lines.append(dealer_draw_lines(names, game.dealer_draw, game.dealer))
    return lines


@dataclass(frozen=True)
class NewGame:
    """A game dealt its dealer draw, with its record open: what a session needs to play it."""

    game: Game
    header: Header
    writer: RecordWriter | None
    """None when the game cannot be saved (`saving` says so)."""
    record_path: Path | None
    saved_note: str
    """How to carry the game on later, or why it is not saved."""
    notices: list[RenderableType]
    """The public lines the game opens with (`start_notices`)."""
    saved: RenderableType
    """Where the game is saved and how to carry it on, or that it is not saved."""
    trouble: list[RenderableType]
    """Any trouble with the history."""

    @property
    def saving(self) -> list[RenderableType]:
        """Where the game is saved, or that it is not, and any trouble with the history."""
        return [self.saved, *self.trouble]


def saved_line(note: str, *, from_first_deal: bool = False) -> Filled:
    """The line that says a game is saved as it is played (kept only from its first deal, if
    `from_first_deal`), then `note` (how to carry it on, its command whole on a line of its
    own)."""
    saved = (_("Saved as you play, from the first deal.") if from_first_deal
             else _("Saved as you play."))
    return Filled(saved + " " + note, "dim")


def _loading_bots(carry_on: Callable[[str], str]) -> Callable[[str], str]:
    """`carry_on` with --load-bots after its command (the note ends with the command)."""
    return lambda ref: f"{carry_on(ref)} --load-bots"


@contextmanager
def new_game(
    rules: Rules, seats: Sequence[Player], seed: int, record: Path | None, *,
    hints: str | None = HINT_LEVELS[0], show_seed: bool = True,
    carry_on: Callable[[str], str] = resume_note, game_line: Mapping[str, Any] | None = None,
) -> Iterator[NewGame]:
    """Open the record of a new game (its game line written, with `game_line`'s fields added)
    and draw for the dealer; the record is closed on leaving. `hints`: the level of bot whose
    move h gives (None: h gives none), as the game line says it (`hints_of` reads it back).

    RecordWriteError if the game line cannot be written; see `open_game_record` and
    `start_notices` for `record`, `carry_on` and `show_seed`.
    """
    from rack_o.bots import any_outside
    from rack_o.store.autosave import history_problem

    started = now_stamp()
    if any_outside(seats):
        # Carrying on imports that code again, which resume does only when asked to.
        carry_on = _loading_bots(carry_on)
    writer, close, saved_note, record_path = open_game_record(
        record, started, [p.name for p in seats], carry_on)
    made = Header(tuple(seats), rules, seed, started, hints=hints is not None)
    # The header is the game line as written, racko's own fields too: the history's
    # fingerprint of the game, and play again's hint level, are then those of its record.
    header = replace(made, line={**made.event(), **language_line(), **hints_line(hints),
                                 **(game_line or {})})
    try:
        if writer is not None:
            writer.write(header.event())
        game = header.new_game(on_step=writer.step if writer is not None else None)
        # An autosaved record left before the first deal is not kept: there is nothing to carry
        # on. A file the player named is theirs, and kept from the start.
        saved = (Text(saved_note, "yellow") if record_path is None
                 else saved_line(saved_note, from_first_deal=record is None))
        trouble: list[RenderableType] = []
        problem = history_problem()
        if problem:
            # Only a saved game can be kept to be added to the history later.
            notice = history_notice(problem) if record_path is not None else history_error(problem)
            trouble.append(Text(notice, "yellow"))
        yield NewGame(game, header, writer, record_path, saved_note,
                      start_notices(game, seed, show_seed=show_seed), saved, trouble)
    finally:
        close()


def add_finished(console: Console, game: Game, header: Header, record_path: Path | None) -> None:
    """Put a finished game into the history; a sentence on `console` if it cannot be (but
    not for a read-only history: the game said so as it started)."""
    from rack_o.store.autosave import add_to_history
    from rack_o.store.history import HistoryProblem

    if game.is_over:
        problem = add_to_history(game, header, record_path)
        # A read-only history was named as the game started (`history_notice`): said once.
        if problem and problem.problem is not HistoryProblem.READ_ONLY:
            console.print(history_error(problem), style="yellow", markup=False)
