/**
 * Zod schemas of the battle's server state messages (product.md section 3),
 * matching the engine's message types (packages/engine/src/messages.ts) one
 * to one. The type-level checks at the bottom fail the build if the two
 * drift apart. The viewer is always "player", the other side "cpu". The
 * enums are the engine's own `as const` lists (effect kinds, triggers, end
 * reasons, target keys, error codes), never repeated here.
 */
import {
  type AbilityResultMsg,
  type CpuMsg,
  EFFECT_KINDS,
  END_REASONS,
  ENGINE_ERROR_CODES,
  type EngineErrorCode,
  type GameDataMsg,
  type PlayTarget,
  type StateMessage,
  TARGET_KEYS,
  TRIGGERS,
  UNPAID_REASONS,
  type UnitMsg,
  VIEW_SIDES,
} from "@cardrealm/engine";
import { z } from "zod";

const int = z.number().int();

export const ViewSideSchema = z.enum(VIEW_SIDES);

export const PlayTargetSchema = z.object({
  key: z.enum(TARGET_KEYS),
  value: int,
  side: ViewSideSchema,
});

export const EffectKindSchema = z.enum(EFFECT_KINDS);

export const TriggerSchema = z.enum(TRIGGERS);

export const EndReasonSchema = z.enum(END_REASONS);

export const ResourceMsgSchema = z.object({ amount: int, inc: int });

export const UnitMsgSchema = z.object({
  uid: int,
  card: int,
  attack: int,
  hp: int,
  maxHp: int,
  sleep: z.boolean(),
  exhausted: z.boolean(),
  poison: int,
  ready: z.boolean(),
  effect: z.object({ stun: int }),
});

/** 0 for an empty cell. */
export const TableSlotMsgSchema = z.union([z.literal(0), UnitMsgSchema]);

export const CpuMsgSchema = z.object({
  fire: ResourceMsgSchema,
  diamond: ResourceMsgSchema,
  pow: ResourceMsgSchema,
  hp: int,
  maxHp: int,
  table: z.array(TableSlotMsgSchema),
});

export const PlayerMsgSchema = CpuMsgSchema.extend({
  /** Card ids keyed by hand key. */
  hand: z.record(z.string(), int),
});

const SideCountersSchema = z.object({ deck_count: int, hand_count: int });

export const CountersMsgSchema = z.object({ player: SideCountersSchema, cpu: SideCountersSchema });

export const PhaseMsgSchema = z.enum(["play_card", "enemy_turn", "end_game"]);

export const GameDataMsgSchema = z.object({
  playerName: z.string(),
  cpuName: z.string(),
  turn: int,
  turnCap: int,
  version: int,
  active: ViewSideSchema,
  cardsPlayed: int,
  game_id: z.string().optional(),
  cpu_id: int.optional(),
  isPvP: z.boolean().optional(),
  /** A friendly game (issue 24): pays nothing, moves no rank; the end panel offers a rematch. */
  friendly: z.boolean().optional(),
  turn_deadline: z.number().optional(),
  server_time: z.number().optional(),
  idle_left: int.optional(),
  player_rank: z.string().optional(),
  cpu_rank: z.string().optional(),
});

export const EndGameMsgSchema = z.object({
  winner: ViewSideSchema.nullable(),
  reason: EndReasonSchema,
  result: z
    .object({
      rewards: z.object({ silver: int }),
      sesason_pass_bonus: int.optional(),
      unpaid: z.enum(UNPAID_REASONS).optional(),
      rank_delta: int.optional(),
      season_xp: int.optional(),
    })
    .optional(),
});

export const UnitFightMsgSchema = z.object({
  tableKey: int,
  sideA: ViewSideSchema,
  sideD: ViewSideSchema,
  attacking: int,
  defend: int,
  pierce: int,
});

export const UnitDamageToPlayerMsgSchema = z.object({
  tableKey: int,
  side: ViewSideSchema,
  damage: int,
});

export const AbilityResultMsgSchema = z.object({
  target: PlayTargetSchema,
  effect: EffectKindSchema,
  amount: int,
  card: int.optional(),
});

export const MiddlewareAbilityMsgSchema = z.object({
  tableKey: int.nullable(),
  side: ViewSideSchema,
  card_id: int,
  trigger: TriggerSchema,
  result: z.array(AbilityResultMsgSchema),
  double_state: z.boolean(),
});

export const PlayerPlayedCardMsgSchema = z.object({
  card: int,
  handKey: int,
  cell: int.nullable(),
  target: PlayTargetSchema.nullable(),
});

export const CpuPlayedCardMsgSchema = z.object({
  card: int,
  target: PlayTargetSchema.nullable(),
  result: z.object({ cell: int.nullable() }),
});

export const CpuStartTurnMsgSchema = z.object({ turn: int });

export const CpuEndTurnMsgSchema = z.object({ turn: int, timeout: z.boolean() });

/** One server state message: any subset of these keys. */
export const StateMessageSchema = z.object({
  skip_turn: z.boolean().optional(),
  cpu: CpuMsgSchema.optional(),
  game_data: GameDataMsgSchema.optional(),
  phase: PhaseMsgSchema.optional(),
  end_game: EndGameMsgSchema.optional(),
  counters: CountersMsgSchema.optional(),
  unit_fight: UnitFightMsgSchema.optional(),
  unit_damage_to_player: UnitDamageToPlayerMsgSchema.optional(),
  middleware_ability: MiddlewareAbilityMsgSchema.optional(),
  player: PlayerMsgSchema.optional(),
  player_played_card: PlayerPlayedCardMsgSchema.optional(),
  cpu_played_card: CpuPlayedCardMsgSchema.optional(),
  cpu_start_turn: CpuStartTurnMsgSchema.optional(),
  cpu_end_turn: CpuEndTurnMsgSchema.optional(),
});

/** A battle call's answer: `{ data: StateMessage[] }`. */
export const StateMessagesSchema = z.array(StateMessageSchema);

/** The engine's refusal codes, for the wire's `{ error: { code, message } }` of battle calls. */
export const EngineErrorCodeSchema = z.enum(ENGINE_ERROR_CODES);

// Type-level checks: each schema's output type is exactly the engine's type.
type Equals<X, Y> =
  (<T>() => T extends X ? 1 : 2) extends <T>() => T extends Y ? 1 : 2 ? true : false;
function assertType<_T extends true>(): void {}
assertType<Equals<z.infer<typeof StateMessageSchema>, StateMessage>>();
assertType<Equals<z.infer<typeof UnitMsgSchema>, UnitMsg>>();
assertType<Equals<z.infer<typeof CpuMsgSchema>, CpuMsg>>();
assertType<Equals<z.infer<typeof GameDataMsgSchema>, GameDataMsg>>();
assertType<Equals<z.infer<typeof AbilityResultMsgSchema>, AbilityResultMsg>>();
assertType<Equals<z.infer<typeof PlayTargetSchema>, PlayTarget>>();
assertType<Equals<z.infer<typeof EngineErrorCodeSchema>, EngineErrorCode>>();
