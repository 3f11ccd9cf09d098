bp = PB
mp = PM
language = Idioma
lobby = Sala
lobby_page_title = { lobby } — Ursuppe
game_page_title = { game } — Ursuppe
game = Partida
players = Jugadores
ladder = Marcador
market = Mercado de genes
log = Registro
legend = Qué significan las marcas
food_legend = Una marca de color con un número: cubos de comida de ese color en la casilla.
your_turn_banner = ¡Te toca!
your_turn = Te toca
to_decide = Decide { $seat }
you_play_seat = Juegas el puesto { $n }
watching = Mirando (solo lectura)
resign = Abandonar (un bot sigue con tu puesto)
really_resign = ¿Abandonar de verdad? Pulsa otra vez
game_n = Partida { $id }
round_n = ronda { $n }
phase = Fase
status_open = abierta
status_active = en juego
status_finished = terminada
status_abandoned = abandonada
environment =
    { $left ->
        [one] Entorno: { $drift ->
            [none] sin corriente
           *[other] corriente hacia el { $dir }
        }, ozono { $ozone } (queda { $left } carta)
       *[other] Entorno: { $drift ->
            [none] sin corriente
           *[other] corriente hacia el { $dir }
        }, ozono { $ozone } (quedan { $left } cartas)
    }
time_left = quedan { $time }
error = Error
loading = Cargando…
error_loading = Error al cargar la partida
th_seat = Puesto
th_score = Puntos
th_genes = Genes
th_amoebas = Amebas
th_gene = Gen
th_price = Precio
th_mutation = Mutación
th_cards = Cartas
th_place = Lugar
bot_level = bot { $level }
cards_left = quedan { $n }
final_ranking = Clasificación final
replay_open = Repasar la partida jugada a jugada
replay = Repetición
rp_start = Inicio
rp_back = Atrás
rp_next = Siguiente
rp_end = Final
rp_pos = jugada { $at } de { $of }
rp_setup = Preparación
rv_title = Análisis
rv_explain = El bot de búsqueda ha valorado cada decisión con opciones: el valor de la jugada hecha frente a la que él prefería, como su estimación del margen final sobre el mejor rival. Perder { $inaccuracy } puntos o más es una imprecisión, { $mistake } un error, { $blunder } un error grave. Las estimaciones son la opinión del bot y tienen algo de ruido.
rv_accuracy = Precisión
rv_inaccuracies = Imprecisiones
rv_mistakes = Errores
rv_blunders = Errores graves
rv_inaccuracy = Imprecisión
rv_mistake = Error
rv_blunder = Error grave
rv_item = Jugada { $seq }, { $seat }: { $what } (−{ $loss } puntos)
rv_none = No se ha marcado ninguna decisión.
rv_show = Ver el análisis
rv_pending = Se está haciendo el análisis…
rv_missing = Esta partida aún no se ha analizado.
rv_ask = Analizar esta partida
rv_mark = { $what }: −{ $loss } puntos. Mejor: { $better }.
island = isla
amoeba_title = Ameba { $n } de { $seat }: { $dp } de daño
what_is_this = ¿Qué es esto?
got_it = Entendido
acts_in = Actúa en
hands_in = Entrega
works_with = Funciona con
waiting = Esperando
decides = { $seat } decide: { $what }.
skip_ahead = Saltar adelante
invited_title = Estás invitado
invited_to = Únete a la partida { $id } en el puesto { $n }.
accept_invite = Ocupar el puesto (con el nombre de abajo)
private_game = Privada: solo se une quien tenga un enlace de invitación
decoy = Señuelo
decoy_group = El señuelo (ningún jugador)
th_colour = Color
th_player = Jugador
bot_thinking = { $seat } está pensando: { $what }.
waiting_players = Esperando jugadores
open_seats_intro = La partida empieza cuando todos los puestos estén ocupados. Envía a cada persona un enlace para unirse:
seat_link = Puesto { $n }
copy_link = Copiar enlace
copied = Copiado
invitation_code = código de invitación { $code }
offered_fields = Casillas ofrecidas: { $fields }. Pulsa una (o selecciónala con el teclado y pulsa Intro).
on_field = En { $field }:
your_amoeba = Tu ameba { $n }.
your_amoeba_on = Tu ameba { $n } en { $field }.
place_reason = Motivo: { $reason }.
place_reason_free = Motivo: { $reason } (gratis).
place_why_setup = preparación de la partida
place_why_division = división celular
divide_cost = Una ameba nueva cuesta { $cost } PB; tienes { $bp } PB.
current_drifts =
    { $drift ->
        [none] En esta ronda no hay corriente.
       *[other] La corriente va hacia el { $dir }.
    }
you_rolled = Sacaste { $dice }. 1 { $w }, 2 { $n }, 3 { $e }, 4 { $s }, 5 quedarse, 6 a elegir.
tentacle_take =
    { $limit ->
         [one] De { $from } a { $to }: llévate hasta { $limit } cubo.
        *[other] De { $from } a { $to }: llévate hasta { $limit } cubos.
    }
leaves_for = { $amoeba } se va a { $to }.
food_here = Comida aquí: { $food }.
attacks_you = { $attacker } ataca a tu ameba { $n }.
attacks_you_lost = { $attacker } ataca a tu ameba { $n } (perdiste la lucha).
still_to_pay = Falta pagar: { $remaining } (PB, o genes según su valor de defecto).
genes_to_give = Genes que puedes entregar
buy_intro =
    { $mp ->
         [one] Tienes { $bp } PB y { $mp } punto de mutación; el ozono está ahora en { $ozone }.
        *[other] Tienes { $bp } PB y { $mp } puntos de mutación; el ozono está ahora en { $ozone }.
    }
