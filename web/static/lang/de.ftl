bp = BP
mp = MP
language = Sprache
lobby = Lobby
lobby_page_title = { lobby } — Ursuppe
game_page_title = { game } — Ursuppe
game = Partie
players = Spieler
ladder = Zählleiste
market = Genmarkt
log = Protokoll
legend = Was die Zeichen bedeuten
food_legend = Ein farbiges Zeichen mit einer Zahl: Nahrungswürfel dieser Farbe auf dem Feld.
your_turn_banner = Du bist dran!
your_turn = Du bist dran
to_decide = { $seat } entscheidet
you_play_seat = Du spielst Platz { $n }
watching = Zuschauen (nur lesen)
resign = Aufgeben (ein Bot spielt deinen Platz weiter)
really_resign = Wirklich aufgeben? Noch einmal klicken
game_n = Partie { $id }
round_n = Runde { $n }
phase = Phase
status_open = offen
status_active = läuft
status_finished = beendet
status_abandoned = abgebrochen
environment =
    { $left ->
        [one] Umwelt: { $drift ->
            [none] keine Strömung
           *[other] Strömung nach { $dir }
        }, Ozon { $ozone } (noch { $left } Karte)
       *[other] Umwelt: { $drift ->
            [none] keine Strömung
           *[other] Strömung nach { $dir }
        }, Ozon { $ozone } (noch { $left } Karten)
    }
time_left = noch { $time }
error = Fehler
loading = Wird geladen…
error_loading = Fehler beim Laden der Partie
th_seat = Platz
th_score = Punkte
th_genes = Gene
th_amoebas = Amöben
th_gene = Gen
th_price = Preis
th_mutation = Mutation
th_cards = Karten
th_place = Rang
bot_level = Bot { $level }
cards_left = noch { $n }
final_ranking = Endstand
replay_open = Die Partie Zug für Zug nachspielen
replay = Wiederholung
rp_start = Anfang
rp_back = Zurück
rp_next = Weiter
rp_end = Ende
rp_pos = Zug { $at } von { $of }
rp_setup = Spielaufbau
rv_title = Analyse
rv_explain = Der Suchbot hat jede Entscheidung mit Auswahl bewertet: den Wert des gespielten Zugs gegen den Zug, den er vorzog, als seine Schätzung des Endabstands zum besten Gegner. Ein Verlust ab { $inaccuracy } Punkten ist eine Ungenauigkeit, ab { $mistake } ein Fehler, ab { $blunder } ein grober Fehler. Die Schätzungen sind die Meinung des Bots und etwas verrauscht.
rv_accuracy = Genauigkeit
rv_inaccuracies = Ungenauigkeiten
rv_mistakes = Fehler
rv_blunders = Grobe Fehler
rv_inaccuracy = Ungenauigkeit
rv_mistake = Fehler
rv_blunder = Grober Fehler
rv_item = Zug { $seq }, { $seat }: { $what } (−{ $loss } Punkte)
rv_none = Keine Entscheidung wurde markiert.
rv_show = Analyse zeigen
rv_pending = Die Analyse wird erstellt…
rv_missing = Diese Partie wurde noch nicht analysiert.
rv_ask = Partie analysieren
rv_mark = { $what }: −{ $loss } Punkte. Besser: { $better }.
island = Insel
amoeba_title = Amöbe { $n } von { $seat }: { $dp } Schaden
what_is_this = Was ist das?
got_it = Verstanden
acts_in = Wirkt in
hands_in = Gibt ab
works_with = Wirkt mit
waiting = Warten
decides = { $seat } entscheidet: { $what }.
skip_ahead = Vorspulen
invited_title = Du bist eingeladen
invited_to = Spiel { $id } auf Platz { $n } beitreten.
accept_invite = Platz nehmen (mit dem Namen unten)
private_game = Privat: nur wer einen Einladungslink hat, tritt bei
decoy = Köder
decoy_group = Der Köder (kein Spieler)
th_colour = Farbe
th_player = Spieler
bot_thinking = { $seat } denkt nach: { $what }.
waiting_players = Warten auf Mitspieler
open_seats_intro = Das Spiel beginnt, sobald alle Plätze besetzt sind. Schicke jeder Person einen Link zum Beitreten:
seat_link = Platz { $n }
copy_link = Link kopieren
copied = Kopiert
invitation_code = Einladungscode { $code }
offered_fields = Angebotene Felder: { $fields }. Klicke eines an (oder wähle es mit der Tastatur und drücke Enter).
on_field = Auf { $field }:
your_amoeba = Deine Amöbe { $n }.
your_amoeba_on = Deine Amöbe { $n } auf { $field }.
place_reason = Grund: { $reason }.
place_reason_free = Grund: { $reason } (kostenlos).
place_why_setup = Spielaufbau
place_why_division = Zellteilung
divide_cost = Eine neue Amöbe kostet { $cost } BP; du hast { $bp } BP.
current_drifts =
    { $drift ->
        [none] In dieser Runde gibt es keine Strömung.
       *[other] Die Strömung treibt nach { $dir }.
    }
you_rolled = Du hast { $dice } geworfen. 1 { $w }, 2 { $n }, 3 { $e }, 4 { $s }, 5 stehen bleiben, 6 freie Wahl.
tentacle_take =
    { $limit ->
         [one] Von { $from } nach { $to }: bis zu { $limit } Würfel mitnehmen.
        *[other] Von { $from } nach { $to }: bis zu { $limit } Würfel mitnehmen.
    }
leaves_for = { $amoeba } zieht nach { $to }.
food_here = Nahrung hier: { $food }.
attacks_you = { $attacker } greift deine Amöbe { $n } an.
attacks_you_lost = { $attacker } greift deine Amöbe { $n } an (du hast den Kampf verloren).
still_to_pay = Noch zu zahlen: { $remaining } (BP, oder Gene nach ihrem Defektwert).
genes_to_give = Gene, die du abgeben kannst
buy_intro =
    { $mp ->
         [one] Du hast { $bp } BP und { $mp } Mutationspunkt; das Ozon steht jetzt bei { $ozone }.
        *[other] Du hast { $bp } BP und { $mp } Mutationspunkte; das Ozon steht jetzt bei { $ozone }.
    }
