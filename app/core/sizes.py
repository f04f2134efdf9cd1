"""Byte sizes as people write and read them."""

from __future__ import annotations

from app.core.words import number, translate


def parse_size(text: str) -> int:
    """'8GiB', '7.5GB', '512MiB' or plain bytes."""
    units = {"": 1, "b": 1, "kb": 10**3, "mb": 10**6, "gb": 10**9, "kib": 2**10, "mib": 2**20, "gib": 2**30}
    number = text.strip().lower()
    digits = number.rstrip("abcdefghijklmnopqrstuvwxyz ")
    unit = number[len(digits):].strip()
    if unit not in units or not digits:
        raise ValueError(f"not a size: {text!r} (say 8GiB, 7.5GB or a number of bytes)")
    return int(float(digits) * units[unit])


def format_size(size: int) -> str:
    """'9.1 GiB', '335 MiB', '48 KiB', '512 bytes': binary units, as Windows Explorer counts them; the unit in the
    user's language (Russian says ГиБ, and so do its sentences)."""
    if abs(size) >= 2**30:
        return translate("Sizes", "{value} GiB").format(value=number(size / 2**30, 1))
    for unit, scale in ((translate("Sizes", "{value} MiB"), 2**20), (translate("Sizes", "{value} KiB"), 2**10)):
        if abs(size) >= scale:
            value = size / scale
            return unit.format(value=number(value, 1 if value < 10 else 0))
    return translate("Sizes", "{value} bytes").format(value=size)
