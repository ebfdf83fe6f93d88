from __future__ import annotations

from printkit.cli import main

main()
