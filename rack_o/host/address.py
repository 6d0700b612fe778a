"""Where guests find the table: the host's address as others on the network reach it, and the
`ssh` line each guest is given.
"""

from __future__ import annotations

import contextlib
import ipaddress
import re
import shlex
import socket
import stringprep
import unicodedata

from rack_o.store.names import name_key

_WILDCARDS = frozenset({"", "0.0.0.0", "::", "*"})
# Connecting a UDP socket sends nothing: it only asks the system which of its addresses it
# would use to reach that one. A documentation address (RFC 5737) and a private one, so that a
# machine whose only route is to its LAN still finds its address there.
_PROBES = ("192.0.2.1", "10.255.255.254")


def lan_address(bind: str = "") -> str:
    """The address guests should connect to: `bind` if it names one address, else the one
    this computer reaches other machines from (its LAN address), else the loopback address."""
    if bind not in _WILDCARDS:
        return bind
    for probe in _PROBES:
        with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as udp:
            udp.connect((probe, 9))
            address = udp.getsockname()[0]
            if not ipaddress.ip_address(address).is_unspecified:
                return address
    with contextlib.suppress(OSError):
        address = socket.gethostbyname(socket.gethostname())
        if not ipaddress.ip_address(address).is_loopback:
            return address
    return "127.0.0.1"


def is_loopback(address: str) -> bool:
    """True for an address only this computer can reach (127.0.0.1, ::1)."""
    try:
        return ipaddress.ip_address(address).is_loopback
    except ValueError:
        return address == "localhost"


_PLAIN = re.compile(r"[\w@%+=:,./-]+")
"""What every shell takes as it is: letters of any script among them."""
_SPECIAL_IN_DOUBLE_QUOTES = frozenset('"$`\\!%')
"""What double quotes leave special somewhere: in bash ($ ` \\ !), PowerShell ($ `) or
Windows' Command Prompt (% and " itself)."""


_REFUSED_BY_SSH = frozenset("'`\";&<>|(){}")
"""What OpenSSH's ssh refuses in a user name (since 9.6, and its security fixes before):
"remote username contains invalid characters", before any password is asked."""


def login_name(name: str) -> str:
    """The user name that takes the seat called `name` in its ssh line: in lower case, and
    without its accents where that leaves it in ASCII, to be typed on any keyboard ("Zoë":
    zoe; "Βασίλης" stays βασίλης, its final sigma kept); without what OpenSSH refuses in a
    user name (`_REFUSED_BY_SSH`, a - first or after a blank, a \\ last: "O'Brien": obrien)
    and what the table's server refuses (`_server_takes`: "Zoë🎲": zoe). Either form takes
    the seat (`login_key`)."""
    # Not casefold: "Βασίλης" stays "βασίλης", its final sigma kept.
    user = _server_takes("".join(char for char in name.lower() if char not in _REFUSED_BY_SSH))
    bare = "".join(char for char in unicodedata.normalize("NFKD", user)
                   if not unicodedata.combining(char))
    kept = bare if bare.isascii() else user
    kept = re.sub(r"(^|\s)-+", r"\1", kept)
    while (trimmed := kept.strip().rstrip("\\")) != kept:  # "a\\ \\": no \\ left last
        kept = trimmed
    # As the server reads it once more: what was left out or trimmed may have left a mark
    # where the bidi rule wants a letter.
    return _server_takes(kept).strip() or "guest"  # no character ssh takes: some user name


def _server_takes(user: str) -> str:
    """`user` as the table's SSH server reads a user name it takes (SASLprep, RFC 4013, as
    asyncssh applies it), "" if nothing is left: each character it refuses alone left out (an
    emoji, unassigned in Unicode 3.2, disconnects the guest), and where letters written right
    to left are mixed with letters written left to right (its bidi rule) the fewer of the two
    kinds; then as SASLprep maps it (a variation selector or a joiner dropped, an odd space
    made a blank), since the server compares the mapped name with the seats'."""
    from asyncssh.saslprep import SASLPrepError, saslprep

    def read(text: str) -> str | None:
        try:
            return saslprep(text)
        except SASLPrepError:
            return None

    kept = "".join(char for char in user if read(char) is not None)
    if read(kept) is None:
        right_to_left = [char for char in kept if stringprep.in_table_d1(char)]
        left_to_right = [char for char in kept if stringprep.in_table_d2(char)]
        if len(right_to_left) > len(left_to_right):
            # Its right-to-left letters alone, from the first to the last (the rule wants
            # one at each end), with what lies between them (blanks, marks).
            first, last = kept.index(right_to_left[0]), kept.rindex(right_to_left[-1])
            kept = "".join(char for char in kept[first:last + 1]
                           if not stringprep.in_table_d2(char))
        else:
            kept = "".join(char for char in kept if not stringprep.in_table_d1(char))
    mapped = read(kept)
    return mapped if mapped is not None and read(mapped) == mapped else ""


def login_key(name: str) -> str:
    """A user name, or a seat's name, as a user name is matched to a seat: "ZOË", "zoe" and
    "Zoë" alike, and "O'Brien" as "obrien" (`login_name`, `store.names.name_key`)."""
    return name_key(login_name(name))


def any_shell_word(text: str) -> str:
    """`text` as one argument for the shells guests type ssh lines in: as it is if no shell
    reads anything in it; else in double quotes, which sh, bash, zsh, PowerShell and Windows'
    Command Prompt alike take whole (that last one knows no single quotes); else, for the
    characters special even there, in a POSIX shell's single quotes."""
    if _PLAIN.fullmatch(text):
        return text
    if not _SPECIAL_IN_DOUBLE_QUOTES.intersection(text):
        return f'"{text}"'
    return shlex.quote(text)


def ssh_line(name: str, host: str, port: int) -> str:
    """The command a guest types to take the seat called `name` (quoted for a shell if need be)."""
    target = any_shell_word(f"{login_name(name)}@{host}")
    return f"ssh {target}" if port == 22 else f"ssh -p {port} {target}"

