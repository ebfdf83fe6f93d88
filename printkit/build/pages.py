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
    """Each page's digest, from either reader (one memo of objects for the file)."""
    memo: dict[int, str] = {}
    kinds = _kinds()
    return [_page_digest(page, memo, kinds) for page in reader.pages]


def _page_digest(page, memo: dict[int, str], kinds: Kinds) -> str:
    """A page by what it prints: another page it names (a link's destination) stands for
    itself by a word, so an edit to a linked page leaves this page's digest alone."""
    return hashlib.sha256(_text(page, memo, kinds).encode()).hexdigest()[:24]


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


def _digest(obj: object, memo: dict[int, str], kinds: Kinds) -> str:
    if isinstance(obj, kinds[0]):
        key = obj.idnum
        if key not in memo:
            if _is_page(obj.get_object(), kinds):
                return "page"  # a link's destination: its content is its own digest's
            memo[key] = "?"  # a cycle (an annotation pointing back): counted once
            memo[key] = hashlib.sha256(_text(obj.get_object(), memo, kinds).encode()).hexdigest()[
                :24
            ]
        return memo[key]
    return hashlib.sha256(_text(obj, memo, kinds).encode()).hexdigest()[:24]


def _text(obj: object, memo: dict[int, str], kinds: Kinds) -> str:
    if type(obj) in pdfread.FLAT:  # no reference in it: its text is its own, made once
        if obj.text is None:
            obj.text = _composed(obj, memo, kinds)
        return obj.text
    return _composed(obj, memo, kinds)


def _composed(obj: object, memo: dict[int, str], kinds: Kinds) -> str:
    refs, dicts, streams, arrays = kinds
    if isinstance(obj, refs):
        return "@" + _digest(obj, memo, kinds)
    if isinstance(obj, dicts):
        items = [
            f"{key}:{_text(value, memo, kinds)}"
            for key, value in sorted(obj.items())
            if key not in SKIPPED
        ]
        body = "<<" + " ".join(items) + ">>"
        if isinstance(obj, streams):
            data = getattr(obj, "_data", b"") or b""
            body += "stream:" + hashlib.sha256(data).hexdigest()
        return body
    if isinstance(obj, arrays):
        return "[" + " ".join(_text(v, memo, kinds) for v in obj) + "]"
    return repr(obj)


def _is_page(obj: object, kinds: Kinds) -> bool:
    return isinstance(obj, kinds[1]) and obj.get("/Type") == "/Page"
