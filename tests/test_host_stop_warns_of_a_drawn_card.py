"""The host's q, asked while a guest holds a card they drew, says that stopping discards it
(a draw cannot be undone): the host may wait the moment the guest needs to place it."""

from __future__ import annotations

from test_host_round_end_holds import shown, table, until, winning_deal

WARNED = "Player 2 has drawn a card, and stopping discards it."  # Bob's seat, Player 2


def flat(text: str) -> str:
    return " ".join(text.split())


def test_the_host_s_question_warns_of_the_card_a_guest_drew() -> None:
    with table(winning_deal(0, target=500), host_seat=0) as hosted:
        host = hosted.links[0]
        hosted.asked(0)
        hosted.press(0, "d")  # Ann, the host, draws
        until(lambda: "You drew" in shown(host), "Ann sees her card")
        hosted.press(0, "x\r")  # and throws the card away: Bob's turn
        hosted.asked(1)
        hosted.press(0, "q")  # Bob holds nothing yet
        until(lambda: "Stop the game" in flat(shown(host)), "the host is asked")
        assert "has drawn a card" not in flat(shown(host))
        hosted.press(0, "n")  # carries on
        until(lambda: "Stop the game" not in flat(shown(host)), "the question is put away")
        hosted.press(1, "d")  # Bob draws: the card is his to place
        until(lambda: "You drew" in shown(hosted.links[1]), "Bob holds his card")
        hosted.press(0, "q")
        until(lambda: "Stop the game" in flat(shown(host)), "the host is asked")
        assert WARNED in flat(shown(host))
