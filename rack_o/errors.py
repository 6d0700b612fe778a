"""The engine's exceptions: each a ValueError whose message says what is allowed instead."""


class RackoError(ValueError):
    """Base of every error the engine raises on purpose."""


class RulesError(RackoError):
    """A game that cannot be set up as asked: player count, target, variant mix, seats,
    the dealer draw, or chance asked of a game without a random generator.

    `problem` names what is wrong (such as "partners") and `values` what was given, so a
    program can say it in its own words.
    """

    def __init__(self, message: str, problem: str = "", **values: object) -> None:
        super().__init__(message)
        self.problem = problem
        self.values = values


class IllegalActionError(RackoError):
    """An action that is not legal now; the game is left unchanged."""


class RecordError(RackoError):
    """A game record that breaks the rack-o/1 format or a rule, at a given line."""

    def __init__(self, line: int, reason: str) -> None:
        super().__init__(f"line {line}: {reason}")
        self.line = line
        self.reason = reason
