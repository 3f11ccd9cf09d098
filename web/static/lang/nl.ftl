bp = BP
mp = MP
language = Taal
lobby = Lobby
lobby_page_title = { lobby } — Ursuppe
game_page_title = { game } — Ursuppe
game = Partij
players = Spelers
ladder = Loopbaan
market = Genenmarkt
log = Verloop
legend = Wat de tekens betekenen
food_legend = Een gekleurd teken met een getal: voedselblokjes van die kleur op het veld.
your_turn_banner = Jij bent aan de beurt!
your_turn = Jij bent aan de beurt
to_decide = { $seat } beslist
you_play_seat = Je speelt plaats { $n }
watching = Meekijken (alleen lezen)
resign = Opgeven (een bot speelt je plaats verder)
really_resign = Echt opgeven? Klik nog eens
game_n = Partij { $id }
round_n = ronde { $n }
phase = Fase
status_open = open
status_active = bezig
status_finished = afgelopen
status_abandoned = afgebroken
environment =
    { $left ->
        [one] Milieu: { $drift ->
            [none] geen stroming
           *[other] stroming naar het { $dir }
        }, ozon { $ozone } (nog { $left } kaart)
       *[other] Milieu: { $drift ->
            [none] geen stroming
           *[other] stroming naar het { $dir }
        }, ozon { $ozone } (nog { $left } kaarten)
    }
time_left = nog { $time }
error = Fout
loading = Laden…
error_loading = Fout bij het laden van de partij
th_seat = Plaats
th_score = Score
th_genes = Genen
th_amoebas = Amoeben
th_gene = Gen
th_price = Prijs
th_mutation = Mutatie
th_cards = Kaarten
th_place = Rang
bot_level = bot { $level }
cards_left = nog { $n }
final_ranking = Eindstand
replay_open = De partij zet voor zet naspelen
replay = Herhaling
rp_start = Begin
rp_back = Terug
rp_next = Verder
rp_end = Einde
rp_pos = zet { $at } van { $of }
rp_setup = Opbouw
rv_title = Analyse
rv_explain = De zoekbot heeft elke beslissing met keuze gewogen: de waarde van de gespeelde zet tegenover de zet die hij verkoos, als zijn schatting van de eindmarge op de beste tegenstander. Een verlies vanaf { $inaccuracy } punten is een onnauwkeurigheid, vanaf { $mistake } een fout, vanaf { $blunder } een blunder. De schattingen zijn de mening van de bot en hebben wat ruis.
rv_accuracy = Nauwkeurigheid
rv_inaccuracies = Onnauwkeurigheden
rv_mistakes = Fouten
rv_blunders = Blunders
rv_inaccuracy = Onnauwkeurigheid
rv_mistake = Fout
rv_blunder = Blunder
rv_item = Zet { $seq }, { $seat }: { $what } (−{ $loss } punten)
rv_none = Geen enkele beslissing is gemarkeerd.
rv_show = Analyse tonen
rv_pending = De analyse wordt gemaakt…
rv_missing = Deze partij is nog niet geanalyseerd.
rv_ask = Analyseer deze partij
rv_mark = { $what }: −{ $loss } punten. Beter: { $better }.
island = eiland
amoeba_title = Amoebe { $n } van { $seat }: { $dp } schade
what_is_this = Wat is dit?
got_it = Begrepen
acts_in = Werkt in
hands_in = Lever in
works_with = Werkt samen met
waiting = Wachten
decides = { $seat } beslist: { $what }.
skip_ahead = Vooruitspoelen
invited_title = Je bent uitgenodigd
invited_to = Doe mee aan spel { $id } op plaats { $n }.
accept_invite = Neem de plaats in (met de naam hieronder)
private_game = Privé: alleen wie een uitnodigingslink heeft doet mee
decoy = Lokaas
decoy_group = Het lokaas (geen speler)
th_colour = Kleur
th_player = Speler
bot_thinking = { $seat } denkt na: { $what }.
waiting_players = Wachten op spelers
open_seats_intro = Het spel begint zodra elke plaats bezet is. Stuur iedereen een link om mee te doen:
seat_link = Plaats { $n }
copy_link = Link kopiëren
copied = Gekopieerd
invitation_code = uitnodigingscode { $code }
offered_fields = Aangeboden velden: { $fields }. Klik er een aan (of kies het met het toetsenbord en druk op Enter).
on_field = Op { $field }:
your_amoeba = Je amoebe { $n }.
your_amoeba_on = Je amoebe { $n } op { $field }.
place_reason = Reden: { $reason }.
place_reason_free = Reden: { $reason } (gratis).
place_why_setup = opbouw van het spel
place_why_division = celdeling
divide_cost = Een nieuwe amoebe kost { $cost } BP; je hebt { $bp } BP.
current_drifts =
    { $drift ->
        [none] Deze ronde is er geen stroming.
       *[other] De stroming drijft naar het { $dir }.
    }
you_rolled = Je gooide { $dice }. 1 { $w }, 2 { $n }, 3 { $e }, 4 { $s }, 5 blijven, 6 vrije keuze.
tentacle_take =
    { $limit ->
         [one] Van { $from } naar { $to }: neem tot { $limit } blokje mee.
        *[other] Van { $from } naar { $to }: neem tot { $limit } blokjes mee.
    }
leaves_for = { $amoeba } gaat naar { $to }.
food_here = Voedsel hier: { $food }.
attacks_you = { $attacker } valt je amoebe { $n } aan.
attacks_you_lost = { $attacker } valt je amoebe { $n } aan (je verloor het gevecht).
still_to_pay = Nog te betalen: { $remaining } (BP, of genen naar hun defectwaarde).
genes_to_give = Genen die je kunt inleveren
buy_intro =
    { $mp ->
         [one] Je hebt { $bp } BP en { $mp } mutatiepunt; de ozon staat nu op { $ozone }.
        *[other] Je hebt { $bp } BP en { $mp } mutatiepunten; de ozon staat nu op { $ozone }.
    }
