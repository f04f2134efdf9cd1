"""Which Windows tests get their second chance: the node ids read from pytest's summary, whole."""

from __future__ import annotations

from tests.windows.early_suite import FAILED


def test_a_failed_node_id_is_read_whole_spaces_in_its_parameter_too() -> None:
    # the cold run of 2026-11-28: "[a file]" was cut at its space, and the second chance found no such test
    summary = ("FAILED tests/integration/test_faults_cli.py::test_refused[a file] - assert (57967.0 - 57951.1) < 15\n"
               "FAILED tests/api/test_nodes_to_serve.py::test_batch\n"
               "FAILED tests/ui/test_x.py::test_y[en-1366x768] - AssertionError: a - b\n")
    assert FAILED.findall(summary) == ["tests/integration/test_faults_cli.py::test_refused[a file]",
                                       "tests/api/test_nodes_to_serve.py::test_batch",
                                       "tests/ui/test_x.py::test_y[en-1366x768]"]
