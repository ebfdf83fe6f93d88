"""Typesetting a run of pages again stops where it meets pages typeset before.

After a one-word edit most pages of the edited run begin as they did before: the
same page number, the same bookkeeping (the chapter a header names, the contents
lines already numbered, what platypus wrote on the flowables still to come) and
the same flowables next. A page is a function of how it begins and of the
flowables it takes, and of the few after them that platypus looks at before it
breaks (a heading kept with what follows). So where a kept run's pages began the
same way and took flowables with the same names, they are taken as they were and
layout goes on where they end: the incremental layout of a text editor, checked
page by page.

Flowables are named by what made them (a node's digest and their place among
its flowables, or the kept-together group of such names), so two runs' stories
compare without comparing objects. A page may begin with what is left of a
group split at the previous page's foot (its parts, named as they were made) or
with the remainder of a split paragraph: a remainder is named by the flowable
split, the width and height it was split at and its place among the parts, and
made again, where layout resumes at such a page, by splitting the new run's
flowable of that name the same way (a paragraph's split depends on its lines at
that width and the height alone). Anything this module does not know how to
name or carry (a remainder of a table or a box, a frame background, a page
template cycle) leaves that page without a mark: it is typeset, never guessed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from reportlab.platypus import (
    CondPageBreak,
    KeepTogether,
    ListFlowable,
    NextPageTemplate,
    Paragraph,
)
from reportlab.platypus.doctemplate import BaseDocTemplate
from reportlab.platypus.flowables import DDIndenter
from reportlab.platypus.frames import Frame

from printkit.build import diskcache
from printkit.build.fingerprint import digest

MARKS_KIND = "rulebook-marks"  # a page's mark -> (the run it was typeset in, its place there)
FLAGS = ("_postponed", "keepWithNext", "_skipMeNextTime")  # what platypus writes on flowables


class Finished(Exception):
    """The rest of the run is a kept run's last pages: layout stops."""


@dataclass(frozen=True)
class PageMark:
    """How one page of a run began."""

    front: int | None  # the first of the story's own flowables still to come (None: unknown)
    state: tuple | None  # page number, template, bookkeeping, flags (None: not carried)
    key: str  # the mark's name in the disk cache; "" if the page cannot be resumed at
    head: tuple[str, ...] = ()  # what comes before it: a split group's parts, remainders


@dataclass(frozen=True)
class Split:
    """How a remainder was made: the flowable split, the width it was wrapped at and split
    at, the height it was split at, and which of the parts it is; ``text`` sums up the
    part's words, checked when it is made again."""

    parent: str
    wrapped: float
    width: float
    height: float
    place: int
    text: str = ""

    @property
    def name(self) -> str:
        return "split:" + digest(self.parent, self.wrapped, self.width, self.height, self.place)


@dataclass(frozen=True)
class Story:
    """A run's flowables by name, in order, and which are kept with the next."""

    names: tuple[str, ...]  # "" for a flowable without a name
    keeps: tuple[bool, ...]


def name_story(flowables: Sequence[Any], made: Mapping[int, str]) -> Story:
    """Each flowable's name: ``made`` names a node's own flowables (by id)."""
    return Story(
        tuple(_name(f, made) for f in flowables),
        tuple(bool(f.getKeepWithNext()) for f in flowables),
    )


def _name(flowable: Any, made: Mapping[int, str]) -> str:
    found = made.get(id(flowable))
    if found:
        return found
    if isinstance(flowable, KeepTogether):  # a table's keep too: its parts' names
        parts = [_name(f, made) for f in flowable._content]
        return "" if "" in parts else f"{type(flowable).__name__}({','.join(parts)})"
    if type(flowable) is CondPageBreak:
        return f"CondPageBreak({flowable.height!r})"
    if type(flowable) is NextPageTemplate:
        return f"NextPageTemplate({flowable.action!r})"
    return ""


