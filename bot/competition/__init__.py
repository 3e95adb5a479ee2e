"""Island competition in Discord: the texts and embeds of its public board.

Private play (the hand, the placement, a trick's split and the steals) goes through the one
panel (:mod:`bot.panel`), driven by the engine's menus.

- ``texts``: what happened and what comes next, in words, from public view data and events;
- ``scores``: the scoreboard and the final scoring explained sea by sea;
- ``controls``: the board's Reveal next and Scores buttons;
- ``presentation``: the public board message, edited in place or posted anew to ping.

Hidden information (hands, unplaced or unrevealed cards, face-down piles) only ever goes into
the owner's panel; everything public is drawn from the spectator view (seat None).
"""
