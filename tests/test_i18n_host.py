"""The host's own screen in every language: its lines are translated (but for the table code's,
which scripts read), and its questions take the yes of the language spoken."""

from __future__ import annotations

import contextlib
import io
from collections.abc import Callable, Iterator

import pytest
from rich.console import Console, RenderableType

from rack_o import i18n
from rack_o.host.views import TableInfo, intro_lines, table_info_block

INFO = TableInfo(code="abcd-efgh", fingerprint="SHA256:xyz", lines={1: "ssh -p 2222 bob@host"})


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    i18n.install("en")


def shown(*renderables: RenderableType) -> str:
    console = Console(file=io.StringIO(), width=80, color_system=None)
    for renderable in renderables:
        console.print(renderable)
    return console.file.getvalue()


@pytest.mark.parametrize(
    "screen",
    [pytest.param(lambda: intro_lines(INFO, ["Ann", "Bob"], 2222), id="intro"),
     pytest.param(lambda: [table_info_block(INFO, {1: "Bob"}, fingerprint=True)], id="waiting")],
)
@pytest.mark.parametrize("language", ["en", "el", "fr", "cs"])
def test_the_table_code_line_reads_the_same_in_every_language_for_scripts(
    screen: Callable[[], list[RenderableType]], language: str
) -> None:
    i18n.install(language)
    text = shown(*screen())
    assert "Table code: abcd-efgh" in text.splitlines(), text
    assert "Host key fingerprint" not in text or language == "en", text


class _Terminal:
    """Just enough of a RemoteTerminal for a question's answer: what hanging up said."""

    is_connected = False
    hung_up: str | None = None

    def speaking(self) -> contextlib.AbstractContextManager[None]:
        return contextlib.nullcontext()  # the language installed

    def on_keys(self, handler: object) -> None: ...

    def on_redraw(self, drawer: object) -> None: ...

    def hang_up(self, message: str) -> None:
        self.hung_up = message


class _Host:
    """Just enough of a hosted game for the host's question: whether it was stopped."""

    over_lines = None  # the game goes on
    gate_lines = None  # mid-round, no deal waited for

    def __init__(self) -> None:
        self.stopped: list[bool] = []

    def stop_game(self, interrupt: bool) -> None:
        self.stopped.append(interrupt)


@pytest.mark.parametrize(
    ("language", "key", "yes"),
    [("en", "y", True), ("fr", "o", True), ("fr", "y", True), ("cs", "a", True),
     ("el", "ν", False), ("el", "y", True), ("en", "o", False), ("fr", "n", False),
     ("cs", "n", False), ("el", "ο", False), ("fr", "\n", False)],
)
@pytest.mark.parametrize("question", ["stop", "leave"])
def test_a_host_question_takes_y_or_the_yes_of_the_language_spoken(
    language: str, key: str, yes: bool, question: str
) -> None:
    from rack_o.host.screen import SeatScreen

    i18n.install(language)
    host, terminal = _Host(), _Terminal()
    screen = SeatScreen(host, terminal, 0, is_host=question == "stop")  # type: ignore[arg-type]
    screen.question = question
    screen.pressed(key)
    answered = host.stopped == [False] if question == "stop" else terminal.hung_up is not None
    assert answered is yes
    assert screen.question is None