mp_change = PM { $before } → { $after } (ozono { $ozone })
defect_ahead = { $excess } por encima del ozono actual: amenaza un defecto genético.
defect_warning = { $gene } lleva tus puntos de mutación a { $after }, por encima del ozono de { $ozone }: en la fase 2 pagarás { $excess } (PB o genes) salvo que la carta siguiente traiga más ozono. Pulsa otra vez para comprar de todos modos.
buy_for = Comprar por { $price } PB
buy_anyway = Comprar de todos modos ({ $price } PB)
choose_offered = Elige una de las acciones ofrecidas:
seat_n = Puesto { $n }
amoeba_of = ameba { $n } de { $seat }
amoeba_of_on = ameba { $n } de { $seat } en { $field }
nothing = nada
shape_circle = círculo
shape_square = cuadrado
shape_triangle = triángulo
shape_diamond = rombo
shape_star = estrella
shape_cross = cruz
act_start_space = Casilla de salida { $space }
act_place = Ameba { $n } en { $field }
act_drift = Derivar
act_drift_dir =
    { $drift ->
        [none] Quedarse (no hay corriente)
       *[other] Derivar hacia el { $dir }
    }
act_hold = Quedarse (gratis)
act_move = Moverse (tirar la brújula)
act_move_dir = Moverse al { $dir }
act_die = Quedarse el dado { $face }
act_direction = Ir al { $dir }
act_skip = Sin segundo movimiento
act_tentacle = Llevarse { $cubes }
act_cling = Agarrarse
act_cling_to = Agarrarse (a { $to })
act_let_go = Soltarse
act_feed = Comer { $cubes }
act_feed_parasite = Comer { $cubes } (parásito de { $seat })
act_starve = No comer (1 punto de daño)
act_attack = Atacar a { $target }
act_attack_with = Atacar a { $target } con la ameba { $n }
act_accept = Aceptar el ataque
act_defend = Defenderse (luchar con dados)
act_escape = Huir
act_pass = Pasar
act_pay_bp = Pagar { $amount } PB
act_give_up_gene = Entregar { $gene }
act_buy = Comprar { $gene }
act_buy_replacing = Comprar { $gene } (en lugar de { $old })
act_done = Hecho
ev_game_created = Se creó la partida.
ev_start_roll = { $seat } sacó { $dice } para el orden de salida.
ev_start_order = Orden de salida: { $seats }.
ev_start_space_taken = { $seat } tomó la casilla de salida { $space }.
ev_amoeba_placed = { $seat } colocó la ameba { $n } en { $field }.
ev_round_started = — Ronda { $round } —
ev_phase_started = Fase { $phase } de la ronda { $round }.
ev_card_revealed =
    { $drift ->
        [none] Carta de entorno: sin corriente, ozono { $ozone }.
       *[other] Carta de entorno: corriente hacia el { $dir }, ozono { $ozone }.
    }
ev_cubes_placed = Comida puesta en { $field }: { $cubes }.
ev_amoeba_moved =
    { $reason ->
        [drift] La ameba { $n } de { $seat } derivó { $from } → { $to }.
        [escape] La ameba { $n } de { $seat } huyó { $from } → { $to }.
       *[move] La ameba { $n } de { $seat } se movió { $from } → { $to }.
    }
ev_amoeba_stayed =
    { $reason ->
        [no_drift] La ameba { $n } de { $seat } se quedó: no hay corriente.
        [hold] La ameba { $n } de { $seat } se agarró y se quedó.
        [die_5] La ameba { $n } de { $seat } se quedó: el dado mostró 5.
        [chosen] La ameba { $n } de { $seat } eligió quedarse.
       *[other] La ameba { $n } de { $seat } se quedó.
    }
ev_amoeba_blocked = La ameba { $n } de { $seat } no pudo ir hacia el { $dir } desde { $field }.
ev_amoeba_carried = La ameba { $n } de { $seat } fue llevada { $from } → { $to }.
ev_cubes_carried = La ameba { $n } de { $seat } se llevó { $cubes } a { $to }.
ev_dice_rolled = { $seat } sacó { $dice } para la ameba { $n }.
ev_fight_rolled = Lucha: atacante { $a } contra defensor { $d }.
ev_amoeba_fed = La ameba { $n } de { $seat } comió { $cubes } y excretó { $excreted }.
ev_amoeba_starved = La ameba { $n } de { $seat } no encontró comida y ahora tiene { $dp } de daño.
ev_amoeba_died =
    { $cause ->
        [damage] La ameba { $n } de { $seat } murió por su daño en { $field }.
        [aggression] La ameba { $n } de { $seat } fue devorada por un atacante en { $field }.
        [struggle_for_survival] La ameba { $n } de { $seat } perdió la lucha por la supervivencia en { $field }.
       *[other] La ameba { $n } de { $seat } murió en { $field }.
    }
ev_attack_declared = { $a } ataca a { $target }.
ev_attack_succeeded = El ataque a { $target } tuvo éxito.
ev_attack_failed = El ataque a { $target } falló.
ev_attack_ended = El ataque terminó.
ev_armor_absorbed = Blindaje: { $target } recibió 1 punto de daño en su lugar (ahora { $dp }).
ev_fight_won_attacker = El atacante ganó la lucha.
ev_fight_won_defender = El defensor ganó la lucha.
ev_escape_started = { $amoeba } intenta huir.
ev_escape_succeeded = { $amoeba } escapó.
ev_escape_failed = { $amoeba } no pudo escapar.
ev_bp_paid =
    { $reason ->
        [move] { $seat } pagó { $amount } PB por moverse.
        [escape] { $seat } pagó { $amount } PB por huir.
        [defense] { $seat } pagó { $amount } PB por defenderse.
        [aggression] { $seat } pagó { $amount } PB por atacar.
        [gene_defect] { $seat } pagó { $amount } PB por un defecto genético.
        [division] { $seat } pagó { $amount } PB por una división celular.
        [struggle_for_survival] { $seat } pagó { $amount } PB en la lucha por la supervivencia.
        [parasitism] { $seat } pagó { $amount } PB a un parásito.
       *[other] { $seat } pagó { $amount } PB.
    }
ev_bp_received = { $seat } recibió { $amount } PB.
ev_overpayment_lost = { $seat } perdió { $amount } PB pagados de más.
ev_gene_bought = { $seat } compró { $gene } por { $price } PB.
ev_gene_returned = { $seat } devolvió { $gene }.
ev_gene_defect =
    { $mp ->
         [one] { $seat } tiene un defecto genético: { $mp } punto de mutación contra ozono { $ozone }.
        *[other] { $seat } tiene un defecto genético: { $mp } puntos de mutación contra ozono { $ozone }.
    }
