"""The read side: projections that follow the event log and build everything players read.

``documents`` says what each read model holds, ``games`` folds the log into them, ``stores`` keeps them
(SQLite in the embedded mode, Redis at scale) together with the position processed, ``following``
drives the projection from the log, and ``signals`` tells live streams that a game changed.
"""