mp_change = MP { $before } → { $after } (ozon { $ozone })
defect_ahead = { $excess } boven de ozon nu: er dreigt een gendefect.
defect_warning = { $gene } brengt je mutatiepunten op { $after }, boven de ozon van { $ozone }: in fase 2 betaal je { $excess } (BP of genen), tenzij de volgende kaart meer ozon heeft. Klik nog eens om toch te kopen.
buy_for = Koop voor { $price } BP
buy_anyway = Toch kopen ({ $price } BP)
choose_offered = Kies een van de aangeboden acties:
seat_n = Plaats { $n }
amoeba_of = amoebe { $n } van { $seat }
amoeba_of_on = amoebe { $n } van { $seat } op { $field }
nothing = niets
shape_circle = cirkel
shape_square = vierkant
shape_triangle = driehoek
shape_diamond = ruit
shape_star = ster
shape_cross = kruis
act_start_space = Startvak { $space }
act_place = Amoebe { $n } op { $field }
act_drift = Drijven
act_drift_dir =
    { $drift ->
        [none] Blijven (geen stroming)
       *[other] Naar het { $dir } drijven
    }
act_hold = Vasthouden (blijven, gratis)
act_move = Bewegen (kompas gooien)
act_move_dir = Naar het { $dir }
act_die = Dobbelsteen { $face } houden
act_direction = Naar het { $dir }
act_skip = Geen tweede beweging
act_tentacle = { $cubes } meenemen
act_cling = Vastklampen
act_cling_to = Vastklampen (naar { $to })
act_let_go = Loslaten
act_feed = { $cubes } eten
act_feed_parasite = { $cubes } eten (parasiet op { $seat })
act_starve = Niets eten (1 schadepunt)
act_attack = { $target } aanvallen
act_attack_with = { $target } aanvallen met amoebe { $n }
act_accept = Aanval aanvaarden
act_defend = Verdedigen (vechten met dobbelstenen)
act_escape = Vluchten
act_pass = Passen
act_pay_bp = { $amount } BP betalen
act_give_up_gene = { $gene } inleveren
act_buy = { $gene } kopen
act_buy_replacing = { $gene } kopen (in plaats van { $old })
act_done = Klaar
ev_game_created = De partij is aangemaakt.
ev_start_roll = { $seat } gooit { $dice } voor de startvolgorde.
ev_start_order = Startvolgorde: { $seats }.
ev_start_space_taken = { $seat } neemt startvak { $space }.
ev_amoeba_placed = { $seat } zet amoebe { $n } op { $field }.
ev_round_started = — Ronde { $round } —
ev_phase_started = Fase { $phase } van ronde { $round }.
ev_card_revealed =
    { $drift ->
        [none] Milieukaart: geen stroming, ozon { $ozone }.
       *[other] Milieukaart: stroming naar het { $dir }, ozon { $ozone }.
    }
ev_cubes_placed = Voedsel op { $field } gelegd: { $cubes }.
ev_amoeba_moved =
    { $reason ->
        [drift] Amoebe { $n } van { $seat } drijft { $from } → { $to }.
        [escape] Amoebe { $n } van { $seat } vlucht { $from } → { $to }.
       *[move] Amoebe { $n } van { $seat } gaat { $from } → { $to }.
    }
ev_amoeba_stayed =
    { $reason ->
        [no_drift] Amoebe { $n } van { $seat } blijft: er is geen stroming.
        [hold] Amoebe { $n } van { $seat } houdt zich vast en blijft.
        [die_5] Amoebe { $n } van { $seat } blijft: de dobbelsteen toont 5.
        [chosen] Amoebe { $n } van { $seat } blijft, zoals gekozen.
       *[other] Amoebe { $n } van { $seat } blijft.
    }
ev_amoeba_blocked = Amoebe { $n } van { $seat } kan van { $field } niet naar het { $dir }.
ev_amoeba_carried = Amoebe { $n } van { $seat } wordt meegenomen { $from } → { $to }.
ev_cubes_carried = Amoebe { $n } van { $seat } neemt { $cubes } mee naar { $to }.
ev_dice_rolled = { $seat } gooit { $dice } voor amoebe { $n }.
ev_fight_rolled = Gevecht: aanvaller { $a } tegen verdediger { $d }.
ev_amoeba_fed = Amoebe { $n } van { $seat } eet { $cubes } en scheidt { $excreted } uit.
ev_amoeba_starved = Amoebe { $n } van { $seat } vindt niets te eten en heeft nu { $dp } schade.
ev_amoeba_died =
    { $cause ->
        [damage] Amoebe { $n } van { $seat } sterft op { $field } aan haar schade.
        [aggression] Amoebe { $n } van { $seat } wordt op { $field } door een aanvaller opgegeten.
        [struggle_for_survival] Amoebe { $n } van { $seat } verliest op { $field } de strijd om het bestaan.
       *[other] Amoebe { $n } van { $seat } sterft op { $field }.
    }
ev_attack_declared = { $a } valt { $target } aan.
ev_attack_succeeded = De aanval op { $target } lukt.
ev_attack_failed = De aanval op { $target } mislukt.
ev_attack_ended = De aanval is voorbij.
ev_armor_absorbed = Panzerung: { $target } krijgt in plaats daarvan 1 schadepunt (nu { $dp }).
ev_fight_won_attacker = De aanvaller wint het gevecht.
ev_fight_won_defender = De verdediger wint het gevecht.
ev_escape_started = { $amoeba } probeert te vluchten.
ev_escape_succeeded = { $amoeba } is ontsnapt.
ev_escape_failed = { $amoeba } kan niet ontsnappen.
ev_bp_paid =
    { $reason ->
        [move] { $seat } betaalt { $amount } BP om te bewegen.
        [escape] { $seat } betaalt { $amount } BP om te vluchten.
        [defense] { $seat } betaalt { $amount } BP om zich te verdedigen.
        [aggression] { $seat } betaalt { $amount } BP om aan te vallen.
        [gene_defect] { $seat } betaalt { $amount } BP voor een genfout.
        [division] { $seat } betaalt { $amount } BP voor een celdeling.
        [struggle_for_survival] { $seat } betaalt { $amount } BP in de strijd om het bestaan.
        [parasitism] { $seat } betaalt { $amount } BP aan een parasiet.
       *[other] { $seat } betaalt { $amount } BP.
    }
