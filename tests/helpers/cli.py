"""Run `python -m app generate` as a user would, and read its --events output."""

from __future__ import annotations

import importlib.util
import io
import json
import os
import subprocess
import sys
import sysconfig
import zipfile
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
STANDIN = Path(__file__).resolve().parent / "standin.py"


def utf8_env(**extra: str) -> dict[str, str]:
    """The environment for a CLI child whose output a test reads: UTF-8 on every platform (Windows would give a
    pipe the ANSI code page, which cannot hold every path or prompt a test uses)."""
    return {**os.environ, "PYTHONIOENCODING": "utf-8", **extra}


def standin_program(folder: Path) -> Path:
    """The stand-in as a program the app can start in place of sd-cli: the script itself where a `#!` line makes
    a program. Windows starts only .exe files: there it is pip's own console-script launcher (distlib's
    t64.exe, the one behind `pytest.exe`) with a zip appended that runs the script with this Python."""
    if sys.platform != "win32":
        return STANDIN
    archive = io.BytesIO()
    with zipfile.ZipFile(archive, "w") as bundle:
        bundle.writestr("__main__.py", f"import runpy\nrunpy.run_path({str(STANDIN)!r}, run_name='__main__')\n")
    program = folder / "sd-cli.exe"
    program.write_bytes(_script_launcher() + f'#!"{sys.executable}"\n'.encode() + archive.getvalue())
    return program


def _script_launcher() -> bytes:
    """The launcher .exe of pip's console scripts: pip's own copy, else the front of an installed console script
    (pytest.exe: launcher, `#!` line, zip), for a Python installed without pip, as the Windows test Python is."""
    pip = importlib.util.find_spec("pip")
    if pip is not None and pip.origin is not None:
        return (Path(pip.origin).parent / "_vendor" / "distlib" / "t64.exe").read_bytes()
    script = Path(sysconfig.get_path("scripts")) / "pytest.exe"
    with zipfile.ZipFile(script) as bundle:
        zip_start = min(info.header_offset for info in bundle.infolist())
    front = script.read_bytes()[:zip_start]
    return front[:front.rindex(b"#!")]


@dataclass(frozen=True)
class CliRun:
    exit_code: int
    events: list[dict]
    stderr: str

    def of(self, kind: str) -> list[dict]:
        return [e for e in self.events if e["event"] == kind]


def generate_argv(prompt: str | None, model: Path, taesd: Path, out: Path, *extra: str) -> list[str]:
    """None: no --prompt (the prompts come from --prompts FILE, or none are given)."""
    return [sys.executable, "-m", "app", "generate", "--events", *(("--prompt", prompt) if prompt is not None else ()),
            "--model", str(model), "--taesd", str(taesd), "--clip-on-cpu", "--vae-on-cpu", "--out", str(out), *extra]


def run_generate(argv: list[str], env: dict[str, str] | None = None, timeout: float = 180) -> CliRun:
    result = subprocess.run(argv, capture_output=True, cwd=REPO, env=utf8_env(**(env or {})),
                            timeout=timeout, check=False)
    events = [json.loads(line) for line in result.stdout.decode("utf-8").splitlines()]
    return CliRun(result.returncode, events, result.stderr.decode("utf-8", errors="replace"))


def on_the_standin(standin: Path, argv: list[str], calls: Path) -> CliRun:
    """The CLI run with the stand-in as sd-cli, for what the app does around a picture: its case "record_card"
    replays a real run and writes a noise picture where it was told, and logs each call's arguments to `calls`."""
    return run_generate([*argv, "--sd-binary", str(standin)],
                        env={"STANDIN_CASE": "record_card", "STANDIN_STATE": str(calls)})


def standin_calls(calls: Path) -> list[list[str]]:
    """The arguments of each call the stand-in logged, as the program read them."""
    return [json.loads(line)["argv"] for line in calls.read_text(encoding="utf-8").splitlines()]


def timed(argvs: list[list[str]], env: dict[str, str]) -> float:
    """Seconds to run these programs one after another from the repository's root (for the benchmarks)."""
    import time

    start = time.perf_counter()
    for argv in argvs:
        subprocess.run(argv, env=env, cwd=REPO, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start
