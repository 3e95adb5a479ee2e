"""Island competition in Discord: hidden hands in private panels, the reveal on one public board.

- ``texts``: what happened and what comes next, in words, from public view data and events;
- ``scores``: the scoreboard and the final scoring explained sea by sea;
- ``publish``: the public board message (picture of the public view, buttons, pings);
- ``hand``: a player's private placement panel (their cards drawn as cards, select menus);
- ``dialogs``: the private split and national-border steal dialogs of a trick's taker;
- ``pace``: showing every change and turning slots over by themselves after a short pause.

Hidden information (hands, unplaced or unrevealed cards, face-down piles) only ever goes into
the owner's ephemeral replies; everything public is drawn from the spectator view (seat None).
"""
