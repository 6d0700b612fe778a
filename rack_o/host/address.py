"""Where guests find the table: the host's address as others on the network reach it, and the
`ssh` line each guest is given.
"""

from __future__ import annotations

import contextlib
import ipaddress
import shlex
import socket

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


def ssh_line(name: str, host: str, port: int) -> str:
    """The command a guest types to take the seat called `name` (quoted for a shell if need be)."""
    user = name.lower()  # not casefold: "Βασίλης" stays "βασίλης", its final sigma kept
    target = shlex.quote(f"{user}@{host}")
    return f"ssh {target}" if port == 22 else f"ssh -p {port} {target}"

