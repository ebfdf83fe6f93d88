"""Players for simulated games: deciders that make only legal choices.

Each decider draws its own randomness from a seeded dice source, separate from
the game's dice, so a game replays exactly from its seeds.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from printkit.dice import SeededDice
from printkit.games.lemonade_stall.game import GameState
from printkit.games.lemonade_stall.model import EventEffect, LemonadeStall
from printkit.games.lemonade_stall.rules import Stock, is_legal_purchase


class RandomLegal:
    """Picks uniformly among legal choices: the baseline every strategy must beat."""

    name = "random-legal"

    def __init__(self, pack: LemonadeStall, seed: int) -> None:
        self.pack = pack
        self.dice = SeededDice(seed)

    def _pick(self, options: Sequence):
        return options[self.dice.roll(len(options)) - 1]

    def choose_benefit(self, state: GameState, seat: int, options: Sequence[str]) -> str:
        return self._pick(list(options))

    def place_goods(
        self, state: GameState, seat: int, count: int, one_type: bool
    ) -> Mapping[str, int]:
        items = list(self.pack.item_ids)
        if one_type:
            return {self._pick(items): count}
        goods = dict.fromkeys(items, 0)
        for _ in range(count):
            goods[self._pick(items)] += 1
        return goods

    def buy(self, state: GameState, seat: int, effect: EventEffect) -> Mapping[str, int]:
        money = state.stand(seat).money
        buy = {i: self.dice.roll(self.pack.max_per_item + 1) - 1 for i in self.pack.item_ids}
        while not is_legal_purchase(self.pack, buy, effect, money):
            item = self._pick([i for i, n in buy.items() if n])
            buy[item] -= 1
        return buy

    def set_price(self, state: GameState, seat: int) -> int:
        return self._pick(list(self.pack.selling_prices))

    def barter(self, state: GameState, seat: int) -> Mapping[str, int]:
        """Even the goods out: the most cups from the same total."""
        total = state.stand(seat).stock.total
        items = self.pack.item_ids
        share, extra = divmod(total, len(items))
        return {item: share + (1 if i < extra else 0) for i, item in enumerate(items)}

    def steal(self, state: GameState, seat: int, goods: int) -> tuple[int, Mapping[str, int]]:
        target = self._pick([s.seat for s in state.stands if s.seat != seat])
        return target, _some(state.stand(target).stock, goods, self)

    def pass_goods(
        self, state: GameState, seat: int, count: int, passable: Stock
    ) -> Mapping[str, int]:
        return _some(passable, count, self)


def _some(stock: Stock, count: int, chooser: RandomLegal) -> dict[str, int]:
    """Up to ``count`` goods drawn at random from ``stock``."""
    left = dict(stock)
    taken: dict[str, int] = {}
    for _ in range(count):
        items = [i for i, n in left.items() if n > 0]
        if not items:
            break
        item = chooser._pick(items)
        left[item] -= 1
        taken[item] = taken.get(item, 0) + 1
    return taken
