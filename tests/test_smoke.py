"""The package imports cleanly and keeps the engine pure."""

import subprocess
import sys


def test_engine_import_pulls_in_neither_rich_nor_click() -> None:
    code = "import rack_o, sys; rack_o.Game; assert not {'rich', 'click'} & set(sys.modules)"
    subprocess.run([sys.executable, "-c", code], check=True)
