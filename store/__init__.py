"""The log floor: the event log as the ``eventsourcing`` library keeps it, under both sides.

The write side (``api.service``) and the read side (``projections``) both stand on it, and neither
borrows from the other: ``settings`` (what every process reads, the store's among it), ``stored`` (the
stored formats of a table's events, snapshots, chat and attempts, and the mapper that turns them into
the library's stored events and back, by a topic registry), ``committer`` (group commit, the game
locks, the kept tables), ``repository`` (loads and saves tables; on SQLite through the recorder that
writes a commit in one statement), ``reader`` (a table at any version, its events, attempts and chat,
for every reader) and ``commits`` (what a commit hands on, and the reactions it is handed to). It
imports ``domain`` and the library, nothing above.
"""
