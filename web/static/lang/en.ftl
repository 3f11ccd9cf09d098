bp = BP
mp = MP
language = Language
lobby = Lobby
lobby_page_title = { lobby } — Ursuppe
game_page_title = { game } — Ursuppe
game = Game
players = Players
ladder = Scoring ladder
market = Gene market
log = Log
legend = What the marks mean
food_legend = A coloured mark with a number: food cubes of that colour on the field.
your_turn_banner = Your turn!
your_turn = Your turn
to_decide = { $seat } to decide
you_play_seat = You play seat { $n }
watching = Watching (read-only)
resign = Resign (a bot plays your seat on)
really_resign = Really resign? Click again
game_n = Game { $id }
round_n = round { $n }
phase = Phase
status_open = open
status_active = active
status_finished = finished
status_abandoned = abandoned
environment =
    { $left ->
        [one] Environment: { $drift ->
            [none] no current
           *[other] drift { $dir }
        }, ozone { $ozone } ({ $left } card left)
       *[other] Environment: { $drift ->
            [none] no current
           *[other] drift { $dir }
        }, ozone { $ozone } ({ $left } cards left)
    }
time_left = { $time } left
error = Error
loading = Loading…
error_loading = Error loading the game
th_seat = Seat
th_score = Score
th_genes = Genes
th_amoebas = Amoebas
th_gene = Gene
th_price = Price
th_mutation = Mutation
th_cards = Cards
th_place = Place
bot_level = bot { $level }
cards_left = { $n } left
final_ranking = Final ranking
replay_open = Replay the game move by move
replay = Replay
rp_start = Start
rp_back = Back
rp_next = Next
rp_end = End
rp_pos = move { $at } of { $of }
rp_setup = Set-up
rv_title = Review
rv_explain = The search bot weighed every decision with a choice: the value of the move played against the move it preferred, as its estimate of the final margin over the best opponent. A loss of { $inaccuracy } points or more is an inaccuracy, { $mistake } a mistake, { $blunder } a blunder. The estimates are the bot's opinion and have some noise.
rv_accuracy = Accuracy
rv_inaccuracies = Inaccuracies
rv_mistakes = Mistakes
rv_blunders = Blunders
rv_inaccuracy = Inaccuracy
rv_mistake = Mistake
rv_blunder = Blunder
rv_item = Move { $seq }, { $seat }: { $what } (−{ $loss } points)
rv_none = No decision was flagged.
rv_show = Show the review
rv_pending = The review is being made…
rv_missing = This game has not been reviewed yet.
rv_ask = Review this game
rv_mark = { $what }: −{ $loss } points. Better: { $better }.
island = island
amoeba_title = Amoeba { $n } of { $seat }: { $dp } damage
what_is_this = What is this?
got_it = Got it
acts_in = Acts in
hands_in = Hands in
works_with = Works with
waiting = Waiting
decides = { $seat } decides: { $what }.
skip_ahead = Skip ahead
invited_title = You are invited
invited_to = Join game { $id } in seat { $n }.
accept_invite = Take the seat (with the name below)
private_game = Private: only people with an invitation link join
decoy = Decoy
decoy_group = The decoy (no player)
th_colour = Colour
th_player = Player
bot_thinking = { $seat } is thinking: { $what }.
waiting_players = Waiting for players
open_seats_intro = The game starts when every seat is taken. Send each person a link to join:
seat_link = Seat { $n }
copy_link = Copy link
copied = Copied
invitation_code = invitation code { $code }
offered_fields = Offered fields: { $fields }. Click one (or focus it and press Enter).
on_field = On { $field }:
your_amoeba = Your amoeba { $n }.
your_amoeba_on = Your amoeba { $n } on { $field }.
place_reason = Reason: { $reason }.
place_reason_free = Reason: { $reason } (free).
place_why_setup = setting up the game
place_why_division = cell division
divide_cost = A new amoeba costs { $cost } BP; you have { $bp } BP.
current_drifts =
    { $drift ->
        [none] There is no current this round.
       *[other] The current drifts { $dir }.
    }
you_rolled = You rolled { $dice }. 1 { $w }, 2 { $n }, 3 { $e }, 4 { $s }, 5 stay, 6 free choice.
tentacle_take =
    { $limit ->
         [one] Leaving { $from } for { $to }: take up to { $limit } cube along.
        *[other] Leaving { $from } for { $to }: take up to { $limit } cubes along.
    }
leaves_for = { $amoeba } leaves for { $to }.
food_here = Food here: { $food }.
attacks_you = { $attacker } attacks your amoeba { $n }.
attacks_you_lost = { $attacker } attacks your amoeba { $n } (you lost the fight).
still_to_pay = Still to pay: { $remaining } (BP, or genes at their defect value).
genes_to_give = Genes you may hand in
buy_intro =
    { $mp ->
         [one] You have { $bp } BP and { $mp } mutation point; the ozone is { $ozone } now.
        *[other] You have { $bp } BP and { $mp } mutation points; the ozone is { $ozone } now.
    }
