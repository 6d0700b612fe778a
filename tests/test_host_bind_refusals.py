"""`racko host --bind` given a name or address that resolves to nothing is told the address is
no address of this computer (to choose another with --bind), not to choose another port; the
address is quoted with its control characters spelt out."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("asyncssh", reason="racko host needs asyncssh (the host extra)")

from rack_o.host.guest_seats import GuestSeats  # noqa: E402 - only once asyncssh is there
from rack_o.host.hostkey import load_or_create  # noqa: E402
from rack_o.host.server import HostError, HostServer  # noqa: E402


@pytest.mark.parametrize(("bind", "shown"), [
    ("999.1.1.1", "999.1.1.1"),
    ("no-such-host.invalid", "no-such-host.invalid"),
    ("x\x1b]0;t\x07", r"x\x1b]0;t\x07"),
])
def test_an_address_that_resolves_to_nothing_is_no_address_of_this_computer(
    tmp_path: Path, bind: str, shown: str
) -> None:
    server = HostServer(GuestSeats({0: "Ann"}), "ABCD-EFGH", load_or_create(tmp_path / "key"),
                        bind=bind, port=0)
    with pytest.raises(HostError) as error:
        server.start()
    assert str(error.value) == (f"racko can't listen on {shown}: this computer has no such "
                                "address. Choose another with --bind.")
