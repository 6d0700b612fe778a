"""What each step of a turn asks, as its wordings from the fullest to the shortest (rich
markup, without the " > "): the first that fits the window's width is shown (`prompt.fitting`).
The shortest takes one line of the smallest window, 45 columns, in every language, for any
card and a name of up to 16 letters: a prompt that wraps pushes the screen's top off."""

from __future__ import annotations

from rich.markup import escape

from rack_o.i18n import N_, _

QUIT_LABEL = N_("q quit")
"""What q is called at the draw-or-take prompt of racko play (a message id)."""


def choose_prompts(name: str, card: int, hinted: bool,
                   quit_labels: tuple[str, ...] = (QUIT_LABEL,)) -> tuple[str, ...]:
    """Draw or take the discard pile's top `card`, for `name` (`hinted`: h gives a hint;
    `quit_labels`: what q is called there, message ids, the shorter after)."""
    name = escape(name)
    hint = " · " + _("[bold]h[/] hint") if hinted else ""
    fullest = _("{name}: [bold]d[/] draw · [bold]t[/] take {card}{hint} · ? help · {quit}")
    return (
        fullest.format(name=name, card=card, hint=hint, quit=_(quit_labels[0])),
        # A narrower window loses the hint's key before the quit key: h is named in ? help.
        *((fullest.format(name=name, card=card, hint="", quit=_(quit_labels[0])),) if hinted
          else ()),
        *(fullest.format(name=name, card=card, hint="", quit=_(label))
          for label in quit_labels[1:]),
        _("{name}: [bold]d[/] draw · [bold]t[/] take {card} · ? help").format(
            name=name, card=card),
        _("{name}: [bold]d[/] draw · [bold]t[/] take {card}").format(name=name, card=card),
    )


def place_prompts(card: int, drawn: bool, can_put_back: bool, hinted: bool) -> tuple[str, ...]:
    """Put `card` in a slot: a `drawn` card may be thrown away; a taken one put back if
    `can_put_back` (`hinted`: h gives a hint)."""
    hint = " · " + _("[bold]h[/] hint") if hinted else ""
    if drawn:
        forms: tuple[str, ...] = (
            _("Slot [bold]1-9[/] or [bold]0[/]=10 for {card}, [bold]x[/] to discard "
              "it{hint} · ? help"),
            _("Slot [bold]1-9[/], [bold]0[/]=10 for {card}, [bold]x[/] discards · ? help"),
            _("Slot [bold]1-9[/], [bold]0[/]=10 for {card}, [bold]x[/] discards"),
        )
    elif can_put_back:
        forms = (
            _("Slot [bold]1-9[/] or [bold]0[/]=10 for {card}, [bold]u[/] puts it "
              "back{hint} · ? help"),
            _("Slot [bold]1-9[/], [bold]0[/]=10 for {card}, [bold]u[/] back · ? help"),
            _("Slot [bold]1-9[/], [bold]0[/]=10 for {card}, [bold]u[/] back"),
        )
    else:
        forms = (
            _("Slot [bold]1-9[/] or [bold]0[/]=10 for {card}{hint} · ? help"),
            _("Slot [bold]1-9[/], [bold]0[/]=10 for {card} · ? help"),
        )
    return tuple(form.format(card=card, hint=hint) for form in forms)


def confirm_prompts(hinted: bool) -> tuple[str, ...]:
    """Keep the move shown, or take it back (`hinted`: h gives a hint)."""
    fullest = _("[bold]Enter[/] confirms · [bold]u[/] takes it back{hint} · ? help")
    return (
        *((fullest.format(hint=" · " + _("[bold]h[/] hint")),) if hinted else ()),
        fullest.format(hint=""),
        _("[bold]Enter[/] confirms · [bold]u[/] takes it back"),
    )