mp_change = MP { $before } → { $after } (ozone { $ozone })
defect_ahead = Above the ozone now by { $excess }: a gene defect threatens.
defect_warning = { $gene } takes your mutation points to { $after }, above the ozone of { $ozone }: in phase 2 you will pay { $excess } (BP or genes) unless the next card's ozone is higher. Click again to buy anyway.
buy_for = Buy for { $price } BP
buy_anyway = Buy anyway ({ $price } BP)
choose_offered = Choose one of the offered actions:
seat_n = Seat { $n }
amoeba_of = amoeba { $n } of { $seat }
amoeba_of_on = amoeba { $n } of { $seat } on { $field }
nothing = nothing
shape_circle = circle
shape_square = square
shape_triangle = triangle
shape_diamond = diamond
shape_star = star
shape_cross = cross
act_start_space = Start space { $space }
act_place = Amoeba { $n } on { $field }
act_drift = Drift
act_drift_dir =
    { $drift ->
        [none] Stay (no current)
       *[other] Drift { $dir }
    }
act_hold = Hold on (stay, free)
act_move = Move (roll the compass)
act_move_dir = Move { $dir }
act_die = Keep die { $face }
act_direction = Go { $dir }
act_skip = No second move
act_tentacle = Take { $cubes }
act_cling = Cling on
act_cling_to = Cling on (to { $to })
act_let_go = Let go
act_feed = Eat { $cubes }
act_feed_parasite = Eat { $cubes } (parasite on { $seat })
act_starve = Eat nothing (1 damage point)
act_attack = Attack { $target }
act_attack_with = Attack { $target } with amoeba { $n }
act_accept = Accept the attack
act_defend = Defend (fight with dice)
act_escape = Escape
act_pass = Pass
act_pay_bp = Pay { $amount } BP
act_give_up_gene = Give up { $gene }
act_buy = Buy { $gene }
act_buy_replacing = Buy { $gene } (replacing { $old })
act_done = Done
ev_game_created = The game was created.
ev_start_roll = { $seat } rolled { $dice } for the start order.
ev_start_order = Start order: { $seats }.
ev_start_space_taken = { $seat } took start space { $space }.
ev_amoeba_placed = { $seat } placed amoeba { $n } on { $field }.
ev_round_started = — Round { $round } —
ev_phase_started = Phase { $phase } of round { $round }.
ev_card_revealed =
    { $drift ->
        [none] Environment card: no current, ozone { $ozone }.
       *[other] Environment card: drift { $dir }, ozone { $ozone }.
    }
ev_cubes_placed = Food placed on { $field }: { $cubes }.
ev_amoeba_moved =
    { $reason ->
        [drift] Amoeba { $n } of { $seat } drifted { $from } → { $to }.
        [escape] Amoeba { $n } of { $seat } fled { $from } → { $to }.
       *[move] Amoeba { $n } of { $seat } moved { $from } → { $to }.
    }
ev_amoeba_stayed =
    { $reason ->
        [no_drift] Amoeba { $n } of { $seat } stayed: there is no current.
        [hold] Amoeba { $n } of { $seat } held on where it was.
        [die_5] Amoeba { $n } of { $seat } stayed: the die showed 5.
        [chosen] Amoeba { $n } of { $seat } chose to stay.
       *[other] Amoeba { $n } of { $seat } stayed.
    }
ev_amoeba_blocked = Amoeba { $n } of { $seat } could not go { $dir } from { $field }.
ev_amoeba_carried = Amoeba { $n } of { $seat } was carried { $from } → { $to }.
ev_cubes_carried = Amoeba { $n } of { $seat } took { $cubes } along to { $to }.
ev_dice_rolled = { $seat } rolled { $dice } for amoeba { $n }.
ev_fight_rolled = Fight: attacker { $a } against defender { $d }.
ev_amoeba_fed = Amoeba { $n } of { $seat } ate { $cubes } and excreted { $excreted }.
ev_amoeba_starved = Amoeba { $n } of { $seat } found nothing to eat and now has { $dp } damage.
ev_amoeba_died =
    { $cause ->
        [damage] Amoeba { $n } of { $seat } died of its damage on { $field }.
        [aggression] Amoeba { $n } of { $seat } was eaten by an attacker on { $field }.
        [struggle_for_survival] Amoeba { $n } of { $seat } lost the struggle for survival on { $field }.
       *[other] Amoeba { $n } of { $seat } died on { $field }.
    }
ev_attack_declared = { $a } attacks { $target }.
ev_attack_succeeded = The attack on { $target } succeeded.
ev_attack_failed = The attack on { $target } failed.
ev_attack_ended = The attack ended.
ev_armor_absorbed = Armor: { $target } took 1 damage point instead (now { $dp }).
ev_fight_won_attacker = The attacker won the fight.
ev_fight_won_defender = The defender won the fight.
ev_escape_started = { $amoeba } tries to escape.
ev_escape_succeeded = { $amoeba } escaped.
ev_escape_failed = { $amoeba } could not escape.
ev_bp_paid =
    { $reason ->
        [move] { $seat } paid { $amount } BP to move.
        [escape] { $seat } paid { $amount } BP to escape.
        [defense] { $seat } paid { $amount } BP to defend.
        [aggression] { $seat } paid { $amount } BP to attack.
        [gene_defect] { $seat } paid { $amount } BP for a gene defect.
        [division] { $seat } paid { $amount } BP for a cell division.
        [struggle_for_survival] { $seat } paid { $amount } BP in the struggle for survival.
        [parasitism] { $seat } paid { $amount } BP to a parasite.
       *[other] { $seat } paid { $amount } BP.
    }
