from __future__ import annotations

from printkit.cli import main

if __name__ == "__main__":  # spawned workers import this module again: they must not run it
    main()
