"""Shared drawing machinery: pages, fonts, text fitting, symbols, imposition, tiling.

Nothing here knows a game; game modules pass in what to draw.
"""
