import type { Generated } from "kysely";

/**
 * Table types for Kysely. Booleans are stored as 0/1 integers and times as ISO
 * text so one set of migrations runs on SQLite and PostgreSQL alike.
 */
export interface UsersTable {
  id: Generated<number>;
  login: string | null;
  password_hash: string | null;
  partner_id: string | null;
  nickname: string;
  guest: number;
  level: number;
  silver: number;
  premium: number;
  tutorial_active: number;
  tutorial_step: string;
  active_deck: number;
  rank_score: number;
  season_xp: number;
  created_at: string;
  updated_at: string;
  /** Bumped by a password change: tokens of an older version are refused. */
  session_version: Generated<number>;
  /** sha256 of the local-play device key (a server-issued secret), or null. */
  device_key_hash: string | null;
  /** Set by an operator: the account signs in nowhere until lifted. */
  suspended_at: string | null;
  suspended_reason: string | null;
}

export interface OperatorActionsTable {
  id: Generated<number>;
  /** The operator's name (from OPERATOR_TOKENS or the admin command's --operator). */
  operator: string;
  /** lookup, grant, refund, end_sessions, suspend, unsuspend */
  action: string;
  user_id: number | null;
  /** JSON: what was asked and what came of it (never a token). */
  details: string;
  created_at: string;
  /**
   * done, pending (a grant waiting for a second operator), refused (the call
   * was refused: 400/404/409...), wrong_token, missing_token, throttled.
   */
  outcome: Generated<string>;
  /** The HTTP status answered (the admin command: 200 or 400). */
  status: Generated<number>;
  /** The client address (request.ip), or "cli" for the admin command. */
  address: string | null;
  /** The route, as "POST /api/operator/grant", or "admin grant". */
  route: string | null;
}

/** Gems each operator granted per UTC day, kept under OPERATOR_GRANT_GEMS_PER_DAY. */
export interface OperatorGrantDaysTable {
  operator: string;
  /** YYYY-MM-DD, UTC. */
  day: string;
  gems: Generated<number>;
}

/** A grant above its operator's daily ceiling, waiting for another operator to confirm it. */
export interface OperatorPendingGrantsTable {
  id: Generated<number>;
  /** The grant form's key: one pending grant per key; its ledger key once confirmed. */
  grant_key: string;
  operator: string;
  user_id: number;
  gems: number;
  reason: string;
  /** pending, confirmed */
  status: string;
  confirmed_by: string | null;
  created_at: string;
  confirmed_at: string | null;
}

export interface PartnerLaunchesTable {
  /** The launch's signature (hex): each signed launch signs in once. */
  signature: string;
  partner_user: string;
  used_at: string;
}

export interface LibraryCardsTable {
  user_id: number;
  card_id: number;
  amount: number;
}

export interface DeckCardsTable {
  user_id: number;
  deck_number: number;
  card_id: number;
  amount: number;
}

export interface UserMapsTable {
  user_id: number;
  cpu_id: number;
  beaten_at: string;
}

export interface DailyTasksTable {
  user_id: number;
  day: string;
  task_id: number;
  need: number;
  done: number;
  reward: number;
  finished: number;
  /** 1 once the client showed the finished task's reward popup. */
  seen: Generated<number>;
}

export interface SeasonRewardsTable {
  user_id: number;
  season: string;
  level: number;
  track: string;
  claimed_at: string;
}

export interface GemLedgerTable {
  id: Generated<number>;
  user_id: number;
  delta: number;
  balance_after: number;
  reason: string;
  idempotency_key: string;
  created_at: string;
}

export interface AnalyticsEventsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  data: string;
  created_at: string;
}

export interface BattlesTable {
  id: string;
  user_id: number;
  /** cpu (story), bot (story's cpu/start with the arena bot 21), pvp, pvpbot (arena bot game) or practice (a deck challenge). */
  mode: string;
  cpu_id: number;
  /** active or finished. */
  status: string;
  /** JSON: the engine's BattleSetup (seed included: never sent to a client). */
  setup: string;
  /** JSON: every accepted action, in order (the replayable trace). */
  actions: string;
  /** JSON: the engine state after the last action. */
  state: string;
  version: number;
  winner: number | null;
  rewards: number | null;
  created_at: string;
  /** The last write (every move). Not indexed: a move then updates the row in place (0017). */
  updated_at: string;
  /** When it finished (null while active): the replay list's order (0017). */
  finished_at: string | null;
  /** The engine (ENGINE_VERSION) and catalogue the battle was created with; null before 0007. */
  engine_version: string | null;
  catalogue_version: string | null;
}

