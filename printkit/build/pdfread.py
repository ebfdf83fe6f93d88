"""A small reader of the PDFs printkit writes, for measuring them without a general parser.

reportlab (and pypdf's writer, for reprint.pdf) write one classic cross-reference table,
no object streams, no encryption and plain names: such a file is read here with a few
regular expressions, many times faster than pypdf reads it byte by byte. Its objects read
as pypdf reads them, so a page's digest (`pages.py`) and the preflight's facts come out
the same: names are ``str``, integers ``int``, and strings, reals, booleans and null are
pypdf's own objects (their ``repr`` is what a digest hashes). Anything else raises
`Unsupported` and the caller parses the file with pypdf (tests compare both on every kit
file of every game).
"""

from __future__ import annotations

import hashlib
import re
from typing import Any

WHITE = b"\x00\t\n\f\r "
_SKIP = re.compile(rb"(?:[\x00\t\n\f\r ]+|%[^\r\n]*)*")  # white space and comments
_TOKEN = re.compile(
    _SKIP.pattern
    + rb"(?:(?P<name>/[^\s()<>\[\]{}/%]*)"  # pypdf's delimiters end a name
    + rb"|(?P<ref>[+-]?(?P<idnum>\d+)\s+\d+\s+R)(?=[^a-zA-Z])"  # as pypdf tells a reference
    + rb"|(?P<number>[+\-.0-9]+)"  # pypdf's number: a "." makes it a real
    + rb"|(?P<open><<)|(?P<close>>>)|(?P<array>\[)|(?P<end>\])|(?P<literal>\()|(?P<hex><)"
    + rb"|(?P<word>true|false|null))"
)
_OBJ = re.compile(rb"[\x00\t\n\f\r ]*(\d+)[\x00\t\n\f\r ]+(\d+)[\x00\t\n\f\r ]+obj")
_XREF_ROW = re.compile(rb"(\d{10}) (\d{5}) ([nf])")
_LITERAL = re.compile(rb"[()\\]")
_ESCAPES = {
    **{c: c for c in b"()/\\ %<>[]#_&$"},
    **{ord("n"): 10, ord("r"): 13, ord("t"): 9, ord("b"): 8, ord("f"): 12},
}
INHERITED = {"/Resources", "/MediaBox", "/CropBox", "/Rotate"}  # pypdf copies them to pages


class Unsupported(ValueError):
    """A file (or part of one) this reader does not read as pypdf would: use pypdf."""


class Ref:
    """An indirect reference: resolves through its reader, as pypdf's IndirectObject."""

    __slots__ = ("idnum", "_reader")

    def __init__(self, idnum: int, reader: Reader) -> None:
        self.idnum = idnum
        self._reader = reader

    def get_object(self) -> Any:
        return self._reader.get_object(self.idnum)

    def __getitem__(self, key: Any) -> Any:
        return self.get_object()[key]

    def get(self, key: Any, default: Any = None) -> Any:
        return self.get_object().get(key, default)

    def __contains__(self, key: Any) -> bool:
        return key in self.get_object()

    def __getattr__(self, name: str) -> Any:
        return getattr(self.get_object(), name)

    def __iter__(self) -> Any:
        return iter(self.get_object())

    def __float__(self) -> float:
        return float(self.get_object())

    def __int__(self) -> int:
        return int(self.get_object())

    def __str__(self) -> str:
        return str(self.get_object())


class Dict(dict):
    """A dictionary: ``[key]`` resolves a reference, ``get`` and ``items`` do not (pypdf's
    DictionaryObject alike)."""

    def __getitem__(self, key: Any) -> Any:
        value = dict.__getitem__(self, key)
        return value.get_object() if isinstance(value, Ref) else value

    def get_object(self) -> Dict:
        return self


class Stream(Dict):
    """A stream's dictionary (without /Length, as pypdf keeps it) and its raw bytes."""

    _data: bytes = b""


