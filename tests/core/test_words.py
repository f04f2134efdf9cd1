"""Words kept beyond the moment: a failed job's reason, kept in the queue file as its English source and values,
is said in the language of the moment it is shown, not in the one it failed in."""

from __future__ import annotations

import copy
import json
import pickle
from collections.abc import Iterator
from pathlib import Path

import pytest

from app.core.gallery.image_store import FolderProblem, check_folder
from app.core.generation.request import GenerationRequest
from app.core.queue.jobs import Job, JobState, jobs_from_json, queue_json
from app.core.words import Said, kept_words, reason_of, said_again, sentence, speak_with, translate

PORTUGUESE = {
    "failed: {reason}": "falhou: {reason}",
    "Pictures cannot be saved: the disk with {folder} is full ({free} free; a picture of this size needs about "
    "{needed}). Free some space or choose another folder.":
        "Não dá para salvar imagens: o disco de {folder} está cheio ({free} livres; uma imagem deste tamanho precisa "
        "de uns {needed}). Libere espaço ou escolha outra pasta.",
    "the {part} file is gone": "o arquivo de {part} sumiu",
    "model": "modelo",
}


@pytest.fixture
def english_then_portuguese() -> Iterator[None]:
    yield
    speak_with(None)


def test_a_translated_text_remembers_its_source_and_values() -> None:
    said = translate("Files", "the {part} file is gone").format(part=translate("Slots", "model"))
    assert said == "the model file is gone" and isinstance(said, Said)
    assert kept_words(said) == {"context": "Files", "text": "the {part} file is gone",
                                "values": {"part": {"context": "Slots", "text": "model", "values": {}}}}
    assert kept_words(f"{said}!") == "the model file is gone!"  # a text made of it is kept as it reads
    assert said_again("a reason from an older queue file") == "a reason from an older queue file"
    assert not isinstance(sentence(said), Said)
    for copied in (copy.deepcopy(said), pickle.loads(pickle.dumps(said))):
        assert copied == said and kept_words(copied) == kept_words(said)


def test_a_job_failed_in_english_says_why_in_portuguese_after_a_switch(tmp_path: Path,
                                                                       english_then_portuguese: None) -> None:
    with pytest.raises(FolderProblem) as raised:
        check_folder(tmp_path, needed=2**62)  # no disk has that much free
    reason = reason_of(raised.value)
    assert reason.startswith("Pictures cannot be saved: the disk with ")
    failed = Job(GenerationRequest("a lighthouse", seed=1), state=JobState.FAILED, reason=reason)
    kept = json.loads(json.dumps(queue_json([failed])))  # through the file, as after a restart
    speak_with(lambda _context, text: PORTUGUESE.get(text, text))
    [again] = jobs_from_json(kept)
    assert again.reason.startswith(f"Não dá para salvar imagens: o disco de {tmp_path} está cheio (")
    assert again.reason.endswith("Libere espaço ou escolha outra pasta.")


def test_a_size_speaks_the_unit_of_its_language(english_then_portuguese: None) -> None:
    from app.core.sizes import format_size

    assert [format_size(size) for size in (512, 48 * 2**10, 335 * 2**20, 9 * 2**30)] == [
        "512 bytes", "48 KiB", "335 MiB", "9.0 GiB"]
    russian = {"{value} GiB": "{value} ГиБ", "{value} MiB": "{value} МиБ", "{value} bytes": "{value} байт"}
    speak_with(lambda _context, text: russian.get(text, text))
    assert [format_size(size) for size in (512, 335 * 2**20, 9 * 2**30)] == ["512 байт", "335 МиБ", "9.0 ГиБ"]


def test_a_long_file_name_is_said_with_its_middle_left_out() -> None:
    from app.core.words import short_name

    assert short_name("polaris-20261127-150328-0.png") == "polaris-20261127-150328-0.png"
    said = short_name("holiday_photo_from_the_beach_at_sunset_with_the_whole_family.png")
    assert said == "holiday_photo_from_th…family.png" and len(said) == 32
