"""The sentences for what the store and the bots report: damaged record files, saved games
that cannot be found, history failures, bot specs that make no bot, and hints.

The store and the bots say what happened as exceptions and data with fields; only here are
they worded, in the language racko speaks. Each function takes what its module produced, so
importing this module loads neither the store nor the bots.
"""

from __future__ import annotations

import difflib
import re
from typing import TYPE_CHECKING

from rack_o.i18n import N_, _, current_language, ngettext, number

from .os_reasons import os_reason

if TYPE_CHECKING:
    from pathlib import Path

    from rack_o.bots.hint import Advice, Between, Run
    from rack_o.store.history import HistoryError
    from rack_o.store.records import RecordFileError

SHOWN_MATCHES = 10
"""The most lines that name the saved games matching an ambiguous ID: more matches than that
are named up to one line fewer, and the last line counts the others."""

# The reasons a record file is refused that need no value, by RecordProblem.
_RECORD_REASONS = {
    "no such file": N_("no such file"),
    "not a regular file": N_("not a regular file, so not a game record"),
    "empty": N_("the file is empty: a game record starts with a game line"),
    "only blank lines": N_("the file holds only blank lines: a game record starts with a game "
                           "line"),
    "binary data": N_("the file holds binary data (a NUL byte), not a rack-o/1 game record"),
    "not UTF-8": N_("the file is not UTF-8 text, so not a rack-o/1 game record"),
    "not a rack-o/1 record": N_(
        'this is not a rack-o/1 game record: its first line is not a JSON "game" line'
    ),
    "lines end in CR": N_("its lines end in a carriage return (CR) alone, as old Mac files "
                          "did: a rack-o/1 record ends each line with a newline (LF)"),
    "junk after the last line": N_("the last line is neither JSON nor a torn write"),
    "only a torn first line": N_("the file holds only a torn first line: no game was saved"),
    "no game line": N_('the first line must be a "game" line listing the players'),
}


