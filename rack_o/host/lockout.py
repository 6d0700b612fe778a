"""Wrong table codes counted per address: three in a row lock the address out for a minute.

The clock is passed in, so tests need not wait. An IPv6 address counts as its /64 network,
which one household or server usually has whole: otherwise a guesser could change address
for every try.
"""

from __future__ import annotations

import ipaddress
import time
from collections.abc import Callable

MAX_FAILURES = 3
LOCK_SECONDS = 60.0
FORGET_SECONDS = 600.0
_PRUNE_AT = 4096
"""Addresses remembered at most: beyond, the expired and then the oldest are forgotten, so that
a flood of addresses can fill neither memory nor time."""


def address_key(address: str) -> str:
    """What failures are counted under: an IPv4 address itself, an IPv6 address's /64 network."""
    try:
        ip = ipaddress.ip_address(address.split("%")[0])
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


class LockOut:
    """Counts wrong codes per address: `max_failures` in a row lock it out for `lock_seconds`.

    A run of failures is forgotten after `forget_seconds` without one, or on a right code.
    """

    def __init__(
        self,
        max_failures: int = MAX_FAILURES,
        lock_seconds: float = LOCK_SECONDS,
        forget_seconds: float = FORGET_SECONDS,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.max_failures = max_failures
        self.lock_seconds = lock_seconds
        self.forget_seconds = forget_seconds
        self._clock = clock
        self._failures: dict[str, tuple[int, float]] = {}
        """(failures in a row, time of the last one) per address key."""
        self._locked_until: dict[str, float] = {}

    def seconds_left(self, address: str) -> float:
        """How long `address` stays locked out; 0 when it may try a code."""
        key = address_key(address)
        left = self._locked_until.get(key, 0.0) - self._clock()
        if left <= 0:
            self._locked_until.pop(key, None)
            return 0.0
        return left

    def failed(self, address: str) -> bool:
        """Count a wrong code from `address`; True when that locks it out."""
        now = self._clock()
        if len(self._failures) + len(self._locked_until) >= _PRUNE_AT:
            self._prune(now)
        key = address_key(address)
        count, last = self._failures.get(key, (0, now))
        if now - last > self.forget_seconds:
            count = 0
        count += 1
        if count < self.max_failures:
            self._failures[key] = (count, now)
            return False
        self._failures.pop(key, None)
        self._locked_until[key] = now + self.lock_seconds
        return True

    def succeeded(self, address: str) -> None:
        """A right code from `address`: its earlier slips are forgiven."""
        self._failures.pop(address_key(address), None)

    def _prune(self, now: float) -> None:
        """Forget what has expired; under a flood of addresses, the oldest half too."""
        failures = [(key, run) for key, run in self._failures.items()
                    if now - run[1] <= self.forget_seconds]
        locked = [(key, until) for key, until in self._locked_until.items() if until > now]
        half = _PRUNE_AT // 2
        self._failures = dict(failures[-half:])
        self._locked_until = dict(locked[-half:])
