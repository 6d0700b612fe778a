"""What a seat sees during play: its rack as bars, the turn screen, the hand-off, the turn lines.

Pure functions from a SeatView (or plain values) to rich renderables: nothing here prints,
reads or knows a terminal. Only public information and the viewing seat's own cards appear.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from rack_o.rack import ordered_count
from rack_o.rules import Rules
from rack_o.view import PublicTurn, SeatView, TurnOver

BAR_WIDTH = 30
"""Columns of the longest bar (the highest card in the deck)."""

SCORING = "green"
NOT_SCORING = "grey50"
NEW_CARD = "bold yellow"


def side_name(rules: Rules, names: Sequence[str], side: int) -> str:
    """The name a score belongs to: the player, or with partners the team ("Ann & Cy")."""
    if rules.partners:
        return " & ".join(names[seat] for seat in range(len(names)) if rules.team_of(seat) == side)
    return names[side]


def describe_turn(turn: PublicTurn | TurnOver, names: Sequence[str]) -> str:
    """One sentence for a finished turn, as the table saw it (a kept drawn card stays hidden)."""
    if isinstance(turn, TurnOver):
        return (
            f"The draw pile ran out: the discard pile was turned over and {turn.card} turned up."
        )
    who = names[turn.seat]
    if turn.source == "discard":
        return (
            f"{who} took {turn.taken} from the discard pile into slot {turn.slot} "
            f"and discarded {turn.discarded}."
        )
    if turn.slot is None:
        return f"{who} drew and discarded {turn.discarded}."
    return f"{who} drew a card into slot {turn.slot} and discarded {turn.discarded}."


def since_last_turn(view: SeatView) -> tuple[list[PublicTurn | TurnOver], bool]:
    """This round's public events after the viewing seat's own last turn, and whether it
    has played yet this round."""
    history = view.history
    start = 0
    played = False
    for i, event in enumerate(history):
        if isinstance(event, PublicTurn) and event.seat == view.seat:
            start = i + 1
            played = True
    return list(history[start:]), played


def scores_line(view: SeatView) -> Text:
    """Each side's total against the target, the viewing seat's side in bold."""
    rules = view.rules
    line = Text()
    for side, total in enumerate(view.totals):
        if side:
            line.append("  ·  ")
        mine = rules.team_of(view.seat) == side
        line.append(f"{side_name(rules, view.names, side)} {total}", "bold" if mine else "")
    line.append(f"   (first to {rules.target} wins)", "dim")
    return line


def status_line(view: SeatView) -> Text:
    """Round, dealer and whose turn it is: public, safe for a hand-off screen."""
    line = Text()
    line.append(f"Round {view.round}", "bold")
    line.append(f"  ·  {view.names[view.dealer]} dealt  ·  {view.names[view.mover]} to play")
    return line


def rack_table(
    rack: Sequence[int],
    deck_size: int,
    *,
    changed_slot: int | None = None,
    replaced: int | None = None,
) -> Table:
    """The rack from slot 1 to 10, one bar per card as long as its number, scoring part ticked.

    `changed_slot` marks a card just put in (and `replaced`, the card it pushed out).
    """
    scoring = ordered_count(rack) if rack else 0
    grid = Table.grid(padding=(0, 1))
    grid.add_column(justify="right", width=4)
    grid.add_column(justify="right", width=3)
    grid.add_column(width=BAR_WIDTH)
    grid.add_column()
    for i, card in enumerate(rack):
        slot = i + 1
        counts = slot <= scoring
        style = SCORING if counts else NOT_SCORING
        length = max(1, round(card * BAR_WIDTH / deck_size))
        bar = Text("█" * length, style=style)
        note = Text("✓" if counts else "", style=SCORING)
        card_style = "bold" if counts else ""
        if slot == changed_slot:
            card_style = NEW_CARD
            note.append(("  " if counts else "   ") + "← new", NEW_CARD)
            if replaced is not None:
                note.append(f" (out goes {replaced})", NEW_CARD)
        grid.add_row(Text(f"{slot:>2}", "dim"), Text(str(card), card_style), bar, note)
    return grid


def rack_caption(rack: Sequence[int]) -> Text:
    """What the ticked part of a rack is worth now."""
    count = ordered_count(rack)
    if count == len(rack):
        return Text("✓ all ten ascending", SCORING)
    slots = "slot 1" if count == 1 else f"slots 1-{count}"
    return Text(f"✓ {slots} ascending: {5 * count} points if the round ended now", SCORING)


def piles_line(view: SeatView, top_after: int | None = None) -> Text:
    """The top of the discard pile (or `top_after` a previewed move) and the draw pile size."""
    line = Text("Discard pile: ")
    top = view.discard_top if top_after is None else top_after
    line.append(str(top) if top is not None else "empty", "bold")
    if top_after is not None:
        line.append(" after this move")
    line.append(f"    Draw pile: {view.draw_pile_size} cards face down")
    return line


def history_block(view: SeatView) -> RenderableType:
    """What the other players did since this seat's last turn (public information only)."""
    events, played = since_last_turn(view)
    if not events:
        return Text("You are first to play this round.", "dim")
    lines = [Text("Since your last turn:" if played else "This round so far:", "dim")]
    # Four players and a turn-over at most; the newest matter most if it ever runs long.
    for event in events[-4:]:
        lines.append(Text("  " + describe_turn(event, view.names)))
    return Group(*lines)


