"""Load and failure: bursts of taps, 99-player races, the outbox, a frozen database."""
