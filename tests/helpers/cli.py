"""Run `python -m app generate` as a user would, and read its --events output."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
STANDIN = Path(__file__).resolve().parent / "standin.py"


@dataclass(frozen=True)
class CliRun:
    exit_code: int
    events: list[dict]
    stderr: str

    def of(self, kind: str) -> list[dict]:
        return [e for e in self.events if e["event"] == kind]


def generate_argv(prompt: str, model: Path, taesd: Path, out: Path, *extra: str) -> list[str]:
    return [sys.executable, "-m", "app", "generate", "--events", "--prompt", prompt, "--model", str(model),
            "--taesd", str(taesd), "--clip-on-cpu", "--vae-on-cpu", "--out", str(out), *extra]


def run_generate(argv: list[str], env: dict[str, str] | None = None, timeout: float = 180) -> CliRun:
    result = subprocess.run(argv, capture_output=True, cwd=REPO, env={**os.environ, **(env or {})},
                            timeout=timeout, check=False)
    events = [json.loads(line) for line in result.stdout.decode().splitlines()]
    return CliRun(result.returncode, events, result.stderr.decode(errors="replace"))