class Array(list):
    """An array: its items as written (references unresolved)."""

    def get_object(self) -> Array:
        return self


class FlatArray(Array):
    """An array of numbers and names only (a font's widths, a box, a matrix, a procedure
    set): kept by its bytes for the process, with its digest text (`pages.py`) made once."""

    text: str | None = None


class FlatDict(Dict):
    """A dictionary of numbers and names only (a graphics state, a stream's /Length and
    /Filter): kept by its bytes for the process, like `FlatArray`."""

    text: str | None = None


FLAT = (FlatArray, FlatDict)
_FLAT_BODY = rb"[^()<>\[\]{}%#\\\x80-\xff]*"  # no string, container, escape or comment
_FLAT = re.compile(rb"\[" + _FLAT_BODY + rb"\]|<<" + _FLAT_BODY + rb">>")
_WORD = re.compile(rb"(?P<number>[+-]?[0-9]+|[+-]?[0-9]*\.[0-9]*)|/[^\s()<>\[\]{}/%]*")
_KEPT_FLAT: dict[bytes, FlatArray | FlatDict] = {}
KEPT_FLAT = 8192


def _flat(data: bytes, at: int) -> tuple[FlatArray | FlatDict, int] | None:
    """The array or dictionary of numbers and names only opening at ``at`` (None: anything
    else in it), each word read as pypdf reads it, once per process for the same bytes."""
    match = _FLAT.match(data, at)
    if match is None:
        return None
    raw = match[0]
    found = _KEPT_FLAT.get(raw)
    if found is None:
        found = _flat_value(raw)
        if found is None:
            return None
        if len(_KEPT_FLAT) >= KEPT_FLAT:
            _KEPT_FLAT.clear()
        _KEPT_FLAT[raw] = found
    return found, match.end()


def _flat_value(raw: bytes) -> FlatArray | FlatDict | None:
    is_dict = raw[:1] == b"<"
    words = raw[2:-2].split() if is_dict else raw[1:-1].split()
    values = []
    for word in words:
        token = _WORD.fullmatch(word)
        if token is None:
            return None
        if token["number"] is None:
            values.append(_name(word))
        elif b"." in word:
            from pypdf.generic import FloatObject

            values.append(FloatObject(word))
        else:
            values.append(int(word))
    if not is_dict:
        return FlatArray(values)
    try:
        return FlatDict(_closed(_Opened(values)))
    except Unsupported:
        return None