ev_marker_advanced =
    { $moved ->
        [no] { $seat } no sumó puntos y sigue en { $to }.
       *[yes] { $seat } avanzó: { $from } → { $to }.
    }
ev_seat_resigned = { $seat } abandonó: desde ahora el bot { $level } juega el puesto.
ev_seat_timed_out = { $seat } agotó su tiempo: desde ahora el bot { $level } juega el puesto.
ev_game_ended = La partida terminó. Clasificación: { $seats }.

## The lobby.

api_docs = Documentación de la API
learn_title = ¿Nuevo en Ursuppe?
learn_text = Juega una primera partida contra dos bots que eligen al azar. Cada tipo de decisión se explica sola la primera vez que aparece; "Entendido" pliega la explicación.
learn_button = Aprender a jugar
create_title = Crear una partida
your_name = Tu nombre
decoy_scores = El señuelo puntúa (su marcador puede acabar la partida)
seats_legend = Puestos (el puesto 1 es el tuyo)
time_per_decision = Tiempo por decisión (segundos, 0 = sin límite)
on_timeout = Si se agota el tiempo
timeout_move = un bot hace esa jugada
timeout_seat = un bot toma el puesto
timeout_bot = Bot por tiempo agotado
resign_bot = Bot tras abandonar
label_optional = Etiqueta (opcional)
bot_levels_title = Los niveles de bot
custom_deck = Mazo de entorno propio
use_deck = Jugar con este mazo (lista JSON de cartas, barajada por la partida; oculta hasta el final)
create_button = Crear y tomar el puesto 1
my_games = Mis partidas
my_games_text = Los puestos que guarda este navegador (en su almacenamiento).
my_games_everywhere = Partidas y turnos de tu jugador en cada dispositivo
open_games = Partidas abiertas
games_to_watch = Partidas para mirar
finished = Terminadas
seat_1_you = Puesto 1: tú
player = Jugador
kind_bot = bot
kind_human = humano (puesto libre)
bot_level_label = Nivel del bot
bot_name = Nombre del bot
optional = opcional
deck_not_json = El mazo no es JSON: { $error }
resume = Seguir { $id }
your_seat = Tu puesto
th_status = Estado
seats = Puestos
join = Unirse
game_players =
    { $n ->
         [one] { $id } ({ $n } jugador)
        *[other] { $id } ({ $n } jugadores)
    }
joined = unido
progress = Progreso
watch = Mirar { $id }
move_n = jugada { $n }
scores = Puntos
replay_n = Repasar { $id }
none = ninguna

## Chat at the table (chat.js)

chat_message = Mensaje
chat = Chat
chat_send = Enviar
chat_your_name = Tu nombre
chat_spectator = { $name } (observa)
chat_mute = silenciar
chat_mute_title = Ocultar los mensajes de { $name }
chat_guest = Invitado
chat_chat_rate_limited = Más despacio: pocos mensajes cada diez segundos.
chat_invalid_chat_text = Un mensaje tiene de 1 a 280 caracteres en una línea.
chat_chat_closed_to_spectators = El creador de la partida cerró el chat a los espectadores.
chat_chat_ended = La partida ha terminado: su chat está cerrado.
th_clock = Reloj
clock_low = Se te acaba el tiempo: quedan { $time }
time_control = Control de tiempo
tc_per_decision = Tiempo por decisión
tc_bank = Reserva con incremento (en vivo)
tc_correspondence = Por correspondencia (días por jugada)
tc_none = Sin reloj
bank_minutes = Reserva (minutos)
bank_increment = Incremento por jugada (segundos)
corr_days = Días por jugada (1-14)

## Players, sign-in, turn notices, leaderboard and profiles (account.js, notify.js, leaderboard.js, profile.js)

