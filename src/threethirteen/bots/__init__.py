"""The bot protocol and the bots."""
