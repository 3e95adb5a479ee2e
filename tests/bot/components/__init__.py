"""One part of the bot at a time: publisher, cards, ids, limits, ratings, the console."""