status_aborted = anulada
your_player = Tu jugador
leaderboard = Clasificación
account_page_title = Tu jugador — Ursuppe
account_create_title = Jugar como jugador
account_create_text = Un jugador guarda tus partidas, turnos y puntuación en cada dispositivo donde inicies sesión.
account_create_button = Crear mi jugador
account_code_label = Código de acceso de tu otro dispositivo
account_signin = Iniciar sesión
account_signed_in_as = Sesión iniciada como
account_player_id = Id de jugador
account_names_rule = Los nombres pueden repetirse; el id es solo tuyo.
account_profile = Tu perfil
account_new_name = Nombre nuevo
account_rename = Cambiar el nombre
account_issue_code = Iniciar sesión en otro dispositivo
account_code_hint = Escribe allí { $code } en menos de 10 minutos (sirve una vez).
account_signout = Cerrar sesión en este navegador
account_invalid_signin_code = Ese código no sirve: es desconocido, ya se usó o tiene más de 10 minutos. Pide uno nuevo en tu otro dispositivo.
account_validation_error = Un nombre tiene de 1 a 64 caracteres; un código de acceso son las diez letras y cifras que muestra tu otro dispositivo.
account_invalid_name = Un nombre tiene de 1 a 64 caracteres en una línea, y algo debe verse: sin saltos de línea ni caracteres de control o de dirección.
account_not_your_seat = Tu jugador no ocupa ese puesto.
account_seat_resigned = Ese puesto se rindió: ahora lo juega un bot.
account_game_not_open = Esa partida ha terminado.
my_turns = Mis turnos
account_deadline = Plazo
account_no_deadline = ninguno
account_play = Jugar { $id }
account_continue = Seguir { $id }
account_view = Ver { $id }
authorize_page_title = Permitir un sitio — Ursuppe
authorize_title = Dejar que un sitio actúe por ti
authorize_asks = { $site } pide actuar en tu nombre
authorize_unverified = Este sitio no está registrado aquí: el nombre se lo ha dado él mismo. Mira abajo adónde te lleva tu respuesta.
authorize_registered = Un sitio registrado aquí (cliente { $id }).
authorize_back_to = Tu respuesta te devuelve a
authorize_may = Si lo permites, podrá:
authorize_answer_as = Respondes como { $name }.
authorize_approve = Permitir
authorize_deny = Rechazar
authorize_revoke_hint = Puedes retirarlo cuando quieras en Sitios y tokens.
authorize_sign_in = Inicia sesión primero: pide un código en un dispositivo donde juegues (Tu jugador, Iniciar sesión en otro dispositivo) y escríbelo aquí.
authorize_refused_title = Esta solicitud no se puede conceder
authorize_back = Avisar al sitio y volver
authorize_consent_expired = Esta página estuvo abierta demasiado tiempo: cárgala de nuevo.
scope_profile_read = ver tu jugador, tus partidas, tus turnos y a quién has silenciado o bloqueado
scope_profile_write = cambiar tu nombre y a quién silencias o bloqueas
scope_game_create = crear partidas en tu nombre
scope_game_play = ocupar asientos y jugar en los tuyos: jugadas, abandonar, pistas, chat
scope_seek_write = buscar partidas por ti (juego rápido) y dejar de buscar
scope_challenge_read = leer los retos que enviaste y recibiste
scope_challenge_write = retar a otros en tu nombre, responder a retos y ofrecer revanchas
scope_tournament_enter = inscribirte en torneos y etiquetas, y darte de baja
scope_tournament_organise = organizar torneos en tu nombre
scope_label_organise = reclamar etiquetas en tu nombre y gestionar las inscripciones
scope_webhook_manage = configurar, leer y borrar tus webhooks
scope_bot_play = jugar como tus cuentas de bot
tokens_link = Sitios y tokens
tokens_page_title = Sitios y tokens — Ursuppe
tokens_signed_out = Inicia sesión primero en este navegador:
tokens_title = Lo que actúa por ti
tokens_intro = Cada sesión, sitio y token personal que actúa por tu jugador. Revocarlo lo detiene al instante.
tokens_th_what = Qué
tokens_th_scopes = Puede
tokens_th_created = Desde
tokens_th_last_used = Último uso
tokens_kind_device = Sesión en un dispositivo
tokens_this_browser = Este navegador
tokens_kind_personal = Token personal: { $label }
tokens_kind_oauth = Sitio { $site } ({ $where })
tokens_all_scopes = todo
tokens_never = aún no
tokens_revoke = Revocar
tokens_new_title = Nuevo token de acceso personal
tokens_new_text = Para tus propios programas, un bot o un script: elige qué puede hacer.
tokens_label = Nombre
tokens_may = Puede:
tokens_create = Crear token
tokens_created = Tu nuevo token, solo se muestra esta vez: { $token }
tokens_validation_error = Ponle un nombre al token y elige al menos una cosa que pueda hacer.
tokens_invalid_name = Un nombre de token tiene de 1 a 100 caracteres visibles en una línea (sin saltos de línea ni caracteres de control).
tokens_approved = autorizado { $n } veces
tokens_too_many_tokens = Tienes 100 tokens: revoca uno primero.
clients_title = Tus sitios
clients_intro = Registra un sitio que guarda un secreto en su servidor, para que los jugadores le dejen actuar por ellos. Las apps y páginas que no pueden guardar un secreto no necesitan registro.
clients_name = Nombre del sitio
clients_redirects = Direcciones de retorno, una por línea
clients_register = Registrar sitio
clients_created = Registrado. Id de cliente: { $id }. Secreto, visible solo esta vez: { $secret }
clients_th_site = Sitio
clients_th_id = Id de cliente
clients_th_redirects = Direcciones de retorno
clients_delete = Borrar
clients_none = Aún no has registrado ningún sitio.
clients_validation_error = Dale un nombre al sitio y al menos una dirección de retorno.
clients_invalid_name = El nombre de un sitio tiene de 1 a 100 caracteres visibles en una línea (sin saltos de línea ni caracteres de control).
clients_invalid_redirect_uri = Una dirección de retorno debe empezar por https:// (http:// solo con la dirección propia de este ordenador) y no llevar #fragmento ni nombre de usuario.
clients_too_many_clients = Ya has registrado 10 sitios: borra uno primero.
notice_title = Te toca en Ursuppe
notice_body = Partida { $game }, puesto { $seat }: una decisión te espera.
notice_allow = Avísame cuando me toque (notificaciones del navegador)
notice_on = Los avisos de tus turnos están activos mientras haya una página de este sitio abierta.
notice_blocked = Este navegador bloquea las notificaciones de este sitio; el título de la pestaña sigue mostrando tus turnos.
notice_unsupported = Este navegador no tiene notificaciones; el título de la pestaña muestra tus turnos.
leaderboard_page_title = Clasificación — Ursuppe
pool_label = Tabla
pool_players =
    { $n ->
         [one] { $n } jugador
        *[other] { $n } jugadores
    }
pool_variant = 2 jugadores: { variant_name }
leaderboard_explain = Ordenada por el ordinal (μ − 3σ): una estimación prudente que sube a medida que un jugador se demuestra. Cada tamaño de partida y cada variante para 2 tiene su propia tabla; los niveles de bot se puntúan como las personas y van marcados.
lb_how_title = Qué significan los números
lb_how_mu = μ (mu) es la habilidad que el servicio atribuye a cada jugador según todas sus partidas puntuadas: ganar a rivales fuertes es lo que más la sube. Todos empiezan en 25.
lb_how_sigma = σ (sigma) indica cuánta duda queda sobre esa estimación. Empieza en unos 8,3 y baja con cada partida, así que la μ de alguien nuevo aún puede cambiar mucho.
lb_how_ordinal = El ordinal, μ − 3σ, da el orden de la tabla: una habilidad que el jugador tiene casi con seguridad como mínimo. Quien empieza está cerca de 0 y sube jugando, incluso con la misma μ, porque σ baja.
qp_default_name = Ameba { $n }
qp_name_note = Los demás ven este nombre en la mesa y en la clasificación.
th_rank = #
th_ordinal = Ordinal
th_mu = μ
th_sigma = σ
th_games = Partidas
leaderboard_empty = Aún no hay partidas puntuadas en esta tabla.
bot_badge = bot
profile_page_title = { $name } — Ursuppe
profile_player = Jugador
profile_bot = { $name } (bot)
profile_since = Juega desde { $date }
profile_not_rated = Aún sin puntuación.
profile_history = Puntuación en el tiempo
profile_no_history = Ninguna partida puntuada en esta tabla.
profile_chart_label =
    { $n ->
         [one] Ordinal de { $lo } a { $hi } en { $n } partida
        *[other] Ordinal de { $lo } a { $hi } en { $n } partidas
    }
