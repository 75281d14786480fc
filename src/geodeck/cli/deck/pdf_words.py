"""The words printed by ``geodeck deck print``, in English, German and Italian: the labels
on the cards and the one-page rules summary (RULES.md Part A, B in short)."""

from __future__ import annotations

LABELS: dict[str, dict[str, str]] = {
    "en": {
        "place": "Place", "sight": "Sight", "landmark": "Landmark", "attraction": "Attraction",
        "mountain": "Mountain", "population": "Population", "area": "Area", "altitude": "Altitude",
        "difficulty": "Difficulty", "direction": "Direction card", "north": "N", "south": "S",
        "west": "W", "east": "E", "intermezzo": "Intermezzo",
        "intermezzo_text": "Interim scoring: everyone secretly guesses how many cards on "
        "the table are wrong. Exact: 2 chips. Nobody exact: the closest get 1.",
        "direction_text": "West to east from left to right, south to north from bottom to top.",
        "capital": "Capital", "vehicle": "Vehicle code", "rank": "rank", "rules": "Rules in short",
        "question": "Question", "seeker": "X = a seeker, not the undercover player",
    },
    "de": {
        "place": "Ort", "sight": "Sehenswürdigkeit", "landmark": "Wahrzeichen",
        "attraction": "Sehenswürdigkeit", "mountain": "Berg", "population": "Einwohner",
        "area": "Fläche", "altitude": "Höhe", "difficulty": "Schwierigkeit",
        "direction": "Richtungskarte", "north": "N", "south": "S", "west": "W", "east": "O",
        "intermezzo": "Zwischenwertung",
        "intermezzo_text": "Alle schätzen geheim, wie viele Karten auf dem Tisch falsch liegen. "
        "Genau: 2 Chips. Niemand genau: die Nächsten je 1.",
        "direction_text": "Von links nach rechts West nach Ost, von unten nach oben Süd nach Nord.",
        "capital": "Hauptstadt", "vehicle": "Kfz-Kennzeichen", "rank": "Rang",
        "rules": "Die Regeln in Kürze", "question": "Frage",
        "seeker": "X = ein Sucher, nicht der Undercover-Spieler",
    },
    "it": {
        "place": "Luogo", "sight": "Monumento", "landmark": "Monumento",
        "attraction": "Attrazione", "mountain": "Montagna", "population": "Abitanti",
        "area": "Superficie", "altitude": "Altitudine", "difficulty": "Difficoltà",
        "direction": "Carta direzione", "north": "N", "south": "S", "west": "O", "east": "E",
        "intermezzo": "Intermezzo",
        "intermezzo_text": "Punteggio intermedio: tutti stimano in segreto quante carte sul "
        "tavolo sono sbagliate. Esatto: 2 gettoni. Nessuno esatto: i più vicini 1.",
        "direction_text": "Da sinistra a destra da ovest a est, dal basso in alto da sud a nord.",
        "capital": "Capitale", "vehicle": "Sigla auto", "rank": "posto",
        "rules": "Le regole in breve", "question": "Domanda",
        "seeker": "X = un cercatore, non il giocatore undercover",
    },
}  # fmt: skip

