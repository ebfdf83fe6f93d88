"""Yard Sale's rules as pure functions over small frozen values.

Every number comes from the `YardSale` pack; every shuffle and roll comes from
a dice source passed in. Nothing here knows about files or PDF.

The heart is `shop`: at the end of a round each shopper weighs the items
offered to them (price after pitches, then opinion) and buys greedily — the
best-liked first, then down the list whatever still fits their cash, until
they hold their maximum or nothing they like fits.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from printkit.dice import Dice, shuffle
from printkit.errors import RuleError
from printkit.games.yard_sale.model import (
    BOUGHT,
    DONE,
    FULL,
    TOO_DEAR,
    UNWANTED,
    Item,
    Pitch,
    Shopper,
    YardSale,
)

D6 = 6  # the die tied players roll for the first round


# -- values ------------------------------------------------------------------------
@dataclass(frozen=True)
class Offer:
    """One item laid under a shopper: whose it is, and the pitches played on it."""

    item: Item
    seller: int  # seat, 1..players
    pitches: tuple[Pitch, ...] = ()


@dataclass(frozen=True)
class Visit:
    """A shopper on display: the card, the cash still on it, the rounds still to shop."""

    shopper: Shopper
    cash: int
    rounds_left: int


def arrive(shopper: Shopper) -> Visit:
    """A shopper dealt to the display: full cash on hand, full shopping time."""
    return Visit(shopper, shopper.cash, shopper.time)


@dataclass(frozen=True)
class Appraisal:
    """How one shopper sees one offer: its price after pitches and its opinion, with why."""

    index: int  # place in the row of offers; 0 was offered first
    item: str
    subject: str
    seller: int
    price: int
    opinion: int
    favoured: bool
    reasons: tuple[tuple[str, int], ...]  # ("favourite", 1), ("pitch:markdown", 1), ...


@dataclass(frozen=True)
class Purchase:
    """What one shopper did at the end of a round, item by item in buying order."""

    shopper: str
    cash_before: int
    appraisals: tuple[Appraisal, ...]  # in buying order
    outcomes: tuple[str, ...]  # one per appraisal: bought, too-dear, full, unwanted, done

    @property
    def bought(self) -> tuple[Appraisal, ...]:
        return tuple(a for a, o in zip(self.appraisals, self.outcomes) if o == BOUGHT)

    @property
    def spent(self) -> int:
        return sum(a.price for a in self.bought)

    @property
    def cash_left(self) -> int:
        return self.cash_before - self.spent

    def income(self, players: int) -> tuple[int, ...]:
        """What each seat collects from this shopper, seat 1 first."""
        totals = [0] * players
        for appraisal in self.bought:
            totals[appraisal.seller - 1] += appraisal.price
        return tuple(totals)


# -- prices and opinions -------------------------------------------------------------------
def reaches(pitch: Pitch, offer: Offer) -> bool:
    """Whether a pitch laid on the shopper (or on the table) touches this offer."""
    if pitch.target == "shopper":
        return True
    if pitch.target == "subject":
        return pitch.subject == offer.item.subject
    return False


def check_placement(offers: Sequence[Offer], pitches: Sequence[Pitch]) -> None:
    """Item pitches lie on an item; shopper and subject pitches lie beside the shopper."""
    seen: set[str] = set()
    for offer in offers:
        if offer.item.id in seen:
            raise RuleError(f"{offer.item.name} is offered twice; there is one card of each item")
        seen.add(offer.item.id)
        if offer.seller < 1:
            raise RuleError(f"seller seat {offer.seller} does not exist; seats start at 1")
        for pitch in offer.pitches:
            if not pitch.on_item:
                raise RuleError(
                    f"{pitch.title} targets a {pitch.target}, not one item: "
                    "lay it beside the shopper"
                )
    for pitch in pitches:
        if pitch.on_item:
            raise RuleError(f"{pitch.title} targets one item ({pitch.target}): lay it on the item")


def check_pitch(pitch: Pitch, player: int, offer: Offer | None) -> None:
    """Whether ``player`` may play ``pitch`` on ``offer`` (None: on a shopper or subject)."""
    if pitch.on_item and offer is None:
        raise RuleError(f"{pitch.title} must be played on an item on offer")
    if not pitch.on_item and offer is not None:
        raise RuleError(f"{pitch.title} is played on a {pitch.target}, not on one item")
    if offer is not None and pitch.target == "own-item" and offer.seller != player:
        raise RuleError(f"{pitch.title} may only go on your own item")
    if offer is not None and pitch.target == "rival-item" and offer.seller == player:
        raise RuleError(f"{pitch.title} may only go on a rival's item")


def price_of(pack: YardSale, offer: Offer, pitches: Sequence[Pitch]) -> int:
    """The tag plus every price pitch that reaches it, never below the lowest price."""
    if offer.item.rule.kind == "firm_price":
        return offer.item.price
    change = sum(p.price for p in offer.pitches) + sum(
        p.price for p in pitches if reaches(p, offer)
    )
    return max(pack.lowest_price, offer.item.price + change)


def _rule_bonus(
    visit: Visit,
    offers: Sequence[Offer],
    prices: Sequence[int],
    index: int,
    round_number: int,
) -> int:
    """The opinion an item's own rule adds for this shopper, this round."""
    item = offers[index].item
    rule = item.rule
    others = [i for i in range(len(offers)) if i != index]
    applies = {
        "fans": lambda: visit.shopper.favourite == rule.subject,
        "set": lambda: any(offers[i].item.subject == rule.subject for i in others),
        "bargain": lambda: all(prices[i] >= prices[index] for i in others),
        "last_call": lambda: visit.rounds_left == 1,
        "early": lambda: round_number <= rule.rounds,
        "late": lambda: round_number >= rule.rounds,
        "wealthy": lambda: visit.cash >= rule.cash,
    }
    if rule.kind in applies and applies[rule.kind]():
        return rule.opinion
    return 0


