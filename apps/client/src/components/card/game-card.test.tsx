// @vitest-environment happy-dom
import type { ApiCard } from "@cardrealm/protocol";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { cardAriaLabel, costText, nameFit } from "./card-model.ts";
import { GameCard } from "./game-card.tsx";

afterEach(cleanup);

const UNIT: ApiCard = {
  id: 1010,
  name: "Air Elemental",
  level: 1,
  type_card: "unit",
  cost: { fire: 1, diamond: 3, pow: 0 },
  ab_text: "Flying. On play: stun a random enemy unit for 1 turn.",
  attack: 3,
  hp: 4,
  rarity: "uncommon",
  set: "base",
  faction: "elf",
  flavor: "It arrives as a gust and leaves the battlefield gasping.",
  ability: {
    ab_name: "Stun",
    tae: "on_play",
    type_effect: "stun",
    aim_target: "unit",
    side_target: "cpu",
    need_select_target: 0,
    full_text:
      "Flying: strikes the enemy castle even past a unit. When played, stun a random enemy unit for 1 turn.",
  },
};

const SPELL: ApiCard = {
  id: 1062,
  name: "Arcane Bolt",
  level: 5,
  type_card: "spell",
  cost: { fire: 0, diamond: 0, pow: 2 },
  ab_text: "Deal 3 damage to a unit.",
  rarity: "common",
  set: "base",
  faction: "tower",
  ability: {
    ab_name: "Harm",
    tae: "on_play",
    type_effect: "damage",
    aim_target: "unit",
    side_target: "cpu",
    need_select_target: 1,
    full_text: "Choose an enemy unit: deal 3 damage to it.",
  },
};

describe("<GameCard>", () => {
  it("draws a unit: name, non-zero costs only, attack, hp and its short text", () => {
    render(<GameCard card={UNIT} />);
    const card = screen.getByRole("img", { name: /Air Elemental/ });
    expect(within(card).getByTestId("card-name").textContent).toBe("Air Elemental");
    expect(within(card).getByTestId("card-cost-fire").textContent).toBe("1");
    expect(within(card).getByTestId("card-cost-diamond").textContent).toBe("3");
    expect(within(card).queryByTestId("card-cost-pow")).toBeNull();
    expect(within(card).getByTestId("card-attack").textContent).toBe("3");
    expect(within(card).getByTestId("card-hp").textContent).toBe("4");
    expect(within(card).getByText(UNIT.ab_text)).toBeTruthy();
    expect(card.getAttribute("aria-label")).toBe(
      "Air Elemental, cost 1 fire 3 diamond, attack 3 hp 4, Flying. On play: stun a random enemy unit for 1 turn.",
    );
    expect(card.querySelector("img")?.getAttribute("src")).toBe("/img/cards/1010-mini.webp");
    expect(card.className).toContain("gc--unit");
    expect(card.className).toContain("gc--uncommon");
  });

  it("draws a spell with its full text on the big size and no stat badges", () => {
    render(<GameCard card={SPELL} size="big" />);
    const card = screen.getByRole("img", { name: /Arcane Bolt/ });
    expect(within(card).getByText("Arcane Bolt")).toBeTruthy();
    expect(within(card).getByTestId("card-cost-pow").textContent).toBe("2");
    expect(within(card).queryByTestId("card-cost-fire")).toBeNull();
    expect(within(card).queryByTestId("card-attack")).toBeNull();
    expect(within(card).queryByTestId("card-hp")).toBeNull();
    expect(within(card).getByText(SPELL.ability.full_text)).toBeTruthy();
    expect(card.querySelector("img")?.getAttribute("src")).toBe("/img/cards/1062-max.webp");
    expect(card.className).toContain("gc--spell");
    expect(card.getAttribute("aria-label")).toBe(
      "Arcane Bolt, cost 2 pow, spell, Choose an enemy unit: deal 3 damage to it.",
    );
  });

  it("is a button when clickable, and passes clicks, double clicks and right clicks", () => {
    const onClick = vi.fn();
    const onDoubleClick = vi.fn();
    const onContextMenu = vi.fn();
    render(
      <GameCard
        card={UNIT}
        playable
        amount={3}
        onClick={onClick}
        onDoubleClick={onDoubleClick}
        onContextMenu={onContextMenu}
      />,
    );
    const card = screen.getByRole("button", { name: /Air Elemental/ });
    expect(card.className).toContain("gc--playable");
    expect(screen.getByTestId("card-amount").textContent).toBe("×3");
    fireEvent.click(card);
    fireEvent.doubleClick(card);
    fireEvent.contextMenu(card);
    expect(card.tagName).toBe("BUTTON");
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(onClick.mock.calls[0]?.[0]).toBe(UNIT);
    expect(onDoubleClick).toHaveBeenCalledOnce();
    expect(onContextMenu).toHaveBeenCalledOnce();
  });

  it("a disabled card is greyed and ignores clicks", () => {
    const onClick = vi.fn();
    render(<GameCard card={UNIT} disabled onClick={onClick} />);
    const card = screen.getByRole("img", { name: /Air Elemental/ });
    expect(card.className).toContain("gc--disabled");
    expect(card.getAttribute("aria-disabled")).toBe("true");
    fireEvent.click(card);
    expect(onClick).not.toHaveBeenCalled();
  });

  it("shows live stats of a unit on the table", () => {
    render(<GameCard card={UNIT} attack={5} hp={1} />);
    expect(screen.getByTestId("card-attack").textContent).toBe("5");
    expect(screen.getByTestId("card-attack").className).toContain("gc-badge--up");
    expect(screen.getByTestId("card-hp").className).toContain("gc-badge--down");
  });

  it("falls back to a monogram when the art is missing", () => {
    render(<GameCard card={SPELL} />);
    const img = screen.getByRole("img", { name: /Arcane Bolt/ }).querySelector("img");
    if (!img) throw new Error("no art image");
    fireEvent.error(img);
    const card = screen.getByRole("img", { name: /Arcane Bolt/ });
    expect(card.querySelector("img")).toBeNull();
    expect(card.querySelector(".gc__art-fallback")?.textContent).toBe("A");
  });
});

describe("card model", () => {
  it("says free for a card that costs nothing", () => {
    expect(costText({ cost: { fire: 0, diamond: 0, pow: 0 } })).toBe("free");
  });

  it("keeps short names at the full size and wraps long ones in two lines", () => {
    expect(nameFit("Rat", "mini")).toEqual({ cqw: 12.7, lines: 1 });
    const long = nameFit("Lord of a Thousand Wings", "mini");
    expect(long.lines).toBe(2);
    expect(long.cqw).toBeLessThan(12.7);
    expect(long.cqw).toBeGreaterThanOrEqual(6.35);
  });

  it("labels a unit with live stats", () => {
    expect(cardAriaLabel(UNIT, "mini", { attack: 1, hp: 9 })).toContain("attack 1 hp 9");
  });
});