CROSS_RULES: dict[str, list[tuple[str, str]]] = {
    "en": [
        ("Setup (A1)", "Shuffle the place cards. Three stacks of 15, with an intermezzo card "
         "between them, make the draw pile; the rest is the reserve. The first reserve card is "
         "the start card, on the direction card. Every player takes 4 chips."),
        ("A turn (A2)", "Draw the top card and read its name aloud; nobody looks at its back. "
         "Put it into the west-east line or the north-south line at any gap: at an end or "
         "between two cards. It only has to be right along that line. In a column variant "
         "(population, area, altitude) there is one column, the smallest at the bottom."),
        ("Right or wrong (A3)", "The values grow towards the east and the north (upwards in a "
         "column). A W coordinate is always west of an E one, an S coordinate south of an N one. "
         "Equal values are always right."),
        ("Challenge (A4)", "Starting left of the placer, each player may challenge. The first "
         "challenger turns over the card and one of its neighbours. Wrong: the challenger gets "
         "1 chip from the placer and the card leaves the game. Right: the placer gets 1 chip "
         "from the challenger and both cards are turned back."),
        ("Chips (A5)", "A player without chips pays nothing: the receiver takes one from the "
         "supply. When the supply runs short, 5 chips are exchanged for a removed card, worth 5 "
         "at the end."),
        ("Intermezzo (A6)", "When an intermezzo card comes up, and after the last card: everyone "
         "secretly guesses how many cards on the table are wrong. Check outward from the start "
         "card, each card against the nearest card towards the start that is not set aside; a "
         "wrong card is set aside at once. Exact guesses earn 2 chips; if nobody is exact, the "
         "closest earn 1. Then the table is cleared and a new start card comes from the reserve."),
        ("End (A7)", "After the third stack and its scoring: chips, plus 5 for each exchanged "
         "card. The highest score wins."),
    ],
    "de": [
        ("Aufbau (A1)", "Ortskarten mischen. Drei Stapel zu 15 Karten mit je einer "
         "Zwischenwertungskarte dazwischen bilden den Nachziehstapel; der Rest ist die Reserve. "
         "Die erste Reservekarte ist die Startkarte auf der Richtungskarte. Alle nehmen 4 Chips."),
        ("Ein Zug (A2)", "Oberste Karte ziehen, den Namen vorlesen; niemand sieht auf die "
         "Rückseite. Die Karte in die West-Ost- oder die Nord-Süd-Reihe an eine beliebige Lücke "
         "legen: an ein Ende oder zwischen zwei Karten. Sie muss nur in dieser Reihe stimmen. In "
         "einer Säulenvariante (Einwohner, Fläche, Höhe) gibt es eine Säule, das Kleinste unten."),
        ("Richtig oder falsch (A3)", "Die Werte wachsen nach Osten und nach Norden (in der Säule "
         "nach oben). Eine W-Koordinate liegt immer westlich einer O-Koordinate, eine S-Koordinate "
         "südlich einer N-Koordinate. Gleiche Werte sind immer richtig."),
        ("Anzweifeln (A4)", "Links vom Legenden beginnend darf jeder anzweifeln. Wer zuerst "
         "zweifelt, dreht die Karte und einen Nachbarn um. Falsch: der Zweifler bekommt 1 Chip "
         "vom Legenden, die Karte scheidet aus. Richtig: der Legende bekommt 1 Chip vom Zweifler, "
         "beide Karten werden zurückgedreht."),
        ("Chips (A5)", "Wer keine Chips hat, zahlt nichts: der Empfänger nimmt einen aus dem "
         "Vorrat. Reicht der Vorrat nicht, werden 5 Chips gegen eine ausgeschiedene Karte "
         "getauscht, die am Ende 5 zählt."),
        ("Zwischenwertung (A6)", "Bei einer Zwischenwertungskarte und nach der letzten Karte "
         "schätzen alle geheim, wie viele Karten falsch liegen. Von der Startkarte nach außen "
         "prüfen, jede Karte gegen die nächste nicht aussortierte zur Startkarte hin; eine falsche "
         "Karte wird sofort aussortiert. Genaue Schätzung: 2 Chips; ist niemand genau, "
         "bekommen die Nächsten 1. Dann wird der Tisch geräumt, eine neue Startkarte "
         "kommt aus der Reserve."),
        ("Ende (A7)", "Nach dem dritten Stapel und seiner Wertung: Chips plus 5 je getauschter "
         "Karte. Die meisten Punkte gewinnen."),
    ],
    "it": [
        ("Preparazione (A1)", "Mescolare le carte luogo. Tre mazzetti da 15, con una carta "
         "intermezzo fra l'uno e l'altro, formano il mazzo da pescare; il resto è la riserva. La "
         "prima carta della riserva è la carta di partenza, sulla carta direzione. Ognuno prende "
         "4 gettoni."),
        ("Un turno (A2)", "Pescare la prima carta e leggerne il nome; nessuno ne guarda il retro. "
         "Metterla nella fila ovest-est o nella fila nord-sud in un punto qualsiasi: "
         "a un'estremità o fra due carte. Deve essere giusta solo lungo quella fila. Nelle "
         "varianti a colonna (abitanti, superficie, altitudine) c'è una colonna, il più "
         "piccolo in basso."),
        ("Giusto o sbagliato (A3)", "I valori crescono verso est e verso nord (verso l'alto in "
         "colonna). Una coordinata O è sempre a ovest di una E, una S a sud di una N. Valori "
         "uguali sono sempre giusti."),
        ("Contestare (A4)", "A partire da sinistra di chi ha giocato, ognuno può contestare. Il "
         "primo che contesta gira la carta e una vicina. Sbagliata: chi contesta riceve 1 gettone "
         "da chi ha giocato e la carta esce dal gioco. Giusta: chi ha giocato riceve 1 gettone da "
         "chi contesta e le carte tornano coperte."),
        ("Gettoni (A5)", "Chi non ha gettoni non paga: chi riceve ne prende uno dalla scorta. Se "
         "la scorta non basta, 5 gettoni si scambiano con una carta uscita, che alla fine vale 5."),
        ("Intermezzo (A6)", "A una carta intermezzo e dopo l'ultima carta tutti stimano in "
         "segreto quante carte sul tavolo sono sbagliate. Si controlla dalla carta di partenza "
         "verso l'esterno, ogni carta con la più vicina verso il centro non scartata; una carta "
         "sbagliata si scarta subito. Stima esatta: 2 gettoni; se nessuno è esatto, i più "
         "vicini 1. Poi si sgombra il tavolo e una nuova carta di partenza viene dalla riserva."),
        ("Fine (A7)", "Dopo il terzo mazzetto e il suo punteggio: gettoni più 5 per ogni carta "
         "scambiata. Vince il punteggio più alto."),
    ],
}  # fmt: skip

