"""Balance reports: play many seeded games with bots and summarise what happened.

The machinery here names no game; a game opts in through the `simulate` hook
of its registry entry (a `Simulator`), which plays one seeded game with its own
rules engine and turns it into a `GameRecord`.
"""
