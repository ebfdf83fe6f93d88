"""That's Not Lemonade's example rules: each reads an example's ``given`` and asks the engine.

The same functions check the rulebook's worked examples and feed its tables,
so a printed example cannot drift from the rules.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from printkit.content.fields import Field
from printkit.errors import ContentError, RuleError
from printkit.games.thats_not_lemonade.game import TurnView, play_round, play_rounds
from printkit.games.thats_not_lemonade.model import ThatsNotLemonade
from printkit.games.thats_not_lemonade.rules import (
    HIT,
    PASS,
    RoundResult,
    deal,
    ice,
    lemons,
    next_card_chance,
    next_dealer,
    odds_table,
    percent,
    round_deck,
    take_turn,
    trophy_for,
    whole_percent,
)
from printkit.registry import ExampleRule, example_rule


# -- reading givens ------------------------------------------------------------
def _players(pack: ThatsNotLemonade, given: Field) -> int:
    return given.get("players").as_int(pack.min_players, pack.max_players)


def _won(pack: ThatsNotLemonade, given: Field) -> list[str]:
    """Trophies taken in earlier rounds, written ``won: {lemonade: 3}``."""
    node = given.opt("won")
    if node is None:
        return []
    won: list[str] = []
    for card, count in node.items():
        if card not in pack.trophies:
            raise count.error(f"{card!r} is not a trophy card", f"trophies: {list(pack.trophies)}")
        won += [card] * count.as_int(0, pack.card(card).copies)
    return won


def _stacked(node: Field, available: Sequence[str], pack: ThatsNotLemonade) -> list[str]:
    """The stacked top of the deck, checked against the cards the round really has."""
    stack = [c.as_choice(pack.card_ids) for c in node.as_list(1)]
    left = Counter(available)
    for card, field in zip(stack, node.as_list()):
        if left[card] < 1:
            raise field.error(
                f"the deck has no more {pack.card(card).title!r} cards to stack here",
                f"this round's deck holds {Counter(available)[card]} of them",
            )
        left[card] -= 1
    return stack


def _full_deck(stack: list[str], available: Sequence[str]) -> list[str]:
    """The stack on top, the rest of the round's deck below it in content order."""
    rest = Counter(available) - Counter(stack)
    return stack + [c for c in dict.fromkeys(available) for _ in range(rest[c])]


class StackExhausted(RuleError):
    """A seat hits past the cards the example stacked."""


class ScriptedSeat:
    """One seat's hit/pass choices, in the order its turns come; running out is an error.

    ``unstacked`` counts the cards below the example's stack: a hit that would
    take one of them is an error, since the example never said what it is.
    """

    def __init__(self, seat: int, choices: list[str], unstacked: int) -> None:
        self.seat = seat
        self.choices = choices
        self.unstacked = unstacked
        self.used = 0

    def hit(self, view: TurnView) -> bool:
        if self.used >= len(self.choices):
            raise RuleError(f"seat {self.seat} has a turn #{self.used + 1} but no choice for it")
        self.used += 1
        hit = self.choices[self.used - 1] == HIT
        if hit and view.cards_left <= self.unstacked:
            raise StackExhausted(f"seat {self.seat} hits on turn #{self.used} past the stack")
        return hit


def _scripted(node: Field, players: int, unstacked: int) -> dict[int, ScriptedSeat]:
    seats = node.as_list(players, players)
    return {
        seat: ScriptedSeat(seat, [c.as_choice([HIT, PASS]) for c in entry.as_list()], unstacked)
        for seat, entry in enumerate(seats, start=1)
    }


# -- rules -----------------------------------------------------------------------
def run_deck(pack: ThatsNotLemonade, given: Field) -> Mapping[str, Any]:
    given.expect_keys(["players"])
    players = _players(pack, given)
    deck = round_deck(pack, players)
    pile = len(deck) - pack.buried
    return {
        "cards": len(deck),
        "not_lemonade": pack.out_cards(players),
        "removed": pack.removed(players),
        "first_chance": percent(next_card_chance(pile, pack.out_cards(players), pack.buried)),
    }


def _script(
    pack: ThatsNotLemonade, node: Field, players: int, available: Sequence[str]
) -> tuple[list[str], dict[int, ScriptedSeat]]:
    """One round's stacked deck (the rest below it) and each seat's scripted choices."""
    stack = _stacked(node.get("deck"), available, pack)
    seats = _scripted(node.get("decisions"), players, len(available) - len(stack))
    return _full_deck(stack, available), seats


def _stack_error(node: Field, exc: StackExhausted, where: str = "") -> ContentError:
    stacked = len(node.get("deck").as_list())
    return node.get("deck").error(
        f"{where}{exc}: only {stacked} cards are stacked (the buried card included)",
        "list every card the round deals, from the top",
    )


