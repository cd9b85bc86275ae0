"""Shared tables: a server process owns a match, players' terminals are its clients."""