def appraise(
    pack: YardSale,
    visit: Visit,
    offers: Sequence[Offer],
    pitches: Sequence[Pitch] = (),
    round_number: int = 1,
) -> tuple[Appraisal, ...]:
    """Price and opinion of each offer, in the order offered.

    Prices come first: an item's own rule may compare prices after pitches
    ("no other item is cheaper").
    """
    check_placement(offers, pitches)
    shopper = visit.shopper
    prices = [price_of(pack, offer, pitches) for offer in offers]
    result = []
    for index, offer in enumerate(offers):
        item = offer.item
        reasons: list[tuple[str, int]] = []
        if pack.neutral_opinion:
            reasons.append(("neutral", pack.neutral_opinion))
        if item.subject == shopper.favourite:
            reasons.append(("favourite", pack.favourite_opinion))
        if item.subject == shopper.dislike and item.rule.kind != "forgiving":
            reasons.append(("dislike", pack.dislike_opinion))
        bonus = _rule_bonus(visit, offers, prices, index, round_number)
        if bonus:
            reasons.append(("rule", bonus))
        for pitch in (*offer.pitches, *(p for p in pitches if reaches(p, offer))):
            if pitch.opinion:
                reasons.append((f"pitch:{pitch.id}", pitch.opinion))
        result.append(
            Appraisal(
                index=index,
                item=item.id,
                subject=item.subject,
                seller=offer.seller,
                price=prices[index],
                opinion=sum(value for _, value in reasons),
                favoured=item.subject == shopper.favourite,
                reasons=tuple(reasons),
            )
        )
    return tuple(result)


def buying_order(pack: YardSale, appraisals: Sequence[Appraisal]) -> tuple[Appraisal, ...]:
    """Highest opinion first; ties by the pack's tie-breaks, in their order."""
    keys = {
        "favourite": lambda a: not a.favoured,
        "cheaper": lambda a: a.price,
        "offered-first": lambda a: a.index,
    }
    return tuple(
        sorted(
            appraisals,
            key=lambda a: (-a.opinion, *(keys[name](a) for name in pack.tie_breaks)),
        )
    )


