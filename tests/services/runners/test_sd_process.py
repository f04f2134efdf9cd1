from __future__ import annotations

import os
import re
import shutil
import sys
from pathlib import Path

import psutil
import pytest
from pytestqt.qtbot import QtBot

from app.core.generation.output import ErrorKind, Outcome, Progress, Stage
from app.core.resources import backend_names
from app.services.runners.sd_process import SdProcess
from app.services.system import backend as backend_module
from app.services.system.backend import (
    BUILD_COMMAND,
    BackendInfo,
    BackendMissing,
    BackendQuestions,
    find_backend,
    how_to_get_backend,
    known_caps,
    probe_caps,
)

pytestmark = pytest.mark.windows


def run_to_end(qtbot: QtBot, process: SdProcess, argv: list[str], workdir: Path,
               extra_env: dict[str, str] | None = None, writes: Path | None = None) -> Outcome:
    with qtbot.waitSignal(process.finished, timeout=120_000) as finished:
        process.start(argv, {**os.environ, **(extra_env or {})}, workdir, writes)
    return finished.args[0]


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda p: p, "sd.cpp backend not found"),
        pytest.param(lambda p: (p.write_text("x", encoding="utf-8"), p)[1], "is not an executable file",
                     marks=pytest.mark.skipif(sys.platform == "win32",
                                              reason="Windows has no execute permission: any file may be started")),
        (lambda p: (p.write_bytes(b"\x00garbage"), p.chmod(0o755), p)[2], "is not a program"),
        # Windows runs no `#!` script at all: there the check says so before anything starts
        (lambda p: (p.write_text("#!/nonexistent/interpreter\n", encoding="utf-8"), p.chmod(0o755), p)[2],
         "is not a program" if sys.platform == "win32" else "failed to execute"),
    ],
    ids=["missing", "not-executable", "not-a-program", "bad-interpreter"],
)
def test_a_backend_that_cannot_start_ends_the_job_with_a_message(qtbot: QtBot, tmp_path: Path, make,
                                                                  message: str) -> None:
    binary = make(tmp_path / "sd-cli")
    outcome = run_to_end(qtbot, SdProcess(), [str(binary), "--help"], tmp_path)
    assert outcome.error is not None
    assert outcome.error.kind is ErrorKind.BACKEND_MISSING
    assert message in outcome.error.message
    assert not outcome.ok


@pytest.mark.backend
def test_real_backend_run_emits_typed_signals(qtbot: QtBot, sd_cli: Path, tiny_model, tmp_path: Path) -> None:
    model, taesd = tiny_model
    process = SdProcess()
    stages: list[Stage] = []
    steps: list[Progress] = []
    saved: list[str] = []
    process.stage_changed.connect(stages.append)
    process.progress.connect(steps.append)
    process.image_saved.connect(saved.append)
    argv = [str(sd_cli), "-m", str(model), "--taesd", str(taesd), "-p", "test", "-W", "64", "-H", "64",
            "--steps", "2", "--clip-on-cpu", "--vae-on-cpu", "-o", "out.png"]
    outcome = run_to_end(qtbot, process, argv, tmp_path, {"GGML_VK_VISIBLE_DEVICES": "0"})
    assert outcome.ok, outcome
    assert outcome.exit_code == 0
    assert stages == list(Stage)
    assert [(p.step, p.steps) for p in steps] == [(1, 2), (2, 2)]
    assert saved == ["out.png"]
    assert (tmp_path / "out.png").stat().st_size > 0


@pytest.mark.parametrize("told", [True, False], ids=["told-the-picture", "not-told"])
def test_a_picture_written_whose_saying_so_never_came_is_the_runs_picture(qtbot: QtBot, standin: Path,
                                                                           tmp_path: Path, told: bool) -> None:
    """sd-cli.exe under Wine on a busy machine: the pipe lost its output from the sampling on (8 of 24 runs), its
    exit status was 0 and its picture whole. Told which file the run writes, the process finds it there."""
    argv = [str(standin), "--output", "out.png", "--width", "64", "--height", "64"]
    outcome = run_to_end(qtbot, SdProcess(), argv, tmp_path, {"STANDIN_CASE": "last_words_lost"},
                         tmp_path / "out.png" if told else None)
    assert (tmp_path / "out.png").is_file()
    if told:
        assert outcome.ok and outcome.image == str(tmp_path / "out.png"), outcome
    else:
        assert outcome.error is not None and outcome.error.message == "sd.cpp finished without writing an image"


