"""The scanner: hostile image files through the path ``python -m scanner decode`` takes
(``load_image`` then the pipeline and the catalog, in-process; a few through the command
line itself), and hostile code texts through the code reader and the catalog.

Files: random bytes; real pictures of codes in PNG, JPEG, BMP, TIFF, WebP and PNM cut
short, with bytes flipped, spliced, or with headers that lie about their size (huge, zero,
off by one); FIFOs, folders, ``/dev/zero``, links to them, empty and oversized files. A
file may only be refused with the CLI's one-line error (``CliError``/``BadImage``); a
picture it accepts must be a bounded ``uint8`` frame, and every card it accepts must be one
a code in the picture names.

Codes: valid card and deck codes mutated field by field (leading zeros, signs, dots, case,
whitespace, separators, numbers changed, fields repeated or dropped), most with their
checksum recomputed so that only the form is wrong. A text may be refused only with
``CodeError``; one accepted must be exactly what the printer writes, and the card it is
accepted as must be the one its text names (by id, or by the number printed on the card):
anything else is a false card accepted."""

from __future__ import annotations

import os
import random
import struct
import tempfile
import zlib
from functools import partial
from pathlib import Path
from typing import Any

from .core import AreaResult, check_command, guard, python

NAME = "scanner"
SHORT = 80
LONG = 2_000

EXTENSIONS = (".png", ".jpg", ".bmp", ".tiff", ".webp", ".ppm")


def picture_codes() -> list[str]:
    """Every code the fuzzer puts in a picture: a card accepted from a file must be one."""
    from scanner.codes import encode_deck

    return ["PTCG1C.ECARD1.33.EB65", "PTCG1C.ECARD2.H12.3.E890", "https://example.com/p/1",
            encode_deck("Fuzz", ["ecard1-98"] * 4 + ["ecard2-H12"] * 2)]


def _pictures() -> dict[str, bytes]:
    """Small real pictures of codes, one per format."""
    import cv2
    import numpy as np
    import zxingcpp

    codes = picture_codes()
    tiles = []
    for text in codes:
        barcode = zxingcpp.create_barcode(text, zxingcpp.BarcodeFormat.QRCode, ec_level="M")
        tiles.append(np.asarray(barcode.to_image(scale=3, add_quiet_zones=True)))
    side = max(t.shape[0] for t in tiles)
    sheet = np.full((side * 2, side * 2), 255, np.uint8)
    for i, tile in enumerate(tiles):
        r, c = divmod(i, 2)
        sheet[r * side:r * side + tile.shape[0], c * side:c * side + tile.shape[1]] = tile
    colour = cv2.cvtColor(sheet, cv2.COLOR_GRAY2BGR)
    out = {}
    for ext in EXTENSIONS:
        ok, buf = cv2.imencode(ext, colour)
        if ok:
            out[ext] = buf.tobytes()
    ok, buf = cv2.imencode(".jpg", colour, [cv2.IMWRITE_JPEG_PROGRESSIVE, 1])
    if ok:
        out[".jpeg"] = buf.tobytes()  # progressive
    return out


# ------------------------------------------------------------------------ hostile files


