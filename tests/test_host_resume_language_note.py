"""`racko host --resume` says, as `racko resume` does, that a game goes on in the language it
was started in, and how to open its table in the language spoken instead: on the host's
screen, in the language spoken so far; nothing when --lang chose the language."""

from __future__ import annotations

from pathlib import Path

import pytest

asyncssh = pytest.importorskip("asyncssh", reason="racko host needs asyncssh (the host extra)")
pexpect = pytest.importorskip("pexpect")

import hostkit as kit  # noqa: E402
from builders import seeded_game, write_record, write_with_header  # noqa: E402

NOTE = "This game goes on in the language it was started in: Français."


def _french_game(home: Path) -> str:
    """A game of two people, dealt, started in French; its ID."""
    (home / "games").mkdir()
    game = seeded_game(3, kinds=["human", "human"])
    game.deal()
    path = write_record(home / "games" / "2026-12-02-0801-ann-bob.jsonl", game)
    write_with_header(path, game, lambda line: line.update(lang="fr"))
    return path.stem


@pytest.mark.parametrize("options", [[], ["--lang", "en"]], ids=["spoken", "chosen"])
def test_a_table_opened_again_says_it_goes_on_in_its_game_s_language(
    tmp_path: Path, options: list[str]
) -> None:
    ref = _french_game(tmp_path)
    host = kit.start_host(tmp_path, "--resume", ref, *options)
    try:
        if options:  # --lang chose English: the table speaks it, and says nothing of French
            host.pty.wait_for("Press Enter when you are ready to play.")
            assert "goes on in the language" not in host.pty.visible()
        else:
            host.pty.wait_for("Appuyez sur Entrée quand vous êtes prêt")  # French from here
            shown = " ".join(host.pty.visible().split())
            assert NOTE in shown, shown
            # With the port the table listens on (start_host's --port 0 picks one), and the
            # address it was kept to (start_host's --bind 127.0.0.1).
            assert (f"To carry it on in English instead: racko host --resume {ref} --port "
                    f"{host.port} --bind 127.0.0.1 --lang en" in shown), shown
    finally:
        host.pty.end()
