"""The rules of Die Macher classic (seed 001; seed 003 where the rulings follow it).

Modules by section of seed 001:

- ``setup``: §遊戲準備 (setup) and §遊戲流程 1 (the secret starting sheet)
- ``bidding``: 2.i start-player bid
- ``platform``: 2.ii platform meeting
- ``cabinet``: 2.iii shadow cabinet
- ``coalitions``: 2.iv coalitions
- ``media``: 2.v media purchases and media control; 2.viii absolute-majority swap
- ``rallies``: 2.vi rallies
- ``polls``: 2.vii poll auctions
- ``conversion``: 2.viii early vote conversion
- ``election``: 3.i-iv seats, winner, winners' powers, new members; 3.v income
- ``round_end``: 4.iii donations, 4.i-ii setting up the next round (and the short variant)
- ``scoring``: §遊戲結束
- ``table``: phase -> legal / apply / advance; ``state``: the state class
"""

from hustings.games.die_macher.rules.state import DieMacher

__all__ = ["DieMacher"]
