"""A guest who comes back in the middle of their own turn reading another language (their new
ssh sends another LANG) reads it at once: the first screen drawn after they are back asks the
step they were at again from its start (a card they drew still in their hand), in their new
language, and so do the ? help and the steps after it. Back in the same language, the step goes
on where it stood."""

from __future__ import annotations

import pytest
from test_host_round_end_holds import Table, shown, table, until, winning_deal
from test_host_units import FakeLink

from rack_o.actions import Phase
from rack_o.host.keyboard import KeyReader

# What each screen of Bob's turn shows, in French.
CHOOSE_FR = "d piocher · t prendre le 17"
CHOOSE_HELP_FR = "d pioche la carte du dessus de la pioche"
PLACE_FR = "Emplacement 1-9 ou 0=10 pour le"
PLACE_HELP_FR = "Appuyez sur le numéro d'un emplacement"
CONFIRM_FR = "Entrée confirme · u reprend"
# And in English, as the step stood when he dropped.
CHOOSE_EN = "d draw · t take 17"
PLACE_EN = "Slot 1-9 or 0=10 for"
CONFIRM_EN = "Enter confirms · u takes it back"


def back(hosted: Table, language: str | None) -> FakeLink:
    """Bob's connection drops, and he connects again reading `language`; his new link."""
    seats = hosted.session.seats
    seats.leave(1, hosted.links[1])
    until(lambda: not hosted.terminals[1].is_connected, "Bob dropped")
    link = FakeLink()
    seats.join("bob", link, 100, 30, language)
    until(lambda: hosted.terminals[1].is_connected and shown(link).strip() != "",
          "Bob's screen is painted again")
    return link


def press(hosted: Table, keys: str) -> None:
    hosted.terminals[1].receive(keys.encode(), KeyReader())


# (the keys Bob typed before dropping, each with the screen it brought, what his first screen
# back asks in French, the ? help there, the key he then presses, what the next screen asks)
STEPS = {
    "choosing a pile": ([], CHOOSE_FR, CHOOSE_HELP_FR, "d", PLACE_FR),
    "placing a drawn card": ([("d", PLACE_EN)], PLACE_FR, PLACE_HELP_FR, "5", CONFIRM_FR),
    "confirming a placement": ([("d", PLACE_EN), ("5", CONFIRM_EN)], PLACE_FR, PLACE_HELP_FR,
                               "5", CONFIRM_FR),
}


@pytest.mark.slow
@pytest.mark.parametrize(("typed", "first", "helped", "key", "then"), STEPS.values(), ids=STEPS)
def test_a_guest_back_in_another_language_reads_it_from_the_first_screen(
    typed: list[tuple[str, str]], first: str, helped: str, key: str, then: str
) -> None:
    with table(winning_deal(1, target=500), host_seat=None) as hosted:
        hosted.asked(1)
        until(lambda: CHOOSE_EN in shown(hosted.links[1]), "Bob's turn")
        for one, screen in typed:
            press(hosted, one)
            until(lambda screen=screen: screen in shown(hosted.links[1]), f"Bob pressed {one}")
        game = hosted.session.game
        held = game.held
        link = back(hosted, "fr")
        hosted.asked(1)
        assert first in shown(link), shown(link)
        # Nothing of the step in the old language was sent on the new connection.
        assert not any(english in link.text for english in (CHOOSE_EN, PLACE_EN, CONFIRM_EN))
        assert game.held == held  # a card drawn is still in his hand
        if typed:
            assert game.phase is Phase.PLACE
        press(hosted, "?")
        until(lambda: helped in shown(link), "the help in French")
        press(hosted, key)
        until(lambda: then in shown(link), "the next screen in French")


@pytest.mark.slow
@pytest.mark.parametrize("language", [None, "en"], ids=["the-hosts", "the-hosts-named"])
def test_a_guest_back_in_the_same_language_finds_the_step_where_it_stood(language: str | None
                                                                         ) -> None:
    with table(winning_deal(1, target=500), host_seat=None) as hosted:
        hosted.asked(1)
        press(hosted, "d")
        until(lambda: PLACE_EN in shown(hosted.links[1]), "Bob drew")
        press(hosted, "5")
        until(lambda: CONFIRM_EN in shown(hosted.links[1]), "Bob's move is previewed")
        link = back(hosted, language)  # the host speaks English
        until(lambda: CONFIRM_EN in shown(link), "the preview painted again")
        press(hosted, "\r")
        until(lambda: hosted.session.game.mover == 0, "Bob's move is made")


@pytest.mark.slow
def test_a_hint_shown_before_the_step_is_asked_again_still_counts_for_the_turn() -> None:
    from rack_o.bots import hint

    with table(winning_deal(1, target=500), host_seat=None) as hosted:
        seat = hosted.session.agents[1]
        seat.human.hint = hint  # type: ignore[attr-defined]
        hosted.asked(1)
        until(lambda: CHOOSE_EN in shown(hosted.links[1]), "Bob's turn")
        press(hosted, "h")
        until(lambda: "Hint:" in shown(hosted.links[1]), "Bob's hint")
        assert seat.hints_this_turn == 1  # type: ignore[attr-defined]
        link = back(hosted, "fr")
        hosted.asked(1)
        until(lambda: CHOOSE_FR in shown(link), "the step asked again in French")
        assert seat.hints_this_turn == 1  # type: ignore[attr-defined]
