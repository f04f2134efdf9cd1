"""Counts a program's runs: `run_counter.py LOG COMMAND...` writes one line into LOG, then runs COMMAND as itself
(its output, its exit code)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

with Path(sys.argv[1]).open("a", encoding="utf-8") as log:
    log.write(" ".join(sys.argv[2:]) + "\n")
# a child, not os.execv: on Windows execv starts a detached process and ends this one at once
sys.exit(subprocess.run(sys.argv[2:], check=False).returncode)
