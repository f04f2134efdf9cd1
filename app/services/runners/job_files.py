"""A job's own folder beside the output folder's pictures: the input, mask and an edit's pictures it draws from,
copied before its backend starts (the originals may change mid-run, and "Reuse settings" finds them there
afterwards), and the crops of the faces it repaints. Kept beside a finished picture only."""

from __future__ import annotations

import shutil
import uuid
from pathlib import Path

from app.core.generation.job_pictures import copy_job_pictures
from app.core.generation.request import GenerationRequest
from app.services.user_dirs import current_user_dirs

JOBS_FOLDER = ".jobs"  # in the output folder: each img2img job's input and mask, kept for "Reuse settings"


def job_files_folder(out_dir: Path) -> Path:
    """Where a job's own copies of its pictures go: beside the output folder's pictures (for Reuse settings), or in
    the app's folder while the output folder is gone."""
    return out_dir if out_dir.is_dir() else current_user_dirs().unsaved


def new_job_folder(out_dir: Path, prefix: str = "") -> Path:
    """A folder of the job's own, made now, under the jobs folder beside `out_dir`'s pictures."""
    folder = job_files_folder(out_dir) / JOBS_FOLDER / f"{prefix}{uuid.uuid4().hex}"
    folder.mkdir(parents=True)
    return folder


def copied_into_job(request: GenerationRequest, out_dir: Path) -> tuple[GenerationRequest, Path | None]:
    """The request drawing from its own copies of its pictures (the input and mask at the size sd.cpp runs; an
    extension's canvas and mask; an edit's pictures at their own), and the job's folder that holds them: None when
    it draws from no picture."""
    if request.init_image is None and not request.ref_images:
        return request, None
    folder = new_job_folder(out_dir)
    try:
        return copy_job_pictures(request, folder), folder
    except Exception:  # the job cannot run: nothing of it is left behind
        shutil.rmtree(folder, ignore_errors=True)
        raise
