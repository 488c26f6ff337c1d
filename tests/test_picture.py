"""The result picture's PNG cut to the card (companion/ui/screens/picture.py): Flutter's web engine gives a
control's picture on a canvas the size of the screen."""

import struct
import zlib

from companion.ui.screens.picture import crop_png


def png(width: int, height: int, filters: list[int]) -> tuple[bytes, list[bytes]]:
    """An RGBA PNG whose pixel (x, y) is (x, y, x + y, 255), each row written with the filter given for
    it (Sub, Up, ... as bytes of their own meaning: only the cut is checked, not the decoding)."""
    rows = [bytes([filters[y]]) + b"".join(bytes([x, y, x + y, 255]) for x in range(width)) for y in range(height)]

    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
    data = zlib.compress(b"".join(rows))
    half = len(data) // 2  # two IDAT chunks, as a large picture has
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
            + chunk(b"IDAT", data[:half]) + chunk(b"IDAT", data[half:]) + chunk(b"IEND", b"")), rows


def read(data: bytes) -> tuple[int, int, bytes]:
    width, height = struct.unpack(">II", data[16:24])
    idat, at = b"", 8
    while at < len(data):
        size, kind = struct.unpack(">I4s", data[at:at + 8])
        body = data[at + 8:at + 8 + size]
        assert struct.unpack(">I", data[at + 8 + size:at + 12 + size])[0] == zlib.crc32(kind + body)
        idat += body if kind == b"IDAT" else b""
        at += 12 + size
    return width, height, zlib.decompress(idat)


def test_the_top_left_of_the_picture_is_kept_row_by_row_with_each_row_s_filter():
    full, rows = png(7, 5, [0, 1, 2, 3, 4])
    width, height, data = read(crop_png(full, 3, 4))
    assert (width, height) == (3, 4)
    assert data == b"".join(row[:1 + 3 * 4] for row in rows[:4])


def test_a_picture_already_that_size_or_not_rgba_is_left_as_it_is():
    full, _ = png(4, 4, [0] * 4)
    assert crop_png(full, 4, 4) is full
    assert crop_png(full, 9, 9) is full  # never larger than it is
    grey = full[:25] + b"\x00" + full[26:]  # colour type 0: rows of another size
    assert crop_png(grey, 2, 2) is grey
    assert crop_png(b"not a png", 2, 2) == b"not a png"
