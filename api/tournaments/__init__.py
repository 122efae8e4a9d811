"""Tournaments' application: create, start, withdraw, enter late, open a round's tables and seat an
entrant (:mod:`api.tournaments.application`). It holds the table service and the players' application
(composition): a round's tables are opened through :meth:`api.service.application.Tables.open`, as any
table is."""