def run_round(pack: ThatsNotLemonade, given: Field) -> Mapping[str, Any]:
    given.expect_keys(["players", "dealer", "deck", "decisions"], ["won"])
    players = _players(pack, given)
    dealer = given.get("dealer").as_int(1, players)
    won = _won(pack, given)
    deck, seats = _script(pack, given, players, round_deck(pack, players, won))
    try:
        result = play_round(pack, players, dealer, deck, seats, won)
    except StackExhausted as exc:
        raise _stack_error(given, exc) from None
    except RuleError as exc:
        raise given.get("decisions").error(str(exc), "give each seat one choice per turn") from None
    _check_used(given, seats, result)
    return _round_view(pack, result)


def _check_used(
    given: Field, seats: Mapping[int, ScriptedSeat], result: RoundResult, where: str = ""
) -> None:
    for seat in seats.values():
        if seat.used < len(seat.choices):
            raise given.get("decisions").error(
                f"{where}seat {seat.seat} lists {len(seat.choices)} choices "
                f"but has {seat.used} turns",
                f"the round ended by {result.ended_by}; drop the extra choices",
            )


def _round_view(pack: ThatsNotLemonade, result: RoundResult) -> dict[str, Any]:
    state = result.state
    seats = range(1, state.players + 1)
    return {
        "winner": result.winner,
        "decided_by": result.decided_by,
        "ended_by": result.ended_by,
        "eliminated": list(state.out),
        "lemons": [None if s in state.out else lemons(pack, state.hand(s)) for s in seats],
        "ice": [None if s in state.out else ice(pack, state.hand(s)) for s in seats],
        "hands": [list(state.hand(s)) for s in seats],
        "buried": list(state.buried),
        "cards_left": len(state.pile),
        "trophy": result.trophy,
        "next_dealer": result.next_dealer,
        "log": [[t.seat, t.choice, t.card] for t in state.log],
    }


def run_trophy(pack: ThatsNotLemonade, given: Field) -> Mapping[str, Any]:
    given.expect_keys(["won"])
    return {"trophy": trophy_for(pack, _won(pack, given))}


def run_odds(pack: ThatsNotLemonade, given: Field) -> Mapping[str, Any]:
    given.expect_keys(["cards_left", "hidden"])
    cards_left = given.get("cards_left").as_int(1, pack.largest_deck - pack.buried)
    hidden = given.get("hidden").as_int(0, pack.most_out_cards)
    if hidden > cards_left + pack.buried:
        raise given.get("hidden").error(
            f"{hidden} out cards cannot hide among {cards_left + pack.buried} unseen cards"
        )
    chance = next_card_chance(cards_left, hidden, pack.buried)
    cell = odds_table(pack).chance(cards_left, hidden)
    return {
        "chance": percent(chance),
        "odds_card": "–" if cell is None else str(whole_percent(cell)),
        "fraction": f"{chance.numerator}/{chance.denominator}",
        "unseen": cards_left + pack.buried,
    }


def run_game_end(pack: ThatsNotLemonade, given: Field) -> Mapping[str, Any]:
    """Dealers, trophies and the winner from a list of round winners."""
    given.expect_keys(["players", "first_dealer", "round_winners"])
    players = _players(pack, given)
    dealer = given.get("first_dealer").as_int(1, players)
    won: list[str] = []
    wins = [0] * players
    dealers, decks, trophies = [], [], []
    nodes = given.get("round_winners").as_list(1)
    for index, node in enumerate(nodes):
        if max(wins) >= pack.rounds_to_win:
            raise node.error(f"the game ended after round {index}", "drop the later rounds")
        winner = node.as_int(1, players)
        dealers.append(dealer)
        decks.append(len(round_deck(pack, players, won)))
        trophies.append(trophy_for(pack, won))
        won.append(trophies[-1])
        wins[winner - 1] += 1
        dealer = next_dealer(players, dealer)
    done = max(wins) >= pack.rounds_to_win
    return {
        "winner": wins.index(max(wins)) + 1 if done else None,
        "rounds": len(nodes),
        "dealers": dealers,
        "deck_sizes": decks,
        "trophies": trophies,
        "wins": wins,
        "next_deck": len(round_deck(pack, players, won)),
    }


