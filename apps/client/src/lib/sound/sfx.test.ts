import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { setAudioContextFactory } from "./audio-context.ts";
import { FakeAudioContext } from "./fake-audio-context.ts";
import { ATTACK_PITCH, attackTier, FACTION_VOICES, sfx } from "./sfx.ts";

let fake: FakeAudioContext;

beforeEach(() => {
  fake = new FakeAudioContext();
  setAudioContextFactory(() => fake.asContext());
});

afterEach(() => setAudioContextFactory(null));

function firstPitch(): number | undefined {
  return fake.oscillators[0]?.frequency.events[0]?.value;
}

describe("attack sounds", () => {
  it("choose the tier by attack value: 1 very low, 2 to 3 low, above 3 medium", () => {
    expect(attackTier(0)).toBe("very-low");
    expect(attackTier(1)).toBe("very-low");
    expect(attackTier(2)).toBe("low");
    expect(attackTier(3)).toBe("low");
    expect(attackTier(4)).toBe("medium");
    expect(attackTier(9)).toBe("medium");
  });

  it("sound lower for a weaker attack", () => {
    const pitchFor = (attack: number) => {
      fake = new FakeAudioContext();
      setAudioContextFactory(() => fake.asContext());
      sfx.attack(attack);
      return firstPitch();
    };
    expect(pitchFor(1)).toBe(ATTACK_PITCH["very-low"]);
    expect(pitchFor(3)).toBe(ATTACK_PITCH.low);
    expect(pitchFor(5)).toBe(ATTACK_PITCH.medium);
    expect(ATTACK_PITCH["very-low"]).toBeLessThan(ATTACK_PITCH.low);
    expect(ATTACK_PITCH.low).toBeLessThan(ATTACK_PITCH.medium);
  });
});

describe("the sound effect set", () => {
  it("every effect plays on the general bus, not the music bus", () => {
    for (const name of Object.keys(sfx) as (keyof typeof sfx)[]) {
      fake = new FakeAudioContext();
      setAudioContextFactory(() => fake.asContext());
      if (name === "attack") sfx.attack(2);
      else if (name === "cardVoice") sfx.cardVoice("elf");
      else sfx[name]();
      const made = fake.oscillators.length + fake.noises.length;
      expect(made, name).toBeGreaterThan(0);
      // gains[0] is the music bus (0.3), gains[1] the general bus.
      const general = fake.gains[1];
      const musicBus = fake.gains[0];
      expect(musicBus?.gain.value).toBe(0.3);
      const intoGeneral = fake.gains.filter((g) => general && g.outputs.includes(general));
      expect(intoGeneral.length, name).toBeGreaterThan(0);
    }
  });

  it("each card faction has its own voice", () => {
    const voices = Object.values(FACTION_VOICES).map((v) => `${v.from}-${v.to}-${v.type}`);
    expect(new Set(voices).size).toBe(voices.length);
    sfx.cardVoice("undead");
    expect(firstPitch()).toBe(FACTION_VOICES.undead?.from);
  });

  it("stays silent without WebAudio", () => {
    setAudioContextFactory(() => null);
    expect(() => sfx.win()).not.toThrow();
  });
});
