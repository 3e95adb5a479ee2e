"""Every kind of picture as a phone shows it: shrunk to 400 px wide, in English and German.

``python -m tests.benchmarks.phone_pictures [folder]`` writes them to ``/tmp/seen-400`` (or
``folder``) for a person to look at: text too small, overlaps, clipped words, low contrast.
"""

from __future__ import annotations

import io
import re
import sys
from pathlib import Path

from PIL import Image

from locales import speaking

from .pictures import pictures

PHONE_WIDTH = 400
FOLDER = Path("/tmp/seen-400")


def at_phone_width(png: bytes) -> Image.Image:
    """The picture scaled to the width a phone shows it at (never enlarged)."""
    with Image.open(io.BytesIO(png)) as picture:
        image = picture.convert("RGB")
    if image.width <= PHONE_WIDTH:
        return image
    height = round(image.height * PHONE_WIDTH / image.width)
    return image.resize((PHONE_WIDTH, height), Image.Resampling.LANCZOS)


def main(folder: Path = FOLDER) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for lang in ("en", "de"):
        with speaking(lang):
            for name, draw in pictures():
                slug = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
                at_phone_width(draw()).save(folder / f"{lang}-{slug}.png")
    print(f"wrote the pictures to {folder}")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else FOLDER)
