"""The ``geodeck`` command."""