UNDERCOVER_RULES: dict[str, list[tuple[str, str]]] = {
    "en": [
        ("A round (B2)", "16 country cards are laid out, at most 4 of one colour. The undercover "
         "player secretly chooses one of them. In turn, a seeker reads a question card aloud and "
         "the undercover player answers it; after each question the seekers may put a guess "
         "stone on a country (the large stone counts 2)."),
        ("End (B3)", "Stones on the right country score; the role of the undercover player "
         "passes clockwise. The most points after every player has been undercover win."),
    ],
    "de": [
        ("Eine Runde (B2)", "16 Länderkarten werden ausgelegt, höchstens 4 einer Farbe. Der "
         "Undercover-Spieler wählt geheim eines davon. Reihum liest ein Sucher eine Fragekarte "
         "vor, der Undercover-Spieler antwortet; nach jeder Frage dürfen die Sucher einen "
         "Tippstein auf ein Land legen (der große zählt 2)."),
        ("Ende (B3)", "Steine auf dem richtigen Land punkten; die Rolle wandert im Uhrzeigersinn. "
         "Wer nach einer Runde aller die meisten Punkte hat, gewinnt."),
    ],
    "it": [
        ("Un round (B2)", "Si scoprono 16 carte paese, al massimo 4 di un colore. Il giocatore "
         "undercover ne sceglie uno in segreto. A turno un cercatore legge una carta domanda e "
         "l'undercover risponde; dopo ogni domanda i cercatori possono mettere una pedina su un "
         "paese (quella grande vale 2)."),
        ("Fine (B3)", "Le pedine sul paese giusto fanno punti; il ruolo passa in senso orario. "
         "Vince chi ha più punti dopo che tutti sono stati undercover."),
    ],
}  # fmt: skip
