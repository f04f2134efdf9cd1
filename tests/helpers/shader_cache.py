"""Where the tests keep Mesa's shader cache (tests/conftest.py's shader_cache fixture, and the Windows tests'
Windows Python, which gets it in its environment)."""

from __future__ import annotations

import os
from pathlib import Path

# the real build cache's home, read before any test moves HOME
BUILD_CACHE_HOME = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")

# lavapipe compiles ggml's shaders with LLVM (about a minute for a model's first picture, measured); Mesa's disk
# cache keeps them, checked against the driver's build. Kept beside the build cache, it serves every test run on
# this machine, Linux's and Windows Python's under Wine, where Mesa runs on Wine's Linux side: so it is a Linux
# path there too, handed over as text in POLARIS_TEST_SHADER_CACHE (a Windows path would be read by Mesa as a
# relative folder name, one per working folder, and every sd-cli.exe would compile its shaders again)
SHADER_CACHE = (os.environ.get("POLARIS_TEST_SHADER_CACHE")
                or str(BUILD_CACHE_HOME / "polaris-studio" / "test-shader-cache"))
