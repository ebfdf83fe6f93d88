"""Rulebook pictures: a PNG is rasterised once per drawing and served from the disk cache."""

from __future__ import annotations

import pytest

from printkit.render.fonts import BODY
from printkit.rulebook import pictures
from printkit.rulebook.pictures import PictureBlock, PictureSheet, drawing_digest, rasterise


def card(text: str):
    def draw(c, box):
        c.setFillColorRGB(1.0, 0.9, 0.5)
        c.rect(box.x, box.y, box.width, box.height, stroke=0, fill=1)
        c.setFillColorRGB(0, 0, 0)
        c.setFont(BODY, 9)
        c.drawString(box.x + 6, box.cy, text)

    return draw


def block(text: str, sheet: PictureSheet | None = None) -> PictureBlock:
    return PictureBlock(card(text), 180, 252, 0.5, text, sheet)


@pytest.mark.parametrize(
    "first, second",
    [
        ("Take 4 lemons", "Take 5 lemons"),
        ("Café", "Cafë"),  # one non-ASCII letter for another: same operators, other glyphs
        ("Лимонад", "Лимонал"),
    ],
)
def test_a_different_drawing_has_a_different_digest(first, second):
    assert drawing_digest(block(first)) != drawing_digest(block(second))


def test_the_same_drawing_has_the_same_digest():
    assert drawing_digest(block("Early Bird")) == drawing_digest(block("Early Bird"))


def test_a_picture_rasterised_alone_equals_it_among_others():
    """The cache serves a PNG made on its own page to a sheet of many: they must agree."""
    pictures_ = [block(t) for t in ("Bartering", "Лимонад ещё", "Sales Bonus ×2")]
    together = rasterise(pictures_)
    alone = [rasterise([p])[0] for p in pictures_]
    assert together == alone
    assert len(set(together)) == 3


def test_a_cached_sheet_rasterises_only_the_changed_picture(monkeypatch):
    drawn: list[str] = []
    real = pictures.rasterise

    def counting(batch):
        drawn.extend(p.alt for p in batch)
        return real(batch)

    monkeypatch.setattr(pictures, "rasterise", counting)
    names = ["Hire Fridge", "Petty Theft", "Event Immunity"]
    first = PictureSheet()
    before = [first.png(b) for b in [block(n, first) for n in names]]
    drawn.clear()
    again = PictureSheet()
    same = [again.png(b) for b in [block(n, again) for n in names]]
    assert same == before and drawn == []
    edited = PictureSheet()
    blocks = [block(n if n != "Petty Theft" else "Petty Theft!", edited) for n in names]
    after = [edited.png(b) for b in blocks]
    assert drawn == ["Petty Theft!"]
    assert after[0] == before[0] and after[2] == before[2] and after[1] != before[1]


def test_an_unwritable_cache_only_costs_speed(tmp_path, monkeypatch):
    blocked = tmp_path / "file-not-folder"
    blocked.write_text("")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocked))
    sheet = PictureSheet()
    png = sheet.png(block("Bad Lemons", sheet))
    assert png.startswith(b"\x89PNG")


def test_a_translucent_drawing_is_not_portable():
    def translucent(c, box):
        c.setFillAlpha(0.5)
        c.rect(box.x, box.y, box.width, box.height, stroke=0, fill=1)

    assert block("Plain").fingerprint().portable
    assert not PictureBlock(translucent, 100, 100, 1.0, "shade").fingerprint().portable


def test_pictures_kept_in_memory_are_served_only_whole(monkeypatch):
    """A watch round's parent keeps PNGs in memory by drawing digest; an entry that is not
    a PNG (torn, or other bytes) is a miss, and the picture is rasterised again."""
    sheet = PictureSheet()
    picture = block("Kept Lemons", sheet)
    png = sheet.png(picture)
    key = drawing_digest(picture)
    assert pictures.kept_png(key) == png
    torn = png[:40].replace(b"PNG", b"GIF")
    pictures._PNGS.put(key, torn)
    monkeypatch.setattr(pictures.diskcache, "load", lambda kind, key: None)
    assert pictures.kept_png(key) is None
    again = PictureSheet()
    assert again.png(block("Kept Lemons", again)) == png
    assert pictures.kept_png(key) == png
    with pictures.diskcache.fresh():  # --force: nothing kept is served, memory included
        assert pictures.kept_png(key) is None


def test_an_html_page_rasterises_the_pictures_nothing_keeps_at_once(monkeypatch):
    """Pictures on separate sheets, none kept, are drawn in one PDF when the page is done;
    the page holds the same PNGs as pictures drawn one by one."""
    batches: list[list[str]] = []
    real = pictures.rasterise
    monkeypatch.setattr(pictures, "diskcache", _NoCache())
    pictures._PNGS.forget()
    monkeypatch.setattr(
        pictures, "rasterise", lambda batch: batches.append([p.alt for p in batch]) or real(batch)
    )
    names = ["Batch One", "Batch Two", "Batch One"]
    with pictures.batched() as batch:
        page = "".join(block(n).html() for n in names)
        assert "\0picture:" in page
        page = batch.fill(page)
    assert batches == [["Batch One", "Batch Two"]]
    pictures._PNGS.forget()
    alone = "".join(block(n).html() for n in names)
    assert page == alone and len(batches) == 3


class _NoCache:
    """A disk cache that keeps nothing."""

    @staticmethod
    def load(kind, key):
        return None

    @staticmethod
    def store(kind, key, data):
        return None

    @staticmethod
    def reading():
        return True

    @staticmethod
    def cache_folder(kind):
        return f"no-cache/{kind}"
