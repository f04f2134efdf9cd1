"""app.core must import no Qt: checked here with Qt made unimportable (and in test_project.py)."""

from __future__ import annotations

import pkgutil
import subprocess
import sys
from pathlib import Path

import app.core

REPO = Path(__file__).resolve().parents[2]
BLOCK_QT = """
import importlib, sys
class BlockQt:
    def find_spec(self, name, path=None, target=None):
        if name.split('.')[0] in ('PySide6', 'shiboken6', 'PyQt5', 'PyQt6'):
            raise ImportError('Qt is blocked in this check: ' + name)
sys.meta_path.insert(0, BlockQt())
for name in sys.argv[1:]:
    importlib.import_module(name)
leaked = [m for m in sys.modules if m.split('.')[0] in ('PySide6', 'shiboken6')]
assert not leaked, leaked
print('ok', len(sys.argv) - 1)
"""


def core_modules() -> list[str]:
    return [m.name for m in pkgutil.walk_packages(app.core.__path__, "app.core.")]


def test_every_core_module_imports_without_qt() -> None:
    modules = core_modules()
    assert "app.core.generation.output" in modules and "app.core.generation.command" in modules
    assert "app.core.queue.jobs" in modules and "app.core.queue.rig" in modules
    result = subprocess.run([sys.executable, "-c", BLOCK_QT, *modules], capture_output=True, text=True,
                            cwd=REPO, check=False)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == f"ok {len(modules)}"


def test_the_qt_block_really_blocks() -> None:
    result = subprocess.run([sys.executable, "-c", BLOCK_QT, "app.services.runners.sd_process"], capture_output=True,
                            text=True, cwd=REPO, check=False)
    assert result.returncode != 0
    assert "Qt is blocked" in result.stderr
