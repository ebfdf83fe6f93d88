"""One entry point: a game's rulebook as a PDF for one paper size and an HTML page."""

from __future__ import annotations

from dataclasses import replace

from printkit.errors import UsageError
from printkit.registry import GamePlugin, Pack
from printkit.render.theme import Theme
from printkit.render.units import Paper
from printkit.rulebook.context import RulebookContext
from printkit.rulebook.images import place_images
from printkit.rulebook.markdown import (
    Node,
    check_links_and_outline,
    markdown_parser,
    parse,
)
from printkit.rulebook.templates import render_source, template_folders

PDF_FILE = "rulebook.pdf"
HTML_FILE = "rulebook.html"


def rulebook_context(
    plugin: GamePlugin, pack: Pack, theme: Theme, lang: str = ""
) -> RulebookContext:
    """The game's context; a game printed in several languages gets ``lang`` as well."""
    if plugin.rulebook is None:
        raise UsageError(f"game {pack.id!r} has no rulebook registered")
    if plugin.languages:
        return plugin.rulebook(pack, theme, lang or plugin.languages[0])
    return plugin.rulebook(pack, theme)


def rulebook_markdown(plugin: GamePlugin, pack: Pack, context: RulebookContext) -> str:
    """The rendered Markdown source: templates filled in, not yet typeset."""
    return render_source(template_folders(pack.folder), context, context.variables)


def rulebook_tree(
    plugin: GamePlugin, pack: Pack, theme: Theme, lang: str = ""
) -> tuple[RulebookContext, list[Node]]:
    context = rulebook_context(plugin, pack, theme, lang)
    source = rulebook_markdown(plugin, pack, context)
    nodes = parse(source, md=markdown_parser(context.language), language=context.language)
    check_links_and_outline(nodes)
    nodes, images = place_images(nodes, pack.folder)
    if images:
        context = replace(context, blocks={**context.blocks, **images})
    return context, nodes


def typeset(nodes: list[Node], context: RulebookContext, paper: Paper) -> bytes:
    """The PDF (`printkit.rulebook.typeset`), imported when first drawn: in the child beside
    a build, which draws it, not before it starts."""
    from printkit.rulebook.typeset import typeset as typeset_pdf

    return typeset_pdf(nodes, context, paper)


def html_page(nodes: list[Node], context: RulebookContext) -> str:
    """The screen page (`printkit.rulebook.htmlpage`), imported when first drawn: on this
    side of a build, after the child beside it has started."""
    from printkit.rulebook.htmlpage import html_page as page

    return page(nodes, context)


def render_rulebook(
    plugin: GamePlugin, pack: Pack, paper: Paper, theme: Theme, lang: str = ""
) -> dict[str, bytes]:
    """``{"rulebook.pdf": ..., "rulebook.html": ...}``, rendered in memory.

    Raises ContentError (template file and line) for a template naming
    something undefined, RenderError when the layout cannot be met.
    """
    context, tree = rulebook_tree(plugin, pack, theme, lang)
    return {
        PDF_FILE: typeset(tree, context, paper),
        HTML_FILE: html_page(tree, context).encode("utf-8"),
    }