ev_bp_received = { $seat } krijgt { $amount } BP.
ev_overpayment_lost = { $seat } verliest { $amount } BP te veel betaald.
ev_gene_bought = { $seat } koopt { $gene } voor { $price } BP.
ev_gene_returned = { $seat } geeft { $gene } terug.
ev_gene_defect =
    { $mp ->
         [one] { $seat } heeft een gendefect: { $mp } mutatiepunt tegen ozon { $ozone }.
        *[other] { $seat } heeft een gendefect: { $mp } mutatiepunten tegen ozon { $ozone }.
    }
ev_marker_advanced =
    { $moved ->
        [no] { $seat } scoort niets en blijft op { $to }.
       *[yes] { $seat } gaat vooruit: { $from } → { $to }.
    }
ev_seat_resigned = { $seat } gaf op: vanaf nu speelt de bot { $level } de plaats.
ev_seat_timed_out = { $seat } was te laat: vanaf nu speelt de bot { $level } de plaats.
ev_game_ended = De partij is afgelopen. Rangschikking: { $seats }.

## The lobby.

api_docs = API-documentatie
learn_title = Nieuw bij Ursuppe?
learn_text = Speel een eerste partij tegen twee bots die willekeurig kiezen. Elk soort beslissing legt zichzelf uit als het voor het eerst komt; "Begrepen" klapt de uitleg dicht.
learn_button = Leer spelen
create_title = Partij aanmaken
your_name = Je naam
decoy_scores = Het lokaas scoort (zijn pion kan het spel beëindigen)
seats_legend = Plaatsen (plaats 1 is de jouwe)
time_per_decision = Tijd per beslissing (seconden, 0 = geen)
on_timeout = Bij tijdoverschrijding
timeout_move = een bot doet die zet
timeout_seat = een bot neemt de plaats over
timeout_bot = Bot bij tijdoverschrijding
resign_bot = Bot na opgeven
label_optional = Label (optioneel)
bot_levels_title = De botniveaus
custom_deck = Eigen stapel milieukaarten
use_deck = Met deze stapel spelen (JSON-lijst van kaarten, door het spel geschud; verborgen tot het einde)
create_button = Aanmaken en plaats 1 nemen
my_games = Mijn partijen
my_games_text = De plaatsen die deze browser bewaart (in zijn opslag).
my_games_everywhere = Partijen en beurten van je speler op elk apparaat
open_games = Open partijen
games_to_watch = Partijen om te bekijken
finished = Afgelopen
seat_1_you = Plaats 1: jij
player = Speler
kind_bot = bot
kind_human = mens (vrije plaats)
bot_level_label = Botniveau
bot_name = Botnaam
optional = optioneel
deck_not_json = De stapel is geen JSON: { $error }
resume = { $id } hervatten
your_seat = Je plaats
th_status = Stand
seats = Plaatsen
join = Meedoen
game_players =
    { $n ->
         [one] { $id } ({ $n } speler)
        *[other] { $id } ({ $n } spelers)
    }
joined = meegedaan
progress = Voortgang
watch = { $id } bekijken
move_n = zet { $n }
scores = Scores
replay_n = { $id } naspelen
none = geen

## Chat at the table (chat.js)

chat_message = Bericht
chat = Chat
chat_send = Versturen
chat_your_name = Je naam
chat_spectator = { $name } (kijkt mee)
chat_mute = dempen
chat_mute_title = Verberg de berichten van { $name }
chat_guest = Gast
chat_chat_rate_limited = Rustig aan: een paar berichten per tien seconden.
chat_invalid_chat_text = Een bericht heeft 1 tot 280 tekens op één regel.
chat_chat_closed_to_spectators = De maker van het spel heeft de chat voor toeschouwers gesloten.
chat_chat_ended = Het spel is voorbij: de chat is gesloten.
th_clock = Klok
clock_low = Je tijd raakt op: nog { $time }
time_control = Bedenktijd
tc_per_decision = Tijd per beslissing
tc_bank = Tijdbank met increment (live)
tc_correspondence = Correspondentie (dagen per zet)
tc_none = Geen klok
bank_minutes = Tijdbank (minuten)
bank_increment = Increment per zet (seconden)
corr_days = Dagen per zet (1-14)

## Players, sign-in, turn notices, leaderboard and profiles (account.js, notify.js, leaderboard.js, profile.js)

