"""Reading content packs: YAML and CSV files into located values, packs, gaps and card text.

Nothing here draws: validating a game never imports reportlab.
"""
