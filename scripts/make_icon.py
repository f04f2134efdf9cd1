"""Draw the app icon (the pole star over a dark blue tile) into resources/icons/.

    .venv/bin/python scripts/make_icon.py

Writes polaris_studio_<N>.png at 16 to 512 px (the window's icon on every platform, and Linux's), and
polaris_studio.ico with every size Windows asks for from 16 to 256 px (the executable, its shortcuts, the
installer, Settings → Apps). Each size is drawn for itself: below 32 px the star's arms are thicker, so they
stay a star rather than a grey cross. Drawn, not painted: run again after changing it.
"""

from __future__ import annotations

import math
from pathlib import Path

from PIL import Image, ImageDraw

ICONS = Path(__file__).resolve().parents[1] / "resources" / "icons"
# Windows' shell and title bars at 100-250 % scaling: 16 20 24 32 40 48 64, the large views 128 and 256
ICO_SIZES = (16, 20, 24, 32, 40, 48, 64, 128, 256)
PNG_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)  # the freedesktop hicolor sizes; app/ui/icons.py loads them
OVERSAMPLING = 8


def star(center: tuple[float, float], outer: float, inner: float, points: int = 4) -> list[tuple[float, float]]:
    corners = []
    for i in range(points * 2):
        radius = outer if i % 2 == 0 else inner
        angle = math.pi * i / points - math.pi / 2
        corners.append((center[0] + radius * math.cos(angle), center[1] + radius * math.sin(angle)))
    return corners


def draw(size: int) -> Image.Image:
    """The icon at `size` px: drawn larger and scaled down, for smooth edges."""
    canvas = max(size * OVERSAMPLING, 1024)
    image = Image.new("RGBA", (canvas, canvas), (0, 0, 0, 0))
    pen = ImageDraw.Draw(image)
    pen.rounded_rectangle((0, 0, canvas - 1, canvas - 1), radius=canvas // 5, fill=(22, 38, 74, 255))
    middle = canvas / 2
    thick = 0.14 if size < 32 else 0.09  # a 16 px star with thin arms blurs into the tile
    pen.polygon(star((middle, middle), canvas * 0.42, canvas * thick), fill=(255, 255, 255, 255))
    pen.polygon(star((middle, middle), canvas * 0.22, canvas * thick * 0.55), fill=(220, 38, 38, 255))  # Radeon red
    return image.resize((size, size), Image.Resampling.LANCZOS)


def main() -> None:
    ICONS.mkdir(parents=True, exist_ok=True)
    drawn = {size: draw(size) for size in sorted({*ICO_SIZES, *PNG_SIZES})}
    written = []
    for size in PNG_SIZES:
        drawn[size].save(ICONS / f"polaris_studio_{size}.png", optimize=True)
        written.append(ICONS / f"polaris_studio_{size}.png")
    largest = drawn[max(ICO_SIZES)]
    # Pillow takes each size from the image of that size among append_images, else scales the largest down
    largest.save(ICONS / "polaris_studio.ico", sizes=[(size, size) for size in ICO_SIZES],
                 append_images=[drawn[size] for size in ICO_SIZES if size != max(ICO_SIZES)])
    written.append(ICONS / "polaris_studio.ico")
    for path in written:
        print(f"wrote {path} ({path.stat().st_size} bytes)")


if __name__ == "__main__":
    main()
