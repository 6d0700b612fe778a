"""The rule set a table agrees on: player count, target and variants, validated once."""

from __future__ import annotations

from dataclasses import dataclass, field

from rack_o.errors import N_, RulesError, sentence

MIN_PLAYERS = 2
MAX_PLAYERS = 4
PARTNERS_PLAYERS = 4
"""Partners is played by four: seats 1 & 3 against 2 & 4."""
DEFAULT_TARGET = 500
MOST_TARGET = 5000
"""The highest target a table chooses (`--target`): ten games to 500, some hundred rounds."""
HIGHEST_TARGET = 100_000
"""The highest target any game is played to, a record's included (one from an older racko may
be above MOST_TARGET): 2,000 to 3,000 rounds, a record of 3 to 10 MB, where a target of
billions makes a game that never ends."""
RACK_SIZE = 10

# The rules a rule set can break, as clauses (a record error says them too, translated).
TARGET = N_("the target must be a multiple of 5 from 5 to {most} (such as 500), not {target}")
PARTNERS = N_("partners needs exactly 4 players (seats 1 & 3 against 2 & 4), not {players}")
RUN_OF_THREE = N_("the run-of-three rule is for 2 players only, not {players}")


def is_target(target: object, most: int = HIGHEST_TARGET) -> bool:
    """True when a game may be played to `target`: a multiple of 5 from 5 to `most`."""
    return (isinstance(target, int) and not isinstance(target, bool)
            and 0 < target <= most and target % 5 == 0)


def deck_size_for(players: int) -> int:
    """Cards used with this many players: 1 to 20 + 10 * players (40, 50 or 60)."""
    return 20 + 10 * players


@dataclass(frozen=True, slots=True)
class Rules:
    """A playable rule set; constructing one validates it or raises RulesError."""

    players: int
    target: int = DEFAULT_TARGET
    bonus: bool = False
    partners: bool = False
    run_of_three: bool = False
    deck_size: int = field(init=False, repr=False, compare=False)
    """The highest card in play: 40, 50 or 60."""

    def __post_init__(self) -> None:
        if isinstance(self.players, bool) or not isinstance(self.players, int) or not (
            MIN_PLAYERS <= self.players <= MAX_PLAYERS
        ):
            raise RulesError(
                f"Rack-O is played by 2 to 4 players, not {self.players!r}.",
                "players", players=self.players,
            )
        if not is_target(self.target):
            raise RulesError(
                sentence(TARGET.format(most=f"{HIGHEST_TARGET:,}", target=repr(self.target))),
                "target", target=self.target,
            )
        if self.partners and self.players != PARTNERS_PLAYERS:
            raise RulesError(
                sentence(PARTNERS.format(players=self.players)), "partners", players=self.players
            )
        if self.run_of_three and self.players != 2:
            raise RulesError(
                sentence(RUN_OF_THREE.format(players=self.players)), "run_of_three",
                players=self.players,
            )
        # Asked for at every decision of every bot: computed once.
        object.__setattr__(self, "deck_size", deck_size_for(self.players))

    @property
    def teams(self) -> int:
        """How many scoring sides there are: 2 with partners, else one per player."""
        return 2 if self.partners else self.players

    def team_of(self, seat: int) -> int:
        """The scoring side of a seat: its team with partners (seats 0 & 2, 1 & 3), else itself."""
        return seat % 2 if self.partners else seat
