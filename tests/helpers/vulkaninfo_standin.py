"""A stand-in for vulkaninfo that behaves as Vulkan-Tools' vulkaninfo does, for how the app starts it.

    python vulkaninfo_standin.py CAPTURE CASE [-o FILE]

It gives the real captured output CAPTURE (tests/data/vulkaninfo/). With `-o FILE` it writes it there and exits,
as every vulkaninfo does. Without, CASE decides: "linux" prints it and exits; "windows" prints it and then never
exits, as vulkaninfo.exe on a console of its own (`if (ConsoleIsExclusive()) Sleep(INFINITE)`, which a child of
a windowed app always is); "fail" replays what the real one says on a machine without a Vulkan driver
(tests/data/vulkaninfo/no_driver.stderr) and exits 1, with or without `-o`.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path


def main() -> None:
    capture, case, *rest = sys.argv[1:]
    if case == "fail":
        sys.stderr.buffer.write((Path(capture).parent / "no_driver.stderr").read_bytes())
        sys.stderr.buffer.flush()
        sys.exit(1)
    text = Path(capture).read_bytes()
    if rest[:1] == ["-o"]:
        Path(rest[1]).write_bytes(text)
        return
    sys.stdout.buffer.write(text)
    sys.stdout.buffer.flush()
    if case == "windows":
        while True:
            time.sleep(3600)


if __name__ == "__main__":
    main()