mp_change = MP { $before } → { $after } (Ozon { $ozone })
defect_ahead = { $excess } über dem Ozon jetzt: ein Gendefekt droht.
defect_warning = { $gene } bringt deine Mutationspunkte auf { $after }, über das Ozon von { $ozone }: In Phase 2 zahlst du { $excess } (BP oder Gene), außer die nächste Karte hat mehr Ozon. Noch einmal klicken, um trotzdem zu kaufen.
buy_for = Für { $price } BP kaufen
buy_anyway = Trotzdem kaufen ({ $price } BP)
choose_offered = Wähle eine der angebotenen Aktionen:
seat_n = Platz { $n }
amoeba_of = Amöbe { $n } von { $seat }
amoeba_of_on = Amöbe { $n } von { $seat } auf { $field }
nothing = nichts
shape_circle = Kreis
shape_square = Quadrat
shape_triangle = Dreieck
shape_diamond = Raute
shape_star = Stern
shape_cross = Kreuz
act_start_space = Startfeld { $space }
act_place = Amöbe { $n } auf { $field }
act_drift = Treiben
act_drift_dir =
    { $drift ->
        [none] Bleiben (keine Strömung)
       *[other] Nach { $dir } treiben
    }
act_hold = Festhalten (bleiben, kostenlos)
act_move = Ziehen (Kompass würfeln)
act_move_dir = Nach { $dir } ziehen
act_die = Würfel { $face } behalten
act_direction = Nach { $dir }
act_skip = Kein zweiter Zug
act_tentacle = { $cubes } mitnehmen
act_cling = Festklammern
act_cling_to = Festklammern (nach { $to })
act_let_go = Loslassen
act_feed = { $cubes } fressen
act_feed_parasite = { $cubes } fressen (Parasit bei { $seat })
act_starve = Nichts fressen (1 Schadenspunkt)
act_attack = { $target } angreifen
act_attack_with = { $target } mit Amöbe { $n } angreifen
act_accept = Angriff hinnehmen
act_defend = Verteidigen (mit Würfeln kämpfen)
act_escape = Fliehen
act_pass = Passen
act_pay_bp = { $amount } BP zahlen
act_give_up_gene = { $gene } abgeben
act_buy = { $gene } kaufen
act_buy_replacing = { $gene } kaufen (statt { $old })
act_done = Fertig
ev_game_created = Die Partie wurde angelegt.
ev_start_roll = { $seat } würfelt { $dice } für die Startreihenfolge.
ev_start_order = Startreihenfolge: { $seats }.
ev_start_space_taken = { $seat } nimmt Startfeld { $space }.
ev_amoeba_placed = { $seat } setzt Amöbe { $n } auf { $field }.
ev_round_started = — Runde { $round } —
ev_phase_started = Phase { $phase } der Runde { $round }.
ev_card_revealed =
    { $drift ->
        [none] Umweltkarte: keine Strömung, Ozon { $ozone }.
       *[other] Umweltkarte: Strömung nach { $dir }, Ozon { $ozone }.
    }
ev_cubes_placed = Nahrung auf { $field } gelegt: { $cubes }.
ev_amoeba_moved =
    { $reason ->
        [drift] Amöbe { $n } von { $seat } treibt { $from } → { $to }.
        [escape] Amöbe { $n } von { $seat } flieht { $from } → { $to }.
       *[move] Amöbe { $n } von { $seat } zieht { $from } → { $to }.
    }
ev_amoeba_stayed =
    { $reason ->
        [no_drift] Amöbe { $n } von { $seat } bleibt: Es gibt keine Strömung.
        [hold] Amöbe { $n } von { $seat } hält sich fest und bleibt.
        [die_5] Amöbe { $n } von { $seat } bleibt: Der Würfel zeigt 5.
        [chosen] Amöbe { $n } von { $seat } bleibt, wie gewählt.
       *[other] Amöbe { $n } von { $seat } bleibt.
    }
ev_amoeba_blocked = Amöbe { $n } von { $seat } kann von { $field } nicht nach { $dir }.
ev_amoeba_carried = Amöbe { $n } von { $seat } wird { $from } → { $to } mitgenommen.
ev_cubes_carried = Amöbe { $n } von { $seat } nimmt { $cubes } nach { $to } mit.
ev_dice_rolled = { $seat } würfelt { $dice } für Amöbe { $n }.
ev_fight_rolled = Kampf: Angreifer { $a } gegen Verteidiger { $d }.
ev_amoeba_fed = Amöbe { $n } von { $seat } frisst { $cubes } und scheidet { $excreted } aus.
ev_amoeba_starved = Amöbe { $n } von { $seat } findet nichts zu fressen und hat jetzt { $dp } Schaden.
ev_amoeba_died =
    { $cause ->
        [damage] Amöbe { $n } von { $seat } stirbt auf { $field } an ihrem Schaden.
        [aggression] Amöbe { $n } von { $seat } wird auf { $field } von einem Angreifer gefressen.
        [struggle_for_survival] Amöbe { $n } von { $seat } verliert auf { $field } den Kampf ums Dasein.
       *[other] Amöbe { $n } von { $seat } stirbt auf { $field }.
    }
ev_attack_declared = { $a } greift { $target } an.
ev_attack_succeeded = Der Angriff auf { $target } gelingt.
ev_attack_failed = Der Angriff auf { $target } misslingt.
ev_attack_ended = Der Angriff ist vorbei.
ev_armor_absorbed = Panzerung: { $target } bekommt stattdessen 1 Schadenspunkt (jetzt { $dp }).
ev_fight_won_attacker = Der Angreifer gewinnt den Kampf.
ev_fight_won_defender = Der Verteidiger gewinnt den Kampf.
ev_escape_started = { $amoeba } versucht zu fliehen.
ev_escape_succeeded = { $amoeba } ist entkommen.
ev_escape_failed = { $amoeba } kann nicht entkommen.
ev_bp_paid =
    { $reason ->
        [move] { $seat } zahlt { $amount } BP für die Bewegung.
        [escape] { $seat } zahlt { $amount } BP für die Flucht.
        [defense] { $seat } zahlt { $amount } BP für die Verteidigung.
        [aggression] { $seat } zahlt { $amount } BP für den Angriff.
        [gene_defect] { $seat } zahlt { $amount } BP für einen Gendefekt.
        [division] { $seat } zahlt { $amount } BP für eine Zellteilung.
        [struggle_for_survival] { $seat } zahlt { $amount } BP im Kampf ums Dasein.
        [parasitism] { $seat } zahlt { $amount } BP an einen Parasiten.
       *[other] { $seat } zahlt { $amount } BP.
    }
ev_bp_received = { $seat } erhält { $amount } BP.
ev_overpayment_lost = { $seat } verliert { $amount } BP Überzahlung.
ev_gene_bought = { $seat } kauft { $gene } für { $price } BP.
ev_gene_returned = { $seat } gibt { $gene } zurück.
ev_gene_defect =
    { $mp ->
         [one] { $seat } hat einen Gendefekt: { $mp } Mutationspunkt gegen Ozon { $ozone }.
        *[other] { $seat } hat einen Gendefekt: { $mp } Mutationspunkte gegen Ozon { $ozone }.
    }