def run_game(pack: ThatsNotLemonade, given: Field) -> Mapping[str, Any]:
    """A whole game: every round from its stacked deck and each seat's choices."""
    given.expect_keys(["players", "first_dealer", "rounds"])
    players = _players(pack, given)
    first = given.get("first_dealer").as_int(1, players)
    nodes = given.get("rounds").as_list(1)
    played: list[tuple[Field, dict[int, ScriptedSeat], int]] = []

    def script(number: int, dealer: int, cards: tuple[str, ...]):
        if number > len(nodes):
            raise given.get("rounds").error(
                f"round {number}: no seat has won {pack.rounds_to_win} rounds after the "
                f"{len(nodes)} listed",
                f"list round {number}'s deck and decisions (seat {dealer} deals it)",
            )
        node = nodes[number - 1]
        node.expect_keys(["deck", "decisions"])
        deck, seats = _script(pack, node, players, cards)
        played.append((node, seats, len(cards)))
        return deck, seats

    try:
        result = play_rounds(pack, players, script, first)
    except StackExhausted as exc:
        raise _stack_error(played[-1][0], exc, f"round {len(played)}: ") from None
    except RuleError as exc:
        raise (
            played[-1][0]
            .get("decisions")
            .error(f"round {len(played)}: {exc}", "give each seat one choice per turn")
        ) from None
    for number, ((node, seats, _), done) in enumerate(zip(played, result.rounds), start=1):
        _check_used(node, seats, done, f"round {number}: ")
    if len(nodes) > len(result.rounds):
        raise nodes[len(result.rounds)].error(
            f"round {len(result.rounds) + 1} is never played: seat {result.winner} had won "
            f"{pack.rounds_to_win} rounds after round {len(result.rounds)}",
            "drop the later rounds",
        )
    rounds = result.rounds
    return {
        "winner": result.winner,
        "wins": list(result.wins),
        "ranking": list(result.ranking),
        "rounds": len(rounds),
        "dealers": [r.state.dealer for r in rounds],
        "deck_sizes": [size for _, _, size in played],
        "round_winners": [r.winner for r in rounds],
        "ended_by": [r.ended_by for r in rounds],
        "decided_by": [r.decided_by for r in rounds],
        "trophies": [r.trophy for r in rounds],
        "details": [_round_view(pack, r) for r in rounds],
    }


# -- golden playthroughs ------------------------------------------------------------------------
def run_playthrough(pack: ThatsNotLemonade, given: Field) -> Mapping[str, Any]:
    """A seeded bots' game, every turn with the table after it: pins the engine's play."""
    # the simulator loads only when a playthrough is checked, as for `printkit simulate`
    from printkit.games.thats_not_lemonade.simulation import play_seeded
    from printkit.games.thats_not_lemonade.strategies import STRATEGIES

    given.expect_keys(["players", "seed", "lineup"])
    players = _players(pack, given)
    seed = given.get("seed").as_int(0, 2**63)
    lineup = [
        b.as_choice(sorted(STRATEGIES)) for b in given.get("lineup").as_list(players, players)
    ]
    result = play_seeded(pack, players, seed, lineup)
    steps: list[dict[str, Any]] = []
    for number, done in enumerate(result.rounds, start=1):
        steps += _replayed_steps(pack, number, done)
        steps.append(
            {
                "round": number,
                "ended_by": done.ended_by,
                "winner": done.winner,
                "decided_by": done.decided_by,
                "trophy": done.trophy,
            }
        )
    return {"steps": steps, "winner": result.winner, "wins": list(result.wins)}


def _replayed_steps(pack: ThatsNotLemonade, number: int, done: RoundResult) -> list[dict]:
    """Each turn of a finished round and the table after it, replayed from its deal."""
    end = done.state
    drawn = [t.card for t in end.log if t.card]
    state = deal(pack, end.players, end.dealer, [*end.buried, *drawn, *end.pile])
    steps = []
    for turn in end.log:
        state = take_turn(pack, state, turn.choice == HIT)
        steps.append(
            {
                "round": number,
                "seat": turn.seat,
                "choice": turn.choice,
                "card": turn.card or None,
                "pile": len(state.pile),
                "lemons": [lemons(pack, h) for h in state.hands],
                "out": list(state.out),
            }
        )
    return steps


RULES: dict[str, ExampleRule] = dict(
    [
        example_rule(
            "deck",
            "the deck for a table size: cards, out cards, removals, the first card's chance",
            run_deck,
            "cards not_lemonade removed first_chance",
        ),
        example_rule(
            "round",
            "one round from a stacked deck and each seat's hit/pass choices",
            run_round,
            "winner decided_by ended_by eliminated lemons ice hands buried cards_left trophy "
            "next_dealer log",
        ),
        example_rule("trophy", "the card a round winner takes", run_trophy, "trophy"),
        example_rule(
            "odds",
            "the chance that the next card is That's Not Lemonade",
            run_odds,
            "chance fraction unseen odds_card",
        ),
        example_rule(
            "game",
            "a whole game: each round from a stacked deck and each seat's hit/pass choices",
            run_game,
            "winner wins ranking rounds dealers deck_sizes round_winners ended_by decided_by "
            "trophies details",
        ),
        example_rule(
            "playthrough",
            "a golden playthrough: a seeded bots' game, every turn and the table after it",
            run_playthrough,
            "steps winner wins",
        ),
        example_rule(
            "game-end",
            "dealers, trophies and the winner from the round winners",
            run_game_end,
            "winner rounds dealers deck_sizes trophies wins next_deck",
        ),
    ]
)
