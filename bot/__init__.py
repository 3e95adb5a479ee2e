"""The Discord side: configuration, the store, the game service, cogs and the console command."""
