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
compare without comparing objects. Anything this module does not know how to
name or carry (a split remainder at a page's top, a frame background, a page
template cycle) leaves that page without a mark: it is typeset, never guessed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from reportlab.platypus import CondPageBreak, KeepTogether, NextPageTemplate
from reportlab.platypus.doctemplate import BaseDocTemplate

from printkit.build import diskcache
from printkit.build.fingerprint import digest

MARKS_KIND = "rulebook-marks"  # a page's mark -> (the run it was typeset in, its place there)
FLAGS = ("_postponed", "keepWithNext", "_skipMeNextTime")  # what platypus writes on flowables


class Finished(Exception):
    """The rest of the run is a kept run's last pages: layout stops."""


@dataclass(frozen=True)
class PageMark:
    """How one page of a run began."""

    front: int | None  # the story's flowable the page starts with; None: a split remainder
    state: tuple | None  # page number, template, bookkeeping, flags (None: not carried)
    key: str  # the mark's name in the disk cache; "" if the page cannot be resumed at


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


def page_state(doc: BaseDocTemplate, originals: Sequence[Any], front: int) -> tuple | None:
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
        written = tuple((n, flowable.__dict__[n]) for n in FLAGS if n in flowable.__dict__)
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
    )


class Resumer:
    """Marks each page of a run as it begins and, where a kept run's pages began the same
    way, takes them instead of laying them out (``kept`` loads a run by its key)."""

    def __init__(self, doc, story: list, names: Story, base: str, kept) -> None:
        self.doc = doc
        self.story = story  # the list platypus works through
        self.originals = list(story)
        self.names = names
        self.base = base
        self.kept = kept  # key -> RunRecord or None
        self.marks: list[PageMark] = []
        self.landed: dict[str, int] = {}  # contents anchors on the pages taken

    def page_began(self) -> None:
        BaseDocTemplate.handle_pageBegin(self.doc)
        front = self._front()
        state = None if front is None else page_state(self.doc, self.originals, front)
        key = ""
        if state is not None and self.names.names[front]:
            key = digest(MARKS_KIND, self.base, state, self.names.names[front])
        self.marks.append(PageMark(front, state, key))
        if key and diskcache.reading():
            self._resume(front, key)

    def _front(self) -> int | None:
        rest = len(self.story)
        start = len(self.originals) - rest
        if rest and self.story[0] is self.originals[start]:
            return start
        return None

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
        if until > at:
            self._take(record, at, until, front)

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
            if following.front is None or following.state is None:
                return page
            if following.state[1:3] + following.state[6:7] != template:
                return page
            end = following.front
            while end < len(old.names) and old.keeps[end]:
                end += 1  # platypus looks ahead through what keeps with the next
            end = min(end + 1, len(old.names))
            if end + shift > len(new.names):
                return page
            if (
                "" in old.names[start:end]
                or old.names[start:end] != new.names[start + shift : end + shift]
            ):
                return page
            page += 1
        return page

    def _take(self, record, at: int, until: int, front: int) -> None:
        """The kept pages ``at`` to ``until`` stand for ours: their records, contents
        lines and marks; then this page is the kept run's page ``until``, or the run ends."""
        doc, marks = self.doc, record.marks
        shift = front - marks[at].front
        first = doc.page
        doc.canv.pages.extend(record.pages[at:until])
        last = first + (until - at)
        for anchor, number in record.landed.items():
            if first <= number < last:
                self.landed.setdefault(anchor, number)
        for mark in marks[at + 1 : until + 1]:
            moved = None if mark.front is None else mark.front + shift
            self.marks.append(PageMark(moved, mark.state, mark.key))
        if until == len(marks):
            raise Finished("the rest of the run is kept")
        resumed = marks[until].front
        self._restore(marks[until], resumed + shift, resumed - marks[at].front)

    def _restore(self, mark: PageMark, front: int, taken: int) -> None:
        doc = self.doc
        page, template, following, left, right, empty, _, own, flags = mark.state
        doc.page = page
        doc.canv._pageNumber = page
        doc.pageTemplate = next(t for t in doc.pageTemplates if t.id == template)
        if following is None:
            doc.__dict__.pop("_nextPageTemplateIndex", None)
        else:
            doc._nextPageTemplateIndex = following
        doc._leftExtraIndent, doc._rightExtraIndent, doc._emptyPages = left, right, empty
        doc.restore_layout_state(own)
        del self.story[:taken]
        for flowable in self.originals[front:]:
            for name in FLAGS:
                flowable.__dict__.pop(name, None)
        for offset, written in flags:
            self.originals[front + offset].__dict__.update(written)
        doc.pageTemplate.onPage(doc.canv, doc)  # the page's start again, for this state
