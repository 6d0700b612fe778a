"""The host's own screen in every language: each of its lines comes from a translated message,
and its questions take the yes of the language spoken."""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator

import pytest
from rich.console import Console, RenderableType

from rack_o import i18n
from rack_o.host import views
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
     pytest.param(lambda: [table_info_block(INFO, [1], fingerprint=True)], id="waiting")],
)
def test_the_table_code_line_is_a_translated_message(
    monkeypatch: pytest.MonkeyPatch, screen: Callable[[], list[RenderableType]]
) -> None:
    monkeypatch.setattr(views, "_", lambda text: "‹" + text + "›")
    text = shown(*screen())
    assert "‹Table code: abcd-efgh›" in text, text
