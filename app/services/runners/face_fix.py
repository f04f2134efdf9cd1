"""Fix faces, after a picture is drawn on this computer: its faces are looked for on a thread of their own (up to a
second at 1024²: not on the window's), then each is repainted by one inpainting pass of the same model and seed at
the model's native size, and pasted back. A pass that fails keeps the picture as it is, saying so."""

from __future__ import annotations

import dataclasses
import shutil
import threading
import traceback
import uuid
from collections.abc import Callable
from pathlib import Path

from PIL import Image
from PySide6.QtCore import QObject, Signal

from app.core.gallery.image_store import discard, staging_path
from app.core.generation.faces import (
    FaceBox,
    FaceCrop,
    crop_inputs,
    detect_faces,
    face_crop,
    faces_found_words,
    no_face_words,
    paste_face,
)
from app.core.generation.input_image import keep_outside_mask, open_rgb
from app.core.generation.output import Outcome
from app.core.generation.request import GenerationRequest
from app.core.words import translate
from app.services.left_behind import owner_tag
from app.services.runners.finish import not_finished
from app.services.runners.job_files import new_job_folder
from app.services.user_dirs import current_user_dirs


@dataclasses.dataclass(frozen=True)
class FacesFound:
    """What the look for faces found in a drawn picture (or why it could not look), for the window's thread."""

    request: GenerationRequest
    staged: Path
    exit_code: int | None
    size: tuple[int, int]
    faces: list[FaceBox] | str  # the faces, largest first; text: the picture could not be read


@dataclasses.dataclass
class FacePasses:
    """One picture's faces being repainted: its own request, the staged picture each face is pasted into, the faces
    left and the folder of their crops."""

    base: GenerationRequest
    picture: Path
    crops: list[FaceCrop]
    folder: Path

    def next_pass(self) -> GenerationRequest:
        """The next face's pass: its crop at the model's native size, inpainted by the same model and seed."""
        fix = self.base.face_fix
        assert fix is not None
        native = self.base.family.traits.square
        image, mask = crop_inputs(self.picture, self.crops[0], fix, native, self.folder, uuid.uuid4().hex[:8])
        return dataclasses.replace(
            self.base, prompt=fix.prompt or self.base.prompt,
            negative_prompt=fix.negative_prompt or self.base.negative_prompt, init_image=image.absolute(),
            mask=mask.absolute(), strength=fix.strength, width=native[0], height=native[1], size_from_input=False,
            hires=None, extend=None, ref_images=(), face_fix=None, steps=fix.steps or self.base.steps)

    def paste(self, face_request: GenerationRequest, staged: Path) -> None:
        """The face's pass drew `staged`: its crop pasted back into the picture."""
        assert self.base.face_fix is not None and face_request.init_image and face_request.mask
        crop = self.crops.pop(0)
        keep_outside_mask(staged, face_request.init_image, face_request.mask)
        paste_face(self.picture, staged, crop, self.base.face_fix)

    def close(self) -> None:
        shutil.rmtree(self.folder, ignore_errors=True)


