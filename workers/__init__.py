"""Processes that run beside the API: the projection worker and the rebuild command."""
