"""That's Not Lemonade's print-and-play kit: which parts, in which order, drawn from what.

Each part names the content values it draws from (`inputs`), so a new motto
rebuilds the tiles alone, while a change of card counts rebuilds the deck and
the odds card that is worked out from it.
"""

from __future__ import annotations

from dataclasses import replace

from printkit.games.thats_not_lemonade.kit.cards import card_deck
from printkit.games.thats_not_lemonade.kit.reference import odds_cards, tile_text, tiles
from printkit.games.thats_not_lemonade.model import ThatsNotLemonade
from printkit.games.thats_not_lemonade.rules import odds_table
from printkit.kit import Kit, KitOptions


def kit(pack: ThatsNotLemonade, options: KitOptions) -> Kit:
    theme = options.theme
    table = odds_table(pack)  # worked out once: the odds card prints it, its inputs name it
    odds_inputs = (
        pack.title,
        pack.kit.reference,
        table,
        pack.card(pack.removed_card).title,
        tuple(pack.out_cards(p) for p in pack.player_counts),
        pack.max_players,
    )
    parts = (
        replace(
            card_deck(pack, theme),
            inputs=(pack.title, pack.kit.card, pack.cards, pack.art.get("back")),
        ),
        replace(
            tiles(pack, theme), inputs=(pack.kit.tile, pack.characters, tuple(tile_text(pack)))
        ),
        replace(odds_cards(pack, table, theme), inputs=odds_inputs),
    )
    return Kit(pack.id, pack.title, parts, pack.bring)
