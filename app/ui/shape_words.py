"""The shape buttons' words (Square, Portrait, Landscape, Custom), with their mnemonics and their names for a screen
reader."""

from __future__ import annotations

from app.core.generation.aspect import Aspect
from app.core.words import translate


def aspect_words(aspect: Aspect) -> tuple[str, str]:
    """A shape button's text (with its mnemonic) and its name for a screen reader."""
    return {Aspect.SQUARE: (translate("PromptPanel", "&Square"), translate("PromptPanel", "Square picture")),
            Aspect.PORTRAIT: (translate("PromptPanel", "Po&rtrait"), translate("PromptPanel", "Portrait picture")),
            Aspect.LANDSCAPE: (translate("PromptPanel", "&Landscape"), translate("PromptPanel", "Landscape picture")),
            Aspect.CUSTOM: (translate("PromptPanel", "C&ustom"), translate("PromptPanel", "Custom picture"))}[aspect]
