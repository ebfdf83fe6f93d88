"""The small reader of printkit's PDFs (build/pdfread.py) reads them as pypdf does: the
same page digests, the same pages' records and the same font verdicts, on made-up files
here and on every kit file of every game (`check_readers_agree`, called by the slow
whole-kit preflight test); a file it does not follow is read with pypdf."""

from __future__ import annotations

import io
import os
import uuid
from pathlib import Path

import pytest
from pypdf import PdfReader, PdfWriter

from printkit.build import pages, pdfread
from printkit.render import preflight as module

from .test_preflight import _linked_book, _sheet, _two_pages


def check_readers_agree(folder: Path) -> int:
    """Every PDF under ``folder`` read by `pdfread` (never falling back) and by pypdf: the
    same digests, records and font findings. Returns how many files were compared."""
    files = sorted(folder.rglob("*.pdf"))
    for path in files:
        _agree(path.read_bytes(), path.name)
    return len(files)


def _agree(data: bytes, name: str = "test.pdf") -> None:
    fast, slow = pdfread.Reader(data), pages.pypdf_reader(data)
    assert pages.digests_of(fast) == pages.digests_of(slow), name
    assert [module.read_record(p) for p in fast.pages] == [
        module.read_record(p) for p in slow.pages
    ], name
    assert module.check_fonts(name, fast) == module.check_fonts(name, slow), name


@pytest.fixture(autouse=True)
def _fresh(monkeypatch):
    """No file's digests or reader kept from another test."""
    monkeypatch.setattr(pages, "_KEPT", {})
    monkeypatch.setattr(pages, "_READERS", [])


def test_card_sheets_and_linked_pages_read_as_pypdf_reads_them():
    """Records of pieces, crop marks, links between pages, outlines, fonts."""
    for data in (_sheet(), _two_pages("Lemon"), _linked_book("Event cards")):
        _agree(data)
        assert isinstance(pages.reader_for(data), pdfread.Reader)


def test_a_file_pypdf_wrote_reads_as_pypdf_reads_it():
    """reprint.pdf is pypdf's writer's: pages cloned from printkit's files."""
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(_sheet())))
    for page in PdfReader(io.BytesIO(_linked_book("Event cards"))).pages:
        writer.add_page(page)
    out = io.BytesIO()
    writer.write(out)
    _agree(out.getvalue())


def test_strings_and_numbers_read_as_pypdf_reads_them():
    """Escapes, octal codes, nested parentheses, hex strings, UTF-16, reals, booleans."""
    body = (
        rb"<< /Type /Page /MediaBox [0 0 595.2756 841.8898] /A (a\(b\)c \101\0617 \q (x)) "
        rb"/B <FEFF0041 00e9> /C <4142 3> /D [true false null -.5 +3 1.0] /E (line\
        continued\r\n) /F [1 0 R] >>"
    )
    _agree(_one_page_file(body))


def _one_page_file(page: bytes, *more: bytes) -> bytes:
    """A classic PDF of one page object (numbered 3) and ``more`` objects (4, 5...), as a
    test writes it by hand."""
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        page.replace(b"[1 0 R]", b"[2 0 R]"),
        *more,
    ]
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n%s\nendobj\n" % (number, body)
    table = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (
        len(objects) + 1,
        table,
    )
    return bytes(out)


def test_a_file_it_does_not_follow_is_read_with_pypdf():
    """Object streams and a cross-reference stream: pypdf reads it, the digests are its."""
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(_two_pages("Lemon"))))
    writer.compress_identical_objects()
    out = io.BytesIO()
    writer.write(out)
    data = out.getvalue()
    with pytest.raises(pdfread.Unsupported):
        pdfread.Reader(_one_page_file(b"<< /Type /Page /A#20B 1 >>"))
    assert pages.page_digests(data) == pages.digests_of(pages.pypdf_reader(data))
    escaped = _one_page_file(b"<< /Type /Page /A#20B 1 >>")
    assert pages.page_digests(escaped) == pages.digests_of(pages.pypdf_reader(escaped))
    assert not isinstance(pages.reader_for(escaped), pdfread.Reader)


def test_arrays_and_dictionaries_of_numbers_and_names_are_read_once_a_process():
    """A font's widths, a box, a procedure set come back as the same object for the same
    bytes: read once."""
    data = _sheet()
    first, second = _flat(pdfread.Reader(data)), _flat(pdfread.Reader(data))
    assert first and all(a is b for a, b in zip(first, second, strict=True))
    assert {type(v) for v in first} == {pdfread.FlatArray, pdfread.FlatDict}