ev_bp_received = { $seat } received { $amount } BP.
ev_overpayment_lost = { $seat } lost { $amount } BP of overpayment.
ev_gene_bought = { $seat } bought { $gene } for { $price } BP.
ev_gene_returned = { $seat } gave back { $gene }.
ev_gene_defect =
    { $mp ->
         [one] { $seat } has a gene defect: { $mp } mutation point against ozone { $ozone }.
        *[other] { $seat } has a gene defect: { $mp } mutation points against ozone { $ozone }.
    }
ev_marker_advanced =
    { $moved ->
        [no] { $seat } scored nothing and stays at { $to }.
       *[yes] { $seat } scored: { $from } → { $to }.
    }
ev_seat_resigned = { $seat } resigned: the { $level } bot plays the seat from now on.
ev_seat_timed_out = { $seat } timed out: the { $level } bot plays the seat from now on.
ev_game_ended = The game ended. Ranking: { $seats }.

## The lobby.

api_docs = API docs
learn_title = New to Ursuppe?
learn_text = Play a first game against two bots that choose at random. Each kind of decision explains itself the first time it comes; "Got it" folds the explanation away.
learn_button = Learn to play
create_title = Create a game
your_name = Your name
decoy_scores = The decoy scores (its marker can end the game)
seats_legend = Seats (seat 1 is yours)
time_per_decision = Time per decision (seconds, 0 = none)
on_timeout = On timeout
timeout_move = a bot plays that move
timeout_seat = a bot takes the seat
timeout_bot = Timeout bot
resign_bot = Bot after resigning
label_optional = Label (optional)
bot_levels_title = The bot levels
custom_deck = Custom environment deck
use_deck = Play with this deck (JSON list of cards, shuffled by the game; hidden from players until the end)
create_button = Create and take seat 1
my_games = My games
my_games_text = The seats this browser holds (kept in its storage).
my_games_everywhere = Your player's games and turns on every device
open_games = Open games
games_to_watch = Games to watch
finished = Finished
seat_1_you = Seat 1: you
player = Player
kind_bot = bot
kind_human = human (open seat)
bot_level_label = Bot level
bot_name = Bot name
optional = optional
deck_not_json = The deck is not JSON: { $error }
resume = Resume { $id }
your_seat = Your seat
th_status = Status
seats = Seats
join = Join
game_players =
    { $n ->
         [one] { $id } ({ $n } player)
        *[other] { $id } ({ $n } players)
    }
joined = joined
progress = Progress
watch = Watch { $id }
move_n = move { $n }
scores = Scores
replay_n = Replay { $id }
none = none

## Chat at the table (chat.js)

chat_message = Message
chat = Chat
chat_send = Send
chat_your_name = Your name
chat_spectator = { $name } (watching)
chat_mute = mute
chat_mute_title = Hide the messages of { $name }
chat_guest = Guest
chat_chat_rate_limited = Slow down: a few messages every ten seconds.
chat_invalid_chat_text = A message is 1 to 280 characters on one line.
chat_chat_closed_to_spectators = The game's creator closed the chat to spectators.
chat_chat_ended = The game is over: its chat is closed.
th_clock = Clock
clock_low = Your time is running low: { $time } left
time_control = Time control
tc_per_decision = Time per decision
tc_bank = Bank with increment (live)
tc_correspondence = Correspondence (days per move)
tc_none = No clock
bank_minutes = Bank (minutes)
bank_increment = Increment per move (seconds)
corr_days = Days per move (1-14)

## Players, sign-in, turn notices, leaderboard and profiles (account.js, notify.js, leaderboard.js, profile.js)

