bp = PB
mp = PM
language = Langue
lobby = Salon
lobby_page_title = { lobby } — Ursuppe
game_page_title = { game } — Ursuppe
game = Partie
players = Joueurs
ladder = Piste de score
market = Marché des gènes
log = Journal
legend = Ce que signifient les marques
food_legend = Une marque colorée avec un nombre : les cubes de nourriture de cette couleur sur la case.
your_turn_banner = À vous de jouer !
your_turn = À vous
to_decide = { $seat } doit choisir
you_play_seat = Vous jouez la place { $n }
watching = Spectateur (lecture seule)
resign = Abandonner (un bot reprend votre place)
really_resign = Abandonner vraiment ? Cliquez encore
game_n = Partie { $id }
round_n = manche { $n }
phase = Phase
status_open = ouverte
status_active = en cours
status_finished = terminée
status_abandoned = délaissée
environment =
    { $left ->
        [one] Environnement : { $drift ->
            [none] pas de courant
           *[other] courant vers { $drift ->
                [N] le nord
                [S] le sud
                [E] l'est
               *[W] l'ouest
            }
        }, ozone { $ozone } (encore { $left } carte)
       *[other] Environnement : { $drift ->
            [none] pas de courant
           *[other] courant vers { $drift ->
                [N] le nord
                [S] le sud
                [E] l'est
               *[W] l'ouest
            }
        }, ozone { $ozone } (encore { $left } cartes)
    }
time_left = encore { $time }
error = Erreur
loading = Chargement…
error_loading = La partie n'a pas pu être chargée
th_seat = Place
th_score = Points
th_genes = Gènes
th_amoebas = Amibes
th_gene = Gène
th_price = Prix
th_mutation = Mutation
th_cards = Cartes
th_place = Rang
bot_level = bot { $level }
cards_left = encore { $n }
final_ranking = Classement final
replay_open = Revoir la partie coup par coup
replay = Revoir
rp_start = Début
rp_back = Précédent
rp_next = Suivant
rp_end = Fin
rp_pos = coup { $at } sur { $of }
rp_setup = Mise en place
rv_title = Analyse
rv_explain = Le bot de recherche a pesé chaque décision où il y avait un choix : la valeur du coup joué face à celle du coup qu'il aurait préféré, estimée comme l'écart final avec le meilleur adversaire. Perdre { $inaccuracy } points ou plus est une imprécision, { $mistake } une erreur, { $blunder } une gaffe. Ces estimations sont l'avis du bot et restent un peu bruitées.
rv_accuracy = Précision
rv_inaccuracies = Imprécisions
rv_mistakes = Erreurs
rv_blunders = Gaffes
rv_inaccuracy = Imprécision
rv_mistake = Erreur
rv_blunder = Gaffe
rv_item = Coup { $seq }, { $seat } : { $what } (−{ $loss } points)
rv_none = Aucune décision n'a été relevée.
rv_show = Afficher l'analyse
rv_pending = L'analyse est en préparation…
rv_missing = Cette partie n'a pas encore été analysée.
rv_ask = Analyser cette partie
rv_mark = { $what } : −{ $loss } points. Mieux : { $better }.
island = île
amoeba_title =
    { $dp ->
        [one] Amibe { $n } { seat_of } : { $dp } dommage
       *[other] Amibe { $n } { seat_of } : { $dp } dommages
    }
what_is_this = Qu'est-ce que c'est ?
got_it = Compris
acts_in = Agit en
hands_in = Se rend contre
works_with = Va avec
waiting = En attente
decides = { $seat } décide : { $what }.
skip_ahead = Avancer
invited_title = Vous êtes invité·e
invited_to = Rejoindre la partie { $id } à la place { $n }.
accept_invite = Prendre la place (sous le nom ci-dessous)
private_game = Privée : seules les personnes avec un lien d'invitation entrent
decoy = Leurre
decoy_group = Le leurre (sans joueur)
th_colour = Couleur
th_player = Joueur
bot_thinking = { $seat } réfléchit : { $what }.
waiting_players = En attente de joueurs
open_seats_intro = La partie commence quand toutes les places sont prises. Envoyez un lien à chaque personne :
seat_link = Place { $n }
copy_link = Copier le lien
copied = Copié
invitation_code = code d'invitation { $code }
offered_fields = Cases proposées : { $fields }. Cliquez sur l'une d'elles (ou placez-y le focus et appuyez sur Entrée).
on_field = Sur { $field } :
your_amoeba = Votre amibe { $n }.
your_amoeba_on = Votre amibe { $n } sur { $field }.
place_reason = Motif : { $reason }.
place_reason_free = Motif : { $reason } (gratuit).
place_why_setup = mise en place de la partie
place_why_division = division cellulaire
divide_cost = Une nouvelle amibe coûte { $cost } PB ; vous avez { $bp } PB.
current_drifts =
    { $drift ->
        [none] Pas de courant dans cette manche.
       *[other] Le courant porte vers { $drift ->
            [N] le nord
            [S] le sud
            [E] l'est
           *[W] l'ouest
        }.
    }
you_rolled = Vous avez obtenu { $dice }. 1 { $w }, 2 { $n }, 3 { $e }, 4 { $s }, 5 rester, 6 au choix.
tentacle_take =
    { $limit ->
        [one] En quittant { $from } pour { $to } : emportez jusqu'à { $limit } cube.
       *[other] En quittant { $from } pour { $to } : emportez jusqu'à { $limit } cubes.
    }
leaves_for = { $amoeba } part vers { $to }.
food_here = Nourriture ici : { $food }.
attacks_you = { $attacker } attaque votre amibe { $n }.
attacks_you_lost = { $attacker } attaque votre amibe { $n } (vous avez perdu le combat).
still_to_pay = Reste à payer : { $remaining } (PB, ou gènes à leur valeur de défaut).
genes_to_give = Gènes que vous pouvez rendre
buy_intro =
    { $mp ->
        [one] Vous avez { $bp } PB et { $mp } point de mutation ; l'ozone est maintenant à { $ozone }.
       *[other] Vous avez { $bp } PB et { $mp } points de mutation ; l'ozone est maintenant à { $ozone }.
    }