status_aborted = afgebroken
your_player = Jouw speler
leaderboard = Ranglijst
account_page_title = Jouw speler — Ursuppe
account_create_title = Spelen als speler
account_create_text = Een speler bewaart je partijen, beurten en rating op elk apparaat waarop je inlogt.
account_create_button = Mijn speler aanmaken
account_code_label = Inlogcode van je andere apparaat
account_signin = Inloggen
account_signed_in_as = Ingelogd als
account_player_id = Speler-id
account_names_rule = Namen hoeven niet uniek te zijn; de id is alleen van jou.
account_profile = Jouw profiel
account_new_name = Nieuwe naam
account_rename = Naam wijzigen
account_issue_code = Inloggen op een ander apparaat
account_code_hint = Typ daar binnen 10 minuten { $code } in (werkt één keer).
account_signout = Uitloggen in deze browser
account_invalid_signin_code = Die code werkt niet: onbekend, al gebruikt of ouder dan 10 minuten. Vraag je andere apparaat om een nieuwe.
account_validation_error = Een naam heeft 1 tot 64 tekens; een inlogcode bestaat uit de tien letters en cijfers die je andere apparaat toont.
account_invalid_name = Een naam heeft 1 tot 64 tekens op één regel, en er moet iets van te zien zijn: geen regeleinden, stuur- of richtingstekens.
account_not_your_seat = Die plaats is niet van je speler.
account_seat_resigned = Die plaats heeft opgegeven: een bot speelt hem nu.
account_game_not_open = Die partij is voorbij.
my_turns = Mijn beurten
account_deadline = Uiterlijk
account_no_deadline = geen
account_play = { $id } spelen
account_continue = { $id } voortzetten
account_view = { $id } bekijken
authorize_page_title = Een site toestaan — Ursuppe
authorize_title = Een site namens jou laten handelen
authorize_asks = { $site } vraagt namens jou te handelen
authorize_unverified = Deze site is hier niet geregistreerd: de naam heeft ze zichzelf gegeven. Kijk hieronder waar je antwoord je heen brengt.
authorize_registered = Een hier geregistreerde site (client { $id }).
authorize_back_to = Je antwoord brengt je terug naar
authorize_may = Als je het toestaat, mag ze:
authorize_answer_as = Je antwoordt als { $name }.
authorize_approve = Toestaan
authorize_deny = Weigeren
authorize_revoke_hint = Onder Sites en tokens kun je dit altijd intrekken.
authorize_sign_in = Meld je eerst aan: vraag op een apparaat waarop je speelt een aanmeldcode (Jouw speler, Aanmelden op een ander apparaat) en typ die hier.
authorize_refused_title = Dit verzoek kan niet worden ingewilligd
authorize_back = De site laten weten en teruggaan
authorize_consent_expired = Deze pagina stond te lang open: laad haar opnieuw.
scope_profile_read = je speler, je partijen, je beurten en je gedempte en geblokkeerde spelers zien
scope_profile_write = je naam wijzigen en wie je dempt of blokkeert
scope_game_create = partijen op jouw naam aanmaken
scope_game_play = plaatsen innemen en op jouw plaatsen spelen: zetten, opgeven, tips, chat
scope_seek_write = voor jou partijen zoeken (snel spelen) en het zoeken stoppen
scope_challenge_read = de uitdagingen lezen die je stuurde en kreeg
scope_challenge_write = anderen op jouw naam uitdagen, uitdagingen beantwoorden en revanches aanbieden
scope_tournament_enter = je inschrijven voor toernooien en labels, en je uitschrijven
scope_tournament_organise = toernooien op jouw naam organiseren
scope_label_organise = labels op jouw naam claimen en de inschrijvingen beheren
scope_webhook_manage = je webhooks instellen, lezen en verwijderen
scope_bot_play = spelen als je botaccounts
tokens_link = Sites en tokens
tokens_page_title = Sites en tokens — Ursuppe
tokens_signed_out = Meld je eerst aan in deze browser:
tokens_title = Wat namens jou handelt
tokens_intro = Elke aanmelding, site en persoonlijke token die namens je speler handelt. Intrekken stopt hem meteen.
tokens_th_what = Wat
tokens_th_scopes = Mag
tokens_th_created = Sinds
tokens_th_last_used = Laatst gebruikt
tokens_kind_device = Aangemeld op een apparaat
tokens_this_browser = Deze browser
tokens_kind_personal = Persoonlijke token: { $label }
tokens_kind_oauth = Site { $site } ({ $where })
tokens_all_scopes = alles
tokens_never = nog niet
tokens_revoke = Intrekken
tokens_new_title = Nieuwe persoonlijke toegangstoken
tokens_new_text = Voor je eigen programma's, een bot of een script: kies wat hij mag.
tokens_label = Naam
tokens_may = Hij mag:
tokens_create = Token maken
tokens_created = Je nieuwe token, alleen nu getoond: { $token }
tokens_validation_error = Geef de token een naam en kies minstens één ding dat hij mag.
tokens_invalid_name = Een naam voor de token heeft 1 tot 100 zichtbare tekens op één regel (geen regeleinden of stuurtekens).
tokens_approved = { $n } keer toegestaan
tokens_too_many_tokens = Je hebt 100 tokens: trek er eerst één in.
clients_title = Jouw sites
clients_intro = Registreer een site die een geheim op zijn server bewaart, zodat spelers hem voor zich kunnen laten handelen. Apps en pagina's die geen geheim kunnen bewaren, hoeven niet geregistreerd te worden.
clients_name = Naam van de site
clients_redirects = Terugkeeradressen, één per regel
clients_register = Site registreren
clients_created = Geregistreerd. Client-id: { $id }. Geheim, alleen nu te zien: { $secret }
clients_th_site = Site
clients_th_id = Client-id
clients_th_redirects = Terugkeeradressen
clients_delete = Verwijderen
clients_none = Nog geen site geregistreerd.
clients_validation_error = Geef de site een naam en minstens één terugkeeradres.
clients_invalid_name = De naam van een site heeft 1 tot 100 zichtbare tekens op één regel (geen regeleinden of stuurtekens).
clients_invalid_redirect_uri = Een terugkeeradres moet met https:// beginnen (http:// alleen voor het eigen adres van deze computer) en mag geen #fragment en geen gebruikersnaam bevatten.
clients_too_many_clients = Je hebt al 10 sites geregistreerd: verwijder er eerst één.
notice_title = Jij bent aan de beurt in Ursuppe
notice_body = Partij { $game }, plaats { $seat }: er wacht een beslissing op je.
notice_allow = Laat me weten wanneer ik aan de beurt ben (browsermeldingen)
notice_on = Meldingen over je beurten staan aan zolang een pagina van deze site open is.
notice_blocked = Deze browser blokkeert meldingen van deze site; de tabtitel toont je beurten nog steeds.
notice_unsupported = Deze browser kent geen meldingen; de tabtitel toont je beurten.
leaderboard_page_title = Ranglijst — Ursuppe
pool_label = Tabel
pool_players =
    { $n ->
         [one] { $n } speler
        *[other] { $n } spelers
    }
pool_variant = 2 spelers: { variant_name }
leaderboard_explain = Gesorteerd op de ordinale waarde (μ − 3σ): een voorzichtige schatting die stijgt naarmate een speler zich bewijst. Elke spelgrootte en elke variant voor 2 heeft een eigen tabel; botniveaus krijgen een rating zoals mensen en zijn gemarkeerd.
lb_how_title = Wat de getallen betekenen
lb_how_mu = μ (mu) is de speelsterkte die de dienst iemand toeschrijft op grond van alle gewaardeerde partijen tot nu toe: winnen van sterke spelers tilt die het meest op. Iedereen begint op 25.
lb_how_sigma = σ (sigma) zegt hoe onzeker die schatting nog is. Die begint rond 8,3 en wordt met elke partij kleiner, dus de μ van een nieuwkomer kan nog flink bewegen.
lb_how_ordinal = De ordinale waarde, μ − 3σ, bepaalt de volgorde: een sterkte die iemand vrijwel zeker minstens heeft. Een nieuwkomer begint rond 0 en stijgt door te spelen, ook bij gelijke μ, omdat σ kleiner wordt.
qp_default_name = Amoebe { $n }
qp_name_note = Andere spelers zien deze naam aan tafel en in de ranglijst.
th_rank = #
th_ordinal = Ordinaal
th_mu = μ
th_sigma = σ
th_games = Partijen
leaderboard_empty = Nog geen partij met rating in deze tabel.
bot_badge = bot
profile_page_title = { $name } — Ursuppe
profile_player = Speler
profile_bot = { $name } (bot)
profile_since = Speelt sinds { $date }
profile_not_rated = Nog geen rating.
profile_history = Rating door de tijd
profile_no_history = Geen partij met rating in deze tabel.
profile_chart_label =
    { $n ->
         [one] Ordinaal van { $lo } tot { $hi } over { $n } partij
        *[other] Ordinaal van { $lo } tot { $hi } over { $n } partijen
    }
