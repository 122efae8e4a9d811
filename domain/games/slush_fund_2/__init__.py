"""Slush Fund 2: two players buy five politicians with legal and illegal contributions."""
