"""Project-wide checks: layer contracts and lint, so that CI enforces them."""

from __future__ import annotations

import ast
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from tests.helpers.shader_cache import BUILD_CACHE_HOME

REPO = Path(__file__).resolve().parents[1]
# the venv's bin/ on Linux; Scripts\ beside python.exe on Windows, where each tool is an .exe
TOOLS = Path(sysconfig.get_path("scripts"))


def run_tool(name: str, *args: str) -> subprocess.CompletedProcess[str]:
    tool = TOOLS / (name + (".exe" if sys.platform == "win32" else ""))
    assert tool.exists(), f"{name} is not installed (pip install -e '.[dev]')"
    return subprocess.run([str(tool), *args], capture_output=True, text=True, cwd=REPO, check=False)


# Lint reads the same source on every platform, so Linux's run answers for Windows too; and under Wine 8 the
# tools' Rust parts do not load (grimp: "DLL load failed while importing _rustgrimp"; ruff.exe likewise)
LINUX_ANSWERS_FOR_LINT = pytest.mark.skipif(
    sys.platform == "win32", reason="lint reads the same source everywhere and runs on Linux; its Rust tools "
    "(grimp, ruff) do not load under Wine 8")


def test_every_folder_of_app_code_is_a_package() -> None:
    # a folder of .py files without __init__.py is a namespace package, and neither import-linter's contracts
    # nor pkgutil.walk_packages (the Qt-free import test, tests/core/test_core_is_pure.py) see a module in it
    folders = {path.parent for path in (REPO / "app").rglob("*.py")}
    unseen = sorted(folder.relative_to(REPO).as_posix() for folder in folders if not (folder / "__init__.py").is_file())
    assert not unseen, f"add an __init__.py to: {unseen}"


@LINUX_ANSWERS_FOR_LINT
def test_import_contracts_hold() -> None:
    result = run_tool("lint-imports")
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.returncode == 0 and "Contracts: 5 kept, 0 broken." in result.stdout


@LINUX_ANSWERS_FOR_LINT
@pytest.mark.parametrize("platform", ["linux", "win32"])
def test_the_app_type_checks(platform: str) -> None:
    # mypy skips the branches of `sys.platform == "win32"` that cannot run on the platform it checks for, so the
    # app is checked as each. Its cache per platform is kept beside the build cache, not in the clone: a fresh clone
    # (CI's) checks again only the files whose content changed (mypy compares a file's hash when its time differs)
    cache = BUILD_CACHE_HOME / "polaris-studio" / "mypy" / platform
    result = run_tool("mypy", "--platform", platform, "--cache-dir", str(cache))
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.startswith("Success: no issues found")


@LINUX_ANSWERS_FOR_LINT
def test_ruff_is_clean() -> None:
    result = run_tool("ruff", "check", "app", "backend_bin", "installer", "tests", "scripts")
    assert result.returncode == 0, result.stdout + result.stderr


UI_FILE_MOST_LINES = 500
FUNCTION_MOST_LINES = 80


def test_no_ui_file_is_over_500_lines() -> None:
    long = {path.relative_to(REPO).as_posix(): lines for path in sorted((REPO / "app" / "ui").rglob("*.py"))
            if (lines := len(path.read_text(encoding="utf-8").splitlines())) > UI_FILE_MOST_LINES}
    assert not long, f"split these into modules of their own: {long}"


def test_no_function_or_method_in_app_is_over_80_lines() -> None:
    long = {}
    for path in sorted((REPO / "app").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                lines = (node.end_lineno or node.lineno) - node.lineno + 1
                if lines > FUNCTION_MOST_LINES:
                    long[f"{path.relative_to(REPO).as_posix()} {node.name}"] = lines
    assert not long, f"split these into well-named steps: {long}"


@LINUX_ANSWERS_FOR_LINT
@pytest.mark.parametrize("package", ["app.services", "app.ui"])
def test_no_import_circle_and_no_arrow_up_inside_the_services_and_the_window(package: str) -> None:
    # side by side in a package (sub-packages, modules), two that import each other are one knot: neither can be
    # read, tested or moved without the other. `python scripts/import_circles.py` prints each circle and arrow
    from scripts.import_circles import import_shape

    shape = import_shape(package)
    assert not shape.circles, "\n".join(map(str, shape.circles))
    assert not shape.arrows_up
