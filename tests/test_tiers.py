"""The two tiers stay what the README says: every test marked `full` (out of the every-commit tier) is in a row of
the path rule (.ci/when_changed.py), so that .ci/run runs it when its paths change; every row names tests that
exist; and the rule reads a change as the README says."""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path
from types import ModuleType

import pytest

REPO = Path(__file__).resolve().parents[1]
FULL_MARK = re.compile(r"pytest\.mark\.full\b")


def when_changed() -> ModuleType:
    spec = importlib.util.spec_from_file_location("when_changed", REPO / ".ci" / "when_changed.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclass looks its module up there
    spec.loader.exec_module(module)
    return module


def test_every_file_with_end_to_end_tests_has_a_row_in_the_path_rule() -> None:
    rule = when_changed()
    in_rows = {test.split("::")[0] for check in rule.CHECKS.values() for test in check.tests}
    marked = {path.relative_to(REPO).as_posix() for path in (REPO / "tests").rglob("test_*.py")
              if FULL_MARK.search(path.read_text(encoding="utf-8"))}
    assert marked <= in_rows, f"marked `full` but in no row of .ci/when_changed.py: {sorted(marked - in_rows)}"
    assert all((REPO / name).exists() for name in in_rows), in_rows


def test_a_path_protects_itself_and_a_folder_all_below_it() -> None:
    rule = when_changed()
    protects = ("backend_bin/", "pyproject.toml")
    assert rule.touched("backend_bin/linux.py", protects) and rule.touched("pyproject.toml", protects)
    assert not rule.touched("backend_bin.md", protects) and not rule.touched("app/pyproject.toml", protects)
    assert {check.lane for check in rule.CHECKS.values()} <= {"linux", "wine", "windows-python", "polaris"}


def test_the_timing_script_counts_a_test_written_twice_as_a_rerun(tmp_path: Path) -> None:
    # pytest-rerunfailures 16 writes a rerun test's case again (no <rerunFailure> inside): the first CI run it ran
    # in counted it as two passes and no rerun
    spec = importlib.util.spec_from_file_location("ci_times", REPO / "tests" / "bench" / "ci_times.py")
    assert spec is not None and spec.loader is not None
    ci_times = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = ci_times  # its dataclass looks its module up there
    spec.loader.exec_module(ci_times)
    junit = tmp_path / "windows-python.xml"
    junit.write_text('<testsuites><testsuite name="pytest">'
                     '<testcase classname="tests.test_tiers" name="test_a" time="6.1" />'
                     '<testcase classname="tests.test_tiers" name="test_a" time="5.0" />'
                     '<testcase classname="tests.test_tiers" name="test_b" time="1.0"><failure message="no" />'
                     '</testcase></testsuite></testsuites>', encoding="utf-8")
    run = ci_times.read_junit(junit)
    assert run.reruns == ["tests/test_tiers.py::test_a"]
    assert run.outcomes == {"passed": 1, "failed": 1}
    assert run.seconds_per_file["tests/test_tiers.py"] == pytest.approx(12.1)
