"""Card lists kept in spreadsheets: CSV (as Excel, LibreOffice or Sheets save it) and XLSX.

A designer's deck often lives in a spreadsheet. Each row becomes one located
mapping, as a YAML list entry would, so the same validation reads it; every
value remembers its row and column (and sheet) for error messages.
"""

from __future__ import annotations

import csv
import io
from pathlib import Path
from typing import Any

from printkit.content.yamlio import (
    LARGEST_FILE,
    LocatedDict,
    LocatedList,
    cell_value,
    read_regular,
    read_text,
)
from printkit.errors import ContentError, Location

SUFFIXES = (".csv", ".xlsx")
DELIMITERS = (",", ";", "\t")


def column_letter(index: int) -> str:
    """Spreadsheet column name of a 0-based index: 0 is A, 26 is AA."""
    letters = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


def load_table(path: Path) -> LocatedList:
    """The rows of a CSV or XLSX file, by its suffix."""
    if path.suffix.lower() == ".xlsx":
        return load_xlsx(path)
    return load_csv(path)


def delimiter_of(header: str) -> str:
    """Comma, semicolon (Excel in much of Europe) or tab: whichever the header row holds most."""
    counts = {d: header.count(d) for d in DELIMITERS}
    best = max(DELIMITERS, key=lambda d: counts[d])
    return best if counts[best] else ","


def load_csv(path: Path) -> LocatedList:
    """Read a CSV export: one mapping per row, lines counted from the header."""
    text = read_text(path).removeprefix("\ufeff")  # Excel's "CSV UTF-8" starts with a BOM
    lines = text.splitlines()
    if not lines or not lines[0].strip():
        raise ContentError(Location(path, line=1), "CSV file has no header row")
    reader = csv.reader(io.StringIO(text), delimiter=delimiter_of(lines[0]))
    try:
        rows = list(reader)
    except csv.Error as exc:  # a cell past csv's field limit, say; the line it stopped on
        raise ContentError(Location(path, line=reader.line_num), f"malformed CSV: {exc}") from None
    return _located(path, rows[0], _numbered(rows))


def _numbered(rows: list[list[str]]) -> list[tuple[int, list[Any]]]:
    return [(index + 2, row) for index, row in enumerate(rows[1:])]


def load_xlsx(path: Path) -> LocatedList:
    """Read the first sheet of an XLSX workbook; row 1 is the header."""
    from openpyxl import load_workbook
    from openpyxl.utils.exceptions import InvalidFileException

    data = read_regular(path, LARGEST_FILE)
    try:
        book = load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    except (InvalidFileException, OSError, KeyError, ValueError) as exc:
        raise ContentError(
            Location(path), f"not an XLSX workbook ({exc})", "save it from Excel as .xlsx"
        ) from None
    try:
        sheet = book.worksheets[0]
        rows = [list(row) for row in sheet.iter_rows(values_only=True)]
        title = sheet.title
    finally:
        book.close()
    if not rows or not any(_present(v) for v in rows[0]):
        raise ContentError(Location(path, line=1, cell=f"sheet {title!r}"), "no header row")
    header = ["" if v is None else str(v) for v in rows[0]]
    return _located(path, header, _numbered(rows), sheet=title)


def _present(value: Any) -> bool:
    return value is not None and str(value).strip() != ""


def _located(
    path: Path, header: list[str], rows: list[tuple[int, list[Any]]], sheet: str = ""
) -> LocatedList:
    names = [name.strip() for name in header]
    result = LocatedList()
    result.line = 1
    result.item_lines = []
    where = f"sheet {sheet!r}, " if sheet else ""
    for line, row in rows:
        if not any(_present(v) for v in row):
            continue  # blank rows between groups of cards
        extra = [i for i, v in enumerate(row) if i >= len(names) and _present(v)]
        if extra:
            raise ContentError(
                Location(
                    path, line=line, cell=f"{where}row {line}, column {column_letter(extra[0])}"
                ),
                "row has more cells than the header has columns",
                "give that column a name in the header row, or clear the cell",
            )
        item = LocatedDict()
        item.line, item.key_lines, item.key_cells = line, {}, {}
        for index, value in enumerate(row):
            if not _present(value) or not names[index]:
                continue
            item[names[index]] = _scalar(value)
            item.key_lines[names[index]] = line
            item.key_cells[names[index]] = f"{where}row {line}, column {column_letter(index)}"
        result.append(item)
        result.item_lines.append(line)
    return result


def _scalar(value: Any) -> Any:
    """A cell as YAML would read the value; a spreadsheet's whole floats (3.0) are whole."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if not isinstance(value, str):
        return value
    return cell_value(value.strip())
