"""The read side: projections that follow the event log and build everything players read.

``documents`` says what each read model holds, ``projection`` folds the log into them and holds the
followers that drive it along the log, ``stores`` keeps them (SQLite in the embedded mode,
``redis_store`` at scale) together with the position processed and tells live streams that a game
changed (its ``Signals``; Redis's change channels are relayed to them by ``redis_store``), and
``queries`` answers the reads.
"""