def page_state(
    doc: BaseDocTemplate, originals: Sequence[Any], front: int, head: Sequence[Any] = ()
) -> tuple | None:
    """What a page's layout depends on besides its flowables, as it begins; None where
    the document holds something this module does not carry from one run to another."""
    own = getattr(doc, "layout_state", None)
    cycle = getattr(doc, "_nextPageTemplateCycle", None)
    if own is None or doc._hanging or doc._frameBGs or doc._topFlowables or cycle is not None:
        return None
    if doc._pageTopFlowables or doc.frame is not doc.pageTemplate.frames[0]:
        return None
    flags = []
    for offset, flowable in enumerate(originals[front:]):
        written = _written(flowable)
        if written:
            flags.append((offset, written))
    return (
        doc.page,
        doc.pageTemplate.id,
        getattr(doc, "_nextPageTemplateIndex", None),
        doc._leftExtraIndent,
        doc._rightExtraIndent,
        doc._emptyPages,
        tuple(doc.canv._pagesize),
        own(),
        tuple(flags),
        tuple(_written(flowable) for flowable in head),
    )


def _holder(flowable: Any) -> Any:
    """Where platypus's flags on a flowable live: an indenter passes them to what it holds."""
    while isinstance(flowable, DDIndenter):
        flowable = flowable.__dict__["_flowable"]
    return flowable


def _written(flowable: Any) -> tuple:
    held = _holder(flowable).__dict__
    return tuple((n, held[n]) for n in FLAGS if n in held)


def _set_flags(flowable: Any, written: tuple) -> None:
    held = _holder(flowable).__dict__
    for name in FLAGS:
        held.pop(name, None)
    held.update(written)


def splits_alike(flowable: Any) -> bool:
    """A flowable whose split parts depend only on itself, the width it is wrapped at and
    the height it is split at: a paragraph (its lines at that width), a list item
    holding one, or a flowable whose class says so (``split_by_size``: a long table
    run on over a page)."""
    if isinstance(flowable, DDIndenter):
        return splits_alike(flowable.__dict__["_flowable"])
    if getattr(type(flowable), "split_by_size", False):
        return True
    return isinstance(flowable, Paragraph) and type(flowable).split is Paragraph.split


def words_of(part: Any) -> str:
    """What a split part prints, summed up to check a part made again: a paragraph's text,
    a table's cells, else the kind of flowable it is."""
    plain = getattr(part, "getPlainText", None)
    if plain is not None:
        return plain()
    rows = getattr(part, "_cellvalues", None)
    if rows is not None:
        return repr([[_cell_words(cell) for cell in row] for row in rows])
    return type(part).__name__


def _cell_words(cell: Any) -> object:
    if isinstance(cell, str | list | tuple):
        return cell if isinstance(cell, str) else [_cell_words(c) for c in cell]
    return words_of(cell)


def named_parts(flowables: Sequence[Any], made: Mapping[int, str]) -> dict[str, Any]:
    """The flowables, the parts of their kept groups and the items of their lists, by
    name; a name given twice stands for nothing (None)."""
    found: dict[str, Any] = {}

    def walk(flowable: Any) -> None:
        name = made.get(id(flowable))
        if name:
            found[name] = None if name in found else flowable
        inner = flowable._content if isinstance(flowable, (KeepTogether, ListFlowable)) else ()
        for part in inner:
            walk(part)

    for flowable in flowables:
        walk(flowable)
    return found


def split_height(frame: Frame, flowable: Any) -> float:
    """The height ``Frame.split`` offers a flowable, worked out as it does."""
    before = 0.0
    if not frame._atTop:
        before = flowable.getSpaceBefore()
        if frame._oASpace:
            before = max(before - frame._prevASpace, 0)
    return frame._y - frame._y1p - before