def record_file_error(error: RecordFileError) -> str:
    """Which record file cannot be used, at which line, and why: "FILE, line N: reason"."""
    from rack_o.store.history import holds_record
    from rack_o.store.records import MAX_RECORD_BYTES, RecordProblem
    from rack_o.store.safe_text import printable

    problem = error.problem
    if problem is RecordProblem.UNREADABLE:
        reason = _("cannot be read ({reason})").format(
            reason=error.detail if error.cause is None else os_reason(error.cause))
    elif problem is RecordProblem.TOO_BIG:
        reason = _(
            "the file is {size} MB, far larger than any game record (the limit is {limit} MB); "
            "it was not read"
        ).format(size=number(error.size / 1e6, 1), limit=MAX_RECORD_BYTES // 1_000_000)
    elif problem is RecordProblem.BROKEN and error.broken is not None:
        reason = _(error.broken.template).format(**{  # a number as the language writes it
            name: number(value) if type(value) is int else value
            for name, value in error.broken.values.items()
        })
    elif problem is RecordProblem.BROKEN:
        reason = error.detail
    elif problem is RecordProblem.NO_SUCH_FILE and holds_record(error.path):
        reason = _("gone (moved or deleted): the history lists its game, but keeps only its "
                   "scores")
    else:
        reason = _(_RECORD_REASONS[problem])
    # Whole patterns, so that a language can write the colon its own way (French: " : ").
    shown_path = printable(str(error.path))
    if error.line is None:
        return _("{file}: {reason}").format(file=shown_path, reason=reason)
    return _("{file}, line {line}: {reason}").format(file=shown_path, line=error.line,
                                                     reason=reason)


def record_not_found(error: LookupError) -> str:
    """Why a game reference names no saved game: none matches, or several do."""
    from rack_o.store.records import RecordNotFoundError

    if not isinstance(error, RecordNotFoundError):
        return str(error)
    matches = error.matches
    if matches:
        # One ID a line, whole, so that it can be read and copied at any width.
        shown = matches if len(matches) <= SHOWN_MATCHES else matches[: SHOWN_MATCHES - 1]
        lines = [ngettext('"{ref}" matches {count} saved game:',
                          '"{ref}" matches {count} saved games:', len(matches)).format(
                     ref=error.ref, count=len(matches))]
        lines += [f"  {match}" for match in shown]
        if len(shown) < len(matches):
            more = len(matches) - len(shown)
            lines.append("  " + ngettext("… and {count} more", "… and {count} more", more).format(
                count=more))
        lines.append(_('Give the full ID, or more of its start than "{ref}".').format(
            ref=error.ref))
        return "\n".join(lines)
    from rack_o.store.safe_text import controls_escaped

    if not error.ref.strip():  # a script's unset variable: "" names no game and no file
        return _("An empty ID names no game: give a game's ID (racko history and racko resume "
                 "--list show them) or a record file.")
    if error.unlisted is not None:
        from rack_o.store.paths import file_in_the_way

        # The game may well be there: the folder's trouble is said, not that there is none.
        blocking = file_in_the_way(error.folder)
        reason = in_the_way(blocking) if blocking is not None else os_reason(error.unlisted)
        return _('No file "{ref}", and the saved games in {folder} cannot be looked at: '
                 "{reason}.").format(ref=controls_escaped(error.ref),
                                     folder=controls_escaped(str(error.folder)), reason=reason)
    from rack_o.store.history import records_in
    from rack_o.store.paths import RECORD_SUFFIX
    from rack_o.store.records import record_id

    # The game's ID, or its start, as racko history lists it: "no saved game" would puzzle.
    gone = [record for record in records_in(error.folder, error.ref)
            if record.name.endswith(RECORD_SUFFIX) and not record.exists()]
    if len(gone) == 1:
        return _('The game "{ref}" is in the history, but its record {file} is gone (moved or '
                 "deleted): the history keeps only its scores.").format(
            ref=controls_escaped(record_id(gone[0])), file=controls_escaped(str(gone[0])))
    if gone:
        lines = [_('"{ref}" starts the IDs of {count} games in the history whose records are '
                   "gone (moved or deleted): the history keeps only their scores.").format(
                       ref=controls_escaped(error.ref), count=len(gone))]
        listed = gone if len(gone) <= SHOWN_MATCHES else gone[: SHOWN_MATCHES - 1]
        lines += [f"  {controls_escaped(record_id(record))}" for record in listed]
        if len(listed) < len(gone):
            more = len(gone) - len(listed)
            lines.append("  " + ngettext("… and {count} more", "… and {count} more",
                                         more).format(count=more))
        return "\n".join(lines)
    return _('No saved game "{ref}" in {folder} and no such file.').format(
        ref=controls_escaped(error.ref), folder=controls_escaped(str(error.folder))
    )


def in_the_way(blocking: Path) -> str:
    """Why `blocking` (`file_in_the_way`) keeps a folder from being made: a file, or a link to
    nothing (which a folder cannot be made through)."""
    import errno
    import os

    from rack_o.store.safe_text import controls_escaped

    file = controls_escaped(str(blocking))
    if os.path.islink(blocking) and not os.path.exists(blocking):
        try:
            os.stat(blocking)
        except OSError as error:
            if error.errno == errno.ELOOP:
                return _("{file} is a link that leads back to itself").format(file=file)
        # Through every link to the name that holds nothing (a link to a link to nothing),
        # written as the links write it: a relative link stays relative.
        target = str(blocking)
        for _hop in range(40):  # the most links a path may go through (ELOOP's limit)
            if not os.path.islink(target):
                break
            target = os.path.normpath(os.path.join(os.path.dirname(target),
                                                   os.readlink(target)))
        return _("{file} is a link to {target}, which does not exist").format(
            file=file, target=controls_escaped(target))
    return _("{file} is a file, not a folder").format(file=file)


def history_error(error: HistoryError) -> str:
    """What went wrong with the history database, and where the game is if it has a record."""
    from rack_o.store.history import SCHEMA_VERSION, HistoryProblem
    from rack_o.store.safe_text import controls_escaped

    # A path is data (a folder's name may hold a bidi override): spelt out, never obeyed.
    problem, file = error.problem, controls_escaped(str(error.file))
    if problem is HistoryProblem.CANNOT_OPEN:
        reason = error.detail
        if error.cause is not None and current_language() != "en":
            said = os_reason(error.cause)
            reason = said[:1].lower() + said[1:]  # as the English detail is: after a colon
        text = _("The game history {file} cannot be opened: {error}.").format(
            file=file, error=reason)
    elif problem is HistoryProblem.NOT_A_FOLDER:
        assert error.blocking is not None, "NOT_A_FOLDER names what is in the way"
        text = _("The game history {file} cannot be opened: {error}.").format(
            file=file, error=in_the_way(error.blocking))
    elif problem is HistoryProblem.NEWER_SCHEMA:
        text = _("The game history {file} was made by a newer racko (schema {version}; this one "
                 "knows up to {known}); it was left untouched.").format(
            file=file, version=error.version, known=SCHEMA_VERSION)
    elif problem is HistoryProblem.CANNOT_ADD_GAME:
        text = _("The game could not be added to the history {file}: {error}.").format(
            file=file, error=error.detail)
    elif problem is HistoryProblem.CANNOT_ADD_GAMES:
        text = _("Games could not be added to the history {file}: {error}.").format(
            file=file, error=error.detail)
    elif problem is HistoryProblem.BUSY:
        text = _("The game history {file} is locked by another program ({error}).").format(
            file=file, error=error.detail)
    elif problem is HistoryProblem.FOREIGN:
        text = _("The game history {file} is another program's database, not a racko history, "
                 "so racko leaves it untouched; move it away to keep a history.").format(
            file=file)
    elif problem is HistoryProblem.DAMAGED:
        text = _("The game history {file} holds a damaged entry (a value of the wrong kind), so "
                 "it cannot be listed; it was left untouched.").format(file=file)
    elif problem is HistoryProblem.BROKEN_LINK:
        text = _("The game history {file} is a link to {target}, which does not exist: racko "
                 "makes no file there. Remove the link, or point it at an existing "
                 "history.").format(file=file, target=controls_escaped(error.detail))
    elif problem is HistoryProblem.READ_ONLY:
        text = _("The game history {file} is read-only, so racko leaves it as it is: finished "
                 "games are not added to it.").format(file=file)
    elif problem is HistoryProblem.NOT_A_FILE:
        text = _("The game history {file} is not a regular file (a folder, a device or a "
                 "pipe), so racko leaves it as it is; move it away to keep a history.").format(
            file=file)
    elif problem is HistoryProblem.NOT_MADE:
        text = _("The game history {file} does not exist yet: no game has been "
                 "finished.").format(file=file)
    else:
        text = _("The game history {file} cannot be read: {error}.").format(
            file=file, error=error.detail)
    if error.kept:
        text += " " + _("The game is kept in {file} and will be added to the history later: "
                        "when the next game ends, or by racko history or racko stats.").format(
            file=controls_escaped(str(error.record)))
    elif error.record is not None:
        text += " " + _("The game's record is still in {file}.").format(
            file=controls_escaped(str(error.record)))
    return text


def history_notice(error: HistoryError) -> str:
    """What a game says as it starts when the history cannot take it: why, and what becomes
    of the game when it ends."""
    from rack_o.store.history import HistoryProblem
    from rack_o.store.pending import can_keep
    from rack_o.store.safe_text import controls_escaped

    if error.problem is HistoryProblem.READ_ONLY:
        return history_error(error)  # it stays read-only: nothing is kept for later either
    blocking = can_keep()
    if blocking is not None:
        why = (_("{folder} cannot be written").format(folder=controls_escaped(str(blocking)))
               if blocking.is_dir() else in_the_way(blocking))
        return history_error(error) + " " + _(
            "If the game ends, its record stays, but it cannot be kept to add to the history "
            "later: {reason}.").format(reason=why)
    return history_error(error) + " " + _("If the game ends, it is kept and added to the "
                                          "history later.")


def meant_level(spec: str) -> str:
    """ " Did you mean 'hard'?" after a bot level typed wrong, for the level nearest it by
    spelling; "" if none is near."""
    from rack_o.bots.loader import LEVELS
    from rack_o.cli import did_you_mean

    meant = difflib.get_close_matches(spec.strip().lower(), LEVELS, n=1)
    return " " + did_you_mean(meant) if meant else ""


def bot_spec_error(error: ValueError) -> str:
    """Why no bot can be made from a spec, and how to write one that works.

    Takes any ValueError that making a bot raised: one other than BotSpecError says itself.
    """
    from rack_o.bots.loader import FILE_GIVEN, LEVELS, BotProblem, BotSpecError

    if not isinstance(error, BotSpecError):
        return str(error)
    spec = repr(error.spec)
    module, _sep, name = error.spec.partition(":")
    problem = error.problem
    if problem is BotProblem.UNKNOWN_LEVEL:
        said = _("unknown bot level {spec}: choose one of {levels}, or give your own bot as "
                 "package.module:ClassName.").format(spec=spec, levels=", ".join(LEVELS))
        return said + meant_level(error.spec)
    if problem is BotProblem.BAD_FORM and error.detail == FILE_GIVEN:
        return _("bot {spec}: name the module as Python imports it, not its file: "
                 "mybots:MyBot for mybots.py, in the current folder or on PYTHONPATH."
                 ).format(spec=spec)
    if problem is BotProblem.BAD_FORM:
        return _("bot {spec} must be written package.module:ClassName.").format(spec=spec)
    if problem is BotProblem.NO_MODULE:
        return _("bot {spec}: module {module} does not import ({error}); it must be importable "
                 "from the current directory or PYTHONPATH.").format(
            spec=spec, module=repr(module), error=error.detail)
    if problem is BotProblem.IMPORT_FAILED:
        return _("bot {spec}: module {module} was found, but importing it failed "
                 "({error}).").format(spec=spec, module=repr(module), error=error.detail)
    if problem is BotProblem.NO_CLASS:
        return _("bot {spec}: module {module} has no class {name}.").format(
            spec=spec, module=repr(module), name=repr(name))
    if problem is BotProblem.NOT_A_CLASS:
        return _("bot {spec}: {name} in module {module} is not a class; a bot is a class with a "
                 "`name` and a `choose(view)` method.").format(
            spec=spec, module=repr(module), name=repr(name))
    if problem is BotProblem.CANNOT_MAKE and not isinstance(error.__cause__, TypeError):
        # Its __init__ ran and raised: no advice on how it is called.
        return _("bot {spec}: {name}() failed ({error}) as racko made it.").format(
            spec=spec, name=name, error=error.detail)
    if problem is BotProblem.CANNOT_MAKE:
        return _("bot {spec}: {name}() failed ({error}); a bot class must be callable with no "
                 "arguments.").format(spec=spec, name=name, error=error.detail)
    parts = {"name": _("a `name` string") if not error.detail else
             _("a `name` string (its name is {given})").format(given=error.detail),
             "choose": _("a `choose(view)` method")}
    return _("bot {spec}: {name} lacks the bot interface: it needs {missing}.").format(
        spec=spec, name=name, missing=_(" and ").join(parts[part] for part in error.missing))


def _slots_kept_whole(text: str) -> str:
    """`text` with each "(slot 10)" joined by a no-break space: a line never ends inside one."""
    return re.sub(r"\((\S+) (\d+)\)", "(\\1\u00a0\\2)", text)


def _where(between: Between | None, slot: int | None, card: int | None, out: int | None) -> str:
    """Where `card` going into `slot` (in place of `out`) sits among the cards worth keeping,
    and their slots. A card between them that is not worth keeping is not named; where there
    is one (a named card is not in the slot next to `slot`), the named ones are said to be the
    cards kept around it, so that a player looking at the slots in between is not left
    wondering. Only what is true is said: a kept card on the wrong side of it (a bot may judge
    a card worth its slot even so) is named as one it is out of order with, and a card with
    no kept card around it is said to be that, not to start a run the next slot breaks."""
    low, high = (None, None) if between is None else (between.low, between.high)
    if card is not None and ((low is not None and low > card)
                             or (high is not None and high < card)):
        assert between is not None  # low or high came from it
        return _slots_kept_whole(_out_of_order(between, card, out))
    if low is None and high is None:
        return _("in a rack where no other card is worth keeping yet")
    assert between is not None
    far_low = low is not None and slot is not None and between.low_slot != slot - 1
    far_high = high is not None and slot is not None and between.high_slot != slot + 1
    if low is not None and high is not None:
        if far_low or far_high:
            where = _("between the cards you keep around it, your {low} (slot {low_slot}) and "
                      "your {high} (slot {high_slot})")
        else:
            where = _("between your {low} (slot {low_slot}) and your {high} (slot {high_slot})")
        where = where.format(low=low, high=high, low_slot=between.low_slot,
                             high_slot=between.high_slot)
    elif high is not None:
        where = (_("below your {card} (slot {at}), the nearest card you keep after it")
                 if far_high else _("below your {card} (slot {at})")).format(
            card=high, at=between.high_slot)
    else:
        where = (_("above your {card} (slot {at}), the nearest card you keep before it")
                 if far_low else _("above your {card} (slot {at})")).format(
            card=low, at=between.low_slot)
    return _slots_kept_whole(where)


def _out_of_order(between: Between, card: int, out: int | None) -> str:
    """Where a card goes that a kept card before it is higher than, or one after it lower:
    better than the card it replaces, not in order."""
    low = between.low if between.low is not None and between.low > card else None
    high = between.high if between.high is not None and between.high < card else None
    if low is not None and high is not None:
        text = _("better than the {out} there, though your {low} (slot {low_slot}) before it "
                 "is higher and your {high} (slot {high_slot}) after it is lower")
    elif low is not None:
        text = _("better than the {out} there, though your {low} (slot {low_slot}) before it "
                 "is higher")
    else:
        text = _("better than the {out} there, though your {high} (slot {high_slot}) after it "
                 "is lower")
    return text.format(out=out, low=low, high=high, low_slot=between.low_slot,
                       high_slot=between.high_slot)


def run_text(run: Run) -> str:
    """What a run the hinted placement makes is worth, in a sentence: the run the two-player
    rule needs, a bonus, or a bigger bonus."""
    count = len(run.cards)
    cards = (" ".join(map(str, run.cards)) if count <= 4
             else f"{run.cards[0]}–{run.cards[-1]}").replace(" ", "\u00a0")
    if run.needed:
        text = ngettext("It makes a run of {count} card, {cards}, which your Rack-O needs.",
                        "It makes a run of {count} cards, {cards}, which your Rack-O needs.",
                        count)
        if run.bonus:
            text += " " + _("Going out with it also scores a {bonus}-point bonus.")
    elif run.longer:
        text = _("It makes your run longer, {cards}: {more} more bonus points when you go "
                 "Rack-O.")
    elif run.bonus == run.more:
        text = ngettext(
            "It makes a run of {count} card, {cards}: a {bonus}-point bonus when you go Rack-O.",
            "It makes a run of {count} cards, {cards}: a {bonus}-point bonus when you go Rack-O.",
            count)
    else:
        text = ngettext(
            "It makes a run of {count} card, {cards}: {more} more bonus points when you go "
            "Rack-O.",
            "It makes a run of {count} cards, {cards}: {more} more bonus points when you go "
            "Rack-O.",
            count)
    return text.format(count=count, cards=cards, bonus=run.bonus, more=run.more)


def hint_text(advice: Advice) -> str:
    """The hard bot's move and its reason, in one sentence (two when it makes a run the rules
    reward)."""
    from rack_o.bots.hint import Reason

    reason = advice.reason
    values = {"card": advice.card, "slot": advice.slot, "out": advice.out}
    if reason is Reason.TAKE:
        # The card given up is named: the cards the take fits between may hold it too.
        if advice.known_draw:
            text = _("Take the {card} for slot {slot} in place of the {out}: it fits {where}, "
                     "which beats drawing.")
        else:
            text = _("Take the {card} for slot {slot} in place of the {out}: it fits {where}, "
                     "which beats a blind draw.")
    elif reason is Reason.DRAW_EMPTY_DISCARD:
        text = _("Draw: there is no discard to take.")
    elif reason is Reason.DRAW_HELPS_LESS:
        if advice.known_draw:
            text = _("Draw: the {card} on the discard pile helps your rack less than the next "
                     "card of the turned-over draw pile.")
        else:
            text = _("Draw: the {card} on the discard pile helps your rack less than an unknown "
                     "card would on average.")
    elif reason is Reason.DISCARD:
        text = _("Discard the {card}: your rack is no better with it in any slot.")
    elif reason is Reason.PLACE_CHEAPEST:
        text = _("Put the {card} in slot {slot}: giving up the {out} there costs you least.")
    else:
        text = _("Put the {card} in slot {slot} in place of the {out}: it fits {where}.")
    text = text.format(**values, where=_where(advice.between, advice.slot, advice.card,
                                              advice.out))
    return text if advice.run is None else f"{text} {run_text(advice.run)}"


def resume_note(ref: str, *, load_bots: bool = False) -> str:
    """How to carry a game on later, the command on a line of its own so it stays whole."""
    return _("Carry on later with:") + "\n" + resume_command(ref, load_bots=load_bots)


def resume_command(ref: str, *, load_bots: bool = False) -> str:
    """The command that carries on the game `ref` names (its ID, or its path as a shell word);
    with --load-bots for a game of bots from code outside racko (`bots.any_outside`)."""
    return f"racko resume {ref}" + (" --load-bots" if load_bots else "")


def drop_command(ref: str) -> str:
    """The command that removes the record of the game `ref` names, one that cannot go on."""
    return f"racko resume --drop {ref}"
