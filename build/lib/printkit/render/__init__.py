"""Shared drawing machinery: pages, fonts, text fitting, symbols, imposition, tiling.

Nothing here knows a game; game modules pass in what to draw.
"""

from reportlab import rl_config

# Streams stay binary (Flate only): ASCII85 on top adds a quarter to their size
# and, in pure Python, a tenth of a rulebook's typesetting time.
rl_config.useA85 = 0
