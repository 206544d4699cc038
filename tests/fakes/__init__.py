"""Test doubles that run for real: the loopback OpenAI-compatible server."""
