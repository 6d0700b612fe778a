"""Shared test setup: nothing a test plays is saved in the real user data directory."""

from __future__ import annotations

from collections.abc import Iterator

import pytest


@pytest.fixture(autouse=True, scope="session")
def racko_home(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Point RACKO_HOME (autosaved records, the history) at a temporary folder for the session,
    and speak English.

    Session-scoped so hypothesis tests see no function-scoped fixture; a test that needs an
    empty data directory sets its own RACKO_HOME.
    """
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("RACKO_HOME", str(tmp_path_factory.mktemp("racko-home")))
        # Tests read the English screens unless they ask for a language themselves,
        # whatever language the machine running them speaks.
        patch.setenv("LANGUAGE", "en")
        yield
