"""Playing many bot games and summarising them (``geodeck simulate``)."""
