"""Die Macher 2019 (seed 000) rules, a module per phase named after the seed's sections:

- ``setup``: party choice and setup (一.1 to 一.5, 一.7), initial deployment (一.8)
- ``draft``: the program draft and secret platforms (一.6)
- ``first_player``: first-player bid and tie auction (三.1), round start
- ``program``: program adjustment (三.2)
- ``media``: media markers (三.3)
- ``rallies``: party rallies (三.4)
- ``placement``: sending politicians (三.5)
- ``execution``: executing politicians (三.6)
- ``influence``: media influence (三.7)
- ``polls``: poll auctions and decisions (三.8)
- ``conversion``: votes from rallies (三.9.1)
- ``election``: state elections (三.9.2, 四)
- ``round_end``: income, donations, next round (三.9.3, 三.9.4)
- ``scoring``: final scoring (五)

``state`` holds the :class:`DieMacher2019` data class; ``table`` maps each phase to its functions.
"""

from hustings.games.die_macher_2019.rules.state import DieMacher2019

__all__ = ["DieMacher2019"]