def shop(
    pack: YardSale,
    visit: Visit,
    offers: Sequence[Offer],
    pitches: Sequence[Pitch] = (),
    round_number: int = 1,
) -> Purchase:
    """One shopper's purchases at the end of a round.

    Down the buying order: an item of opinion 0 or less is never bought; a
    liked item is bought if the shopper holds fewer than their maximum and it
    fits the cash left; otherwise the next one is tried. Two tied items are
    therefore both bought when both fit, and the tie-breaks decide only which
    one goes when there is room for one.
    """
    if visit.cash < 0:
        raise RuleError(f"{visit.shopper.name} cannot hold ${visit.cash}")
    order = buying_order(pack, appraise(pack, visit, offers, pitches, round_number))
    cash, count, stopped = visit.cash, 0, False
    outcomes = []
    for appraisal in order:
        if appraisal.opinion <= 0:
            outcomes.append(UNWANTED)
        elif stopped:
            outcomes.append(DONE)
        elif count >= visit.shopper.max_purchases:
            outcomes.append(FULL)
        elif appraisal.price > cash:
            outcomes.append(TOO_DEAR)
        else:
            outcomes.append(BOUGHT)
            cash -= appraisal.price
            count += 1
            stopped = pack.item(appraisal.item).rule.kind == "solo"
    return Purchase(visit.shopper.id, visit.cash, order, tuple(outcomes))


# -- the end of a round -----------------------------------------------------------------------
@dataclass(frozen=True)
class Stall:
    """A shopper at the end of a round with everything laid there."""

    visit: Visit
    offers: tuple[Offer, ...] = ()
    pitches: tuple[Pitch, ...] = ()  # shopper and subject pitches beside this shopper


@dataclass(frozen=True)
class RoundResult:
    purchases: tuple[Purchase, ...]
    income: tuple[int, ...]  # per seat, seat 1 first
    visits: tuple[Visit, ...]  # the shoppers afterwards: cash left, time not yet counted down


def end_round(
    pack: YardSale,
    players: int,
    stalls: Sequence[Stall],
    table_pitches: Sequence[Pitch] = (),
    round_number: int = 1,
) -> RoundResult:
    """Every shopper buys; each seller collects the price (after pitches) of what sold.

    Subject pitches on the table reach every shopper's offers.
    """
    for pitch in table_pitches:
        if pitch.target != "subject":
            raise RuleError(
                f"{pitch.title} targets a {pitch.target}; only subject pitches lie on the table"
            )
    purchases, visits = [], []
    income = [0] * players
    for stall in stalls:
        for offer in stall.offers:
            if offer.seller > players:
                raise RuleError(f"seller seat {offer.seller} is not at a {players}-player table")
        purchase = shop(
            pack, stall.visit, stall.offers, (*stall.pitches, *table_pitches), round_number
        )
        purchases.append(purchase)
        income = [a + b for a, b in zip(income, purchase.income(players))]
        visits.append(Visit(stall.visit.shopper, purchase.cash_left, stall.visit.rounds_left))
    return RoundResult(tuple(purchases), tuple(income), tuple(visits))


# -- turn order -------------------------------------------------------------------------------
def turn_order(players: int, first: int) -> tuple[int, ...]:
    """Seats clockwise from ``first``."""
    if not 1 <= first <= players:
        raise RuleError(f"seat {first} is not at a {players}-player table")
    return tuple((first - 1 + i) % players + 1 for i in range(players))


def next_first_player(players: int, first: int, income: Sequence[int]) -> int:
    """Who starts the next round: the most money taken this round.

    A tie goes to the tied seat that came earliest in this round's order, so
    a round in which nobody sold keeps the same first player.
    """
    if len(income) != players:
        raise RuleError(f"{len(income)} incomes given for {players} players")
    order = turn_order(players, first)
    best = max(income)
    return next(seat for seat in order if income[seat - 1] == best)


@dataclass(frozen=True)
class FirstRound:
    first: int
    rolls: tuple[tuple[int, int], ...]  # (seat, roll) for each die rolled, in order


