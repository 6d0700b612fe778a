"""The match in Python shown in docs/bots.md: hard against the example bot, one game."""

import random

from rack_o import Game, Player, Rules
from rack_o.agent import agent_name, play_game
from rack_o.bots import bot_kind, make_bot

specs = ["hard", "example_bot:BandBot"]
bots = [make_bot(spec, seat, 7) for seat, spec in enumerate(specs)]
players = [Player(agent_name(bot), bot_kind(spec)) for bot, spec in zip(bots, specs, strict=True)]
game = Game(Rules(players=2), random.Random(7), players=players)
outcome = play_game(game, bots, turn_cap=1000)  # Outcome.OVER, or CAPPED
print(outcome, game.winner, game.totals)  # Outcome.OVER 0 (525, 120)