ev_marker_advanced =
    { $moved ->
        [no] { $seat } punktet nicht und bleibt auf { $to }.
       *[yes] { $seat } rückt vor: { $from } → { $to }.
    }
ev_seat_resigned = { $seat } hat aufgegeben: Ab jetzt spielt der Bot { $level } den Platz.
ev_seat_timed_out = { $seat } hat die Zeit überschritten: Ab jetzt spielt der Bot { $level } den Platz.
ev_game_ended = Die Partie ist zu Ende. Rangfolge: { $seats }.

## The lobby.

api_docs = API-Dokumentation
learn_title = Neu bei Ursuppe?
learn_text = Spiele eine erste Partie gegen zwei Bots, die zufällig wählen. Jede Art von Entscheidung erklärt sich beim ersten Mal selbst; „Verstanden“ klappt die Erklärung zu.
learn_button = Spielen lernen
create_title = Partie anlegen
your_name = Dein Name
decoy_scores = Der Köder punktet (sein Zählstein kann das Spiel beenden)
seats_legend = Plätze (Platz 1 ist deiner)
time_per_decision = Zeit pro Entscheidung (Sekunden, 0 = keine)
on_timeout = Bei Zeitüberschreitung
timeout_move = ein Bot macht diesen Zug
timeout_seat = ein Bot übernimmt den Platz
timeout_bot = Bot bei Zeitüberschreitung
resign_bot = Bot nach Aufgabe
label_optional = Kennzeichen (freiwillig)
bot_levels_title = Die Bot-Stufen
custom_deck = Eigener Umweltkartenstapel
use_deck = Mit diesem Stapel spielen (JSON-Liste der Karten, vom Spiel gemischt; bis zum Ende verborgen)
create_button = Anlegen und Platz 1 nehmen
my_games = Meine Partien
my_games_text = Die Plätze, die dieser Browser hält (in seinem Speicher).
my_games_everywhere = Partien und Züge deines Spielers auf jedem Gerät
open_games = Offene Partien
games_to_watch = Partien zum Zuschauen
finished = Beendet
seat_1_you = Platz 1: du
player = Spieler
kind_bot = Bot
kind_human = Mensch (freier Platz)
bot_level_label = Bot-Stufe
bot_name = Bot-Name
optional = freiwillig
deck_not_json = Der Stapel ist kein JSON: { $error }
resume = { $id } fortsetzen
your_seat = Dein Platz
th_status = Stand
seats = Plätze
join = Beitreten
game_players =
    { $n ->
         [one] { $id } ({ $n } Spieler)
        *[other] { $id } ({ $n } Spieler)
    }
joined = beigetreten
progress = Fortschritt
watch = { $id } zuschauen
move_n = Zug { $n }
scores = Punkte
replay_n = { $id } nachspielen
none = keine

## Chat at the table (chat.js)

chat_message = Nachricht
chat = Chat
chat_send = Senden
chat_your_name = Dein Name
chat_spectator = { $name } (schaut zu)
chat_mute = stumm
chat_mute_title = Nachrichten von { $name } ausblenden
chat_guest = Gast
chat_chat_rate_limited = Langsamer: nur wenige Nachrichten alle zehn Sekunden.
chat_invalid_chat_text = Eine Nachricht hat 1 bis 280 Zeichen in einer Zeile.
chat_chat_closed_to_spectators = Der Ersteller des Spiels hat den Chat für Zuschauer geschlossen.
chat_chat_ended = Das Spiel ist vorbei: sein Chat ist geschlossen.
th_clock = Uhr
clock_low = Deine Zeit wird knapp: noch { $time }
time_control = Bedenkzeit
tc_per_decision = Zeit pro Entscheidung
tc_bank = Zeitkonto mit Zuschlag (live)
tc_correspondence = Fernspiel (Tage pro Zug)
tc_none = Keine Uhr
bank_minutes = Zeitkonto (Minuten)
bank_increment = Zuschlag pro Zug (Sekunden)
corr_days = Tage pro Zug (1-14)

## Players, sign-in, turn notices, leaderboard and profiles (account.js, notify.js, leaderboard.js, profile.js)

