"""Keep racko's gettext catalogs in step with the source: extract, merge, compile.

`python tools/catalogs.py` finds every message in rack_o/ (the arguments of `_`, `N_` and
`ngettext`, the help texts of click options and commands) and the click messages listed in
tools/click_messages.toml, merges them into rack_o/data/locale/LANG/LC_MESSAGES/racko.po
(keeping translations, adding new messages untranslated, dropping gone ones), and compiles
each .po to the .mo that ships. `--check` changes nothing and exits 1 if a catalog is out of
date. `--click` first adds to that list the messages of the installed click that it does not
know yet (run it after a new click is out, then translate what it added). A development tool
only: the installed program reads the .mo files with the standard library's gettext.
"""

from __future__ import annotations

import argparse
import ast
import importlib.util
import inspect
import json
import struct
import sys
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "rack_o"
LOCALE = SOURCE / "data" / "locale"
CLICK_LIST = ROOT / "tools" / "click_messages.toml"
CLICK_PLACE = "click"
"""Where the catalogs say a message of click's is used."""
LANGUAGES = {
    "el": ("Greek", "nplurals=2; plural=(n != 1);"),
    "fr": ("French", "nplurals=2; plural=(n > 1);"),
    "cs": ("Czech", "nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;"),
}
CLICK_DECORATORS = {"option", "command", "group", "version_option"}


@dataclass
class Message:
    """One message: its English text (and plural), where it is used, its translation."""

    msgid: str
    plural: str | None = None
    places: list[str] = field(default_factory=list)
    msgstr: list[str] = field(default_factory=list)
    comments: list[str] = field(default_factory=list)
    """Translator comments (`# ...` lines) kept from the .po file."""


# ------------------------------------------------------------------ extracting


def _text(node: ast.AST) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def _is_click_decorator(node: ast.expr) -> bool:
    func = node.func if isinstance(node, ast.Call) else node
    name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
    return name in CLICK_DECORATORS


def extract_file(path: Path, messages: dict[str, Message]) -> None:
    """Add the messages of one Python file to `messages` (keyed by msgid)."""
    where = path.relative_to(ROOT).as_posix()
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))

    found: list[tuple[int, str, str | None]] = []  # (line, msgid, plural), to sort by line

    def add(msgid: str, plural: str | None = None) -> None:
        found.append((getattr(node, "lineno", 0), msgid, plural))

    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            name = getattr(node.func, "id", None)
            if name in ("_", "N_"):
                text = _text(node.args[0]) if len(node.args) == 1 else None
                # `_(NAME)` translates a message marked with N_ where NAME is defined.
                if text is None and (name == "N_" or isinstance(node.args[0], ast.JoinedStr)):
                    raise SyntaxError(f"{where}:{node.lineno}: {name}() needs one plain string")
                if text is not None:
                    add(text)
            elif name == "ngettext":
                texts = [_text(arg) for arg in node.args[:2]]
                if None in texts or len(node.args) != 3:
                    raise SyntaxError(f"{where}:{node.lineno}: ngettext() needs two plain strings")
                add(str(texts[0]), texts[1])
            elif _is_click_decorator(node):
                for keyword in node.keywords:
                    text = _text(keyword.value)
                    if keyword.arg == "help" and text:
                        add(inspect.cleandoc(text))
                    elif keyword.arg == "epilog" and text:
                        add(text)
        elif isinstance(node, ast.FunctionDef) and any(
            _is_click_decorator(decorator) for decorator in node.decorator_list
        ):
            doc = ast.get_docstring(node)
            if doc:
                add(doc)
    for _line, msgid, plural in sorted(found, key=lambda item: item[0]):
        message = messages.setdefault(msgid, Message(msgid, plural))
        # Files only, no line numbers: editing a module must not make the catalogs stale.
        if where not in message.places:
            message.places.append(where)


def extract(source: Path = SOURCE, click_list: Path = CLICK_LIST) -> dict[str, Message]:
    """Every translatable message: the package's in source order, then click's listed ones."""
    messages: dict[str, Message] = {}
    for path in sorted(source.rglob("*.py")):
        extract_file(path, messages)
    for msgid, plural in read_click_list(click_list)[0]:
        message = messages.setdefault(msgid, Message(msgid, plural))
        message.places.append(CLICK_PLACE)
    return messages


# ------------------------------------------------------------------ click's messages

ClickMessage = tuple[str, str | None]
"""A message of click's: its msgid, and its plural if it has one."""


