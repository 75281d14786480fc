"""Maps of the decks (``geodeck deck map``): country outlines from Natural Earth, the cards
as dots, drawn offline with matplotlib."""
