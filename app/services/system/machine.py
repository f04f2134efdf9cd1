"""What this computer and its backend are, asked once for the whole app: vulkaninfo's devices and what the
backend's `--help` offers. The window and each CLI command make one `Machine` and hand it to every part that
needs it (generation on every card, upscaling, the system check, the gauge, the Models window), so that none of
them runs vulkaninfo or asks the backend on its own."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QObject, Signal

from app.core.models.backend_caps import BackendCaps
from app.core.system.vulkaninfo import VulkanDevice, parse, preferred_device
from app.services.system.backend import BackendInfo, BackendMissing, BackendQuestions, find_backend, known_caps
from app.services.system.vulkaninfo_run import VulkaninfoResult, VulkaninfoRun


class Machine(QObject):
    """The devices the app plans with and the backend's answers, each asked without blocking and never twice at
    once: a question asked while the same one runs is answered by that run.

    `devices_changed` when the devices to plan with are known, or known anew (`look_again`); `looked(result,
    devices)` after every vulkaninfo answer, a gauge's sample included; `backend_answered(BackendInfo | str)`
    after every answer of the backend, or why there is none."""

    devices_changed = Signal()
    looked = Signal(object, object)  # VulkaninfoResult, list[VulkanDevice] | None (None: vulkaninfo said nothing)
    backend_answered = Signal(object)  # BackendInfo, or why there is none in the user's words

    def __init__(self, backend: Path | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._override = backend  # --sd-binary: this program, whatever the user chose in the window
        self._vulkaninfo = VulkaninfoRun(parent=self)
        self._vulkaninfo.finished.connect(self._on_vulkaninfo_finished)
        self._questions = BackendQuestions(self)
        self._questions.answered.connect(self._on_backend_answered)
        self._devices_known = False
        self._devices: list[VulkanDevice] | None = None
        # the next answer is the one to plan with: the first, or one asked again after a driver changed; a gauge's
        # sample, taken while sd.cpp holds the card's memory, must not make the next plan a timid one
        self._for_planning = False
        self._backend_problem: str | None = None  # the last question's failure, said once by whoever needs caps
        self._versions_wanted = False  # once someone shows the backend's version, every answer carries it

    def backend(self) -> Path:
        """The sd.cpp program the app runs now (the user may just have chosen another); BackendMissing if none."""
        return find_backend(self._override)

    @property
    def devices(self) -> list[VulkanDevice] | None:
        """The Vulkan devices vulkaninfo listed; None until it answered (or when it could not)."""
        return self._devices

    @property
    def devices_known(self) -> bool:
        """vulkaninfo has answered (or could not): `devices` is what it will be."""
        return self._devices_known

    @property
    def preferred_device(self) -> VulkanDevice | None:
        """The device ggml picks by itself among `devices`."""
        return preferred_device(self._devices) if self._devices is not None else None

    @property
    def looking(self) -> bool:
        return self._vulkaninfo.running

    @property
    def can_look(self) -> bool:
        """There is a vulkaninfo to ask at all."""
        return self._vulkaninfo.available

    @property
    def asking_backend(self) -> bool:
        return self._questions.running

    def ask(self) -> bool:
        """Start asking vulkaninfo and the backend what is not known yet; True while an answer is awaited."""
        if not self._devices_known:
            self._look(for_planning=True)
        if not self._questions.running and self._backend_problem is None:
            try:
                if known_caps(self.backend()) is None:
                    self._questions.ask(self._override, self._versions_wanted)
            except BackendMissing:
                pass  # said by the request that needs it
        return not self._devices_known or self._questions.running

    def caps(self, binary: Path) -> BackendCaps:
        """What `binary --help` said; BackendMissing with the reason when it could not be asked. The reason is
        said once: the next `ask` asks again."""
        caps = known_caps(binary)
        if caps is None:
            problem, self._backend_problem = self._backend_problem, None
            raise BackendMissing(problem or f"{binary} did not say what it offers")
        return caps

    def look_again(self) -> None:
        """Ask vulkaninfo anew (the user may have installed a driver): its answer is the one to plan with."""
        self._look(for_planning=True)

    def sample(self) -> None:
        """Ask vulkaninfo anew for the memory in use now (`looked`); plans keep the devices they have."""
        self._look(for_planning=not self._devices_known)

    def ask_backend(self, version: bool = False) -> None:
        """Ask the backend the app would run now what it offers (and, with `version`, what it is)."""
        self._versions_wanted |= version
        self._questions.ask(self._override, self._versions_wanted)

    def stop_now(self) -> None:
        """Kill a vulkaninfo in flight at once (the app is closing): its answer is dropped."""
        self._vulkaninfo.stop_now()

    def _look(self, for_planning: bool) -> None:
        self._for_planning |= for_planning
        if not self._vulkaninfo.running:
            self._vulkaninfo.start()

    def _on_vulkaninfo_finished(self, result: VulkaninfoResult) -> None:
        # without vulkaninfo the backend still runs; only automatic placement lacks the card's memory
        devices = parse(result.text) if result.text is not None else None
        if self._for_planning:
            self._for_planning = False
            self._devices, self._devices_known = devices, True
            self.devices_changed.emit()
        self.looked.emit(result, devices)

    def _on_backend_answered(self, answer: BackendInfo | str) -> None:
        self._backend_problem = answer if isinstance(answer, str) else None
        self.backend_answered.emit(answer)