def png_chunk(kind: bytes, data: bytes) -> bytes:
    """A PNG chunk with its length and a right CRC."""
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def lying_size(data: bytes, ext: str, width: int, height: int) -> bytes:
    """``data`` (a picture OpenCV encoded as ``ext``) with a header that declares ``width``
    x ``height`` instead, checksums kept right so that only the size lies (best effort:
    a picture whose header cannot be found is returned as it is). The scanner's tests use
    it too."""
    b = bytearray(data)
    try:
        if ext == ".png":
            b[16:24] = struct.pack(">II", width & 0xFFFFFFFF, height & 0xFFFFFFFF)
            b[29:33] = struct.pack(">I", zlib.crc32(bytes(b[12:29])))  # a right CRC: it lies well
        elif ext == ".jpg":
            at = next(i for i in range(2, len(b) - 9) if b[i] == 0xFF and 0xC0 <= b[i + 1] <= 0xC2)
            b[at + 5:at + 9] = struct.pack(">HH", height & 0xFFFF, width & 0xFFFF)
        elif ext == ".bmp":
            b[18:26] = struct.pack("<ii", width & 0x7FFFFFFF, -(height & 0x7FFFFFFF))
        elif ext == ".ppm":
            body = bytes(b[bytes(b).index(b"255\n") + 4:])
            return b"P6\n%d %d\n255\n" % (width, height) + body
        elif ext == ".webp" and b[12:16] == b"VP8 ":
            b[26:30] = struct.pack("<HH", width & 0x3FFF, height & 0x3FFF)
        elif ext == ".webp" and b[12:16] == b"VP8L":
            bits = int.from_bytes(b[21:25], "little") & ~((1 << 28) - 1)
            bits |= ((width - 1) & 0x3FFF) | ((height - 1) & 0x3FFF) << 14
            b[21:25] = bits.to_bytes(4, "little")
        elif ext == ".tiff":
            order = "<" if b[:2] == b"II" else ">"
            ifd = struct.unpack(order + "I", b[4:8])[0]
            for i in range(struct.unpack(order + "H", b[ifd:ifd + 2])[0]):
                at = ifd + 2 + 12 * i
                tag = struct.unpack(order + "H", b[at:at + 2])[0]
                if tag in (256, 257):
                    b[at + 2:at + 4] = struct.pack(order + "H", 4)
                    value = width if tag == 256 else height
                    b[at + 8:at + 12] = struct.pack(order + "I", value & 0xFFFFFFFF)
    except (StopIteration, ValueError, struct.error):
        pass
    return bytes(b)


def _tiled_tiff(width: int, height: int, tile_w: int, tile_h: int, samples: int,
                bits: int) -> bytes:
    entries = [(256, 4, width), (257, 4, height), (258, 3, bits), (259, 3, 1), (262, 3, 2),
               (277, 3, samples), (284, 3, 1), (322, 4, tile_w), (323, 4, tile_h),
               (324, 4, 200), (325, 4, 64)]
    ifd = struct.pack("<H", len(entries)) + b"".join(
        struct.pack("<HHI", tag, kind, 1)
        + (struct.pack("<HH", value & 0xFFFF, 0) if kind == 3 else
           struct.pack("<I", value & 0xFFFFFFFF))
        for tag, kind, value in entries) + struct.pack("<I", 0)
    head = b"II*\x00" + struct.pack("<I", 8) + ifd
    return head + bytes(264 - len(head) + 64)