export interface BoxOpeningsTable {
  id: string;
  user_id: number;
  box_id: number;
  /** The client's request id (or a generated one): the same key opens once. */
  request_key: string;
  /** JSON of the opened box as answered. */
  result: string;
  created_at: string;
}

export interface PaymentOrdersTable {
  id: string;
  user_id: number;
  partner: string;
  box_id: number;
  gems: number;
  /** Price in the platform's money, in minor units (cents). */
  price: number;
  /** created, paid or failed (set by the platform's signed notice). */
  status: string;
  payment_id: string | null;
  created_at: string;
  paid_at: string | null;
}

/** A season: the open one (at most one) and the closed ones. */
export interface SeasonsTable {
  id: string;
  starts_at: string;
  ends_at: string;
  /** open or closed. */
  status: string;
  closed_at: string | null;
}

/** What each player held when a season closed, and whether its rank reward is paid. */
export interface SeasonResultsTable {
  season: string;
  user_id: number;
  rank: string;
  rank_score: number;
  season_xp: number;
  reward: number;
  paid_at: string | null;
}

/** The season levels whose reward popups a player has seen (free and paid track). */
export interface SeasonSeenTable {
  user_id: number;
  season: string;
  free_level: number;
  paid_level: number;
}

/** An arena game beside its battles row (migration 0004). */
export interface ArenaGamesTable {
  /** The battles row's id (the game_id clients send). */
  id: string;
  /** pvp or bot. */
  mode: string;
  player0: number;
  /** null in a bot game. */
  player1: number | null;
  /** active or finished. */
  status: string;
  /** Milliseconds since the epoch when the active side's turn ends. */
  turn_deadline: number;
  created_at: string;
  updated_at: string;
}

/** One row per player in an active arena game (at most one each). */
export interface ArenaSeatsTable {
  user_id: number;
  game_id: string;
  /** The player's absolute side, 0 or 1. */
  side: number;
}

/** A player's view number: bumped by triggers on every write of the view's tables (migration 0008). */
export interface PlayerViewVersionsTable {
  user_id: number;
  version: number;
}

/** The number of the views' global parts (open season, champions), one row (migration 0011). */
export interface ViewGlobalsTable {
  id: number;
  version: number;
  /** The champions' floor the triggers were made with. */
  champions_floor: number;
}

/** A player's shared replay of a battle they played (migration 0010, docs/replays.md). */
export interface ReplaySharesTable {
  /** 128 random bits, base64url (22 characters): the link's id. */
  share_id: string;
  battle_id: string;
  user_id: number;
  /** The sharer's absolute side (0 or 1): the seat the shared replay shows. */
  side: number;
  created_at: string;
}

/** Paid battles per player and UTC day (migration 0012, rules.md 4 "Paid battles"). */
export interface PaidBattleDaysTable {
  user_id: number;
  /** YYYY-MM-DD, UTC. */
  day: string;
  paid: number;
}

/** A player's friend code (migration 0015): 80 random bits, base32 (16 characters). */
export interface FriendCodesTable {
  user_id: number;
  code: string;
  created_at: string;
}

/** One row per side of a friendship (both written together). */
export interface FriendshipsTable {
  user_id: number;
  friend_id: number;
  created_at: string;
}

/** A pending friend request, from one player to another. */
export interface FriendRequestsTable {
  from_user: number;
  to_user: number;
  created_at: string;
}

/** A block: `blocker` refuses requests, challenges and watching from `blocked`. */
export interface BlocksTable {
  blocker: number;
  blocked: number;
  created_at: string;
}

export interface Database {
  paid_battle_days: PaidBattleDaysTable;
  friend_codes: FriendCodesTable;
  friendships: FriendshipsTable;
  friend_requests: FriendRequestsTable;
  blocks: BlocksTable;
  replay_shares: ReplaySharesTable;
  player_view_versions: PlayerViewVersionsTable;
  view_globals: ViewGlobalsTable;
  arena_games: ArenaGamesTable;
  arena_seats: ArenaSeatsTable;
  box_openings: BoxOpeningsTable;
  payment_orders: PaymentOrdersTable;
  partner_launches: PartnerLaunchesTable;
  battles: BattlesTable;
  users: UsersTable;
  library_cards: LibraryCardsTable;
  deck_cards: DeckCardsTable;
  user_maps: UserMapsTable;
  daily_tasks: DailyTasksTable;
  season_rewards: SeasonRewardsTable;
  seasons: SeasonsTable;
  season_results: SeasonResultsTable;
  season_seen: SeasonSeenTable;
  gem_ledger: GemLedgerTable;
  analytics_events: AnalyticsEventsTable;
  operator_actions: OperatorActionsTable;
  operator_grant_days: OperatorGrantDaysTable;
  operator_pending_grants: OperatorPendingGrantsTable;
}
