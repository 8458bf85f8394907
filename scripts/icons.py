"""Draw the game's home-screen icons: static/icons/*.png from the spade below, rasterised by Chromium.

    .venv/bin/python scripts/icons.py

Our own drawing (no downloaded art): one spade (a path written here) in white on the table's felt green.
Two kinds, as the web app manifest (manifest.webmanifest) declares them:

- "any" (icon-192.png, icon-512.png, and the SVG, static/icons/spade.svg): a rounded square, transparent corners;
- "maskable" (maskable-192.png, maskable-512.png) and the Apple touch icon (apple-touch-icon.png, 180 px): the felt
  to every edge (the platform cuts its own shape) and the spade inside the central 60 % (the safe zone is the
  circle of 80 %).

Chromium (Playwright's, or ``SPADES_CHROMIUM``, default /usr/bin/chromium) draws each size from the SVG and saves a
PNG screenshot with a transparent background. The PNGs are committed; run this again after changing the drawing.
"""

import os
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "static" / "icons"
FELT = "#0d6b43"  # static/css/app.css --felt
FELT_EDGE = "#063621"  # --felt-edge
SPADE = (  # in a 100 × 100 box: the point at the top, two lobes, a flared stem
    "M50 10 C41 26 16 38 16 58 C16 71 26 79 37 79 C42 79 46 77 48.5 74 "
    "C47.5 82 43 88 36 92 L64 92 C57 88 52.5 82 51.5 74 C54 77 58 79 63 79 C74 79 84 71 84 58 C84 38 59 26 50 10 Z"
)


def svg(maskable):
    """The icon as SVG text: ``maskable`` fills the whole square and keeps the spade inside the safe zone."""
    if maskable:
        ground = '<rect width="100" height="100" fill="url(#felt)"/>'
        spade = f'<path d="{SPADE}" fill="#fff" transform="translate(20 20) scale(0.6)"/>'
    else:
        ground = '<rect width="100" height="100" rx="20" fill="url(#felt)"/>'
        spade = f'<path d="{SPADE}" fill="#fff" transform="translate(12 11) scale(0.76)"/>'
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">'
        '<defs><radialGradient id="felt" cx="50%" cy="40%" r="75%">'
        f'<stop offset="0" stop-color="{FELT}"/><stop offset="1" stop-color="{FELT_EDGE}"/></radialGradient></defs>'
        f"{ground}{spade}</svg>"
    )


ICONS = (  # file, size in pixels, maskable
    ("icon-192.png", 192, False),
    ("icon-512.png", 512, False),
    ("maskable-192.png", 192, True),
    ("maskable-512.png", 512, True),
    ("apple-touch-icon.png", 180, True),
)


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "spade.svg").write_text(svg(False) + "\n", encoding="utf-8")
    executable = os.environ.get("SPADES_CHROMIUM") or "/usr/bin/chromium"
    with sync_playwright() as playwright:
        options = {"args": ["--no-sandbox", "--disable-gpu"], "headless": True}
        if Path(executable).exists():
            options["executable_path"] = executable
        browser = playwright.chromium.launch(**options)
        for name, size, maskable in ICONS:
            page = browser.new_page(viewport={"width": size, "height": size}, device_scale_factor=1)
            style = f"html,body{{margin:0;background:transparent}}svg{{display:block;width:{size}px;height:{size}px}}"
            page.set_content(f"<style>{style}</style>{svg(maskable)}")
            clip = {"x": 0, "y": 0, "width": size, "height": size}
            page.screenshot(path=str(OUT / name), omit_background=True, clip=clip)
            page.close()
            print(f"static/icons/{name}: {size}×{size}{' maskable' if maskable else ''}")
        browser.close()


if __name__ == "__main__":
    main()