class FaceFix(QObject):
    """The faces of the picture a runner drew: `draw` runs a face's pass on the runner, whose end comes back to
    `pass_ended`; `finish` keeps the picture with its faces fixed; `end` ends the job when no pass runs."""

    _found = Signal(object)  # FacesFound, from the thread that looked for them

    def __init__(self, draw: Callable[[GenerationRequest], None],
                 finish: Callable[[GenerationRequest, Path, Outcome], Outcome | None],
                 end: Callable[[Outcome], None], tell: Callable[[str], None], log: Callable[[str, str], None],
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._draw, self._finish, self._end, self._tell, self._log = draw, finish, end, tell, log
        self._passes: FacePasses | None = None
        self._out_dir = Path()
        self._found.connect(self._on_found)

    @property
    def active(self) -> bool:
        """A face's pass runs: the runner's next end is that pass's."""
        return self._passes is not None

    def fix_only(self, request: GenerationRequest, out_dir: Path) -> Path:
        """More -> Fix faces: the picture itself (its own size, not a new drawing) goes straight to its faces; the
        staged copy they are pasted into."""
        assert request.init_image is not None
        staged = staging_path(current_user_dirs().staging, f"{owner_tag()}-{uuid.uuid4().hex}")
        open_rgb(request.init_image).save(staged, format="PNG")
        self.look(request, staged, 0, out_dir)
        return staged

    def look(self, request: GenerationRequest, staged: Path, exit_code: int | None, out_dir: Path) -> None:
        """Look for the faces in the drawn picture `staged`; the job goes on from what is found."""
        assert request.face_fix is not None
        confidence, self._out_dir = request.face_fix.confidence, out_dir

        def look() -> None:
            try:
                with Image.open(staged) as picture:
                    size = picture.size
                    faces: list[FaceBox] | str = detect_faces(picture.convert("RGB"), confidence)
            except (OSError, ValueError) as error:  # the picture cannot be read: said as the job's end
                size, faces = (0, 0), f"{type(error).__name__}: {error}"
            self._found.emit(FacesFound(request, staged, exit_code, size, faces))

        threading.Thread(target=look, name="faces", daemon=True).start()

    def _on_found(self, found: FacesFound) -> None:
        try:
            ended = self._repaint(found)
        except Exception as error:  # a fault of ours must not leave this job, and the queue behind it, waiting
            self._log(traceback.format_exc(), "stderr")
            ended = not_finished(found.exit_code, error)
        if ended is not None:
            self._end(ended)

    def _repaint(self, found: FacesFound) -> Outcome | None:
        """Start the first face's pass; the finished picture's outcome when there is no face (said, not an error)."""
        request, staged = found.request, found.staged
        assert request.face_fix is not None
        if isinstance(found.faces, str):
            discard(staged)
            return not_finished(found.exit_code, found.faces)
        if not found.faces:
            self._tell(no_face_words())
            return self._finish(request, staged, Outcome(found.exit_code, str(staged)))
        self._tell(faces_found_words(len(found.faces)))
        crops = [face_crop(face, found.size, request.face_fix.padding) for face in found.faces]
        self._passes = FacePasses(request, staged, crops, new_job_folder(self._out_dir, "faces-"))
        self._next()
        return None

    def _next(self) -> None:
        assert self._passes is not None
        native = self._passes.base.family.traits.square
        face_pass = self._passes.next_pass()
        self._tell(translate("Faces", "Fix faces: repainting a face at {width}x{height}").format(
            width=native[0], height=native[1]))
        self._draw(face_pass)

    def pass_ended(self, outcome: Outcome, face_request: GenerationRequest | None,
                   staged: Path | None) -> Outcome | None:
        """One face's pass ended: its crop pasted back, then the next face, or the picture finished with its faces
        fixed (None while a pass runs)."""
        passes = self._passes
        assert passes is not None and face_request is not None
        if outcome.image is not None and outcome.error is None and staged is not None:
            passes.paste(face_request, staged)
            discard(staged)
        else:
            passes.crops.pop(0)
            if staged is not None:
                discard(staged)
            if outcome.cancelled:
                passes.crops.clear()
            else:
                why = outcome.error.message if outcome.error else translate("Faces", "no picture came")
                self._tell(translate("Faces", "Fix faces: a face could not be repainted ({why}); the picture keeps it "
                                              "as drawn").format(why=why))
        if passes.crops:
            self._next()
            return None
        self._passes = None
        passes.close()
        return self._finish(passes.base, passes.picture, Outcome(outcome.exit_code, str(passes.picture)))

    def abandon(self) -> GenerationRequest | None:
        """The job ended mid-way through its faces (a fault of ours): the picture and the crops go. The picture's
        own request, when faces were being fixed."""
        passes, self._passes = self._passes, None
        if passes is None:
            return None
        discard(passes.picture)
        passes.close()
        return passes.base
