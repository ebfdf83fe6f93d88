"""That's Not Lemonade's hook for `printkit simulate`: one seeded game, as a record or a log.

The shared records were cut for Lemonade Stall's days; a round maps onto them
as follows, so the report's figures mean:

- win rate by seat and by strategy: as they say (seat 1 deals the first round);
- "final money": rounds won by each seat;
- a day's ``condition``: how the round ended (all-revealed, one-left, all-passed);
- ``limit_binds``: the round was won on a tie-break (ice or seat), not on lemons;
- ``event`` and ``income``: the rule that decided the round, and each seat's lemons;
- ``decided_by``: the rule that decided the game's last round.
"""

from __future__ import annotations

from collections.abc import Sequence

from printkit.dice import SeededDice
from printkit.games.thats_not_lemonade.game import GameResult, play_game
from printkit.games.thats_not_lemonade.model import ThatsNotLemonade
from printkit.games.thats_not_lemonade.rules import RoundResult, lemons
from printkit.games.thats_not_lemonade.strategies import STRATEGIES
from printkit.simulate.records import DayRecord, GameRecord, Simulator
from printkit.simulate.seeds import sub_seed

TIE_BREAK_WINS = ("ice", "nearest-dealer-left")


def play_seeded(
    pack: ThatsNotLemonade, players: int, seed: int, lineup: Sequence[str]
) -> GameResult:
    """The whole game ``seed`` names: its shuffles and each seat's bot seeded from it."""
    deciders = {
        seat: STRATEGIES[name](pack, sub_seed(seed, f"seat-{seat}"))
        for seat, name in enumerate(lineup, start=1)
    }
    return play_game(pack, players, deciders, SeededDice(sub_seed(seed, "dice")))


def _scores(pack: ThatsNotLemonade, result: RoundResult) -> tuple[int, ...]:
    state = result.state
    return tuple(
        0 if seat in state.out else lemons(pack, state.hand(seat))
        for seat in range(1, state.players + 1)
    )


def record_game(
    pack: ThatsNotLemonade, players: int, seed: int, lineup: Sequence[str], index: int = 0
) -> GameRecord:
    result = play_seeded(pack, players, seed, lineup)
    return GameRecord(
        index=index,
        seed=seed,
        lineup=tuple(lineup),
        ranking=result.ranking,
        decided_by=result.rounds[-1].decided_by,
        money=result.wins,
        days=tuple(
            DayRecord(
                condition=r.ended_by,
                limit_binds=r.decided_by in TIE_BREAK_WINS,
                event=r.decided_by,
                income=_scores(pack, r),
                cards=(None,) * players,
            )
            for r in result.rounds
        ),
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


def player_counts(pack: ThatsNotLemonade) -> range:
    return pack.player_counts


SIMULATOR = Simulator(
    strategies=tuple(STRATEGIES),
    players=player_counts,
    play=record_game,
    explain=explain_game,
)
