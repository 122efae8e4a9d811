"""Politrickers: a 3-5 player trick-taking game of two parties and a Libra Disc."""