status_aborted = aborted
your_player = Your player
leaderboard = Leaderboard
account_page_title = Your player — Ursuppe
account_create_title = Play as a player
account_create_text = A player keeps your games, turns and rating on every device you sign in on.
account_create_button = Create my player
account_code_label = Sign-in code from your other device
account_signin = Sign in
account_signed_in_as = Signed in as
account_player_id = Player id
account_names_rule = Names need not be unique; the id is yours alone.
account_profile = Your profile
account_new_name = New name
account_rename = Change name
account_issue_code = Sign in on another device
account_code_hint = Type { $code } there within 10 minutes (it works once).
account_signout = Sign out of this browser
account_invalid_signin_code = That code does not work: it is unknown, used or older than 10 minutes. Ask your other device for a new one.
account_validation_error = A name is 1 to 64 characters; a sign-in code is the ten letters and digits your other device shows.
account_invalid_name = A name is 1 to 64 characters on one line, and something in it must show: no line breaks, control or direction-override characters.
account_not_your_seat = Your player does not hold that seat.
account_seat_resigned = That seat has resigned: a bot plays it now.
account_game_not_open = That game is over.
my_turns = My turns
account_deadline = Deadline
account_no_deadline = none
account_play = Play { $id }
account_continue = Continue { $id }
account_view = View { $id }
authorize_page_title = Allow a site — Ursuppe
authorize_title = Allow a site to act for you
authorize_asks = { $site } asks to act for you
authorize_unverified = This site is not registered here: the name is what it calls itself. Check below where your answer takes you.
authorize_registered = A site registered here (client { $id }).
authorize_back_to = Your answer takes you back to
authorize_may = If you allow it, it may:
authorize_answer_as = You answer as { $name }.
authorize_approve = Allow
authorize_deny = Deny
authorize_revoke_hint = You can take it back at any time under Sites and tokens.
authorize_sign_in = Sign in first: ask a device where you play for a sign-in code (Your player, Sign in on another device) and type it here.
authorize_refused_title = This request cannot be granted
authorize_back = Tell the site and go back
authorize_consent_expired = This page was open too long: load it again.
scope_profile_read = see your player, your games, your turns, your mutes and your blocks
scope_profile_write = change your name and whom you mute or block
scope_game_create = create games in your name
scope_game_play = take seats and play in your seats: moves, resigning, hints, chat
scope_seek_write = look for games for you (quick play) and stop looking
scope_challenge_read = read the challenges you sent and received
scope_challenge_write = challenge other players in your name, answer challenges and offer rematches
scope_tournament_enter = enter you in tournaments and labels, and withdraw you
scope_tournament_organise = organise tournaments in your name
scope_label_organise = claim labels in your name and manage who is entered
scope_webhook_manage = set up, read and delete your webhooks
scope_bot_play = play as your bot accounts
tokens_link = Sites and tokens
tokens_page_title = Sites and tokens — Ursuppe
tokens_signed_out = Sign in on this browser first:
tokens_title = What acts for you
tokens_intro = Every sign-in, site and personal token that acts for your player. Revoking one stops it at once.
tokens_th_what = What
tokens_th_scopes = May
tokens_th_created = Since
tokens_th_last_used = Last used
tokens_kind_device = Signed in on a device
tokens_this_browser = This browser
tokens_kind_personal = Personal token: { $label }
tokens_kind_oauth = Site { $site } ({ $where })
tokens_all_scopes = everything
tokens_never = not yet
tokens_revoke = Revoke
tokens_new_title = New personal access token
tokens_new_text = For your own programs, a bot or a script: choose what it may do.
tokens_label = Label
tokens_may = It may:
tokens_create = Create token
tokens_created = Your new token, shown only this once: { $token }
tokens_validation_error = Give the token a label and choose at least one thing it may do.
tokens_invalid_name = A label is 1 to 100 characters on one line that shows (no line breaks or control characters).
tokens_approved = approved { $n } times
tokens_too_many_tokens = You have 100 tokens: revoke one first.
clients_title = Your sites
clients_intro = Register a site that keeps a secret on its server, so that players can let it act for them. Apps and pages that cannot keep a secret need no registration.
clients_name = Site name
clients_redirects = Redirect addresses, one per line
clients_register = Register site
clients_created = Registered. Client id: { $id }. Secret, shown only this once: { $secret }
clients_th_site = Site
clients_th_id = Client id
clients_th_redirects = Redirect addresses
clients_delete = Delete
clients_none = No site registered yet.
clients_validation_error = Give the site a name and at least one redirect address.
clients_invalid_name = A site's name is 1 to 100 characters on one line that shows (no line breaks or control characters).
clients_invalid_redirect_uri = A redirect address must start with https:// (http:// only on this computer's own address) and hold no #fragment and no user name.
clients_too_many_clients = You have registered 10 sites: delete one first.
notice_title = Your turn in Ursuppe
notice_body = Game { $game }, seat { $seat }: a decision is waiting for you.
notice_allow = Tell me when it is my turn (browser notifications)
notice_on = Notifications of your turns are on while a page of this site is open.
notice_blocked = This browser blocks notifications from this site; the tab title still shows your turns.
notice_unsupported = This browser has no notifications; the tab title shows your turns.
leaderboard_page_title = Leaderboard — Ursuppe
pool_label = Table
pool_players =
    { $n ->
         [one] { $n } player
        *[other] { $n } players
    }
