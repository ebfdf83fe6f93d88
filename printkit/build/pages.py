"""What a PDF's pages are, page by page: a digest of each page as printed.

A page's digest covers its content streams and everything they use (fonts,
pictures, forms, boxes, the page's own record), resolved by content rather
than by object number, so the same page in two files has the same digest
however the files number their objects. The builder keeps these per part:
a sheet is reprinted only if one of its pages came out different.
"""

from __future__ import annotations

import hashlib
import io
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pypdf import PdfReader

SKIPPED = {"/Parent"}  # the page tree a page sits in is the file's, not the page's


_KEPT: dict[str, list[str]] = {}  # a file's sha256 -> its page digests, this process
KEPT = 64
_READERS: list[tuple[str, PdfReader]] = []  # the last few files parsed: (sha256, pypdf reader)
READERS = 4


def reader_for(pdf: bytes, key: str = "") -> PdfReader:
    """A pypdf reader of these bytes, shared: the builder digests the pages of a file drawn
    again, then the preflight reads the same objects (each parsed once, in the reader)."""
    from pypdf import PdfReader

    key = key or hashlib.sha256(pdf).hexdigest()
    for known, reader in _READERS:
        if known == key:
            return reader
    reader = PdfReader(io.BytesIO(pdf))
    _READERS[:] = [(key, reader), *_READERS[: READERS - 1]]
    return reader


def page_digests(pdf: bytes) -> list[str]:
    """One digest per page, in order; kept by the file's bytes."""
    key = hashlib.sha256(pdf).hexdigest()
    found = _KEPT.get(key)
    if found is None:
        reader = reader_for(pdf, key)
        memo: dict[int, str] = {}
        found = [_page_digest(page, memo) for page in reader.pages]
        if len(_KEPT) >= KEPT:
            _KEPT.clear()
        _KEPT[key] = found
    return list(found)


def _page_digest(page, memo: dict[int, str]) -> str:
    """A page by what it prints: another page it names (a link's destination) stands for
    itself by a word, so an edit to a linked page leaves this page's digest alone."""
    return hashlib.sha256(_text(page, memo).encode()).hexdigest()[:24]


def _digest(obj: object, memo: dict[int, str]) -> str:
    from pypdf.generic import IndirectObject

    if isinstance(obj, IndirectObject):
        key = obj.idnum
        if key not in memo:
            if _is_page(obj.get_object()):
                return "page"  # a link's destination: its content is its own digest's
            memo[key] = "?"  # a cycle (an annotation pointing back): counted once
            memo[key] = hashlib.sha256(_text(obj.get_object(), memo).encode()).hexdigest()[:24]
        return memo[key]
    return hashlib.sha256(_text(obj, memo).encode()).hexdigest()[:24]


def _text(obj: object, memo: dict[int, str]) -> str:
    from pypdf.generic import ArrayObject, DictionaryObject, IndirectObject, StreamObject

    if isinstance(obj, IndirectObject):
        return "@" + _digest(obj, memo)
    if isinstance(obj, DictionaryObject):
        items = [
            f"{key}:{_text(value, memo)}"
            for key, value in sorted(obj.items())
            if key not in SKIPPED
        ]
        body = "<<" + " ".join(items) + ">>"
        if isinstance(obj, StreamObject):
            data = getattr(obj, "_data", b"") or b""
            body += "stream:" + hashlib.sha256(data).hexdigest()
        return body
    if isinstance(obj, ArrayObject):
        return "[" + " ".join(_text(v, memo) for v in obj) + "]"
    return repr(obj)


def _is_page(obj: object) -> bool:
    from pypdf.generic import DictionaryObject

    return isinstance(obj, DictionaryObject) and obj.get("/Type") == "/Page"
