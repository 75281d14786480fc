"""The Undercover in Europa data pipeline: 47 country cards and 73 question cards.

Run ``python -m tools countries`` from the repository root. It reads pinned registry
packages (see ``inputs``), the curated tables in ``curated/`` and the political choices in
``politics.toml``, validates everything (``validate``) and writes
``src/geodeck/decks/data/undercover.json``, ``questions.json`` and ``flags/``.
"""