pool_variant = 2 players: { variant_name }
leaderboard_explain = Ordered by the ordinal (μ − 3σ): a cautious estimate that rises as a player proves itself. Each game size and each 2-player variant has a table of its own; bot levels are rated like people and marked.
lb_how_title = What the numbers mean
lb_how_mu = μ (mu) is the skill the service believes a player has, from all their rated games so far: a win over strong players raises it most. Everybody starts at 25.
lb_how_sigma = σ (sigma) says how unsure that belief still is. It starts at about 8.3 and shrinks with every game, so a newcomer's μ can still move a lot.
lb_how_ordinal = The ordinal, μ − 3σ, orders the table: a skill the player almost surely has at least. A newcomer starts near 0 and climbs by playing, even with μ unchanged, as σ shrinks.
qp_default_name = Amoeba { $n }
qp_name_note = Other players see this name at the table and on the leaderboard.
th_rank = #
th_ordinal = Ordinal
th_mu = μ
th_sigma = σ
th_games = Games
leaderboard_empty = No rated game in this table yet.
bot_badge = bot
profile_page_title = { $name } — Ursuppe
profile_player = Player
profile_bot = { $name } (bot)
profile_since = Playing since { $date }
profile_not_rated = Not rated yet.
profile_history = Rating over time
profile_no_history = No rated game in this table.
profile_chart_label =
    { $n ->
         [one] Ordinal from { $lo } to { $hi } over { $n } game
        *[other] Ordinal from { $lo } to { $hi } over { $n } games
    }
profile_chart_x = rated games
profile_chart_point = Game { $n }: place { $place } of { $of }, ordinal { $ordinal }
profile_chart_start = Before the first rated game: ordinal { $ordinal }
profile_recent = Recent games
profile_place = { $place } of { $n }
profile_replay = Replay { $id }
chat_spectators_allowed = Spectators may write (you created this game)
chat_closed_note = Only the players write here now.
qp_title = Play now
qp_text = Meet people who want the same game. If nobody comes within the wait, bots take the empty seats.
qp_wait = Wait for people
qp_bots = Then bots
qp_rated = Rated
qp_unrated = Unrated
play_now = Play now
qp_cancel = Cancel
qp_seeking = Seeking a game now
qp_nobody = Nobody is seeking right now.
qp_bank = { $m } min + { $s } s
qp_per_move = { $s } s per move
qp_days =
    { $n ->
         [one] { $n } day per move
        *[other] { $n } days per move
    }
qp_waiting = Looking for players: bots fill the game in { $s } s.
qp_filling = Making the game…
qp_cancelled = Seek cancelled.
qp_players_n =
    { $n ->
         [one] { $n } player
        *[other] { $n } players
    }
qp_seconds =
    { $s ->
         [one] { $s } second
        *[other] { $s } seconds
    }
qp_minutes = { $m } min
hint_button = Hint
hint_thinking = The search bot is thinking…
hint_suggests = Try: { $action }.
hint_only_choice = Nothing else here makes a real difference.
hint_reason = The search's estimate of your final margin over the best opponent after it: { $value } points, { $gain } compared with its next choice ({ $alt }).
hint_reason_alone = The search's estimate of your final margin over the best opponent after it: { $value } points.
hint_stale = The game has moved on since: ask again.
hint_slow = No answer yet: ask again in a moment.
rated_game = Rated: the result counts for the ratings (no hints during play)
offline_title = Offline — Ursuppe
offline_heading = You are offline
offline_text = This page needs the server, and the network cannot reach it now. Your games go on there: their clocks keep running and bots play where the rules say so.
offline_retry = Try again
front_page_title = Ursuppe Server — play Primordial Soup online
front_title = Primordial soup, served over HTTP
front_intro = This server runs the board game Ursuppe (Primordial Soup): amoebas drift, eat, divide and evolve genes until one species reaches the end of the scoring ladder. Play it here in your browser against bots and people, watch games live, or write your own client against the REST API.
front_learn_text = A first game against two bots that choose at random, with no clock: each kind of decision explains itself the first time it comes, and a gene's card opens when you point at its name.
front_play_text = One click finds people who want the same game and time control; if nobody comes within the wait, bots take the empty seats. Or create a game of your own and send the invitation links.
front_sizes_title = Every game size
front_sizes_text = From three to six players, each seat a person or a bot of the level you choose; two people play one of the 2-player variants. Live with a clock per decision or a bank, or by correspondence with days per move.
front_watch_title = Watch and replay
front_watch_text = Follow any running game live, read-only, with its chat; step through every finished game move by move.
front_leaderboard_text = Rated games count for a table of each game size and variant, bots included; every player has a profile with its rating history and its games.
front_api_title = For developers
front_api_text = Everything these pages do goes through a public REST API with live streams and webhooks: write your own client, or a bot that plays here.
front_api_docs = The interactive API reference (Swagger UI)
front_openapi = The OpenAPI document
front_rules_data = The rules as data
board_label = The board
board_compass = compass
board_target = Target: amoeba { $n } of { $seat }
board_field = Field { $field }
board_drift =
    { $drift ->
        [none] The board; no current
       *[other] The board; current drift { $dir }
    }
board_field_title =
    { $n ->
         [one] { $field }: food { $food }; { $n } amoeba
        *[other] { $field }: food { $food }; { $n } amoebas
    }

## Tournaments (tournaments.js, tournament.js)

