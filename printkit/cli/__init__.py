"""The command line: parsing arguments and mapping errors to exit codes, nothing more."""

from printkit.cli.main import cli, main

__all__ = ["cli", "main"]