def first_round_player(pocket_money: Sequence[int], dice: Dice) -> FirstRound:
    """Round 1's first player: the most real money carried (in cents).

    Players tied for the most roll a die each, in seat order; the highest
    roll starts and tied high rollers roll again.
    """
    if not pocket_money:
        raise RuleError("no players to choose from")
    if min(pocket_money) < 0:
        raise RuleError("nobody carries less than nothing")
    best = max(pocket_money)
    tied = [seat for seat, cents in enumerate(pocket_money, start=1) if cents == best]
    rolls: list[tuple[int, int]] = []
    while len(tied) > 1:
        round_rolls = [(seat, dice.roll(D6)) for seat in tied]
        rolls += round_rolls
        top = max(r for _, r in round_rolls)
        tied = [seat for seat, r in round_rolls if r == top]
    return FirstRound(tied[0], tuple(rolls))


# -- refills ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Refill:
    """How many cards one player draws at the end of a round."""

    items: int
    pitches: int
    bonus: bool  # the player sold out and draws the extra items


def refill(pack: YardSale, items_left: int, items_sold: int, pitches_held: int) -> Refill:
    """Items back up to the hand size, plus the bonus after selling out; pitches up to theirs.

    Selling out means selling at least one item and having none left in
    front of you, whether the hand held 5 or 7.
    """
    if min(items_left, items_sold, pitches_held) < 0:
        raise RuleError("card counts cannot be negative")
    bonus = items_sold > 0 and items_left == 0
    target = pack.item_hand + (pack.sell_out_bonus if bonus else 0)
    return Refill(
        items=max(0, target - items_left),
        pitches=max(0, pack.pitch_hand - pitches_held),
        bonus=bonus,
    )


@dataclass(frozen=True)
class Draw:
    cards: tuple[str, ...]
    deck: tuple[str, ...]  # top first
    discard: tuple[str, ...]
    reshuffled: bool


def draw(deck: Sequence[str], discard: Sequence[str], count: int, dice: Dice | None = None) -> Draw:
    """Take ``count`` cards from the top; an empty deck takes its shuffled discard pile.

    With both empty the draw stops short: there is nothing left to deal.
    """
    deck, discard, cards, reshuffled = tuple(deck), tuple(discard), [], False
    while len(cards) < count:
        if not deck:
            if not discard:
                break
            if dice is None:
                raise RuleError("the deck is empty: shuffling the discard pile needs dice")
            deck, discard, reshuffled = shuffle(discard, dice), (), True
        cards.append(deck[0])
        deck = deck[1:]
    return Draw(tuple(cards), deck, discard, reshuffled)


# -- shoppers come and go -----------------------------------------------------------------------
@dataclass(frozen=True)
class Turnover:
    staying: tuple[Visit, ...]
    leaving: tuple[Visit, ...]
    arriving: tuple[Visit, ...]
    deck: tuple[str, ...]
    discard: tuple[str, ...]
    reshuffled: bool

    @property
    def display(self) -> tuple[Visit, ...]:
        return self.staying + self.arriving


def turn_over_shoppers(
    pack: YardSale,
    visits: Sequence[Visit],
    deck: Sequence[str],
    discard: Sequence[str] = (),
    dice: Dice | None = None,
) -> Turnover:
    """Count down each shopper's time; those with none left go home; refill the display.

    New shoppers come from the deck; the ones leaving join the discard pile
    only after, so nobody walks straight back in.
    """
    staying, leaving = [], []
    for visit in visits:
        left = visit.rounds_left - 1
        if left > 0:
            staying.append(Visit(visit.shopper, visit.cash, left))
        else:
            leaving.append(visit)
    need = max(0, pack.display_shoppers - len(staying))
    dealt = draw(deck, discard, need, dice)
    arriving = tuple(arrive(pack.shopper(card)) for card in dealt.cards)
    gone = tuple(v.shopper.id for v in leaving)
    return Turnover(
        tuple(staying), tuple(leaving), arriving, dealt.deck, dealt.discard + gone, dealt.reshuffled
    )


# -- the end of the game ----------------------------------------------------------------------
def winners(cash: Sequence[int]) -> tuple[int, ...]:
    """The seats with the most cash; several share the win."""
    if not cash:
        raise RuleError("no players to rank")
    best = max(cash)
    return tuple(seat for seat, amount in enumerate(cash, start=1) if amount == best)


def ranking(cash: Sequence[int]) -> tuple[int, ...]:
    """Seats from most cash to least; equal cash keeps seat order."""
    return tuple(sorted(range(1, len(cash) + 1), key=lambda seat: -cash[seat - 1]))
