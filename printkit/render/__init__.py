"""Shared drawing machinery: pages, fonts, text fitting, symbols, imposition, tiling.

Nothing here knows a game; game modules pass in what to draw.
"""

import time

from reportlab import rl_config

EPOCH = 946684800  # 2000-01-01 UTC, reportlab's invariant date

# Streams stay binary (Flate only): ASCII85 on top adds a quarter to their size
# and, in pure Python, a tenth of a rulebook's typesetting time.
rl_config.useA85 = 0


def _fixed_clock() -> None:
    """Every PDF is dated 2000-01-01 UTC, ``SOURCE_DATE_EPOCH`` set or not.

    reportlab's invariant mode otherwise takes the date from ``SOURCE_DATE_EPOCH``
    when CI sets it, so the same content would print different bytes there. A kit's
    bytes depend on its content alone (README: "Deterministic output").
    """
    from reportlab.lib.utils import TimeStamp
    from reportlab.pdfbase import pdfdoc

    class FixedTimeStamp(TimeStamp):
        def __init__(self, invariant=None) -> None:
            self.t = EPOCH
            self.lt = time.gmtime(EPOCH)
            self.YMDhms = tuple(self.lt)[:6]
            self.dhh = self.dmm = 0
            self.tzname = "UTC"

    pdfdoc.TimeStamp = FixedTimeStamp


_fixed_clock()