profile_chart_x = partidas puntuadas
profile_chart_point = Partida { $n }: puesto { $place } de { $of }, ordinal { $ordinal }
profile_chart_start = Antes de la primera partida puntuada: ordinal { $ordinal }
profile_recent = Partidas recientes
profile_place = { $place } de { $n }
profile_replay = Repetir { $id }
chat_spectators_allowed = Los espectadores pueden escribir (tú creaste esta partida)
chat_closed_note = Ahora solo escriben los jugadores.
qp_title = Jugar ya
qp_text = Encuentra gente que quiere la misma partida. Si nadie llega durante la espera, bots ocupan los asientos libres.
qp_wait = Esperar a personas
qp_bots = Después bots
qp_rated = Puntúa
qp_unrated = No puntúa
play_now = Jugar ya
qp_cancel = Cancelar
qp_seeking = Buscando partida ahora
qp_nobody = Ahora no busca nadie.
qp_bank = { $m } min + { $s } s
qp_per_move = { $s } s por jugada
qp_days =
    { $n ->
         [one] { $n } día por jugada
        *[other] { $n } días por jugada
    }
qp_waiting = Buscando jugadores: en { $s } s los bots completan la partida.
qp_filling = Creando la partida…
qp_cancelled = Búsqueda cancelada.
qp_players_n =
    { $n ->
         [one] { $n } jugador
        *[other] { $n } jugadores
    }
qp_seconds =
    { $s ->
         [one] { $s } segundo
        *[other] { $s } segundos
    }
qp_minutes = { $m } min
hint_button = Pista
hint_thinking = El bot de búsqueda está pensando…
hint_suggests = Prueba: { $action }.
hint_only_choice = Aquí nada más cambia las cosas de verdad.
hint_reason = Lo que la búsqueda calcula tras esto para tu margen final sobre el mejor rival: { $value } puntos, { $gain } respecto a su siguiente opción ({ $alt }).
hint_reason_alone = Lo que la búsqueda calcula tras esto para tu margen final sobre el mejor rival: { $value } puntos.
hint_stale = La partida ya ha avanzado: vuelve a pedirla.
hint_slow = Aún no hay respuesta: vuelve a pedirla en un momento.
rated_game = Puntuable: el resultado cuenta para las clasificaciones (sin pistas durante la partida)
offline_title = Sin conexión — Ursuppe
offline_heading = Estás sin conexión
offline_text = Esta página necesita el servidor y la red no lo alcanza ahora. Tus partidas siguen allí: sus relojes corren y los bots juegan donde las reglas lo dicen.
offline_retry = Reintentar
front_page_title = Ursuppe Server — juega a Ursuppe en línea
front_title = Sopa primordial, servida por HTTP
front_intro = Este servidor juega el juego de mesa Ursuppe (Sopa primordial): las amebas derivan, comen, se dividen y desarrollan genes hasta que una especie llega al final de la escala de puntos. Juega aquí en tu navegador contra bots y personas, mira partidas en directo o escribe tu propio cliente para la API REST.
front_learn_text = Una primera partida contra dos bots que eligen al azar, sin reloj: cada tipo de decisión se explica la primera vez que llega, y la carta de un gen se abre al señalar su nombre.
front_play_text = Un clic encuentra personas que quieren la misma partida y el mismo ritmo; si nadie llega durante la espera, los bots ocupan los asientos libres. O crea tu propia partida y envía los enlaces de invitación.
front_sizes_title = Todos los tamaños de partida
front_sizes_text = De tres a seis jugadores, cada asiento una persona o un bot del nivel que elijas; dos personas juegan una de las variantes para dos. En directo con reloj por decisión o con banco de tiempo, o por correspondencia con días por jugada.
front_watch_title = Mirar y repasar
front_watch_text = Sigue en directo cualquier partida en curso, solo lectura, con su chat; repasa cada partida terminada jugada a jugada.
front_leaderboard_text = Las partidas puntuables cuentan para una clasificación por tamaño de partida y variante, bots incluidos; cada jugador tiene un perfil con la evolución de su puntuación y sus partidas.
front_api_title = Para desarrolladores
front_api_text = Todo lo que hacen estas páginas pasa por una API REST pública con flujos en directo y webhooks: escribe tu propio cliente, o un bot que juegue aquí.
front_api_docs = La referencia interactiva de la API (Swagger UI)
front_openapi = El documento OpenAPI
front_rules_data = Las reglas como datos
board_label = El tablero
board_compass = brújula
board_target = Objetivo: ameba { $n } de { $seat }
board_field = Casilla { $field }
board_drift =
    { $drift ->
        [none] El tablero; sin corriente
       *[other] El tablero; corriente hacia el { $dir }
    }
board_field_title =
    { $n ->
         [one] { $field }: comida { $food }; { $n } ameba
        *[other] { $field }: comida { $food }; { $n } amebas
    }

## Tournaments (tournaments.js, tournament.js)

tournaments = Torneos
tournaments_page_title = Torneos — Ursuppe
tournament_page_title = Torneo — Ursuppe
tn_upcoming = Próximos
tn_running = En curso
tn_finished = Terminados
tn_explain = Cada partida vale un punto, repartido según el puesto final: el ganador 1, el último 0. A igualdad de puntos deciden los puntos de los rivales y luego el rendimiento.
tn_enter = Inscribirse
tn_withdraw = Retirarse
tn_standings = Clasificación
tn_rounds = Rondas
tn_entries = Inscritos
tn_none = Ninguno por ahora.
tn_th_name = Torneo
tn_th_format = Formato
tn_th_game = Partida
tn_th_when = Cuándo
tn_th_entrants = Inscritos
tn_swiss_rounds =
    { $n ->
         [one] Suizo, { $n } ronda
        *[other] Suizo, { $n } rondas
    }
