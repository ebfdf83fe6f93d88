"""The kit's own words (guide, sheet captions, tile notes) in each language printkit prints.

Games supply their own text; these are the builder's: the printing guide and
the captions on every sheet. A game printed in Russian gets them in Russian.
"""

from __future__ import annotations

from collections.abc import Mapping

ENGLISH: dict[str, str] = {
    "guide.subtitle": "Print-and-play kit — printing guide ({paper})",
    "guide.scale": "Print every file at actual size (100 %, no 'fit to page'): every piece is "
    "measured to the millimetre. The files below are numbered in the order to print them.",
    "guide.stock": "Card stock (200–300 g/m²) suits cards, markers and tokens; plain paper is "
    "fine for the mats and forms. Sheets marked double-sided alternate front and back pages: "
    "print them double-sided, flipping on the long edge. A printer that shifts the backs by a "
    "millimetre or two is fine: backs are designed to tolerate it.",
    "guide.cut": "Cut on the short crop marks outside each block; pieces share their cut lines.",
    "guide.part": "Part",
    "guide.file": "File",
    "guide.copies": "Copies",
    "guide.how": "How to print",
    "guide.assemble": "Cut and assemble",
    "guide.pages": "{count} p.",
    "guide.reprint": "reprint.pdf holds only the sheets that changed since your last print: "
    "{sheets}. Print it and swap those pieces.",
    "guide.other": "Other files in this folder: {files}.",
    "guide.extras": "Not printed — bring your own: {extras}.",
    "how.duplex": "double-sided, flip on the long edge; card stock",
    "how.cardstock": "single-sided, card stock",
    "how.board": "single-sided; card stock, or paper glued to card",
    "how.pages": "single-sided",
    "note.board": "trim the margins, overlap the grey glue strips matching the ⊕ marks.",
    "file.fold": "the same cards as fold-and-glue sheets, for printers without duplex",
    "note.nofold": "{width} × {height} mm pieces are too large to fold and glue on {paper}: "
    "print them double-sided.",
    "file.board": "the board on one large sheet, for a print shop",
    "file.rulebook": "the rulebook",
    "sheet.front": "{title} — sheet {number} of {total}, front",
    "sheet.back": "{title} — sheet {number} of {total}, back (print double-sided, flip on long "
    "edge)",
    "sheet.name": "{title}, sheet {number}",
    "fold.caption": "{title} — fold-and-glue sheet {number} of {total}: fold on the dashed line, "
    "glue, then cut on the marks",
    "fold.word": "fold",
    "page.footer": "{title} — page {number} of {total}",
    "tile.title": "{title} — tile {label}",
    "tile.grid": "{cols} × {rows} tiles: columns A–{last} left to right, rows 1–{rows} top to "
    "bottom",
    "tile.help": "Trim the white margin on the left and top edges; glue each grey strip under "
    "the next tile, matching the ⊕ marks.",
    "tile.glue_right": "glue — next tile goes on top",
    "tile.glue_below": "glue — tile below goes on top",
    "reprint.front": "REPRINT — replaces {title} sheet {number}, front",
    "reprint.back": "REPRINT — replaces {title} sheet {number}, back (flip on long edge)",
}

RUSSIAN: dict[str, str] = {
    "guide.subtitle": "Набор «распечатай и играй» — как печатать ({paper})",
    "guide.scale": "Печатайте каждый файл в натуральную величину (100 %, без «вписать в "
    "страницу»): каждая деталь рассчитана с точностью до миллиметра. Файлы пронумерованы в том "
    "порядке, в каком их удобно печатать.",
    "guide.stock": "Для карт, маркеров и жетонов подойдёт плотная бумага (200–300 г/м²); для "
    "планшетов и бланков хватит обычной. Листы с двусторонней печатью идут парами — лицо, затем "
    "рубашка: печатайте на двух сторонах с переворотом по длинному краю. Сдвиг рубашки на "
    "миллиметр-два не страшен: рисунок рассчитан на него.",
    "guide.cut": "Режьте по коротким меткам за краем блока; соседние детали делят общую линию "
    "реза.",
    "guide.part": "Компонент",
    "guide.file": "Файл",
    "guide.copies": "Копий",
    "guide.how": "Как печатать",
    "guide.assemble": "Резка и сборка",
    "guide.pages": "{count} с.",
    "guide.reprint": "В reprint.pdf только листы, изменившиеся с прошлой печати: {sheets}. "
    "Напечатайте его и замените эти детали.",
    "guide.other": "Другие файлы в этой папке: {files}.",
    "guide.extras": "Не печатается — возьмите своё: {extras}.",
    "how.duplex": "двусторонняя, переворот по длинному краю; плотная бумага",
    "how.cardstock": "односторонняя, плотная бумага",
    "how.board": "односторонняя; плотная бумага или бумага на картоне",
    "how.pages": "односторонняя",
    "note.board": "обрежьте поля, совместите серые полосы для клея по меткам ⊕.",
    "note.nofold": "детали {width} × {height} мм слишком велики, чтобы складывать и клеить их "
    "на листе {paper}: печатайте с двух сторон.",
    "file.fold": "те же карты для складывания и склейки — если принтер не печатает с двух сторон",
    "file.board": "поле на одном большом листе — для типографии",
    "file.rulebook": "правила игры",
    "sheet.front": "{title} — лист {number} из {total}, лицевая сторона",
    "sheet.back": "{title} — лист {number} из {total}, оборот (двусторонняя печать, переворот по "
    "длинному краю)",
    "sheet.name": "{title}, лист {number}",
    "fold.caption": "{title} — лист для склейки {number} из {total}: согните по пунктиру, "
    "склейте, затем разрежьте по меткам",
    "fold.word": "сгиб",
    "page.footer": "{title} — страница {number} из {total}",
    "tile.title": "{title} — часть {label}",
    "tile.grid": "{cols} × {rows} частей: столбцы A–{last} слева направо, ряды 1–{rows} сверху "
    "вниз",
    "tile.help": "Обрежьте белое поле слева и сверху; приклейте каждую серую полосу под "
    "соседнюю часть, совмещая метки ⊕.",
    "tile.glue_right": "клей — сверху ляжет следующая часть",
    "tile.glue_below": "клей — сверху ляжет нижняя часть",
    "reprint.front": "ПЕРЕПЕЧАТКА — заменяет: {title}, лист {number}, лицо",
    "reprint.back": "ПЕРЕПЕЧАТКА — заменяет: {title}, лист {number}, оборот",
}

LABELS: dict[str, Mapping[str, str]] = {"en": ENGLISH, "ru": RUSSIAN}


def labels_for(lang: str) -> Mapping[str, str]:
    """The builder's words in ``lang``; English for a game printed in one language."""
    return LABELS.get(lang or "en", ENGLISH)


def say(labels: Mapping[str, str], key: str, **values: object) -> str:
    return labels[key].format(**values)
