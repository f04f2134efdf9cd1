"""`check`: the driver, Vulkan and this computer, as the window's system check reports them."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from PySide6.QtCore import QCoreApplication

from app.core.system.checks import CompatibilityReport, SystemFacts, Verdict
from app.core.system.report import report_json, report_markdown
from app.core.system.vulkaninfo import cut_before_its_devices, decode_paste, parse
from app.services.system.machine import Machine
from app.services.system.system_check import SystemCheck


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--vulkaninfo", type=Path, action="append", metavar="FILE",
                        help="read this saved vulkaninfo output instead of running vulkaninfo (repeatable)")
    parser.add_argument("--json", action="store_true", help="print the report as one JSON document")
    parser.add_argument("--sd-binary", type=Path, help="check this backend executable instead of the built one")


def run(args: argparse.Namespace) -> int:
    pasted = []
    for path in args.vulkaninfo or []:
        try:
            text = decode_paste(path.read_bytes())
        except OSError as error:
            print(f"cannot read {path}: {error}", file=sys.stderr)
            return 2
        if cut_before_its_devices(text):
            print(f"{path} is vulkaninfo output cut off before its devices (GPU0, GPU1, ... with their deviceName "
                  "and memoryHeaps): save all that `vulkaninfo` or `vulkaninfo --summary` prints to a file, not a "
                  "paste from a chat or a forum, and give that", file=sys.stderr)
            return 2
        if not parse(text):
            print(f"{path} is not vulkaninfo output: it shows no Vulkan device (vulkaninfo names each one GPU0, "
                  "GPU1, ... with its deviceName and memoryHeaps); save what `vulkaninfo` or `vulkaninfo --summary` "
                  "prints to a file and give that", file=sys.stderr)
            return 2
        pasted.append(text)
    app = QCoreApplication.instance() or QCoreApplication(sys.argv[:1])
    check = SystemCheck(Machine(args.sd_binary))
    result: list[tuple[SystemFacts, CompatibilityReport]] = []
    def checked(facts: SystemFacts, report: CompatibilityReport) -> None:
        result.append((facts, report))
        app.quit()

    check.finished.connect(checked)
    check.start(pasted)
    app.exec()
    facts, report = result[0]
    if args.json:
        print(json.dumps(report_json(facts, report)))
    else:
        print(report_markdown(facts, report), end="")
    return 1 if report.overall is Verdict.FAIL else 0
