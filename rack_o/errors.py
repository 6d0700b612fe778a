"""The engine's errors about rules, moves and records: each a ValueError whose message says
what is allowed instead (a bot that fails, and a stop, are the game loop's: `rack_o.agent`)."""


def N_(message: str) -> str:
    """Mark `message` for translation; it is translated where it is shown (`rack_o.i18n`)."""
    return message


DESCRIBED_MOST = 120
"""Characters of a value a message quotes at most (a bot's answer, its exception)."""


def described(value: object) -> str:
    """`value` as a message quotes it: its repr on one line of printable characters, cut to
    DESCRIBED_MOST; "<T object>" when its repr fails (a bot's own class may make it raise)."""
    try:
        text = repr(value)
    except Exception:
        text = f"<{type(value).__name__} object>"
    text = "".join(char if char.isprintable() else " " for char in text)
    return text if len(text) <= DESCRIBED_MOST else text[: DESCRIBED_MOST - 1] + "…"


def type_named(value: object) -> str:
    """`value`'s type as a message names it, with its article: "a str", "an int"."""
    name = type(value).__name__
    return f"{'an' if name[:1].lower() in 'aeiou' else 'a'} {name}"


def sentence(clause: str) -> str:
    """A rule's clause (as a record error gives it) as an exception's sentence."""
    return clause[:1].upper() + clause[1:] + "."


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
    """A game record that breaks the rack-o/1 format or a rule, at a given line.

    `reason` is in English; `template` (a message marked with `N_`) and `values` let a
    program say it in its own language: `reason == template.format(**values)`.
    """

    def __init__(self, line: int, template: str, **values: object) -> None:
        self.reason = template.format(**values)
        super().__init__(f"line {line}: {self.reason}")
        self.line = line
        self.template = template
        self.values = values