tournaments = Tournaments
tournaments_page_title = Tournaments — Ursuppe
tournament_page_title = Tournament — Ursuppe
tn_upcoming = Upcoming
tn_running = Running
tn_finished = Finished
tn_explain = Each game is worth one point, shared by finishing place: the winner 1, the last 0. Equal scores are ordered by the opponents' scores, then by performance.
tn_enter = Enter
tn_withdraw = Withdraw
tn_standings = Standings
tn_rounds = Rounds
tn_entries = Entries
tn_none = None at the moment.
tn_th_name = Tournament
tn_th_format = Format
tn_th_game = Game
tn_th_when = When
tn_th_entrants = Entrants
tn_swiss_rounds =
    { $n ->
         [one] Swiss, { $n } round
        *[other] Swiss, { $n } rounds
    }
tn_round_robin = Round robin
tn_arena_minutes = Arena, { $m } min
tn_with_bots = bots ({ $level }) fill the tables
tn_invitation = by invitation
tn_min_rating = rating { $r } or more
tn_starts = Starts { $when }
tn_round_now = Round { $n } is being played
tn_is_finished = Finished
tn_is_cancelled = Cancelled
tn_no_standings = No entrants yet.
tn_th_score = Score
tn_th_games = Games
tn_th_byes = Byes
tn_th_opponents = Opp. score
tn_th_performance = Perf.
tn_withdrawn = withdrawn
tn_bot = Bot
tn_place = place { $n }
tn_play = Play
tn_watch = Watch
tn_see_game = See the game
tn_table_n = Table { $n }
tn_playing = playing
tn_done = over
tn_no_rounds = Round 1 is paired when the tournament starts.
tn_round_n = Round { $n }
tn_round_scheduled = scheduled
tn_round_playing = being played
tn_round_finished = over
tn_byes = Sitting out (half a point each): { $names }
tn_your_table = Your game: table { $n } of round { $round }. Press Play to take your seat.
tn_no_entries = Nobody has entered yet.
tn_entry_invited = invited
tn_entry_entered = entered
tn_entry_withdrawn = withdrawn
tn_name_needed = Type the name you want to play under first.
tn_not_found = This tournament does not exist, or is private.
tn_err_tournament_closed = This tournament can no longer be entered.
tn_err_not_invited = Only invited players may enter this tournament.
tn_err_rating_too_low = Your rating is below this tournament's minimum.
tn_err_bots_not_allowed = Bot accounts may not enter this tournament.
tn_lobby_title = Tournaments you can enter
tn_lobby_all = All tournaments
tn_lobby_none = No tournament is open for entry right now.

## The organiser's form and card, the entrant's own line, the standings explained

tn_th_rating = Rating
tn_disqualified = disqualified
tn_entry_disqualified = disqualified
tn_organise = Organise a tournament
tn_organise_text = You will be its organiser: you see who enters, may start it early, withdraw or disqualify an entrant, and cancel it before it starts.
tn_f_name = Name
tn_f_format = Format
tn_f_swiss = Swiss
tn_f_arena = Arena
tn_f_table = Table
tn_f_p3 = 3 players
tn_f_p4 = 4 players
tn_f_p5 = 5 players
tn_f_p6 = 6 players
tn_f_rounds = Rounds
tn_f_minutes = Minutes
tn_f_rounds_rr = Leave empty to play until everyone has met everyone.
tn_f_clock = Clock
tn_f_clock_30s = 30 s per decision
tn_f_clock_2m = 2 min per decision
tn_f_clock_bank = 10 min + 5 s per decision
tn_f_clock_day = 1 day per decision
tn_f_bots = Empty seats
tn_f_bots_none = no bots: smaller tables or byes
tn_f_bots_random = random bots fill the tables
tn_f_bots_greedy = greedy bots fill the tables
tn_f_starts = Starts
tn_f_rated = Rated: the games count for the ratings
tn_f_private = Private: only those with its invitation link see and enter it
tn_create = Create the tournament
tn_org_title = You organise this tournament
tn_org_link = Invitation link: whoever has it can see and enter the tournament. Send it to the players you want.
tn_org_copy = Copy
tn_org_copied = The link is copied.
tn_org_start = Start now
tn_org_starting = Starting: round 1 is paired within seconds.
tn_org_cancel = Cancel the tournament
tn_org_cancel_confirm = Cancel this tournament? Nobody can enter or play it afterwards.
tn_org_upcoming = It starts by itself at its start time; start it now once everyone has entered.
tn_org_running = It runs by itself: each round is paired as soon as every table of the one before has finished.
tn_org_withdraw = Withdraw
tn_org_disqualify = Disqualify
tn_org_disqualify_confirm = Disqualify { $name }? They are not paired again and cannot enter again.
tn_you_table = Round { $round }, your table { $n }: { $names }.
tn_you_waiting = Your game is over: the next round is paired when every table has finished.
tn_you_waiting_arena = Your game is over: you are seated again as soon as enough players wait.
tn_you_bye = You sit out round { $round }: that is worth half a point.
tn_you_place = Your place: { $rank } of { $n }, score { $score }.
tn_how_title = What the columns mean
tn_how_score = Each game is worth one point: the winner of a table gets all of it, the last nothing, and the places between a share that shrinks place by place. Sitting out a round (a bye) is worth half a point.
tn_how_opponents = The first tie-break: how well the players you met did over the whole tournament. A good result against strong opponents counts more.
tn_how_performance = The second tie-break: how strong your results were, judged by the ratings of the players you met and the places you finished in.
tn_how_rating = The third tie-break: your rating when the tournament started.
tn_how_rank = Players equal in the score and all three tie-breaks share a place. A withdrawn or disqualified player keeps the results they had.
tn_err_validation_error = Please check: { $fields }.
tn_err_invalid_tournament = These terms cannot be run: { $detail }
tn_err_invalid_players = That table size is not possible.
tn_err_invalid_time_control = That clock is not possible.
tn_err_not_organiser = Only the tournament's organiser may do this.
tn_err_tournament_started = The tournament has started already, or was cancelled.
tn_err_too_few_entrants = Too few players have entered to play a round yet.
tn_err_disqualified = The organiser disqualified you from this tournament.
tn_err_entry_not_found = This player has no entry in the tournament.
tn_err_tournament_not_found = This tournament does not exist, or is private.

