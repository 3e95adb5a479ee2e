"""What players and hosts do, through the real bot in simcord: one flow per file."""