class Reader:
    """The objects of one PDF by number, each parsed when first asked for."""

    def __init__(self, data: bytes) -> None:
        self.data = data
        self._offsets = _xref(data)
        self._objects: dict[int, Any] = {}
        self._ends: dict[int, int] = {}
        self._raw_digests: dict[int, bytes] = {}
        self.trailer = self._trailer()
        self.page_ids: list[int] = []  # each page's object number, in order
        self.pages = self._pages()

    def raw_digest(self, idnum: int) -> bytes:
        """The sha256 of the object's bytes (`raw`), made once."""
        found = self._raw_digests.get(idnum)
        if found is None:
            found = self._raw_digests[idnum] = hashlib.sha256(self.raw(idnum)).digest()
        return found

    def raw(self, idnum: int) -> bytes:
        """The bytes an object is written in (to the next object or the table): the same
        bytes mean the same object, references included."""
        if not self._ends:
            starts = sorted(self._offsets.values())
            at = self.data.rfind(b"startxref")
            table = int(self.data[at + 9 :].split()[0])
            ends = dict(zip(starts, [*starts[1:], table], strict=True))
            self._ends = {n: ends[at] for n, at in self._offsets.items()}
        return self.data[self._offsets[idnum] : self._ends[idnum]]

    def get_object(self, idnum: int) -> Any:
        found = self._objects.get(idnum)
        if found is None:
            offset = self._offsets.get(idnum)
            match = _OBJ.match(self.data, offset) if offset is not None else None
            if match is None or int(match[1]) != idnum:
                raise Unsupported(f"object {idnum} is not where the table says")
            found, _ = self._value(match.end())
            self._objects[idnum] = found
        return found

    def _trailer(self) -> Dict:
        at = self.data.rfind(b"trailer", 0, self.data.rfind(b"startxref"))
        trailer, _ = self._value(at + len(b"trailer"))
        if not isinstance(trailer, Dict) or {"/Prev", "/Encrypt", "/XRefStm"} & trailer.keys():
            raise Unsupported("a trailer this reader does not follow")
        return trailer

    def _pages(self) -> list[Dict]:
        """The page tree's leaves in order (no inherited attributes: pypdf would copy them)."""
        found: list[Dict] = []
        self._leaves(self.trailer["/Root"]["/Pages"], found, 0)
        if len(self.page_ids) != len(found):
            raise Unsupported("the root of the page tree is a page")
        return found

    def _leaves(self, node: Any, found: list[Dict], depth: int) -> None:
        if not isinstance(node, Dict) or depth > 32:
            raise Unsupported("a page tree this reader does not follow")
        if node.get("/Type") == "/Page":
            found.append(node)
            return
        if node.get("/Type") != "/Pages" or INHERITED & node.keys():
            raise Unsupported("a page tree node this reader does not follow")
        for kid in node["/Kids"]:
            if not isinstance(kid, Ref):
                raise Unsupported("a page written inside the page tree")
            if kid.get_object().get("/Type") == "/Page":
                self.page_ids.append(kid.idnum)
            self._leaves(kid.get_object(), found, depth + 1)

    # -- one object at a position: (value, the position after it) -------------------------
    def _value(self, at: int) -> tuple[Any, int]:
        """One object, read token by token (one regular expression finds each), containers
        kept on a stack; a dictionary at the top may open a stream."""
        data, stack = self.data, []
        while True:
            token = _TOKEN.match(data, at)
            if token is None:
                raise Unsupported(f"a value this reader does not read at {at}")
            at, kind = token.end(), token.lastgroup
            if kind in ("open", "array"):
                flat = _flat(data, token.start(kind))
                if flat is None:
                    stack.append(_Opened() if kind == "open" else Array())
                    continue
                value, at = flat
                if not stack and kind == "open":
                    return self._stream(value, at)
            elif kind == "close":
                value = _closed(stack.pop() if stack else None)
                if not stack:
                    return self._stream(value, at)
            elif kind == "end":
                value = stack.pop() if stack else None
                if type(value) is not Array:
                    raise Unsupported("an array this reader does not read")
            else:
                value, at = self._scalar(token, kind, at)
            if not stack:
                return value, at
            stack[-1].append(value)

    def _scalar(self, token: re.Match, kind: str | None, at: int) -> tuple[Any, int]:
        data = self.data
        if kind == "name":
            return _name(token["name"]), at
        if kind == "ref":
            return Ref(int(token["idnum"]), self), at
        if kind == "number":
            text = token["number"]
            if b"." in text:
                from pypdf.generic import FloatObject

                return FloatObject(text), at
            return int(text), at
        if kind == "literal":
            return _literal(data, at)
        if kind == "hex":
            return _hex(data, at)
        return _keyword(token["word"]), at

    def _stream(self, found: Dict, at: int) -> tuple[Dict, int]:
        """A dictionary, or the stream it opens: /Length bytes after ``stream`` and its EOL."""
        data = self.data
        start = _SKIP.match(data, at).end()
        if data[start : start + 6] != b"stream":
            return found, at
        start += 6
        while data[start : start + 1] == b" ":
            start += 1
        if data[start : start + 2] == b"\r\n":
            start += 2
        elif data[start : start + 1] in (b"\n", b"\r"):
            start += 1
        else:
            raise Unsupported("no EOL after stream")
        length = found.get("/Length")  # written in the dictionary: the object's own bytes
        if type(length) is not int or length < 0:
            raise Unsupported("a stream without a plain length")
        end = start + length
        after = _SKIP.match(data, end).end()
        if data[after : after + 9] != b"endstream":
            raise Unsupported("a stream not ended where its length says")
        stream = Stream(found)
        del stream["/Length"]
        stream._data = data[start:end]
        return stream, after + 9


