"""What Windows Python runs: the tests marked `windows`, those of the code Windows can break (paths, processes
and Job objects, files and locks, the console's encoding, fonts and the window, the bundle, the installer).
Tests of pure logic give the same answer on every platform and run on Linux alone. These checks keep the split
honest: a module that touches the platform has a Windows-run test, and a test written for Windows alone is one.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
# the signs of code whose behaviour depends on the operating system
PLATFORM_SIGNS = re.compile("|".join((
    r"sys\.platform", r"\bos\.name\b", r"platform\.system\(",                       # platform branches
    r"\bsubprocess\b", r"QProcess", r"\bos\.kill\b", r"\bsignal\.", r"ctypes",       # processes, Job objects
    r"msvcrt", r"winreg", r"fcntl", r"os\.replace", r"\.rename\(", r"fsync", r"sqlite3",  # files and locks
    r"QFontDatabase", r"QScreen", r"primaryScreen",                                   # fonts and the window
    r"reconfigure\(", r"getfilesystemencoding", r"preferredencoding",                 # the console's encoding
    r"_MEIPASS", r"sys\.frozen",                                                      # the bundle
    r"^\s*(import|from) keyring\b",                                                  # the OS keyring
)), re.MULTILINE)
# a test that can only run on Windows
WINDOWS_ONLY = re.compile(r"""skipif\(\s*sys\.platform\s*!=\s*["']win32["']""")
WINDOWS_MARK = re.compile(r"pytest\.mark\.windows\b")


def module_name(path: Path) -> str:
    parts = path.relative_to(REPO).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def platform_modules() -> list[str]:
    return sorted(module_name(path) for path in (REPO / "app").rglob("*.py")
                  if PLATFORM_SIGNS.search(path.read_text(encoding="utf-8")))


def imported_modules(path: Path) -> set[str]:
    """Every module a file imports, `from package import module` included."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            names |= {node.module, *(f"{node.module}.{alias.name}" for alias in node.names)}
    return names


def all_test_files() -> list[Path]:
    return sorted((REPO / "tests").rglob("test_*.py"))


def windows_run_files() -> list[Path]:
    return [path for path in all_test_files() if WINDOWS_MARK.search(path.read_text(encoding="utf-8"))]


def test_the_signs_find_the_modules_that_touch_the_platform() -> None:
    # a sample of each kind, so that a regex that stopped matching shows here rather than as an empty check
    found = set(platform_modules())
    assert {"app.core.platform_paths", "app.services.child_process", "app.core.gallery.gallery_index",
            "app.core.json_files", "app.ui.theme", "app.cli.models", "app.services.system.host",
            "app.services.secret_store"} <= found
    assert "app.core.planning.plan" not in found


def test_every_module_that_touches_the_platform_has_a_windows_run_test() -> None:
    imported = set().union(*(imported_modules(path) for path in windows_run_files()))
    untested = [name for name in platform_modules() if name not in imported]
    assert not untested, ("these modules touch the platform but no test marked `windows` imports them: mark a "
                          f"test file that tests them (pytestmark = pytest.mark.windows) or write one: {untested}")


def test_every_test_written_for_windows_alone_runs_on_windows() -> None:
    unmarked = [path.relative_to(REPO).as_posix() for path in all_test_files()
                if WINDOWS_ONLY.search(text := path.read_text(encoding="utf-8")) and not WINDOWS_MARK.search(text)]
    assert not unmarked, f"these files hold Windows-only tests but are not marked `windows`: {unmarked}"

