"""``geodeck practice`` and ``geodeck daily``: learning the map alone at the terminal
(docs/practice.md, docs/daily.md)."""
