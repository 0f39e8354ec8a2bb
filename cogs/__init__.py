"""Discord adapters: slash commands, views and error handling."""
