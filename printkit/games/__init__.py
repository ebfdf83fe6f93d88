"""The games bundled with printkit, one package each.

A package's name is its game's id in snake case (``lemonade_stall`` for
``lemonade-stall``); the registry finds them by name and imports one only when
its game is asked for, so a command about one game does not load the others.
"""