status_aborted = abgebrochen
your_player = Dein Spieler
leaderboard = Rangliste
account_page_title = Dein Spieler — Ursuppe
account_create_title = Als Spieler spielen
account_create_text = Ein Spieler hält deine Partien, Züge und Wertung auf jedem Gerät bereit, auf dem du dich anmeldest.
account_create_button = Meinen Spieler anlegen
account_code_label = Anmeldecode von deinem anderen Gerät
account_signin = Anmelden
account_signed_in_as = Angemeldet als
account_player_id = Spieler-ID
account_names_rule = Namen dürfen mehrfach vorkommen; die ID gehört nur dir.
account_profile = Dein Profil
account_new_name = Neuer Name
account_rename = Namen ändern
account_issue_code = Auf einem anderen Gerät anmelden
account_code_hint = Gib dort innerhalb von 10 Minuten { $code } ein (gilt einmal).
account_signout = In diesem Browser abmelden
account_invalid_signin_code = Dieser Code gilt nicht: unbekannt, schon benutzt oder älter als 10 Minuten. Lass dir auf deinem anderen Gerät einen neuen geben.
account_validation_error = Ein Name hat 1 bis 64 Zeichen; ein Anmeldecode sind die zehn Buchstaben und Ziffern, die dein anderes Gerät zeigt.
account_invalid_name = Ein Name hat 1 bis 64 Zeichen in einer Zeile, und etwas davon muss sichtbar sein: keine Zeilenumbrüche, Steuer- oder Richtungszeichen.
account_not_your_seat = Dieser Platz gehört nicht deinem Spieler.
account_seat_resigned = Dieser Platz hat aufgegeben: jetzt spielt ihn ein Bot.
account_game_not_open = Diese Partie ist vorbei.
my_turns = Meine Züge
account_deadline = Frist
account_no_deadline = keine
account_play = { $id } spielen
account_continue = { $id } fortsetzen
account_view = { $id } ansehen
authorize_page_title = Eine Website zulassen — Ursuppe
authorize_title = Eine Website für dich handeln lassen
authorize_asks = { $site } möchte für dich handeln
authorize_unverified = Diese Website ist hier nicht registriert: den Namen hat sie sich selbst gegeben. Prüfe unten, wohin deine Antwort dich führt.
authorize_registered = Eine hier registrierte Website (Client { $id }).
authorize_back_to = Deine Antwort bringt dich zurück zu
authorize_may = Wenn du zustimmst, darf sie:
authorize_answer_as = Du antwortest als { $name }.
authorize_approve = Zulassen
authorize_deny = Ablehnen
authorize_revoke_hint = Unter „Websites und Tokens“ kannst du das jederzeit zurücknehmen.
authorize_sign_in = Melde dich zuerst an: Lass dir auf einem Gerät, auf dem du spielst, einen Anmeldecode geben (Dein Spieler, Auf einem anderen Gerät anmelden) und tippe ihn hier ein.
authorize_refused_title = Diese Anfrage kann nicht gewährt werden
authorize_back = Der Website Bescheid geben und zurückgehen
authorize_consent_expired = Diese Seite war zu lange offen: Lade sie neu.
scope_profile_read = deinen Spieler, deine Partien, deine Züge, deine Stummschaltungen und Blockaden sehen
scope_profile_write = deinen Namen ändern und wen du stummschaltest oder blockierst
scope_game_create = Partien in deinem Namen anlegen
scope_game_play = Plätze einnehmen und auf deinen Plätzen spielen: Züge, Aufgeben, Tipps, Chat
scope_seek_write = für dich Partien suchen (Schnellspiel) und die Suche beenden
scope_challenge_read = die Herausforderungen lesen, die du geschickt und bekommen hast
scope_challenge_write = andere in deinem Namen herausfordern, Herausforderungen beantworten und Revanchen anbieten
scope_tournament_enter = dich bei Turnieren und Labels anmelden und abmelden
scope_tournament_organise = Turniere in deinem Namen ausrichten
scope_label_organise = Labels in deinem Namen beanspruchen und die Anmeldungen verwalten
scope_webhook_manage = deine Webhooks einrichten, lesen und löschen
scope_bot_play = als deine Bot-Konten spielen
tokens_link = Websites und Tokens
tokens_page_title = Websites und Tokens — Ursuppe
tokens_signed_out = Melde dich zuerst in diesem Browser an:
tokens_title = Was für dich handelt
tokens_intro = Jede Anmeldung, jede Website und jeder persönliche Token, der für deinen Spieler handelt. Widerrufen stoppt ihn sofort.
tokens_th_what = Was
tokens_th_scopes = Darf
tokens_th_created = Seit
tokens_th_last_used = Zuletzt benutzt
tokens_kind_device = Angemeldet auf einem Gerät
tokens_this_browser = Dieser Browser
tokens_kind_personal = Persönlicher Token: { $label }
tokens_kind_oauth = Website { $site } ({ $where })
tokens_all_scopes = alles
tokens_never = noch nie
tokens_revoke = Widerrufen
tokens_new_title = Neuer persönlicher Zugangstoken
tokens_new_text = Für deine eigenen Programme, einen Bot oder ein Skript: Wähle, was er darf.
tokens_label = Bezeichnung
tokens_may = Er darf:
tokens_create = Token erstellen
tokens_created = Dein neuer Token, nur dieses eine Mal angezeigt: { $token }
tokens_validation_error = Gib dem Token eine Bezeichnung und wähle mindestens eine Sache, die er darf.
tokens_invalid_name = Eine Bezeichnung hat 1 bis 100 sichtbare Zeichen in einer Zeile (keine Zeilenumbrüche oder Steuerzeichen).
tokens_approved = { $n }-mal erlaubt
tokens_too_many_tokens = Du hast 100 Tokens: Widerrufe zuerst einen.
clients_title = Deine Websites
clients_intro = Registriere eine Website, die ein Geheimnis auf ihrem Server verwahrt, damit Spieler sie für sich handeln lassen können. Apps und Seiten, die kein Geheimnis verwahren können, brauchen keine Registrierung.
clients_name = Name der Website
clients_redirects = Rücksprungadressen, eine pro Zeile
clients_register = Website registrieren
clients_created = Registriert. Client-ID: { $id }. Geheimnis, nur dieses eine Mal zu sehen: { $secret }
clients_th_site = Website
clients_th_id = Client-ID
clients_th_redirects = Rücksprungadressen
clients_delete = Löschen
clients_none = Noch keine Website registriert.
clients_validation_error = Gib der Website einen Namen und mindestens eine Rücksprungadresse.
clients_invalid_name = Der Name einer Website hat 1 bis 100 sichtbare Zeichen in einer Zeile (keine Zeilenumbrüche oder Steuerzeichen).
clients_invalid_redirect_uri = Eine Rücksprungadresse muss mit https:// beginnen (http:// nur für die eigene Adresse dieses Rechners) und darf weder ein #Fragment noch einen Benutzernamen enthalten.
clients_too_many_clients = Du hast schon 10 Websites registriert: Lösche zuerst eine.
notice_title = Du bist dran in Ursuppe
notice_body = Partie { $game }, Platz { $seat }: eine Entscheidung wartet auf dich.
notice_allow = Sag mir, wenn ich dran bin (Browser-Benachrichtigungen)
notice_on = Benachrichtigungen über deine Züge sind an, solange eine Seite dieser Website offen ist.
notice_blocked = Dieser Browser blockiert Benachrichtigungen dieser Website; der Tab-Titel zeigt deine Züge trotzdem.
notice_unsupported = Dieser Browser kann nicht benachrichtigen; der Tab-Titel zeigt deine Züge.
leaderboard_page_title = Rangliste — Ursuppe
pool_label = Tabelle
pool_players =
    { $n ->
         [one] { $n } Spieler
        *[other] { $n } Spieler
    }
pool_variant = 2 Spieler: { variant_name }
leaderboard_explain = Sortiert nach dem Ordinalwert (μ − 3σ): eine vorsichtige Schätzung, die steigt, je mehr sich ein Spieler beweist. Jede Spielgröße und jede Variante für 2 hat eine eigene Tabelle; Bot-Stufen werden wie Menschen gewertet und sind markiert.
lb_how_title = Was die Zahlen bedeuten
lb_how_mu = μ (My) ist die Spielstärke, die der Dienst jemandem nach allen bisherigen gewerteten Partien zutraut: Siege gegen starke Gegner heben sie am meisten. Alle beginnen bei 25.
lb_how_sigma = σ (Sigma) sagt, wie unsicher diese Schätzung noch ist. Es beginnt bei etwa 8,3 und wird mit jeder Partie kleiner; bei Neuen kann sich μ also noch stark bewegen.
lb_how_ordinal = Der Ordinalwert, μ − 3σ, bestimmt die Reihenfolge: eine Stärke, die jemand fast sicher mindestens hat. Wer neu ist, beginnt nahe 0 und steigt durch Spielen, auch bei gleichem μ, weil σ kleiner wird.
qp_default_name = Amöbe { $n }
qp_name_note = Diesen Namen sehen die anderen am Tisch und in der Rangliste.
th_rank = #
th_ordinal = Ordinalwert
th_mu = μ
th_sigma = σ
th_games = Partien
leaderboard_empty = In dieser Tabelle gibt es noch keine gewertete Partie.
bot_badge = Bot
profile_page_title = { $name } — Ursuppe
profile_player = Spieler
profile_bot = { $name } (Bot)
profile_since = Spielt seit { $date }
profile_not_rated = Noch nicht gewertet.
profile_history = Wertung im Verlauf
profile_no_history = Keine gewertete Partie in dieser Tabelle.
profile_chart_label =
    { $n ->
         [one] Ordinalwert von { $lo } bis { $hi } über { $n } Partie
        *[other] Ordinalwert von { $lo } bis { $hi } über { $n } Partien
    }
