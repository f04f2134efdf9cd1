"""The one-click system check: probes run as child processes, never blocking, then the pure checks."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from PySide6.QtCore import QObject, QTimer, Signal

from app.core.generation.output import vulkan_devices_seen
from app.core.system.checks import BackendStatus, CompatibilityReport, SystemFacts, host_from_paste, run_checks
from app.core.system.vulkaninfo import (
    VISIBLE_DEVICES_VARIABLE,
    VulkanDevice,
    VulkanLayer,
    layers,
    merge,
    preferred_device,
)
from app.services.child_process import program_environment
from app.services.system.backend import BackendMissing
from app.services.system.host import disk_info, host_info
from app.services.system.machine import Machine
from app.services.system.vulkaninfo_run import VulkaninfoResult
from app.services.tool_run import ToolResult, ToolRun
from app.services.user_dirs import current_user_dirs


class SystemCheck(QObject):
    """Gathers `SystemFacts` (vulkaninfo, the backend's own device list, host) and checks them."""

    finished = Signal(object, object)  # SystemFacts, CompatibilityReport

    def __init__(self, machine: Machine, models_dir: Path | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._machine = machine
        self._models_dir = models_dir
        self._run = ToolRun(parent=self)
        self._run.finished.connect(self._on_backend_finished)
        machine.looked.connect(self._on_looked)
        self._step = ""
        self._devices: tuple[VulkanDevice, ...] = ()
        self._layers: tuple[VulkanLayer, ...] | None = None
        self._vulkaninfo_error: str | None = None
        self._backend_status: BackendStatus | None = None
        self._probe_backend = True
        self._pasted: list[str] = []

    @property
    def running(self) -> bool:
        return bool(self._step)

    def start(self, pasted: list[str] | None = None) -> None:
        """Check this machine; with `pasted` vulkaninfo outputs, read those instead of running vulkaninfo."""
        if self.running:
            return
        self._vulkaninfo_error = None
        self._backend_status = None
        self._pasted = list(pasted or [])
        if pasted:
            # someone else's paste: the local backend's view of local GPUs would not match it
            self._devices, self._probe_backend = tuple(merge(*pasted)), False
            self._layers = layers("\n".join(pasted))
            self._step = "report"
            QTimer.singleShot(0, self._report)
            return
        self._devices, self._layers, self._probe_backend = (), None, True
        self._step = "vulkaninfo"
        self._machine.look_again()  # the user may have installed a driver since: what it says now

    def _on_looked(self, result: VulkaninfoResult, _devices: object) -> None:
        if self._step != "vulkaninfo":
            return  # a gauge's sample, or another part's question
        # vulkaninfo exits 0 even without a display; a failed instance shows as no devices
        if result.text is None:
            self._vulkaninfo_error = result.error or "vulkaninfo failed"
        else:
            self._devices, self._layers = tuple(merge(result.text)), layers(result.text)
        self._start_backend_probe()

    def _on_backend_finished(self, result: ToolResult) -> None:
        if self._step == "backend":
            if result.error is not None:
                # the loader's own words (a missing .so or DLL) say more than "crashed"
                said = _last_line(result.stderr)
                detail = f": {said}" if said and said not in result.error else ""
                self._backend_status = BackendStatus(f"the sd.cpp backend did not run: {result.error}{detail}",
                                                     missing_library=result.missing_library)
            else:
                self._backend_status = BackendStatus(None, vulkan_devices_seen(result.stdout + result.stderr))
            self._report()

    def _start_backend_probe(self) -> None:
        self._step = "backend"
        try:
            binary = self._machine.backend()
        except BackendMissing as error:
            self._backend_status = BackendStatus(str(error))
            self._report()
            return
        device = preferred_device(list(self._devices))
        env = program_environment(device)
        # `-v` makes ggml list its Vulkan devices at start-up; the model path is never read as a model
        missing_model = str(Path(tempfile.gettempdir()) / "polaris-studio-device-probe.gguf")
        self._run.start([str(binary), "-v", "--model", missing_model, "--prompt", "probe"], env)

    def _report(self) -> None:
        facts = SystemFacts(
            vulkaninfo_error=self._vulkaninfo_error,
            devices=self._devices,
            # a paste describes another computer: its host facts are the paste's, or unknown
            host=host_from_paste(*self._pasted) if self._pasted else host_info(),
            models_disk=None if self._pasted else disk_info(self._models_dir or current_user_dirs().models),
            backend=self._backend_status if self._probe_backend else None,
            pinned_device=os.environ.get(VISIBLE_DEVICES_VARIABLE),
            layers=self._layers,
        )
        report: CompatibilityReport = run_checks(facts)
        self._step = ""
        self.finished.emit(facts, report)


def _last_line(text: str) -> str:
    lines = [line for line in text.splitlines() if line.strip()]
    return lines[-1].strip() if lines else ""
