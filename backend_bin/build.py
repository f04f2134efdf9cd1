"""Build every backend the app ships from the pinned PyPI sdists of stable-diffusion-cpp-python (the pictures'
code) and llama-cpp-python (the prompt helper's server, and the ggml all three programs share: backend_bin/engine.py).

    python -m backend_bin.build [--native] [--jobs N] [--cache DIR]     Linux: sd-cli, sd-server, llama-server
    python -m backend_bin.build --windows [--jobs N] [--cache DIR]      Windows: sd-cli.exe, sd-server.exe,
                                                                         llama-server.exe, vulkaninfo.exe
    python -m backend_bin.build --windows --vulkaninfo-only              Windows: vulkaninfo.exe alone
    ... --cpu-variants tests                                             three of the five CPU variants (CI's)
    ... --ninja                                                          Linux: compiled by Ninja (setup.sh's)
    ... --pictures-only                                                  Linux: sd-cli and sd-server alone

setup.sh and the app's own "Build the engine" route build the three test variants with Ninja, into one cache folder;
the release builds take all five (the default).

The sdists vendor sd.cpp and llama.cpp; building from them is our route to Vulkan builds.
The Windows programs are cross-built here with mingw-w64 (vulkaninfo.exe from Debian's vulkan-tools source
package). Builds land in a cache outside the repository, keyed by version and options, and are copied into
backend_bin/bin/ (git-ignored), recorded with their sha256 in build-info.json. A warm cache takes seconds. The
keys take what the compilers get (the flags, our patches, the code of the CMake files we write, never their comments),
and ccache, where installed (setup.sh installs it), keeps every compiled file in the cache too: a build under a new
key compiles again only the files whose commands changed.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from backend_bin import linux, windows
from backend_bin.cpu_variants import VARIANT_SETS
from backend_bin.engine import PICTURE_PROGRAMS, TARGETS
from backend_bin.linux import BuildOptions
from backend_bin.output import compiler_cache_settings, default_cache_dir
from backend_bin.tools import BuildError, say

__all__ = ["TARGETS", "BuildError", "main"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m backend_bin.build", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--windows", action="store_true",
                        help="cross-build sd-cli.exe, vulkaninfo.exe and llama-server.exe for Windows instead of "
                             "the Linux programs")
    parser.add_argument("--vulkaninfo-only", action="store_true",
                        help="with --windows: vulkaninfo.exe alone (a minute), for the Windows tests that start no "
                             "backend; .ci/run builds the Windows backends only when a check that runs them is due")
    parser.add_argument("--native", action="store_true", help="tune for this CPU only (GGML_NATIVE=ON; Linux only)")
    parser.add_argument("--cpu-variants", choices=sorted(VARIANT_SETS),
                        default="all",
                        help="ggml's CPU backends to build: all five (what a release ships), or the three that "
                             "setup.sh, the app's own route and the tests build (baseline, AVX, AVX2)")
    parser.add_argument("--ninja", action="store_true",
                        help="Linux: let Ninja drive the compilers instead of make (faster on 2 cores; setup.sh's "
                             "and the app's choice)")
    parser.add_argument("--pictures-only", action="store_true",
                        help="Linux: the programs that draw (sd-cli, sd-server) without llama-server, the prompt "
                             "helper's, a third of a first build (setup.sh's first set-up). A later build of "
                             "everything, in the same cache folder, compiles only what this one left out")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 2, help="parallel compile jobs")
    parser.add_argument("--cache", type=Path, default=default_cache_dir(), help="build cache directory")
    args = parser.parse_args(argv)
    if args.windows and args.ninja:
        parser.error("--ninja is for the Linux build: the Windows build keeps the Linux build's shaders by make's "
                     "rules")
    if args.vulkaninfo_only and not args.windows:
        parser.error("--vulkaninfo-only goes with --windows: the Linux tests use Debian's own vulkaninfo")
    if args.windows and args.pictures_only:
        parser.error("--pictures-only is for the Linux build: a Windows build is for a bundle, which carries all three "
                     "programs")
    if args.windows and args.native:
        parser.error("--native tunes the Linux build for this CPU; a Windows build must run on any x86-64 CPU")
    for name, value in compiler_cache_settings(args.cache.resolve()).items():
        os.environ.setdefault(name, value)
    try:
        variants = VARIANT_SETS[args.cpu_variants]
        if args.windows:
            windows.build_and_expose(args.cache, args.jobs, variants, backends=not args.vulkaninfo_only)
        else:
            linux.build_and_expose(BuildOptions(native=args.native, variants=variants), args.cache, args.jobs,
                                   args.ninja, PICTURE_PROGRAMS if args.pictures_only else TARGETS)
    except BuildError as error:
        say(f"error: {error}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