class Resumer:
    """Marks each page of a run as it begins and, where a kept run's pages began the same
    way, takes them instead of laying them out (``kept`` loads a run by its key); ``made``
    names the story's flowables and their parts by id."""

    def __init__(
        self, doc, story: list, names: Story, base: str, kept, made: Mapping[int, str]
    ) -> None:
        self.doc = doc
        self.story = story  # the list platypus works through
        self.originals = list(story)
        self.names = names
        self.base = base
        self.kept = kept  # key -> RunRecord or None
        self.made = dict(made)  # id -> name, remainders split in this run too
        for flowable, name in zip(self.originals, names.names):  # groups kept by the story
            if name:
                self.made.setdefault(id(flowable), name)
        self.parts = named_parts(self.originals, self.made)  # name -> flowable (None: twice)
        self.remainders: dict[str, Any] = {}  # name -> a remainder of this run (None: twice)
        self.splits: dict[str, Split] = {}  # how each remainder was made
        self.marks: list[PageMark] = []
        self.taken: set[int] = set()  # the marks of pages taken from a kept run
        self.landed: dict[str, int] = {}  # contents anchors on the pages taken
        for template in doc.pageTemplates:
            for frame in template.frames:
                frame.split = self._splitter(frame)

    def _splitter(self, frame: Frame):
        def split(flowable: Any, canv) -> list:
            wrapped, width = frame._getAvailableWidth(), frame._aW
            height = split_height(frame, flowable)
            parts = Frame.split(frame, flowable, canv)
            parent = self.made.get(id(flowable), "")
            if parts and splits_alike(flowable) and self._one(parent) is flowable:
                self._name_remainders(Split(parent, wrapped, width, height, 0), parts)
            return parts

        return split

    def _name_remainders(self, how: Split, parts: Sequence[Any]) -> None:
        for place, part in enumerate(parts):
            if id(part) in self.made:  # the flowable itself: it fits after all
                continue
            split = replace(how, place=place, text=digest(words_of(part)))
            name = split.name
            self.made[id(part)] = name
            self.remainders[name] = None if name in self.remainders else part
            self.splits[name] = split

    def _one(self, name: str) -> Any:
        """The one flowable of this run with this name, if there is one."""
        if name in self.parts:
            return self.parts[name]
        return self.remainders.get(name)

    def page_began(self) -> None:
        BaseDocTemplate.handle_pageBegin(self.doc)
        front, head = self._front()
        state = page_state(self.doc, self.originals, front, head)
        names = tuple(self.made.get(id(f), "") for f in head)
        first = self.names.names[front] if front < len(self.originals) else ""
        known = first or (names and front == len(self.originals))  # not an unnamed flowable
        key = ""
        if state is not None and "" not in names and known:
            key = digest(MARKS_KIND, self.base, state, names, first)
        self.marks.append(PageMark(front, state, key, names))
        if key and diskcache.reading():
            self._resume(front, key)

    def _front(self) -> tuple[int, list]:
        """Where the story's own flowables take up again, and what comes before them."""
        story, originals = self.story, self.originals
        rest, total = len(story), len(originals)
        same = 0
        while same < min(rest, total) and story[rest - 1 - same] is originals[total - 1 - same]:
            same += 1
        return total - same, story[: rest - same]

    def _resume(self, front: int, key: str) -> None:
        found = diskcache.load_value(MARKS_KIND, key)
        if not (isinstance(found, tuple) and len(found) == 2):
            return
        record = self.kept(found[0])
        marks = getattr(record, "marks", None)
        names = getattr(record, "story", None)
        at = found[1]
        if not marks or names is None or not 0 <= at < len(marks) or marks[at].key != key:
            return
        until = self._same_pages(record, at, front - marks[at].front)
        head: list | None = []
        while at < until < len(marks):
            head = self._made_again(marks[until].head, record.splits)
            if head is not None:
                break
            until -= 1  # its top cannot be made again: resume a page earlier
        if until > at:
            self._take(record, at, until, front, head or [])

    def _made_again(self, names: Sequence[str], splits: Mapping[str, Split]) -> list | None:
        """This run's flowables for the names a kept page began with, remainders split
        again as they were; None if one cannot be found or made."""
        made = [self._named(name, splits) for name in names]
        return None if any(f is None for f in made) else made

    def _named(self, name: str, splits: Mapping[str, Split]) -> Any:
        if name in self.parts or name in self.remainders:
            return self._one(name)
        split = splits.get(name)
        if split is None:
            return None
        parent = self._named(split.parent, splits)
        if parent is None or not splits_alike(parent):
            return None
        canv = self.doc.canv
        parent.canv = canv
        try:
            parent.wrap(split.wrapped, split.height)  # as the frame did before it split
            parts = parent.split(split.width, split.height)
        finally:
            parent.__dict__.pop("canv", None)
            _holder(parent).__dict__.pop("canv", None)
        self._name_remainders(split, parts)
        again = self.splits.get(name)
        return self.remainders.get(name) if again is not None and again == split else None

    def _same_pages(self, record, at: int, shift: int) -> int:
        """How far the kept run's pages from ``at`` take flowables named as ours are: the
        page index layout resumes at (len(marks): the rest of the run)."""
        marks, old, new = record.marks, record.story, self.names
        template = self.marks[-1].state[1:3] + self.marks[-1].state[6:7]
        page = at
        while page < len(marks):
            start = marks[page].front
            if page + 1 == len(marks):  # the last page: the stories must end alike
                tail = old.names[start:]
                same = len(new.names) - (start + shift) == len(tail)
                return page + 1 if same and tail == new.names[start + shift :] else page
            following = marks[page + 1]
            if following.front is None or following.state is None or not following.key:
                return page
            if following.state[1:3] + following.state[6:7] != template:
                return page
            end = _looked_at(old, following)
            if end + shift > len(new.names):
                return page
            if (
                "" in old.names[start:end]
                or old.names[start:end] != new.names[start + shift : end + shift]
            ):
                return page
            page += 1
        return page

    def _take(self, record, at: int, until: int, front: int, head: list) -> None:
        """The kept pages ``at`` to ``until`` stand for ours: their records, contents
        lines and marks; then this page is the kept run's page ``until``, or the run ends."""
        doc, marks = self.doc, record.marks
        shift = front - marks[at].front
        first = doc.page
        doc.canv.pages.extend(record.pages[at:until])
        self.taken.update(range(len(self.marks) - 1, len(self.marks) - 1 + until - at))
        last = first + (until - at)
        for anchor, number in record.landed.items():
            if first <= number < last:
                self.landed.setdefault(anchor, number)
        for mark in marks[at + 1 : until + 1]:
            moved = None if mark.front is None else mark.front + shift
            self.marks.append(PageMark(moved, mark.state, mark.key, mark.head))
            self._carry(mark.head, record.splits)
        if until == len(marks):
            raise Finished("the rest of the run is kept")
        self._restore(marks[until], marks[until].front + shift, head)

    def _carry(self, names: Sequence[str], splits: Mapping[str, Split]) -> None:
        """How the remainders a taken page begins with were made, kept with this run."""
        for name in names:
            while name in splits and name not in self.splits:
                self.splits[name] = splits[name]
                name = splits[name].parent

    def kept_splits(self) -> dict[str, Split]:
        """How each remainder a page of this run begins with was made (and its parents)."""
        kept: dict[str, Split] = {}
        for mark in self.marks:
            for name in mark.head:
                while name in self.splits and name not in kept:
                    kept[name] = self.splits[name]
                    name = kept[name].parent
        return kept

    def _restore(self, mark: PageMark, front: int, head: list) -> None:
        doc = self.doc
        page, template, following, left, right, empty, _, own, flags, heads = mark.state
        doc.page = page
        doc.canv._pageNumber = page
        doc.pageTemplate = next(t for t in doc.pageTemplates if t.id == template)
        if following is None:
            doc.__dict__.pop("_nextPageTemplateIndex", None)
        else:
            doc._nextPageTemplateIndex = following
        doc._leftExtraIndent, doc._rightExtraIndent, doc._emptyPages = left, right, empty
        doc.restore_layout_state(own)
        self.story[:] = [*head, *self.originals[front:]]
        for flowable in self.originals[front:]:
            _set_flags(flowable, ())
        for offset, written in flags:
            _set_flags(self.originals[front + offset], written)
        for flowable, written in zip(head, heads):
            _set_flags(flowable, written)
        doc.pageTemplate.onPage(doc.canv, doc)  # the page's start again, for this state


def _looked_at(story: Story, following: PageMark) -> int:
    """Where the flowables a page's layout looked at end, the next page beginning as
    ``following``: platypus tries the next flowable before it breaks, and looks ahead
    through what keeps with the next. A page whose foot splits a paragraph or a group
    ends there: what follows was never tried, unless the split one keeps with it."""
    end = following.front
    if following.head and not (end > 0 and story.keeps[end - 1]):
        return end
    while end < len(story.names) and story.keeps[end]:
        end += 1
    return min(end + 1, len(story.names))