tn_round_robin = Todos contra todos
tn_arena_minutes = Arena, { $m } min
tn_with_bots = bots ({ $level }) completan las mesas
tn_invitation = solo con invitación
tn_min_rating = puntuación desde { $r }
tn_starts = Empieza { $when }
tn_round_now = Se juega la ronda { $n }
tn_is_finished = Terminado
tn_is_cancelled = Cancelado
tn_no_standings = Aún no hay inscritos.
tn_th_score = Puntos
tn_th_games = Partidas
tn_th_byes = Descansos
tn_th_opponents = Pts. rivales
tn_th_performance = Rend.
tn_withdrawn = retirado
tn_bot = Bot
tn_place = puesto { $n }
tn_play = Jugar
tn_watch = Mirar
tn_see_game = Ver la partida
tn_table_n = Mesa { $n }
tn_playing = en juego
tn_done = terminada
tn_no_rounds = La ronda 1 se empareja cuando empiece el torneo.
tn_round_n = Ronda { $n }
tn_round_scheduled = prevista
tn_round_playing = en juego
tn_round_finished = terminada
tn_byes = Descansan (medio punto cada uno): { $names }
tn_your_table = Tu partida: mesa { $n } de la ronda { $round }. Pulsa Jugar para ocupar tu asiento.
tn_no_entries = Todavía no se ha inscrito nadie.
tn_entry_invited = invitado
tn_entry_entered = inscrito
tn_entry_withdrawn = retirado
tn_name_needed = Escribe primero el nombre con el que quieres jugar.
tn_not_found = Este torneo no existe o es privado.
tn_err_tournament_closed = Ya no es posible inscribirse en este torneo.
tn_err_not_invited = En este torneo solo juegan los invitados.
tn_err_rating_too_low = Tu puntuación está por debajo del mínimo de este torneo.
tn_err_bots_not_allowed = Las cuentas de bot no pueden inscribirse en este torneo.
tn_lobby_title = Torneos abiertos a inscripción
tn_lobby_all = Todos los torneos
tn_lobby_none = Ahora mismo no hay torneos abiertos a inscripción.

## The organiser's form and card, the entrant's own line, the standings explained

tn_th_rating = Puntuación
tn_disqualified = descalificado
tn_entry_disqualified = descalificado
tn_organise = Organizar un torneo
tn_organise_text = Serás quien lo organiza: ves quién se inscribe, puedes empezarlo antes, retirar o descalificar a un participante y cancelarlo antes de que empiece.
tn_f_name = Nombre
tn_f_format = Formato
tn_f_swiss = Suizo
tn_f_arena = Arena
tn_f_table = Mesa
tn_f_p3 = 3 jugadores
tn_f_p4 = 4 jugadores
tn_f_p5 = 5 jugadores
tn_f_p6 = 6 jugadores
tn_f_rounds = Rondas
tn_f_minutes = Minutos
tn_f_rounds_rr = Déjalo vacío para jugar hasta que todos se hayan enfrentado con todos.
tn_f_clock = Reloj
tn_f_clock_30s = 30 s por decisión
tn_f_clock_2m = 2 min por decisión
tn_f_clock_bank = 10 min + 5 s por decisión
tn_f_clock_day = 1 día por decisión
tn_f_bots = Asientos libres
tn_f_bots_none = sin bots: mesas más pequeñas o descansos
tn_f_bots_random = bots aleatorios llenan las mesas
tn_f_bots_greedy = bots codiciosos llenan las mesas
tn_f_starts = Empieza
tn_f_rated = Puntuable: las partidas cuentan para la puntuación
tn_f_private = Privado: solo quien tenga el enlace de invitación lo ve y puede inscribirse
tn_create = Crear el torneo
tn_org_title = Organizas este torneo
tn_org_link = Enlace de invitación: quien lo tenga puede ver el torneo e inscribirse. Envíalo a los jugadores que quieras.
tn_org_copy = Copiar
tn_org_copied = Enlace copiado.
tn_org_start = Empezar ya
tn_org_starting = Empezando: la ronda 1 se empareja en unos segundos.
tn_org_cancel = Cancelar el torneo
tn_org_cancel_confirm = ¿Cancelar este torneo? Después nadie podrá inscribirse ni jugarlo.
tn_org_upcoming = Empieza solo a su hora; empiézalo ya cuando todos se hayan inscrito.
tn_org_running = Avanza solo: cada ronda se empareja en cuanto terminan todas las mesas de la anterior.
tn_org_withdraw = Retirar
tn_org_disqualify = Descalificar
tn_org_disqualify_confirm = ¿Descalificar a { $name }? No se le emparejará más y no podrá volver a inscribirse.
tn_you_table = Ronda { $round }, tu mesa { $n }: { $names }.
tn_you_waiting = Tu partida ha terminado: la siguiente ronda se empareja cuando terminen todas las mesas.
tn_you_waiting_arena = Tu partida ha terminado: vuelves a sentarte en cuanto esperen bastantes jugadores.
tn_you_bye = Descansas en la ronda { $round }: vale medio punto.
tn_you_place = Tu puesto: { $rank } de { $n }, puntos { $score }.
tn_how_title = Qué significan las columnas
tn_how_score = Cada partida vale un punto: quien gana una mesa se lo lleva entero, el último nada, y los puestos intermedios una parte que baja puesto a puesto. Descansar una ronda vale medio punto.
tn_how_opponents = El primer desempate: lo bien que les fue en todo el torneo a los jugadores contra los que jugaste. Un buen resultado contra rivales fuertes cuenta más.
tn_how_performance = El segundo desempate: lo fuertes que fueron tus resultados, según la puntuación de tus rivales y los puestos en que terminaste.
tn_how_rating = El tercer desempate: tu puntuación al empezar el torneo.
tn_how_rank = Quienes empatan en puntos y en los tres desempates comparten puesto. Quien se retiró o fue descalificado conserva los resultados que tenía.
tn_err_validation_error = Revisa: { $fields }.
tn_err_invalid_tournament = Con estas condiciones no se puede jugar un torneo: { $detail }
tn_err_invalid_players = Ese tamaño de mesa no es posible.
tn_err_invalid_time_control = Ese reloj no es posible.
tn_err_not_organiser = Solo quien organiza el torneo puede hacerlo.
tn_err_tournament_started = El torneo ya ha empezado, o se canceló.
tn_err_too_few_entrants = Aún no se han inscrito jugadores suficientes para una ronda.
tn_err_disqualified = La organización te ha descalificado de este torneo.
tn_err_entry_not_found = Este jugador no está inscrito en el torneo.
tn_err_tournament_not_found = Este torneo no existe, o es privado.

