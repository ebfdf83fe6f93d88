"""The Markdown tree as one self-contained HTML page for screens: inline CSS, no links out."""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping

from printkit.errors import RenderError
from printkit.rulebook.context import Block, RulebookContext
from printkit.rulebook.markdown import Node, headings, html_markup, plain

CSS = """
:root { --ink: #222; --accent: #3F7A34; --panel: #FBF3CF; --rule: #B5B5B5; --head: #F5E7A6; }
* { box-sizing: border-box; }
body { margin: 0; color: var(--ink); background: #fff;
  font: 17px/1.55 "DejaVu Sans", "Segoe UI", Helvetica, Arial, sans-serif; }
main { max-width: 44em; margin: 0 auto; padding: 1.5em 1.2em 4em; }
h1, h2 { color: var(--accent); line-height: 1.2; }
h1 { font-size: 1.8em; margin: 2em 0 .6em; border-bottom: 2px solid var(--head); }
h2 { font-size: 1.35em; margin: 1.6em 0 .4em; }
h3 { font-size: 1.1em; margin: 1.3em 0 .3em; }
table { border-collapse: collapse; margin: .6em 0 1.2em; font-size: .92em; }
th, td { border-bottom: 1px solid var(--rule); padding: .25em .6em; vertical-align: top; }
th { background: var(--head); text-align: left; }
blockquote { margin: 1em 0; padding: .5em 1em; background: #F2F2F2;
  border-left: 4px solid var(--accent); }
.aside { background: var(--panel); border: 1px solid var(--rule); border-radius: 6px;
  padding: .8em 1.1em; margin: 1em 0 1.3em; }
.small { font-size: .9em; }
.large { font-size: 1.5em; }
.aside > .title { font-weight: bold; margin: 0 0 .4em; }
.figure { display: flex; gap: 1.2em; align-items: flex-start; margin: 1em 0 1.5em; }
.figure > .picture { flex: 0 0 auto; }
.figure > .text > :first-child { margin-top: 0; }
.picture img { display: block; border-radius: 4px; box-shadow: 0 1px 4px rgba(0,0,0,.25); }
.cover { text-align: center; padding: 3em 0 2em; }
.cover h1 { font-size: 3em; border: 0; margin: 0 0 .4em; }
.onepage { border-top: 3px double var(--rule); margin-top: 2em; }
nav.toc ol { list-style: none; padding-left: 1.2em; }
nav.toc > ol { padding-left: 0; }
nav.toc a { color: var(--ink); text-decoration: none; }
nav.toc a:hover { text-decoration: underline; }
code { font-size: .9em; background: #F2F2F2; padding: 0 .2em; border-radius: 3px; }
@media (max-width: 600px) { .figure { flex-direction: column; } }
""".strip()


def html_page(nodes: list[Node], context: RulebookContext) -> str:
    from printkit.rulebook.pictures import batched

    with batched() as pictures:  # the pictures nothing keeps: rasterised at once
        body = pictures.fill("".join(_convert(nodes, context.blocks, nodes)))
    return (
        "<!DOCTYPE html>\n"
        f'<html lang="{html.escape(context.language)}">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{html.escape(context.title)}</title>\n<style>\n{CSS}\n</style>\n</head>\n"
        f"<body>\n<main>\n{body}</main>\n</body>\n</html>\n"
    )


Blocks = Mapping[str, Block]


def _convert(nodes: list[Node], blocks: Blocks, root: list[Node]) -> list[str]:
    return [CONVERTERS.get(n.kind, _skip)(n, blocks, root) for n in nodes]


def _join(nodes: list[Node], blocks: Blocks, root: list[Node]) -> str:
    return "".join(_convert(nodes, blocks, root))


def _skip(node: Node, blocks: Blocks, root: list[Node]) -> str:
    return ""


def _heading(node: Node, blocks: Blocks, root: list[Node]) -> str:
    tag = f"h{node.level}"
    return f'<{tag} id="{node.anchor}">{html_markup(node.inline)}</{tag}>\n'


def _paragraph(node: Node, blocks: Blocks, root: list[Node]) -> str:
    if node.tight:  # a tight list's item: no paragraph spacing
        return f"{html_markup(node.inline)}\n"
    return f"<p>{html_markup(node.inline)}</p>\n"


def _list(node: Node, blocks: Blocks, root: list[Node]) -> str:
    items = "".join(f"<li>{_join(i.children, blocks, root)}</li>\n" for i in node.children)
    if node.kind == "ordered_list":
        start = f' start="{node.start}"' if node.start != 1 else ""
        return f"<ol{start}>\n{items}</ol>\n"
    return f"<ul>\n{items}</ul>\n"


