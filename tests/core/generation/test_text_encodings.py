"""Every text file the app reads or writes names its encoding. Without one Python uses the locale's: cp1252 on
a Western Windows, where a model folder named `Modèles` or a prompt with `灯台` is garbled or cannot be
written at all (UnicodeEncodeError)."""

from __future__ import annotations

import ast
from pathlib import Path

APP = Path(__file__).resolve().parents[3] / "app"
TEXT_CALLS = {"read_text", "write_text"}


def _opens_text(call: ast.Call) -> bool:
    """`open(p)`, `open(p, "w")`, `path.open()`, `path.open("w")`: a text mode, or none (text by default). A mode
    the source does not spell out (`Image.open(p)`, `zip.open(member)`) is not judged."""
    if isinstance(call.func, ast.Name):
        mode = call.args[1] if len(call.args) > 1 else next((k.value for k in call.keywords if k.arg == "mode"), None)
    else:
        mode = call.args[0] if call.args else next((k.value for k in call.keywords if k.arg == "mode"), None)
        if mode is not None and not isinstance(mode, ast.Constant):
            return False
    if mode is None:
        return True
    return isinstance(mode, ast.Constant) and isinstance(mode.value, str) and "b" not in mode.value


def locale_dependent_calls(source: str) -> list[int]:
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call) or any(k.arg == "encoding" for k in node.keywords):
            continue
        name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
        if name in TEXT_CALLS or (name == "open" and _opens_text(node)):
            found.append(node.lineno)
    return sorted(found)


def test_the_rule_sees_what_it_should() -> None:
    assert locale_dependent_calls("p.read_text()\nopen(p)\np.open('w')\np.write_text(t)\n") == [1, 2, 3, 4]
    assert locale_dependent_calls("p.read_text(encoding='utf-8')\nopen(p, 'rb')\np.open('rb')\nImage.open(p)\n"
                                  "archive.open(member)\np.open('ab' if resume else 'wb')\np.read_bytes()\n") == []


def test_no_text_file_depends_on_the_locale() -> None:
    offenders = [f"{path.relative_to(APP.parent)}:{line}" for path in sorted(APP.rglob("*.py"))
                 for line in locale_dependent_calls(path.read_text(encoding="utf-8"))]
    assert offenders == []