def _hostile_bytes(rng: random.Random, pictures: dict[str, bytes]) -> bytes:
    ext = rng.choice(list(pictures))
    data = pictures[ext]
    kind = rng.randrange(12)
    if kind == 0:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 3000)))
    if kind == 1:  # cut short anywhere, most often in the header
        return data[:rng.choice([rng.randrange(1, 64), rng.randrange(1, len(data))])]
    if kind == 2:  # bytes flipped, in the header or anywhere
        b = bytearray(data)
        for _ in range(rng.randrange(1, 12)):
            at = rng.randrange(min(len(b), 80)) if rng.random() < 0.6 else rng.randrange(len(b))
            b[at] ^= 1 << rng.randrange(8)
        return bytes(b)
    if kind in (3, 4):  # a header that lies about the size
        sizes = [65535, 65536, 0, 1, 100_000, 2**31 - 1, 2**32 - 1, 7071, 7072, 16384, 20000,
                 rng.randrange(1, 70000)]
        return lying_size(data, ext, rng.choice(sizes), rng.choice(sizes))
    if kind == 5:  # the header of one picture, the body of another
        other = pictures[rng.choice(list(pictures))]
        cut = rng.randrange(8, 200)
        return data[:cut] + other[cut:]
    if kind == 6:  # a PNG of many chunks, a huge declared chunk, two headers
        ihdr = struct.pack(">IIBBBBB", rng.choice([1, 64, 65535]), rng.choice([1, 64, 65535]),
                           rng.choice([1, 8, 16, 3]), rng.choice([0, 2, 3, 6, 7]), 0, 0,
                           rng.choice([0, 1]))
        chunks = [png_chunk(b"IHDR", ihdr)] * rng.randrange(1, 3)
        if rng.random() < 0.5:
            chunks.append(struct.pack(">I", 0x7FFFFFFF) + b"IDAT" + bytes(20))
        chunks.append(png_chunk(b"IDAT", zlib.compress(bytes(rng.randrange(50_000)), 9)))
        return b"\x89PNG\r\n\x1a\n" + b"".join(chunks) + png_chunk(b"IEND", b"")
    if kind == 7:  # a JPEG of strange markers
        segments = [b"\xff\xd8"]
        for _ in range(rng.randrange(1, 30)):
            marker = rng.choice([0xC0, 0xC2, 0xC4, 0xDB, 0xDA, 0xE1, 0xFE, 0xDD, 0xFF, 0xD9])
            body = bytes(rng.randrange(256) for _ in range(rng.randrange(0, 40)))
            segments.append(bytes([0xFF, marker]) + struct.pack(">H", len(body) + 2) + body)
        return b"".join(segments)
    if kind == 8:  # a PNM header: huge, negative, garbage
        dims = rng.choice([b"99999 99999", b"-1 5", b"1 1", b"7072 7072", b"x y", b"0 0",
                           b"3 " + b"9" * rng.randrange(1, 40)])
        return b"P" + rng.choice([b"1", b"4", b"5", b"6", b"7"]) + b"\n# c\n" + dims + \
            b"\n255\n" + bytes(rng.randrange(500))
    if kind == 9:  # only a format's magic
        return rng.choice([b"\x89PNG\r\n\x1a\n", b"\xff\xd8\xff", b"BM", b"II*\x00", b"MM\x00*",
                           b"RIFF\x00\x00\x00\x00WEBPVP8X", b"P6 ", b"GIF89a", b"II+\x00"])
    if kind == 10 and rng.random() < 0.5:  # a TIFF of tiles of any declared size
        tiles = [16, 64, 80, 8192, 16000, 65535, 2**31]
        return _tiled_tiff(rng.choice([1, 16, 64, 7000]), rng.choice([1, 16, 64, 7000]),
                           rng.choice(tiles), rng.choice(tiles), rng.choice([1, 3, 4]),
                           rng.choice([8, 8, 16]))
    if kind == 10:  # a TIFF whose first directory points anywhere
        order = rng.choice([b"II*\x00", b"MM\x00*"])
        fmt = "<I" if order.startswith(b"II") else ">I"
        return order + struct.pack(fmt, rng.choice([0, 8, 2**32 - 1, rng.randrange(4000)])) + \
            bytes(rng.randrange(256) for _ in range(rng.randrange(200)))
    if rng.random() < 0.3 and b"\xff\xda" in data:  # a scan repeated: a pass each time
        last = data.rindex(b"\xff\xda")
        return data[:last] + data[last:-2] * rng.choice([2, 50, 99, 101, 3000]) + b"\xff\xd9"
    return data  # a good picture now and then: it must still read


def _hostile_deck(rng: random.Random) -> bytes:
    """A ``.deck`` file for ``sheet --deck``: counts of thousands of digits, odd digits,
    long ids, too many lines, bytes that are not UTF-8 (its output folder does not exist,
    so even a good deck is refused, after the deck is read)."""
    kind = rng.randrange(6)
    if kind == 0:
        return f"{'9' * rng.randrange(1, 6000)} ecard1-1\n".encode()
    if kind == 1:
        return rng.choice(["\u0663", "\u00b2", "-1", "0", "+3", "1e2"]).encode() + b" ecard1-1\n"
    if kind == 2:
        return f"4 {'x' * rng.randrange(30, 5000)}\n".encode()
    if kind == 3:
        return b"1 ecard1-1\n" * rng.randrange(150, 8000)
    if kind == 4:
        return b"# \xff\xfe name\n4 ecard1-1\n"
    return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 500)))


def _specials(base: Path) -> list[Path]:
    fifo = base / "pipe.png"
    os.mkfifo(fifo)
    (base / "folder.png").mkdir()
    (base / "empty.png").write_bytes(b"")
    sparse = base / "sparse.png"
    with sparse.open("wb") as f:
        f.truncate(200 * 1024 * 1024)  # no disk used
    links = []
    for name, target in (("zero.png", "/dev/zero"), ("loop.png", "loop.png"),
                         ("to-pipe.png", str(fifo))):
        link = base / name
        link.symlink_to(target)
        links.append(link)
    return [fifo, base / "folder.png", base / "empty.png", sparse, Path("/dev/zero"),
            base / "missing.png", *links, Path("/dev/null"), Path("/proc/self/mem")]


