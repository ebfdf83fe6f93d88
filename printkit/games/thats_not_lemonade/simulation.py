"""That's Not Lemonade's hook for `printkit simulate`: one seeded game, as a record or a log.

A game's score is the rounds each seat won; the first to ``rounds_to_win``
wins, so no game needs a tie-break (``decided_by`` is always the score). Each
round is one `RoundRecord`: its kind is how the round ended (all-revealed,
one-left, all-passed) and its group the rule that won it (lemons, a tie-break,
or the only player left). `REPORT` names the sections they feed and states
the bots' pass thresholds.
"""

from __future__ import annotations

from collections.abc import Sequence

from printkit.dice import SeededDice
from printkit.games.thats_not_lemonade.game import GameResult, play_game
from printkit.games.thats_not_lemonade.model import ThatsNotLemonade
from printkit.games.thats_not_lemonade.rules import END_CONDITIONS, RoundResult, lemons
from printkit.games.thats_not_lemonade.strategies import PLAYS, STRATEGIES
from printkit.simulate.records import (
    LENGTH,
    MARGIN,
    SPREAD_NOTE,
    Bot,
    Extreme,
    Family,
    GameRecord,
    RoundRecord,
    Score,
    Simulator,
    Vocabulary,
)
from printkit.simulate.seeds import sub_seed

ROUND_WINS = "round-wins"  # what decides every game


def play_seeded(
    pack: ThatsNotLemonade, players: int, seed: int, lineup: Sequence[str]
) -> GameResult:
    """The whole game ``seed`` names: its shuffles and each seat's bot seeded from it."""
    deciders = {
        seat: STRATEGIES[name](pack, sub_seed(seed, f"seat-{seat}"))
        for seat, name in enumerate(lineup, start=1)
    }
    return play_game(pack, players, deciders, SeededDice(sub_seed(seed, "dice")))


def record_game(
    pack: ThatsNotLemonade, players: int, seed: int, lineup: Sequence[str], index: int = 0
) -> GameRecord:
    result = play_seeded(pack, players, seed, lineup)
    return GameRecord(
        index=index,
        seed=seed,
        lineup=tuple(lineup),
        ranking=result.ranking,
        decided_by=ROUND_WINS,
        scores=result.wins,
        rounds=tuple(RoundRecord(kind=r.ended_by, group=r.decided_by) for r in result.rounds),
    )


def explain_game(
    pack: ThatsNotLemonade, players: int, seed: int, lineup: Sequence[str]
) -> list[str]:
    """The game round by round: who held what, who went out, how the round ended."""
    result = play_seeded(pack, players, seed, lineup)
    lines = [
        f"{pack.title}: game seed {seed}, {players} players, first to {pack.rounds_to_win} rounds",
        "Seats: " + ", ".join(f"{seat} {name}" for seat, name in enumerate(lineup, start=1)),
    ]
    for number, r in enumerate(result.rounds, start=1):
        lines += ["", *_explain_round(pack, number, r, lineup)]
    wins = ", ".join(f"seat {s} {result.wins[s - 1]}" for s in result.ranking)
    lines += ["", f"Result: seat {result.winner} ({lineup[result.winner - 1]}) wins; {wins}."]
    return lines


def _explain_round(
    pack: ThatsNotLemonade, number: int, r: RoundResult, lineup: Sequence[str]
) -> list[str]:
    state = r.state
    buried = ", ".join(pack.card(c).title for c in state.buried)
    lines = [f"Round {number}: seat {state.dealer} deals; buried: {buried}"]
    for seat in range(1, state.players + 1):
        hand = ", ".join(pack.card(c).title for c in state.hand(seat)) or "no cards"
        status = "OUT" if seat in state.out else f"{lemons(pack, state.hand(seat))} lemons"
        lines.append(f"  seat {seat} {lineup[seat - 1]:<16} {status:<10} {hand}")
    lines.append(
        f"  ended by {r.ended_by} with {len(state.pile)} cards left; seat {r.winner} wins "
        f"on {r.decided_by} and takes a {pack.card(r.trophy).title} card"
    )
    return lines


REPORT = Vocabulary(
    seats_note="seat 1 deals the first round, so seat 2 plays first",
    score=Score(
        ROUND_WINS,
        "Round wins per game",
        everything="all players",
        name="round wins",
        decided_by=ROUND_WINS,
    ),
    length=Family("rounds", "Rounds per game", SPREAD_NOTE, "all games"),
    kinds=Family("endings", "How rounds ended", "share of rounds", order=END_CONDITIONS),
    groups=Family(
        "won-on",
        "Rounds won on",
        "the first rule that separated the top two still in, or the only one left",
    ),
    extremes=(
        Extreme("widest winning margin", MARGIN, "{winner} won {top}–{second}"),
        Extreme("longest game", LENGTH, "{winner} won after {rounds} rounds"),
    ),
    bots=tuple(
        Bot(name, plays, tuple(settings.items())) for name, (plays, settings) in PLAYS.items()
    ),
    bots_note="chance: of the next card being That's Not Lemonade",
)

SIMULATOR = Simulator(
    strategies=tuple(STRATEGIES),
    play=record_game,
    explain=explain_game,
    report=REPORT,
)