mp_change = PM { $before } → { $after } (ozone { $ozone })
defect_ahead = Au-dessus de l'ozone de { $excess } : un défaut génétique menace.
defect_warning = { $gene } porte vos points de mutation à { $after }, au-dessus de l'ozone à { $ozone } : en phase 2 vous paierez { $excess } (PB ou gènes), sauf si la carte suivante a un ozone plus haut. Cliquez encore pour acheter malgré tout.
buy_for = Acheter pour { $price } PB
buy_anyway = Acheter malgré tout ({ $price } PB)
choose_offered = Choisissez l'une des actions proposées :
seat_n = Place { $n }
amoeba_of = amibe { $n } { seat_of }
amoeba_of_on = amibe { $n } { seat_of } sur { $field }
nothing = rien
shape_circle = cercle
shape_square = carré
shape_triangle = triangle
shape_diamond = losange
shape_star = étoile
shape_cross = croix
act_start_space = Case de départ { $space }
act_place = Amibe { $n } sur { $field }
act_drift = Dériver
act_drift_dir =
    { $drift ->
        [none] Rester (pas de courant)
        [N] Dériver vers le nord
        [S] Dériver vers le sud
        [E] Dériver vers l'est
       *[W] Dériver vers l'ouest
    }
act_hold = Se retenir (rester, gratuit)
act_move = Se déplacer (lancer la boussole)
act_move_dir =
    { $way ->
        [N] Se déplacer vers le nord
        [S] Se déplacer vers le sud
        [E] Se déplacer vers l'est
       *[W] Se déplacer vers l'ouest
    }
act_die = Garder le dé { $face }
act_direction =
    { $way ->
        [N] Aller vers le nord
        [S] Aller vers le sud
        [E] Aller vers l'est
       *[W] Aller vers l'ouest
    }
act_skip = Pas de second déplacement
act_tentacle = Emporter { $cubes }
act_cling = S'accrocher
act_cling_to = S'accrocher (à { $to })
act_let_go = Lâcher prise
act_feed = Manger { $cubes }
act_feed_parasite = Manger { $cubes } (en parasite { seat_of })
act_starve = Ne rien manger (1 point de dommage)
act_attack = Attaquer { $target }
act_attack_with = Attaquer { $target } avec l'amibe { $n }
act_accept = Subir l'attaque
act_defend = Se défendre (combat aux dés)
act_escape = Fuir
act_pass = Passer
act_pay_bp = Payer { $amount } PB
act_give_up_gene = Rendre { $gene }
act_buy = Acheter { $gene }
act_buy_replacing = Acheter { $gene } (à la place de { $old })
act_done = Terminé
ev_game_created = La partie a été créée.
ev_start_roll = { $seat } a obtenu { $dice } pour l'ordre de départ.
ev_start_order = Ordre de départ : { $seats }.
ev_start_space_taken = { $seat } a pris la case de départ { $space }.
ev_amoeba_placed = { $seat } a posé l'amibe { $n } sur { $field }.
ev_round_started = — Manche { $round } —
ev_phase_started = Phase { $phase } de la manche { $round }.
ev_card_revealed =
    { $drift ->
        [none] Carte d'environnement : pas de courant, ozone { $ozone }.
        [N] Carte d'environnement : courant vers le nord, ozone { $ozone }.
        [S] Carte d'environnement : courant vers le sud, ozone { $ozone }.
        [E] Carte d'environnement : courant vers l'est, ozone { $ozone }.
       *[W] Carte d'environnement : courant vers l'ouest, ozone { $ozone }.
    }
ev_cubes_placed = Nourriture posée sur { $field } : { $cubes }.
ev_amoeba_moved =
    { $reason ->
        [drift] L'amibe { $n } { seat_of } a dérivé { $from } → { $to }.
        [escape] L'amibe { $n } { seat_of } a fui { $from } → { $to }.
       *[move] L'amibe { $n } { seat_of } s'est déplacée { $from } → { $to }.
    }
ev_amoeba_stayed =
    { $reason ->
        [no_drift] L'amibe { $n } { seat_of } reste en place : il n'y a pas de courant.
        [hold] L'amibe { $n } { seat_of } s'est retenue et reste en place.
        [die_5] L'amibe { $n } { seat_of } reste en place : le dé a donné 5.
        [chosen] L'amibe { $n } { seat_of } a choisi de rester.
       *[other] L'amibe { $n } { seat_of } reste en place.
    }
ev_amoeba_blocked =
    { $way ->
        [N] L'amibe { $n } { seat_of } n'a pas pu aller vers le nord depuis { $field }.
        [S] L'amibe { $n } { seat_of } n'a pas pu aller vers le sud depuis { $field }.
        [E] L'amibe { $n } { seat_of } n'a pas pu aller vers l'est depuis { $field }.
       *[W] L'amibe { $n } { seat_of } n'a pas pu aller vers l'ouest depuis { $field }.
    }
ev_amoeba_carried = L'amibe { $n } { seat_of } a été emmenée { $from } → { $to }.
ev_cubes_carried = L'amibe { $n } { seat_of } a emporté { $cubes } jusqu'à { $to }.
ev_dice_rolled = { $seat } a obtenu { $dice } pour l'amibe { $n }.
ev_fight_rolled = Combat : l'attaquant a { $a }, le défenseur { $d }.
ev_amoeba_fed = L'amibe { $n } { seat_of } a mangé { $cubes } et rejeté { $excreted }.
ev_amoeba_starved =
    { $dp ->
        [one] L'amibe { $n } { seat_of } n'a rien trouvé à manger et compte maintenant { $dp } dommage.
       *[other] L'amibe { $n } { seat_of } n'a rien trouvé à manger et compte maintenant { $dp } dommages.
    }
ev_amoeba_died =
    { $cause ->
        [damage] L'amibe { $n } { seat_of } a succombé à ses dommages sur { $field }.
        [aggression] L'amibe { $n } { seat_of } a été dévorée par un attaquant sur { $field }.
        [struggle_for_survival] L'amibe { $n } { seat_of } a perdu la lutte pour la survie sur { $field }.
       *[other] L'amibe { $n } { seat_of } est morte sur { $field }.
    }
ev_attack_declared = { $a } attaque { $target }.
ev_attack_succeeded = L'attaque contre { $target } a réussi.
ev_attack_failed = L'attaque contre { $target } a échoué.
ev_attack_ended = L'attaque est terminée.
ev_armor_absorbed = Cuirasse : { $target } subit 1 point de dommage à la place (total { $dp }).
ev_fight_won_attacker = L'attaquant a gagné le combat.
ev_fight_won_defender = Le défenseur a gagné le combat.
ev_escape_started = Tentative de fuite : { $amoeba }.
ev_escape_succeeded = Fuite réussie : { $amoeba }.
ev_escape_failed = Fuite manquée : { $amoeba }.
ev_bp_paid =
    { $reason ->
        [move] { $seat } a payé { $amount } PB pour se déplacer.
        [escape] { $seat } a payé { $amount } PB pour fuir.
        [defense] { $seat } a payé { $amount } PB pour se défendre.
        [aggression] { $seat } a payé { $amount } PB pour attaquer.
        [gene_defect] { $seat } a payé { $amount } PB pour un défaut génétique.
        [division] { $seat } a payé { $amount } PB pour une division cellulaire.
        [struggle_for_survival] { $seat } a payé { $amount } PB dans la lutte pour la survie.
        [parasitism] { $seat } a payé { $amount } PB à un parasite.
       *[other] { $seat } a payé { $amount } PB.
    }
