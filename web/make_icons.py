"""Draw Tabula's icons (a wax tablet with score lines on Roman red) as SVG and convert them to PNG with
ImageMagick's `convert`. Run by hand when the design changes; the PNGs are committed in assets/icons/.
Usage: python web/make_icons.py"""

import subprocess
from pathlib import Path

ICONS = Path(__file__).resolve().parents[1] / "assets" / "icons"
RED, WAX, INK, LINE = "#8c3b2a", "#f4e6c9", "#5b2418", "#7a4a3c"


def tablet(size: float, cx: float, cy: float) -> str:
    """A tablet `size` wide centred at (cx, cy): a wooden frame, wax, a header bar and score lines."""
    w, h = size, size * 0.82
    x, y = cx - w / 2, cy - h / 2
    r = size * 0.07
    pad = size * 0.09
    parts = [f'<rect stroke="none" x="{x}" y="{y}" width="{w}" height="{h}" rx="{r}" fill="{INK}"/>',
             f'<rect stroke="none" x="{x + pad * 0.55}" y="{y + pad * 0.55}" width="{w - pad * 1.1}" height="{h - pad * 1.1}" '
             f'rx="{r * 0.6}" fill="{WAX}"/>']
    left, right = x + pad * 1.3, x + w - pad * 1.3
    line = size * 0.06
    top = y + pad * 1.35
    parts.append(f'<rect stroke="none" x="{left}" y="{top}" width="{right - left}" height="{line * 1.5}" rx="{line * 0.5}" fill="{RED}"/>')
    for i, length in enumerate((0.95, 0.7, 0.85, 0.55)):
        ly = top + line * 1.5 + line * 1.3 + i * line * 1.95
        parts.append(f'<rect stroke="none" x="{left}" y="{ly}" width="{(right - left) * length}" height="{line}" '
                     f'rx="{line / 2}" fill="{LINE}"/>')
    return "\n".join(parts)


def svg(side: int, maskable: bool, background: bool = True) -> str:
    # Maskable icons fill the square (the launcher cuts its own shape) and keep the drawing inside the
    # central safe circle; the others are a rounded square of their own.
    bg = "" if not background else (f'<rect stroke="none" width="{side}" height="{side}" fill="{RED}"/>' if maskable else
                                    f'<rect stroke="none" width="{side}" height="{side}" rx="{side * 0.2}" fill="{RED}"/>')
    scale = 0.56 if maskable else 0.66
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{side}" height="{side}" viewBox="0 0 {side} {side}">'
            f'{bg}{tablet(side * scale, side / 2, side / 2)}</svg>')


def write(name: str, side: int, maskable: bool = False, background: bool = True) -> None:
    source = ICONS / f"{Path(name).stem}.svg"
    source.write_text(svg(side, maskable, background), encoding="utf-8")
    subprocess.run(["convert", "-background", "none", "-density", "96", str(source), "-strip",
                    str(ICONS / name)], check=True)
    source.unlink()


if __name__ == "__main__":
    ICONS.mkdir(parents=True, exist_ok=True)
    write("icon-192.png", 192)
    write("icon-512.png", 512)
    write("icon-maskable-192.png", 192, maskable=True)
    write("icon-maskable-512.png", 512, maskable=True)
    write("apple-touch-icon-192.png", 192, maskable=True)  # iOS rounds the corners itself
    write("loading-animation.png", 256)  # the picture on the page while the app loads
    write("../favicon.png", 32)