def _flat(reader: pdfread.Reader) -> list:
    found = []
    for number in range(1, int(reader.trailer["/Size"])):
        value = reader.get_object(number)
        if isinstance(value, pdfread.FLAT):
            found.append(value)
        if isinstance(value, dict):
            found += [v for v in value.values() if isinstance(v, pdfread.FLAT)]
    return found


def _counting(monkeypatch) -> list[int]:
    """The number of each object a `pdfread.Reader` parses from now on."""
    parsed: list[int] = []
    get = pdfread.Reader.get_object

    def counting(reader, idnum):
        if idnum not in reader._objects:
            parsed.append(idnum)
        return get(reader, idnum)

    monkeypatch.setattr(pdfread.Reader, "get_object", counting)
    return parsed


def test_a_file_sharing_objects_with_one_read_before_reads_only_its_new_ones(monkeypatch):
    """Each object's digest is kept by its bytes and the digests of the objects it names:
    the second sheet (one word changed on its second page) parses only the objects
    written anew, and its digests are the plain walk's."""
    word = uuid.uuid4().hex[:8]  # a page no other test drew: the memos are the process's
    before, after = _two_pages(f"Lemon {word}"), _two_pages(f"Lime {word}")
    pages.page_digests(before)
    tree = len(pdfread.Reader(after).page_ids) + 2  # catalog, page tree, pages: always read
    parsed = _counting(monkeypatch)
    digests = pages.page_digests(after)
    assert digests == pages.digests_of(pages.pypdf_reader(after))
    assert 0 < len(parsed) - tree <= 3, parsed  # the second page's content, its font's subset


def test_objects_reaching_each_other_are_digested_by_the_plain_walk():
    """In a cycle a digest depends on the order objects are met: pypdf's order is kept."""
    page = b"<< /Type /Page /Parent 2 0 R /Loop 4 0 R >>"
    data = _one_page_file(page, b"<< /Next 5 0 R >>", b"<< /Prev 4 0 R /N 1 >>")
    assert pages.page_digests(data) == pages.digests_of(pages.pypdf_reader(data))
    assert isinstance(pages.reader_for(data), pdfread.Reader)


@pytest.mark.skipif(not hasattr(os, "fork"), reason="a child beside the build needs fork")
def test_what_a_child_beside_a_build_read_comes_back(monkeypatch, tmp_path):
    """The child measures the rulebook: the digests of its objects and its pages' records
    and fonts come back with the file, so the next measuring parses no object again."""
    from printkit.build import aside

    monkeypatch.setattr(aside, "_cores", lambda: 2)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    data = _linked_book(f"Made beside {uuid.uuid4().hex[:8]}")
    jobs = [("rulebook.pdf", lambda: data)]
    with aside.beside(jobs, module.measure_file) as child:
        assert child is not None
        found = child.collect()
    assert found is not None and found["rulebook.pdf"][0] == data
    parsed = _counting(monkeypatch)
    pdfread.Reader(data)
    tree = len(parsed)  # the catalog, the page tree, the pages: read to find the pages
    parsed.clear()
    digests = pages.page_digests(data)
    reader = pages.reader_for(data)
    assert module.check_fonts("rulebook.pdf", reader, digests) == []
    records = [module._page_record(p, d) for p, d in zip(reader.pages, digests, strict=True)]
    assert records == [module.read_record(p) for p in reader.pages]
    assert len(parsed) == tree, parsed  # no other object


def test_a_record_written_through_references_reads_as_pypdf_reads_it():
    """A page's record whose parts are other objects: read through them, as pypdf does."""
    page = (
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /TrimBox 6 0 R "
        b"/PieceInfo << /printkit << /Private << /Kind /sheet /Bleed 4 0 R "
        b"/Pieces 5 0 R >> >> >> >>"
    )
    piece = b"[<< /L (card) /T [10 10 60 90] /S /front /K (disc) >>]"
    data = _one_page_file(page, b"8.5", piece, b"[5 5 95 95]")
    _agree(data)
    record = module.read_record(pdfread.Reader(data).pages[0])
    assert record.kind == "sheet" and record.bleed == 8.5 and record.trim == (5, 5, 95, 95)
    assert [p.label for p in record.pieces] == ["card"]
