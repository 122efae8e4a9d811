"""Known players' application: sign-up and sign-in with passkeys, sessions and API keys, on the player
streams of the log the tables share (:mod:`api.players.application`). It stands beside the table
service, not on it: a player is an aggregate of its own (STYLE principle 20)."""