def _blockquote(node: Node, blocks: Blocks, root: list[Node]) -> str:
    return f"<blockquote>\n{_join(node.children, blocks, root)}</blockquote>\n"


def _table(node: Node, blocks: Blocks, root: list[Node]) -> str:
    parts = ["<table>\n"]
    for section in node.children:
        cell = "th" if section.kind == "thead" else "td"
        parts.append(f"<{section.kind}>\n")
        for tr in section.children:
            cells = "".join(
                f"<{cell}{_align(td.align)}>{html_markup(td.inline)}</{cell}>" for td in tr.children
            )
            parts.append(f"<tr>{cells}</tr>\n")
        parts.append(f"</{section.kind}>\n")
    parts.append("</table>\n")
    return "".join(parts)


def _align(align: str) -> str:
    return f' style="text-align:{align}"' if align else ""


def _code(node: Node, blocks: Blocks, root: list[Node]) -> str:
    return f"<pre><code>{html.escape(node.text)}</code></pre>\n"


def _hr(node: Node, blocks: Blocks, root: list[Node]) -> str:
    return "<hr>\n"


# -- directives ----------------------------------------------------------------------
def _directive(node: Node, blocks: Blocks, root: list[Node]) -> str:
    return DIRECTIVES[node.name](node, blocks, root)


def _block(node: Node, blocks: Blocks, root: list[Node]) -> str:
    key = node.text or node.arg
    if key not in blocks:
        raise RenderError(f"rulebook: no block {key!r}; the game's rulebook context lacks it")
    return f'<div class="picture">{blocks[key].html()}</div>\n'


def _figure(node: Node, blocks: Blocks, root: list[Node]) -> str:
    picture = _block(Node("directive", arg=node.arg), blocks, root)
    text = _join(node.children, blocks, root)
    return f'<div class="figure">\n{picture}<div class="text">\n{text}</div>\n</div>\n'


def _aside(node: Node, blocks: Blocks, root: list[Node]) -> str:
    title = f'<p class="title">{html.escape(node.arg)}</p>\n' if node.arg else ""
    return f'<section class="aside">\n{title}{_join(node.children, blocks, root)}</section>\n'


def _onepage(node: Node, blocks: Blocks, root: list[Node]) -> str:
    return f'<section class="onepage">\n{_join(node.children, blocks, root)}</section>\n'


def _contents(node: Node, blocks: Blocks, root: list[Node]) -> str:
    """Links to every level-1 heading, each with its level-2 headings nested."""
    groups: list[tuple[Node, list[Node]]] = []
    for heading in headings(root):
        if heading.level == 1 or not groups:
            groups.append((heading, []))
        else:
            groups[-1][1].append(heading)
    items = []
    for top, subs in groups:
        inner = "".join(f"<li>{_link(h)}</li>" for h in subs)
        items.append(f"<li>{_link(top)}" + (f"<ol>{inner}</ol>" if inner else "") + "</li>\n")
    title = html.escape(node.arg or "Contents")
    return f'<nav class="toc">\n<h2>{title}</h2>\n<ol>\n{"".join(items)}</ol>\n</nav>\n'


def _link(heading: Node) -> str:
    return f'<a href="#{heading.anchor}">{html.escape(plain(heading.inline))}</a>'


def _cover(node: Node, blocks: Blocks, root: list[Node]) -> str:
    return f'<header class="cover">\n{_join(node.children, blocks, root)}</header>\n'


def _small(node: Node, blocks: Blocks, root: list[Node]) -> str:
    return f'<div class="small">\n{_join(node.children, blocks, root)}</div>\n'


def _large(node: Node, blocks: Blocks, root: list[Node]) -> str:
    return f'<div class="large">\n{_join(node.children, blocks, root)}</div>\n'


def _keep(node: Node, blocks: Blocks, root: list[Node]) -> str:
    return _join(node.children, blocks, root)  # a screen page has no page ends


def _pagebreak(node: Node, blocks: Blocks, root: list[Node]) -> str:
    return ""


Converter = Callable[[Node, Blocks, list[Node]], str]
CONVERTERS: dict[str, Converter] = {
    "heading": _heading,
    "paragraph": _paragraph,
    "bullet_list": _list,
    "ordered_list": _list,
    "blockquote": _blockquote,
    "table": _table,
    "code": _code,
    "hr": _hr,
    "directive": _directive,
}
DIRECTIVES: dict[str, Converter] = {
    "block": _block,
    "figure": _figure,
    "aside": _aside,
    "onepage": _onepage,
    "pagebreak": _pagebreak,
    "contents": _contents,
    "cover": _cover,
    "small": _small,
    "large": _large,
    "keep": _keep,
}
