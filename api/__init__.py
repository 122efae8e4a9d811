"""Backroom's entry points: the HTTP API, the command line, and the application service behind them."""