def _xref(data: bytes) -> dict[int, int]:
    """Each object's offset from the file's one classic cross-reference table."""
    at = data.rfind(b"startxref")
    if at < 0:
        raise Unsupported("no startxref")
    offset = int(data[at + 9 :].split()[0])
    if data[offset : offset + 4] != b"xref":
        raise Unsupported("a cross-reference stream")
    end = data.find(b"trailer", offset)
    lines = data[offset + 4 : end].split(b"\n")
    offsets: dict[int, int] = {}
    number = 0
    for line in lines:
        row = _XREF_ROW.match(line.strip())
        if row is not None:
            if row[3] == b"n":
                offsets[number] = int(row[1])
            number += 1
        elif line.strip():
            start, _count = line.split()
            number = int(start)
    return offsets


class _Opened(list):
    """A dictionary being read: its keys and values in turn."""


def _closed(items: object) -> Dict:
    """The dictionary of keys and values read in turn (keys are names: plain ``str``)."""
    if type(items) is not _Opened or len(items) % 2:
        raise Unsupported("a dictionary this reader does not read")
    keys = items[0::2]
    found = Dict(zip(keys, items[1::2]))
    if len(found) != len(keys) or any(type(key) is not str for key in keys):
        raise Unsupported("a dictionary key this reader does not read")
    return found


def _name(raw: bytes) -> str:
    if b"#" in raw or not raw.isascii():
        raise Unsupported("an escaped name")
    return raw.decode()


def _keyword(word: bytes) -> Any:
    from pypdf.generic import BooleanObject, NullObject

    return NullObject() if word == b"null" else BooleanObject(word == b"true")


def _string(raw: bytes) -> Any:
    from pypdf.generic import create_string_object

    return create_string_object(raw)


def _hex(data: bytes, at: int) -> tuple[Any, int]:
    end = data.index(b">", at)
    digits = bytes(c for c in data[at:end] if c not in WHITE)
    if len(digits) % 2:
        digits += b"0"
    try:
        return _string(bytes.fromhex(digits.decode())), end + 1
    except ValueError as error:
        raise Unsupported("a hex string this reader does not read") from error


def _literal(data: bytes, at: int) -> tuple[Any, int]:
    """A literal string, its escapes read as pypdf reads them."""
    out = bytearray()
    depth = 1
    while True:
        match = _LITERAL.search(data, at)
        if match is None:
            raise Unsupported("an unended string")
        out += data[at : match.start()]
        at = match.end()
        mark = match[0]
        if mark == b"(":
            depth += 1
            out += mark
        elif mark == b")":
            depth -= 1
            if depth == 0:
                return _string(bytes(out)), at
            out += mark
        else:
            at = _escape(data, at, out)


def _escape(data: bytes, at: int, out: bytearray) -> int:
    """One escape after a backslash: its byte added to ``out``; the position after it."""
    code = data[at] if at < len(data) else None
    if code is None:
        raise Unsupported("an unended string")
    if code in _ESCAPES:
        out.append(_ESCAPES[code])
        return at + 1
    if 48 <= code <= 55:  # up to three octal digits; an overflow keeps the backslash
        end = at + 1
        while end < at + 3 and 48 <= data[end] <= 55:
            end += 1
        value = int(data[at:end], 8)
        if value > 255:
            out.append(92)
            return at
        out.append(value)
        return end
    if code in (10, 13):  # a line continued: nothing added
        at += 1
        return at + 1 if data[at] in (10, 13) else at
    out += bytes((92, code))
    return at + 1