profile_chart_x = partijen met rating
profile_chart_point = Partij { $n }: plaats { $place } van { $of }, ordinaal { $ordinal }
profile_chart_start = Voor de eerste partij met rating: ordinaal { $ordinal }
profile_recent = Recente partijen
profile_place = { $place } van { $n }
profile_replay = { $id } terugkijken
chat_spectators_allowed = Toeschouwers mogen schrijven (jij hebt deze partij aangemaakt)
chat_closed_note = Hier schrijven nu alleen de spelers.
qp_title = Nu spelen
qp_text = Ontmoet mensen die hetzelfde spel willen. Komt er binnen de wachttijd niemand, dan nemen bots de lege plaatsen.
qp_wait = Wachten op mensen
qp_bots = Daarna bots
qp_rated = Telt voor de rating
qp_unrated = Telt niet
play_now = Nu spelen
qp_cancel = Annuleren
qp_seeking = Zoeken nu een spel
qp_nobody = Er zoekt nu niemand.
qp_bank = { $m } min + { $s } s
qp_per_move = { $s } s per zet
qp_days =
    { $n ->
         [one] { $n } dag per zet
        *[other] { $n } dagen per zet
    }
qp_waiting = Spelers zoeken: over { $s } s vullen bots het spel.
qp_filling = Het spel wordt gemaakt…
qp_cancelled = Zoeken geannuleerd.
qp_players_n =
    { $n ->
         [one] { $n } speler
        *[other] { $n } spelers
    }
qp_seconds =
    { $s ->
         [one] { $s } seconde
        *[other] { $s } seconden
    }
qp_minutes = { $m } min
hint_button = Tip
hint_thinking = De zoekbot denkt na…
hint_suggests = Probeer: { $action }.
hint_only_choice = Niets anders maakt hier echt verschil.
hint_reason = Zo schat de zoekbot daarna je voorsprong op de sterkste tegenstander aan het eind: { $value } punten, { $gain } vergeleken met zijn tweede keus ({ $alt }).
hint_reason_alone = Zo schat de zoekbot daarna je voorsprong op de sterkste tegenstander aan het eind: { $value } punten.
hint_stale = Het spel is intussen verder: vraag het opnieuw.
hint_slow = Nog geen antwoord: vraag het zo nog eens.
rated_game = Telt mee: de uitslag telt voor de ratings (geen tips tijdens het spel)
offline_title = Offline — Ursuppe
offline_heading = Je bent offline
offline_text = Deze pagina heeft de server nodig, en het netwerk bereikt die nu niet. Je spellen gaan daar door: hun klokken lopen en bots spelen waar de regels dat zeggen.
offline_retry = Opnieuw proberen
front_page_title = Ursuppe Server — speel Oersoep online
front_title = Oersoep, geserveerd over HTTP
front_intro = Deze server speelt het bordspel Ursuppe (Oersoep): amoeben drijven, eten, delen zich en ontwikkelen genen tot één soort het einde van de scoreladder haalt. Speel het hier in je browser tegen bots en mensen, kijk live mee, of schrijf je eigen client voor de REST-API.
front_learn_text = Een eerste spel tegen twee bots die willekeurig kiezen, zonder klok: elke soort beslissing legt zich de eerste keer uit, en de kaart van een gen opent zich als je naar de naam wijst.
front_play_text = Eén klik vindt mensen die hetzelfde spel en dezelfde bedenktijd willen; komt er binnen de wachttijd niemand, dan nemen bots de lege plaatsen. Of maak zelf een spel en stuur de uitnodigingslinks.
front_sizes_title = Elke spelgrootte
front_sizes_text = Van drie tot zes spelers, elke plaats een mens of een bot van het niveau dat je kiest; twee mensen spelen een van de varianten voor twee. Live met een klok per beslissing of een tijdbank, of per correspondentie met dagen per zet.
front_watch_title = Kijken en naspelen
front_watch_text = Volg elk lopend spel live, alleen lezend, met zijn chat; loop elk afgelopen spel zet voor zet door.
front_leaderboard_text = Spellen met rating tellen voor een ranglijst per spelgrootte en variant, bots inbegrepen; elke speler heeft een profiel met zijn ratingverloop en zijn spellen.
front_api_title = Voor ontwikkelaars
front_api_text = Alles wat deze pagina's doen, gaat via een openbare REST-API met live streams en webhooks: schrijf je eigen client, of een bot die hier meespeelt.
front_api_docs = De interactieve API-referentie (Swagger UI)
front_openapi = Het OpenAPI-document
front_rules_data = De regels als data
board_label = Het speelbord
board_compass = kompas
board_target = Doel: amoebe { $n } van { $seat }
board_field = Veld { $field }
board_drift =
    { $drift ->
        [none] Het speelbord; geen stroming
       *[other] Het speelbord; stroming naar het { $dir }
    }
board_field_title =
    { $n ->
         [one] { $field }: voedsel { $food }; { $n } amoebe
        *[other] { $field }: voedsel { $food }; { $n } amoeben
    }

## Tournaments (tournaments.js, tournament.js)

tournaments = Toernooien
tournaments_page_title = Toernooien — Ursuppe
tournament_page_title = Toernooi — Ursuppe
tn_upcoming = Binnenkort
tn_running = Bezig
tn_finished = Afgelopen
tn_explain = Elke partij is één punt waard, verdeeld naar eindplaats: de winnaar 1, de laatste 0. Bij gelijke stand tellen eerst de punten van de tegenstanders, dan de prestatie.
tn_enter = Meedoen
tn_withdraw = Terugtrekken
tn_standings = Stand
tn_rounds = Ronden
tn_entries = Deelnemers
tn_none = Op dit moment geen.
tn_th_name = Toernooi
tn_th_format = Opzet
tn_th_game = Partij
tn_th_when = Wanneer
tn_th_entrants = Deelnemers
tn_swiss_rounds =
    { $n ->
         [one] Zwitsers, { $n } ronde
        *[other] Zwitsers, { $n } ronden
    }
