"""Bots that misbehave on purpose, classes that are not bots, a bot that tells how racko
makes it and one that thinks long, for the loader's and the match's tests."""

from rack_o import DRAW, Action, SeatView, place
from rack_o.bots.simple import EasyBot


class Cheater:
    """Places a card in slot 1 when it should draw or take."""

    name = "Cheater"

    def choose(self, view: SeatView) -> Action:
        return place(1)


class Crasher:
    """Raises on its first move."""

    name = "Crasher"

    def choose(self, view: SeatView) -> Action:
        raise RuntimeError("out of ideas")


class Nameless:
    """Has a choose method but no name."""

    def choose(self, view: SeatView) -> Action:
        return place(1)


class NoChoose:
    """Has a name but cannot choose."""

    name = "Mute"


class NumberName:
    """Chooses, but its name is a number."""

    name = 42

    def choose(self, view: SeatView) -> Action:
        return DRAW


not_a_class = 42


class Quitter:
    """Calls sys.exit in the middle of a game, as a careless bot might."""

    name = "Quitter"

    def choose(self, view: SeatView) -> Action:
        raise SystemExit(5)


class Stubborn:
    """Raises a bare BaseException, as no well-behaved code would."""

    name = "Stubborn"

    def choose(self, view: SeatView) -> Action:
        raise BaseException("not an Exception")


class Numbered:
    """Answers with a slot's number instead of the action."""

    name = "Numbered"

    def choose(self, view: SeatView) -> Action:
        return 3  # type: ignore[return-value]


class Wordy:
    """Answers with the word for an action instead of the action."""

    name = "Wordy"

    def choose(self, view: SeatView) -> Action:
        return "draw"  # type: ignore[return-value]


class StringKind:
    """Makes its action from the string "take", not from TAKE."""

    name = "StringKind"

    def choose(self, view: SeatView) -> Action:
        return Action("take")  # type: ignore[arg-type]


class MadeUpKind:
    """Makes an action of a kind the game has not."""

    name = "MadeUpKind"

    def choose(self, view: SeatView) -> Action:
        return Action("fly")  # type: ignore[arg-type]


class Silent:
    """Answers with nothing."""

    name = "Silent"

    def choose(self, view: SeatView) -> Action:
        return None  # type: ignore[return-value]


class Unnamed:
    """Its name says nothing: empty."""

    name = ""

    def choose(self, view: SeatView) -> Action:
        return view.legal_actions[0]


class Shouty:
    """Its name runs over two lines and holds a terminal escape."""

    name = "Two\nLines\x1b[31m red and far too long for a table"

    def choose(self, view: SeatView) -> Action:
        return view.legal_actions[0]


class Fussy:
    """Its class cannot be made a second time (a resource it holds once)."""

    name = "Fussy"
    made = 0

    def __init__(self) -> None:
        type(self).made += 1
        if type(self).made > 1:
            raise OSError("model file busy")

    def choose(self, view: SeatView) -> Action:
        return view.legal_actions[0]


class Census:
    """Plays the first legal action, noting each instance made and what each one was asked."""

    name = "Census"
    made: list["Census"] = []

    def __init__(self) -> None:
        self.seats: set[int] = set()
        """The seat of every view it was asked about."""
        type(self).made.append(self)

    def choose(self, view: SeatView) -> Action:
        self.seats.add(view.seat)
        return view.legal_actions[0]


class Slow:
    """Plays as easy does, after a long think at its first move of each game."""

    name = "Slow"

    def __init__(self) -> None:
        self.easy = EasyBot()
        self.thought = False

    def choose(self, view: SeatView) -> Action:
        if not self.thought:
            import time

            time.sleep(0.3)
            self.thought = True
        return self.easy.choose(view)


class NameFails:
    """Its `name` is a property that raises."""

    @property
    def name(self) -> str:
        raise RuntimeError("no name yet")

    def choose(self, view: SeatView) -> Action:
        return view.legal_actions[0]


class NameExits(NameFails):
    """Its `name` is a property that ends the program (sys.exit)."""

    @property
    def name(self) -> str:
        raise SystemExit("no name (SystemExit)")


class Leaver:
    """Calls sys.exit as it is made."""

    name = "Leaver"

    def __init__(self) -> None:
        raise SystemExit(4)

    def choose(self, view: SeatView) -> Action:
        return view.legal_actions[0]


class Moody:
    """Fails on its first move: slowly where the sum of its rack is even, at once where it is
    odd (so that, with games played side by side, a later game may fail first)."""

    name = "Moody"

    def choose(self, view: SeatView) -> Action:
        if sum(view.rack) % 2 == 0:
            import time

            time.sleep(1.5)
            raise RuntimeError("slowly")
        raise RuntimeError("at once")


class _Unsayable(Exception):
    """An error, or an answer, that cannot even be written out: its repr raises."""

    def __repr__(self) -> str:
        raise RuntimeError("no repr")

    def __str__(self) -> str:
        raise RuntimeError("no str")


class Unsayable:
    """Answers with a value whose repr raises."""

    name = "Unsayable"

    def choose(self, view: SeatView) -> Action:
        return _Unsayable()  # type: ignore[return-value]


class UnsayableCrasher:
    """Raises an error whose repr raises."""

    name = "UnsayableCrasher"

    def choose(self, view: SeatView) -> Action:
        raise _Unsayable


class Vanisher:
    """Ends the process it plays in, as a crash in a library it used would (os._exit)."""

    name = "Vanisher"

    def choose(self, view: SeatView) -> Action:
        import os

        os._exit(7)


class Wanderer:
    """Goes to another folder as it plays (a bot looking for its data files), then plays the
    first legal action."""

    name = "Wanderer"

    def choose(self, view: SeatView) -> Action:
        import os
        import tempfile

        os.chdir(tempfile.gettempdir())
        return view.legal_actions[0]


class Misparser:
    """Asks racko's own API to read an action that is none: the error is raised inside racko."""

    name = "Misparser"

    def choose(self, view: SeatView) -> Action:
        return Action.parse("fly away")


class Staller:
    """Fails on its first move where the sum of its rack is odd; where it is even, thinks
    for half a minute first (a game still being played when the match stops)."""

    name = "Staller"

    def choose(self, view: SeatView) -> Action:
        if sum(view.rack) % 2 == 0:
            import time

            time.sleep(30)
        raise RuntimeError("stalled")
