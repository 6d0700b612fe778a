"""The optional dependency of `racko host`: asyncssh, and the sentence saying how to get it."""

from __future__ import annotations

import importlib

import click

from rack_o.i18n import _

INSTALL = "pip install 'racko[host]'"


def require_asyncssh() -> None:
    """Return if asyncssh can be imported; else a ClickException saying how to install it."""
    try:
        importlib.import_module("asyncssh")
    except ImportError:
        raise click.ClickException(
            _("racko host needs the asyncssh package. Install it with: {command}").format(
                command=INSTALL
            )
        ) from None