## Challenges and rematches (challenges.js)

ch_title = Desafíos
ch_outgoing = Tus desafíos
ch_from = { $name } te desafía
ch_rematch_from = { $name } ofrece la revancha
ch_to = Desafiaste a { $names }
ch_bot_name = { $name } (bot)
ch_players =
    { $n ->
         [one] { $n } jugador
        *[other] { $n } jugadores
    }
ch_tc_seconds =
    { $n ->
         [one] { $n } segundo por jugada
        *[other] { $n } segundos por jugada
    }
ch_tc_bank = { $m } min + { $s } s por jugada
ch_tc_days =
    { $n ->
         [one] { $n } día por jugada
        *[other] { $n } días por jugada
    }
ch_tc_none = sin reloj
ch_rated = puntuable
ch_casual = amistosa
ch_accept = Aceptar
ch_decline = Rechazar
ch_cancel = Retirar
ch_reason_label = Por qué rechazas
ch_reason_generic = No, gracias
ch_reason_later = Ahora no, más tarde
ch_reason_too_fast = Demasiado rápida para mí
ch_reason_too_slow = Demasiado lenta para mí
ch_reason_time_control = Otro reloj, por favor
ch_reason_rated = Solo partidas puntuables
ch_reason_casual = Solo partidas amistosas
ch_reason_variant = Otra variante, por favor
ch_reason_no_bot = No juego contra bots
ch_reason_only_bot = Solo juego contra bots
ch_waiting_others = Aceptado. La partida empieza cuando los demás acepten también.
ch_accepted_news = Aceptaron uno de tus desafíos: la partida está en marcha.
ch_open_game = Ir a la partida
ch_status_open = Sigue abierto
ch_status_accepted = Aceptado
ch_status_declined = Rechazado
ch_declined_because = Rechazado: «{ $reason }»
ch_status_cancelled = Retirado
ch_status_expired = Nadie respondió a tiempo
ch_new_title = Desafiar a una partida
ch_send = Desafiar a { $name }
ch_sent = Desafío enviado: falta la respuesta de { $name }. En la sala aparece entre tus desafíos.
ch_rematch_title = Otra vez
ch_rematch = Revancha
ch_rematch_waiting = Revancha ofrecida a { $names }: esperando su respuesta.
ch_rematch_offered_to_you = Otra persona ya ofreció esta revancha: acéptala abajo.

## Notices by email (account page, the email links' page)

notices_title = Avisos por correo
notices_text = Entérate de tu turno en una partida por correspondencia y más, aunque el sitio esté cerrado. Solo tú ves tu dirección.
notices_address = Correo electrónico
notices_save_address = Guardar y enviar el enlace de confirmación
notices_no_address = Aún no hay dirección: no se envía nada.
notices_unverified = Enviamos un enlace a { $email }: ábrelo para confirmar la dirección. Hasta entonces no se envía nada más.
notices_verified = Los avisos van a { $email }.
notices_unsubscribed = Diste de baja { $email } de todos los correos. Guarda tus preferencias para volver a recibir avisos.
notices_kinds = Qué avisos
notices_cadence = Cada cuánto
notice_kind_your_turn = Tu turno en una partida por correspondencia
notice_kind_game_end = Terminó una partida tuya
notice_kind_challenge = Alguien te desafía
notice_kind_tournament = Novedades de tus torneos
notice_cadence_now = En el acto
notice_cadence_digest = Un correo al día con todo
notices_save_choices = Guardar mis preferencias
notices_remove = Quitar mi dirección
notices_no_email_here = Este servidor no envía correos.
email_page_title = Avisos por correo — Ursuppe
email_heading = Avisos por correo
email_verified = Tu dirección está confirmada: los avisos llegarán a ella.
email_unsubscribe_ask = ¿Dar de baja esta dirección de todos los correos de Ursuppe?
email_unsubscribe_button = Darse de baja de todos los correos
email_unsubscribed = Hecho: no más correos. Puedes volver a elegir avisos en tu página de jugador cuando quieras.
email_link_unknown = Este enlace es desconocido o ha caducado.
push_title = Avisos push en este navegador
push_ask = Enviar mis avisos a este navegador
push_on = Tus avisos llegan a este navegador, aunque el sitio esté cerrado.
push_off = Dejar de recibirlos aquí
push_blocked = Este navegador bloquea los avisos de este sitio: permítelos en su configuración.
push_unsupported = Los avisos push no están disponibles aquí.
push_failed = Este navegador no pudo suscribirse a los avisos push.

## The board in words (board-text.js)

board_text_heading = El tablero en palabras
board_text_intro = Cada casilla con su comida y sus amebas. Las flechas van de casilla en casilla; Intro elige una casilla que ofrece la decisión.
board_text_field = { $field }: { $food }; { $amoebas }.
board_text_cubes =
    { $n ->
         [one] { $n } cubo { $colour }
        *[other] { $n } cubos { $colour }
    }
board_text_no_food = sin comida
board_text_no_amoebas = sin amebas
board_text_damaged =
    { $dp ->
        [one] { $amoeba }, { $dp } punto de daño
       *[other] { $amoeba }, { $dp } puntos de daño
    }
