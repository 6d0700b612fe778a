"""`racko host`: friends play from their own terminals over SSH (issue 12).

A layer above `rack_o.cli`: it may use the terminal program, never the other way round.
The SSH server is asyncssh, an optional extra (`pip install 'racko[host]'`); nothing here
imports it, so that `requirement.require_asyncssh` can say how to install it.

- `requirement.py`: the check for asyncssh, with the sentence saying how to install it
- `tablecode.py`: the table code (the password), made with `secrets`, compared in constant time
- `lockout.py`: wrong codes counted per address; three lock the address out for a minute
- `hostkey.py`: the host key, made on first use in racko's data folder (0600); its fingerprint
- `keyboard.py`: the bytes a guest's terminal sends, as key names (`rack_o.cli.keys`, the
  decoder racko play's terminal uses too); a lone ESC held until its reader's wait is over
- `inbox.py`: work posted to the game thread, or left for later, run while it waits
- `terminal.py`: `RemoteTerminal`, the Terminal of one seat over SSH; `GuestGone`
- `guest_seats.py`: `GuestSeats`, the seats: who sits where, one connection each, presence
- `server.py`: `HostServer`, the asyncssh server on its own thread
- `demo.py`: a hand test of all of this, without the game (`python -m rack_o.host.demo`)

The game at the table (phase 2):

- `command.py`: the `racko host` command's options (loaded without asyncssh)
- `defaults.py`: the table's default port and idle time (known without asyncssh)
- `opening.py`: opening the table: who sits where, the server, what the host passes on,
  `--resume`
- `games.py`: the table's games, one after another, each saved as `racko play` saves it; the
  commands that open the table, or deal its cards, again
- `address.py`: the host's address as guests reach it; each seat's ssh line
- `local.py`: the host's own terminal, a seat's terminal like a guest's (raw keyboard thread)
- `seat.py`: `PersonSeat`, a person's seat as an Agent: leaving and coming back, a stand-in bot
- `aside.py`: `AsideBot`, a computer player thinking on a thread of its own, the table served
  meanwhile
- `hosting.py`: `HostedGame`, the game loop's hooks keeping every screen up to date
- `screen.py`: `SeatScreen`, one person's screen while the game does not wait for their move
- `views.py`: what a hosted table shows besides `racko play`'s screens
"""
