"""Who reads which language: commands, panels, engine words and events in English and German."""
