"""What every command's package stands on: the bot's client, an interaction's facts, error
replies, the catalogue translator, message parts and Discord's limits, publishing the commands,
and the events that are no command's (channels deleted, members banned)."""
