"""One picture job's state on a card of this computer, made anew when it starts: nothing of one job is left for
the next, and what it leaves on disk goes with it."""

from __future__ import annotations

import dataclasses
import shutil
import time
from collections.abc import Mapping
from pathlib import Path

from app import __version__
from app.core.gallery.metadata import a1111_parameters, generation_fields, job_details, write_metadata
from app.core.generation.lora import LoraUse
from app.core.generation.output import Stage
from app.core.generation.request import GenerationRequest
from app.core.models.backend_caps import BackendCaps
from app.core.models.model_files import ModelInfo
from app.services.runners.finish import loras_still_there
from app.services.runners.safer_tries import SaferTries


@dataclasses.dataclass
class RunningJob:
    """What `Generation` knows of the job it runs."""

    request: GenerationRequest | None = None  # as sd.cpp runs it now (a face's pass: that face's)
    models: Mapping[str, ModelInfo] = dataclasses.field(default_factory=dict)  # its headers, read once by prepare()
    loras: tuple[tuple[LoraUse, Path], ...] = ()  # and its LoRAs, checked once there
    tries: SaferTries = dataclasses.field(default_factory=SaferTries)
    stage: Stage | None = None  # said once each
    staged: Path | None = None
    job_dir: Path | None = None  # the input and mask copied for this job (img2img, inpaint)
    edited_from: tuple[Path, ...] = ()  # an edit's pictures where the user chose them
    extended_from: Path | None = None  # the picture an extension grew, where the user chose it
    started: float = dataclasses.field(default_factory=time.monotonic)

    def label(self, staged: Path, request: GenerationRequest, model_hash: str | None,
              caps: BackendCaps | None) -> None:
        """Write A1111 'parameters' (with the model hash) and our 'polaris' JSON into the finished PNG."""
        loras = loras_still_there(self.loras)
        settings = generation_fields(request, model_hash, loras, f"Polaris Studio {__version__}")
        backend = {"flavour": caps.flavour.value if caps else None, "version": caps.version if caps else None}
        details = job_details(request, loras, self.tries.automatic, backend,
                              round(time.monotonic() - self.started, 2), self.edited_from, self.extended_from)
        write_metadata(staged, a1111_parameters(request.prompt, request.negative_prompt, settings), details)

    def close(self, ok: bool) -> None:
        """The job ended: its copied pictures stay beside a finished picture only; a refused first try goes."""
        if self.job_dir is not None and not ok:
            shutil.rmtree(self.job_dir, ignore_errors=True)
        self.job_dir = None
        self.tries.close()
