"""One picture job on another computer, as this computer keeps it: made anew when it starts, with what its post
carries, how often it was asked again, and what its picture is labelled with when it comes home."""

from __future__ import annotations

import base64
import dataclasses
import shutil
from datetime import datetime
from pathlib import Path
from typing import Any

from app import __version__
from app.core.gallery.metadata import (
    a1111_parameters,
    generation_fields,
    job_details,
    read_parameters_text,
    write_metadata,
)
from app.core.generation.lora import LoraUse
from app.core.generation.output import Stage
from app.core.generation.request import GenerationRequest
from app.core.queue.nodes import RemoteComputer
from app.services.runners.finish import loras_still_there
from app.services.runners.job_files import copied_into_job


@dataclasses.dataclass
class RemoteJob:
    """What `RemoteNode` knows of the job it runs; `key` names it to a server that knows job keys."""

    request: GenerationRequest
    key: str
    loras: tuple[tuple[LoraUse, Path], ...] = ()  # the job's, checked once by prepare()
    path: str = "/sdapi/v1/txt2img"
    body: dict[str, Any] = dataclasses.field(default_factory=dict)
    reposts: int = 0
    cancelled: bool = False
    stage: Stage | None = None  # said once each
    model_used: str | None = None
    job_dir: Path | None = None  # its input and mask, copied for Reuse settings
    extended_from: Path | None = None  # the picture an extension grew, where the user chose it
    started: datetime = dataclasses.field(default_factory=datetime.now)

    def add_pictures(self, out_dir: Path) -> None:
        """img2img: the input (and mask; an extension's canvas and mask) at the size the job runs, as A1111 takes
        them; kept in the job's folder for Reuse settings, as a job run here keeps them. OSError when they cannot
        be read."""
        assert self.request.init_image is not None
        self.path = "/sdapi/v1/img2img"
        self.extended_from = self.request.init_image if self.request.extend is not None else None
        self.request, self.job_dir = copied_into_job(self.request, out_dir)
        init, mask = self.request.init_image, self.request.mask
        assert init is not None
        self.body["init_images"] = [base64.b64encode(init.read_bytes()).decode("ascii")]
        if mask is not None:
            self.body["mask"] = base64.b64encode(mask.read_bytes()).decode("ascii")

    def label(self, staged: Path, computer: RemoteComputer) -> None:
        """Our A1111 text and JSON, as for a picture made here, saying which computer drew it with which model;
        the server's own text is kept in the JSON."""
        request = self.request
        loras = loras_still_there(self.loras)
        fields = generation_fields(request, None, loras, f"Polaris Studio {__version__}")
        fields["Model"] = self.model_used
        fields["Computer"] = computer.name
        seconds = round((datetime.now() - self.started).total_seconds(), 2)
        details = job_details(request, loras, False, {"computer": computer.name, "address": computer.address,
                                                      "model": self.model_used}, seconds,
                              extended_from=self.extended_from)
        theirs = read_parameters_text(staged)
        if theirs:
            details["computer_parameters"] = theirs
        write_metadata(staged, a1111_parameters(request.prompt, request.negative_prompt, fields), details)

    def close(self, kept: bool) -> None:
        """The job ended: its copied pictures stay beside a picture that came home only."""
        if self.job_dir is not None and not kept:
            shutil.rmtree(self.job_dir, ignore_errors=True)
        self.job_dir = None
