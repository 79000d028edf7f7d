"""Tash-Kalar: summoners shape their tokens into patterns to call beings onto a 9x9 arena."""
