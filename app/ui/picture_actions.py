"""What the main window does with a picture the user points at in the gallery or drops on it: reuse its
settings, start the next image from it, edit it (FLUX.2 klein), enlarge it, step through the strip."""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path

from PySide6.QtWidgets import QWidget

from app.core.demo.picture_models import is_demo_file
from app.core.gallery.gallery_index import GalleryEntry
from app.core.gallery.metadata import settings_from_png
from app.core.generation.drafts import draft_requests, finish_request, finish_words
from app.core.generation.faces import FaceFix
from app.core.generation.request import GenerationRequest, InvalidRequest
from app.core.generation.upscale import UpscaleRequest
from app.core.words import short_name, translate
from app.services.draft import Draft
from app.services.studio import Studio
from app.ui.drafts_row import DraftsRow
from app.ui.extend_dialog import open_extend_dialog
from app.ui.gallery import GalleryPanel
from app.ui.generate_buttons import GenerateButtons
from app.ui.image_view import ImageView
from app.ui.prompt_panel import PromptPanel
from app.ui.status_line import StatusLine


class PictureActions:
    """Mixed into MainWindow, whose parts these are."""

    studio: Studio
    draft: Draft
    panel: PromptPanel
    image: ImageView
    gallery: GalleryPanel | None
    go: GenerateButtons
    drafts_row: DraftsRow
    status_line: StatusLine
    models_dir: Path

    def step_through_gallery(self, direction: int) -> None:
        """Show the next (1) or previous (-1) picture of the gallery strip, newest first."""
        if self.gallery is None or not self.gallery.model.entries:
            return
        entries = self.gallery.model.entries
        paths = [entry.path for entry in entries]
        current = paths.index(self.image.image_path) if self.image.image_path in paths else -1
        row = min(max(current + direction, 0), len(entries) - 1)
        view = self.gallery.view
        view.setCurrentIndex(self.gallery.model.index(row))
        self.image.show_image(entries[row].path)

    def _on_reuse_requested(self, entry: GalleryEntry) -> None:
        settings = settings_from_png(entry.path)
        if settings is None:
            self.status_line.say(translate("MainWindow", "{name} carries no settings to reuse.")
                                .format(name=entry.path.name))
        else:
            self.draft.reuse(settings)
            if settings.missing:
                self.status_line.say(translate("MainWindow", "Reused the settings, but these files are gone: {files}")
                                    .format(files="; ".join(settings.missing)))
            elif (seed := settings.values.get("seed")) is not None:
                self.status_line.say(translate("MainWindow", "The settings of {name} are back, its seed {seed} too: "
                                                             "Generate draws the same picture. For a new one, set Seed "
                                                             "to random in Advanced.").format(name=entry.path.name,
                                                                                             seed=seed))

    def use_as_input(self, path: Path) -> None:
        """Start the next image from this picture (img2img)."""
        self.panel.picture.set_picture(path)
        self.status_line.say(translate("MainWindow", "The next image starts from {name}; set the strength, or paint a "
                                                       "mask to repaint only part of it.").format(
            name=short_name(path.name)))

    def edit_picture(self, path: Path) -> None:
        """FLUX.2 klein: the next image edits this picture, the prompt being the instruction."""
        self.draft.edit_picture(path)
        self.status_line.say(translate("MainWindow", "The next image edits {name}: write what to change as the prompt "
                                                       "(e.g. 'make the sky stormy').").format(
            name=short_name(path.name)))

    def _on_picture_dropped(self, path: Path) -> None:
        """A picture dropped on the image: FLUX.2 klein edits it; other models start from it (img2img)."""
        if self.draft.family.traits.edits_from_references:
            self.edit_picture(path)
        else:
            self.use_as_input(path)

    def _on_fix_faces_requested(self, entry: GalleryEntry) -> None:
        """More -> Fix faces: the picture's faces repainted by the chosen model with the panel's prompt, settings and
        face strength; a new picture beside it, every other pixel kept."""
        strength = self.panel.faces_and_control.face_strength.value()
        request = dataclasses.replace(self.draft.request, init_image=entry.path, mask=None, ref_images=(),
                                      face_fix=FaceFix(strength=strength, only=True), hires=None)
        self._queue([request], translate("MainWindow", "Fixing the faces of {name}…").format(name=entry.path.name))

    def try_drafts(self) -> None:
        """Try N drafts: quick versions of the picture as edited, each its own seed, shown together as a batch."""
        count = self.drafts_row.count.value()
        try:
            requests = draft_requests(self.draft.request, count, random.SystemRandom())
        except InvalidRequest as error:
            self.status_line.say(str(error))
            return
        self._queue(requests, translate("MainWindow", "Drawing {count} drafts: pick the one you like in the gallery, "
                                                      "then More → Finish at full size.").format(count=count))

    def _on_finish_requested(self, entry: GalleryEntry) -> None:
        """More -> Finish at full size: the draft (or any picture) drawn from itself at the full size with its own
        prompt and seed, and the chosen model; a new picture beside it."""
        try:
            request = finish_request(self.draft.request, entry.path, settings_from_png(entry.path))
        except InvalidRequest as error:
            self.status_line.say(str(error))
            return
        self._queue([request], translate("MainWindow", "Finishing {name} {how}…").format(
            name=entry.path.name, how=finish_words(request)))

    def _queue(self, requests: list[GenerationRequest], words: str) -> None:
        """Through the studio, as Generate: the ticked styles apply and the wildcards are chosen; `words` say it."""
        self.go.show_busy()  # before the job: one that ends at once (no drawing program) shows idle again
        try:
            self.studio.add(requests)
        except ValueError as error:
            if not self.studio.busy:
                self.go.show_idle()
            self.status_line.say(str(error))
            return
        self.status_line.say(words)

    def _on_upscale_requested(self, entry: GalleryEntry, factor: int) -> None:
        model = self.studio.upscaler(is_demo_file(self.draft.request.models.model), self.models_dir)
        if model is None:
            self.status_line.say(translate("MainWindow", "No upscaler yet: download RealESRGAN x4plus anime 6B in the "
                                                           "Models window, or add an ESRGAN model there."))
            return
        self.go.show_busy()
        self.status_line.show_upscaling()  # its own progress, not the last job's Done
        self.studio.upscale(UpscaleRequest(entry.path, model, factor))
        words = (translate("MainWindow", "Upscaling {name} x{factor} with {model} when the jobs before it are done…")
                 if self.studio.busy else translate("MainWindow", "Upscaling {name} x{factor} with {model}…"))
        # the demo's random weights enlarge the picture into noise: said, lest it look broken
        name = translate("MainWindow", "the demo's upscaler (noise, to show how it works)") if is_demo_file(model) \
            else model.stem
        self.status_line.say(words.format(name=entry.path.name, factor=factor, model=name))

    def _on_extend_requested(self, entry: GalleryEntry) -> None:
        assert isinstance(self, QWidget)
        open_extend_dialog(entry.path, self.draft, self).queued.connect(self._queue_extension)

    def _queue_extension(self, request: GenerationRequest) -> None:
        """Extend…'s job into the queue through the studio, as Generate's: the ticked styles apply and the wildcards
        are chosen (InvalidRequest)."""
        assert request.init_image is not None
        words = (translate("ExtendDialog", "Extending {name} when the jobs before it are done…")
                 if self.studio.busy else translate("ExtendDialog", "Extending {name}…"))
        self.go.show_busy()  # before the job: one that ends at once (no drawing program) shows idle again
        try:
            self.studio.add([request])
        except ValueError as error:
            if not self.studio.busy:
                self.go.show_idle()
            self.status_line.say(str(error))
            return
        self.status_line.say(words.format(name=request.init_image.name))