@pytest.mark.backend
def test_cancel_stops_the_real_backend(qtbot: QtBot, sd_cli: Path, tiny_model, tmp_path: Path) -> None:
    model, taesd = tiny_model
    process = SdProcess()
    argv = [str(sd_cli), "-m", str(model), "--taesd", str(taesd), "-p", "long", "-W", "512", "-H", "512",
            "--steps", "50", "--clip-on-cpu", "--vae-on-cpu", "-o", "out.png"]
    with qtbot.waitSignal(process.stage_changed, timeout=60_000, check_params_cb=lambda s: s is Stage.SAMPLING):
        process.start(argv, {**os.environ, "GGML_VK_VISIBLE_DEVICES": "0"}, tmp_path)
    pid = process.pid()
    assert pid is not None and psutil.pid_exists(pid)
    with qtbot.waitSignal(process.finished, timeout=30_000) as finished:
        process.cancel()
    outcome: Outcome = finished.args[0]
    assert outcome.cancelled and not outcome.ok and outcome.error is None
    assert not psutil.pid_exists(pid)
    assert not (tmp_path / "out.png").exists()


def test_finding_the_backend_says_how_to_build_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(backend_module, "bundled_backend_dir", lambda: tmp_path)
    with pytest.raises(BackendMissing, match=re.escape(how_to_get_backend())):
        find_backend()
    older = tmp_path / backend_names(sys.platform)[-1]  # older builds call the binary `sd` (`sd.exe`)
    older.write_bytes(b"MZ" if sys.platform == "win32" else b"\x7fELF")
    assert find_backend() == older
    with pytest.raises(BackendMissing, match=r"sd.cpp backend not found: .*" + re.escape(str(Path("relative/sd-cli")))):
        find_backend(Path("relative/sd-cli"))


def test_a_missing_backend_says_how_to_get_one_on_this_platform() -> None:
    expected = "install it from Models > Drawing engine" if sys.platform == "win32" else \
        "build it with: " + BUILD_COMMAND
    assert how_to_get_backend().startswith(expected)


@pytest.mark.backend
def test_caps_come_from_the_real_binary(sd_cli: Path) -> None:
    caps = probe_caps(sd_cli)
    assert caps.flavour.value == "sd-cli"
    assert caps.supports("--clip-on-cpu") and caps.supports("--offload-to-cpu")


@pytest.mark.backend
def test_the_window_asks_the_backend_off_the_gui_thread_and_the_newest_question_wins(
        qtbot: QtBot, sd_cli: Path, tmp_path: Path) -> None:
    questions = BackendQuestions()
    copy = tmp_path / sd_cli.name
    shutil.copy2(sd_cli, copy)
    answers: list[object] = []
    questions.answered.connect(answers.append)
    with qtbot.waitSignal(questions.answered, timeout=30_000):
        questions.ask(copy, version=True)
        assert questions.running and not answers  # nothing answered inside ask(): the GUI thread goes on
        questions.ask(sd_cli)  # the user picked another backend meanwhile: only that one is answered
    assert len(answers) == 1 and isinstance(answers[0], BackendInfo)
    assert answers[0].program == sd_cli and answers[0].origin == "given on the command line"
    assert answers[0].caps.supports("--offload-to-cpu") and known_caps(sd_cli) == answers[0].caps
    with qtbot.waitSignal(questions.answered, timeout=5_000) as again:
        questions.ask(sd_cli)
        assert not questions.running  # known already: nothing is started twice
    assert again.args[0].caps == answers[0].caps
    broken = tmp_path / ("broken.exe" if sys.platform == "win32" else "broken")
    broken.write_bytes(b"\x7fELF not really" if sys.platform != "win32" else b"MZ not really")
    broken.chmod(0o755)
    with qtbot.waitSignal(questions.answered, timeout=30_000) as failed:
        questions.ask(broken)
    assert isinstance(failed.args[0], str) and str(broken) in failed.args[0]