## Challenges and rematches (challenges.js)

ch_title = Challenges
ch_outgoing = Your challenges
ch_from = { $name } challenges you
ch_rematch_from = { $name } offers a rematch
ch_to = You challenged { $names }
ch_bot_name = { $name } (bot)
ch_players =
    { $n ->
         [one] { $n } player
        *[other] { $n } players
    }
ch_tc_seconds =
    { $n ->
         [one] { $n } second per move
        *[other] { $n } seconds per move
    }
ch_tc_bank = { $m } min + { $s } s per move
ch_tc_days =
    { $n ->
         [one] { $n } day per move
        *[other] { $n } days per move
    }
ch_tc_none = no clock
ch_rated = rated
ch_casual = unrated
ch_accept = Accept
ch_decline = Decline
ch_cancel = Withdraw
ch_reason_label = Why you decline
ch_reason_generic = No, thanks
ch_reason_later = Not now, later
ch_reason_too_fast = Too fast for me
ch_reason_too_slow = Too slow for me
ch_reason_time_control = Another clock, please
ch_reason_rated = Only rated games
ch_reason_casual = Only unrated games
ch_reason_variant = Another variant, please
ch_reason_no_bot = I don't play bots
ch_reason_only_bot = I play bots only
ch_waiting_others = Accepted. The game starts when the others accept too.
ch_accepted_news = A challenge of yours was accepted: the game is on.
ch_open_game = Go to the game
ch_status_open = Still open
ch_status_accepted = Accepted
ch_status_declined = Declined
ch_declined_because = Declined: “{ $reason }”
ch_status_cancelled = Withdrawn
ch_status_expired = Nobody answered in time
ch_new_title = Challenge to a game
ch_send = Challenge { $name }
ch_sent = Challenge sent: waiting for { $name } to answer. The lobby lists it under your challenges.
ch_rematch_title = Play again
ch_rematch = Rematch
ch_rematch_waiting = Rematch offered to { $names }: waiting for their answer.
ch_rematch_offered_to_you = Another player offered this rematch already: accept it below.

## Notices by email (account page, the email links' page)

notices_title = Notices by email
notices_text = Hear of your turn in a correspondence game and more while the site is closed. Your address is shown to you only.
notices_address = Email address
notices_save_address = Save and send the confirmation link
notices_no_address = No address yet: nothing is mailed.
notices_unverified = We mailed a link to { $email }: open it to confirm the address. Nothing else is mailed before that.
notices_verified = Notices go to { $email }.
notices_unsubscribed = You unsubscribed { $email } from every email. Save your choices to get notices again.
notices_kinds = Which notices
notices_cadence = How often
notice_kind_your_turn = Your turn in a correspondence game
notice_kind_game_end = A game of yours ended
notice_kind_challenge = Someone challenges you
notice_kind_tournament = News of your tournaments
notice_cadence_now = At once
notice_cadence_digest = One email a day with everything
notices_save_choices = Save my choices
notices_remove = Remove my address
notices_no_email_here = This server sends no email.
email_page_title = Email notices — Ursuppe
email_heading = Email notices
email_verified = Your address is confirmed: notices will come to it.
email_unsubscribe_ask = Unsubscribe this address from every email of Ursuppe?
email_unsubscribe_button = Unsubscribe from every email
email_unsubscribed = Done: no more emails. Choose notices again on your player page whenever you like.
email_link_unknown = This link is unknown or has expired.
push_title = Push notices on this browser
push_ask = Send my notices to this browser
push_on = Your notices come to this browser, even with the site closed.
push_off = Stop them here
push_blocked = This browser blocks notices from this site: allow them in its site settings.
push_unsupported = Push notices are not available here.
push_failed = This browser could not subscribe to push notices.

## The board in words (board-text.js)

board_text_heading = The board in words
board_text_intro = Each field with its food and amoebas. The arrow keys go from field to field; Enter picks a field the decision offers.
board_text_field = { $field }: { $food }; { $amoebas }.
board_text_cubes =
    { $n ->
         [one] { $n } cube of { $colour }
        *[other] { $n } cubes of { $colour }
    }