ev_bp_received = { $seat } a reçu { $amount } PB.
ev_overpayment_lost = { $seat } a perdu { $amount } PB payés en trop.
ev_gene_bought = { $seat } a acheté { $gene } pour { $price } PB.
ev_gene_returned = { $seat } a rendu { $gene }.
ev_gene_defect =
    { $mp ->
        [one] { $seat } subit un défaut génétique : { $mp } point de mutation face à un ozone de { $ozone }.
       *[other] { $seat } subit un défaut génétique : { $mp } points de mutation face à un ozone de { $ozone }.
    }
ev_marker_advanced =
    { $moved ->
        [no] { $seat } ne marque rien et reste sur { $to }.
       *[yes] { $seat } avance : { $from } → { $to }.
    }
ev_seat_resigned = { $seat } a abandonné : le bot { $level } joue désormais cette place.
ev_seat_timed_out = { $seat } a dépassé le temps : le bot { $level } joue désormais cette place.
ev_game_ended = La partie est terminée. Classement : { $seats }.

## The lobby.

api_docs = Documentation de l'API
learn_title = Première fois dans la Soupe ?
learn_text = Jouez une première partie contre deux bots qui choisissent au hasard. Chaque type de décision s'explique la première fois qu'il se présente ; « Compris » replie l'explication.
learn_button = Apprendre à jouer
create_title = Créer une partie
your_name = Votre nom
decoy_scores = Le leurre marque des points (son pion peut finir la partie)
seats_legend = Places (la place 1 est la vôtre)
time_per_decision = Temps par décision (secondes, 0 = illimité)
on_timeout = Au temps écoulé
timeout_move = un bot joue ce coup
timeout_seat = un bot reprend la place
timeout_bot = Bot au temps écoulé
resign_bot = Bot après abandon
label_optional = Étiquette (facultative)
bot_levels_title = Les niveaux des bots
custom_deck = Paquet d'environnement personnalisé
use_deck = Jouer avec ce paquet (liste JSON de cartes, mélangée par la partie ; cachée aux joueurs jusqu'à la fin)
create_button = Créer et prendre la place 1
my_games = Mes parties
my_games_text = Les places que ce navigateur détient (gardées dans son stockage).
my_games_everywhere = Les parties et les tours de votre joueur sur tous vos appareils
open_games = Parties ouvertes
games_to_watch = Parties à regarder
finished = Terminées
seat_1_you = Place 1 : vous
player = Joueur
kind_bot = bot
kind_human = humain (place libre)
bot_level_label = Niveau du bot
bot_name = Nom du bot
optional = facultatif
deck_not_json = Le paquet n'est pas du JSON : { $error }
resume = Reprendre { $id }
your_seat = Votre place
th_status = État
seats = Places
join = Rejoindre
game_players =
    { $n ->
        [one] { $id } ({ $n } joueur)
       *[other] { $id } ({ $n } joueurs)
    }
joined = a rejoint
progress = Avancement
watch = Regarder { $id }
move_n = coup { $n }
scores = Points
replay_n = Revoir { $id }
none = aucune

## Chat at the table (chat.js)

chat_message = Message
chat = Discussion
chat_send = Envoyer
chat_your_name = Votre nom
chat_spectator = { $name } (spectateur)
chat_mute = masquer
chat_mute_title =
    { INITIAL($name) ->
        [vowel] Masquer les messages d'{ $name }
       *[other] Masquer les messages de { $name }
    }
chat_guest = Invité
chat_chat_rate_limited = Doucement : quelques messages toutes les dix secondes.
chat_invalid_chat_text = Un message compte de 1 à 280 caractères sur une seule ligne.
chat_chat_closed_to_spectators = Le créateur de la partie a fermé la discussion aux spectateurs.
chat_chat_ended = La partie est finie : sa discussion est close.
th_clock = Pendule
clock_low = Votre temps s'épuise : encore { $time }
time_control = Cadence
tc_per_decision = Temps par décision
tc_bank = Réserve avec incrément (en direct)
tc_correspondence = Par correspondance (jours par coup)
tc_none = Sans pendule
bank_minutes = Réserve (minutes)
bank_increment = Incrément par coup (secondes)
corr_days = Jours par coup (1-14)

## Players, sign-in, turn notices, leaderboard and profiles (account.js, notify.js, leaderboard.js, profile.js)

status_aborted = interrompue
your_player = Votre joueur
leaderboard = Classement
account_page_title = Votre joueur — Ursuppe
account_create_title = Jouer avec un joueur
account_create_text = Un joueur garde vos parties, vos tours et votre cote sur chaque appareil où vous vous connectez.
account_create_button = Créer mon joueur
account_code_label = Code de connexion de votre autre appareil
account_signin = Se connecter
account_signed_in_as = Connecté en tant que
account_player_id = Identifiant du joueur
account_names_rule = Deux joueurs peuvent porter le même nom ; l'identifiant n'appartient qu'à vous.
account_profile = Votre profil
account_new_name = Nouveau nom
account_rename = Changer de nom
account_issue_code = Se connecter sur un autre appareil
account_code_hint = Tapez { $code } là-bas dans les 10 minutes (valable une fois).
account_signout = Se déconnecter de ce navigateur
account_invalid_signin_code = Ce code ne marche pas : inconnu, déjà utilisé ou vieux de plus de 10 minutes. Demandez-en un nouveau à votre autre appareil.
account_validation_error = Un nom compte de 1 à 64 caractères ; un code de connexion, ce sont les dix lettres et chiffres affichés par votre autre appareil.
account_invalid_name = Un nom compte de 1 à 64 caractères sur une ligne, et quelque chose doit s'y voir : ni saut de ligne, ni caractère de contrôle ou d'inversion de sens.
account_not_your_seat = Votre joueur n'occupe pas cette place.
account_seat_resigned = Cette place a abandonné : un bot la joue maintenant.
account_game_not_open = Cette partie est finie.
my_turns = Mes tours
account_deadline = Échéance
account_no_deadline = aucune
account_play = Jouer { $id }
account_continue = Continuer { $id }
account_view = Voir { $id }
authorize_page_title = Autoriser un site — Ursuppe
authorize_title = Autoriser un site à agir pour vous
authorize_asks = { $site } demande à agir pour vous
authorize_unverified = Ce site n'est pas enregistré ici : ce nom est celui qu'il se donne. Vérifiez ci-dessous où votre réponse vous mène.
authorize_registered = Un site enregistré ici (client { $id }).
authorize_back_to = Votre réponse vous ramène à
authorize_may = Si vous l'autorisez, il pourra :
authorize_answer_as = Vous répondez en tant que { $name }.
authorize_approve = Autoriser
authorize_deny = Refuser
authorize_revoke_hint = Vous pourrez retirer cette autorisation à tout moment sous Sites et jetons.
authorize_sign_in = Connectez-vous d'abord : demandez un code de connexion à un appareil où vous jouez (Votre joueur, Se connecter sur un autre appareil) et tapez-le ici.
authorize_refused_title = Cette demande ne peut pas être accordée
authorize_back = Prévenir le site et revenir
authorize_consent_expired = Cette page est restée ouverte trop longtemps : rechargez-la.
scope_profile_read = voir votre joueur, vos parties, vos tours, les personnes que vous masquez et celles que vous bloquez
scope_profile_write = changer votre nom et choisir qui vous masquez ou bloquez
scope_game_create = créer des parties en votre nom
scope_game_play = prendre des places et y jouer : coups, abandons, conseils, discussion
scope_seek_write = chercher des parties pour vous (partie rapide) et arrêter de chercher
scope_challenge_read = lire les défis envoyés et reçus
scope_challenge_write = défier d'autres joueurs en votre nom, répondre aux défis et proposer des revanches
scope_tournament_enter = vous inscrire à des tournois et à des étiquettes, et vous retirer
scope_tournament_organise = organiser des tournois en votre nom
scope_label_organise = réserver des étiquettes en votre nom et gérer qui y est inscrit
scope_webhook_manage = créer, lire et supprimer vos webhooks
scope_bot_play = jouer avec vos comptes de bot
tokens_link = Sites et jetons
tokens_page_title = Sites et jetons — Ursuppe
tokens_signed_out = Connectez-vous d'abord sur ce navigateur :
tokens_title = Ce qui agit pour vous
tokens_intro = Chaque connexion, site et jeton personnel qui agit pour votre joueur. En révoquer un l'arrête aussitôt.
tokens_th_what = Quoi
tokens_th_scopes = Droits
tokens_th_created = Depuis
tokens_th_last_used = Dernier usage
tokens_kind_device = Connecté sur un appareil
tokens_this_browser = Ce navigateur
tokens_kind_personal = Jeton personnel : { $label }
tokens_kind_oauth = Site { $site } ({ $where })
tokens_all_scopes = tout
tokens_never = pas encore
tokens_revoke = Révoquer
tokens_new_title = Nouveau jeton d'accès personnel
tokens_new_text = Pour vos propres programmes, un bot ou un script : choisissez ce qu'il pourra faire.
tokens_label = Étiquette
tokens_may = Il pourra :
tokens_create = Créer le jeton
tokens_created = Votre nouveau jeton, affiché cette seule fois : { $token }
tokens_validation_error = Donnez une étiquette au jeton et choisissez au moins une chose qu'il pourra faire.
tokens_invalid_name = Une étiquette compte de 1 à 100 caractères visibles sur une ligne (ni saut de ligne ni caractère de contrôle).
tokens_approved = accordé { $n } fois
tokens_too_many_tokens = Vous avez 100 jetons : révoquez-en un d'abord.
clients_title = Vos sites
clients_intro = Enregistrez un site qui garde un secret sur son serveur, pour que les joueurs puissent le laisser agir pour eux. Les applications et pages qui ne peuvent pas garder de secret n'ont pas besoin d'être enregistrées.
clients_name = Nom du site
clients_redirects = Adresses de redirection, une par ligne
clients_register = Enregistrer le site
clients_created = Enregistré. Identifiant client : { $id }. Secret, affiché cette seule fois : { $secret }
clients_th_site = Site
clients_th_id = Identifiant client
clients_th_redirects = Adresses de redirection
clients_delete = Supprimer
clients_none = Aucun site enregistré pour l'instant.
clients_validation_error = Donnez un nom au site et au moins une adresse de redirection.
clients_invalid_name = Le nom d'un site compte de 1 à 100 caractères visibles sur une ligne (ni saut de ligne ni caractère de contrôle).
clients_invalid_redirect_uri = Une adresse de redirection doit commencer par https:// (http:// seulement pour l'adresse de cet ordinateur) et ne contenir ni #fragment ni nom d'utilisateur.
clients_too_many_clients = Vous avez enregistré 10 sites : supprimez-en un d'abord.
notice_title = À vous de jouer dans Ursuppe
notice_body = Partie { $game }, place { $seat } : une décision vous attend.
notice_allow = Me prévenir quand c'est à moi (notifications du navigateur)
notice_on = Les notifications de vos tours sont actives tant qu'une page de ce site est ouverte.
notice_blocked = Ce navigateur bloque les notifications de ce site ; le titre de l'onglet montre quand même vos tours.
notice_unsupported = Ce navigateur n'a pas de notifications ; le titre de l'onglet montre vos tours.
leaderboard_page_title = Classement — Ursuppe
pool_label = Tableau
pool_players =
    { $n ->
        [one] { $n } joueur
       *[other] { $n } joueurs
    }
pool_variant = 2 joueurs : { variant_name }
leaderboard_explain = Trié par l'ordinal (μ − 3σ) : une estimation prudente qui monte à mesure qu'un joueur fait ses preuves. Chaque nombre de joueurs et chaque variante à deux a son propre tableau ; les niveaux de bot sont classés comme des personnes et signalés.
lb_how_title = Ce que veulent dire les nombres
lb_how_mu = μ (mu) est le niveau que le service prête à un joueur d'après toutes ses parties classées : une victoire contre des joueurs forts le fait monter le plus. Tout le monde commence à 25.
lb_how_sigma = σ (sigma) dit à quel point cette estimation reste incertaine. Il part d'environ 8,3 et diminue à chaque partie : le μ d'un nouveau venu peut donc encore beaucoup bouger.
lb_how_ordinal = L'ordinal, μ − 3σ, ordonne le tableau : un niveau que le joueur a presque sûrement au minimum. Un nouveau venu part près de 0 et grimpe en jouant, même à μ constant, à mesure que σ diminue.
qp_default_name = Amibe { $n }
qp_name_note = Les autres joueurs voient ce nom à la table et dans le classement.
th_rank = #
th_ordinal = Ordinal
th_mu = μ
th_sigma = σ
th_games = Parties
leaderboard_empty = Aucune partie classée dans ce tableau pour l'instant.
bot_badge = bot
profile_page_title = { $name } — Ursuppe
profile_player = Joueur
profile_bot = { $name } (bot)
profile_since = Joue depuis le { $date }
profile_not_rated = Pas encore classé.
profile_history = La cote au fil du temps
profile_no_history = Aucune partie classée dans ce tableau.
profile_chart_label =
    { $n ->
        [one] Ordinal de { $lo } à { $hi } sur { $n } partie
       *[other] Ordinal de { $lo } à { $hi } sur { $n } parties
    }
profile_chart_x = parties classées
profile_chart_point = Partie { $n } : rang { $place } sur { $of }, ordinal { $ordinal }
profile_chart_start = Avant la première partie classée : ordinal { $ordinal }
profile_recent = Parties récentes
profile_place = { $place } sur { $n }
profile_replay = Revoir { $id }
chat_spectators_allowed = Les spectateurs peuvent écrire (vous avez créé cette partie)
chat_closed_note = Seuls les joueurs écrivent ici désormais.
qp_title = Jouer maintenant
qp_text = Trouvez des personnes qui veulent la même partie. Si personne ne vient pendant l'attente, des bots prennent les places vides.
qp_wait = Attendre des personnes
qp_bots = Puis des bots
qp_rated = Classée
qp_unrated = Amicale
play_now = Jouer maintenant
qp_cancel = Annuler
qp_seeking = En recherche d'une partie
qp_nobody = Personne ne cherche en ce moment.
qp_bank = { $m } min + { $s } s
qp_per_move = { $s } s par coup
qp_days =
    { $n ->
        [one] { $n } jour par coup
       *[other] { $n } jours par coup
    }
qp_waiting = Recherche de joueurs : des bots complètent la partie dans { $s } s.
qp_filling = Création de la partie…
qp_cancelled = Recherche annulée.
qp_players_n =
    { $n ->
        [one] { $n } joueur
       *[other] { $n } joueurs
    }
qp_seconds =
    { $s ->
        [one] { $s } seconde
       *[other] { $s } secondes
    }
qp_minutes = { $m } min
hint_button = Conseil
hint_thinking = Le bot de recherche réfléchit…
hint_suggests = Essayez : { $action }.
hint_only_choice = Rien d'autre ici ne change vraiment la donne.
hint_reason = L'estimation de la recherche pour votre écart final avec le meilleur adversaire après ce coup : { $value } points, { $gain } par rapport à son choix suivant ({ $alt }).
hint_reason_alone = L'estimation de la recherche pour votre écart final avec le meilleur adversaire après ce coup : { $value } points.
hint_stale = La partie a avancé entre-temps : redemandez.
hint_slow = Pas encore de réponse : redemandez dans un instant.
rated_game = Classée : le résultat compte pour les cotes (pas de conseils pendant la partie)
offline_title = Hors ligne — Ursuppe
offline_heading = Vous êtes hors ligne
offline_text = Cette page a besoin du serveur, et le réseau ne l'atteint pas pour l'instant. Vos parties continuent là-bas : leurs pendules tournent et les bots jouent là où les règles le prévoient.
offline_retry = Réessayer
front_page_title = Ursuppe Server — jouer à la Soupe primordiale en ligne
front_title = La soupe primordiale, servie par HTTP
front_intro = Ce serveur fait tourner le jeu de plateau Ursuppe (la Soupe primordiale) : des amibes dérivent, mangent, se divisent et acquièrent des gènes jusqu'à ce qu'une espèce atteigne le bout de la piste de score. Jouez ici dans votre navigateur contre des bots et des personnes, suivez des parties en direct, ou écrivez votre propre client pour l'API REST.
front_learn_text = Une première partie sans pendule contre deux bots qui choisissent au hasard : chaque type de décision s'explique la première fois qu'il se présente, et la carte d'un gène s'ouvre quand vous pointez son nom.
front_play_text = Un clic trouve des personnes qui veulent la même partie et la même cadence ; si personne ne vient pendant l'attente, des bots prennent les places vides. Ou créez votre propre partie et envoyez les liens d'invitation.
front_sizes_title = Toutes les tailles de partie
front_sizes_text = De trois à six joueurs, chaque place tenue par une personne ou par un bot du niveau choisi ; à deux, on joue l'une des variantes pour deux. En direct avec une pendule par décision ou une réserve, ou par correspondance avec des jours par coup.
front_watch_title = Regarder et revoir
front_watch_text = Suivez en direct n'importe quelle partie en cours, en lecture seule, avec sa discussion ; parcourez coup par coup chaque partie terminée.
front_leaderboard_text = Les parties classées comptent dans un tableau par nombre de joueurs et par variante, bots compris ; chaque joueur a un profil avec l'historique de sa cote et ses parties.
front_api_title = Pour les développeurs
front_api_text = Tout ce que font ces pages passe par une API REST publique avec flux en direct et webhooks : écrivez votre propre client, ou un bot qui joue ici.
front_api_docs = La référence interactive de l'API (Swagger UI)
front_openapi = Le document OpenAPI
front_rules_data = Les règles sous forme de données
board_label = Le plateau
board_compass = boussole
board_target = Cible : amibe { $n } { seat_of }
board_field = Case { $field }
board_drift =
    { $drift ->
        [none] Le plateau ; pas de courant
        [N] Le plateau ; courant vers le nord
        [S] Le plateau ; courant vers le sud
        [E] Le plateau ; courant vers l'est
       *[W] Le plateau ; courant vers l'ouest
    }
board_field_title =
    { $n ->
        [one] { $field } : nourriture { $food } ; { $n } amibe
       *[other] { $field } : nourriture { $food } ; { $n } amibes
    }

## Tournaments (tournaments.js, tournament.js)

tournaments = Tournois
tournaments_page_title = Tournois — Ursuppe
tournament_page_title = Tournoi — Ursuppe
tn_upcoming = À venir
tn_running = En cours
tn_finished = Terminés
tn_explain = Chaque partie vaut un point, partagé selon le rang d'arrivée : 1 pour le vainqueur, 0 pour le dernier. À égalité, on départage par les points des adversaires, puis par la performance.
tn_enter = S'inscrire
tn_withdraw = Se retirer
tn_standings = Classement
tn_rounds = Rondes
tn_entries = Inscriptions
tn_none = Aucun pour le moment.
tn_th_name = Tournoi
tn_th_format = Formule
tn_th_game = Partie
tn_th_when = Quand
tn_th_entrants = Inscrits
tn_swiss_rounds =
    { $n ->
        [one] Système suisse, { $n } ronde
       *[other] Système suisse, { $n } rondes
    }
tn_round_robin = Toutes rondes
tn_arena_minutes = Arène, { $m } min
tn_with_bots = des bots ({ $level }) complètent les tables
tn_invitation = sur invitation
tn_min_rating = cote de { $r } ou plus
tn_starts = Début { $when }
tn_round_now = La ronde { $n } se joue
tn_is_finished = Terminé
tn_is_cancelled = Annulé
tn_no_standings = Pas encore d'inscrits.
tn_th_score = Points
tn_th_games = Parties
tn_th_byes = Exempts
tn_th_opponents = Pts adv.
tn_th_performance = Perf.
tn_withdrawn = retiré
tn_bot = Bot
tn_place = rang { $n }
tn_play = Jouer
tn_watch = Regarder
tn_see_game = Voir la partie
tn_table_n = Table { $n }
tn_playing = en jeu
tn_done = finie
tn_no_rounds = La ronde 1 est appariée au début du tournoi.
tn_round_n = Ronde { $n }
tn_round_scheduled = prévue
tn_round_playing = en cours
tn_round_finished = finie
tn_byes = Exemptés (un demi-point chacun) : { $names }
tn_your_table = Votre partie : table { $n } de la ronde { $round }. Appuyez sur Jouer pour prendre votre place.
tn_no_entries = Personne ne s'est encore inscrit.
tn_entry_invited = invité
tn_entry_entered = inscrit
tn_entry_withdrawn = retiré
tn_name_needed = Tapez d'abord le nom sous lequel vous voulez jouer.
tn_not_found = Ce tournoi n'existe pas, ou il est privé.
tn_err_tournament_closed = Les inscriptions à ce tournoi sont closes.
tn_err_not_invited = Seuls les joueurs invités peuvent s'inscrire à ce tournoi.
tn_err_rating_too_low = Votre cote est sous le minimum de ce tournoi.
tn_err_bots_not_allowed = Les comptes de bot ne peuvent pas s'inscrire à ce tournoi.
tn_lobby_title = Tournois ouverts à l'inscription
tn_lobby_all = Tous les tournois
tn_lobby_none = Aucun tournoi n'est ouvert à l'inscription en ce moment.

## The organiser's form and card, the entrant's own line, the standings explained

tn_th_rating = Cote
tn_disqualified = disqualifié
tn_entry_disqualified = disqualifié
tn_organise = Organiser un tournoi
tn_organise_text = Vous en serez l'organisateur : vous voyez qui s'inscrit, pouvez le lancer plus tôt, retirer ou disqualifier un inscrit, et l'annuler avant qu'il commence.
tn_f_name = Nom
tn_f_format = Formule
tn_f_swiss = Système suisse
tn_f_arena = Arène
tn_f_table = Table
tn_f_p3 = 3 joueurs
tn_f_p4 = 4 joueurs
tn_f_p5 = 5 joueurs
tn_f_p6 = 6 joueurs
tn_f_rounds = Rondes
tn_f_minutes = Minutes
tn_f_rounds_rr = Laissez vide pour jouer jusqu'à ce que chacun ait rencontré tout le monde.
tn_f_clock = Pendule
tn_f_clock_30s = 30 s par décision
tn_f_clock_2m = 2 min par décision
tn_f_clock_bank = 10 min + 5 s par décision
tn_f_clock_day = 1 jour par décision
tn_f_bots = Places vides
tn_f_bots_none = pas de bots : tables plus petites ou exemptions
tn_f_bots_random = des bots random complètent les tables
tn_f_bots_greedy = des bots greedy complètent les tables
tn_f_starts = Début
tn_f_rated = Classé : les parties comptent pour les cotes
tn_f_private = Privé : seuls ceux qui ont son lien d'invitation le voient et s'y inscrivent
tn_create = Créer le tournoi
tn_org_title = Vous organisez ce tournoi
tn_org_link = Lien d'invitation : qui l'a peut voir le tournoi et s'y inscrire. Envoyez-le aux joueurs de votre choix.
tn_org_copy = Copier
tn_org_copied = Le lien est copié.
tn_org_start = Lancer maintenant
tn_org_starting = Lancement : la ronde 1 est appariée dans quelques secondes.
tn_org_cancel = Annuler le tournoi
tn_org_cancel_confirm = Annuler ce tournoi ? Personne ne pourra plus s'y inscrire ni y jouer.
tn_org_upcoming = Il démarre tout seul à l'heure prévue ; lancez-le maintenant une fois tout le monde inscrit.
tn_org_running = Il se déroule tout seul : chaque ronde est appariée dès que toutes les tables de la précédente ont fini.
tn_org_withdraw = Retirer
tn_org_disqualify = Disqualifier
tn_org_disqualify_confirm = Disqualifier { $name } ? Cette personne ne sera plus appariée et ne pourra plus s'inscrire.
tn_you_table = Ronde { $round }, votre table { $n } : { $names }.
tn_you_waiting = Votre partie est finie : la ronde suivante est appariée quand toutes les tables ont fini.
tn_you_waiting_arena = Votre partie est finie : vous êtes replacé dès que suffisamment de joueurs attendent.
tn_you_bye = Vous êtes exempt de la ronde { $round } : cela vaut un demi-point.
tn_you_place = Votre rang : { $rank } sur { $n }, { $score } points.
tn_how_title = Ce que veulent dire les colonnes
tn_how_score = Chaque partie vaut un point : le vainqueur d'une table le prend en entier, le dernier rien, et les rangs intermédiaires une part qui diminue de rang en rang. Être exempt d'une ronde vaut un demi-point.
tn_how_opponents = Premier départage : la réussite, sur tout le tournoi, des joueurs que vous avez rencontrés. Un bon résultat contre des adversaires forts compte davantage.
tn_how_performance = Deuxième départage : la force de vos résultats, jugée d'après les cotes des joueurs rencontrés et vos rangs d'arrivée.
tn_how_rating = Troisième départage : votre cote au début du tournoi.
tn_how_rank = Les joueurs à égalité de points et sur les trois départages partagent un rang. Un joueur retiré ou disqualifié garde les résultats acquis.
tn_err_validation_error = Merci de vérifier : { $fields }.
tn_err_invalid_tournament = Ces conditions ne permettent pas de jouer : { $detail }
tn_err_invalid_players = Cette taille de table n'est pas possible.
tn_err_invalid_time_control = Cette pendule n'est pas possible.
tn_err_not_organiser = Seul l'organisateur du tournoi peut faire cela.
tn_err_tournament_started = Le tournoi a déjà commencé, ou il a été annulé.
tn_err_too_few_entrants = Trop peu de joueurs sont inscrits pour jouer une ronde.
tn_err_disqualified = L'organisateur vous a disqualifié de ce tournoi.
tn_err_entry_not_found = Ce joueur n'est pas inscrit au tournoi.
tn_err_tournament_not_found = Ce tournoi n'existe pas, ou il est privé.

## Challenges and rematches (challenges.js)

ch_title = Défis
ch_outgoing = Vos défis
ch_from = { $name } vous défie
ch_rematch_from = { $name } propose une revanche
ch_to = Vous avez défié { $names }
ch_bot_name = { $name } (bot)
ch_players =
    { $n ->
        [one] { $n } joueur
       *[other] { $n } joueurs
    }
ch_tc_seconds =
    { $n ->
        [one] { $n } seconde par coup
       *[other] { $n } secondes par coup
    }
ch_tc_bank = { $m } min + { $s } s par coup
ch_tc_days =
    { $n ->
        [one] { $n } jour par coup
       *[other] { $n } jours par coup
    }
ch_tc_none = sans pendule
ch_rated = classée
ch_casual = amicale
ch_accept = Accepter
ch_decline = Refuser
ch_cancel = Retirer
ch_reason_label = Pourquoi vous refusez
ch_reason_generic = Non merci
ch_reason_later = Pas maintenant, plus tard
ch_reason_too_fast = Trop rapide pour moi
ch_reason_too_slow = Trop lent pour moi
ch_reason_time_control = Une autre cadence, s'il vous plaît
ch_reason_rated = Seulement des parties classées
ch_reason_casual = Seulement des parties amicales
ch_reason_variant = Une autre variante, s'il vous plaît
ch_reason_no_bot = Je ne joue pas contre des bots
ch_reason_only_bot = Je ne joue que contre des bots
ch_waiting_others = Accepté. La partie commence quand les autres acceptent aussi.
ch_accepted_news = Un de vos défis a été accepté : la partie commence.
ch_open_game = Aller à la partie
ch_status_open = Toujours ouvert
ch_status_accepted = Accepté
ch_status_declined = Refusé
ch_declined_because = Refusé : « { $reason } »
ch_status_cancelled = Retiré
ch_status_expired = Personne n'a répondu à temps
ch_new_title = Défier en partie
ch_send = Défier { $name }
ch_sent = Défi envoyé : en attente de la réponse de { $name }. Le salon le montre parmi vos défis.
ch_rematch_title = Rejouer
ch_rematch = Revanche
ch_rematch_waiting = Revanche proposée à { $names } : en attente de leur réponse.
ch_rematch_offered_to_you = Un autre joueur a déjà proposé cette revanche : acceptez-la ci-dessous.

## Notices by email (account page, the email links' page)

notices_title = Avis par e-mail
notices_text = Soyez prévenu de votre tour dans une partie par correspondance, et d'autres choses, même site fermé. Votre adresse n'est montrée qu'à vous.
notices_address = Adresse e-mail
notices_save_address = Enregistrer et envoyer le lien de confirmation
notices_no_address = Pas encore d'adresse : aucun e-mail n'est envoyé.
notices_unverified = Nous avons envoyé un lien à { $email } : ouvrez-le pour confirmer l'adresse. Rien d'autre n'est envoyé avant cela.
notices_verified = Les avis partent vers { $email }.
notices_unsubscribed = Vous avez désabonné { $email } de tous les e-mails. Enregistrez vos choix pour recevoir à nouveau des avis.
notices_kinds = Quels avis
notices_cadence = À quelle fréquence
notice_kind_your_turn = Votre tour dans une partie par correspondance
notice_kind_game_end = Une de vos parties est terminée
notice_kind_challenge = Quelqu'un vous défie
notice_kind_tournament = Nouvelles de vos tournois
notice_cadence_now = Aussitôt
notice_cadence_digest = Un e-mail par jour avec tout
notices_save_choices = Enregistrer mes choix
notices_remove = Supprimer mon adresse
notices_no_email_here = Ce serveur n'envoie pas d'e-mails.
email_page_title = Avis par e-mail — Ursuppe
email_heading = Avis par e-mail
email_verified = Votre adresse est confirmée : les avis y arriveront.
email_unsubscribe_ask = Désabonner cette adresse de tous les e-mails d'Ursuppe ?
email_unsubscribe_button = Se désabonner de tous les e-mails
email_unsubscribed = C'est fait : plus aucun e-mail. Choisissez de nouveau des avis sur la page de votre joueur quand vous voulez.
email_link_unknown = Ce lien est inconnu ou a expiré.
push_title = Avis poussés sur ce navigateur
push_ask = Envoyer mes avis à ce navigateur
push_on = Vos avis arrivent sur ce navigateur, même site fermé.
push_off = Les arrêter ici
push_blocked = Ce navigateur bloque les avis de ce site : autorisez-les dans les réglages du site.
push_unsupported = Les avis poussés ne sont pas disponibles ici.
push_failed = Ce navigateur n'a pas pu s'abonner aux avis poussés.

## The board in words (board-text.js)

board_text_heading = Le plateau en mots
board_text_intro = Chaque case avec sa nourriture et ses amibes. Les flèches passent d'une case à l'autre ; Entrée choisit une case proposée par la décision.
board_text_field = { $field } : { $food } ; { $amoebas }.
board_text_cubes =
    { $n ->
        [one] { $n } cube { $key ->
            [orange] orange
            [sky_blue] bleu ciel
            [green] vert
            [pink] rose
            [yellow] jaune
           *[blue] bleu
        }
       *[other] { $n } cubes { $key ->
            [orange] orange
            [sky_blue] bleu ciel
            [green] verts
            [pink] roses
            [yellow] jaunes
           *[blue] bleus
        }
    }
board_text_no_food = pas de nourriture
board_text_no_amoebas = pas d'amibes
board_text_damaged =
    { $dp ->
        [one] { $amoeba }, { $dp } point de dommage
       *[other] { $amoeba }, { $dp } points de dommage
    }
board_text_pick = Choisir { $field }

## Names, colours and directions as the messages compose them

colour_name =
    { $colour ->
        [orange] orange
        [sky_blue] bleu ciel
        [green] vert
        [pink] rose
        [yellow] jaune
        [blue] bleu
       *[other] { $colour }
    }
dir_name =
    { $dir ->
        [W] ouest
        [N] nord
        [E] est
        [S] sud
        [stay] rester
       *[none] aucun
    }
seat_name =
    { $who ->
        [bot] Bot { $place } ({ colour_name }, { $level })
        [decoy] Leurre ({ colour_name })
        [open] Place { $place } ({ colour_name })
       *[named] { $name } ({ colour_name })
    }
player_name =
    { $who ->
        [bot] Bot { $place } ({ $level })
        [decoy] Leurre
        [open] place libre
       *[named] { $name }
    }
seat_of =
    { INITIAL($seat) ->
        [vowel] d'{ $seat }
       *[other] de { $seat }
    }
player_name_you = { player_name } (vous)
name_you = { $name } (vous)
cubes_n =
    { $n ->
        [one] { $n } { $colour ->
            [orange] orange
            [sky_blue] bleu ciel
            [green] vert
            [pink] rose
            [yellow] jaune
           *[blue] bleu
        }
       *[other] { $n } { $colour ->
            [orange] orange
            [sky_blue] bleu ciel
            [green] verts
            [pink] roses
            [yellow] jaunes
           *[blue] bleus
        }
    }
log_action =
    { $actor ->
        [bot] { $seat }, joué par un bot : { $what }.
        [timeout] { $seat }, temps écoulé, choix du bot : { $what }.
       *[human] { $seat } : { $what }.
    }
phases = Phases
ladder_label = Points : { $scores }
ladder_score = { $seat } : { $score }
lobby_bot_seat = bot de niveau { $level }
variant_name =
    { $variant ->
        [double_1] Double I
        [double_2] Double II
        [decoy] Leurre
       *[other] { $variant }
    }
variant_option = { $n } : { variant_name }
label_example = coupe-2026:ronde-1
deck_label = paquet d'environnement en JSON

## Blocking and deleting the account
blocks_title = Joueurs que vous avez bloqués
blocks_text = Bloquer quelqu'un le tient à l'écart : aucun défi dans un sens ni dans l'autre, jamais à la même table en partie rapide, et ses messages de discussion vous sont cachés. On bloque un joueur depuis sa page de profil.
blocks_unblock = Débloquer
account_delete_title = Supprimer mon compte
account_delete_text = Vos connexions sur tous vos appareils, votre adresse e-mail, vos jetons, vos classements, vos masquages et vos blocages disparaissent aussitôt, sans retour possible. Les parties que vous avez jouées restent pour les autres joueurs, sous le nom « deleted player ».
account_delete_confirm = Écrivez votre nom pour confirmer
account_delete_button = Supprimer définitivement mon compte
account_delete_mismatch = Pour confirmer, écrivez votre nom exactement comme il apparaît en haut de cette page.
account_deleted = Votre compte est supprimé et ce navigateur est déconnecté.
block_title = Blocage
block_text = Si vous bloquez { $name }, plus aucun défi entre vous, plus de partie rapide ensemble, et vous ne voyez plus ses messages. Cette personne n'en est pas avertie, et vous pouvez revenir dessus quand vous voulez.
block_button = Bloquer { $name }
unblock_button = Débloquer { $name }
block_done = { $name } est bloqué.
unblock_done = { $name } n'est plus bloqué.

## Reports and moderation
report = signaler
report_title = Signaler { $name } aux modérateurs
report_message_title = Signaler ce message de { $name } aux modérateurs
report_reason = Motif
report_reason_abuse = Propos injurieux
report_reason_cheating = Triche
report_reason_spam = Messages indésirables
report_reason_name = Un nom inacceptable
report_reason_other = Autre chose
report_comment = Ce qui s'est passé (facultatif)
report_send = Envoyer
report_cancel = Annuler
report_sent = Merci : un modérateur va s'en occuper.
report_report_rate_limited = Vous avez envoyé beaucoup de signalements ces derniers temps. Attendez un peu avant le prochain.
report_cannot_report_self = Vous ne pouvez pas vous signaler vous-même.
chat_chat_muted = Un modérateur vous a rendu muet : vous ne pouvez pas écrire dans la discussion pour l'instant.
moderation_page_title = Modération — Ursuppe
moderation_link = Modération
moderation_signed_out = Connectez-vous d'abord dans ce navigateur :
moderation_not_moderator = Cette page est réservée aux modérateurs, que désigne l'exploitant du serveur.
moderation_queue = Signalements
moderation_queue_intro = Les signalements ouverts d'abord, les plus anciens en haut. Agir sur un joueur clôt tous ses signalements ouverts.
moderation_show = Afficher
moderation_show_open = ouverts
moderation_show_closed = clos
moderation_show_all = tous
moderation_none = Aucun signalement ici.
moderation_th_reported = Joueur
moderation_th_by = Signalé par
moderation_th_reason = Motif
moderation_th_what = Objet
moderation_th_when = Quand
moderation_th_status = État
moderation_th_moderator = Modérateur
moderation_th_action = Mesure
moderation_message = Message : « { $text } »
moderation_status_closed = clos
moderation_action = Mesure
moderation_action_warn = Avertir
moderation_action_mute = Rendre muet dans la discussion
moderation_action_bar_rated = Exclure des parties classées
moderation_action_close_account = Fermer le compte
moderation_action_lift = Lever les sanctions
moderation_action_dismiss = Classer le signalement
moderation_hours = Heures
moderation_hours_hint = Rendre muet demande un nombre d'heures ; une exclusion sans durée dure jusqu'à sa levée.
moderation_reason = Motif (le joueur le lira)
moderation_act = Appliquer
moderation_done = Fait : { $action } ({ $name }).
moderation_log = Journal
moderation_log_intro = Toutes les mesures prises, les plus récentes d'abord.
moderation_until = jusqu'au { $when }
moderation_until_lifted = jusqu'à sa levée
moderation_report_closed = Un autre modérateur a déjà traité ce signalement.
moderation_invalid_moderation = Impossible : rendre muet demande un nombre d'heures, et seules ces deux mesures (muet, exclusion) en prennent.