profile_chart_x = gewertete Partien
profile_chart_point = Partie { $n }: Platz { $place } von { $of }, Ordinalwert { $ordinal }
profile_chart_start = Vor der ersten gewerteten Partie: Ordinalwert { $ordinal }
profile_recent = Letzte Partien
profile_place = { $place } von { $n }
profile_replay = { $id } nachspielen
chat_spectators_allowed = Zuschauer dürfen schreiben (du hast diese Partie angelegt)
chat_closed_note = Hier schreiben jetzt nur die Spieler.
qp_title = Sofort spielen
qp_text = Triff Leute, die dasselbe Spiel wollen. Kommt in der Wartezeit niemand, besetzen Bots die freien Plätze.
qp_wait = Auf Leute warten
qp_bots = Danach Bots
qp_rated = Gewertet
qp_unrated = Ungewertet
play_now = Sofort spielen
qp_cancel = Abbrechen
qp_seeking = Suchen gerade ein Spiel
qp_nobody = Gerade sucht niemand.
qp_bank = { $m } Min. + { $s } s
qp_per_move = { $s } s pro Zug
qp_days =
    { $n ->
         [one] { $n } Tag pro Zug
        *[other] { $n } Tage pro Zug
    }
qp_waiting = Suche Mitspieler: in { $s } s füllen Bots das Spiel.
qp_filling = Das Spiel wird angelegt…
qp_cancelled = Suche abgebrochen.
qp_players_n =
    { $n ->
         [one] { $n } Spieler
        *[other] { $n } Spieler
    }
qp_seconds =
    { $s ->
         [one] { $s } Sekunde
        *[other] { $s } Sekunden
    }
qp_minutes = { $m } Min.
hint_button = Tipp
hint_thinking = Der Suchbot denkt nach …
hint_suggests = Vorschlag: { $action }.
hint_only_choice = Alles andere macht hier keinen echten Unterschied.
hint_reason = So schätzt die Suche danach deinen Abstand zum stärksten Gegner am Ende: { $value } Punkte, { $gain } im Vergleich zu ihrer nächsten Wahl ({ $alt }).
hint_reason_alone = So schätzt die Suche danach deinen Abstand zum stärksten Gegner am Ende: { $value } Punkte.
hint_stale = Die Partie ist inzwischen weiter: frag noch einmal.
hint_slow = Noch keine Antwort: frag gleich noch einmal.
rated_game = Gewertet: das Ergebnis zählt für die Wertung (keine Tipps während der Partie)
offline_title = Offline — Ursuppe
offline_heading = Du bist offline
offline_text = Diese Seite braucht den Server, und das Netz erreicht ihn gerade nicht. Deine Partien laufen dort weiter: ihre Uhren laufen, und Bots spielen, wo die Regeln es vorsehen.
offline_retry = Erneut versuchen
front_page_title = Ursuppe Server — Ursuppe online spielen
front_title = Ursuppe, serviert über HTTP
front_intro = Dieser Server spielt das Brettspiel Ursuppe: Amöben treiben, fressen, teilen sich und entwickeln Gene, bis eine Art das Ende der Wertungsleiste erreicht. Spiel es hier im Browser gegen Bots und Menschen, schau Partien live zu oder schreib deinen eigenen Client für die REST-API.
front_learn_text = Eine erste Partie gegen zwei Bots, die zufällig wählen, ohne Uhr: Jede Art von Entscheidung erklärt sich beim ersten Mal, und die Karte eines Gens öffnet sich, wenn du auf seinen Namen zeigst.
front_play_text = Ein Klick findet Menschen, die dieselbe Partie und Bedenkzeit wollen; kommt in der Wartezeit niemand, nehmen Bots die freien Plätze. Oder leg eine eigene Partie an und verschick die Einladungslinks.
front_sizes_title = Jede Spielgröße
front_sizes_text = Drei bis sechs Spieler, jeder Platz ein Mensch oder ein Bot der Stufe, die du wählst; zwei Menschen spielen eine der Varianten für zwei. Live mit Uhr pro Entscheidung oder Zeitkonto, oder als Fernpartie mit Tagen pro Zug.
front_watch_title = Zuschauen und nachspielen
front_watch_text = Verfolge jede laufende Partie live, nur lesend, mit ihrem Chat; geh jede beendete Partie Zug für Zug durch.
front_leaderboard_text = Gewertete Partien zählen für eine Tabelle je Spielgröße und Variante, Bots eingeschlossen; jeder Spieler hat ein Profil mit seinem Wertungsverlauf und seinen Partien.
front_api_title = Für Entwickler
front_api_text = Alles, was diese Seiten tun, läuft über eine öffentliche REST-API mit Live-Streams und Webhooks: Schreib deinen eigenen Client oder einen Bot, der hier mitspielt.
front_api_docs = Die interaktive API-Referenz (Swagger UI)
front_openapi = Das OpenAPI-Dokument
front_rules_data = Die Regeln als Daten
board_label = Das Spielfeld
board_compass = Kompass
board_target = Ziel: Amöbe { $n } von { $seat }
board_field = Feld { $field }
board_drift =
    { $drift ->
        [none] Das Spielfeld; keine Strömung
       *[other] Das Spielfeld; Strömung nach { $dir }
    }
board_field_title =
    { $n ->
         [one] { $field }: Nahrung { $food }; { $n } Amöbe
        *[other] { $field }: Nahrung { $food }; { $n } Amöben
    }

## Tournaments (tournaments.js, tournament.js)

tournaments = Turniere
tournaments_page_title = Turniere — Ursuppe
tournament_page_title = Turnier — Ursuppe
tn_upcoming = Demnächst
tn_running = Laufend
tn_finished = Beendet
tn_explain = Jede Partie bringt einen Punkt, verteilt nach Platzierung: der Sieger 1, der Letzte 0. Bei Punktgleichheit entscheiden die Punkte der Gegner, dann die Leistung.
tn_enter = Teilnehmen
tn_withdraw = Zurückziehen
tn_standings = Tabelle
tn_rounds = Runden
tn_entries = Teilnehmer
tn_none = Zurzeit keine.
tn_th_name = Turnier
tn_th_format = Modus
tn_th_game = Partie
tn_th_when = Wann
tn_th_entrants = Teilnehmer
tn_swiss_rounds =
    { $n ->
         [one] Schweizer System, { $n } Runde
        *[other] Schweizer System, { $n } Runden
    }
