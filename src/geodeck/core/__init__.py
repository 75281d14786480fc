"""Shared machinery: seats, errors, records, the Game interface."""
