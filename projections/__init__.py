"""The read side: projections that follow the event log and build everything players read.

``documents`` says what each read model holds, ``projection`` folds the log into them and holds the
followers that drive it along the log, ``stores`` keeps them (SQLite in the embedded mode, Redis at
scale) together with the position processed, ``queries`` answers the reads, and ``signals`` tells live
streams that a game changed.
"""
