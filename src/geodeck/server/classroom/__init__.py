"""The classroom (docs/classroom.md): a teacher's class of pupils on this server, its
assignments and its results sheet. ``register`` adds its endpoints to the app."""

from geodeck.server.classroom.routes import register

__all__ = ["register"]
