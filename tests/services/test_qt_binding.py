"""Guards the PySide6 pin: 6.12.0 drops a reference to True on every Signal.emit (Python 3.11) and
aborts the process after a few hundred emits, which a long sd.cpp log reaches easily."""

from __future__ import annotations

import subprocess
import sys

EMIT_MANY = """
import sys
from PySide6.QtCore import QCoreApplication, QObject, Signal
class Source(QObject):
    line = Signal(str, str)
app = QCoreApplication([])
source, seen = Source(), []
source.line.connect(lambda text, stream: seen.append(text))
before = sys.getrefcount(True)
for _ in range(20000):
    source.line.emit("text", "stdout")
assert len(seen) == 20000
print(sys.getrefcount(True) - before)
"""


def test_emitting_many_signals_keeps_the_interpreter_alive() -> None:
    result = subprocess.run([sys.executable, "-c", EMIT_MANY], capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr
    assert abs(int(result.stdout)) < 100
