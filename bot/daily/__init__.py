"""Islant of the day: one roll sequence per UTC day and level for every player of the bot,
each played alone in a private panel, ranked on its server and everywhere."""