tn_round_robin = Jeder gegen jeden
tn_arena_minutes = Arena, { $m } Min.
tn_with_bots = Bots ({ $level }) füllen die Tische
tn_invitation = nur auf Einladung
tn_min_rating = Wertung ab { $r }
tn_starts = Beginnt { $when }
tn_round_now = Runde { $n } läuft
tn_is_finished = Beendet
tn_is_cancelled = Abgesagt
tn_no_standings = Noch keine Teilnehmer.
tn_th_score = Punkte
tn_th_games = Partien
tn_th_byes = Freilose
tn_th_opponents = Gegnerpunkte
tn_th_performance = Leistung
tn_withdrawn = zurückgezogen
tn_bot = Bot
tn_place = Platz { $n }
tn_play = Spielen
tn_watch = Zuschauen
tn_see_game = Zur Partie
tn_table_n = Tisch { $n }
tn_playing = läuft
tn_done = beendet
tn_no_rounds = Runde 1 wird beim Turnierbeginn ausgelost.
tn_round_n = Runde { $n }
tn_round_scheduled = geplant
tn_round_playing = läuft
tn_round_finished = beendet
tn_byes = Setzen aus (je ein halber Punkt): { $names }
tn_your_table = Deine Partie: Tisch { $n } in Runde { $round }. Mit „Spielen“ nimmst du deinen Platz ein.
tn_no_entries = Noch hat sich niemand angemeldet.
tn_entry_invited = eingeladen
tn_entry_entered = angemeldet
tn_entry_withdrawn = zurückgezogen
tn_name_needed = Gib zuerst den Namen ein, unter dem du spielen willst.
tn_not_found = Dieses Turnier gibt es nicht, oder es ist privat.
tn_err_tournament_closed = Für dieses Turnier ist keine Anmeldung mehr möglich.
tn_err_not_invited = An diesem Turnier nehmen nur Eingeladene teil.
tn_err_rating_too_low = Deine Wertung liegt unter dem Minimum dieses Turniers.
tn_err_bots_not_allowed = Bot-Konten dürfen an diesem Turnier nicht teilnehmen.
tn_lobby_title = Turniere mit offener Anmeldung
tn_lobby_all = Alle Turniere
tn_lobby_none = Gerade kann man sich für kein Turnier anmelden.

## The organiser's form and card, the entrant's own line, the standings explained

tn_th_rating = Wertung
tn_disqualified = disqualifiziert
tn_entry_disqualified = disqualifiziert
tn_organise = Ein Turnier ausrichten
tn_organise_text = Du richtest es aus: Du siehst, wer sich anmeldet, kannst es früher starten, Teilnehmer abmelden oder disqualifizieren und es vor dem Start absagen.
tn_f_name = Name
tn_f_format = Modus
tn_f_swiss = Schweizer System
tn_f_arena = Arena
tn_f_table = Tisch
tn_f_p3 = 3 Spieler
tn_f_p4 = 4 Spieler
tn_f_p5 = 5 Spieler
tn_f_p6 = 6 Spieler
tn_f_rounds = Runden
tn_f_minutes = Minuten
tn_f_rounds_rr = Leer lassen: gespielt wird, bis jeder jeden getroffen hat.
tn_f_clock = Uhr
tn_f_clock_30s = 30 s je Entscheidung
tn_f_clock_2m = 2 min je Entscheidung
tn_f_clock_bank = 10 min + 5 s je Entscheidung
tn_f_clock_day = 1 Tag je Entscheidung
tn_f_bots = Freie Plätze
tn_f_bots_none = keine Bots: kleinere Tische oder Freilose
tn_f_bots_random = Zufalls-Bots füllen die Tische
tn_f_bots_greedy = gierige Bots füllen die Tische
tn_f_starts = Beginn
tn_f_rated = Gewertet: die Partien zählen für die Wertung
tn_f_private = Privat: nur wer den Einladungslink hat, sieht es und kann sich anmelden
tn_create = Turnier anlegen
tn_org_title = Du richtest dieses Turnier aus
tn_org_link = Einladungslink: wer ihn hat, sieht das Turnier und kann sich anmelden. Schick ihn den Spielern, die du dabeihaben willst.
tn_org_copy = Kopieren
tn_org_copied = Der Link ist kopiert.
tn_org_start = Jetzt starten
tn_org_starting = Es startet: Runde 1 wird in wenigen Sekunden ausgelost.
tn_org_cancel = Turnier absagen
tn_org_cancel_confirm = Dieses Turnier absagen? Danach kann sich niemand mehr anmelden oder darin spielen.
tn_org_upcoming = Es beginnt von selbst zur Startzeit; starte es jetzt, sobald alle angemeldet sind.
tn_org_running = Es läuft von selbst: Jede Runde wird ausgelost, sobald alle Tische der vorigen fertig sind.
tn_org_withdraw = Abmelden
tn_org_disqualify = Disqualifizieren
tn_org_disqualify_confirm = { $name } disqualifizieren? Er oder sie wird nicht mehr ausgelost und kann sich nicht wieder anmelden.
tn_you_table = Runde { $round }, dein Tisch { $n }: { $names }.
tn_you_waiting = Deine Partie ist vorbei: Die nächste Runde wird ausgelost, wenn alle Tische fertig sind.
tn_you_waiting_arena = Deine Partie ist vorbei: Du wirst wieder gesetzt, sobald genug Spieler warten.
tn_you_bye = Du setzt in Runde { $round } aus: Das ist einen halben Punkt wert.
tn_you_place = Dein Platz: { $rank } von { $n }, Punkte { $score }.
tn_how_title = Was die Spalten bedeuten
tn_how_score = Jede Partie ist einen Punkt wert: Der Sieger eines Tisches bekommt ihn ganz, der Letzte nichts, die Plätze dazwischen einen Anteil, der von Platz zu Platz kleiner wird. Eine Runde auszusetzen (Freilos) ist einen halben Punkt wert.
tn_how_opponents = Die erste Feinwertung: wie gut die Spieler, gegen die du gespielt hast, im ganzen Turnier abgeschnitten haben. Ein gutes Ergebnis gegen starke Gegner zählt mehr.
tn_how_performance = Die zweite Feinwertung: wie stark deine Ergebnisse waren, gemessen an der Wertung deiner Gegner und an den Plätzen, die du erreicht hast.
tn_how_rating = Die dritte Feinwertung: deine Wertung beim Turnierbeginn.
tn_how_rank = Wer in Punkten und allen drei Feinwertungen gleich ist, teilt sich den Platz. Wer abgemeldet oder disqualifiziert wurde, behält seine bisherigen Ergebnisse.
tn_err_validation_error = Bitte prüfe: { $fields }.
tn_err_invalid_tournament = Mit diesen Bedingungen lässt sich kein Turnier spielen: { $detail }
tn_err_invalid_players = Diese Tischgröße gibt es nicht.
tn_err_invalid_time_control = Diese Uhr geht nicht.
tn_err_not_organiser = Das darf nur, wer das Turnier ausrichtet.
tn_err_tournament_started = Das Turnier hat schon begonnen oder wurde abgesagt.
tn_err_too_few_entrants = Noch haben sich zu wenige für eine Runde angemeldet.
tn_err_disqualified = Die Turnierleitung hat dich von diesem Turnier disqualifiziert.
tn_err_entry_not_found = Dieser Spieler ist nicht für das Turnier angemeldet.
tn_err_tournament_not_found = Dieses Turnier gibt es nicht, oder es ist privat.