def read_click_list(path: Path = CLICK_LIST) -> tuple[list[ClickMessage], list[ClickMessage]]:
    """(the click messages racko users can meet, those they cannot) from the list file."""
    data = tomllib.loads(path.read_text(encoding="utf-8"))

    def entries(key: str) -> list[ClickMessage]:
        return [(item, None) if isinstance(item, str) else (item[0], item[1])
                for item in data[key]]

    return entries("shown"), entries("never_shown")


CLICK_LIST_HEAD = """\
# The messages of click, the command-line library, as click writes them (its gettext msgids).
# tools/catalogs.py puts those under `shown` into racko's catalogs, so that click finds them
# translated; a plural is [singular, plural]. `never_shown` are messages a racko user cannot
# meet (programmer errors, features racko does not use), kept out of the catalogs.
# `python tools/catalogs.py --click` adds the messages of the installed click that are in
# neither list to `shown`; move any a user cannot meet to `never_shown`. Messages of older
# click versions stay listed as long as racko supports those versions.
"""


def _toml_entry(message: ClickMessage) -> str:
    # A JSON string is a TOML basic string: the same quotes and escapes.
    msgid, plural = message
    text = json.dumps(msgid, ensure_ascii=False)
    return text if plural is None else f"[{text}, {json.dumps(plural, ensure_ascii=False)}]"


def write_click_list(shown: list[ClickMessage], never_shown: list[ClickMessage]) -> str:
    """The text of the click message list file."""
    out = [CLICK_LIST_HEAD]
    for key, messages in (("shown", shown), ("never_shown", never_shown)):
        out.append(f"{key} = [")
        out += [f"    {_toml_entry(message)}," for message in messages]
        out.append("]\n")
    return "\n".join(out)