def _decode_file(path: Path, decoder: Any, catalog: Any) -> Any:
    from scanner.__main__ import load_image, read_codes

    image = load_image(path)
    return image, read_codes(decoder, image, catalog)


def _check_file(result: AreaResult, value: Any, sample: str, codes: list[str]) -> None:
    import numpy as np

    from scanner.decoders import MAX_PICTURE_PIXELS

    image, readings = value
    if not isinstance(image, np.ndarray) or image.dtype != np.uint8 or \
            image.shape[0] * image.shape[1] > MAX_PICTURE_PIXELS:
        result.fail("false_accept", f"accepted a picture of {getattr(image, 'shape', '?')}",
                    sample)
    for r in readings:
        if r.ok and r.text not in codes:
            result.fail("false_accept", f"a card accepted from {r.text!r}, which no code in "
                                        "the picture carries", sample)


# ------------------------------------------------------------------------ hostile codes


def _valid_codes() -> list[str]:
    from scanner.codes import encode_card, encode_deck

    return [encode_card("ecard1-33"), encode_card("ecard1-33", 2), encode_card("ecard2-162", 12),
            encode_card("col1-SL10", 99), "PTCG1C.ECARD2.H12.3.E890",
            encode_deck("Blaze", ["ecard1-98"] * 4 + ["ecard1-73"] * 3 + ["ecard2-1"] * 10),
            encode_deck("", ["ecard2-H12", "ecard1-1"])]


def _mutate_code(rng: random.Random, code: str) -> str:
    from scanner.codes import crc16

    body = code.rpartition(".")[0]
    fields = body.split(".")
    at = rng.randrange(1, len(fields))
    field = fields[at]
    kind = rng.randrange(12)
    if kind == 0:  # leading zeros on a number anywhere in the field
        digits = [i for i, ch in enumerate(field) if ch.isdigit()]
        if digits:
            i = rng.choice(digits)
            field = field[:i] + "0" * rng.randrange(1, 3) + field[i:]
    elif kind == 1 and code.startswith("PTCG1C"):  # the count: 1, 01, .1, +1, 001, 099
        count = rng.choice(["1", "01", "001", "099", "+1", "-1", "0", "1.0", "", "100", " 1"])
        fields = [*fields[:3], *count.split(".")]
        at = len(fields) - 1
        field = fields[at]
    elif kind == 2:  # case
        field = field.lower() if rng.random() < 0.5 else field.swapcase()
    elif kind == 3:  # whitespace
        i = rng.randrange(len(field) + 1)
        field = field[:i] + rng.choice([" ", "\t", "\n", "\u00a0"]) + field[i:]
    elif kind == 4:  # separators swapped
        swaps = {".": ":", ":": ".", "*": "+", "+": "*", "-": "."}
        chars = list(field)
        if chars:
            i = rng.randrange(len(chars))
            chars[i] = swaps.get(chars[i], rng.choice(".:*+-"))
        field = "".join(chars)
    elif kind == 5:  # a number changed
        chars = list(field)
        digits = [i for i, ch in enumerate(chars) if ch.isdigit()]
        if digits:
            chars[rng.choice(digits)] = rng.choice("0123456789")
        field = "".join(chars)
    elif kind == 6:  # a field repeated or dropped
        if rng.random() < 0.5:
            fields.insert(at, field)
        elif len(fields) > 2:
            del fields[at]
            at = min(at, len(fields) - 1)
            field = fields[at]
    elif kind == 7:  # the printed number for the index, or the other way round
        field = field.replace("162", "H12") if "162" in field else field.replace("H12", "162")
    elif kind == 8:  # unicode digits and look-alikes
        field = field.replace(rng.choice("0123456789"), rng.choice(["\u0663", "\uff11", "²"]))
    elif kind == 9:  # a set section split in two (decks), or a section's order changed
        if ":" in field and "+" in field:
            head, _, items = field.partition(":")
            first, _, rest = items.partition("+")
            fields[at:at + 1] = [f"{head}:{first}", f"{head}:{rest}"]
            field = fields[at]
    elif kind == 10:  # another Base32 spelling of a name
        field = field[:-1] + rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567") if field else field
    else:  # the mark or the version
        fields[0] = rng.choice(["PTCG01C", "ptcg1C", "PTCG1c", "PTCG1C ", "PTCG+1C", "PTCG1CC",
                                "PTCG1D", "PTCG1C"])
    if at < len(fields):
        fields[at] = field
    body = ".".join(fields)
    if rng.random() < 0.85:  # the checksum recomputed: only the form is wrong
        return f"{body}.{crc16(body) if body.isascii() else '0000'}"
    return f"{body}.{code.rpartition('.')[2]}"