## Challenges and rematches (challenges.js)

ch_title = Herausforderungen
ch_outgoing = Deine Herausforderungen
ch_from = { $name } fordert dich heraus
ch_rematch_from = { $name } bietet eine Revanche an
ch_to = Du hast { $names } herausgefordert
ch_bot_name = { $name } (Bot)
ch_players =
    { $n ->
         [one] { $n } Person am Tisch
        *[other] { $n } Personen am Tisch
    }
ch_tc_seconds =
    { $n ->
         [one] { $n } Sekunde pro Zug
        *[other] { $n } Sekunden pro Zug
    }
ch_tc_bank = { $m } Min. + { $s } s pro Zug
ch_tc_days =
    { $n ->
         [one] { $n } Tag pro Zug
        *[other] { $n } Tage pro Zug
    }
ch_tc_none = ohne Uhr
ch_rated = gewertet
ch_casual = ungewertet
ch_accept = Annehmen
ch_decline = Ablehnen
ch_cancel = Zurückziehen
ch_reason_label = Warum du ablehnst
ch_reason_generic = Nein, danke
ch_reason_later = Jetzt nicht, später
ch_reason_too_fast = Zu schnell für mich
ch_reason_too_slow = Zu langsam für mich
ch_reason_time_control = Bitte eine andere Uhr
ch_reason_rated = Nur gewertete Partien
ch_reason_casual = Nur ungewertete Partien
ch_reason_variant = Bitte eine andere Variante
ch_reason_no_bot = Ich spiele nicht gegen Bots
ch_reason_only_bot = Ich spiele nur gegen Bots
ch_waiting_others = Angenommen. Die Partie beginnt, sobald auch die anderen annehmen.
ch_accepted_news = Eine deiner Herausforderungen wurde angenommen: die Partie läuft.
ch_open_game = Zur Partie
ch_status_open = Noch offen
ch_status_accepted = Angenommen
ch_status_declined = Abgelehnt
ch_declined_because = Abgelehnt: „{ $reason }“
ch_status_cancelled = Zurückgezogen
ch_status_expired = Niemand hat rechtzeitig geantwortet
ch_new_title = Zu einer Partie herausfordern
ch_send = { $name } herausfordern
ch_sent = Herausforderung geschickt: { $name } hat noch nicht geantwortet. In der Lobby steht sie bei deinen Herausforderungen.
ch_rematch_title = Noch einmal
ch_rematch = Revanche
ch_rematch_waiting = Revanche an { $names } angeboten: warte auf die Antwort.
ch_rematch_offered_to_you = Jemand anderes hat diese Revanche schon angeboten: unten annehmen.

## Notices by email (account page, the email links' page)

notices_title = Benachrichtigungen per E-Mail
notices_text = Erfahre von deinem Zug in einer Fernpartie und mehr, auch wenn die Seite geschlossen ist. Deine Adresse siehst nur du.
notices_address = E-Mail-Adresse
notices_save_address = Speichern und Bestätigungslink schicken
notices_no_address = Noch keine Adresse: Es wird nichts gemailt.
notices_unverified = Wir haben einen Link an { $email } geschickt: Öffne ihn, um die Adresse zu bestätigen. Vorher wird nichts anderes gemailt.
notices_verified = Benachrichtigungen gehen an { $email }.
notices_unsubscribed = Du hast { $email } von allen E-Mails abgemeldet. Speichere deine Auswahl, um wieder Benachrichtigungen zu bekommen.
notices_kinds = Welche Benachrichtigungen
notices_cadence = Wie oft
notice_kind_your_turn = Du bist am Zug in einer Fernpartie
notice_kind_game_end = Eine deiner Partien ist zu Ende
notice_kind_challenge = Jemand fordert dich heraus
notice_kind_tournament = Neues von deinen Turnieren
notice_cadence_now = Sofort
notice_cadence_digest = Eine E-Mail am Tag mit allem
notices_save_choices = Auswahl speichern
notices_remove = Adresse entfernen
notices_no_email_here = Dieser Server verschickt keine E-Mails.
email_page_title = E-Mail-Benachrichtigungen — Ursuppe
email_heading = E-Mail-Benachrichtigungen
email_verified = Deine Adresse ist bestätigt: Benachrichtigungen kommen jetzt dort an.
email_unsubscribe_ask = Diese Adresse von allen E-Mails von Ursuppe abmelden?
email_unsubscribe_button = Von allen E-Mails abmelden
email_unsubscribed = Erledigt: keine E-Mails mehr. Auf deiner Spielerseite kannst du jederzeit wieder Benachrichtigungen wählen.
email_link_unknown = Dieser Link ist unbekannt oder abgelaufen.
push_title = Push-Benachrichtigungen in diesem Browser
push_ask = Benachrichtigungen an diesen Browser schicken
push_on = Deine Benachrichtigungen kommen in diesem Browser an, auch wenn die Seite geschlossen ist.
push_off = Hier abbestellen
push_blocked = Dieser Browser blockiert Benachrichtigungen dieser Seite: Erlaube sie in den Website-Einstellungen.
push_unsupported = Push-Benachrichtigungen gibt es hier nicht.
push_failed = Dieser Browser konnte keine Push-Benachrichtigungen bestellen.

## The board in words (board-text.js)

board_text_heading = Das Spielfeld in Worten
board_text_intro = Jedes Feld mit seiner Nahrung und seinen Amöben. Die Pfeiltasten gehen von Feld zu Feld; Enter wählt ein Feld, das die Entscheidung anbietet.
board_text_field = { $field }: { $food }; { $amoebas }.
board_text_cubes =
    { $n ->
         [one] { $n } Würfel { $colour }
        *[other] { $n } Würfel { $colour }
    }