board_text_pick = Elegir { $field }

## Names, colours and directions as the messages compose them

colour_name =
    { $colour ->
        [orange] naranja
        [sky_blue] celeste
        [green] verde
        [pink] rosa
        [yellow] amarillo
        [blue] azul
       *[other] { $colour }
    }
dir_name =
    { $dir ->
        [W] oeste
        [N] norte
        [E] este
        [S] sur
        [stay] quedarse
       *[none] ninguna
    }
seat_name =
    { $who ->
        [bot] Bot { $place } ({ colour_name }, { $level })
        [decoy] Señuelo ({ colour_name })
        [open] Puesto { $place } ({ colour_name })
       *[named] { $name } ({ colour_name })
    }
player_name =
    { $who ->
        [bot] Bot { $place } ({ $level })
        [decoy] Señuelo
        [open] puesto libre
       *[named] { $name }
    }
seat_of = de { $seat }
player_name_you = { player_name } (tú)
name_you = { $name } (tú)
cubes_n =
    { $colour ->
        [orange] { $n }× naranja
        [sky_blue] { $n }× celeste
        [green] { $n }× verde
        [pink] { $n }× rosa
        [yellow] { $n }× amarillo
       *[blue] { $n }× azul
    }
log_action =
    { $actor ->
        [bot] { $seat }, jugado por un bot: { $what }.
        [timeout] { $seat }, sin tiempo, eligió el bot: { $what }.
       *[human] { $seat }: { $what }.
    }
phases = Fases
ladder_label = Puntos: { $scores }
ladder_score = { $seat }: { $score }
lobby_bot_seat = bot de nivel { $level }
variant_name =
    { $variant ->
        [double_1] Doble I
        [double_2] Doble II
        [decoy] Señuelo
       *[other] { $variant }
    }
variant_option = { $n }: { variant_name }
label_example = copa-2026:ronda-1
deck_label = mazo de entorno en JSON

## Blocking and deleting the account
blocks_title = Jugadores que has bloqueado
blocks_text = Un bloqueo mantiene a un jugador lejos de ti: no hay desafíos en ningún sentido, ninguna partida rápida juntos y no ves sus mensajes de chat. Puedes bloquear a alguien desde su página de perfil.
blocks_unblock = Desbloquear
account_delete_title = Eliminar mi cuenta
account_delete_text = Tu sesión en todos los dispositivos, tu correo electrónico, tus tokens, valoraciones, silencios y bloqueos desaparecen al momento, y no se puede deshacer. Las partidas que jugaste se conservan para los demás, con el nombre «deleted player».
account_delete_confirm = Escribe tu nombre para confirmar
account_delete_button = Eliminar mi cuenta para siempre
account_delete_mismatch = Para confirmar, escribe tu nombre tal y como aparece arriba en esta página.
account_deleted = Tu cuenta se ha eliminado y este navegador ha cerrado la sesión.
block_title = Bloquear
block_text = Si bloqueas a { $name }, no habrá desafíos entre vosotros ni partidas rápidas juntos, y dejarás de ver sus mensajes de chat. No se le avisa, y puedes deshacerlo cuando quieras.
block_button = Bloquear a { $name }
unblock_button = Desbloquear a { $name }
block_done = Has bloqueado a { $name }.
unblock_done = { $name } ya no está bloqueado.

## Reports and moderation
report = denunciar
report_title = Denunciar a { $name } ante los moderadores
report_message_title = Denunciar este mensaje de { $name } ante los moderadores
report_reason = Motivo
report_reason_abuse = Palabras ofensivas
report_reason_cheating = Trampas
report_reason_spam = Spam
report_reason_name = Un nombre inaceptable
report_reason_other = Otra cosa
report_comment = Qué ha pasado (opcional)
report_send = Enviar
report_cancel = Cancelar
report_sent = Gracias: un moderador lo revisará.
report_report_rate_limited = Has enviado muchas denuncias últimamente. Espera un rato antes de la siguiente.
report_cannot_report_self = No puedes denunciarte a ti mismo.
chat_chat_muted = Un moderador te ha silenciado: por ahora no puedes escribir en el chat.
moderation_page_title = Moderación — Ursuppe
moderation_link = Moderación
moderation_signed_out = Primero inicia sesión en este navegador:
moderation_not_moderator = Esta página es para los moderadores, a quienes nombra quien administra el servidor.
moderation_queue = Denuncias
moderation_queue_intro = Primero las denuncias abiertas, la más antigua arriba. Tomar una medida sobre un jugador cierra todas sus denuncias abiertas.
moderation_show = Mostrar
moderation_show_open = abiertas
moderation_show_closed = cerradas
moderation_show_all = todas
moderation_none = No hay denuncias aquí.
moderation_th_reported = Jugador
moderation_th_by = Denunciado por
moderation_th_reason = Motivo
moderation_th_what = Qué
moderation_th_when = Cuándo
moderation_th_status = Estado
moderation_th_moderator = Moderador
moderation_th_action = Medida
moderation_message = Mensaje: «{ $text }»
moderation_status_closed = cerrada
moderation_action = Medida
moderation_action_warn = Advertir
moderation_action_mute = Silenciar en el chat
moderation_action_bar_rated = Excluir de las partidas puntuadas
moderation_action_close_account = Cerrar la cuenta
moderation_action_lift = Levantar silencios y exclusiones
moderation_action_dismiss = Desestimar la denuncia
moderation_hours = Horas
moderation_hours_hint = Un silencio necesita horas; una exclusión sin horas dura hasta que se levante.
moderation_reason = Motivo (el jugador lo leerá)
moderation_act = Aplicar
moderation_done = Hecho: { $action } ({ $name }).
moderation_log = Registro
moderation_log_intro = Cada medida tomada, la más reciente primero.
moderation_until = hasta { $when }
moderation_until_lifted = hasta que se levante
moderation_report_closed = Otro moderador ya se ha ocupado de esta denuncia.
moderation_invalid_moderation = Así no funciona: un silencio necesita horas, y solo un silencio o una exclusión las admiten.