def _check_code(result: AreaResult, text: str, reading: Any, catalog: Any) -> None:
    """An accepted code must be the printer's text, accepted as the card it names."""
    from scanner.codes import CardCode, CodeError, encode_card, encode_deck, parse

    if not reading.ok:
        return
    try:
        parsed = parse(text)
    except CodeError as exc:
        result.fail("false_accept", f"accepted as {reading.code!r} a text the code reader "
                                    f"refuses ({exc})", text)
        return
    printed = encode_card(parsed.card_id, parsed.count) if isinstance(parsed, CardCode) \
        else encode_deck(parsed.name, parsed.cards)
    if printed != text:
        result.fail("false_accept", f"a code not in the printer's form was accepted as "
                                    f"{reading.code!r}", text)
        return
    named = [(parsed.card_id, parsed.count)] if isinstance(parsed, CardCode) else \
        list(parsed.entries)
    got = [(reading.code.card_id, reading.code.count)] if isinstance(reading.code, CardCode) \
        else list(reading.code.entries)
    for (asked, n), (real, m) in zip(named, got, strict=True):
        info = catalog.get(real)
        set_asked, _, number = asked.rpartition("-")
        if n != m or info is None or real.rpartition("-")[0] != set_asked or \
                number not in (real.rpartition("-")[2], info.number):
            result.fail("false_accept", f"{asked} x{n} accepted as {real} x{m}", text)


# ---------------------------------------------------------------------------------- run


def run(result: AreaResult, attempts: int, rng: random.Random) -> None:
    from scanner.__main__ import CliError, make_decoder
    from scanner.catalog import Catalog
    from scanner.codes import CodeError
    from scanner.decoders import BadImage, Detection
    from scanner.reading import judge

    catalog = Catalog.from_assets()
    decoder = make_decoder("pipeline", catalog)
    pictures = _pictures()
    codes = picture_codes()
    valid = _valid_codes()
    corners = ((0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0))
    cli_every = max(50, attempts // 20)
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp)
        specials = _specials(base)
        for i in range(attempts):
            # A file: now and then a special one, otherwise hostile bytes.
            if i % 10 == 0:
                path = specials[(i // 10) % len(specials)]
                sample = str(path)
            else:
                path = base / f"f{i % 5}{rng.choice(EXTENSIONS)}"
                data = _hostile_bytes(rng, pictures)
                path.write_bytes(data)
                sample = f"{path.name} ({len(data)} bytes): {data[:160]!r}"
            done, value = guard(result, sample, partial(_decode_file, path, decoder, catalog),
                                (CliError, BadImage), seconds=20)
            if done:
                _check_file(result, value, sample, codes)
            elif isinstance(value, (CliError, BadImage)) and \
                    ("\n" in str(value) or not str(value)):
                result.fail("traceback", f"a refusal that is not one line: {value!r}", sample)
            if i % cli_every == cli_every - 1:  # the command line itself, now and then
                check_command(result, python("-m", "scanner", "decode", str(path),
                                             str(specials[0]), "--json"),
                              ok_codes=(0, 1), timeout=60)
                deck = base / "hostile.deck"
                deck.write_bytes(_hostile_deck(rng))
                check_command(result, python("-m", "scanner", "sheet", "--deck", str(deck),
                                             "--out", str(base / "out" / "s.png")),
                              ok_codes=(2,), timeout=60)
            # A code text: a valid code mutated, through the reader and the catalog.
            text = _mutate_code(rng, rng.choice(valid))
            detection = Detection(text, "QRCode", corners, "fuzz")
            done, reading = guard(result, text, partial(judge, detection, catalog),
                                  (CodeError,), seconds=5)
            if done:
                _check_code(result, text, reading, catalog)
