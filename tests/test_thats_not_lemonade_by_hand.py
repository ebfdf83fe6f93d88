"""That's Not Lemonade's whole game, worked out by hand: the deal, the trophies, the wins.

Each test pins one plausible bug in the game flow (`game.py`) that the rest of
the suite let through (issue 21's mutants).
"""

from __future__ import annotations

from collections import Counter

import pytest

from printkit.games.thats_not_lemonade.content import load
from printkit.games.thats_not_lemonade.game import TurnView, play_round, play_rounds
from tests.conftest import CONTENT, edit, pack_copy


@pytest.fixture(scope="module")
def tnl():
    return load(CONTENT / "thats-not-lemonade")


def _left_wins(players: int):
    """A script: each round the deck is Ice (buried) and Ice, and the dealer's left hits.

    The dealer's left takes the Ice and the pile is empty: everyone else must pass, then
    the dealer's left passes too. The only seat holding a card wins on Ice.
    """
    dealers: list[int] = []
    trophies_offered: list[int] = []

    def script(number, dealer, cards):
        dealers.append(dealer)
        trophies_offered.append(Counter(cards)["lemonade"])
        left = dealer % players + 1
        deciders = {seat: Scripted() for seat in range(1, players + 1)}
        deciders[left] = Scripted(True)
        return ("ice", "ice"), deciders

    return script, dealers, trophies_offered


class Scripted:
    """Hits or passes as scripted, and keeps every view it was shown."""

    def __init__(self, *choices: bool) -> None:
        self.choices, self.views = list(choices), []

    def hit(self, view: TurnView) -> bool:
        self.views.append(view)
        return self.choices.pop(0)


def test_a_two_player_game_passes_the_deal_and_thins_the_deck(tnl):
    """Each round the deck is Ice (buried) and one Lemonade; the seat meant to win takes it.

    Seat 1 wins round 1, seat 2 the next three: seat 2 reaches 3 wins in round 4 and
    the game ends 3 to 1. The deal starts with seat 1 and passes left every round
    (1, 2, 1, 2). Each round's winner takes a single Lemonade as a trophy, so the two-player
    deck (12 Lemonade) offers 12, 11, 10 and 9 of them. Every view shows the rounds won
    before that round: 0-0, 1-0, 1-1, 1-2.
    """
    winners = [1, 2, 2, 2]
    seen: list[tuple[int, int, int]] = []
    deciders_by_round = []

    def script(number, dealer, cards):
        seen.append((number, dealer, Counter(cards)["lemonade"]))
        left = dealer % 2 + 1
        if winners[number - 1] == left:  # the dealer's left takes the Lemonade
            deciders = {left: Scripted(True), dealer: Scripted()}
        else:  # the dealer's left passes, the dealer takes it
            deciders = {left: Scripted(False), dealer: Scripted(True)}
        deciders_by_round.append(deciders)
        return ("ice", "lemonade"), deciders

    result = play_rounds(tnl, 2, script)

    assert seen == [(1, 1, 12), (2, 2, 11), (3, 1, 10), (4, 2, 9)]
    assert [r.winner for r in result.rounds] == winners
    assert [r.trophy for r in result.rounds] == ["lemonade"] * 4
    assert (result.winner, result.wins) == (2, (1, 3))
    shown = [{v.wins for d in deciders.values() for v in d.views} for deciders in deciders_by_round]
    assert shown == [{(0, 0)}, {(1, 0)}, {(1, 1)}, {(1, 2)}]


def test_the_first_dealer_can_be_any_seat(tnl):
    """Three players, seat 3 deals first: the deal goes 3, 1, 2, ... (always to the left).

    The dealer's left wins each round: seat 1, 2, 3, 1, 2, 3, then seat 1 a third time.
    """
    script, dealers, _ = _left_wins(3)
    result = play_rounds(tnl, 3, script, first_dealer=3)
    assert dealers == [3, 1, 2, 3, 1, 2, 3]
    assert (result.winner, result.wins) == (1, (3, 2, 2))


def test_the_longest_six_player_game_ends_with_a_double_as_trophy(tnl):
    """Six players win in turn: after 12 rounds each holds 2 wins and all 12 single Lemonade
    cards are trophies, so round 13's winner (seat 2, left of dealer 1) takes a Double
    Lemonade and the game ends 3 wins to 2."""
    script, dealers, offered = _left_wins(6)
    result = play_rounds(tnl, 6, script)
    assert dealers == [1, 2, 3, 4, 5, 6] * 2 + [1]
    assert offered == [12 - n for n in range(13)]
    assert [r.trophy for r in result.rounds] == ["lemonade"] * 12 + ["double-lemonade"]
    assert (result.winner, result.wins) == (2, (2, 3, 2, 2, 2, 2))


def test_a_binding_pass_is_never_asked_again(tmp_path):
    """With ``pass_again: false`` a player who passed keeps passing: nobody asks them.

    Two players, seat 1 deals; the pile (below the buried Ice) is Lemonade, Lemonade.
    Seat 2 passes, seat 1 takes a Lemonade, seat 2 (bound) passes without being asked,
    seat 1 takes the other Lemonade, both pass on the empty pile: seat 1 wins, 2 lemons.
    """
    folder = pack_copy(CONTENT / "thats-not-lemonade", tmp_path)
    edit(folder / "game.yaml", "    value: true", "    value: false")
    pack = load(folder)
    two, one = Scripted(False), Scripted(True, True)
    result = play_round(pack, 2, 1, ("ice", "lemonade", "lemonade"), {1: one, 2: two})
    assert (len(two.views), len(one.views)) == (1, 2)
    assert [(t.seat, t.choice) for t in result.state.log] == [
        (2, "pass"),
        (1, "hit"),
        (2, "pass"),
        (1, "hit"),
        (2, "pass"),
        (1, "pass"),
    ]
    assert (result.winner, result.decided_by) == (1, "lemons")