tn_round_robin = Ieder tegen ieder
tn_arena_minutes = Arena, { $m } min
tn_with_bots = bots ({ $level }) vullen de tafels
tn_invitation = alleen op uitnodiging
tn_min_rating = rating vanaf { $r }
tn_starts = Begint { $when }
tn_round_now = Ronde { $n } wordt gespeeld
tn_is_finished = Afgelopen
tn_is_cancelled = Afgelast
tn_no_standings = Nog geen deelnemers.
tn_th_score = Punten
tn_th_games = Partijen
tn_th_byes = Vrij
tn_th_opponents = Tegenst.
tn_th_performance = Prestatie
tn_withdrawn = teruggetrokken
tn_bot = Bot
tn_place = plaats { $n }
tn_play = Spelen
tn_watch = Kijken
tn_see_game = Naar de partij
tn_table_n = Tafel { $n }
tn_playing = bezig
tn_done = klaar
tn_no_rounds = Ronde 1 wordt ingedeeld als het toernooi begint.
tn_round_n = Ronde { $n }
tn_round_scheduled = gepland
tn_round_playing = bezig
tn_round_finished = klaar
tn_byes = Vrij deze ronde (elk een half punt): { $names }
tn_your_table = Jouw partij: tafel { $n } van ronde { $round }. Druk op Spelen om je plaats in te nemen.
tn_no_entries = Nog niemand doet mee.
tn_entry_invited = uitgenodigd
tn_entry_entered = doet mee
tn_entry_withdrawn = teruggetrokken
tn_name_needed = Vul eerst de naam in waaronder je wilt spelen.
tn_not_found = Dit toernooi bestaat niet, of het is privé.
tn_err_tournament_closed = Aanmelden voor dit toernooi kan niet meer.
tn_err_not_invited = Alleen uitgenodigde spelers kunnen meedoen.
tn_err_rating_too_low = Je rating is lager dan het minimum van dit toernooi.
tn_err_bots_not_allowed = Botaccounts mogen niet meedoen aan dit toernooi.
tn_lobby_title = Toernooien waarvoor je je kunt aanmelden
tn_lobby_all = Alle toernooien
tn_lobby_none = Er staat nu geen toernooi open voor aanmelding.

## The organiser's form and card, the entrant's own line, the standings explained

tn_th_rating = Rating
tn_disqualified = gediskwalificeerd
tn_entry_disqualified = gediskwalificeerd
tn_organise = Een toernooi organiseren
tn_organise_text = Jij bent de organisator: je ziet wie zich aanmeldt, kunt het eerder starten, een deelnemer afmelden of diskwalificeren en het vóór de start afgelasten.
tn_f_name = Naam
tn_f_format = Opzet
tn_f_swiss = Zwitsers
tn_f_arena = Arena
tn_f_table = Tafel
tn_f_p3 = 3 spelers
tn_f_p4 = 4 spelers
tn_f_p5 = 5 spelers
tn_f_p6 = 6 spelers
tn_f_rounds = Rondes
tn_f_minutes = Minuten
tn_f_rounds_rr = Laat leeg om te spelen tot iedereen iedereen heeft getroffen.
tn_f_clock = Klok
tn_f_clock_30s = 30 s per beslissing
tn_f_clock_2m = 2 min per beslissing
tn_f_clock_bank = 10 min + 5 s per beslissing
tn_f_clock_day = 1 dag per beslissing
tn_f_bots = Lege plaatsen
tn_f_bots_none = geen bots: kleinere tafels of vrije rondes
tn_f_bots_random = willekeurige bots vullen de tafels
tn_f_bots_greedy = gulzige bots vullen de tafels
tn_f_starts = Begint
tn_f_rated = Met rating: de partijen tellen mee voor de rating
tn_f_private = Privé: alleen wie de uitnodigingslink heeft, ziet het en kan meedoen
tn_create = Toernooi aanmaken
tn_org_title = Jij organiseert dit toernooi
tn_org_link = Uitnodigingslink: wie hem heeft, ziet het toernooi en kan zich aanmelden. Stuur hem naar de spelers die je erbij wilt.
tn_org_copy = Kopiëren
tn_org_copied = De link is gekopieerd.
tn_org_start = Nu starten
tn_org_starting = Het start: ronde 1 wordt binnen enkele seconden ingedeeld.
tn_org_cancel = Toernooi afgelasten
tn_org_cancel_confirm = Dit toernooi afgelasten? Daarna kan niemand zich meer aanmelden of erin spelen.
tn_org_upcoming = Het begint vanzelf op de starttijd; start het nu zodra iedereen zich heeft aangemeld.
tn_org_running = Het loopt vanzelf: elke ronde wordt ingedeeld zodra alle tafels van de vorige klaar zijn.
tn_org_withdraw = Afmelden
tn_org_disqualify = Diskwalificeren
tn_org_disqualify_confirm = { $name } diskwalificeren? Die wordt niet meer ingedeeld en kan zich niet opnieuw aanmelden.
tn_you_table = Ronde { $round }, jouw tafel { $n }: { $names }.
tn_you_waiting = Je partij is voorbij: de volgende ronde wordt ingedeeld als alle tafels klaar zijn.
tn_you_waiting_arena = Je partij is voorbij: je krijgt weer een plaats zodra genoeg spelers wachten.
tn_you_bye = Je speelt ronde { $round } niet mee: dat is een half punt waard.
tn_you_place = Jouw plaats: { $rank } van { $n }, score { $score }.
tn_how_title = Wat de kolommen betekenen
tn_how_score = Elke partij is één punt waard: de winnaar van een tafel krijgt het helemaal, de laatste niets, en de plaatsen ertussen een deel dat per plaats kleiner wordt. Een ronde overslaan (een bye) is een half punt waard.
tn_how_opponents = De eerste tiebreak: hoe goed de spelers die je trof het in het hele toernooi deden. Een goed resultaat tegen sterke tegenstanders telt zwaarder.
tn_how_performance = De tweede tiebreak: hoe sterk je resultaten waren, gemeten aan de ratings van de spelers die je trof en de plaatsen die je haalde.
tn_how_rating = De derde tiebreak: je rating bij de start van het toernooi.
tn_how_rank = Spelers die gelijk staan in score en alle drie tiebreaks delen een plaats. Wie is afgemeld of gediskwalificeerd, houdt de resultaten die hij had.
tn_err_validation_error = Kijk dit na: { $fields }.
tn_err_invalid_tournament = Met deze voorwaarden kan geen toernooi gespeeld worden: { $detail }
tn_err_invalid_players = Die tafelgrootte kan niet.
tn_err_invalid_time_control = Die klok kan niet.
tn_err_not_organiser = Alleen de organisator van het toernooi mag dit.
tn_err_tournament_started = Het toernooi is al begonnen, of is afgelast.
tn_err_too_few_entrants = Er hebben zich nog te weinig spelers aangemeld voor een ronde.
tn_err_disqualified = De organisator heeft je voor dit toernooi gediskwalificeerd.
tn_err_entry_not_found = Deze speler is niet aangemeld voor het toernooi.
tn_err_tournament_not_found = Dit toernooi bestaat niet, of is privé.

