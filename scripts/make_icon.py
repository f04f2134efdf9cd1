"""Draw the app icon (the pole star over a dark blue tile) into resources/icons/.

    .venv/bin/python scripts/make_icon.py

Writes polaris_studio.png (256 px, for the window and Linux) and polaris_studio.ico (16-256 px, for the
Windows executable, its shortcuts and the installer). Drawn, not painted: run again after changing it.
"""

from __future__ import annotations

import math
from pathlib import Path

from PIL import Image, ImageDraw

ICONS = Path(__file__).resolve().parents[1] / "resources" / "icons"
ICO_SIZES = [(16, 16), (24, 24), (32, 32), (48, 48), (64, 64), (128, 128), (256, 256)]


def star(center: tuple[float, float], outer: float, inner: float, points: int = 4) -> list[tuple[float, float]]:
    corners = []
    for i in range(points * 2):
        radius = outer if i % 2 == 0 else inner
        angle = math.pi * i / points - math.pi / 2
        corners.append((center[0] + radius * math.cos(angle), center[1] + radius * math.sin(angle)))
    return corners


def draw(size: int = 1024) -> Image.Image:
    """Drawn large and scaled down, for smooth edges at every size."""
    image = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    pen = ImageDraw.Draw(image)
    pen.rounded_rectangle((0, 0, size - 1, size - 1), radius=size // 5, fill=(22, 38, 74, 255))
    middle = size / 2
    pen.polygon(star((middle, middle), size * 0.42, size * 0.09), fill=(255, 255, 255, 255))
    pen.polygon(star((middle, middle), size * 0.22, size * 0.05), fill=(220, 38, 38, 255))  # Radeon red core
    return image


def main() -> None:
    ICONS.mkdir(parents=True, exist_ok=True)
    image = draw()
    image.resize((256, 256), Image.Resampling.LANCZOS).save(ICONS / "polaris_studio.png", optimize=True)
    image.save(ICONS / "polaris_studio.ico", sizes=ICO_SIZES)
    for name in ("polaris_studio.png", "polaris_studio.ico"):
        print(f"wrote {ICONS / name} ({(ICONS / name).stat().st_size} bytes)")


if __name__ == "__main__":
    main()
