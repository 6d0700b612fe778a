"""A bot module that imports a module nobody has: found, but failing as it is imported."""

import no_such_dependency_xyz  # noqa: F401


class Bot:
    name = "Needy"

    def choose(self, view):  # pragma: no cover - never made
        raise NotImplementedError