## Challenges and rematches (challenges.js)

ch_title = Uitdagingen
ch_outgoing = Jouw uitdagingen
ch_from = { $name } daagt je uit
ch_rematch_from = { $name } biedt een revanche aan
ch_to = Je hebt { $names } uitgedaagd
ch_bot_name = { $name } (bot)
ch_players =
    { $n ->
         [one] { $n } speler
        *[other] { $n } spelers
    }
ch_tc_seconds =
    { $n ->
         [one] { $n } seconde per zet
        *[other] { $n } seconden per zet
    }
ch_tc_bank = { $m } min + { $s } s per zet
ch_tc_days =
    { $n ->
         [one] { $n } dag per zet
        *[other] { $n } dagen per zet
    }
ch_tc_none = zonder klok
ch_rated = met rating
ch_casual = zonder rating
ch_accept = Aannemen
ch_decline = Afslaan
ch_cancel = Intrekken
ch_reason_label = Waarom je afslaat
ch_reason_generic = Nee, dank je
ch_reason_later = Nu niet, later
ch_reason_too_fast = Te snel voor mij
ch_reason_too_slow = Te traag voor mij
ch_reason_time_control = Graag een andere klok
ch_reason_rated = Alleen partijen met rating
ch_reason_casual = Alleen partijen zonder rating
ch_reason_variant = Graag een andere variant
ch_reason_no_bot = Ik speel niet tegen bots
ch_reason_only_bot = Ik speel alleen tegen bots
ch_waiting_others = Aangenomen. De partij begint zodra de anderen ook aannemen.
ch_accepted_news = Een uitdaging van jou is aangenomen: de partij loopt.
ch_open_game = Naar de partij
ch_status_open = Nog open
ch_status_accepted = Aangenomen
ch_status_declined = Afgeslagen
ch_declined_because = Afgeslagen: ‘{ $reason }’
ch_status_cancelled = Ingetrokken
ch_status_expired = Niemand antwoordde op tijd
ch_new_title = Uitdagen voor een partij
ch_send = { $name } uitdagen
ch_sent = Uitdaging verstuurd: { $name } heeft nog niet geantwoord. In de lobby staat ze bij jouw uitdagingen.
ch_rematch_title = Nog een keer
ch_rematch = Revanche
ch_rematch_waiting = Revanche aangeboden aan { $names }: wacht op hun antwoord.
ch_rematch_offered_to_you = Iemand anders bood deze revanche al aan: neem hem hieronder aan.

## Notices by email (account page, the email links' page)

notices_title = Berichten per e-mail
notices_text = Hoor dat je aan de beurt bent in een correspondentiespel en meer, ook als de site dicht is. Alleen jij ziet je adres.
notices_address = E-mailadres
notices_save_address = Opslaan en bevestigingslink sturen
notices_no_address = Nog geen adres: er wordt niets gemaild.
notices_unverified = We hebben een link naar { $email } gestuurd: open die om het adres te bevestigen. Tot dan wordt er niets anders gemaild.
notices_verified = Berichten gaan naar { $email }.
notices_unsubscribed = Je hebt { $email } afgemeld voor alle e-mails. Sla je keuzes op om weer berichten te krijgen.
notices_kinds = Welke berichten
notices_cadence = Hoe vaak
notice_kind_your_turn = Jouw beurt in een correspondentiespel
notice_kind_game_end = Een spel van jou is afgelopen
notice_kind_challenge = Iemand daagt je uit
notice_kind_tournament = Nieuws van je toernooien
notice_cadence_now = Meteen
notice_cadence_digest = Eén e-mail per dag met alles
notices_save_choices = Keuzes opslaan
notices_remove = Adres verwijderen
notices_no_email_here = Deze server verstuurt geen e-mail.
email_page_title = Berichten per e-mail — Ursuppe
email_heading = Berichten per e-mail
email_verified = Je adres is bevestigd: berichten komen nu daar aan.
email_unsubscribe_ask = Dit adres afmelden voor alle e-mails van Ursuppe?
email_unsubscribe_button = Afmelden voor alle e-mails
email_unsubscribed = Klaar: geen e-mails meer. Op je spelerspagina kun je altijd weer berichten kiezen.
email_link_unknown = Deze link is onbekend of verlopen.
push_title = Pushberichten in deze browser
push_ask = Mijn berichten naar deze browser sturen
push_on = Je berichten komen in deze browser aan, ook als de site dicht is.
push_off = Hier stoppen
push_blocked = Deze browser blokkeert berichten van deze site: sta ze toe in de site-instellingen.
push_unsupported = Pushberichten zijn hier niet beschikbaar.
push_failed = Deze browser kon zich niet aanmelden voor pushberichten.

## The board in words (board-text.js)

board_text_heading = Het bord in woorden
board_text_intro = Elk veld met zijn voedsel en amoeben. De pijltjestoetsen gaan van veld naar veld; Enter kiest een veld dat de beslissing aanbiedt.
board_text_field = { $field }: { $food }; { $amoebas }.
board_text_cubes =
    { $n ->
         [one] { $n } blokje { $colour }
        *[other] { $n } blokjes { $colour }
    }