board_text_no_food = keine Nahrung
board_text_no_amoebas = keine Amöben
board_text_damaged =
    { $dp ->
        [one] { $amoeba }, { $dp } Schadenspunkt
       *[other] { $amoeba }, { $dp } Schadenspunkte
    }
board_text_pick = { $field } wählen

## Names, colours and directions as the messages compose them

colour_name =
    { $colour ->
        [orange] orange
        [sky_blue] himmelblau
        [green] grün
        [pink] rosa
        [yellow] gelb
        [blue] blau
       *[other] { $colour }
    }
dir_name =
    { $dir ->
        [W] Westen
        [N] Norden
        [E] Osten
        [S] Süden
        [stay] bleiben
       *[none] keine
    }
seat_name =
    { $who ->
        [bot] Bot { $place } ({ colour_name }, { $level })
        [decoy] Köder ({ colour_name })
        [open] Platz { $place } ({ colour_name })
       *[named] { $name } ({ colour_name })
    }
player_name =
    { $who ->
        [bot] Bot { $place } ({ $level })
        [decoy] Köder
        [open] freier Platz
       *[named] { $name }
    }
seat_of = von { $seat }
player_name_you = { player_name } (du)
name_you = { $name } (du)
cubes_n =
    { $colour ->
        [orange] { $n }× orange
        [sky_blue] { $n }× himmelblau
        [green] { $n }× grün
        [pink] { $n }× rosa
        [yellow] { $n }× gelb
       *[blue] { $n }× blau
    }
log_action =
    { $actor ->
        [bot] { $seat }, vom Bot gespielt: { $what }.
        [timeout] { $seat }, Zeit abgelaufen, der Bot wählt: { $what }.
       *[human] { $seat }: { $what }.
    }
phases = Phasen
ladder_label = Punkte: { $scores }
ladder_score = { $seat }: { $score }
lobby_bot_seat = Bot der Stufe { $level }
variant_name =
    { $variant ->
        [double_1] Doppelt I
        [double_2] Doppelt II
        [decoy] Köder
       *[other] { $variant }
    }
variant_option = { $n }: { variant_name }
label_example = pokal-2026:runde-1
deck_label = Umweltkartenstapel als JSON

## Blocking and deleting the account
blocks_title = Von dir blockierte Spieler
blocks_text = Eine Blockade hält einen Spieler von dir fern: keine Herausforderungen in beide Richtungen, keine gemeinsame Schnellpartie, und seine Chatnachrichten siehst du nicht. Blockieren kannst du auf der Profilseite eines Spielers.
blocks_unblock = Freigeben
account_delete_title = Mein Konto löschen
account_delete_text = Deine Anmeldung auf allen Geräten, deine E-Mail-Adresse, Tokens, Wertungen, Stummschaltungen und Blockaden verschwinden sofort, und das lässt sich nicht rückgängig machen. Deine gespielten Partien bleiben für die anderen erhalten, unter dem Namen „deleted player“.
account_delete_confirm = Gib zur Bestätigung deinen Namen ein
account_delete_button = Mein Konto endgültig löschen
account_delete_mismatch = Zur Bestätigung deinen Namen genau so eingeben, wie er oben auf dieser Seite steht.
account_deleted = Dein Konto ist gelöscht, und dieser Browser ist abgemeldet.
block_title = Blockieren
block_text = Wenn du { $name } blockierst, gibt es zwischen euch keine Herausforderungen und keine gemeinsame Schnellpartie mehr, und du siehst die Chatnachrichten nicht mehr. Die Person erfährt nichts davon, und du kannst es jederzeit aufheben.
block_button = { $name } blockieren
unblock_button = { $name } freigeben
block_done = Du hast { $name } blockiert.
unblock_done = { $name } ist nicht mehr blockiert.

## Reports and moderation
report = melden
report_title = { $name } den Moderatoren melden
report_message_title = Diese Nachricht von { $name } den Moderatoren melden
report_reason = Grund
report_reason_abuse = Beleidigende Worte
report_reason_cheating = Betrug
report_reason_spam = Spam
report_reason_name = Ein unzumutbarer Name
report_reason_other = Etwas anderes
report_comment = Was ist passiert (freiwillig)
report_send = Senden
report_cancel = Abbrechen
report_sent = Danke: Ein Moderator sieht es sich an.
report_report_rate_limited = Du hast zuletzt viele Meldungen geschickt. Warte bitte eine Weile bis zur nächsten.
report_cannot_report_self = Du kannst dich nicht selbst melden.
chat_chat_muted = Ein Moderator hat dich stummgeschaltet: Du kannst vorerst nicht im Chat schreiben.
moderation_page_title = Moderation — Ursuppe
moderation_link = Moderation
moderation_signed_out = Melde dich zuerst in diesem Browser an:
moderation_not_moderator = Diese Seite ist für Moderatoren; wer das ist, bestimmt der Betreiber des Servers.
moderation_queue = Meldungen
moderation_queue_intro = Offene Meldungen zuerst, die älteste oben. Eine Maßnahme gegen einen Spieler schließt alle seine offenen Meldungen.
moderation_show = Zeigen
moderation_show_open = offen
moderation_show_closed = geschlossen
moderation_show_all = alle
moderation_none = Hier gibt es keine Meldungen.
moderation_th_reported = Spieler
moderation_th_by = Gemeldet von
moderation_th_reason = Grund
moderation_th_what = Was
moderation_th_when = Wann
moderation_th_status = Stand
moderation_th_moderator = Moderator
moderation_th_action = Maßnahme
moderation_message = Nachricht: „{ $text }“
moderation_status_closed = geschlossen
moderation_action = Maßnahme
moderation_action_warn = Verwarnen
moderation_action_mute = Im Chat stummschalten
moderation_action_bar_rated = Von gewerteten Partien ausschließen
moderation_action_close_account = Konto schließen
moderation_action_lift = Stummschaltungen und Sperren aufheben
moderation_action_dismiss = Meldung verwerfen
moderation_hours = Stunden
moderation_hours_hint = Eine Stummschaltung braucht Stunden; eine Sperre ohne Stunden gilt, bis sie aufgehoben wird.
moderation_reason = Begründung (der Spieler liest sie)
moderation_act = Ausführen
moderation_done = Erledigt: { $action } ({ $name }).
moderation_log = Protokoll
moderation_log_intro = Jede Maßnahme, die neueste zuerst.
moderation_until = bis { $when }
moderation_until_lifted = bis zur Aufhebung
moderation_report_closed = Ein anderer Moderator hat diese Meldung schon bearbeitet.
moderation_invalid_moderation = So geht es nicht: Eine Stummschaltung braucht Stunden, und nur Stummschaltung und Sperre nehmen welche.
