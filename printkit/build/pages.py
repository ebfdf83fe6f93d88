"""What a PDF's pages are, page by page: a digest of each page as printed.

A page's digest covers its content streams and everything they use (fonts,
pictures, forms, boxes, the page's own record), resolved by content rather
than by object number, so the same page in two files has the same digest
however the files number their objects. The builder keeps these per part:
a sheet is reprinted only if one of its pages came out different.

A file printkit wrote is read with `pdfread` (a small reader of such files); any
other, or one it does not follow, with pypdf: both give the same objects' texts, so
the same digests (tests compare them on every kit file of every game).
"""

from __future__ import annotations

import hashlib
import io
from functools import cache
from typing import TYPE_CHECKING, Any

from printkit.build import pdfread
from printkit.build.aside import Kept

if TYPE_CHECKING:
    from pypdf import PdfReader

SKIPPED = {"/Parent"}  # the page tree a page sits in is the file's, not the page's


_KEPT: dict[str, list[str]] = {}  # a file's sha256 -> its page digests, this process
KEPT = 64
_READERS: list[tuple[str, object]] = []  # the last few files read: (sha256, reader)
READERS = 4


def reader_for(pdf: bytes, key: str = "") -> pdfread.Reader | PdfReader:
    """A reader of these bytes (their ``pages``, each a dictionary whose ``[key]`` resolves
    a reference), shared: the builder digests the pages of a file drawn again, then the
    preflight reads the same objects (each parsed once). `pdfread`'s where it reads the
    file, else pypdf's."""
    key = key or hashlib.sha256(pdf).hexdigest()
    for known, reader in _READERS:
        if known == key:
            return reader
    try:
        reader = pdfread.Reader(pdf)
    except (pdfread.Unsupported, ValueError, KeyError, IndexError, AttributeError):
        reader = pypdf_reader(pdf)
    _READERS[:] = [(key, reader), *_READERS[: READERS - 1]]
    return reader


def pypdf_reader(pdf: bytes) -> PdfReader:
    """pypdf's reader of these bytes (the reprint sheet clones pages with pypdf's writer)."""
    from pypdf import PdfReader

    return PdfReader(io.BytesIO(pdf))


def page_digests(pdf: bytes) -> list[str]:
    """One digest per page, in order; kept by the file's bytes."""
    key = hashlib.sha256(pdf).hexdigest()
    found = _KEPT.get(key)
    if found is None:
        found = _digested(pdf, key)
        if len(_KEPT) >= KEPT:
            _KEPT.clear()
        _KEPT[key] = found
    return list(found)


def _digested(pdf: bytes, key: str) -> list[str]:
    """The page digests, read with the shared reader; with pypdf if `pdfread` stumbles on
    an object it does not read (the first pages' digests are not kept: all or none)."""
    reader = reader_for(pdf, key)
    try:
        return digests_of(reader)
    except (pdfread.Unsupported, ValueError, KeyError, IndexError, AttributeError):
        if not isinstance(reader, pdfread.Reader):
            raise
        reader = pypdf_reader(pdf)
        _READERS[:] = [(key, reader), *[r for r in _READERS if r[0] != key]]
        return digests_of(reader)


def digests_of(reader: Any) -> list[str]:
    """Each page's digest, from either reader (one memo of objects for the file): from
    `pdfread`'s, each object's digest kept by its bytes and its references' digests."""
    if isinstance(reader, pdfread.Reader):
        try:
            walk = _KeptWalk(reader)
            return [walk.object_digest(idnum) for idnum in reader.page_ids]
        except _Cycle:
            pass  # digests in a cycle depend on the order they are met in: the plain walk's
    walk = _Walk()
    return [_hashed(walk.text(page)) for page in reader.pages]


def _hashed(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:24]


Kinds = tuple[tuple[type, ...], ...]


@cache
def _kinds() -> Kinds:
    """References, dictionaries, streams and arrays of both readers."""
    from pypdf.generic import ArrayObject, DictionaryObject, IndirectObject, StreamObject

    return (
        (IndirectObject, pdfread.Ref),
        (DictionaryObject, pdfread.Dict),
        (StreamObject, pdfread.Stream),
        (ArrayObject, pdfread.Array),
    )