board_text_no_food = geen voedsel
board_text_no_amoebas = geen amoeben
board_text_damaged =
    { $dp ->
        [one] { $amoeba }, { $dp } schadepunt
       *[other] { $amoeba }, { $dp } schadepunten
    }
board_text_pick = { $field } kiezen

## Names, colours and directions as the messages compose them

colour_name =
    { $colour ->
        [orange] oranje
        [sky_blue] hemelsblauw
        [green] groen
        [pink] roze
        [yellow] geel
        [blue] blauw
       *[other] { $colour }
    }
dir_name =
    { $dir ->
        [W] westen
        [N] noorden
        [E] oosten
        [S] zuiden
        [stay] blijven
       *[none] geen
    }
seat_name =
    { $who ->
        [bot] Bot { $place } ({ colour_name }, { $level })
        [decoy] Lokaas ({ colour_name })
        [open] Plaats { $place } ({ colour_name })
       *[named] { $name } ({ colour_name })
    }
player_name =
    { $who ->
        [bot] Bot { $place } ({ $level })
        [decoy] Lokaas
        [open] vrije plaats
       *[named] { $name }
    }
seat_of = van { $seat }
player_name_you = { player_name } (jij)
name_you = { $name } (jij)
cubes_n = { $n }× { colour_name }
log_action =
    { $actor ->
        [bot] { $seat }, gespeeld door een bot: { $what }.
        [timeout] { $seat }, tijd op, de bot koos: { $what }.
       *[human] { $seat }: { $what }.
    }
phases = Fasen
ladder_label = Punten: { $scores }
ladder_score = { $seat }: { $score }
lobby_bot_seat = bot van niveau { $level }
variant_name =
    { $variant ->
        [double_1] Dubbel I
        [double_2] Dubbel II
        [decoy] Lokaas
       *[other] { $variant }
    }
variant_option = { $n }: { variant_name }
label_example = beker-2026:ronde-1
deck_label = milieukaarten als JSON

## Blocking and deleting the account
blocks_title = Spelers die je hebt geblokkeerd
blocks_text = Een blokkade houdt een speler bij je weg: geen uitdagingen over en weer, geen snelle partij samen, en je ziet hun chatberichten niet. Blokkeren doe je op de profielpagina van een speler.
blocks_unblock = Deblokkeren
account_delete_title = Mijn account verwijderen
account_delete_text = Je aanmelding op elk apparaat, je e-mailadres, tokens, ratings, dempingen en blokkades verdwijnen meteen, en dat kan niet ongedaan worden gemaakt. De partijen die je speelde blijven bestaan voor de anderen, onder de naam ‘deleted player’.
account_delete_confirm = Typ je naam ter bevestiging
account_delete_button = Mijn account voorgoed verwijderen
account_delete_mismatch = Typ ter bevestiging je naam precies zoals die bovenaan deze pagina staat.
account_deleted = Je account is verwijderd en deze browser is afgemeld.
block_title = Blokkeren
block_text = Als je { $name } blokkeert, zijn er geen uitdagingen meer tussen jullie en geen snelle partij samen, en zie je hun chatberichten niet meer. Zij krijgen het niet te horen, en je kunt het altijd terugdraaien.
block_button = { $name } blokkeren
unblock_button = { $name } deblokkeren
block_done = Je hebt { $name } geblokkeerd.
unblock_done = { $name } is niet meer geblokkeerd.

## Reports and moderation
report = melden
report_title = { $name } melden bij de moderatoren
report_message_title = Dit bericht van { $name } melden bij de moderatoren
report_reason = Reden
report_reason_abuse = Beledigende woorden
report_reason_cheating = Valsspelen
report_reason_spam = Spam
report_reason_name = Een onaanvaardbare naam
report_reason_other = Iets anders
report_comment = Wat er gebeurde (niet verplicht)
report_send = Versturen
report_cancel = Annuleren
report_sent = Dank je: een moderator kijkt ernaar.
report_report_rate_limited = Je hebt de laatste tijd veel meldingen gestuurd. Wacht even voor de volgende.
report_cannot_report_self = Je kunt jezelf niet melden.
chat_chat_muted = Een moderator heeft je gedempt: je kunt voorlopig niet in de chat schrijven.
moderation_page_title = Moderatie — Ursuppe
moderation_link = Moderatie
moderation_signed_out = Meld je eerst aan in deze browser:
moderation_not_moderator = Deze pagina is voor moderatoren; wie dat zijn, bepaalt de beheerder van de server.
moderation_queue = Meldingen
moderation_queue_intro = Open meldingen eerst, de oudste bovenaan. Een maatregel tegen een speler sluit al diens open meldingen.
moderation_show = Tonen
moderation_show_open = open
moderation_show_closed = gesloten
moderation_show_all = alle
moderation_none = Hier zijn geen meldingen.
moderation_th_reported = Speler
moderation_th_by = Gemeld door
moderation_th_reason = Reden
moderation_th_what = Wat
moderation_th_when = Wanneer
moderation_th_status = Stand
moderation_th_moderator = Moderator
moderation_th_action = Maatregel
moderation_message = Bericht: ‘{ $text }’
moderation_status_closed = gesloten
moderation_action = Maatregel
moderation_action_warn = Waarschuwen
moderation_action_mute = Dempen in de chat
moderation_action_bar_rated = Uitsluiten van partijen met rating
moderation_action_close_account = Account sluiten
moderation_action_lift = Dempingen en uitsluitingen opheffen
moderation_action_dismiss = Melding afwijzen
moderation_hours = Uren
moderation_hours_hint = Dempen vraagt om uren; een uitsluiting zonder uren duurt tot ze wordt opgeheven.
moderation_reason = Reden (de speler leest die)
moderation_act = Uitvoeren
moderation_done = Gedaan: { $action } ({ $name }).
moderation_log = Logboek
moderation_log_intro = Elke maatregel, de nieuwste eerst.
moderation_until = tot { $when }
moderation_until_lifted = tot opheffing
moderation_report_closed = Een andere moderator heeft deze melding al afgehandeld.
moderation_invalid_moderation = Zo gaat het niet: dempen vraagt om uren, en alleen dempen of uitsluiten neemt ze aan.
