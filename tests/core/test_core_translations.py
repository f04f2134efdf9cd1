"""The translations of core's sentences (resources/translations/core_*.ts): every sentence translated, with the same
{placeholders} as the English (a translator may move one, never drop, rename or add one)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

TRANSLATIONS = Path(__file__).resolve().parents[2] / "resources" / "translations"
LANGUAGES = ("pt_BR", "es", "ru")
_PLACEHOLDER = re.compile(r"\{[a-z_0-9]*\}")


def messages(language: str) -> list[tuple[str, str, ET.Element]]:
    root = ET.parse(TRANSLATIONS / f"core_{language}.ts").getroot()
    assert root.get("language") == language
    return [(context.findtext("name") or "", message.findtext("source") or "", message.find("translation"))
            for context in root.iter("context") for message in context.iter("message")]


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_core_sentence_is_translated_with_its_placeholders(language: str) -> None:
    found = messages(language)
    assert len(found) > 200  # every message family of app/core, as pyside6-lupdate lists them
    for context, source, translation in found:
        assert translation is not None and translation.get("type") is None, (context, source)
        text = translation.text or ""
        assert text.strip(), (context, source)
        assert sorted(_PLACEHOLDER.findall(text)) == sorted(_PLACEHOLDER.findall(source)), (context, source, text)
        # a piece said in the middle of a sentence keeps its leading space or comma
        assert text[:1].isspace() == source[:1].isspace() and text.startswith(",") == source.startswith(","), source


def test_the_three_languages_translate_the_same_sentences() -> None:
    sources = [{(context, source) for context, source, _ in messages(language)} for language in LANGUAGES]
    assert sources[0] == sources[1] == sources[2]


@pytest.mark.parametrize("language", LANGUAGES)
def test_sentences_are_not_left_in_english(language: str) -> None:
    # proper names and short pieces may read the same ("Vulkan", "AMD Software: Adrenalin Edition {driver}");
    # a sentence of ordinary (lower-case) words may not
    same = [source for _, source, translation in messages(language)
            if len(re.findall(r"\b[a-z]{3,}\b", _PLACEHOLDER.sub("", source))) >= 3
            and (translation.text or "") == source]  # type: ignore[union-attr]
    assert same == []
