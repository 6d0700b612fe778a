"""A guest who comes back in the middle of their turn sees the step they were at, without the
note a key typed on the old connection brought ("z is not valid here"): the new connection
never had that key."""

from __future__ import annotations

from test_host_guest_back_in_another_language_mid_turn import back, press
from test_host_round_end_holds import shown, table, until, winning_deal

PLACE = "Slot 1-9 or 0=10 for"
NOT_VALID = "is not valid here"


def test_a_guest_back_mid_turn_is_not_greeted_by_a_note_about_an_old_key() -> None:
    with table(winning_deal(1, target=500), host_seat=None) as hosted:
        hosted.asked(1)
        until(lambda: "d draw · t take 17" in shown(hosted.links[1]), "Bob's turn")
        press(hosted, "d")
        until(lambda: PLACE in shown(hosted.links[1]), "Bob drew")
        press(hosted, "z")
        until(lambda: NOT_VALID in shown(hosted.links[1]), "z is told it does nothing")
        link = back(hosted, None)
        hosted.asked(1)
        # The step he was at: the card is still his to place.
        until(lambda: PLACE in shown(link), "Bob's step is asked again")
        assert NOT_VALID not in link.text
        press(hosted, "z")  # on this connection, the note comes again
        until(lambda: NOT_VALID in shown(link), "z typed now is told it does nothing")
