"""Cinch for Discord: rules engine, computer players, pictures, storage and the bot."""