def turn_screen(
    view: SeatView,
    *,
    preview: tuple[tuple[int, ...], int, int] | None = None,
) -> RenderableType:
    """The mover's screen: status, scores, others' moves, own rack, piles, card in hand.

    `preview` is (rack after the move, slot, card pushed out) to show a placement before it
    is confirmed.
    """
    deck = view.rules.deck_size
    me = view.names[view.seat]
    if preview is None:
        rack: Sequence[int] = view.rack
        rack_render = rack_table(rack, deck)
        title = Text(f"{me}'s rack, slot 1 (front) to 10", "bold")
    else:
        rack, slot, out = preview
        rack_render = rack_table(rack, deck, changed_slot=slot, replaced=out)
        title = Text(f"{me}'s rack if {view.held} goes into slot {slot}", "bold")
    parts: list[RenderableType] = [
        status_line(view),
        scores_line(view),
        history_block(view),
        Text(),
        title,
        rack_render,
        rack_caption(rack),
        piles_line(view, None if preview is None else preview[2]),
    ]
    if view.held is not None and preview is None:
        if view.held_source == "draw":
            parts.append(Text.assemble("You drew ", (str(view.held), NEW_CARD), "."))
        else:
            parts.append(
                Text.assemble(
                    "You took ", (str(view.held), NEW_CARD), " from the discard pile: it must go "
                    "into your rack."
                )
            )
    return Group(*parts)


def handoff_screen(view: SeatView, notices: Sequence[RenderableType] = ()) -> RenderableType:
    """What shows while the terminal changes hands: public news and status, never a rack."""
    parts: list[RenderableType] = list(notices)
    if notices:
        parts.append(Text())
    name = view.names[view.mover]
    card = Text(justify="center")
    card.append(f"{name}'s turn", "bold")
    card.append("\nEveryone else, please look away.", "dim")
    parts += [
        status_line(view),
        scores_line(view),
        piles_line(view),
        Text(),
        Panel(card, box=box.ROUNDED, width=min(60, max(40, len(name) + 20)), padding=(1, 2)),
    ]
    return Group(*parts)


def dealer_draw_lines(names: Sequence[str], cards: Sequence[int], dealer: int) -> Text:
    """Who drew which card for the first deal, and who deals."""
    drew = ", ".join(f"{name} drew {card}" for name, card in zip(names, cards, strict=True))
    return Text(f"Drawing for the first deal: {drew}. {names[dealer]} has the highest card "
                f"and deals round 1.")


def deal_line(view: SeatView) -> Text:
    """Announces a fresh deal: who dealt, who plays first, the card turned up."""
    return Text(
        f"Round {view.round}: {view.names[view.dealer]} deals ten cards to each player "
        f"and turns up {view.discard_top}. {view.names[view.mover]} plays first."
    )
