"""`racko host`: friends play from their own terminals over SSH (issue 12).

A layer above `rack_o.cli`: it may use the terminal program, never the other way round.
The SSH server is asyncssh, an optional extra (`pip install 'racko[host]'`); nothing here
imports it, so that `requirement.require_asyncssh` can say how to install it.

- `requirement.py`: the check for asyncssh, with the sentence saying how to install it
- `tablecode.py`: the table code (the password), made with `secrets`, compared in constant time
- `lockout.py`: wrong codes counted per address; three lock the address out for a minute
- `hostkey.py`: the host key, made on first use in racko's data folder (0600); its fingerprint
- `keyboard.py`: the bytes a guest's terminal sends, as key names
- `inbox.py`: work posted to the game thread, run while it waits
- `terminal.py`: `RemoteTerminal`, the Terminal of one seat over SSH; `GuestGone`
- `table.py`: `Table`, the seats: who sits where, one connection each, presence
- `server.py`: `HostServer`, the asyncssh server on its own thread
- `demo.py`: a hand test of all of this, without the game (`python -m rack_o.host.demo`)
"""
