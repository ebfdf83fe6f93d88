"""Checking worked examples against the rules engine, from the command line and from pytest."""
