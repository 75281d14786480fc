"""The data pipeline that builds geodeck's shipped place decks (docs/data.md)."""