def installed_click_messages() -> list[ClickMessage]:
    """Every message the installed click translates with a plain string, in module order."""
    spec = importlib.util.find_spec("click")
    if spec is None or spec.origin is None:
        raise SystemExit("click is not installed here")
    found: dict[str, str | None] = {}
    for path in sorted(Path(spec.origin).parent.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if not (isinstance(node, ast.Call) and getattr(node.func, "id", None) in
                    ("_", "ngettext") and node.args and _text(node.args[0]) is not None):
                continue
            plural = _text(node.args[1]) if len(node.args) > 1 else None
            found.setdefault(str(_text(node.args[0])), plural)
    return list(found.items())


def new_click_messages(path: Path = CLICK_LIST) -> list[ClickMessage]:
    """The messages of the installed click that neither list of the file names."""
    shown, never_shown = read_click_list(path)
    known = {msgid for msgid, _plural in shown + never_shown}
    return [message for message in installed_click_messages() if message[0] not in known]


# ------------------------------------------------------------------ .po files


def _unquote(text: str) -> str:
    return ast.literal_eval(text)  # a .po string is a C string; these are plain escapes


def read_po(text: str) -> tuple[str, dict[str, Message]]:
    """(header, {msgid: Message}) from the text of a .po file."""
    messages: dict[str, Message] = {}
    header = ""
    entry: dict[str, str] = {}
    comments: list[str] = []
    key = ""

    def finish() -> None:
        nonlocal header, entry, comments
        if "msgid" in entry:
            msgid = entry["msgid"]
            if msgid == "":
                header = entry.get("msgstr", "")
            else:
                forms = sorted(k for k in entry if k.startswith("msgstr"))
                messages[msgid] = Message(
                    msgid, entry.get("msgid_plural"), [], [entry[k] for k in forms], comments
                )
        entry, comments = {}, []

    for line in [*text.splitlines(), ""]:
        line = line.strip()
        if not line:
            finish()
        elif line.startswith("#"):
            if line.startswith("# "):
                comments.append(line[2:])
        elif line.startswith('"'):
            entry[key] += _unquote(line)
        else:
            key, _sep, rest = line.partition(" ")
            key = key.replace("[", "_").replace("]", "")  # msgstr[0] -> msgstr_0
            entry[key] = _unquote(rest)
    return header, messages


def _quote(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"')
    escaped = escaped.replace("\t", "\\t").replace("\b", "\\b")
    lines = escaped.split("\n")
    parts = [line + "\\n" for line in lines[:-1]] + [lines[-1]]
    parts = [part for part in parts if part]
    if len(parts) <= 1:
        return f'"{parts[0] if parts else ""}"'
    return '""\n' + "\n".join(f'"{part}"' for part in parts)


def write_po(language: str, messages: list[Message]) -> str:
    """The text of a .po file for `language` holding `messages`."""
    name, plurals = LANGUAGES[language]
    header = (
        "Project-Id-Version: racko\n"
        f"Language: {language}\n"
        "MIME-Version: 1.0\n"
        "Content-Type: text/plain; charset=UTF-8\n"
        "Content-Transfer-Encoding: 8bit\n"
        f"Plural-Forms: {plurals}\n"
    )
    out = [f"# {name} messages of racko. Keys players type (d t x u q h r ? y 1-10) stay as",
           "# they are; {placeholders} and [bold]markup[/] are kept.",
           'msgid ""', f"msgstr {_quote(header)}", ""]
    forms = int(plurals.split(";")[0].split("=")[1])
    for message in messages:
        out += [f"# {comment}" for comment in message.comments]
        out += [f"#: {place}" for place in message.places]
        if "{" in message.msgid:
            out.append("#, python-brace-format")
        out.append(f"msgid {_quote(message.msgid)}")
        if message.plural is None:
            out.append(f"msgstr {_quote(message.msgstr[0] if message.msgstr else '')}")
        else:
            out.append(f"msgid_plural {_quote(message.plural)}")
            for i in range(forms):
                text = message.msgstr[i] if i < len(message.msgstr) else ""
                out.append(f"msgstr[{i}] {_quote(text)}")
        out.append("")
    return "\n".join(out)


def merge(language: str, extracted: dict[str, Message], old_text: str) -> str:
    """The .po text for the extracted messages, keeping the translations of `old_text`."""
    _header, old = read_po(old_text)
    merged = []
    for msgid, found in extracted.items():
        kept = old.get(msgid)
        same = kept is not None and kept.plural == found.plural
        merged.append(Message(msgid, found.plural, found.places,
                              kept.msgstr if same else [], kept.comments if kept else []))
    return write_po(language, merged)


# ------------------------------------------------------------------ .mo files


def mo_bytes(po_text: str) -> bytes:
    """The GNU .mo file for a .po text (translated messages only, sorted, no hash table)."""
    header, messages = read_po(po_text)
    pairs = {"": header}
    for message in messages.values():
        if not any(message.msgstr):
            continue
        key = message.msgid if message.plural is None else f"{message.msgid}\0{message.plural}"
        pairs[key] = "\0".join(message.msgstr)
    keys = sorted(pairs)
    ids = [key.encode("utf-8") for key in keys]
    strs = [pairs[key].encode("utf-8") for key in keys]
    count = len(keys)
    start = 7 * 4 + 16 * count
    offsets: list[int] = []
    blob = b""
    for data in ids + strs:
        offsets += [len(data), start + len(blob)]
        blob += data + b"\0"
    table_ids = struct.pack(f"<{2 * count}I", *offsets[: 2 * count])
    table_strs = struct.pack(f"<{2 * count}I", *offsets[2 * count :])
    head = struct.pack("<7I", 0x950412DE, 0, count, 7 * 4, 7 * 4 + 8 * count, 0, 0)
    return head + table_ids + table_strs + blob


def po_path(language: str) -> Path:
    """Where the .po source of `language` lives (its .mo sits beside it)."""
    return LOCALE / language / "LC_MESSAGES" / "racko.po"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="change nothing; 1 if out of date")
    parser.add_argument("--click", action="store_true",
                        help="first list the installed click's new messages as shown")
    args = parser.parse_args(argv)
    stale = []
    if args.click:
        new = new_click_messages()
        for msgid, _plural in new:
            print(f"new click message: {msgid!r}")
        if new:
            stale.append(CLICK_LIST.name)
            if not args.check:
                shown, never_shown = read_click_list()
                CLICK_LIST.write_text(write_click_list(shown + new, never_shown), encoding="utf-8")
    extracted = extract()
    for language in LANGUAGES:
        po = po_path(language)
        old = po.read_text(encoding="utf-8") if po.exists() else ""
        new = merge(language, extracted, old)
        mo = po.with_suffix(".mo")
        compiled = mo_bytes(new)
        if new != old or not mo.exists() or mo.read_bytes() != compiled:
            stale.append(language)
            if not args.check:
                po.parent.mkdir(parents=True, exist_ok=True)
                po.write_text(new, encoding="utf-8")
                mo.write_bytes(compiled)
        missing = [m.msgid for m in read_po(new)[1].values() if not all(m.msgstr)]
        print(f"{language}: {len(extracted)} messages, {len(missing)} untranslated")
    if args.check and stale:
        print(f"out of date: {', '.join(stale)}; run python tools/catalogs.py", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
