"""Writes Cardrealm's own portrait set for human arena opponents
(apps/client/public/static/media/avatar-N.svg, opponent-0.svg) and the site
icon (favicon.svg, favicon.ico). Drawn here from simple shapes; no copied art.
Run: python3 tools/avatars/make-avatars.py
"""
import struct
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2] / "apps" / "client" / "public"
MEDIA = ROOT / "static" / "media"

# (background top, background bottom, cloak, trim, eyes, sigil)
PALETTES = [
    ("#1a0b2e", "#3d1460", "#2a1240", "#b388ff", "#ff4d6d", "moon"),
    ("#0b1a2e", "#14406b", "#10263f", "#7fd1ff", "#ffe066", "star"),
    ("#2e0b0b", "#6b1414", "#3f1010", "#ff9e7f", "#fff3b0", "fang"),
    ("#0b2e1a", "#146b3d", "#103f26", "#8dffb3", "#ff6bd6", "leaf"),
    ("#2e240b", "#6b5214", "#3f3010", "#ffd27f", "#7fe3ff", "crown"),
    ("#1c1c24", "#3a3a4e", "#24242e", "#c9c9e0", "#ff5c5c", "skull"),
    ("#2e0b26", "#6b1458", "#3f1036", "#ff8ad8", "#b3ff66", "eye"),
    ("#0b2a2e", "#14636b", "#103a3f", "#7ffff0", "#ffb347", "wave"),
]

SIGILS = {
    "moon": '<path d="M128 52a22 22 0 1 0 16 38a18 18 0 1 1-16-38z" fill="{t}"/>',
    "star": '<path d="M128 48l6 16h17l-14 10 5 17-14-10-14 10 5-17-14-10h17z" fill="{t}"/>',
    "fang": '<path d="M112 56h32l-6 30-10-14-10 14z" fill="{t}"/>',
    "leaf": '<path d="M128 46c18 10 18 34 0 44c-18-10-18-34 0-44z" fill="{t}"/>',
    "crown": '<path d="M106 84l4-30 12 14 6-18 6 18 12-14 4 30z" fill="{t}"/>',
    "skull": '<circle cx="128" cy="66" r="16" fill="{t}"/><rect x="120" y="78" width="16" height="10" fill="{t}"/>',
    "eye": '<ellipse cx="128" cy="68" rx="22" ry="12" fill="{t}"/><circle cx="128" cy="68" r="6" fill="#000"/>',
    "wave": '<path d="M104 72q8-14 16 0t16 0t16 0" stroke="{t}" stroke-width="6" fill="none"/>',
}


def avatar(i: int, title: str) -> str:
    top, bottom, cloak, trim, eyes, sigil = PALETTES[i % len(PALETTES)]
    mark = SIGILS[sigil].format(t=trim)
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 256 256" width="256" height="256">'
        f"<title>{title}</title>"
        f'<defs><linearGradient id="b" x2="0" y2="1"><stop offset="0" stop-color="{top}"/>'
        f'<stop offset="1" stop-color="{bottom}"/></linearGradient>'
        f'<radialGradient id="e"><stop offset="0" stop-color="{eyes}"/>'
        f'<stop offset="1" stop-color="{eyes}" stop-opacity="0"/></radialGradient></defs>'
        '<rect width="256" height="256" fill="url(#b)"/>'
        f"{mark}"
        # The hood and shoulders.
        f'<path d="M128 92c-34 0-52 30-52 64v18c-26 10-44 34-48 82h200c-4-48-22-72-48-82v-18c0-34-18-64-52-64z" fill="{cloak}"/>'
        f'<path d="M128 92c-34 0-52 30-52 64v18c-26 10-44 34-48 82" fill="none" stroke="{trim}" stroke-width="4"/>'
        f'<path d="M128 92c34 0 52 30 52 64v18c26 10 44 34 48 82" fill="none" stroke="{trim}" stroke-width="4"/>'
        # The shadowed face and its eyes.
        '<ellipse cx="128" cy="160" rx="30" ry="36" fill="#05030a"/>'
        '<circle cx="116" cy="156" r="9" fill="url(#e)"/><circle cx="140" cy="156" r="9" fill="url(#e)"/>'
        f'<circle cx="116" cy="156" r="3" fill="{eyes}"/><circle cx="140" cy="156" r="3" fill="{eyes}"/>'
        "</svg>\n"
    )


FAVICON_SVG = (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32">'
    "<title>Cardrealm</title>"
    '<rect x="1" y="1" width="30" height="30" rx="6" fill="#0b0416"/>'
    '<path d="M16 4l10 10-10 14L6 14z" fill="#c0306a"/>'
    '<path d="M16 4l10 10H6z" fill="#ff5c8a"/>'
    '<path d="M16 14v14L6 14z" fill="#8a1f4b"/>'
    "</svg>\n"
)


def gem_pixel(x: int, y: int) -> tuple[int, int, int, int]:
    """The favicon's gem as 32x32 pixels (same shape as FAVICON_SVG)."""
    cx = 16
    if 4 <= y < 14 and abs(x + 0.5 - cx) <= (y - 4) + 0.5:
        return (0xFF, 0x5C, 0x8A, 255)
    if 14 <= y < 28 and abs(x + 0.5 - cx) <= 10 * (28 - y) / 14 + 0.5:
        return (0xC0, 0x30, 0x6A, 255) if x >= cx else (0x8A, 0x1F, 0x4B, 255)
    if 1 <= x < 31 and 1 <= y < 31:
        return (0x0B, 0x04, 0x16, 255)
    return (0, 0, 0, 0)


def png(size: int) -> bytes:
    raw = b"".join(
        b"\x00" + b"".join(bytes(gem_pixel(x, y)) for x in range(size)) for y in range(size)
    )

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


def ico(image: bytes, size: int) -> bytes:
    # One PNG-compressed 32x32 image (ICO allows PNG entries since Vista).
    header = struct.pack("<HHH", 0, 1, 1)
    entry = struct.pack("<BBBBHHII", size, size, 0, 0, 1, 32, len(image), 6 + 16)
    return header + entry + image


def main() -> None:
    names = ["Hooded Duelist", "Star Seer", "Blood Fang", "Grove Warden",
             "Gilded Pretender", "Bone Reader", "Watching Eye", "Tide Caller"]
    for i, name in enumerate(names):
        (MEDIA / f"avatar-{i}.svg").write_text(avatar(i, name))
    (MEDIA / "opponent-0.svg").write_text(avatar(0, "A challenger"))
    (ROOT / "favicon.svg").write_text(FAVICON_SVG)
    (ROOT / "favicon.ico").write_bytes(ico(png(32), 32))


if __name__ == "__main__":
    main()