class _Walk:
    """A page by what it prints: its text names each object it uses by that object's
    digest; another page it names (a link's destination) stands for itself by a word, so
    an edit to a linked page leaves this page's digest alone."""

    def __init__(self) -> None:
        self.memo: dict[int, str] = {}
        self.kinds = _kinds()

    def ref(self, obj: Any) -> str:
        key = obj.idnum
        if key not in self.memo:
            if _is_page(obj.get_object(), self.kinds):
                return "page"  # a link's destination: its content is its own digest's
            self.memo[key] = "?"  # a cycle (an annotation pointing back): counted once
            self.memo[key] = _hashed(self.text(obj.get_object()))
        return self.memo[key]

    def text(self, obj: object) -> str:
        if type(obj) in pdfread.FLAT:  # no reference in it: its text is its own, made once
            if obj.text is None:
                obj.text = self._composed(obj)
            return obj.text
        return self._composed(obj)

    def _composed(self, obj: object) -> str:
        refs, dicts, streams, arrays = self.kinds
        if isinstance(obj, refs):
            return "@" + self.ref(obj)
        if isinstance(obj, dicts):
            items = [
                f"{key}:{self.text(value)}"
                for key, value in sorted(obj.items())
                if key not in SKIPPED
            ]
            body = "<<" + " ".join(items) + ">>"
            if isinstance(obj, streams):
                data = getattr(obj, "_data", b"") or b""
                body += "stream:" + hashlib.sha256(data).hexdigest()
            return body
        if isinstance(obj, arrays):
            return "[" + " ".join(self.text(v) for v in obj) + "]"
        return repr(obj)


class _Cycle(Exception):
    """Objects that reach each other: digested by the plain walk."""


# `_KeptWalk`'s memos, this process's and a child's beside a build (it measures the
# rulebook): an object's bytes (their sha256) -> (is it a page, the objects it names), and
# (its bytes, their digests) -> its digest. The same bytes in two files are the same object
# whatever else the files hold but for the objects it names, so their digests are in the key.
SHAPES = 8192
_SHAPES: Kept[bytes, tuple[bool, tuple[int, ...]]] = Kept("page-object-shapes", SHAPES)
_DIGESTS: Kept[tuple[bytes, tuple[str, ...]], str] = Kept("page-object-digests", SHAPES)


class _KeptWalk(_Walk):
    """The plain walk's digests, each object's kept for the process by its bytes and the
    digests of the objects it names: in a `watch` round only the objects written anew are
    read. (Within a cycle a digest depends on the walk's order: `_Cycle` gives it up.)"""

    def __init__(self, reader: pdfread.Reader) -> None:
        super().__init__()
        self.reader = reader

    def ref(self, obj: Any) -> str:
        idnum = obj.idnum
        if _shape(self.reader, idnum)[0]:
            return "page"
        return self.object_digest(idnum)

    def object_digest(self, idnum: int) -> str:
        found = self.memo.get(idnum)
        if found == "?":
            raise _Cycle
        if found is not None:
            return found
        self.memo[idnum] = "?"
        shape = _shape(self.reader, idnum)
        named = tuple(self.ref(pdfread.Ref(n, self.reader)) for n in shape[1])
        key = (self.reader.raw_digest(idnum), named)
        found = _DIGESTS.get(key)
        if found is None:
            found = _hashed(self.text(self.reader.get_object(idnum)))
            _DIGESTS.put(key, found)
        self.memo[idnum] = found
        return found


def _shape(reader: pdfread.Reader, idnum: int) -> tuple[bool, tuple[int, ...]]:
    """Whether the object is a page, and the objects it names (its text's references)."""
    raw = reader.raw_digest(idnum)
    found = _SHAPES.get(raw)
    if found is None:
        value = reader.get_object(idnum)
        found = (_is_page(value, _kinds()), tuple(_named(value)))
        _SHAPES.put(raw, found)
    return found


def _named(value: object) -> list[int]:
    if isinstance(value, pdfread.Ref):
        return [value.idnum]
    if isinstance(value, dict):
        return [n for k, v in value.items() if k not in SKIPPED for n in _named(v)]
    if isinstance(value, list):
        return [n for v in value for n in _named(v)]
    return []


def _is_page(obj: object, kinds: Kinds) -> bool:
    return isinstance(obj, kinds[1]) and obj.get("/Type") == "/Page"