board_text_no_food = no food
board_text_no_amoebas = no amoebas
board_text_damaged =
    { $dp ->
        [one] { $amoeba }, { $dp } damage point
       *[other] { $amoeba }, { $dp } damage points
    }
board_text_pick = Pick { $field }

## Names, colours and directions as the messages compose them

colour_name =
    { $colour ->
        [orange] orange
        [sky_blue] sky blue
        [green] green
        [pink] pink
        [yellow] yellow
        [blue] blue
       *[other] { $colour }
    }
dir_name =
    { $dir ->
        [W] west
        [N] north
        [E] east
        [S] south
        [stay] stay
       *[none] none
    }
seat_name =
    { $who ->
        [bot] Bot { $place } ({ colour_name }, { $level })
        [decoy] Decoy ({ colour_name })
        [open] Seat { $place } ({ colour_name })
       *[named] { $name } ({ colour_name })
    }
player_name =
    { $who ->
        [bot] Bot { $place } ({ $level })
        [decoy] Decoy
        [open] open seat
       *[named] { $name }
    }
seat_of = of { $seat }
player_name_you = { player_name } (you)
name_you = { $name } (you)
cubes_n = { $n }× { colour_name }
log_action =
    { $actor ->
        [bot] { $seat }, played by a bot: { $what }.
        [timeout] { $seat }, out of time, a bot's choice: { $what }.
       *[human] { $seat }: { $what }.
    }
phases = Phases
ladder_label = Scores: { $scores }
ladder_score = { $seat }: { $score }
lobby_bot_seat = { $level } bot
variant_name =
    { $variant ->
        [double_1] Double I
        [double_2] Double II
        [decoy] Decoy
       *[other] { $variant }
    }
variant_option = { $n }: { variant_name }
label_example = cup-2026:round-1
deck_label = environment deck as JSON

## Blocking and deleting the account
blocks_title = Players you blocked
blocks_text = A block keeps a player away from you: no challenges either way, no quick-play game together, and their chat is hidden from you. Block someone from their profile page.
blocks_unblock = Unblock
account_delete_title = Delete my account
account_delete_text = Your sign-in on every device, your email address, tokens, ratings, mutes and blocks go at once, and this cannot be undone. The games you played stay for the others, under the name “deleted player”.
account_delete_confirm = Type your name to confirm
account_delete_button = Delete my account for good
account_delete_mismatch = To confirm, type your name exactly as it is shown at the top of this page.
account_deleted = Your account is deleted, and this browser is signed out.
block_title = Blocking
block_text = Blocking { $name } means no challenges between the two of you, no quick-play game together, and you no longer see their chat messages. They are not told, and you can undo it at any time.
block_button = Block { $name }
unblock_button = Unblock { $name }
block_done = You blocked { $name }.
unblock_done = { $name } is not blocked any more.

## Reports and moderation
report = report
report_title = Report { $name } to the moderators
report_message_title = Report this message of { $name } to the moderators
report_reason = Reason
report_reason_abuse = Abusive words
report_reason_cheating = Cheating
report_reason_spam = Spam
report_reason_name = An unacceptable name
report_reason_other = Something else
report_comment = What happened (optional)
report_send = Send
report_cancel = Cancel
report_sent = Thank you: a moderator will look at it.
report_report_rate_limited = You have sent many reports lately. Please wait a while before the next.
report_cannot_report_self = You cannot report yourself.
chat_chat_muted = A moderator muted you: you cannot write in chat for now.
moderation_page_title = Moderation — Ursuppe
moderation_link = Moderation
moderation_signed_out = Sign in on this browser first:
moderation_not_moderator = This page is for moderators, whom the server's operator names.
moderation_queue = Reports
moderation_queue_intro = Open reports first, the oldest at the top. Acting on a player closes every open report of that player.
moderation_show = Show
moderation_show_open = open
moderation_show_closed = closed
moderation_show_all = all
moderation_none = No reports here.
moderation_th_reported = Player
moderation_th_by = Reported by
moderation_th_reason = Reason
moderation_th_what = What
moderation_th_when = When
moderation_th_status = Status
moderation_th_moderator = Moderator
moderation_th_action = Action
moderation_message = Message: “{ $text }”
moderation_status_closed = closed
moderation_action = Action
moderation_action_warn = Warn
moderation_action_mute = Mute in chat
moderation_action_bar_rated = Bar from rated games
moderation_action_close_account = Close the account
moderation_action_lift = Lift mutes and bars
moderation_action_dismiss = Dismiss the report
moderation_hours = Hours
moderation_hours_hint = A mute needs hours; a bar without hours lasts until lifted.
moderation_reason = Reason (the player reads it)
moderation_act = Act
moderation_done = Done: { $action } ({ $name }).
moderation_log = Log
moderation_log_intro = Every action taken, the latest first.
moderation_until = until { $when }
moderation_until_lifted = until lifted
moderation_report_closed = Another moderator has handled this report already.
moderation_invalid_moderation = That does not work: a mute needs hours, and only a mute or a bar takes them.
