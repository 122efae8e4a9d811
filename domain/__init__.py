"""The Backroom domain: the game kernel and the games that plug into it.

Nothing in this package does I/O, reads the clock or draws from a global random source. Chance and
time arrive in a :class:`domain.chance.Context`; every outcome is written into the events.
"""
